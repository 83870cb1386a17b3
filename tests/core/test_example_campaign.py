"""The bundled example campaign (issue #3) and the golden file of schema version 1."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.storage import dumps, load
from emberkeep.character.abilities import Ability
from emberkeep.resources import resource_path

GOLDEN_V1 = Path(__file__).resolve().parents[1] / "files" / "campaign_v1.json"


def _without_ids(value: Any) -> Any:
    """Ids and uids are fresh uuids on every build; everything else must match."""
    if isinstance(value, dict):
        return {k: _without_ids(v) for k, v in value.items() if k not in ("id", "uid")}
    if isinstance(value, list):
        return [_without_ids(v) for v in value]
    return value


def test_shipped_example_matches_the_rules_that_build_it() -> None:
    shipped = load(resource_path("example_campaign.json")).model_dump(mode="json")
    built = build_example_campaign().model_dump(mode="json")
    assert _without_ids(shipped) == _without_ids(built)


def test_example_has_one_first_level_character_of_each_class_and_a_funnel_of_four() -> None:
    campaign = load(resource_path("example_campaign.json"))
    classed = [c for c in campaign.characters if c.level == 1]
    funnel = [c for c in campaign.characters if c.level == 0]
    assert sorted(c.class_id or "" for c in classed) == ["cleric", "fighter", "magic_user",
                                                         "rogue"]
    assert len(funnel) == 4
    for character in funnel:
        assert character.occupation and 1 <= character.max_hp <= 4  # R5: 0-level 1d4
    for character in classed:
        assert character.inventory.weapons, character.name
        assert character.inventory.purse.total_cp > 0
    casters = {c.class_id: c for c in classed}
    assert casters["magic_user"].spells_known and casters["magic_user"].cantrips
    assert casters["cleric"].spells_known
    # R10: a Magic-user knows at most 1 + LVL + INT spells
    mage = casters["magic_user"]
    assert len(mage.spells_known) <= 1 + mage.level + mage.modifier(Ability.INT)


def test_golden_v1_file_still_loads_and_round_trips() -> None:
    campaign = load(GOLDEN_V1)
    assert campaign.schema_version == 1
    assert campaign.name == "The Embers of Hollowmere"
    assert len(campaign.characters) == 8
    assert dumps(campaign) == GOLDEN_V1.read_bytes()
