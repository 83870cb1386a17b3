"""The models start-up builds (the app's state, the campaign and everything a campaign's first
load holds) read their field annotations as objects: a string annotation is parsed as code by
pydantic when the model is built, at start-up."""

from __future__ import annotations

import importlib

import pytest
from pydantic import BaseModel

BUILT_AT_START = (
    "emberkeep.campaign.bestiary", "emberkeep.campaign.kept_combatants",
    "emberkeep.campaign.model", "emberkeep.campaign.recovery", "emberkeep.campaign.settings",
    "emberkeep.campaign.timeline",
    "emberkeep.character.abilities", "emberkeep.character.advancement",
    "emberkeep.character.archetypes", "emberkeep.character.classes",
    "emberkeep.character.feature_effects", "emberkeep.character.hit_points",
    "emberkeep.character.knight", "emberkeep.character.luck", "emberkeep.character.model",
    "emberkeep.character.occupations", "emberkeep.character.races",
    "emberkeep.character.sheet_conditions", "emberkeep.gear.catalog", "emberkeep.gear.inventory",
    "emberkeep.gear.magic_items", "emberkeep.gear.owned", "emberkeep.gear.purse",
    "emberkeep.gear.specs",
    "emberkeep.magic.limits", "emberkeep.magic.spell_effects", "emberkeep.magic.spells",
    "emberkeep.optional_rules.effort", "emberkeep.optional_rules.skill_challenge",
    "emberkeep.tables.base", "emberkeep.tables.duration",
)


@pytest.mark.parametrize("name", BUILT_AT_START)
def test_every_model_field_annotation_is_an_object(name: str) -> None:
    module = importlib.import_module(name)
    models = [value for value in vars(module).values()
              if isinstance(value, type) and issubclass(value, BaseModel)
              and value.__module__ == name]
    assert models, f"{name} defines no model"
    strings = [f"{model.__name__}.{field}" for model in models
               for field, annotation in vars(model).get("__annotations__", {}).items()
               if isinstance(annotation, str)]
    assert strings == []
