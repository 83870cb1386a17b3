"""SPELLCHECK (R8, R7 EASY/HARD, R29 Luck Die): bands, ROOM DC, natural 20 and natural 1."""

from __future__ import annotations

import pytest

from emberkeep.character.catalog import SHIPPED
from emberkeep.dice import ScriptedRoller, TypedRoller, roll
from emberkeep.magic import EASY, HARD, spell_dice_count, spellcheck, with_luck


@pytest.mark.parametrize(
    ("total", "level", "dice"),
    [
        (11, 0, None),  # 11 or less: failure
        (12, 1, 1),  # 12-15: level 1, base effect (1d)
        (15, 1, 1),
        (16, 2, 2),  # 16-20: base + 1d
        (20, 2, 2),
        (21, 3, 4),  # 21-26: base + 3d
        (26, 3, 4),
        (27, 4, 7),  # 27-31: base + 6d
        (31, 4, 7),
        (32, 5, 11),  # 32-35: base + 10d
        (35, 5, 11),
        (36, 6, None),  # 36+: WONDER, the GM's call
    ],
)
def test_r8_band_edges(total: int, level: int, dice: int | None) -> None:
    result = spellcheck(ScriptedRoller([10]), caster="magic_user", ability_mod=total - 10,
                        prof=0, room_dc=10)
    assert result.total == total
    assert result.level == level
    assert result.band_level == level
    assert result.spell_dice == dice
    assert result.success is (level > 0)
    assert result.failure == (None if level else "too_low")
    assert result.wonder is (level == 6)


def test_r8_total_is_d20_plus_modifier_plus_prof() -> None:
    result = spellcheck(ScriptedRoller([9]), caster="cleric", ability_mod=3, prof=2, room_dc=12)
    assert result.check.natural == 9
    assert result.total == 14
    assert result.level == 1


def test_r8_room_dc_fails_even_at_level_two() -> None:
    result = spellcheck(ScriptedRoller([11]), caster="magic_user", ability_mod=3, prof=2,
                        room_dc=17)
    assert result.total == 16
    assert result.band_level == 2
    assert result.level == 0
    assert result.failure == "room_dc"
    assert result.spell_dice is None


def test_r8_room_dc_reached_exactly_succeeds() -> None:
    result = spellcheck(ScriptedRoller([11]), caster="magic_user", ability_mod=3, prof=2,
                        room_dc=16)
    assert result.success and result.level == 2


def test_r7_hard_spellcheck_adds_three_to_the_room_dc() -> None:
    # Arcane Trickster: "Read arcane scrolls, HARD SPELLCHECK".
    hard = spellcheck(ScriptedRoller([11]), caster="magic_user", ability_mod=3, prof=2,
                      room_dc=14, dc_shift=HARD)
    assert hard.dc == 17
    assert hard.failure == "room_dc"
    easy = spellcheck(ScriptedRoller([11]), caster="magic_user", ability_mod=3, prof=2,
                      room_dc=18, dc_shift=EASY)
    assert easy.dc == 15
    assert easy.success and easy.level == 2


def test_r8_natural_20_adds_double_prof_and_two_dice() -> None:
    # d20 20 + INT 3 + PROF 2 = 25 (level 3); the crit adds 2×PROF = 4 → 29, level 4.
    result = spellcheck(ScriptedRoller([20]), caster="magic_user", ability_mod=3, prof=2,
                        room_dc=12)
    assert result.crit
    assert result.crit_bonus == 4
    assert result.total == 29
    assert result.level == 4
    assert result.spell_dice == 1 + 6 + 2


def test_r8_natural_20_with_a_spell_adds_two_dice_to_its_noted_count() -> None:
    result = spellcheck(ScriptedRoller([20]), caster="magic_user", ability_mod=3, prof=2,
                        room_dc=12, spell=SHIPPED.spell("fireball"))
    assert result.level == 4
    assert result.effect is not None
    assert result.effect.text.startswith("5d6 fire DAM (5d)")
    assert result.spell_dice == 7 + 2


def test_r8_natural_1_magic_user_rolls_the_general_mishap_table() -> None:
    roller = ScriptedRoller([1, 7])
    result = spellcheck(roller, caster="magic_user", ability_mod=4, prof=3, room_dc=5)
    assert roller.asked == [20, 20]
    assert result.failure == "natural_1"
    assert result.level == 0
    assert not result.disapproval
    assert result.mishap is not None
    assert result.mishap.table_id == "mishap_general"
    assert result.mishap.row.text == "Caster is FRIGHTENED, WIS SAVE"
    assert result.mishap.row.save == "WIS"
    assert result.rolls == (result.check, result.mishap.record)


def test_r8_natural_1_general_mishap_backfire_rolls_d6_for_success_level() -> None:
    roller = ScriptedRoller([1, 20, 4])
    result = spellcheck(roller, caster="magic_user", ability_mod=2, prof=1, room_dc=12,
                        spell=SHIPPED.spell("chill_touch"))  # no table of its own
    assert roller.asked == [20, 20, 6]
    assert result.mishap is not None
    assert result.mishap.row.text == "Backfires on the caster (roll d6 for Success Level)"
    assert result.mishap.success_level is not None
    assert result.mishap.success_level.total == 4


def test_r8_natural_1_with_fireball_rolls_its_own_d6_table() -> None:
    roller = ScriptedRoller([1, 3])
    result = spellcheck(roller, caster="magic_user", ability_mod=2, prof=1, room_dc=12,
                        spell=SHIPPED.spell("fireball"))
    assert roller.asked == [20, 6]
    assert result.mishap is not None
    assert result.mishap.table_id == "mishap_fireball"
    assert result.mishap.row.text == ("A fire bubble expodes in the caster's hand, "
                                      "1d6 damage and caster is FRIGHTENED, WISE SAVE")
    assert result.mishap.row.save == "WIS"


def test_r8_natural_1_with_polymorph_rolls_the_polymorph_table() -> None:
    roller = ScriptedRoller([1, 5, 2])
    result = spellcheck(roller, caster="magic_user", ability_mod=2, prof=1, room_dc=12,
                        spell=SHIPPED.spell("polymorph"))
    assert roller.asked == [20, 6, 6]
    assert result.mishap is not None
    assert result.mishap.table_id == "mishap_polymorph"
    assert result.mishap.row.text == ("Caster summons the creature instead of polymorph "
                                      "(roll d6 for Success Level)")
    assert result.mishap.success_level is not None
    assert result.mishap.success_level.total == 2


def test_r8_r10_natural_1_cleric_is_a_disapproval_not_a_mishap() -> None:
    roller = ScriptedRoller([1])
    result = spellcheck(roller, caster="cleric", ability_mod=3, prof=2, room_dc=5)
    assert roller.asked == [20]
    assert result.mishap is None
    assert result.disapproval
    assert result.failure == "disapproval"
    assert result.level == 0


def test_r10_cleric_natural_roll_inside_a_wider_range_is_a_disapproval() -> None:
    inside = spellcheck(ScriptedRoller([3]), caster="cleric", ability_mod=10, prof=2,
                        room_dc=10, disapproval_range=3)
    assert inside.disapproval and inside.failure == "disapproval"
    outside = spellcheck(ScriptedRoller([4]), caster="cleric", ability_mod=10, prof=2,
                         room_dc=10, disapproval_range=3)
    assert not outside.disapproval
    assert outside.total == 16 and outside.level == 2


def test_r10_disapproval_range_does_not_touch_a_magic_user() -> None:
    result = spellcheck(ScriptedRoller([3]), caster="magic_user", ability_mod=10, prof=2,
                        room_dc=10, disapproval_range=5)
    assert not result.disapproval and result.level == 1


@pytest.mark.parametrize(
    ("before", "luck_face", "after_total", "after_level"),
    [
        (15, 6, 21, 2),  # band 3 reached, capped at one step: level 2
        (15, 1, 16, 2),  # an honest one step
        (11, 6, 17, 1),  # failure → at most level 1
        (20, 3, 23, 3),  # 2 → 3
        (12, 2, 14, 1),  # no band change
    ],
)
def test_r8_r29_luck_die_moves_the_level_at_most_one(before: int, luck_face: int,
                                                     after_total: int, after_level: int) -> None:
    result = spellcheck(ScriptedRoller([10]), caster="magic_user", ability_mod=before - 10,
                        prof=0, room_dc=10)
    lucky = with_luck(result, roll("d6", ScriptedRoller([luck_face])))
    assert lucky.total == after_total
    assert lucky.level == after_level
    assert lucky.band_before_luck == result.band_level
    assert lucky.rolls[-1] is lucky.luck


def test_r29_luck_die_can_lift_a_total_over_the_room_dc() -> None:
    result = spellcheck(ScriptedRoller([9]), caster="magic_user", ability_mod=3, prof=2,
                        room_dc=16)
    assert result.total == 14 and result.failure == "room_dc"
    lucky = with_luck(result, roll("d6", ScriptedRoller([3])))
    assert lucky.total == 17
    assert lucky.success and lucky.level == 2


def test_r29_luck_die_cannot_undo_a_natural_1_or_be_spent_twice() -> None:
    result = spellcheck(ScriptedRoller([1, 2]), caster="magic_user", ability_mod=3, prof=2,
                        room_dc=5)
    lucky = with_luck(result, roll("d6", ScriptedRoller([6])))
    assert lucky.failure == "natural_1" and lucky.mishap == result.mishap
    with pytest.raises(ValueError, match="already"):
        with_luck(lucky, roll("d6", ScriptedRoller([6])))


def test_typed_d20_from_a_physical_die() -> None:
    roller = ScriptedRoller([])
    typed = TypedRoller(roller, {"spellcheck": 14})
    result = spellcheck(typed, caster="cleric", ability_mod=2, prof=1, room_dc=12)
    assert roller.asked == [] and not typed.typed
    assert result.check.typed and result.total == 17 and result.level == 2


@pytest.mark.parametrize(
    ("level", "base", "crit", "dice"),
    [(0, 1, False, None), (1, 1, False, 1), (2, 1, False, 2), (3, 1, False, 4),
     (4, 1, False, 7), (5, 1, False, 11), (6, 1, False, None), (3, 2, False, 5),
     (1, 1, True, 3), (5, 1, True, 13), (6, 1, True, None)],
)
def test_r8_spell_dice_by_level(level: int, base: int, crit: bool, dice: int | None) -> None:
    assert spell_dice_count(level, base=base, crit=crit) == dice


def test_r8_animate_dead_level_1_is_still_failure() -> None:
    spell = SHIPPED.spell("animate_dead")
    low = spellcheck(ScriptedRoller([10]), caster="magic_user", ability_mod=3, prof=0,
                     room_dc=12, spell=spell)
    assert low.band_level == 1
    assert low.failure == "spell_fails"
    assert low.effect is None
    two = spellcheck(ScriptedRoller([10]), caster="magic_user", ability_mod=7, prof=0,
                     room_dc=12, spell=spell)
    assert two.level == 2
    assert two.effect is not None
    assert two.effect.text == "Rise a zombie (1d)\nfor 1d4 turn (1d)"
    assert two.spell_dice == 2


def test_r8_wonder_with_a_spell_reads_its_level_6_text() -> None:
    result = spellcheck(ScriptedRoller([10]), caster="magic_user", ability_mod=26, prof=0,
                        room_dc=12, spell=SHIPPED.spell("fireball"))
    assert result.wonder
    assert result.spell_dice is None
    assert result.effect is not None
    assert result.effect.text == ("12d6 fire DAM to everyone NEAR and\n"
                                  "the survivors run away FRIGHTENED")
