"""WDD segment initiative (R18, R20, R31), every listed modifier one by one, scripted d10s.

WDD: "roll a d10 to find which of the ten 6-second Segments your PC will act on. Modify this
roll as follows" — R20: "d10 plus the listed modifiers, which use raw scores, clamped to 1..10".
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from emberkeep.campaign.settings import InitiativeMode
from emberkeep.encounter.combatant import MonsterStats
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.initiative import Slot
from emberkeep.encounter.segments import (
    heavy_weapon_ready,
    record_heavy_attack,
    segment_modifiers,
)
from emberkeep.encounter.setup import monster_combatants
from emberkeep.encounter.surprise import declare_spell
from emberkeep.encounter.turns import begin_round, current, current_slot, next_turn, start
from emberkeep.gear.owned import OwnedWeapon
from tests.core.test_encounter_initiative import cid, goblins, make_encounter, make_pc

SEG = InitiativeMode.SEGMENTS


def mods_of(*, str_: int = 10, dex: int = 10, gear: Sequence[str] = (),
            grappling: bool = False) -> list[tuple[str, int]]:
    enc = make_encounter([make_pc("Pat", str_=str_, dex=dex, gear=gear)], mode=SEG)
    return segment_modifiers(enc, enc.combatant(cid(enc, "Pat")), grappling=grappling)


def slots(enc: Encounter) -> list[tuple[str, int, str]]:
    out: list[tuple[str, int, str]] = []
    for entry in enc.state.order:
        s = Slot.parse(entry)
        out.append((enc.combatants[s.cid].name, s.segment, s.kind))
    return out


# --- the modifiers, one by one -------------------------------------------------------------

def test_no_modifier_for_an_average_unarmored_fighter_with_a_mace() -> None:
    assert mods_of(gear=["mace"]) == []


def test_grapple_minus_two() -> None:
    """WDD: "-2 if you attempt to Grapple the opponent"."""
    assert mods_of(grappling=True) == [("grapple", -2)]


@pytest.mark.parametrize("weapon", ["dagger"])
def test_small_weapon_minus_one(weapon: str) -> None:
    """WDD: "-1 for a Small Weapon" (dagger or knife; R31: 1 ft)."""
    assert mods_of(gear=[weapon]) == [("small weapon", -1)]


def test_a_fist_is_no_small_weapon() -> None:
    assert mods_of(gear=["fist"]) == [] and mods_of(gear=[]) == []


@pytest.mark.parametrize(("dex", "expected"), [
    (13, []), (14, [("DEX 14-17", -1)]), (17, [("DEX 14-17", -1)]), (18, [("DEX 18", -2)]),
    (19, [("DEX 18", -2)]), (20, [("DEX 18", -2)]),  # R31: DEX 19-20 count as 18
    (8, []), (7, [("DEX 4-7", 1)]), (4, [("DEX 4-7", 1)]), (3, [("DEX 3", 2)]),
])
def test_dex_modifiers_from_the_raw_score(dex: int, expected: list[tuple[str, int]]) -> None:
    """WDD: "-1 for DEX of 14-17", "-2 for DEX of 18", "+1 DEX 4-7", "+2 Dex 3"."""
    assert mods_of(dex=dex) == expected


@pytest.mark.parametrize(("strength", "expected"), [
    (14, []), (15, [("STR 15-18", -1)]), (18, [("STR 15-18", -1)]),
    (19, [("STR 15-18", -1)]), (20, [("STR 15-18", -1)]),  # R31: STR 19-20 count as 18
])
def test_str_modifier_from_the_raw_score(strength: int, expected: list[tuple[str, int]]) -> None:
    """WDD: "-1 for STR of 15-18"."""
    assert mods_of(str_=strength) == expected


def test_raw_scores_count_injury_losses() -> None:
    """R20 raw scores; R29: a lost point stays lost, so DEX 14 with 1 lost is 13: no -1."""
    enc = make_encounter([make_pc("Pat", dex=14)], mode=SEG)
    pat = enc.combatant(cid(enc, "Pat"))
    enc.character(pat).scores.DEX.loss = 1
    assert segment_modifiers(enc, pat) == []


def test_long_thrusting_weapon_minus_one() -> None:
    """WDD: "-1 for using long, thrusting weapon"; R31: spear 8 ft, lance 10 (with a shield,
    +1 for the shield too)."""
    assert mods_of(gear=["spear", "shield"]) == [("long thrusting weapon", -1), ("shield", 1)]
    assert mods_of(gear=["lance", "shield"]) == [("long thrusting weapon", -1), ("shield", 1)]


def test_two_handed_weapon_plus_one() -> None:
    """WDD: "+1 for two-handed weapon (ex. Halberd with extra damage)"."""
    assert mods_of(gear=["maul"]) == [("two-handed weapon", 1)]


@pytest.mark.parametrize("weapon", ["great_spear", "spear"])
def test_long_two_handed_weapons_take_both(weapon: str) -> None:
    """Every listed modifier that applies: 8 ft or more and held in two hands (a spear alone is
    held in both hands, as attack.py grips it) → -1 and +1. (Not the halberd: R37, a choice,
    ``test_encounter_halberd``.)"""
    assert mods_of(gear=[weapon]) == [("long thrusting weapon", -1), ("two-handed weapon", 1)]


def test_shield_and_light_armor_plus_one_each() -> None:
    """WDD: "+1 for carrying a shield or wearing Light Armor"; R41: the shield's +1 adds to the
    armor's +1, so light armor and a shield give +2."""
    assert mods_of(gear=["mace", "shield"]) == [("shield", 1)]
    assert mods_of(gear=["mace", "boiled_leather"]) == [("light armor", 1)]
    assert mods_of(gear=["mace", "boiled_leather", "shield"]) == [("shield", 1),
                                                                  ("light armor", 1)]


def test_medium_and_heavy_armor() -> None:
    """WDD: "+2 for wearing Medium Armor", "+3 for wearing Heavy Armor" (R31 weights)."""
    assert mods_of(gear=["mace", "brigandine"]) == [("medium armor", 2)]
    assert mods_of(gear=["mace", "plate_mail"]) == [("heavy armor", 3)]


def test_heavy_armor_and_a_shield_take_both() -> None:
    """R41: heavy armor and a shield: +3 and +1, +4 in all."""
    assert mods_of(gear=["mace", "chain_mail", "shield"]) == [("shield", 1), ("heavy armor", 3)]


def test_monster_modifiers_from_its_stats_and_weapon_length() -> None:
    """Monsters: d10 + initiative_modifier + the length modifiers of their weapon."""
    pikeman = MonsterStats(name="Pikeman", max_hp=5, room_dc=12, weapon="pike",
                           weapon_length_ft=10, initiative_modifier=1)
    knifer = MonsterStats(name="Cutthroat", max_hp=5, room_dc=12, weapon="knife",
                          weapon_length_ft=1)
    foes = [*monster_combatants(pikeman), *monster_combatants(knifer)]
    enc = make_encounter([], foes, mode=SEG)
    assert segment_modifiers(enc, enc.combatant("pikeman-1")) == [
        ("monster", 1), ("long thrusting weapon", -1)]
    assert segment_modifiers(enc, enc.combatant("cutthroat-1")) == [("small weapon", -1)]


# --- the roll: sum, clamp, R18 ---------------------------------------------------------------

def _one_round(gear: Sequence[str], face: int, *, str_: int = 10, dex: int = 10,
               bonus: int = 0, grappling: bool = False) -> int:
    enc = make_encounter([make_pc("Pat", str_=str_, dex=dex, gear=gear)], goblins(1),
                         [face, 5], mode=SEG)
    pat = enc.combatant(cid(enc, "Pat"))
    pat.initiative_bonus = bonus
    start(enc, surprise=[], grappling=[pat.id] if grappling else [])
    assert pat.initiative_bonus == 0
    assert pat.initiative is not None
    return pat.initiative


def test_segment_is_the_d10_plus_the_modifiers() -> None:
    assert _one_round(["mace", "brigandine"], 4) == 6  # 4 + 2 (medium armor)
    assert _one_round(["mace"], 6, grappling=True) == 4  # 6 - 2 (grapple)


def test_segment_clamped_at_one() -> None:
    """R20: "clamped to 1..10": d10 3 - 2 (DEX 18) - 1 (STR 18) - 1 (dagger) = -1 → 1."""
    assert _one_round(["dagger"], 3, str_=18, dex=18) == 1


def test_segment_clamped_at_ten() -> None:
    """d10 7 + 3 (heavy armor) + 1 (two-handed) + 2 (DEX 3) = 13 → 10."""
    assert _one_round(["maul", "plate_mail"], 7, dex=3) == 10


def test_sacrificed_shield_gives_minus_two_on_the_next_d10() -> None:
    """R18: "-2 on a d10 segment roll" after a shield sacrifice (bonus read and cleared)."""
    assert _one_round(["mace"], 5, bonus=2) == 3


# --- slots: ROF, spells, the order on one segment --------------------------------------------

def _rof_weapon(rof: int) -> OwnedWeapon:
    return OwnedWeapon(catalog_id="darts", name="Darts", value_cp=0, kind="ranged",
                       category="simple", damage="1d3", tags=(f"ROF {rof}",), equipped=True)


def test_rof_2_shoots_on_segments_1_and_6_without_a_roll() -> None:
    """R20: "ROF 2 acts on 1 and 6" (the warbow carries the tag)."""
    enc = make_encounter([make_pc("Archer", gear=["warbow"])], goblins(1), [3], mode=SEG)
    start(enc, surprise=[])  # one d10 only: the goblin's
    assert slots(enc) == [("Archer", 1, "missile"), ("Goblin", 3, "melee"),
                          ("Archer", 6, "missile")]


def test_rof_3_shoots_on_segments_1_4_and_7_and_each_shot_is_a_turn() -> None:
    """R20: "ROF 3 on 1, 4 and 7"; the archer's acted flag is cleared for each later shot."""
    archer = make_pc("Archer", gear=[])
    archer.inventory.put(_rof_weapon(3))
    enc = make_encounter([archer], goblins(1), [5], mode=SEG)
    start(enc, surprise=[])
    assert slots(enc) == [("Archer", 1, "missile"), ("Archer", 4, "missile"),
                          ("Goblin", 5, "melee"), ("Archer", 7, "missile")]
    a = enc.combatant(cid(enc, "Archer"))
    a.acted = True  # shot on segment 1
    next_turn(enc)
    assert current(enc) is a and enc.state.segment == 4 and not a.acted


def test_spell_resolves_at_segment_plus_casting_time() -> None:
    """WDD: "M-Us will add their casting time to this number": d10 3 + fireball's 2 → 5."""
    mage = make_pc("Ysolde", class_id="magic_user", spells=["fireball"])
    enc = make_encounter([mage], goblins(1), [3, 4], mode=SEG)
    declare_spell(enc, "pc-" + mage.id[:8], "fireball")
    start(enc, surprise=[])
    assert slots(enc) == [("Goblin", 4, "melee"), ("Ysolde", 5, "spell")]
    next_turn(enc)
    assert current_slot(enc) == Slot("pc-" + mage.id[:8], 5, "spell") and enc.state.segment == 5


def test_spell_is_lost_when_the_caster_is_jostled_first() -> None:
    """WDD: "If an M-U is struck or jostled during casting, the spell is lost" (R31: jostled
    means hit, grappled or shoved)."""
    mage = make_pc("Ysolde", class_id="magic_user", spells=["fireball"])
    enc = make_encounter([mage], goblins(1), [3, 4, 5, 5], mode=SEG)
    ysolde_id = "pc-" + mage.id[:8]
    declare_spell(enc, ysolde_id, "fireball")
    start(enc, surprise=[])
    assert current(enc) is enc.combatant("goblin-1")
    enc.combatant(ysolde_id).jostled = True  # the goblin's blow lands (attack.py sets it)
    step = next_turn(enc)
    ysolde = enc.combatant(ysolde_id)
    assert ysolde.declared_spell is None and ysolde.spell_segment is None
    assert any("lost" in getattr(e, "text", "") for e in step.events)
    assert enc.state.round == 2  # the spell slot was skipped, so the round ended


def test_a_spell_that_goes_off_is_spent_with_its_slot() -> None:
    mage = make_pc("Ysolde", class_id="magic_user", spells=["shield"])
    enc = make_encounter([mage], goblins(1), [3, 9, 5, 5], mode=SEG)
    ysolde_id = "pc-" + mage.id[:8]
    start(enc, surprise=[], spells={ysolde_id: "shield"})
    assert current_slot(enc) == Slot(ysolde_id, 4, "spell")
    next_turn(enc)
    assert enc.combatant(ysolde_id).declared_spell is None


def test_same_segment_missiles_then_melee_then_spells() -> None:
    """WDD: "if two happen on the same Segment, are resolved in this order: Missiles, Melee,
    Spells" — the mage's 3 + 2 = 5 and the others' 5."""
    mage = make_pc("Mage", class_id="magic_user", spells=["fireball"])
    pcs = [mage, make_pc("Swordsman", gear=["mace"]), make_pc("Bowman", gear=["crossbow"])]
    enc = make_encounter(pcs, goblins(1), [3, 5, 5, 9], mode=SEG)
    declare_spell(enc, "pc-" + mage.id[:8], "fireball")
    start(enc, surprise=[])
    assert slots(enc) == [("Bowman", 5, "missile"), ("Swordsman", 5, "melee"),
                          ("Mage", 5, "spell"), ("Goblin", 9, "melee")]


def test_equal_segments_longest_weapon_first_then_encounter_order() -> None:
    pcs = [make_pc("Macer", gear=["mace"]), make_pc("Sal", gear=["spear", "shield"]),
           make_pc("Mo", gear=["mace"])]
    enc = make_encounter(pcs, goblins(1), [5, 5, 5, 5], mode=SEG)  # Sal: 5 - 1 + 1 = 5
    start(enc, surprise=[])
    assert [n for n, _, _ in slots(enc)] == ["Sal", "Macer", "Mo", "Goblin"]


def test_a_spell_past_the_last_segment_goes_off_at_the_end_of_the_round() -> None:
    mage = make_pc("Mage", class_id="magic_user", spells=["polymorph"])
    enc = make_encounter([mage], goblins(1), [9, 10], mode=SEG)
    declare_spell(enc, "pc-" + mage.id[:8], "polymorph")
    start(enc, surprise=[])
    assert slots(enc) == [("Goblin", 10, "melee"), ("Mage", 12, "spell")]
    next_turn(enc)
    assert enc.state.segment == 10  # shown as the round's last segment


def test_declaring_mid_round_moves_the_caster_to_its_spell_slot() -> None:
    mage = make_pc("Mage", class_id="magic_user", spells=["chill_touch"])
    enc = make_encounter([mage], goblins(1), [6, 2], mode=SEG)
    start(enc, surprise=[])
    assert slots(enc) == [("Goblin", 2, "melee"), ("Mage", 6, "melee")]
    declare_spell(enc, "pc-" + mage.id[:8], "chill_touch")
    assert slots(enc) == [("Goblin", 2, "melee"), ("Mage", 7, "spell")]
    enc.undo()
    assert slots(enc) == [("Goblin", 2, "melee"), ("Mage", 6, "melee")]


def test_undo_of_a_segment_round_start() -> None:
    enc = make_encounter([make_pc("Pat")], goblins(1), [4, 6, 2, 3], mode=SEG)
    start(enc, surprise=[])
    before = enc.fingerprint()
    begin_round(enc)
    assert enc.state.round == 2 and enc.combatant(cid(enc, "Pat")).initiative == 2
    enc.undo()
    assert enc.fingerprint() == before


# --- heavy two-handed weapons ----------------------------------------------------------------

def test_heavy_two_handed_weapon_every_other_round_unless_str_15() -> None:
    """WDD: "Heavy, two-handed weapons can only be used once every other round UNLESS the
    bearer's STR is 15 or more"; the round is kept as "heavy@<round>" in Combatant.used."""
    weak, strong = make_pc("Weak", gear=["greataxe"]), make_pc("Strong", str_=15,
                                                                gear=["maul"])
    enc = make_encounter([weak, strong], goblins(1), [5] * 9, mode=SEG)
    start(enc, surprise=[])
    w, s = enc.combatant(cid(enc, "Weak")), enc.combatant(cid(enc, "Strong"))
    axe = enc.character(w).inventory.wielded[0]
    maul = enc.character(s).inventory.wielded[0]
    assert heavy_weapon_ready(enc, w, axe)
    with enc.action(w.id, "attack") as tx:
        record_heavy_attack(enc, tx, w, axe)
    assert w.used == ("heavy@1",)
    begin_round(enc)
    assert not heavy_weapon_ready(enc, w, axe)
    begin_round(enc)
    assert heavy_weapon_ready(enc, w, axe)
    with enc.action(s.id, "attack") as tx:
        record_heavy_attack(enc, tx, s, maul)
    assert s.used == () and heavy_weapon_ready(enc, s, maul)


def test_segment_takes_a_gm_typed_d10() -> None:
    enc = make_encounter([make_pc("Pat", gear=["mace", "brigandine"])], goblins(1), mode=SEG)
    pat_id = cid(enc, "Pat")
    goblin = enc.combatant("goblin-1").name
    with enc.typed({("initiative", "Pat"): 7, ("initiative", goblin): 1}):
        start(enc, surprise=[])
    assert enc.combatant(pat_id).initiative == 9  # 7 + 2 (medium armor)
    assert all(r.typed for r in enc.history[-1].rolls())


def test_a_declared_grapple_is_minus_two_on_the_next_segment_roll_only() -> None:
    """WDD: "-2 if you attempt to Grapple the opponent": declared before the round (a free GM
    step), it takes 2 off Pat's d10 (7 → segment 5), and is spent by that roll."""
    from emberkeep.encounter.grapple import declare_grapple
    from emberkeep.encounter.segments import WILL_GRAPPLE

    enc = make_encounter([make_pc("Pat", gear=["mace"])], goblins(1), [7, 9, 7, 9], mode=SEG)
    pat = cid(enc, "Pat")
    step = declare_grapple(enc, pat)
    assert step.summary == "Pat means to grapple: -2 on the next segment d10 (WDD)"
    start(enc, surprise=[])  # the d10s: Pat 7, the goblin 9
    assert enc.combatant(pat).initiative == 5
    assert WILL_GRAPPLE not in {x.name for x in enc.combatant(pat).conditions}
    assert "grapple -2" in str(enc.history[-1].events)
    for c in enc.combatants.values():
        c.acted = True
    begin_round(enc)  # round 2: the same 7, no grapple declared
    assert enc.combatant(pat).initiative == 7
