"""Issue #6's speed work must not change a rule: the numbers the fight simulation keeps per
character (AC, the weapon for a distance, ATK modifiers) are dropped whenever an event touches
that character, its gear or its scores, and nothing is kept outside ``sim.run_fight``."""

from __future__ import annotations

from emberkeep.campaign.example import build_example_campaign
from emberkeep.character.catalog import SHIPPED
from emberkeep.character.status import character_armor_class
from emberkeep.dice import RandomRoller, ScriptedRoller
from emberkeep.encounter.attack import attack, choose_weapon
from emberkeep.encounter.combatant import Combatant, MonsterStats
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.setup import monster_combatants, pc_combatants
from emberkeep.encounter.sim import run_fight

GOBLIN = MonsterStats(name="Goblin", max_hp=5, room_dc=12, attack_bonus=2, damage="1d6")


def _encounter(faces: list[int] | None = None) -> Encounter:
    party = [c for c in build_example_campaign().characters if c.level == 1]
    combatants = [*pc_combatants(party), *monster_combatants(GOBLIN, 2)]
    return Encounter(combatants, {c.id: c for c in party}, ScriptedRoller(faces or []))


def _pc(enc: Encounter, name: str) -> Combatant:
    return next(c for c in enc.combatants.values() if c.name == name)


def test_outside_the_simulation_nothing_is_kept_so_a_sheet_edit_shows_at_once() -> None:
    enc = _encounter()
    fighter = _pc(enc, "Brannoc Ironhand")
    assert enc.pc_derived(fighter.character_id or "") is None
    assert enc.armor_class(fighter) == 17
    enc.character(fighter).inventory.shield.damage_points = 1  # type: ignore[union-attr]
    assert enc.armor_class(fighter) == 16  # the app's sheet edited the shield directly


def test_a_dent_or_a_lost_dex_point_set_through_the_step_drops_the_kept_ac() -> None:
    """R15: "each crit ... lowers its AC by 1": a dent set on the gear must show at once."""
    enc = _encounter()
    fighter, rogue = _pc(enc, "Brannoc Ironhand"), _pc(enc, "Wren Quickfingers")
    with enc.derived_cache():
        assert enc.armor_class(fighter) == 17 and enc.armor_class(rogue) == 13
        armor = enc.character(fighter).inventory.worn_armor
        assert armor is not None
        with enc.action("gm", "dent") as tx:
            tx.set(("gear", enc.character(fighter).id, armor.uid), "damage_points", 1)
            assert enc.armor_class(fighter) == 16
            tx.set(("score", enc.character(rogue).id, "DEX"), "loss", 4)  # DEX 17 → 13
            # the sheet's own, never kept
            lower = character_armor_class(enc.character(rogue), SHIPPED)
            assert lower < 13 and enc.armor_class(rogue) == lower
        step = enc.undo()  # revert drops everything kept
        assert enc.armor_class(fighter) == 17 and enc.armor_class(rogue) == 13
        enc.redo(step)  # and so does apply
        assert enc.armor_class(fighter) == 16 and enc.armor_class(rogue) == lower


def test_a_dropped_weapon_is_not_chosen_again_from_the_kept_choice() -> None:
    """R17: a fumble drops the weapon; the next attack must not be made with it."""
    enc = _encounter()
    fighter, goblin = _pc(enc, "Brannoc Ironhand"), enc.combatant("goblin-1")
    goblin.position = fighter.position
    with enc.derived_cache():
        sword = choose_weapon(enc, fighter, goblin)
        assert sword.name == "Arming sword" and choose_weapon(enc, fighter, goblin) is sword
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


def test_run_fight_keeps_numbers_only_while_it_runs() -> None:
    party = [c for c in build_example_campaign().characters if c.level == 1]
    combatants = [*pc_combatants(party), *monster_combatants(GOBLIN, 2, position=1)]
    enc = Encounter(combatants, {c.id: c for c in party}, RandomRoller(3))
    assert run_fight(enc).over
    assert enc.pc_derived(party[0].id) is None


def test_a_blow_or_a_luck_streak_keeps_the_numbers_and_any_other_field_drops_them() -> None:
    """Every hit sets a PC's ``hp`` and every attack its ``luck`` (R29): neither changes AC,
    the weapon or the ATK modifier, so the kept numbers stay; any other field of the
    character (its conditions carry Rage's -PROF AC, issue #12) drops them."""
    enc = _encounter()
    fighter = _pc(enc, "Brannoc Ironhand")
    ch = enc.character(fighter)
    with enc.derived_cache():
        assert enc.armor_class(fighter) == 17
        kept = enc.pc_derived(ch.id)
        assert kept == {"ac": 17}
        with enc.action("gm", "blow") as tx:
            tx.set(("pc", ch.id), "hp", ch.hp - 3)
            tx.set(("pc", ch.id), "luck", ch.luck.model_copy(update={"fail_streak": 2}))
        assert enc.pc_derived(ch.id) is kept
        with enc.action("gm", "killed") as tx:
            tx.set(("pc", ch.id), "alive", False)
        assert enc.pc_derived(ch.id) == {}


def test_a_notch_set_through_the_step_lowers_the_next_blow_in_a_simulated_fight() -> None:
    """R17: a notch is -1 damage; the damage modifier kept for the fighter's sword must not
    outlive the notch (the weapon's choice and its modifier are both dropped)."""
    enc = _encounter([15, 6, 15, 6])  # twice: d20 15 hits AC 12, d8 6
    fighter, goblin = _pc(enc, "Brannoc Ironhand"), enc.combatant("goblin-1")
    goblin.position = fighter.position
    goblin.hp = 100  # survives both blows
    with enc.derived_cache():
        assert attack(enc, fighter.id, goblin.id).summary.endswith("for 7")  # 6 + STR 1
        sword = choose_weapon(enc, fighter, goblin)
        with enc.action("gm", "notch") as tx:
            tx.set(("gear", enc.character(fighter).id, sword.uid or ""), "notches", 1)
            tx.set(("c", fighter.id), "acted", False)
        assert attack(enc, fighter.id, goblin.id).summary.endswith("for 6")  # 6 + 1 - notch


def test_the_kept_crit_range_is_dropped_by_a_sheet_change_made_through_the_step() -> None:
    """The crit range (R19; an archetype's CritRange, issue #12) is kept per character in a
    simulated fight: any change to the sheet other than HP and luck drops it."""
    from emberkeep.encounter.features import crit_low

    enc = _encounter()
    fighter = _pc(enc, "Brannoc Ironhand")
    ch = enc.character(fighter)
    with enc.derived_cache():
        assert crit_low(enc, fighter, True) == 20
        assert ("crit_low", True) in (enc.pc_derived(ch.id) or {})
        with enc.action("gm", "award") as tx:
            tx.set(("pc", ch.id), "xp", ch.xp + 1)
        assert ("crit_low", True) not in (enc.pc_derived(ch.id) or {})
