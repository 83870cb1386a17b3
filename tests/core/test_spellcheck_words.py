"""The SPELLCHECK in the words a GM reads out (R8, R9, R10, R29): what was rolled against
what, the verdict, what the spell does, and what its spell dice are for."""

from __future__ import annotations

from emberkeep.dice import ScriptedRoller, roll
from emberkeep.magic import HARD, spellcheck, with_luck
from emberkeep.magic.spellcheck import spellcheck_words
from emberkeep.magic.spells import shipped_spells

FIREBALL = shipped_spells()["fireball"]


def _cast(face: int, *, mod: int = 2, prof: int = 1, dc: int = 12, shift: int = 0,
          caster: str = "magic_user", disapproval: int = 1, spell: bool = True,
          more: list[int] | None = None) -> list[str]:
    result = spellcheck(ScriptedRoller([face, *(more or [])]), caster=caster,  # type: ignore[arg-type]
                        ability_mod=mod, prof=prof, room_dc=dc, dc_shift=shift,
                        spell=FIREBALL if spell else None, disapproval_range=disapproval)
    return spellcheck_words(result)


def test_a_failure_reads_once_with_its_reason() -> None:
    """Not "1d20: [7] +3 = 10 = 10 vs DC 12": each number once, the verdict in words."""
    assert _cast(7) == ["Rolled 7 + 3 SPELLCHECK = 10 against DC 12: fails.",
                        "11 or less reaches no Success Level."]


def test_a_success_says_its_level_its_effect_and_its_dice() -> None:
    assert _cast(14) == [
        "Rolled 14 + 3 SPELLCHECK = 17 against DC 12: succeeds at Success Level 2.",
        "Fireball at Success Level 2: 1d6 fire DAM (1d); in CLOSE of the target (1d)",
        "Spell dice: 2 × d6 (ranged damage), spent as the line above says."]


def test_a_natural_20_says_what_its_two_extra_dice_are_for() -> None:
    """20 + 3 + 2 (2×PROF) = 25, level 3: four dice the level's text spends (3d6 DAM, 1d
    CLOSE), and the natural 20's +2d to add to the effect (R8)."""
    words = _cast(20)
    assert words[0] == ("Rolled 20 + 3 SPELLCHECK + 2 for the natural 20 (2 × PROF) = 25 "
                        "against DC 12: succeeds at Success Level 3.")
    assert words[2] == ("Spell dice: 6 × d6 (ranged damage): 4 spent as the line above says, "
                        "and 2 more for the natural 20 (R8) to add to the effect: more damage, "
                        "a longer duration or a wider area, as the GM and the caster agree.")


def test_the_room_dc_made_hard_and_missed() -> None:
    assert _cast(10, shift=HARD) == [
        "Rolled 10 + 3 SPELLCHECK = 13 against DC 15 (ROOM DC 12, HARD): fails.",
        "13 would be Success Level 1, but it is below the DC: Fireball fails whatever its "
        "level (R8)."]


def test_a_negative_modifier_and_a_cleric_disapproval() -> None:
    words = _cast(3, mod=-2, prof=1, caster="cleric", disapproval=3, spell=False)
    assert words[0] == "Rolled 3 - 1 SPELLCHECK = 2 against DC 12: fails."
    assert words[1] == ("A natural 3 is within the disapproval range 1-3: the prayer fails and "
                        "the god disapproves (R10); the GM rules on it.")


def test_a_natural_1_names_its_mishap() -> None:
    """Fireball's own mishap table (d6): 4."""
    words = _cast(1, more=[4])
    assert words[:2] == ["Rolled 1 + 3 SPELLCHECK = 4 against DC 12: fails.",
                         "A natural 1: the spell fails with a MISHAP."]
    assert words[2].startswith("Mishap, 1d6 rolled 4: ")


def test_a_luck_die_is_added_and_its_cap_said() -> None:
    """12 + 3 = 15, level 1; a Luck Die's 6 makes 21 (level 3 on the table), moved one step
    only: level 2 (R8, R29)."""
    result = spellcheck(ScriptedRoller([12]), caster="magic_user", ability_mod=2, prof=1,
                        room_dc=12, spell=FIREBALL)
    lucky = with_luck(result, roll("d6", ScriptedRoller([6])))
    words = spellcheck_words(lucky)
    assert words[0] == ("Rolled 12 + 3 SPELLCHECK + 6 Luck Die = 21 against DC 12: succeeds "
                        "at Success Level 2.")
    assert words[1] == ("The Luck Die moves the Success Level one step at most (R8): from 1 "
                        "to 2.")


def test_the_depletion_save_reads_as_a_gm_says_it() -> None:
    """R10: d20 8 + 3 = 11 against DC 12 fails; 15 + 3 = 18 succeeds."""
    from emberkeep.magic.limits import depletion_save

    assert depletion_save(ScriptedRoller([8]), save_bonus=3, room_dc=12).words() == (
        "Rolled 8 + 3 INT SAVE = 11 against DC 12: fails: no casting until a long rest "
        "(R10, R29).")
    assert depletion_save(ScriptedRoller([15]), save_bonus=3, room_dc=12).words() == (
        "Rolled 15 + 3 INT SAVE = 18 against DC 12: succeeds: the count of spells starts "
        "again.")


def test_lay_on_hands_says_what_limited_the_hd() -> None:
    """R11: 13 + 3 = 16 grants 2 HD; Brannoc (3rd level) has 1 in his pool, so 1 is spent and
    heals 5."""
    from emberkeep.magic.lay_on_hands import heal_with_hit_dice, lay_on_hands_check

    check = lay_on_hands_check(ScriptedRoller([13]), wis_mod=2, prof=1, room_dc=12)
    healed = heal_with_hit_dice(check, ScriptedRoller([5]), target_level=3, hd_available=1,
                                hit_die=10)
    assert healed.words("Brannoc") == ("Lay on Hands: 2 HD granted, 1 spent (all Brannoc's HD "
                                       "pool has): Brannoc heals 5 HP (R11, R29).")
    failed = lay_on_hands_check(ScriptedRoller([5]), wis_mod=2, prof=1, room_dc=12)
    nothing = heal_with_hit_dice(failed, ScriptedRoller([]), target_level=1, hd_available=1,
                                 hit_die=10)
    assert nothing.words("Brannoc") == "Lay on Hands: no HD granted; Brannoc heals nothing (R11)."
