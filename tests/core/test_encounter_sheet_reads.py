"""The numbers a fight derives from a PC's sheet (AC, the weapon for a distance, ATK and damage
modifiers, the crit range) are read from the sheet as it stands now: a change made through a
step, undone, redone or made by the sheet window between two actions shows at the next read,
in the app and in a simulated fight alike (nothing is kept that could go stale)."""

from __future__ import annotations

from emberkeep.campaign.example import build_example_campaign
from emberkeep.character.archetypes import ChosenFeature
from emberkeep.character.catalog import SHIPPED
from emberkeep.character.status import character_armor_class
from emberkeep.dice import RandomRoller, ScriptedRoller
from emberkeep.encounter.attack import attack, choose_weapon
from emberkeep.encounter.combatant import Combatant, MonsterStats
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.features import crit_low
from emberkeep.encounter.setup import monster_combatants, pc_combatants
from emberkeep.encounter.sim import run_fight

GOBLIN = MonsterStats(name="Goblin", max_hp=5, room_dc=12, attack_bonus=2, damage="1d6")


def _encounter(faces: list[int] | None = None, *, recording: bool = True) -> Encounter:
    party = [c for c in build_example_campaign().characters if c.level == 1]
    combatants = [*pc_combatants(party), *monster_combatants(GOBLIN, 2)]
    return Encounter(combatants, {c.id: c for c in party}, ScriptedRoller(faces or []),
                     recording=recording)


def _pc(enc: Encounter, name: str) -> Combatant:
    return next(c for c in enc.combatants.values() if c.name == name)


def test_a_sheet_edit_between_two_actions_shows_at_once() -> None:
    enc = _encounter()
    fighter = _pc(enc, "Brannoc Ironhand")
    assert enc.armor_class(fighter) == 17
    enc.character(fighter).inventory.shield.damage_points = 1  # type: ignore[union-attr]
    assert enc.armor_class(fighter) == 16  # the app's sheet edited the shield directly


def test_a_dent_or_a_lost_dex_point_set_through_the_step_shows_and_undoes() -> None:
    """R15: "each crit ... lowers its AC by 1": a dent set on the gear must show at once."""
    enc = _encounter()
    fighter, rogue = _pc(enc, "Brannoc Ironhand"), _pc(enc, "Wren Quickfingers")
    assert enc.armor_class(fighter) == 17 and enc.armor_class(rogue) == 13
    armor = enc.character(fighter).inventory.worn_armor
    assert armor is not None
    with enc.action("gm", "dent") as tx:
        tx.set(("gear", enc.character(fighter).id, armor.uid), "damage_points", 1)
        assert enc.armor_class(fighter) == 16
        tx.set(("score", enc.character(rogue).id, "DEX"), "loss", 4)  # DEX 17 → 13
        lower = character_armor_class(enc.character(rogue), SHIPPED)  # the sheet's own
        assert lower < 13 and enc.armor_class(rogue) == lower
    step = enc.undo()
    assert enc.armor_class(fighter) == 17 and enc.armor_class(rogue) == 13
    enc.redo(step)
    assert enc.armor_class(fighter) == 16 and enc.armor_class(rogue) == lower


def test_a_dropped_weapon_is_not_chosen_again() -> None:
    """R17: a fumble drops the weapon; the next attack must not be made with it."""
    enc = _encounter()
    fighter, goblin = _pc(enc, "Brannoc Ironhand"), enc.combatant("goblin-1")
    goblin.position = fighter.position
    sword = choose_weapon(enc, fighter, goblin)
    assert sword.name == "Arming sword"
    with enc.action("gm", "drop") as tx:
        tx.set(("gear", enc.character(fighter).id, sword.uid or ""), "dropped", True)
    assert choose_weapon(enc, fighter, goblin).name == "fist"


def test_the_weapon_the_simulation_chose_gives_the_same_attack_as_choosing_again() -> None:
    enc = _encounter([15, 6, 15, 6])  # twice: d20 15 hits AC 12, d8 6 damage
    fighter, goblin = _pc(enc, "Brannoc Ironhand"), enc.combatant("goblin-1")
    goblin.position = fighter.position
    chosen_inside = attack(enc, fighter.id, goblin.id).to_json()
    enc.undo()
    wielded = choose_weapon(enc, fighter, goblin)
    assert attack(enc, fighter.id, goblin.id, wielded=wielded).to_json() == chosen_inside
    assert chosen_inside["summary"] == "Brannoc Ironhand hits Goblin 1 for 7"  # 6 + STR


def test_a_notch_set_through_the_step_lowers_the_next_blow_in_a_quiet_fight() -> None:
    """R17: a notch is -1 damage, from the next blow on, also in an encounter that records
    nothing (the simulation's)."""
    enc = _encounter([15, 6, 15, 6], recording=False)  # twice: d20 15 hits AC 12, d8 6
    fighter, goblin = _pc(enc, "Brannoc Ironhand"), enc.combatant("goblin-1")
    goblin.position = fighter.position
    goblin.hp = 100  # survives both blows
    attack(enc, fighter.id, goblin.id)
    assert goblin.hp == 100 - 7  # 6 + STR 1
    sword = choose_weapon(enc, fighter, goblin)
    with enc.action("gm", "notch") as tx:
        tx.set(("gear", enc.character(fighter).id, sword.uid or ""), "notches", 1)
        tx.set(("c", fighter.id), "acted", False)
    attack(enc, fighter.id, goblin.id)
    assert goblin.hp == 100 - 7 - 6  # 6 + 1 - the notch


def test_the_crit_range_follows_a_sheet_change_made_through_the_step() -> None:
    """The crit range (R19; an archetype's CritRange) is the sheet's as it stands."""
    enc = _encounter()
    fighter = _pc(enc, "Brannoc Ironhand")  # a Fighter of the barbarian archetype
    ch = enc.character(fighter)
    assert crit_low(enc, fighter, True) == 20
    with enc.action("gm", "takes the feature") as tx:
        tx.set(("pc", ch.id), "archetype_features",
               [ChosenFeature(feature_id="melee_crit_range", level=1)])
    assert crit_low(enc, fighter, True) == 19 and crit_low(enc, fighter, False) == 20
    enc.undo()
    assert crit_low(enc, fighter, True) == 20


def test_a_gear_piece_is_found_on_the_sheet_that_replaced_the_old_one() -> None:
    """An undo or an edit between two actions may put a new sheet in the encounter (the
    window does, ``enc.characters[id] = ...``): a step naming a piece of gear finds it there."""
    enc = _encounter()
    fighter = _pc(enc, "Brannoc Ironhand")
    sheet = enc.character(fighter)
    armor = sheet.inventory.worn_armor
    assert armor is not None and enc.gear(sheet.id, armor.uid) is armor
    fresh = sheet.model_copy(deep=True)
    enc.characters[sheet.id] = fresh
    with enc.action("gm", "dent") as tx:
        tx.set(("gear", sheet.id, armor.uid), "damage_points", 1)
    assert fresh.inventory.worn_armor is not None
    assert fresh.inventory.worn_armor.damage_points == 1 and armor.damage_points == 0


def test_a_simulated_fight_reads_the_sheets_as_the_window_does() -> None:
    party = [c for c in build_example_campaign().characters if c.level == 1]
    combatants = [*pc_combatants(party), *monster_combatants(GOBLIN, 2, position=1)]
    enc = Encounter(combatants, {c.id: c for c in party}, RandomRoller(3))
    assert run_fight(enc).over
    fighter = _pc(enc, "Brannoc Ironhand")
    before = enc.armor_class(fighter)
    enc.character(fighter).inventory.shield.damage_points += 1  # type: ignore[union-attr]
    assert enc.armor_class(fighter) == before - 1
