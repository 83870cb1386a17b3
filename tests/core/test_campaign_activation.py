"""Issue #12: a loaded campaign's own archetypes work without a separate ``activate`` call.

``storage.load``/``loads`` install the campaign's entries (the smaller safe change: the
registry stays, every lookup keeps its signature); ``activate=False`` only peeks.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from emberkeep.campaign import storage
from emberkeep.campaign.custom import activate
from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import Campaign
from emberkeep.character.archetypes import get_archetype, shipped_archetypes
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.setup import pc_combatants


@pytest.fixture(autouse=True)
def _shipped_only() -> Iterator[None]:
    activate(Campaign(name="none"))
    yield
    activate(Campaign(name="none"))


def _saved_with_own_archetype(tmp_path: Path) -> Path:
    campaign = build_example_campaign()
    mine = shipped_archetypes()["barbarian"].model_copy(update={"id": "reaver", "name": "Reaver"})
    campaign.archetypes = [mine]
    hero = next(c for c in campaign.characters if c.archetype == "barbarian")
    hero.archetype = "reaver"
    path = tmp_path / "own.json"
    storage.save(campaign, path)
    activate(Campaign(name="none"))  # a fresh script: nothing installed
    return path


def test_a_script_that_loads_a_campaign_sees_its_own_archetype(tmp_path: Path) -> None:
    path = _saved_with_own_archetype(tmp_path)
    with pytest.raises(ValueError, match="reaver"):
        get_archetype("reaver")
    campaign = storage.load(path)  # no activate() call: the load installs it
    hero = next(c for c in campaign.characters if c.archetype == "reaver")
    assert get_archetype("reaver").name == "Reaver"
    # the sheet's numbers and an encounter built from it read the campaign's archetype
    as_barbarian = hero.model_copy(update={"archetype": "barbarian"})
    assert hero.hit_die_at(hero.level) == as_barbarian.hit_die_at(hero.level)
    assert hero.armor_class == as_barbarian.armor_class
    enc = Encounter(pc_combatants([hero]), {hero.id: hero}, ScriptedRoller([]))
    assert enc.character(enc.combatants[next(iter(enc.combatants))]).archetype == "reaver"


def test_loads_activates_too_and_a_peek_does_not(tmp_path: Path) -> None:
    path = _saved_with_own_archetype(tmp_path)
    storage.loads(path.read_bytes(), path, activate=False)
    with pytest.raises(ValueError, match="reaver"):
        get_archetype("reaver")
    storage.loads(path.read_bytes(), path)
    assert get_archetype("reaver").name == "Reaver"
    activate(Campaign(name="other"))  # loading another campaign replaces the entries
    with pytest.raises(ValueError, match="reaver"):
        get_archetype("reaver")
