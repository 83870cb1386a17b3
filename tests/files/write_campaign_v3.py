"""How ``campaign_v3.json`` was written: the schema-3 build saving a campaign in mid-play.

Kept to show what the golden file holds and how it came about. Never rerun it to "update" the
file: ``campaign_v3.json`` is what the schema-3 build wrote, and every later build must load
it as it is (``tests/core/test_campaign_golden_v3.py``). A change that needs another golden file
writes a new one beside it.

It holds the example campaign played on: three fights left half-fought, one in each initiative
mode (R20: group d6, simultaneous, WDD segments), a Melee Round joust between two knights
(R33), a planned fight with a hidden monster; a peasant stabilized after bleeding on the clock
(R21) with the injuries the table gave; a dwarf peasant whose CHA is 2 (3 rolled, the race's
-1, R2); gear dented and notched, mended and paid for (R16's ledger) and one piece at the
smith; a lit torch, a training, a timer and a spell's effect on the timeline; and the GM's own
archetype, spell, magic item, weapon, armor, shield, item, race, monster template with a second
weapon, skill challenge and effort task.

Run: ``uv run python tests/files/write_campaign_v3.py tests/files/campaign_v3.json``
"""

from __future__ import annotations

import sys
from pathlib import Path

from emberkeep.campaign.bestiary import MonsterTemplate, save_template
from emberkeep.campaign.custom import upsert
from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import Campaign, EncounterRecord, LedgerEntry, LedgerKind
from emberkeep.campaign.settings import InitiativeMode, Resolution
from emberkeep.campaign.storage import dumps
from emberkeep.character.archetypes import shipped_archetypes
from emberkeep.character.catalog import Catalog
from emberkeep.character.funnel import roll_zero_level
from emberkeep.character.giving import give_gear
from emberkeep.character.groups import CharacterGroup
from emberkeep.character.knight import KnightProfile
from emberkeep.character.model import Character
from emberkeep.character.races import Race
from emberkeep.clock import schedule
from emberkeep.clock.dying import hand_over
from emberkeep.clock.lights import light_up
from emberkeep.dice import RandomRoller, Roller, ScriptedRoller
from emberkeep.encounter import persist, turns
from emberkeep.encounter.aftermath import stabilize_on_clock
from emberkeep.encounter.bestiary_monsters import stats_of
from emberkeep.encounter.combatant import Combatant, MonsterStats
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.setup import monster_combatants, pc_combatant, pc_combatants
from emberkeep.encounter.sim import take_turn
from emberkeep.encounter.simultaneous import melee_pairs, resolve_simultaneous_melee
from emberkeep.gear.catalog import gear_catalog
from emberkeep.gear.magic_items import MagicItemSpec
from emberkeep.gear.specs import ArmorSpec, ItemSpec, ShieldSpec, WeaponSpec
from emberkeep.magic.spells import shipped_spells
from emberkeep.melee_round.engine_bridge import melee_exchange
from emberkeep.melee_round.tactic_steps import award_glory
from emberkeep.optional_rules.effort import EffortTask
from emberkeep.optional_rules.skill_challenge import SkillChallenge
from emberkeep.repairs.ledger import PARTY, damage_by_hand, repair

GOBLIN = MonsterStats(name="Goblin", max_hp=5, room_dc=12, attack_bonus=2, damage="1d6")
BANDIT = MonsterStats(name="Bandit", max_hp=7, room_dc=12, attack_bonus=3, damage="1d8")
KNIGHT = KnightProfile(SIZ=15, DEX=10, STR=10, CON=13, skills={"Sword": 15, "Lance": 12,
                                                               "Spear": 6})


def _named(campaign: Campaign, start: str) -> Character:
    return next(c for c in campaign.characters if c.name.startswith(start))


def _own_catalog(campaign: Campaign) -> None:
    """The GM's own entries of every kind, over the shipped catalogs."""
    archetype = shipped_archetypes()["barbarian"].model_dump(mode="json")
    archetype.update(id="ironclad", name="Ironclad")
    upsert(campaign, type(shipped_archetypes()["barbarian"]).model_validate(archetype))
    spell = shipped_spells()["bless"].model_dump(mode="json")
    spell.update(id="ember_ward", name="Ember Ward")
    upsert(campaign, type(shipped_spells()["bless"]).model_validate(spell))
    upsert(campaign, WeaponSpec.model_validate({
        **gear_catalog().weapons["arming_sword"].model_dump(), "id": "rusty_sword",
        "name": "Rusty sword", "quality": "cheap", "value_cp": 300}))
    upsert(campaign, ArmorSpec.model_validate({
        **gear_catalog().armor["chain_mail"].model_dump(), "id": "marsh_mail",
        "name": "Marsh mail", "value_cp": 4000}))
    upsert(campaign, ShieldSpec.model_validate({
        **gear_catalog().shields["shield"].model_dump(), "id": "wicker_shield",
        "name": "Wicker shield", "value_cp": 200}))
    upsert(campaign, ItemSpec(id="rusty_spoon", name="Rusty spoon", value_cp=1))
    upsert(campaign, MagicItemSpec(
        id="wand_of_sparks", name="Wand of Sparks", base_type="item", base_id="rusty_spoon",
        tier="uncommon", charges="1d4 a day",
        effects=({"text": "1d6 fire DAM NEAR (1d)", "dice": 1, "die_kind": "ranged"},)))
    upsert(campaign, Race(id="gnoll", name="Gnoll", text=("+1 STR, -1 INT",),
                          adjustments={"STR": 1, "INT": -1},
                          easy_check={"skills": ["survival"], "situation": "on a trail"}))
    save_template(campaign, MonsterTemplate(
        id="marsh-orc", name="Marsh orc", room_dc=13, hp=9, attack_bonus=3, damage="1d8",
        weapon="hand axe", other_weapons=({"name": "shortbow", "damage": "1d6",
                                           "length_ft": 0, "ranged": True},),
        notes="Keeps to the reeds; flees when its chief falls."))
    campaign.skill_challenges.append(SkillChallenge(id="storm", name="Crossing in the storm",
                                                    dc=12, successes_needed=3,
                                                    failure_limit=2))
    campaign.efforts.append(EffortTask(id="barrow-door", name="Force the barrow door",
                                       attempt_dc=12, effort_needed=11))


def _recorded(enc: Encounter, record: EncounterRecord, kept: int) -> int:
    """Record the steps taken since ``kept``, as the encounter window does after each one."""
    for step in enc.history[kept:]:
        persist.push_step(record, enc, step)
    return len(enc.history)


def _half_fought(campaign: Campaign, name: str, mode: InitiativeMode,
                 combatants: list[Combatant], roller: Roller, steps: int) -> EncounterRecord:
    """Play a fight as the simulated GM does, ``steps`` steps in, and keep it unfinished."""
    record = EncounterRecord(name=name, initiative=mode, room_dc=12, at=campaign.time)
    persist.add_combatants(record, combatants)
    enc = persist.build_encounter(record, {c.id: c for c in campaign.characters}, roller,
                                  campaign.settings, Catalog(campaign))
    turns.start(enc)
    kept = _recorded(enc, record, 0)
    melee_round = -1
    while len(enc.history) < steps:
        slot = turns.current_slot(enc)
        c = None if slot is None else enc.combatants.get(slot.cid)
        if slot is not None and c is not None and not c.acted:
            if mode is InitiativeMode.SIMULTANEOUS and slot.kind == "melee" \
                    and melee_round != enc.state.round:
                melee_round = enc.state.round
                pairs = melee_pairs(enc)
                if pairs:
                    resolve_simultaneous_melee(enc, pairs)
                    kept = _recorded(enc, record, kept)
            if not c.acted and enc.can_act(c):
                take_turn(enc, c, slot)
                kept = _recorded(enc, record, kept)
        if turns.is_over(enc):
            raise AssertionError(f"{name} ended: pick another seed or fewer steps")
        turns.next_turn(enc)
        kept = _recorded(enc, record, kept)
    campaign.encounters.append(record)
    return record


def _joust(campaign: Campaign, a: Character, b: Character) -> None:
    """R33: two knights, one exchange and Glory (the step holds whole KnightProfile values)."""
    for knight in (a, b):
        knight.knight = KNIGHT
        # The schema-3 build put the sheet's HP to the knight's SIZ + CON (R39 ended that)
        knight.max_hp = knight.hp = KNIGHT.derived.hit_points
    record = EncounterRecord(name="Joust at the ford", resolution=Resolution.MELEE_ROUND,
                             at=campaign.time)
    persist.add_combatants(record, [pc_combatant(a, side="gold", position=0),
                                    pc_combatant(b, side="azure", position=1)])
    enc = persist.build_encounter(record, {c.id: c for c in campaign.characters},
                                  ScriptedRoller([15, 3, *[1] * 8]), campaign.settings,
                                  Catalog(campaign))
    ca, cb = enc.combatants.values()
    persist.push_step(record, enc, melee_exchange(enc, ca.id, cb.id))
    persist.push_step(record, enc, award_glory(enc, ca.id, 100))
    campaign.encounters.append(record)


def _planned(campaign: Campaign) -> None:
    """A fight set up and not begun: the GM's marsh orcs, one hidden in the reeds."""
    orc = stats_of(next(t for t in campaign.bestiary if t.id == "marsh-orc"))
    record = EncounterRecord(name="Reeds by the causeway", room_dc=13, at=campaign.time,
                             notes="Two orcs wait; the third is hidden until it shoots.")
    orcs = monster_combatants(orc, 3, side="orcs", position=2)
    orcs[2].hidden = True
    persist.add_combatants(record, orcs)
    campaign.encounters.append(record)


def _injured(campaign: Campaign, patient: Character, roller: Roller) -> None:
    """R21 on the clock: bleeding out after a fight, healed to 1 HP, the Injuries table rolled."""
    patient.hp = 0
    hand_over(campaign, patient, 3, campaign.settings.time.furnace_round_seconds)
    patient.hp = 1
    stabilize_on_clock(campaign, patient.id, roller)


def build() -> Campaign:
    campaign = build_example_campaign()
    _own_catalog(campaign)
    brannoc, maud, wren, ysolde = (_named(campaign, n) for n in ("Brannoc", "Sister", "Wren",
                                                                  "Ysolde"))
    mag, tobin, elsa, cuthbert = (_named(campaign, n) for n in ("Old Mag", "Tobin", "Elsa",
                                                                 "Cuthbert"))
    elsa.group = CharacterGroup.HIRELINGS  # the GM's choice; the others derive theirs
    # A dwarf peasant who rolled 1, 1, 1 for CHA: the race's -1 makes it 2 (R2), the one way a
    # score starts under 3.
    campaign.characters.append(roll_zero_level(
        ScriptedRoller([3, 4, 5, 4, 4, 4, 3, 3, 3, 2, 5, 6, 3, 3, 4, 1, 1, 1, 2, 40]),
        name="Grum the Digger", player="Ben", race="dwarf"))
    maud.spells_known = [*maud.spells_known, "ember_ward"]
    roller = RandomRoller(3)
    give_gear(wren.inventory, Catalog(campaign), "wand_of_sparks", roller)
    give_gear(brannoc.inventory, Catalog(campaign), "rusty_sword", roller)
    give_gear(wren.inventory, Catalog(campaign), "torch", roller)
    elsa.notes = "Carries her mother's millstone key.\nAfraid of the barrow.\tTrusts Wren."

    party = [brannoc, maud, wren, ysolde]
    _half_fought(campaign, "Goblins at the barrow mouth", InitiativeMode.GROUP,
                 [*pc_combatants(party), *monster_combatants(GOBLIN, 4, position=1)],
                 RandomRoller(11), 14)
    _half_fought(campaign, "Bandits on the old road", InitiativeMode.SIMULTANEOUS,
                 [*pc_combatants(party), *monster_combatants(BANDIT, 4, position=1)],
                 RandomRoller(12), 12)
    _half_fought(campaign, "Crypt guardians", InitiativeMode.SEGMENTS,
                 [*pc_combatants(party), *monster_combatants(GOBLIN, 3, position=1)],
                 RandomRoller(13), 12)
    _joust(campaign, mag, tobin)
    _planned(campaign)

    _injured(campaign, cuthbert, ScriptedRoller([16]))  # all CHECKs HARD until rest
    _injured(campaign, elsa, ScriptedRoller([4, 3]))  # 3 CON lost, kept apart (R29)
    # Gear damaged off-screen, mended and paid for (R16), one piece left at the smith.
    sword = next(w for w in brannoc.inventory.weapons if w.catalog_id == "rusty_sword")
    damage_by_hand(campaign, brannoc.id, sword.uid, "notch")
    repair(campaign, brannoc.id, sword.uid)
    armor = brannoc.inventory.armor[0]
    damage_by_hand(campaign, brannoc.id, armor.uid, "dent", 2)
    repair(campaign, brannoc.id, armor.uid, units=1, paid_by=PARTY)
    repair(campaign, brannoc.id, armor.uid, at_smith=True)
    campaign.party_fund.add(5, 0, 0)
    campaign.ledger.append(LedgerEntry(at=campaign.time, kind=LedgerKind.INCOME,
                                       description="Reward from the miller", cost_cp=-500,
                                       paid_by=PARTY))
    torch = next(i for i in wren.inventory.items if i.catalog_id == "torch")
    light_up(campaign, wren.id, torch.uid)
    schedule.start_training(campaign, maud, "Mounted Combat", weeks=2, cost_cp=500)
    schedule.start_timer(campaign, "The barrow's candles gutter out", 4 * 6)
    schedule.spell_effect(campaign, maud, "Bless on Sister Maud", 60)
    campaign.time += 3600
    return campaign


def main(argv: list[str]) -> int:
    target = Path(argv[0])
    target.write_bytes(dumps(build()))
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
