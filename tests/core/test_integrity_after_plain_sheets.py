"""The load answers a sheet that names only what is known with one quick test, and remembers
the damage dice it has read: a problem on a sheet after many plain ones, in a piece or a die
the earlier sheets made familiar, is still found at its field."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from emberkeep.campaign.errors import CampaignFileError
from emberkeep.campaign.model import new_id
from emberkeep.campaign.storage import loads

GOLDEN = Path(__file__).parent.parent / "files" / "campaign_v1.json"


def _roster() -> dict[str, Any]:
    """The golden campaign with its first armed sheet copied 30 times (fresh ids) at the end."""
    document: dict[str, Any] = json.loads(GOLDEN.read_bytes())
    armed = next(c for c in document["characters"] if c["inventory"]["weapons"])
    for _ in range(30):
        sheet = copy.deepcopy(armed)
        sheet["id"] = new_id()
        for kind in ("armor", "shields", "weapons", "items"):
            for piece in sheet["inventory"][kind]:
                piece["uid"] = new_id()
        document["characters"].append(sheet)
    return document


def _last_weapon(document: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = document["characters"][-1]["inventory"]["weapons"][0]
    return found


def test_the_roster_of_plain_sheets_loads() -> None:
    assert len(loads(json.dumps(_roster()).encode()).characters) > 30


@pytest.mark.parametrize(("change", "field", "words"), [
    (lambda d: _last_weapon(d).update(damage="1d0"), "weapons[0].damage", "not 0"),
    (lambda d: _last_weapon(d).update(versatile_damage="lots"), "weapons[0].versatile_damage",
     "not dice notation"),
    (lambda d: _last_weapon(d).update(catalog_id="laser"), "weapons[0].catalog_id",
     "unknown gear id 'laser'"),
    (lambda d: _last_weapon(d).pop("uid"), "weapons[0].uid", "has no uid"),
    (lambda d: _last_weapon(d).update(magic={"tier": "common", "magic_item_id": "nothing"}),
     "weapons[0].magic.magic_item_id", "unknown magic item 'nothing'"),
])
def test_a_problem_on_the_last_of_many_plain_sheets_is_found_at_its_field(
        change: Any, field: str, words: str) -> None:
    document = _roster()
    change(document)
    with pytest.raises(CampaignFileError) as refused:
        loads(json.dumps(document).encode())
    last = len(document["characters"]) - 1
    assert refused.value.field == f"characters[{last}].inventory.{field}"
    assert words in refused.value.reason
