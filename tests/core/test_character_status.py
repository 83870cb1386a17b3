"""Alive, dying, dead (R21, R22) and the sheet's armor class with the Defense style."""

from __future__ import annotations

from emberkeep.campaign.example import build_example_campaign
from emberkeep.character.abilities import Ability, AbilityScore
from emberkeep.character.catalog import SHIPPED
from emberkeep.character.model import Character
from emberkeep.character.status import Status, character_armor_class


def _fighter() -> Character:
    campaign = build_example_campaign()
    return next(c for c in campaign.characters if c.class_id == "fighter")


def _status_at(character: Character, hp: int) -> Status:
    character.hp = hp
    return character.status


def test_r21_dying_at_zero_hp() -> None:
    fighter = _fighter()
    assert fighter.status is Status.ALIVE
    assert _status_at(fighter, 0) is Status.DYING


def test_r22_dead_at_minus_three_plus_level_plus_con() -> None:
    fighter = _fighter()  # level 1, CON 15 → +1: dead at -(3 + 1 + 1) = -5
    assert fighter.death_threshold == -5
    assert _status_at(fighter, -4) is Status.DYING
    assert _status_at(fighter, -5) is Status.DEAD


def test_r22_dead_when_a_score_reaches_zero() -> None:
    fighter = _fighter()
    fighter.scores.STR = AbilityScore(base=fighter.scores.STR.base, loss=20)
    assert fighter.status is Status.DEAD


def test_dead_when_recorded() -> None:
    fighter = _fighter()
    fighter.alive = False
    assert fighter.status is Status.DEAD


def test_defense_style_adds_one_ac() -> None:
    fighter = _fighter()  # scale mail 14 + shield 2, Defense style
    assert fighter.fighting_style == "defense"
    assert character_armor_class(fighter, SHIPPED) == 17
    fighter.fighting_style = "archery"
    assert character_armor_class(fighter, SHIPPED) == 16
    assert fighter.modifier(Ability.DEX) == 0
