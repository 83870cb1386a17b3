"""One keystroke on the example campaign's windows, repaint included, against a bare line edit.

Each step is timed from the key (or the action) to the end of the ``processEvents`` that follows
it on a shown offscreen window, which is where Qt repaints what the change made dirty:

- ``bare line edit`` (the baseline): a key typed into a ``QLineEdit``, the central widget of a
  bare ``QMainWindow`` of the same size (1366x768), then a Backspace;
- ``HP keystroke``: the main window with the example campaign open and the Magic-user's sheet in
  front (both spell lists, every panel); "0" typed after the "1" in the HP field, then
  Backspace (HP 10, then 1: both valid, each merged into the visit's undo step);
- ``name keystroke``: a letter typed at the end of the sheet's name field, then Backspace;
- ``clock advance``: Campaign → Advance a Turn (Alt+T) on the first window (the roster in front,
  the timeline dock shown; the torches burn out as the turns go by);
- ``timeline page``: PageDown, then PageUp, in the timeline dock's table (a torch lit for each
  character so it has rows);
- ``encounter log page``: PageDown, then PageUp, in an encounter window's log pane, the party
  against ten orcs after 60 turns (the PCs' attacks and the turns in its log);
- ``HP keystroke, fight`` and ``name keystroke, fight``: the sheet's keystrokes again, back on
  its tab while that fight (the Magic-user in it) stays open in another.

CPU time (``time.process_time``) and wall time of every run; min, median and p95 of each, the
ratio of the medians to the baseline's, and the 16 ms goal (p95 wall; beside it the p95 CPU
time's verdict, since on a loaded machine the wall time also counts the waits for a core: the
load average is printed). Each measured side is a
fresh interpreter; ``--compare OLD_TREE`` times an older checkout too (a ``git worktree``), the
two alternated run by run, so both see the same machine.
Run: ``uv run python bench/sheet_keystroke.py [--runs 200] [--rounds 2] [--compare /tmp/wt]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
FRAME_MS = 16.0
SIZE = (1366, 768)
BASELINE = "bare line edit"
STEPS = (BASELINE, "HP keystroke", "name keystroke", "clock advance", "timeline page",
         "encounter log page", "HP keystroke, fight", "name keystroke, fight")


def _timed(runs: int, moves: list[Callable[[], None]]) -> dict[str, list[float]]:
    """Each move in turn, ``runs`` times in all, with the processEvents that repaints it."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    assert app is not None
    for move in moves * 5:  # warm-up: caches, first paints of each state
        move()
        app.processEvents()
    wall, cpu = [], []
    for number in range(runs):
        move = moves[number % len(moves)]
        c0, t0 = time.process_time(), time.perf_counter()
        move()
        app.processEvents()
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    return {"wall": wall, "cpu": cpu}


def _key(widget: object, key: object, text: str = "") -> Callable[[], None]:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    def press() -> None:
        QTest.keyClick(widget, key, Qt.KeyboardModifier.NoModifier)  # type: ignore[call-overload]

    return press


def _bare(runs: int) -> dict[str, list[float]]:
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication, QLineEdit, QMainWindow

    window = QMainWindow()
    edit = QLineEdit(window)
    window.setCentralWidget(edit)
    window.resize(*SIZE)
    window.show()
    window.activateWindow()
    edit.setFocus()
    edit.setText("Brannoc")
    QApplication.processEvents()
    result = _timed(runs, [_key(edit, Qt.Key.Key_A), _key(edit, Qt.Key.Key_Backspace)])
    window.close()
    window.deleteLater()
    QApplication.processEvents()
    return result


Results = dict[str, dict[str, list[float]]]


def _child(runs: int) -> Results:
    """In a fresh interpreter: every step of :data:`STEPS`, timed."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["EMBERKEEP_HOME"] = tempfile.mkdtemp(prefix="sheet_keystroke_")
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv)
    results = {BASELINE: _bare(runs)}

    from emberkeep.resources import resource_path
    from gui.main_window import MainWindow

    window = MainWindow()
    window.resize(*SIZE)
    window.open_path(resource_path("example_campaign.json"), ask=False)
    window.show()
    window.activateWindow()
    app.processEvents()
    _first_window(window, runs, results)
    _sheet(window, runs, results)
    _fight(window, runs, results)
    _sheet(window, runs, results, suffix=", fight")
    return results


def _first_window(window: Any, runs: int, results: Results) -> None:
    """The roster in front, the timeline dock shown with a torch burning for each character."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from emberkeep.campaign.scope import Scope
    from emberkeep.character.catalog import Catalog
    from emberkeep.character.giving import give_gear
    from emberkeep.clock.lights import light_up
    from emberkeep.dice import RandomRoller

    document = window.document
    campaign = document.campaign
    for character in campaign.characters:
        inventory = character.inventory.model_copy(deep=True)
        (torch, *_), _charges = give_gear(inventory, Catalog(campaign), "torch", RandomRoller(1))
        document.edit_character(character.id, "inventory", inventory)
        cid, uid = character.id, torch.uid
        document.run("light", lambda c, cid=cid, uid=uid: light_up(c, cid, uid),
                     scope=Scope.of([cid], ("timeline",)))
    document.undo_stack.clear()
    tools = window.campaign_tools
    tools.dock.show()
    QApplication.processEvents()
    table = tools.timeline.table
    results["_timeline_rows"] = {"wall": [float(table.model().rowCount())], "cpu": []}
    table.setFocus()
    results["timeline page"] = _timed(runs, [_key(table, Qt.Key.Key_PageDown),
                                             _key(table, Qt.Key.Key_PageUp)])
    window.roster.setFocus()  # the torches burn out as the turns go by
    results["clock advance"] = _timed(runs, [lambda: window.trigger("campaign.advance.turn")])


def _sheet(window: Any, runs: int, results: Results, suffix: str = "") -> None:
    """The Magic-user's sheet in front, every block shown; HP of at most 20 so 10 is valid."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    document = window.document
    mage = next(c for c in document.campaign.characters if c.class_id == "magic_user")
    document.edit_character(mage.id, "max_hp", max(mage.max_hp, 20))
    document.edit_character(mage.id, "hp", 1)
    document.undo_stack.clear()
    sheet = window.open_sheet(mage.id)
    for key, typed in (("HP keystroke", Qt.Key.Key_0), ("name keystroke", Qt.Key.Key_X)):
        field = sheet.fields["hp" if key.startswith("HP") else "name"]
        field.setFocus()
        field.end(False)
        QApplication.processEvents()
        results[key + suffix] = _timed(runs, [_key(field, typed),
                                              _key(field, Qt.Key.Key_Backspace)])


def _fight(window: Any, runs: int, results: Results) -> None:
    """An encounter window: the party against ten orcs, 60 turns in its log."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from emberkeep.encounter.attack import attack
    from emberkeep.encounter.combatant import MonsterStats
    from emberkeep.encounter.setup import pc_combatants
    from emberkeep.encounter.turns import start
    from gui.encounter.attack_panel import typed_action
    from gui.encounter.monster_form import make_monsters

    fight = window.encounter_tools.new_encounter("Bench")
    session = fight.session
    party = [c for c in window.document.campaign.characters if c.level >= 1]
    orc = MonsterStats(name="Orc", max_hp=5000, room_dc=8, attack_bonus=3, damage="1d8")
    session.add_combatants([*pc_combatants(party), *make_monsters(orc, 10, position=0)], "setup")
    session.run("start", typed_action({("initiative", "party"): 6, ("initiative", "foes"): 1},
                                      lambda enc: start(enc, surprise=[])))
    for _ in range(60):
        actor = session.current_id()
        assert actor is not None
        if session.enc.combatants[actor].character_id is not None:  # a PC hits an orc
            orc_id = next(c.id for c in session.enc.combatants.values() if c.character_id is None)

            def hit(enc: Any, a: str = actor, t: str = orc_id) -> Any:
                return attack(enc, a, t)

            session.run("attack", typed_action({"attack": 18}, hit))
        fight.next_turn()
    log = fight.log_pane.view
    log.setFocus()
    QApplication.processEvents()
    results["_log_rows"] = {"wall": [float(fight.log_pane.model.rowCount())], "cpu": []}
    results["encounter log page"] = _timed(runs, [_key(log, Qt.Key.Key_PageDown),
                                                  _key(log, Qt.Key.Key_PageUp)])


def _run_child(tree: Path, runs: int) -> Results:
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    env["PYTHONPATH"] = str(tree)
    out = subprocess.run([sys.executable, str(tree / "bench" / "sheet_keystroke.py")
                          if (tree / "bench" / "sheet_keystroke.py").is_file() else __file__,
                          "--child", "--runs", str(runs), "--tree", str(tree)],
                         env=env, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"child on {tree} failed:\n{out.stderr[-3000:]}")
    data: Results = json.loads(out.stdout.strip().splitlines()[-1])
    return data


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]


def _report(label: str, results: Results) -> bool:
    print(f"\n== {label} (ms; {len(results[BASELINE]['wall'])} runs each; "
          f"{int(results['_timeline_rows']['wall'][0])} timeline rows, "
          f"{int(results['_log_rows']['wall'][0])} log lines)")
    base_wall = statistics.median(results[BASELINE]["wall"])
    base_cpu = statistics.median(results[BASELINE]["cpu"])
    print(f"{'step':22} {'wall min':>8} {'median':>8} {'p95':>8}  {'cpu min':>8} {'median':>8} "
          f"{'p95':>8}  {'x base (wall, cpu)':>18}  16 ms (wall, cpu)")
    met = True
    for step in STEPS:
        wall, cpu = results[step]["wall"], results[step]["cpu"]
        ok = p95(wall) <= FRAME_MS
        cpu_ok = p95(cpu) <= FRAME_MS
        met = met and ok
        ratio = "" if step == BASELINE else (
            f"{statistics.median(wall) / base_wall:6.1f} {statistics.median(cpu) / base_cpu:6.1f}")
        print(f"{step:22} {min(wall):8.2f} {statistics.median(wall):8.2f} {p95(wall):8.2f}  "
              f"{min(cpu):8.2f} {statistics.median(cpu):8.2f} {p95(cpu):8.2f}  {ratio:>18}  "
              f"{'met' if ok else 'MISSED'}, {'met' if cpu_ok else 'MISSED'}")
    return met


def _merge(into: Results, more: Results) -> None:
    for step, kinds in more.items():
        if step.startswith("_"):
            into[step] = kinds
            continue
        for kind, values in kinds.items():
            into.setdefault(step, {}).setdefault(kind, []).extend(values)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200, help="runs per step and child")
    parser.add_argument("--rounds", type=int, default=2, help="children per tree, alternated")
    parser.add_argument("--compare", type=Path, help="an older checkout to time alongside")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--tree", type=Path, default=ROOT, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        sys.path.insert(0, str(args.tree))
        print(json.dumps(_child(args.runs)))
        return 0
    trees = [("this tree", ROOT)] + ([("compared", args.compare)] if args.compare else [])
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} "
          f"({os.cpu_count()} cores)")
    merged: dict[str, Results] = {label: {} for label, _ in trees}
    for _round in range(args.rounds):
        for label, tree in trees:
            _merge(merged[label], _run_child(tree, args.runs))
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    met = {label: _report(f"{label}: {tree}", merged[label]) for label, tree in trees}
    if args.compare:
        print("\nthis tree / compared, medians (wall, cpu):")
        for step in STEPS:
            new, old = merged["this tree"][step], merged["compared"][step]
            print(f"  {step:22} "
                  f"{statistics.median(new['wall']) / statistics.median(old['wall']):6.2f} "
                  f"{statistics.median(new['cpu']) / statistics.median(old['cpu']):6.2f}")
    print(f"\ngoal: each step, repaint included, within one {FRAME_MS:.0f} ms frame (p95 wall) "
          f"in this tree: {'met' if met['this tree'] else 'MISSED'}")
    return 0 if met["this tree"] else 1


if __name__ == "__main__":
    sys.exit(main())
