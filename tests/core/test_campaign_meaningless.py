"""What no rule can mean is refused on load, at its field, and the app never writes it.

The bad files themselves (one per refusal) are in ``tests/files/bad`` and
``test_campaign_storage.BAD_FILES``. Here: what the rules do allow still loads (the race's -1
under a 3, a score lost to 0, notes with line breaks), hand edits refuse the same, removing a
character detaches what named it, a kept combatant reads as strictly as a sheet, and a file an
older build wrote is repaired rather than refused.
"""

from __future__ import annotations

import copy
import json
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from emberkeep.campaign.custom import remove_entry, upsert
from emberkeep.campaign.errors import CampaignFileError
from emberkeep.campaign.kept_combatants import KeptCombatant, KeptCombatantError
from emberkeep.campaign.model import REMOVED, SCHEMA_VERSION, Campaign
from emberkeep.campaign.recorder import remove_step
from emberkeep.campaign.storage import dumps, load, loads
from emberkeep.character.abilities import Ability, AbilityScores
from emberkeep.character.catalog import Catalog
from emberkeep.character.model import Character
from emberkeep.character.races import Race
from emberkeep.character.sheet_rules import hand_edit_refusal
from emberkeep.check import load_whole
from emberkeep.encounter.combatant import Combatant
from emberkeep.text_fields import mended_name, mended_note

FILES = Path(__file__).resolve().parents[1] / "files"
GOLDEN_V2 = FILES / "campaign_v2.json"
GOLDEN_V3 = FILES / "campaign_v3.json"
Doc = dict[str, Any]


def v3() -> Doc:
    """The golden v3 campaign as this build writes it: schema 4 (R39) adds nothing to it but
    its version (its knights are unhurt), so it is refused, not repaired, like any file of the
    current schema."""
    document: Doc = json.loads(GOLDEN_V3.read_bytes())
    document["schema_version"] = SCHEMA_VERSION
    return document


def refused(document: Doc) -> CampaignFileError:
    with pytest.raises(CampaignFileError) as caught:
        loads(json.dumps(document).encode(), "party.json")
    return caught.value


def sheet(document: Doc, name: str) -> Doc:
    found: Doc = next(c for c in document["characters"] if c["name"].startswith(name))
    return found


# --- what the rules allow still loads --------------------------------------------------------

def test_a_score_under_3_is_the_races_minus_one_and_only_that() -> None:
    """R2: a dwarf who rolled 3 for CHA has 2. The same 2 in a score the race does not lower,
    or a 1 even where it does, has no cause."""
    document = v3()
    grum = sheet(document, "Grum")
    assert grum["race"] == "dwarf" and grum["scores"]["CHA"]["base"] == 2
    assert loads(json.dumps(document).encode()).characters[-1].scores.CHA.base == 2
    index = document["characters"].index(grum)
    grum["scores"]["STR"]["base"] = 2
    assert refused(document).field == f"characters[{index}].scores.STR.base"
    grum["scores"]["STR"]["base"] = 12
    grum["scores"]["CHA"]["base"] = 1
    error = refused(document)
    assert error.field == f"characters[{index}].scores.CHA.base"
    assert "a base CHA of 1 has no cause" in str(error)
    assert f"(at characters[{index}].scores.CHA.base)" in str(error)


def test_the_gms_own_race_explains_its_own_minus_one() -> None:
    """The campaign's Gnoll takes 1 from INT: a gnoll's INT 2 loads, its WIS 2 does not."""
    document = v3()
    assert [r["id"] for r in document["races"]] == ["gnoll"]
    grum = sheet(document, "Grum")
    grum["race"] = "gnoll"
    grum["scores"]["CHA"]["base"] = 9
    grum["scores"]["INT"]["base"] = 2
    assert loads(json.dumps(document).encode()).characters[-1].race == "gnoll"
    grum["scores"]["WIS"]["base"] = 2
    index = document["characters"].index(grum)
    assert refused(document).field == f"characters[{index}].scores.WIS.base"


def test_a_loss_may_take_a_score_to_zero_but_not_below() -> None:
    """R22: a score at 0 is death, and the sheet says so; R29: the loss is kept apart."""
    document = v3()
    elsa = sheet(document, "Elsa")
    index = document["characters"].index(elsa)
    elsa["scores"]["CON"]["loss"] = elsa["scores"]["CON"]["base"]
    elsa["alive"] = False
    assert loads(json.dumps(document).encode()).characters[index].scores.CON.effective == 0
    elsa["scores"]["CON"]["loss"] += 1
    error = refused(document)
    assert error.field == f"characters[{index}].scores.CON.loss"
    assert "a loss takes a score to 0 at most" in error.reason


def test_notes_keep_line_breaks_and_tabs_and_names_any_printable_text() -> None:
    document = v3()
    elsa = sheet(document, "Elsa")
    assert "\n" in elsa["notes"] and "\t" in elsa["notes"]  # as the golden file holds them
    elsa["name"] = "Elsa\u00a0of the Mill 🌾 <b>Ünter</b>"  # a no-break space, markup: text
    loaded = loads(json.dumps(document).encode())
    assert any(c.name == elsa["name"] for c in loaded.characters)


@pytest.mark.parametrize(("place", "value", "words"), [
    ("name", "Elsa\u0085", "holds a control character (U+0085)"),  # C1's next line
    ("name", "Elsa\r", "holds a line break (U+000D)"),
    ("name", "x" * 201, "at most 200 characters"),
    ("player", "Cal\u001b[31m", "holds a control character (U+001B)"),  # a terminal escape
    ("notes", "bells\u0007", "holds a control character (U+0007)"),
    ("notes", "x" * 100_001, "at most 100000 characters"),
])
def test_each_control_character_or_overlong_text_is_refused_at_its_field(
        place: str, value: str, words: str) -> None:
    document = v3()
    elsa = sheet(document, "Elsa")
    elsa[place] = value
    error = refused(document)
    assert error.field == f"characters[{document['characters'].index(elsa)}].{place}"
    assert words in error.reason


def test_every_problem_is_listed_not_only_the_first(tmp_path: Path) -> None:
    document = v3()
    elsa = sheet(document, "Elsa")
    elsa["hp"] = elsa["max_hp"] + 1
    elsa["scores"]["STR"]["loss"] = 30  # over both its base and R1's 20
    document["ledger"][0]["paid_by"] = "someone-gone"
    path = tmp_path / "party.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(CampaignFileError) as caught:
        load(path)
    fields_ = [field for field, _ in caught.value.problems]
    index = document["characters"].index(elsa)
    assert fields_ == [f"characters[{index}].scores.STR.loss"]  # the type check comes first
    elsa["scores"]["STR"]["loss"] = elsa["scores"]["STR"]["base"] + 1
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(CampaignFileError) as caught:
        load(path)
    assert [field for field, _ in caught.value.problems] == [
        f"characters[{index}].hp", f"characters[{index}].scores.STR.loss"]
    document["characters"][index] = json.loads(GOLDEN_V3.read_bytes())["characters"][index]
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(CampaignFileError) as caught:
        load(path)
    assert caught.value.field == "ledger[0].paid_by"
    assert "someone-gone" not in str(caught.value)  # what it named is no name for a GM


# --- hand edits refuse what the loader would ------------------------------------------------

def test_a_hand_edit_may_not_make_a_sheet_the_loader_refuses() -> None:
    campaign = load(GOLDEN_V3)
    catalog = Catalog(campaign)
    grum = campaign.characters[-1]
    low = grum.scores.model_copy(deep=True)
    low.STR.base = 2
    reason = hand_edit_refusal(grum, "scores", low, catalog)
    assert reason is not None and "a base STR of 2 is under 3" in reason
    assert hand_edit_refusal(grum, "scores", grum.scores, catalog) is None  # the dwarf's CHA 2
    assert "CHA of 2" in (hand_edit_refusal(grum, "race", "human", catalog) or "")
    assert hand_edit_refusal(grum, "race", "dwarf", catalog) is None
    data = grum.model_dump()
    data["scores"]["WIS"]["loss"] = data["scores"]["WIS"]["base"] + 1
    with pytest.raises(ValidationError) as caught:  # the sheet's whole-model check
        Character.model_validate(data)
    assert caught.value.errors()[0]["loc"] == ("scores", "WIS", "loss")


def test_a_race_edit_may_not_take_away_the_minus_one_a_score_stands_on() -> None:
    """The Gnoll's -1 INT explains a gnoll's INT 2: moving it to WIS is refused, naming who.
    The GM's own Dwarf over the shipped one: removing it brings the shipped one's -1 back."""
    campaign = load(GOLDEN_V3)
    grum = campaign.characters[-1]
    gnoll = campaign.races[0]
    grum.race, grum.scores.CHA.base, grum.scores.INT.base = "gnoll", 9, 2
    moved = gnoll.model_copy(update={"adjustments": {Ability.STR: 1, Ability.WIS: -1}})
    with pytest.raises(ValueError, match="Grum the Digger's INT of 2 stands on the race's -1"):
        upsert(campaign, moved)
    assert campaign.races == [gnoll]
    upsert(campaign, gnoll.model_copy(update={"name": "Marsh gnoll"}))  # its -1 kept: fine
    grum.race, grum.scores.CHA.base, grum.scores.INT.base = "dwarf", 2, 12  # as rolled
    own_dwarf = Catalog(campaign).race("dwarf").model_copy(
        update={"adjustments": {Ability.CON: 1, Ability.WIS: -1}})
    with pytest.raises(ValueError, match="CHA of 2"):  # the shipped dwarf's -1 CHA is needed
        upsert(campaign, own_dwarf)
    grum.scores.CHA.base, grum.scores.WIS.base = 12, 2  # rolled 3, under the GM's dwarf
    upsert(campaign, own_dwarf)
    with pytest.raises(ValueError, match="WIS of 2"):  # the shipped dwarf would come back
        remove_entry(campaign, Race, "dwarf")
    assert [r.id for r in campaign.races] == ["gnoll", "dwarf"]


def test_scores_from_the_base_floor_up_are_a_valid_hand_edit() -> None:
    campaign = load(GOLDEN_V3)
    wren = campaign.characters[2]
    scores = AbilityScores.from_bases({a: 3 for a in Ability})
    assert hand_edit_refusal(wren, "scores", scores, Catalog(campaign)) is None


# --- removing a character detaches what named it --------------------------------------------

def test_removing_a_character_detaches_its_ledger_entries_and_drops_its_timeline() -> None:
    campaign = load(GOLDEN_V3)
    campaign.encounters = []  # their fights deleted first: a PC who fought cannot leave
    brannoc = next(c for c in campaign.characters if c.name.startswith("Brannoc"))
    wren = next(c for c in campaign.characters if c.name.startswith("Wren"))
    maud = next(c for c in campaign.characters if c.name.startswith("Sister"))
    before = campaign.model_dump()
    step = remove_step(campaign, [brannoc.id, wren.id])
    change = step.redo(campaign)
    assert change.ledger and change.timeline and change.removed == {brannoc.id, wren.id}
    paid = [(e.paid_by, e.character_id) for e in campaign.ledger]
    assert paid == [(REMOVED, None), ("party", None), (REMOVED, None), ("party", None)]
    # the repairs' descriptions already name their owner: nothing is added to them
    assert campaign.ledger[0].description.startswith("Brannoc Ironhand: ")
    assert {e.character_id for e in campaign.timeline} == {maud.id, None,
                                                           campaign.characters[-2].id}
    saved = dumps(campaign)
    assert loads(saved).ledger == campaign.ledger  # the file it leaves loads
    step.undo(campaign)
    assert campaign.model_dump() == before


def test_a_payer_not_named_by_the_entry_is_written_into_it() -> None:
    campaign = load(GOLDEN_V3)
    campaign.encounters = []  # their fights deleted first: a PC who fought cannot leave
    brannoc = next(c for c in campaign.characters if c.name.startswith("Brannoc"))
    wren = next(c for c in campaign.characters if c.name.startswith("Wren"))
    campaign.ledger[0] = campaign.ledger[0].model_copy(update={"paid_by": wren.id})
    remove_step(campaign, [wren.id]).redo(campaign)
    entry = campaign.ledger[0]
    assert (entry.paid_by, entry.character_id) == (REMOVED, brannoc.id)
    assert entry.description.endswith("(paid by Wren Quickfingers)")


# --- a kept combatant reads as strictly as a sheet -------------------------------------------

def test_the_kept_shape_has_every_field_of_a_combatant_and_no_other() -> None:
    assert set(KeptCombatant.model_fields) - {"monster_type"} == {f.name for f in
                                                                  fields(Combatant)}


def goblin(document: Doc) -> tuple[Doc, str]:
    """The first monster kept by the group-initiative fight, and its path."""
    record = document["encounters"][0]
    index = next(i for i, c in enumerate(record["combatants"]) if c["kind"] == "monster")
    found: Doc = record["combatants"][index]
    return found, f"encounters[0].combatants[{index}]"


@pytest.mark.parametrize(("key", "value", "at", "words"), [
    ("hp", "5", "hp", "valid integer"),
    ("hp", 5.0, "hp", "valid integer"),
    ("surprised", 1, "surprised", "valid boolean"),
    ("mount", 7, "mount", "less than or equal to 4"),
    ("hit_points", 5, "hit_points", "Extra inputs are not permitted"),
    ("kind", "dragon", "kind", "'pc' or 'monster'"),
    ("name", "Gob\nlin", "name", "holds a line break"),
    ("monster", {"name": "Goblin", "max_hp": "5", "room_dc": 12}, "monster.max_hp",
     "valid integer"),
    ("monster", {"name": "Goblin", "max_hp": 5, "room_dc": 12, "damage": "lots"},
     "monster.damage", "not damage dice"),
    ("monster", None, "monster", "a monster carries its numbers"),
    ("character_id", "0123456789abcdef0123456789abcdef", "character_id",
     "a monster names no character sheet"),
    ("conditions", [{"name": "PRONE", "rounds_left": -1}], "conditions[0].rounds_left",
     "greater than or equal to 0"),
    ("used", "rage", "used", "valid"),
])
def test_a_mistyped_kept_combatant_is_refused_at_its_field(
        key: str, value: Any, at: str, words: str) -> None:
    document = v3()
    monster, path = goblin(document)
    monster[key] = value
    error = refused(document)
    assert error.field == f"{path}.{at}"
    assert words in error.reason


def test_a_kept_pc_names_its_sheet() -> None:
    document = v3()
    pc = document["encounters"][0]["combatants"][0]
    assert pc["kind"] == "pc"
    pc["character_id"] = None
    error = refused(document)
    assert (error.field, error.reason) == ("encounters[0].combatants[0].character_id",
                                           "a player character names its sheet")


def test_from_json_reads_what_to_json_wrote_and_defaults_what_an_older_build_left_out() -> None:
    campaign = load(GOLDEN_V3)
    for record in campaign.encounters:
        for data in record.combatants:
            assert Combatant.from_json(data).to_json() == data
    monster, _ = goblin(v3())
    for newer in ("hidden", "halberd_use", "mount", "knocked", "jostled"):
        del monster[newer]
    read = Combatant.from_json(monster)
    assert (read.hidden, read.halberd_use, read.mount) == (False, "", 0)
    with pytest.raises(KeptCombatantError) as caught:
        Combatant.from_json({**monster, "hp": "5"})
    assert caught.value.field == "hp"


def test_a_fight_naming_a_removed_sheet_says_who_not_which_id(tmp_path: Path) -> None:
    """A fight whose PC's sheet is gone cannot resume; the message names the combatant."""
    document = v3()
    maud = sheet(document, "Sister")
    document["characters"].remove(maud)
    document["timeline"] = [t for t in document["timeline"]
                            if t.get("character_id") != maud["id"]]
    path = tmp_path / "party.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(CampaignFileError) as caught:
        load_whole(path)
    assert caught.value.field == "encounters[0].combatants[1].character_id"
    assert "Sister Maud's character sheet is no longer in the campaign" in caught.value.reason
    assert maud["id"] not in str(caught.value)


# --- a file an older build wrote is repaired, not refused ----------------------------------

def older(document: Doc) -> Doc:
    """``document`` as the schema-2 build would have written it (schema 3 added only a key
    left out while empty)."""
    document = copy.deepcopy(document)
    document["schema_version"] = 2
    return document


def test_an_older_file_with_what_its_build_let_through_is_repaired_on_load() -> None:
    document: Doc = json.loads(GOLDEN_V2.read_bytes())
    brannoc, maud = document["characters"][0], document["characters"][1]
    gone = "0123456789abcdef0123456789abcdef"
    brannoc["scores"]["STR"] = {"base": 1, "loss": 0}  # typed on the sheet
    brannoc["scores"]["DEX"] = {"base": 2, "loss": 1}
    brannoc["scores"]["CON"] = {"base": 9, "loss": 12}  # typed over the score
    brannoc["name"] = "Brannoc\tIronhand"  # a tab pasted into the name
    maud["notes"] = "Prays\u0000 at dawn.\n\tAnd at dusk."
    document["ledger"] = [{"id": "l1", "at": 0, "kind": "weapon_repair",
                           "description": "Gone: 1 notch", "cost_cp": 30, "paid_by": gone,
                           "character_id": gone, "item_uid": None}]
    document["timeline"] = [
        {"id": "t1", "kind": "light", "label": "Torch burning", "starts_at": 0, "ends_at": 60,
         "character_id": gone},
        {"id": "t2", "kind": "timer", "label": "Candles", "starts_at": 0, "ends_at": 60}]
    with pytest.raises(CampaignFileError):  # the same written by this build is refused
        loads(json.dumps({**document, "schema_version": SCHEMA_VERSION}).encode())

    campaign = loads(json.dumps(document).encode(), "old.json")

    first = campaign.characters[0]
    assert first.name == "Brannoc Ironhand"
    assert [(s.base, s.loss, s.effective) for s in
            (first.scores.STR, first.scores.DEX, first.scores.CON)] == [
        (3, 2, 1), (3, 2, 1), (9, 9, 0)]  # every roll reads the score it read before
    assert campaign.characters[1].notes == "Prays at dawn.\n\tAnd at dusk."
    assert [(e.paid_by, e.character_id) for e in campaign.ledger] == [(REMOVED, None)]
    assert [t.id for t in campaign.timeline] == ["t2"]


@pytest.mark.parametrize(("place", "value"), [
    (("characters", 0, "id"), ["2c4d0a74c75b4d3e8bf275f52363165a"]),  # found by the fuzzer
    (("characters", 0, "scores", "STR"), 15),
    (("characters", 0, "scores", "STR", "loss"), True),
    (("characters", 0, "race"), {"id": "dwarf"}),
    (("ledger",), {"paid_by": "x"}),
    (("timeline",), [{"character_id": ["x"]}]),
    (("races",), [{"id": "gnoll", "adjustments": {"STR": "lots"}}]),
])
def test_the_repairs_leave_a_value_of_the_wrong_type_to_the_loader(
        place: tuple[str | int, ...], value: Any) -> None:
    document: Doc = json.loads(GOLDEN_V2.read_bytes())
    target: Any = document
    for key in place[:-1]:
        target = target[key]
    target[place[-1]] = value
    refused(document)  # a CampaignFileError, with its place: nothing else escapes


def test_an_older_file_keeps_what_is_no_repair_of_ours_to_make() -> None:
    """A note over its length is refused, not cut: cutting would lose the GM's words."""
    document: Doc = json.loads(GOLDEN_V2.read_bytes())
    document["characters"][0]["notes"] = "x" * 100_001
    error = refused(document)
    assert error.field == "characters[0].notes"


def test_mending_keeps_clean_text_as_it_is() -> None:
    assert mended_name("Brannoc Ironhand") == "Brannoc Ironhand"
    assert mended_name("\tBrannoc\r\nIronhand\u0000") == "Brannoc  Ironhand"
    assert mended_name("\t") == "\t"  # nothing left: the loader refuses it with its place
    assert mended_note("a\tb\nc\r\n\u0000\u0085d") == "a\tb\nc\r\nd"


def test_the_golden_files_of_every_schema_still_load_unchanged_by_the_repairs() -> None:
    for name in ("campaign_v1.json", "campaign_v2.json", "campaign_v3.json"):
        campaign = load(FILES / name)
        assert campaign.schema_version == SCHEMA_VERSION
    v2 = load(GOLDEN_V2)
    current = f'"schema_version": {SCHEMA_VERSION}'.encode()
    assert dumps(v2).replace(current, b'"schema_version": 2', 1) == GOLDEN_V2.read_bytes()
    assert isinstance(load(GOLDEN_V3), Campaign)
