"""R1 ability modifiers for every score 0..20, the loss kept apart (R29), races (R2)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from emberkeep.character.abilities import (
    ABILITIES,
    Ability,
    AbilityScore,
    AbilityScores,
    modifier,
)
from emberkeep.character.races import Race, apply_race, get_race, races
from emberkeep.character.skills import SKILL_ABILITY, Skill, skill_name

R1_TABLE = {
    0: -3, 1: -3, 2: -3, 3: -3, 4: -2, 5: -2, 6: -1, 7: -1, 8: -1,
    9: 0, 10: 0, 11: 0, 12: 0, 13: 1, 14: 1, 15: 1, 16: 2, 17: 2, 18: 3, 19: 3, 20: 4,
}


@pytest.mark.parametrize(("score", "expected"), sorted(R1_TABLE.items()))
def test_r1_modifier_for_every_score(score: int, expected: int) -> None:
    assert modifier(score) == expected


def test_r1_thirteen_is_plus_one_not_zero() -> None:
    """R1: the text lists 13 in both 9-13 and 13-15; the ruling gives it +1."""
    assert modifier(12) == 0
    assert modifier(13) == 1


@pytest.mark.parametrize("score", [-1, 21])
def test_r1_scores_outside_0_to_20_are_refused(score: int) -> None:
    with pytest.raises(ValueError, match="0 to 20"):
        modifier(score)
    with pytest.raises(ValidationError):
        AbilityScore(base=score)


def test_r29_loss_is_kept_apart_from_the_base() -> None:
    score = AbilityScore(base=14, loss=5)
    assert (score.base, score.loss, score.effective, score.modifier) == (14, 5, 9, 0)
    score.loss = 0
    assert score.effective == 14 and score.modifier == 1


def test_r22_a_loss_down_to_zero_reads_as_zero_and_flags_death() -> None:
    scores = AbilityScores.from_bases({a: 10 for a in ABILITIES})
    assert not scores.any_zero()
    scores.get(Ability.WIS).loss = 12
    assert scores.effective(Ability.WIS) == 0
    assert scores.any_zero()


def test_scores_need_all_six() -> None:
    with pytest.raises(ValueError, match="CHA"):
        AbilityScores.from_bases({a: 10 for a in ABILITIES[:5]})


def test_r7_skills_are_the_5e_list_with_their_abilities() -> None:
    assert len(Skill) == 18
    assert SKILL_ABILITY[Skill.ATHLETICS] is Ability.STR
    assert SKILL_ABILITY[Skill.STEALTH] is Ability.DEX
    assert SKILL_ABILITY[Skill.ARCANA] is Ability.INT
    assert SKILL_ABILITY[Skill.SURVIVAL] is Ability.WIS
    assert SKILL_ABILITY[Skill.PERSUASION] is Ability.CHA
    assert not [a for a in SKILL_ABILITY.values() if a is Ability.CON]
    assert skill_name(Skill.SLEIGHT_OF_HAND) == "Sleight of Hand"


# --- R2 races ----------------------------------------------------------------------------

def test_r2_races_as_written() -> None:
    catalog = races()
    assert list(catalog) == ["human", "dwarf", "elf", "halfling", "half_orc"]
    assert catalog["dwarf"].adjustments == {Ability.CON: 1, Ability.CHA: -1}
    assert catalog["elf"].adjustments == {Ability.INT: 1, Ability.CON: -1}
    assert catalog["halfling"].adjustments == {Ability.DEX: 1, Ability.STR: -1}
    assert catalog["half_orc"].adjustments == {Ability.STR: 1, Ability.INT: -1}
    human = catalog["human"]
    assert human.swap_scores and human.skill_picks == 1 and not human.adjustments


def test_r2_each_race_easy_check_is_structured() -> None:
    catalog = races()
    dwarf = catalog["dwarf"].easy_check
    assert dwarf is not None
    assert dwarf.skills == (Skill.HISTORY, Skill.INVESTIGATION)
    assert "architecture" in dwarf.situation
    elf = catalog["elf"].easy_check
    assert elf is not None and elf.skills == (Skill.PERCEPTION,)
    halfling = catalog["halfling"].easy_check
    assert halfling is not None and halfling.ability is Ability.CHA and not halfling.skills
    orc = catalog["half_orc"].easy_check
    assert orc is not None and orc.skills == (Skill.SURVIVAL,)
    assert "hunting or foraging" in orc.situation


def test_r2_gm_race_of_the_same_shape_validates() -> None:
    gnome = Race(id="gnome", name="Gnome", text=("+1 INT, -1 STR",),
                 adjustments={Ability.INT: 1, Ability.STR: -1},
                 easy_check={"skills": ["arcana"], "situation": "with clockwork"})
    assert gnome.adjustments[Ability.INT] == 1


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"adjustments": {"STR": 2, "CHA": -1}}, "\\+1 to one ability"),
        ({"adjustments": {"STR": 1}}, "\\+1 to one ability"),
        ({"adjustments": {"STR": 1, "CHA": -1}}, "exactly one feature"),
        ({"adjustments": {"STR": 1, "CHA": -1}, "swap_scores": True,
          "easy_check": {"ability": "STR", "situation": "x"}}, "only the Human"),
        ({}, "Human's shape"),
    ],
)
def test_r2_other_shapes_are_refused(fields: dict[str, object], message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        Race.model_validate({"id": "odd", "name": "Odd", "text": ["x"], **fields})


def _tens() -> dict[Ability, int]:
    return {a: 10 for a in ABILITIES}


def test_r2_adjustments_apply() -> None:
    scores = apply_race(_tens(), get_race("half_orc"))
    assert scores[Ability.STR] == 11 and scores[Ability.INT] == 9


def test_r2_human_swaps_two_scores() -> None:
    bases = {**_tens(), Ability.STR: 7, Ability.CON: 16}
    scores = apply_race(bases, get_race("human"), (Ability.STR, Ability.CON))
    assert scores[Ability.STR] == 16 and scores[Ability.CON] == 7


def test_r2_only_the_human_swaps() -> None:
    with pytest.raises(ValueError, match="only the Human"):
        apply_race(_tens(), get_race("elf"), (Ability.STR, Ability.CON))
    with pytest.raises(ValueError, match="two different"):
        apply_race(_tens(), get_race("human"), (Ability.STR, Ability.STR))


def test_r1_race_bonus_does_not_lift_an_18_past_the_natural_cap() -> None:
    """Decision (R1 "natural play caps at 18"): a Dwarf's 18 CON stays 18."""
    scores = apply_race({**_tens(), Ability.CON: 18}, get_race("dwarf"))
    assert scores[Ability.CON] == 18
    assert scores[Ability.CHA] == 9
