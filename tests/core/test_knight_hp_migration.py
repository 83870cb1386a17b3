"""R39 in older files: "a character whose HP was overwritten keeps what it has".

``tests/files/campaign_v3_knight.json`` was written once by the schema-3 build (the commit
before R39: the example's four 1st-level characters, three given the default knight profile,
whose "Add knight profile" put the sheet's HP to SIZ + CON = 28/28, then a Melee Round joust):
Brannoc Ironhand 28/28; Sister Maud 19/28, the joust's 9 wound written on the sheet's HP; Wren
Quickfingers 35/40, its sheet HP set by the GM after the profile; Ysolde the Grey 4/4 and no
knight. The 3 → 4 step keeps every sheet's Furnace HP as the file holds it and starts each
knight's own track from that HP, at most SIZ + CON.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from emberkeep.campaign.migrations import migrate
from emberkeep.campaign.model import SCHEMA_VERSION
from emberkeep.campaign.settings import Resolution
from emberkeep.campaign.storage import dumps, load, loads
from emberkeep.character.catalog import Catalog
from emberkeep.character.knight import MAX_WOUNDS
from emberkeep.check import check_files
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter import persist

GOLDEN = Path(__file__).resolve().parents[1] / "files" / "campaign_v3_knight.json"


def test_a_v3_knight_keeps_its_furnace_hp_and_its_track_starts_from_it() -> None:
    """R39: the sheets' HP stay as the file has them; the knights' tracks are 28 (28/28 read),
    19 (the joust's wound, which the Melee Round was using) and 28 (35 is above SIZ + CON)."""
    old = json.loads(GOLDEN.read_bytes())
    assert old["schema_version"] == 3  # the golden file stays as the schema-3 build wrote it
    campaign = load(GOLDEN)
    assert campaign.schema_version == SCHEMA_VERSION == 4
    sheets = {c.name: c for c in campaign.characters}
    furnace = {name: (c.hp, c.max_hp) for name, c in sheets.items()}
    assert furnace == {"Brannoc Ironhand": (28, 28), "Sister Maud": (19, 28),
                       "Wren Quickfingers": (35, 40), "Ysolde the Grey": (4, 4)}
    knights = {name: (c.knight.hp, c.knight.max_hp, c.knight.wounds)
               for name, c in sheets.items() if c.knight is not None}
    assert knights == {"Brannoc Ironhand": (28, 28, 0), "Sister Maud": (19, 28, 9),
                       "Wren Quickfingers": (28, 28, 0)}


def test_the_v3_joust_rebuilds_on_the_knights_track_and_saves_as_schema_4() -> None:
    """R39: the kept Melee Round joust is rebuilt reading the knights' own HP (Maud at 19/28);
    saved, only Maud's profile gains a key (her wounds) and the file loads back the same."""
    campaign = load(GOLDEN)
    record = campaign.encounters[0]
    assert record.resolution is Resolution.MELEE_ROUND
    enc = persist.build_encounter(record, {c.id: c for c in campaign.characters},
                                  ScriptedRoller([]), campaign.settings, Catalog(campaign))
    hp = {c.name: enc.hp_with_max(c) for c in enc.combatants.values()}
    assert enc.knight_hp and hp == {"Brannoc Ironhand": (28, 28), "Sister Maud": (19, 28)}
    lines, status = check_files([GOLDEN])
    assert status == 0 and "schema 4" in lines[0]

    saved = json.loads(dumps(campaign))
    old = json.loads(GOLDEN.read_bytes())
    assert [c["knight"].get("wounds") for c in saved["characters"] if c.get("knight")] == [
        None, 9, None]
    for character in saved["characters"]:
        if character.get("knight"):
            character["knight"].pop("wounds", None)
    assert saved.pop("schema_version") == 4 and old.pop("schema_version") == 3
    assert saved == old
    assert loads(dumps(campaign), "again.json") == campaign


def _knight_document(hp: int, **profile: Any) -> dict[str, Any]:
    document: dict[str, Any] = copy.deepcopy(json.loads(GOLDEN.read_bytes()))
    maud = document["characters"][1]
    maud["hp"] = hp
    maud["knight"].update(profile)
    return document


def test_the_3_to_4_step_reads_the_profiles_own_siz_and_con_and_a_dying_knight() -> None:
    """R39: a knight at -3 (dying, R33) has 31 wounds on SIZ 15 + CON 13; on SIZ 20 + CON 16 a
    sheet at 19 is 17 wounds; the wounds never pass what a profile may hold."""
    steps = migrate(_knight_document(-3))
    assert steps["characters"][1]["knight"]["wounds"] == 31
    assert migrate(_knight_document(19, SIZ=20, CON=16))["characters"][1]["knight"][
        "wounds"] == 17
    assert migrate(_knight_document(-10_000, SIZ=99, CON=99))["characters"][1]["knight"][
        "wounds"] == MAX_WOUNDS


def test_the_3_to_4_step_leaves_what_the_loader_refuses_to_the_loader() -> None:
    """A mistyped HP or SIZ is not guessed at: the step leaves the profile as it was and the
    loader names the field."""
    for document in (_knight_document("nineteen"), _knight_document(19, SIZ="big")):  # type: ignore[arg-type]
        assert "wounds" not in migrate(document)["characters"][1]["knight"]
    assert migrate({"schema_version": 3, "characters": True})["characters"] is True
