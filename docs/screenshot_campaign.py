"""Build the campaign the README's screenshots show: the example party with four fights saved
mid-round (group, simultaneous, WDD segments, the Melee Round) and one not started (the
odds), a wounded and a dying character, and some damaged gear. Run by
``docs/retake_screenshots.sh``; not part of the app.

    uv run python docs/screenshot_campaign.py OUT.json
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("EMBERKEEP_HOME", tempfile.mkdtemp())


def main(out: Path) -> None:
    from PySide6.QtWidgets import QApplication

    from emberkeep.campaign import saving
    from emberkeep.campaign.example import build_example_campaign
    from emberkeep.campaign.model import Campaign
    from emberkeep.campaign.scope import Scope
    from emberkeep.campaign.settings import InitiativeMode, Resolution
    from emberkeep.character.knight import KnightProfile
    from emberkeep.dice import RandomRoller
    from emberkeep.encounter.combatant import MonsterStats
    from emberkeep.encounter.setup import pc_combatant
    from gui.encounter import actions
    from gui.encounter.monster_form import make_monsters
    from gui.main_window import MainWindow
    from gui.state import AppState

    app = QApplication.instance() or QApplication(sys.argv)
    campaign = build_example_campaign()
    campaign.characters[5].hp = 0  # dying in the roster (R21)
    fighter = next(c for c in campaign.characters if c.class_id == "fighter")
    rogue = next(c for c in campaign.characters if c.class_id == "rogue")
    armor = fighter.inventory.worn_armor
    if armor is not None:
        armor.damage_points = 2  # dented: the Repairs tab has work to show (R15)
    if rogue.inventory.weapons:
        rogue.inventory.weapons[0].notches = 1  # a notched blade (R17)
    saving.save(campaign, out)
    window = MainWindow(AppState())
    window.roller = RandomRoller(1919)
    window.open_path(out, ask=False)
    document = window.document
    assert document is not None
    party = [c.id for c in document.campaign.characters if c.level == 1]
    goblin = MonsterStats(name="Goblin", max_hp=5, room_dc=12, attack_bonus=2, damage="1d6")
    fights = (("Goblin ambush (group)", {"initiative": InitiativeMode.GROUP}),
              ("Bridge brawl (simultaneous)", {"initiative": InitiativeMode.SIMULTANEOUS}),
              ("Crypt (WDD segments)", {"initiative": InitiativeMode.SEGMENTS}),
              ("The joust (Melee Round)", {"resolution": Resolution.MELEE_ROUND}))
    profile = KnightProfile(SIZ=15, DEX=10, STR=10, CON=13,
                            skills={"Sword": 15, "Lance": 12, "Spear": 6})
    for name, setup in fights:
        ew = window.encounter_tools.new_encounter(name)
        assert ew is not None
        ew.session.set_setup(name, **setup)  # type: ignore[arg-type]
        if "resolution" in setup:  # a joust: two knights (R24), gold against azure
            for cid in party[:2]:  # R39: the knight's own HP; the Furnace HP stay as they are
                def knight(c: Campaign, cid: str = cid) -> None:
                    next(x for x in c.characters if x.id == cid).knight = profile

                document.run("Knights", knight, scope=Scope.of([cid]))
            knights = [document.character(cid) for cid in party[:2]]
            ew.session.add_combatants([pc_combatant(knights[0], side="gold", position=0),
                                       pc_combatant(knights[1], side="azure", position=1)],
                                      "Add the knights")
            ew.roll_initiative()
            ew.table.setFocus()
            for _ in range(2):  # two exchanges rolled and applied: the log has the blows
                print("melee:", ew.attack(), ew.confirm(), file=sys.stderr)
            continue
        ew.add_pcs(party)
        ew.add_monsters(make_monsters(goblin, 5, taken=set(ew.enc.combatants)))
        ew.roll_initiative()
        foes = [c.id for c in ew.enc.combatants.values() if c.kind != "pc"]
        ew.run("Wounded", actions.change_hp_action(foes[0], -2))
        ew.run("Down", actions.change_hp_action(foes[1], -9))
        ew.next_turn()
    _bandits(window, party)
    app.processEvents()
    document.save(out)
    window.close()


def _bandits(window: Any, party: list[str]) -> None:
    """A fight not yet started, for the odds (Shift+O): six bandits against the party."""
    from emberkeep.encounter.combatant import MonsterStats
    from gui.encounter.monster_form import make_monsters

    ew = window.encounter_tools.new_encounter("Bandits on the road")
    assert ew is not None
    bandit = MonsterStats(name="Bandit", max_hp=7, room_dc=12, attack_bonus=3, damage="1d8")
    ew.add_pcs(party)
    ew.add_monsters(make_monsters(bandit, 6, taken=set(ew.enc.combatants), position=2))


if __name__ == "__main__":
    main(Path(sys.argv[1]))
