"""Take the README's screenshots of the players' page and the Share with Players dialog: a
fight shared on loopback mid-round (a goblin bloodied, one down, one hidden, a frightened PC,
four log lines, two sheets ticked), looked at in Debian's headless chromium as a phone (360×740)
and a tablet (800×1280), light and dark, a shared sheet on the phone, and the dialog with its QR
code grabbed offscreen. Not part of the app.

    uv run python docs/share_screenshots.py [OUT_DIR]   (default: docs/)
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("EMBERKEEP_HOME", tempfile.mkdtemp())
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main(out: Path) -> None:
    from PySide6.QtWidgets import QApplication

    from emberkeep.campaign import saving
    from emberkeep.campaign.example import build_example_campaign
    from emberkeep.dice import RandomRoller
    from emberkeep.encounter.combatant import MonsterStats
    from emberkeep.encounter.conditions import ActiveCondition
    from emberkeep.encounter.reveal import set_hidden
    from emberkeep.encounter.ruling import AddCondition, gm_ruling
    from emberkeep.encounter.turns import next_turn, start
    from gui.encounter.actions import change_hp_action
    from gui.encounter.attack_panel import typed_action
    from gui.encounter.monster_form import make_monsters
    from gui.main_window import MainWindow
    from gui.state import AppState

    app = QApplication.instance() or QApplication(sys.argv)
    home = Path(tempfile.mkdtemp())
    saving.save(build_example_campaign(), home / "table.json")
    window = MainWindow(AppState())
    window.open_path(home / "table.json", ask=False)
    window.roller = RandomRoller(11)
    window.resize(1366, 768)
    window.show()
    ew = window.encounter_tools.new_encounter("The goblin warren")
    assert ew is not None and window.document is not None
    party = [c for c in window.document.campaign.characters if c.level == 1]
    ew.add_pcs([c.id for c in party])
    goblin = MonsterStats(name="Goblin", max_hp=7, room_dc=12, attack_bonus=2, damage="1d6")
    ew.add_monsters(make_monsters(goblin, 4, taken=set(ew.enc.combatants)))
    session = ew.session
    session.run("Hide", lambda enc: set_hidden(enc, ["goblin-4"], True))
    session.run("Start", typed_action({("initiative", "party"): 5, ("initiative", "foes"): 2},
                                      lambda enc: start(enc, surprise=[])))
    session.run("Damage", change_hp_action("goblin-1", -4))
    session.run("Damage", change_hp_action("goblin-2", -7))
    pc = next(c for c in ew.enc.combatants.values() if c.kind == "pc")
    session.run("Damage", change_hp_action(pc.id, -2))
    session.run("Frightened", lambda enc: gm_ruling(enc, "", [AddCondition(
        pc.id, ActiveCondition("FRIGHTENED", rounds_left=2, until="rounds"))]))
    for _ in range(3):
        session.run("Next turn", next_turn)
    tools = window.share_tools
    tools.show_fight(session)
    tools.share_sheets([party[0].id, party[1].id])
    tools.set_log_count(4)
    assert tools.start("127.0.0.1", 0) is None
    app.processEvents()

    dialog = tools.open_dialog()
    dialog.resize(dialog.sizeHint())
    app.processEvents()
    dialog.grab().save(str(out / "share_dialog.png"))

    _pages(tools.url, tools.url + "sheet/" + tools.key_of(party[0].id), home, out)
    tools.stop()
    window.close()


def _pages(url: str, sheet_url: str, home: Path, out: Path) -> None:
    """The page as a phone and a tablet show it, light and dark; a sheet on the phone."""
    from tests.gui.share_browser import Browser

    live = "document.getElementById('status').textContent === 'Live'"
    with Browser(home / "chromium", 360, 740) as browser:
        for (width, height), size in (((360, 740), "phone"), ((800, 1280), "tablet")):
            browser.call("Emulation.setDeviceMetricsOverride", width=width, height=height,
                         deviceScaleFactor=1, mobile=width < 700)
            for dark in (False, True):
                browser.dark(dark)
                browser.open(url, ready=live)
                browser.screenshot(out / f"share_{size}_{'dark' if dark else 'light'}.png")
        browser.call("Emulation.setDeviceMetricsOverride", width=360, height=740,
                     deviceScaleFactor=1, mobile=True)
        browser.dark(False)
        browser.open(sheet_url, ready=live)
        browser.screenshot(out / "share_sheet_phone_light.png")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent)
