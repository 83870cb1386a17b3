"""Every archetype feature shipped acts through a typed effect the engine or the
sheet applies, or says in its data why (that part of) it is the GM's call; a feature with
neither fails here. Names are what the GM sees, never the ids."""

from __future__ import annotations

import pytest

from emberkeep.character.archetypes import ArchetypeFeature, shipped_archetypes

FEATURES = [(a.id, f) for a in shipped_archetypes().values() for f in a.features]


@pytest.mark.parametrize(("archetype", "feature"), FEATURES,
                         ids=[f"{a}-{f.id}" for a, f in FEATURES])
def test_each_feature_has_an_effect_or_a_stated_reason(archetype: str,
                                                       feature: ArchetypeFeature) -> None:
    assert feature.effects or feature.gm_call.strip(), (
        f"{archetype}: {feature.name} has no typed effect and no reason it is the GM's call")
    assert "_" not in feature.name and feature.name != feature.id


def test_the_gms_calls_are_enchant_and_the_price_of_copying() -> None:
    calls = {f.id: f.gm_call for _, f in FEATURES if f.gm_call}
    assert set(calls) == {"enchant", "cheap_copying"}
    assert "SPELLCHECK" in calls["enchant"] and "price" in calls["cheap_copying"]
    bare = [f.id for _, f in FEATURES if not f.effects]
    assert bare == ["enchant"]

