"""The encounter window: a whole fight by keyboard, undone to the start; the keys;
the one history with the roster; the attack preview with its crit row; damage in three keys."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from emberkeep.campaign.model import EncounterStatus
from emberkeep.campaign.settings import InitiativeMode
from emberkeep.dice import RandomRoller, Roller, ScriptedRoller
from emberkeep.encounter.combatant import MonsterStats
from emberkeep.encounter.events import Row
from emberkeep.encounter.table_names import row_line
from gui.encounter.monster_form import make_monsters
from gui.encounter.shortcuts import ENCOUNTER_KEYS, shortcuts_for
from gui.encounter.window import EncounterWindow
from gui.main_window import MainWindow
from tests.gui.windows import open_campaign_window

GOBLIN = MonsterStats(name="Goblin", max_hp=5, room_dc=12, attack_bonus=2, damage="1d6")
Key = Qt.Key


def open_encounter(tmp_path: Path, qtbot: object, monkeypatch: pytest.MonkeyPatch,
                   roller: Roller, goblins: int = 4,
                   mode: InitiativeMode | None = None) -> tuple[MainWindow, EncounterWindow]:
    window, _path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    window.roller = roller
    window.show()
    window.activateWindow()
    assert QTest.qWaitForWindowActive(window)
    enc_window = window.encounter_tools.new_encounter("Goblin ambush")
    assert enc_window is not None
    assert window.document is not None
    party = [c.id for c in window.document.campaign.characters if c.level == 1]
    enc_window.add_pcs(party)
    enc_window.add_monsters(make_monsters(GOBLIN, goblins, taken=set(enc_window.enc.combatants)))
    if mode is not None:
        enc_window.session.set_setup("mode", initiative=mode)
    enc_window.table.setFocus()
    QApplication.processEvents()
    return window, enc_window


def key(widget: EncounterWindow, k: Key, modifier: Qt.KeyboardModifier =
        Qt.KeyboardModifier.NoModifier) -> None:
    target = QApplication.focusWidget() or widget.table
    QTest.keyClick(target, k, modifier)


def test_a_whole_fight_by_keyboard_then_undo_to_the_start(tmp_path: Path, qtbot: QtBot,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Done when: a whole encounter with the keyboard only (I, then A Enter N per turn, M for
    the morale the engine asks for), the engine state and the log checked, then Ctrl+Z to the
    start finds the initial state — the encounter's and every character's."""
    window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(7))
    document = window.document
    assert document is not None
    start_index = document.undo_stack.index()
    start = ew.enc.fingerprint()
    sheets = [c.model_dump() for c in document.campaign.characters]
    changed: list[tuple[str, str]] = []
    document.campaignChanged.connect(lambda change: changed.extend(
        (cid, field) for cid, fields in change.characters.items() for field in fields))

    key(ew, Key.Key_I)
    assert ew.enc.state.phase == "fighting" and ew.enc.state.round == 1
    for _ in range(300):
        if ew.enc.state.phase == "over":
            break
        key(ew, Key.Key_A)
        if ew.panel.pending is not None:
            key(ew, Key.Key_Return)
        if ew.enc.state.morale_pending:
            key(ew, Key.Key_M)
        if ew.enc.state.phase != "over":
            key(ew, Key.Key_N)
    enc = ew.enc
    assert enc.state.phase == "over" and enc.state.winner in ("party", "foes")
    assert all(enc.is_down(c) for c in enc.combatants.values() if c.side != enc.state.winner)
    # the log: one bold line per step, the dice under it; the record keeps every step
    steps = [ew.log_model.line(r) for r in range(ew.log_model.rowCount())
             if ew.log_model.line(r).kind == "step"]
    assert len(steps) == len(enc.history) == len(ew.session.record.steps)
    assert steps[-1].text.startswith("The fight is over")
    assert any(ew.log_model.line(r).kind == "roll" for r in range(ew.log_model.rowCount()))
    assert ew.session.record.status is EncounterStatus.FINISHED
    hurt = {cid for cid, field in changed if field == "hp"}
    assert hurt, "a step that changes a PC's HP tells the document"
    assert "over" in ew.heading.text()

    while document.undo_stack.index() > start_index:
        key(ew, Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert ew.enc.fingerprint() == start
    assert [c.model_dump() for c in document.campaign.characters] == sheets
    assert ew.enc.history == [] and ew.session.record.steps == []
    assert ew.log_model.rowCount() == 0
    assert ew.session.record.status.value == "planned"


def test_every_goal_fits_its_keys(tmp_path: Path, qtbot: QtBot,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Next turn 1 key, initiative 1 key, attack-roll-apply ≤ 3, damage ≤ 3, undo 1 chord."""
    keys = {action_id: k for action_id, k, _ in shortcuts_for(False)}
    assert len(set(keys.values())) == len(keys), "no key does two things"
    for name in ("next", "initiative", "attack", "damage"):
        assert len(keys[f"fight.{name}"]) == 1
    _window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(3))
    keys.update({action_id: k for action_id, k, _ in shortcuts_for(True)})  # the Melee Round's
    assert len(set(keys.values())) == len(keys), "no key does two things"
    # undo, redo and Ctrl+I's explanation: the main window's, whose tab the fight is
    installed = [a for a in ENCOUNTER_KEYS.actions if a.run is not None]
    assert {a.id for a in ENCOUNTER_KEYS.actions} - {a.id for a in installed} == {
        "fight.undo", "fight.redo", "fight.explain"}
    for spec in installed:
        assert ew.action(spec.id).shortcut().toString() == keys[spec.id]


def test_damage_to_the_selected_in_three_keys_updates_the_roster(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """D, 3, Enter on the selected PC: the sheet's HP (one history: the roster sees it live)."""
    window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(1))
    fighter = next(c for c in ew.enc.combatants.values() if c.name == "Brannoc Ironhand")
    ew.select(fighter.id)
    roster = window.model
    assert roster is not None
    seen: list[int] = []
    roster.dataChanged.connect(lambda a, b, roles=(): seen.append(a.row()))
    key(ew, Key.Key_D)
    key(ew, Key.Key_3)
    key(ew, Key.Key_Return)
    character = ew.enc.character(fighter)
    assert character.hp == 4  # 7 - 3
    assert seen == [window.document.row_of(character.id)]  # type: ignore[union-attr]
    assert "Brannoc Ironhand takes 3 damage (4 HP)" in ew.log_model.line(0).text
    key(ew, Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert character.hp == 7


def test_an_attack_shows_its_crit_row_before_it_is_applied(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """A typed natural 20: the outcome shows the class crit table's row text (R19: maximum
    damage plus the row); nothing changes until Enter, and the applied step is the one shown."""
    roller = ScriptedRoller([3, 1] + [4] * 40)  # party 3, foes 1 on the group d6
    _window, ew = open_encounter(tmp_path, qtbot, monkeypatch, roller, goblins=1)
    key(ew, Key.Key_I)
    actor = ew.enc.combatants[ew.session.current_id() or ""]
    assert actor.side == "party"
    goblin = ew.enc.combatant("goblin-1")
    ew.panel.die.setText("20")
    before = ew.enc.fingerprint()
    ew.table.setFocus()
    key(ew, Key.Key_A)
    assert ew.panel.pending is not None
    text = ew.panel.outcome.toPlainText()
    assert "(crit)" in text and "crit" in text.lower()
    rows = [e for s in ew.panel.pending for e in s.events if isinstance(e, Row)]
    assert rows and row_line(rows[0]) in text  # the table named, the row in its words
    assert ew.enc.fingerprint() == before  # a preview changes nothing
    key(ew, Key.Key_Return)
    assert goblin.hp <= 0 and ew.enc.history[-1].summary in text


def test_wdd_segments_show_a_timeline(tmp_path: Path, qtbot: QtBot,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """R20 (WDD): each combatant's d10 segment; the timeline puts them on their segments."""
    _window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(5),
                                mode=InitiativeMode.SEGMENTS)
    key(ew, Key.Key_I)
    assert ew.enc.state.mode is InitiativeMode.SEGMENTS
    assert not ew.timeline.isHidden()
    columns = ew.timeline.columns()
    placed = sorted(slot.cid for slots in columns.values() for _, slot in slots)
    assert placed == sorted(ew.enc.combatants)
    for segment, slots in columns.items():
        for _, slot in slots:
            assert slot.segment == segment
    assert "segment" in ew.heading.text()


def test_setup_is_undoable_and_fixed_once_the_fight_begins(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(2), goblins=2)
    stack = window.document.undo_stack  # type: ignore[union-attr]
    assert len(ew.enc.combatants) == 6 and len(ew.session.record.combatants) == 6
    stack.undo()  # the goblins
    assert len(ew.enc.combatants) == 4 and ew.model.rowCount() == 4
    stack.redo()
    assert ew.model.rowCount() == 6
    key(ew, Key.Key_I)
    assert not ew.mode.isEnabled() and not ew.remove_button.isEnabled()


def test_award_xp_suggests_by_danger_and_is_one_undo(tmp_path: Path, qtbot: QtBot,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """R32: "an encounter awards each survivor 0-4 XP (the GM picks, the app suggests by
    danger)"."""
    from gui.encounter.award_xp import AwardXpDialog, award

    window, enc_window = open_encounter(tmp_path, qtbot, monkeypatch, ScriptedRoller([]))
    dialog = AwardXpDialog(enc_window)
    qtbot.addWidget(dialog)
    from emberkeep.encounter.experience import suggest_xp

    suggested = suggest_xp(enc_window.enc)
    assert dialog.amount.value() == suggested
    assert f"the app suggests {suggested}" in dialog.text.text()
    assert window.document is not None
    party = [c for c in window.document.campaign.characters if c.level == 1]
    before = [c.xp for c in party]
    assert award(enc_window, 2)
    assert [c.xp for c in party] == [x + 2 for x in before]
    window.document.undo_stack.undo()
    assert [c.xp for c in party] == before
