"""Furnace's crit, fumble, injury and lingering-injury tables, their dice and their effects.

Texts are checked against the seed's appendix ("Crit and Fumble", "Injuries and Equipment");
rulings cited where they decide a row (R15, R21, R26, R27, R30, R31).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from pydantic import ValidationError

from emberkeep.dice import ScriptedRoller, TypedRoller
from emberkeep.tables.combat import (
    CritKind,
    EffectRow,
    EffectTable,
    crit_die,
    crit_kind_for_class,
    crit_table,
    crit_table_for_class,
    fumble_die,
    fumble_table,
    injuries_table,
    lingering_injuries_table,
    roll_crit,
    roll_fumble,
)
from emberkeep.tables.effects import (
    AbilityLoss,
    AllyDamage,
    ArmorDamage,
    CheckModifier,
    Condition,
    Effect,
    ExtraAttack,
    ExtraDamage,
    InstantDeath,
    SaveOr,
    WeaponNotched,
    WeaponSundered,
    save_dc,
)

CRIT_KINDS: tuple[CritKind, ...] = ("fighter", "cleric", "rogue", "zero_level")


def all_tables() -> list[EffectTable]:
    return [*(crit_table(k) for k in CRIT_KINDS), fumble_table(), injuries_table(),
            lingering_injuries_table()]


def walk(effects: list[Effect]) -> Iterator[Effect]:
    """Every effect, including those nested in a save's failure or a death's 'otherwise'."""
    for effect in effects:
        yield effect
        if isinstance(effect, SaveOr):
            yield from walk(effect.on_fail)
        if isinstance(effect, InstantDeath):
            yield from walk(effect.otherwise)


def kinds(row: EffectRow) -> list[str]:
    return [e.kind for e in row.effects]


def conditions(row: EffectRow) -> dict[str, tuple[str, str | None]]:
    return {e.name: (e.duration.unit, e.duration.dice)
            for e in walk(row.effects) if isinstance(e, Condition)}


def extra(row: EffectRow) -> list[str]:
    return [e.dice for e in row.effects if isinstance(e, ExtraDamage)]


# --- loading and coverage --------------------------------------------------------------------

@pytest.mark.parametrize("kind", CRIT_KINDS)
def test_crit_tables_cover_d20_plus_10_with_an_open_last_row(kind: CritKind) -> None:
    table = crit_table(kind)
    assert table.die == "d20+10" and table.subject == "target"
    assert table.rows[0].low == 1 and table.rows[-1].high is None
    assert table.rows[-1].low == (27 if kind == "zero_level" else 28)
    for value in range(1, 31):
        assert table.lookup(value).covers(value)


def test_row_counts_and_names_match_the_appendix() -> None:
    assert [len(crit_table(k).rows) for k in CRIT_KINDS] == [28, 17, 21, 15]
    assert crit_table("zero_level").name == "Crit Table for 0-levels and Wizards"
    assert (fumble_table().die, len(fumble_table().rows)) == ("d12", 12)
    assert (injuries_table().die, len(injuries_table().rows)) == ("d20", 10)
    assert (lingering_injuries_table().die, len(lingering_injuries_table().rows)) == ("d20", 11)
    assert {t.subject for t in all_tables()[4:]} == {"self"}


def test_a_gapped_or_overlapping_table_is_refused() -> None:
    def table(rows: list[tuple[int | None, int | None]]) -> dict[str, object]:
        return {"id": "t", "name": "T", "die": "d4", "subject": "self",
                "rows": [{"low": lo, "high": hi, "text": "x", "flavour_only": True}
                         for lo, hi in rows]}

    EffectTable.model_validate(table([(1, 2), (3, None)]))
    with pytest.raises(ValidationError, match="gap between 1 and 3"):
        EffectTable.model_validate(table([(1, 1), (3, None)]))
    with pytest.raises(ValidationError, match="overlap between 1-2 and 2"):
        EffectTable.model_validate(table([(1, 2), (2, None)]))
    with pytest.raises(ValidationError, match="can roll 4"):
        EffectTable.model_validate(table([(1, 2), (3, 3)]))


def test_a_crit_table_ending_closed_below_30_is_refused() -> None:
    data = crit_table("fighter").model_dump()
    data["rows"][-1]["high"] = 28
    with pytest.raises(ValidationError, match="can roll 30"):
        EffectTable.model_validate(data)


def test_every_row_has_effects_or_is_explicitly_flavour_only() -> None:
    flavour_only = []
    for table in all_tables():
        for row in table.rows:
            mechanical = [e for e in row.effects if e.kind != "flavour"]
            assert row.flavour_only != bool(mechanical), (table.id, row.label)
            if row.flavour_only:
                flavour_only.append((table.id, row.label))
    assert flavour_only == [("fumble", "1"), ("lingering_injuries", "17-20")]


def test_a_row_without_effects_must_say_it_is_flavour_only() -> None:
    with pytest.raises(ValidationError, match="mark it flavour_only"):
        EffectRow.model_validate({"low": 1, "high": 1, "text": "x"})
    with pytest.raises(ValidationError, match="flavour-only but has mechanics"):
        EffectRow.model_validate({"low": 1, "high": 1, "text": "x", "flavour_only": True,
                                  "effects": [{"kind": "weapon_broken"}]})


def test_bad_effect_data_is_refused() -> None:
    row = {"low": 1, "high": 1, "text": "x"}
    EffectRow.model_validate({**row, "effects": [{"kind": "extra_damage", "dice": "1d8"}]})
    for bad in ({"kind": "extra_damage", "dice": "1d"},
                {"kind": "teleport"},
                {"kind": "condition", "name": "ON_FIRE", "duration": {"unit": "permanent"}},
                {"kind": "condition", "name": "PRONE", "duration": {"unit": "rounds"}},
                {"kind": "save_or", "ability": "CON", "dc": "10+lvl",
                 "on_fail": [{"kind": "dead"}]}):
        with pytest.raises(ValidationError):
            EffectRow.model_validate({**row, "effects": [bad]})


# --- the text and its effects agree, row by row ----------------------------------------------

def test_every_bonus_die_in_the_text_is_an_extra_damage_effect() -> None:
    """'+1d10 DAM', '+2d6 damage'... each is an extra_damage of those dice, in order."""
    for table in all_tables()[:4]:
        for row in table.rows:
            assert extra(row) == re.findall(r"\+(\d+d\d+)", row.text), (table.id, row.label)


def test_every_pc_level_dc_in_the_text_is_a_save_with_that_formula() -> None:
    for table in all_tables()[:4]:
        for row in table.rows:
            dcs = re.findall(r"DC (\d+) ?\+ ?PC (?:LVL|level)", row.text)
            saves = [e for e in row.effects if isinstance(e, SaveOr)]
            assert [s.dc for s in saves if isinstance(s.dc, str)] == [f"{d}+level" for d in dcs]
            assert all(s.ability == "CON" for s in saves)


KEYWORDS: dict[str, str] = {
    r"PRONE": "PRONE",
    r"STUNNED": "STUNNED",
    r"(?i)paraly": "PARALYSED",
    r"BLINDED for": "BLINDED",
    r"INCAPACITATED": "INCAPACITATED",
    r"(?i)unconscious|faint": "UNCONSCIOUS",
    r"can't move": "cant_move",
    r"can move only NEAR": "move_near_only",
    r"can't act|no action|does nothing|action to stand|untangling": "cant_act",
    r"can't ATK|can't attack": "cant_attack",
    r"ATK is HARD": "attacks_hard",
    r"EASY to hit|ATK against you is EASY": "easy_to_hit",
}


def test_condition_words_in_the_text_are_condition_effects_and_vice_versa() -> None:
    for table in all_tables():
        for row in table.rows:
            named = {name for pattern, name in KEYWORDS.items() if re.search(pattern, row.text)}
            assert named == set(conditions(row)) - {"last_to_act", "cant_speak", "one_hand"}, \
                (table.id, row.label)


def test_other_phrases_map_to_their_effect_kinds() -> None:
    phrases = {
        r"another ATK|ATK again\b|ATK another|Continue to make ATK": "extra_attack",
        r"knocks weapon|drop your weapon": "weapon_dropped",
        r"sunders": "weapon_sundered",
        r"die instantly|dies instantly|decapitated": "instant_death",
        r"die in 1d4|expires in 1d4": "die_in",
        r"random ally CLOSE": "ally_damage",
    }
    for table in all_tables():
        for row in table.rows:
            found = {e.kind for e in walk(row.effects)}
            for pattern, kind in phrases.items():
                assert bool(re.search(pattern, row.text)) == (kind in found), \
                    (table.id, row.label, kind)


# --- spot checks against the seed ------------------------------------------------------------

def test_fighter_13_save_or_stunned() -> None:
    row = crit_table("fighter").lookup(13)
    assert row.text == ("Inflict +1d12 DAM, CON SAVE vs (DC 10+PC LVL), or become STUNNED "
                        "for 1d4 rounds.")
    dmg, save = row.effects
    assert dmg == ExtraDamage(dice="1d12")
    assert isinstance(save, SaveOr) and (save.ability, save.dc) == ("CON", "10+level")
    assert save.on_fail == [Condition.model_validate(
        {"name": "STUNNED", "duration": {"unit": "rounds", "dice": "1d4"}})]


def test_fighter_20_instant_death_if_fewer_hp_else_2d12() -> None:
    row = crit_table("fighter").lookup(20)
    assert row.text.startswith("The target dies instantly if it has less HP than you.")
    (death,) = row.effects
    assert isinstance(death, InstantDeath)
    assert death.when == "target_hp_below_attacker"
    assert death.otherwise == [ExtraDamage(dice="2d12")]


def test_fighter_24_and_28_plus() -> None:
    table = crit_table("fighter")
    row24 = table.lookup(24)
    assert extra(row24) == ["3d10"]
    save = row24.effects[1]
    assert isinstance(save, SaveOr) and save.dc == "10+level"
    assert save.on_fail == [InstantDeath()]
    row28 = table.lookup(28)
    assert row28.label == "28+"
    assert row28.text.startswith("Foe decapitated with a single strike. You are Death incarnate.")
    assert row28.effects == [InstantDeath(),
                             ExtraAttack(targets="near", until_miss=True)]


def test_fighter_rows_1_8_19_22_26_27() -> None:
    table = crit_table("fighter")
    assert table.lookup(1).effects == [ExtraDamage(dice="1d10"), AllyDamage(dice="1d4")]
    assert table.lookup(8).effects == [ExtraDamage(dice="1d10"),
                                       WeaponSundered(damage_if_unarmed="1d12")]  # R26
    assert table.lookup(19).effects[1] == ExtraAttack(targets="another_near",
                                                      only_if_target_dies=True)
    assert kinds(table.lookup(22)) == ["lose_half_hp"]
    assert conditions(table.lookup(26)) == {"PARALYSED": ("permanent", None)}
    assert kinds(table.lookup(27)) == ["extra_damage", "die_in"]


def test_cleric_16_17_sunders_enemy_weapon() -> None:
    table = crit_table("cleric")
    row = table.lookup(16)
    assert row is table.lookup(17) and row.label == "16-17"
    assert row.text == ("Inflict +1d8 DAM and sunders enemy's weapon. If he has no weapon, "
                        "inflict 1d12 damage instead.")
    assert row.effects == [ExtraDamage(dice="1d8"), WeaponSundered()]
    assert table.lookup(30).text == "Inflict +2d8 DAM and STUNNED for 1d4 rounds."
    assert conditions(table.lookup(21)) == {"move_near_only": ("encounter", None)}


def test_rogue_15_faint_from_the_pain_and_rogue_ends() -> None:
    table = crit_table("rogue")
    row = table.lookup(15)
    assert "or faint from the pain" in row.text
    save = row.effects[1]
    assert isinstance(save, SaveOr) and save.dc == "10+level"
    assert conditions(row) == {"UNCONSCIOUS": ("until_removed", None)}
    assert [e.kind for e in table.lookup(1).effects] == ["extra_damage", "flavour"]  # ugly scar
    assert conditions(table.lookup(8)) == {"STUNNED": ("rounds", "1")}
    assert conditions(table.lookup(7)) == {"cant_speak": ("encounter", None)}
    last = table.lookup(29)
    assert last.label == "28+" and extra(last) == ["3d6"]
    assert isinstance(last.effects[1], SaveOr) and last.effects[1].dc == "12+level"


def test_zero_level_20_and_27_plus() -> None:
    table = crit_table("zero_level")
    row = table.lookup(20)
    assert row.text == ("Inflict +1d8 DAM, and foe must make a DC 15 CON SAVE or spend next "
                        "round INCAPACITATED.")
    save = row.effects[1]
    assert isinstance(save, SaveOr) and save.dc == 15  # a fixed DC, not "+ PC LVL"
    assert conditions(row) == {"INCAPACITATED": ("next_round", None)}
    assert conditions(table.lookup(4)) == {"last_to_act": ("next_round", None)}  # R27
    assert table.lookup(27).label == "27+"
    assert conditions(table.lookup(30)) == {"STUNNED": ("next_round", None)}


def test_fumble_gear_rows_follow_r26() -> None:
    table = fumble_table()
    assert table.lookup(4).text == "Your weapon is damaged"
    assert table.lookup(4).effects == [WeaponNotched(notches=1)]
    assert table.lookup(7).text == "You drop your weapon."
    assert kinds(table.lookup(7)) == ["weapon_dropped"]
    assert table.lookup(8).text == "You accidentally smash your weapon"
    assert kinds(table.lookup(8)) == ["weapon_broken"]


def test_fumble_other_rows() -> None:
    table = fumble_table()
    save = table.lookup(2).effects[0]
    assert isinstance(save, SaveOr) and (save.ability, save.dc) == ("DEX", 10)
    assert conditions(table.lookup(3)) == {"attacks_hard": ("next_attack", None)}
    assert conditions(table.lookup(9)) == {"easy_to_hit": ("next_attack", None)}
    assert conditions(table.lookup(10)) == {"cant_move": ("rounds", "1d4")}
    assert kinds(table.lookup(11)) == ["attack_ally"]
    assert table.lookup(12).text == "You manage to hit yourself, taking normal DAM."
    assert kinds(table.lookup(12)) == ["hit_self"]


def test_injuries_rows() -> None:
    table = injuries_table()
    assert table.lookup(1).text == "A false hope, you're dead"
    assert kinds(table.lookup(1)) == ["dead"]
    assert [table.lookup(v).effects for v in range(2, 8)] == [
        [AbilityLoss(ability=a, dice="1d6")] for a in ("STR", "DEX", "CON", "INT", "WIS", "CHA")]
    lingering = table.lookup(8)
    assert lingering.label == "8-13" and table.lookup(13) is lingering
    assert kinds(lingering) == ["lingering"]
    assert table.lookup(20).text == "Instantly heal 1 HD" and kinds(table.lookup(20)) == ["heal_hd"]


def test_injuries_14_19_hard_until_rest_or_disadvantage_r21() -> None:
    row = injuries_table().lookup(14)
    assert row.label == "14-19"
    assert row.text == "All CHECKs are HARD until rest"
    assert row.alt_text == "Disadvantage all CHECKs until rest"
    (mod,) = row.effects
    assert isinstance(mod, CheckModifier)
    assert (mod.checks, mod.mode, mod.duration.unit, mod.alt_mode) == (
        ("all",), "HARD", "until_rest", "disadvantage")


def test_lingering_15_broken_weapon_and_16_damaged_armor_r26() -> None:
    table = lingering_injuries_table()
    assert table.lookup(15).text.startswith("Broken Weapon. Can't use weapon, until repaired")
    assert kinds(table.lookup(15)) == ["weapon_broken"]
    assert table.lookup(16).text.startswith("Damaged Armor. -2 to AC, until repeared.")
    assert table.lookup(16).effects == [ArmorDamage(points=2)]  # R15: two armor points


def test_lingering_other_rows() -> None:
    table = lingering_injuries_table()
    shock = table.lookup(1).effects[0]
    assert isinstance(shock, SaveOr) and shock.dc == "room"  # a bare "CON SAVE" (R30)
    torso = table.lookup(9).effects[0]
    assert isinstance(torso, SaveOr) and torso.every_round
    assert conditions(table.lookup(9)) == {"cant_act": ("this_round", None)}
    assert kinds(table.lookup(12)) == ["hp_loss_per_round"]
    assert kinds(table.lookup(3)) == ["check_modifier", "body_part_lost"]
    assert conditions(table.lookup(4)) == {"move_near_only": ("permanent", None)}
    assert table.lookup(20).flavour_only and table.lookup(17).text == "Minor Scar. Nothing."


def test_save_dc_formulas() -> None:
    assert save_dc("10+level", level=3, room_dc=12) == 13
    assert save_dc("15+level", level=10, room_dc=12) == 25
    assert save_dc(15, level=10, room_dc=12) == 15
    assert save_dc("room", level=10, room_dc=14) == 14


# --- dice by level and armor -----------------------------------------------------------------

def test_crit_die_for_every_level() -> None:
    assert [crit_die(level) for level in range(11)] == [
        "d4", "d6", "d8", "d10", "d12", "d20",
        "d20+2", "d20+4", "d20+6", "d20+8", "d20+10"]
    for level in (-1, 11):
        with pytest.raises(ValueError, match="no crit die"):
            crit_die(level)


def test_fumble_die_by_armor_weight_r31() -> None:
    assert [fumble_die(w) for w in ("none", "light", "medium", "heavy")] == [
        "d4", "d8", "d12", "d12"]
    with pytest.raises(ValueError, match="unknown armor weight"):
        fumble_die("mithril")


def test_class_to_crit_table() -> None:
    assert crit_kind_for_class("Fighter", 3) == "fighter"
    assert crit_kind_for_class("cleric", 1) == "cleric"
    assert crit_kind_for_class("rogue", 10) == "rogue"
    assert crit_kind_for_class("Magic-user", 5) == "zero_level"
    assert crit_kind_for_class("magic_user", 1) == "zero_level"
    assert crit_kind_for_class("fighter", 0) == "zero_level"
    assert crit_kind_for_class(None, 0) == "zero_level"
    assert crit_table_for_class("Magic-user", 7) is crit_table("zero_level")
    with pytest.raises(ValueError, match="no crit table"):
        crit_kind_for_class("bard", 2)


# --- rolling ---------------------------------------------------------------------------------

def test_tenth_level_fighter_rolling_20_gets_28_plus() -> None:
    roller = ScriptedRoller([20])
    record, row = roll_crit("fighter", 10, roller)
    assert roller.asked == [20]
    assert (record.expression, record.total) == ("1d20+10", 30)
    assert row.label == "28+"


@pytest.mark.parametrize(("class_id", "level", "face", "sides", "label"), [
    ("fighter", 3, 7, 10, "7"),
    ("cleric", 5, 16, 20, "16-17"),
    ("rogue", 6, 13, 20, "15"),          # d20+2: 13 + 2
    ("Magic-user", 4, 12, 12, "12-13"),  # the 0-levels' and Wizards' table
    ("fighter", 0, 4, 4, "4-5"),         # a 0-level rolls d4 on the 0-level table
])
def test_roll_crit_scripted(class_id: str, level: int, face: int, sides: int,
                            label: str) -> None:
    roller = ScriptedRoller([face])
    _record, row = roll_crit(class_id, level, roller)
    assert roller.asked == [sides]
    assert row.label == label


def test_roll_crit_typed_face() -> None:
    record, row = roll_crit("cleric", 8, TypedRoller(ScriptedRoller([]), {"crit": 19}))
    assert record.typed and record.total == 25 and row.label == "25"


def test_roll_fumble_uses_the_armor_die() -> None:
    roller = ScriptedRoller([8, 3])
    _, heavy = roll_fumble("heavy", roller)
    _, bare = roll_fumble("none", roller)
    assert roller.asked == [12, 4]
    assert kinds(heavy) == ["weapon_broken"]
    assert conditions(bare) == {"attacks_hard": ("next_attack", None)}
