"""The bundled example campaign and the golden file of schema version 1."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import SCHEMA_VERSION
from emberkeep.campaign.storage import dumps, load, loads
from emberkeep.character.abilities import Ability
from emberkeep.magic.spells import shipped_spells
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


def test_golden_v1_file_still_loads_migrated_to_the_current_schema() -> None:
    """A schema-1 file (kept as it was written) loads through the 1 → 2 → 3 → 4 steps; saved, it
    is a schema-4 file with the same characters, and that file loads back to the same
    campaign."""
    campaign = load(GOLDEN_V1)
    assert campaign.schema_version == SCHEMA_VERSION == 4
    assert campaign.name == "The Embers of Hollowmere"
    assert len(campaign.characters) == 8
    old = json.loads(GOLDEN_V1.read_bytes())
    assert old["schema_version"] == 1 and "races" not in old  # the golden file stays v1
    saved = json.loads(dumps(campaign))
    assert saved["schema_version"] == SCHEMA_VERSION
    assert saved["characters"] == old["characters"]  # nothing of the party changed
    assert (saved["weapons"], saved["races"]) == ([], [])  # schema 2's own catalogs, empty
    assert loads(dumps(campaign), "again.json") == campaign


def test_the_1_to_2_step_gives_unedited_shipped_spell_copies_their_typed_effects() -> None:
    """A v1 campaign's own copy of Fireball, words unchanged, gains the shipped
    levels' typed effects; a level whose words the GM changed is left alone."""
    fireball = shipped_spells()["fireball"].model_dump(mode="json")
    for level in fireball["levels"]:
        level.pop("effects", None)
    fireball["levels"][1]["text"] = "the GM's own words"
    old = json.loads(GOLDEN_V1.read_bytes())
    old["spells"] = [fireball]
    campaign = loads(json.dumps(old).encode(), "v1.json")
    levels = campaign.spells[0].levels
    assert levels[0].effects and levels[0].effects == shipped_spells()["fireball"].levels[0].effects
    assert not levels[1].effects
