"""upgrade_spell_effects: a campaign's unedited copy of a shipped spell gets the
shipped levels' typed effects; an edited level and the rest of the file are left as they were."""

from __future__ import annotations

import json
from typing import Any

import pytest

from emberkeep.campaign.model import Campaign
from emberkeep.campaign.upgrade_magic import upgrade_spell_effects
from emberkeep.magic.spells import shipped_spells
from emberkeep.resources import resource_path


def _old_file_with_own_fireball() -> dict[str, Any]:
    text = resource_path("example_campaign.json").read_text(encoding="utf-8")
    doc: dict[str, Any] = json.loads(text)
    fireball = shipped_spells()["fireball"].model_dump(mode="json")
    for level in fireball["levels"]:
        del level["effects"]  # as the spell editor saved it before levels had typed effects
    fireball["levels"][0]["text"] = "2d6 fire DAM (1d)"  # the GM's own level 1
    fireball["levels"][0]["damage"] = "2d6"
    doc["spells"] = [fireball]
    return doc


def test_unedited_levels_get_the_shipped_effects_edited_ones_do_not() -> None:
    doc = _old_file_with_own_fireball()
    before = json.dumps(doc, sort_keys=True)
    upgraded = upgrade_spell_effects(doc)
    assert json.dumps(doc, sort_keys=True) == before  # pure: the input is untouched
    levels = upgraded["spells"][0]["levels"]
    assert "effects" not in levels[0]  # the GM's own words: theirs to type
    assert levels[1]["effects"] == [{"kind": "damage", "area": "close", "centre": "target",
                                     "foes_only": False, "save": None, "save_hard": False,
                                     "dice": None, "each_round": None}]
    spell = Campaign.model_validate(upgraded).spells[0]
    assert spell.levels[4].effects == shipped_spells()["fireball"].levels[4].effects
    upgraded["spells"] = doc["spells"]
    assert upgraded == doc  # nothing else changed


def test_a_file_without_own_spells_is_unchanged() -> None:
    doc = json.loads(resource_path("example_campaign.json").read_text(encoding="utf-8"))
    assert upgrade_spell_effects(doc) == doc


@pytest.mark.parametrize("spells", [None, 3, ["fireball"], [{"id": "fireball", "levels": None}],
                                    [{"id": "fireball", "levels": [None, 7]}]])
def test_a_misshapen_file_is_left_for_the_loader_to_refuse(spells: object) -> None:
    """The 1 → 2 step runs before validation (found by the recovery fuzz test): odd shapes pass
    through unchanged, so the loader names the field instead of a TypeError escaping."""
    doc = {"schema_version": 1, "spells": spells}
    assert upgrade_spell_effects(doc) == doc
