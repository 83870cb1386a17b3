"""Conditions read as words, never as the engine's keys."""

from __future__ import annotations

import pytest

from emberkeep.encounter.condition_names import condition_label


@pytest.mark.parametrize(("name", "shown"), [
    ("PRONE", "PRONE"), ("attacks_hard", "attacks HARD"), ("hp_loss:3", "loses 3 HP a round"),
    ("HARD:STR", "STR HARD"), ("save_each_round:CON", "CON SAVE each round"),
    ("cant_be_healed", "can't be healed"), ("cant_cast", "can't cast until REST"),
    ("polymorphed", "polymorphed"), ("Rage", "Rage"), ("hands polymorphed", "hands polymorphed"),
    ("HARD:ranged_attacks", "ranged attacks HARD"),
])
def test_condition_labels(name: str, shown: str) -> None:
    assert condition_label(name) == shown


def test_a_barred_spell_is_named() -> None:
    assert condition_label("cant_cast:chill_touch", {"chill_touch": "Chill Touch"}.__getitem__) \
        == "can't cast Chill Touch until REST"
