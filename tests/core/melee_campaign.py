"""A campaign file holding a half-fought Melee Round encounter, for the no-GUI tests.

The bundled example has no saved encounter, so these tests build one: two knights (R33) fight
one exchange (its step holds whole ``KnightProfile`` values: the tick on the winner's skill,
R32) and one gains Glory, and a Furnace fight against a goblin is kept beside it.
"""

from __future__ import annotations

from pathlib import Path

from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import Campaign, EncounterRecord
from emberkeep.campaign.saving import save
from emberkeep.campaign.settings import Resolution
from emberkeep.character.catalog import Catalog
from emberkeep.character.knight import KnightProfile
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter import persist
from emberkeep.encounter.combatant import MonsterStats
from emberkeep.encounter.setup import monster_combatants, pc_combatant, pc_combatants
from emberkeep.melee_round.engine_bridge import melee_exchange
from emberkeep.melee_round.tactic_steps import award_glory

PROFILE = KnightProfile(SIZ=15, DEX=10, STR=10, CON=13,
                        skills={"Sword": 15, "Lance": 12, "Spear": 6})
GOBLIN = MonsterStats(name="Goblin", max_hp=5, room_dc=12, attack_bonus=2, damage="1d6")


def melee_campaign() -> Campaign:
    campaign = build_example_campaign()
    a, b = [c for c in campaign.characters if c.level == 1][:2]
    for ch in (a, b):
        ch.knight = PROFILE  # R39: a new profile at full knight HP, the Furnace HP as it was
    record = EncounterRecord(name="Joust at the ford", resolution=Resolution.MELEE_ROUND)
    persist.add_combatants(record, [pc_combatant(a, side="gold", position=0),
                                    pc_combatant(b, side="azure", position=1)])
    characters = {c.id: c for c in campaign.characters}
    enc = persist.build_encounter(record, characters, ScriptedRoller([15, 3, *[1] * 8]),
                                  campaign.settings, Catalog(campaign))
    ca, cb = enc.combatants.values()
    persist.push_step(record, enc, melee_exchange(enc, ca.id, cb.id))  # a critical: 8d6
    persist.push_step(record, enc, award_glory(enc, ca.id, 100))
    campaign.encounters.append(record)

    goblins = EncounterRecord(name="Goblins in the crypt")
    persist.add_combatants(goblins, [*pc_combatants([c for c in campaign.characters
                                                     if c.level == 1][2:]),
                                     *monster_combatants(GOBLIN, 1, position=0)])  # engaged
    campaign.encounters.append(goblins)
    return campaign


def write_melee_campaign(folder: Path) -> Path:
    path = folder / "melee.json"
    save(melee_campaign(), path, keep_backup=False)
    return path
