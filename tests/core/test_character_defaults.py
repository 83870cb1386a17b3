"""A sheet's empty lists and maps are its own: the defaults are values pydantic copies for each
sheet, whether validated from a file that leaves them out or constructed."""

from __future__ import annotations

from typing import Any

from emberkeep.campaign.example import build_example_campaign
from emberkeep.character.abilities import Ability
from emberkeep.character.model import Character

LEFT_OUT = ("feats", "cantrips", "conditions", "spells_known", "score_rolls", "expertise")


def _without_defaults() -> dict[str, Any]:
    data: dict[str, Any] = build_example_campaign().characters[0].model_dump(mode="json")
    for name in LEFT_OUT:
        data.pop(name)
    return data


def test_two_sheets_validated_without_their_lists_share_none() -> None:
    first = Character.model_validate(_without_defaults())
    second = Character.model_validate(_without_defaults())
    first.feats.append("mounted_combat")
    first.score_rolls[Ability.STR] = (6, 5, 4)
    assert (second.feats, second.score_rolls) == ([], {})
    assert Character.model_fields["feats"].default == []
    assert Character.model_fields["score_rolls"].default == {}


def test_constructed_sheets_share_no_list_either() -> None:
    first = Character.model_construct(**_without_defaults())
    first.cantrips.append("light")
    assert Character.model_construct(**_without_defaults()).cantrips == []
