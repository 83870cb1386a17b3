"""A sheet that refuses nonsense: levels only by leveling up, spells only by casters
within R10's limit, cantrips only where a class or feature gives them, R32's XP thresholds, and
the level-up preview and outcome with the die as it fell (R5, R6)."""

from __future__ import annotations

import pytest

from emberkeep.campaign.example import build_example_campaign
from emberkeep.character.archetypes import ChosenFeature
from emberkeep.character.catalog import SHIPPED, Catalog
from emberkeep.character.level_preview import level_up_outcome, level_up_preview
from emberkeep.character.leveling import level_up
from emberkeep.character.model import Character
from emberkeep.character.sheet_rules import (
    class_refusal,
    hand_edit_refusal,
    learn_refusal,
    level_up_readiness,
    ordinal,
)
from emberkeep.dice import ScriptedRoller
from emberkeep.magic.spells import Spell


def _pc(name: str) -> Character:
    return next(c for c in build_example_campaign().characters if c.name.startswith(name))


def test_a_level_is_never_typed_only_gained() -> None:
    brannoc = _pc("Brannoc")
    reason = hand_edit_refusal(brannoc, "level", 5, SHIPPED)
    assert reason is not None and "Level Up" in reason and "R6" in reason
    assert hand_edit_refusal(brannoc, "level", 1, SHIPPED) is None  # unchanged: nothing to refuse
    assert hand_edit_refusal(brannoc, "xp", 500, SHIPPED) is None  # XP is the GM's to award


def test_a_levelled_characters_class_is_never_changed_by_hand() -> None:
    """A class is chosen when a funnel survivor reaches 1st level (R5), by Level Up: a 1st-level
    Fighter made a Magic-user by hand would keep the d10 HP, the STR save and the features."""
    brannoc = _pc("Brannoc")
    reason = hand_edit_refusal(brannoc, "class_id", "magic_user", SHIPPED)
    assert reason == (
        "Brannoc Ironhand is a 1st-level Fighter: a class is chosen once, when advancing from "
        "the funnel (R5), with Level Up; changing it by hand would keep the old class's hit "
        "points, saves and features")
    assert reason == class_refusal(brannoc)
    assert hand_edit_refusal(brannoc, "class_id", None, SHIPPED) == reason
    assert hand_edit_refusal(brannoc, "class_id", "fighter", SHIPPED) is None  # unchanged


def test_a_0_level_character_takes_a_class_only_by_level_up_and_keeps_its_other_edits() -> None:
    zero = next(c for c in build_example_campaign().characters if c.level == 0)
    reason = hand_edit_refusal(zero, "class_id", "fighter", SHIPPED)
    assert reason is not None and "0-level" in reason and "Level Up" in reason
    assert hand_edit_refusal(zero, "name", "Mags the Lucky", SHIPPED) is None
    assert hand_edit_refusal(zero, "race", "dwarf", SHIPPED) is None
    assert hand_edit_refusal(zero, "xp", 10, SHIPPED) is None


def test_r8_a_fighter_learns_no_spell_a_magic_user_does() -> None:
    brannoc, ysolde = _pc("Brannoc"), _pc("Ysolde")
    reason = learn_refusal(brannoc, SHIPPED, "fireball")
    assert reason is not None and "Fighter" in reason and "R8" in reason
    assert hand_edit_refusal(brannoc, "spells_known", ["fireball"], SHIPPED) == reason
    ysolde.spells_known = ["fireball"]
    assert learn_refusal(ysolde, SHIPPED, "chill_touch") is None
    assert "already known" in (learn_refusal(ysolde, SHIPPED, "fireball") or "")


def test_r10_the_limit_refuses_one_more_and_forgetting_is_always_allowed() -> None:
    """Ysolde: Magic-user 1 + LVL 1 + INT +2 = 4 spells, and she knows 4."""
    ysolde = _pc("Ysolde")
    assert len(ysolde.spells_known) == 4
    extra = [*ysolde.spells_known, "animate_dead"]
    reason = hand_edit_refusal(ysolde, "spells_known", extra, SHIPPED)
    assert reason is not None and "limit of 4 (R10)" in reason
    assert hand_edit_refusal(ysolde, "spells_known", ysolde.spells_known[:2], SHIPPED) is None


def test_a_campaigns_own_spell_is_learned_an_unknown_one_is_not() -> None:
    class Own:
        archetypes: tuple[()] = ()
        magic_items: tuple[()] = ()
        spells = (Spell.model_validate({
            **SHIPPED.spell("fireball").model_dump(), "id": "cinder_rain",
            "name": "Cinder Rain"}),)

    maud = _pc("Sister Maud")
    maud.spells_known = ["bless"]
    assert learn_refusal(maud, Catalog(Own()), "cinder_rain") is None
    assert "no spell 'cinder_rain'" in (learn_refusal(maud, SHIPPED, "cinder_rain") or "")


def test_cantrips_only_from_a_class_or_a_feature_that_gives_them() -> None:
    """Magic-user: 2 cantrips (classes.json); Arcane Trickster's Trickster: one (archetypes)."""
    ysolde, wren, brannoc = _pc("Ysolde"), _pc("Wren"), _pc("Brannoc")
    assert "all 2 allowed" in (learn_refusal(ysolde, SHIPPED, "whisper", cantrip=True) or "")
    assert "learns no cantrips" in (learn_refusal(brannoc, SHIPPED, "whisper", cantrip=True)
                                    or "")
    assert learn_refusal(wren, SHIPPED, "whisper", cantrip=True) is not None
    wren.archetype_features.append(ChosenFeature(feature_id="trickster", level=2))
    assert learn_refusal(wren, SHIPPED, "whisper", cantrip=True) is None


@pytest.mark.parametrize(("level", "xp", "text"), [
    (1, 14, "36 XP to 2nd (at 50, R32)"),
    (1, 50, "ready to level up to 2nd (50 XP, R32)"),
    (2, 110, "ready to level up to 3rd (110 XP, R32)"),
    (10, 5000, "10th level is the last"),
])
def test_r32_xp_thresholds_say_ready_to_level_up(level: int, xp: int, text: str) -> None:
    brannoc = _pc("Brannoc")
    brannoc.level, brannoc.xp = level, xp
    assert level_up_readiness(brannoc) == text


def test_ordinals() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]


def test_level_up_preview_and_outcome_show_r5_and_r6() -> None:
    """Brannoc, Fighter d10, CON +1, 7 HP: 2nd level rolls d10 with R5's floor min(1 + 1, 5) = 2
    (9-17 HP); PROF stays +1; one more hit die; an archetype feature. A scripted 1 gives +2."""
    brannoc = _pc("Brannoc")
    assert level_up_preview(brannoc, SHIPPED) == [
        "Level 1 → 2",
        "PROF +1 → +1 (R6)",
        "Max HP 7 + d10, at least 2 (R5: 1 + CON +1, at most half the die): 9-17",
        "Hit-dice pool +1 (R6: one per level to 5th)",
        "Choose an archetype feature (R6)",
    ]
    before = brannoc.model_copy(deep=True)
    result = level_up(brannoc, SHIPPED, ScriptedRoller([1]), archetype_feature="rage")
    assert level_up_outcome(before, brannoc, result.hp) == (
        "Brannoc Ironhand is level 2: d10 rolled 1 → +2 HP (R5 floor: 1 + CON, at most half the "
        "die), max HP 7 → 9, PROF +1, hit-dice pool 2")


def test_level_up_preview_past_fifth_is_fixed_and_pool_stops() -> None:
    """R5: Fighter +3 fixed from 6th; R6: PROF +3 at 5th-8th; the pool stops at 5."""
    brannoc = _pc("Brannoc")
    brannoc.level, brannoc.max_hp, brannoc.hp = 5, 40, 40
    lines = level_up_preview(brannoc, SHIPPED)
    assert lines[1] == "PROF +3 → +3 (R6)"
    assert lines[2] == "Max HP 40 → 43 (+3 fixed, no roll, R5)"
    assert lines[3] == "Choose +1 to an ability score (R6)"
