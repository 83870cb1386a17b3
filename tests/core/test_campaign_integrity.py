"""A loaded campaign is whole. Each reference and value the rules later rely on is
checked on load and reported with its field path, as a type error is; ``emberkeep check`` lists
every one. Each case starts from the golden v1 file, which loads cleanly."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from emberkeep.campaign.errors import CampaignFileError
from emberkeep.campaign.storage import load, loads
from emberkeep.character.archetypes import shipped_archetypes
from emberkeep.check import check_files
from emberkeep.magic.spells import shipped_spells

GOLDEN = Path(__file__).parent.parent / "files" / "campaign_v1.json"
Doc = dict[str, Any]


def golden() -> Doc:
    document: Doc = json.loads(GOLDEN.read_bytes())
    return document


def refused(document: Doc) -> CampaignFileError:
    with pytest.raises(CampaignFileError) as caught:
        loads(json.dumps(document).encode(), "party.json")
    return caught.value


def weapon(document: Doc, who: int = 0) -> Doc:
    found: Doc = document["characters"][who]["inventory"]["weapons"][0]
    return found


def _set(path: str, value: Any) -> Callable[[Doc], None]:
    """Set the value at a dotted path with [i] indexes."""
    def change(document: Doc) -> None:
        parts = path.replace("[", ".").replace("]", "").split(".")
        target: Any = document
        for part in parts[:-1]:
            target = target[int(part)] if part.isdigit() else target[part]
        last = parts[-1]
        target[int(last) if last.isdigit() else last] = value
    return change


CASES = [
    ("characters[0].class_id", "wizzard", "unknown class 'wizzard'"),
    ("characters[0].race", "orc", "unknown race 'orc'"),
    ("characters[0].archetype", "berserker", "unknown archetype 'berserker'"),
    ("characters[5].occupation", "astronaut", "unknown occupation 'astronaut'"),
    ("characters[1].spells_known[0]", "blesss", "unknown spell 'blesss'"),
    ("characters[3].cantrips[0]", "torch", "unknown cantrip 'torch'"),
    ("characters[0].inventory.weapons[0].catalog_id", "laser", "unknown gear id 'laser'"),
    ("characters[0].inventory.weapons[0].damage", "a lot", "'a lot' is not dice notation"),
    ("characters[0].inventory.weapons[0].damage", "1d0", "between 2 and 1000 sides, not 0"),
    ("characters[0].inventory.weapons[0].versatile_damage", "lots", "not dice notation"),
    ("characters[0].hp", "6", "valid integer"),
    ("time", True, "valid integer"),
]


@pytest.mark.parametrize(("field", "value", "words"), CASES)
def test_each_bad_reference_or_value_is_refused_with_its_field_path(
        field: str, value: Any, words: str) -> None:
    document = golden()
    if field == "characters[5].occupation":
        assert document["characters"][5]["level"] == 0  # a funnel character has one
    _set(field, value)(document)
    error = refused(document)
    assert error.field == field
    assert words in error.reason
    assert f"(at {field})" in str(error)


def test_a_character_without_an_id_is_refused_not_given_a_fresh_one() -> None:
    document = golden()
    del document["characters"][2]["id"]
    error = refused(document)
    assert error.field == "characters[2].id" and "has no id" in error.reason
    del document["characters"][2]  # the rest still loads: the check is of that one entry
    assert len(loads(json.dumps(document).encode()).characters) == 7


def test_an_item_without_a_uid_is_refused() -> None:
    document = golden()
    del document["characters"][0]["inventory"]["items"][1]["uid"]
    assert refused(document).field == "characters[0].inventory.items[1].uid"


def test_duplicate_ids_of_characters_items_and_encounters_are_refused() -> None:
    document = golden()
    document["characters"][4]["id"] = document["characters"][1]["id"]
    error = refused(document)
    assert error.field == "characters[4].id"
    assert "already used by characters[1]" in error.reason

    document = golden()
    items = document["characters"][0]["inventory"]["items"]
    items[2]["uid"] = document["characters"][0]["inventory"]["weapons"][0]["uid"]
    error = refused(document)
    assert error.field == "characters[0].inventory"
    assert error.reason == "two pieces of gear share one uid"

    document = golden()
    document["encounters"] = [{"id": "fight", "name": "One"}, {"id": "fight", "name": "Two"}]
    assert refused(document).field == "encounters[1].id"


def test_every_problem_is_counted_and_check_lists_each(tmp_path: Path) -> None:
    document = golden()
    document["characters"][0]["race"] = "orc"
    document["characters"][1]["hp"] = "5"
    document["time"] = True
    path = tmp_path / "party.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(CampaignFileError) as caught:
        load(path)
    assert "(and 1 more problem)" in caught.value.reason  # the type errors come first
    lines, status = check_files([path])
    assert status == 1
    assert [line.rsplit("(at ", 1)[1] for line in lines] == ["characters[1].hp)", "time)"]
    document["characters"][1]["hp"] = 5
    document["time"] = 0
    path.write_text(json.dumps(document), encoding="utf-8")
    lines, _ = check_files([path])
    assert lines == [f"{path}: ERROR: unknown race 'orc' (known: dwarf, elf, half_orc, halfling, "
                     "human) "
                     "(at characters[0].race)"]


def test_the_campaigns_own_archetypes_and_spells_are_valid_references() -> None:
    document = golden()
    own_archetype = shipped_archetypes()["barbarian"].model_dump(mode="json")
    own_archetype.update(id="ironclad", name="Ironclad")
    own_spell = shipped_spells()["bless"].model_dump(mode="json")
    own_spell.update(id="ember_ward", name="Ember Ward")
    document["archetypes"] = [own_archetype]
    document["spells"] = [own_spell]
    document["characters"][0]["archetype"] = "ironclad"
    document["characters"][1]["spells_known"] = ["ember_ward"]
    campaign = loads(json.dumps(document).encode())
    assert campaign.characters[0].archetype == "ironclad"
    document["spells"] = [own_spell, own_spell]
    assert refused(document).field == "spells[1].id"


def test_the_golden_file_and_the_example_still_load_cleanly() -> None:
    assert len(load(GOLDEN).characters) == 8


def test_timeline_entries_keep_their_ids() -> None:
    """A condition ends by its timeline entry's id: a fresh one on each load would orphan it."""
    entry = {"kind": "spell_effect", "label": "Bless", "starts_at": 0, "ends_at": 60}
    document = golden()
    document["timeline"] = [entry]
    assert refused(document).field == "timeline[0].id"
    document["timeline"] = [dict(entry, id="t1"), dict(entry, id="t1")]
    assert refused(document).field == "timeline[1].id"
    document["timeline"] = [dict(entry, id="t1")]
    assert loads(json.dumps(document).encode()).timeline[0].id == "t1"
