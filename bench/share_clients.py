"""The GM's step time while phones follow the shared players' page: no client vs 50.

An offscreen main window with an encounter (the example party's four 1st-level PCs against 12
orcs) shares it on loopback, the four sheets ticked and five log lines shown, so each step
publishes a whole snapshot (the fight and four sheets). Then, in one run, the GM's turn is timed
as ``encounter_step.py`` times it (next turn N; an attack with a typed 18, previewed and applied;
its undo; each with the repaint Qt does for it and the snapshot published), first with no page
open, then with 50 event streams open and read by another process (as 50 phones would), the
server's 50 threads writing each step's snapshot to them meanwhile.

Goal: 50 clients cost the GUI less than a frame: each step's p95 with 50 clients within 16 ms
of its p95 with none. Prints the p95 of each step with 0 and 50 clients and their ratio, the
events the clients got (every client must have followed the steps), and what publishing costs
the GUI's thread itself: the step's snapshot (the fight), and a changed sheet built again a few
frames later (as after a blow on a PC). The step itself (the window's own work and repaint)
is ``encounter_step.py``'s to judge.
Run: ``uv run python bench/share_clients.py``.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from encounter_step import FRAME_MS, ORC, ROUNDS, p95, turn_steps  # the same turn, timed alike
from PySide6.QtWidgets import QApplication

from emberkeep.campaign import saving
from emberkeep.campaign.example import build_example_campaign
from emberkeep.dice import RandomRoller
from emberkeep.encounter.turns import start
from gui.encounter.attack_panel import typed_action
from gui.encounter.monster_form import make_monsters
from gui.main_window import MainWindow
from gui.state import AppState

CLIENTS = 50

# The phones: one process, one thread, reading every stream as it comes (a selector), so the
# clients take nothing from the GUI's process but the server's own work.
_CLIENT = r"""
import selectors, socket, sys
host, port, token, count = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
chooser = selectors.DefaultSelector()
events = {}
for number in range(count):
    conn = socket.create_connection((host, port))
    conn.sendall(f"GET /{token}/events HTTP/1.0\r\nHost: {host}\r\n\r\n".encode())
    conn.setblocking(False)
    chooser.register(conn, selectors.EVENT_READ, number)
    events[number] = 0
chooser.register(sys.stdin, selectors.EVENT_READ, "stop")
told = False
while True:
    for key, _mask in chooser.select():
        if key.data == "stop":
            print(sum(events.values()), min(events.values()), flush=True)
            sys.exit(0)
        data = key.fileobj.recv(1 << 16)
        if not data:
            chooser.unregister(key.fileobj)
            continue
        events[key.data] += data.count(b"\ndata: ")
    if not told and all(events.values()):
        print("ready", flush=True)
        told = True
"""


def build(home: Path) -> MainWindow:
    os.environ["EMBERKEEP_HOME"] = str(home / "home")
    path = home / "bench.json"
    saving.save(build_example_campaign(), path)
    window = MainWindow(AppState())
    window.open_path(path, ask=False)
    window.roller = RandomRoller(3)
    window.resize(1366, 768)
    window.show()
    ew = window.encounter_tools.new_encounter("Orc camp")
    assert ew is not None and window.document is not None
    party = [c.id for c in window.document.campaign.characters if c.level == 1]
    ew.add_pcs(party)
    ew.add_monsters(make_monsters(ORC, 12, position=0, taken=set(ew.enc.combatants)))
    ew.session.run("start", typed_action({("initiative", "party"): 6,
                                          ("initiative", "foes"): 1},
                                         lambda enc: start(enc, surprise=[])))
    tools = window.share_tools
    tools.show_fight(ew.session)
    tools.share_sheets(party)
    tools.set_log_count(5)
    refused = tools.start("127.0.0.1", 0)
    assert refused is None, refused
    QApplication.processEvents()
    return window


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    with tempfile.TemporaryDirectory() as home:
        window = build(Path(home))
        ew = window.encounter_tools.current()
        server = window.share_tools.server
        assert ew is not None and server is not None
        alone = turn_steps(ew)
        clients = subprocess.Popen(
            [sys.executable, "-c", _CLIENT, server.host, str(server.port), server.token,
             str(CLIENTS)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert clients.stdout is not None and clients.stdin is not None
        assert clients.stdout.readline().strip() == "ready"
        assert server.streams == CLIENTS
        crowded = turn_steps(ew)
        publishing, rebuilding = [], []
        tools = window.share_tools
        for _ in range(ROUNDS):
            tools._stale.add(tools.sheet_ids[0])  # a blow on a PC: its sheet changed
            t0 = time.perf_counter()
            tools.publish()  # in the step's frame: the fight, the sheets as they were
            publishing.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            tools.rebuild_sheets()  # a few frames later: the changed sheet built again
            rebuilding.append(time.perf_counter() - t0)
        time.sleep(1)  # the last steps reach the phones
        clients.stdin.close()
        total, fewest = (int(x) for x in clients.stdout.readline().split())
        clients.wait(timeout=10)
        window.share_tools.stop()
    print(f"{len(ew.enc.combatants)} combatants, 4 sheets and 5 log lines shared; "
          f"{ROUNDS} turns with no client, then {ROUNDS} with {CLIENTS} open streams")
    print(f"the clients got {total} snapshots, the slowest client {fewest} "
          f"(each of the {3 * ROUNDS} steps publishes one; a burst may send only the latest)")
    worst = 0.0
    for what in alone:
        none, many = p95(alone[what]), p95(crowded[what])
        worst = max(worst, many - none)
        print(f"{what}: p95 {none:.2f} ms with no client, {many:.2f} ms with {CLIENTS} "
              f"({many / none:.2f}x, {many - none:+.2f} ms)")
    print(f"on the GUI's thread, publishing a step's snapshot (the fight): median "
          f"{statistics.median(publishing) * 1000:.2f} ms, p95 {p95(publishing):.2f} ms; "
          f"a changed sheet built and published after it: median "
          f"{statistics.median(rebuilding) * 1000:.2f} ms, p95 {p95(rebuilding):.2f} ms")
    ok = worst <= FRAME_MS
    print(f"goal: {CLIENTS} clients add less than a {FRAME_MS:.0f} ms frame to a step's p95: "
          f"{'met' if ok else 'MISSED'} ({worst:+.2f} ms at most)")
    del app
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
