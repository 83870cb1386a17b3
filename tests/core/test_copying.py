"""Copying a spell (the Wizard's "Copying spells are cheaper or EASY"): an INT
(Arcana) CHECK against the ROOM DC, EASY for the Wizard (R7: DC − 3), learns the spell on a
success, within R10's limit. Ysolde: INT +2, PROF +1 (proficient in Arcana)."""

from __future__ import annotations

import pytest

from emberkeep.campaign.example import build_example_campaign
from emberkeep.character.archetypes import ChosenFeature
from emberkeep.character.catalog import SHIPPED
from emberkeep.character.copying import copy_spell
from emberkeep.character.model import Character
from emberkeep.dice import ScriptedRoller


def _ysolde(wizard_copies: bool) -> Character:
    ysolde = next(c for c in build_example_campaign().characters if c.name.startswith("Ysolde"))
    ysolde.spells_known = ["fireball"]
    if wizard_copies:
        ysolde.archetype_features.append(ChosenFeature(feature_id="cheap_copying", level=2))
    return ysolde


@pytest.mark.parametrize(("wizard_copies", "learned"), [(False, False), (True, True)])
def test_copying_is_an_arcana_check_easy_for_the_wizard(wizard_copies: bool,
                                                         learned: bool) -> None:
    """d20 8 + INT 2 + PROF 1 = 11: fails DC 12, succeeds against the Wizard's EASY 9."""
    ysolde = _ysolde(wizard_copies)
    result = copy_spell(ysolde, SHIPPED, "animate_dead", 12, ScriptedRoller([8]))
    assert (result.total, result.dc, result.success) == (11, 9 if wizard_copies else 12, learned)
    assert ("animate_dead" in ysolde.spells_known) is learned


def test_copying_is_refused_before_the_roll_for_a_fighter() -> None:
    brannoc = next(c for c in build_example_campaign().characters
                   if c.name.startswith("Brannoc"))
    with pytest.raises(ValueError, match="only Clerics and Magic-users"):
        copy_spell(brannoc, SHIPPED, "fireball", 12, ScriptedRoller([]))
