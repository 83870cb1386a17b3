"""The golden schema-3 file: a campaign in mid-play as the schema-3 build saved it.

``tests/files/campaign_v3.json`` (written once by ``tests/files/write_campaign_v3.py``) holds
what a GM's file holds after some sessions: fights left half-fought in each initiative mode, a
Melee Round joust, injuries, the repair ledger, the timeline, knights and the GM's own catalog
entries. Every later build must load it, rebuild each of its fights and save it unchanged but
its version line (schema 4, R39, gives a hurt knight its own wounds; these knights are unhurt).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from emberkeep.campaign.model import SCHEMA_VERSION, EncounterStatus, LedgerKind
from emberkeep.campaign.settings import InitiativeMode, Resolution
from emberkeep.campaign.storage import dumps, load, loads
from emberkeep.campaign.timeline import TimedKind
from emberkeep.character.abilities import Ability
from emberkeep.check import check_files, load_whole

GOLDEN_V3 = Path(__file__).resolve().parents[1] / "files" / "campaign_v3.json"


def test_golden_v3_loads_with_everything_it_was_written_with() -> None:
    campaign = load(GOLDEN_V3)
    assert campaign.schema_version == SCHEMA_VERSION
    fights = {e.name: e for e in campaign.encounters}
    modes = {(e.initiative, e.resolution, e.status) for e in campaign.encounters}
    assert {(InitiativeMode.GROUP, None, EncounterStatus.RUNNING),
            (InitiativeMode.SIMULTANEOUS, None, EncounterStatus.RUNNING),
            (InitiativeMode.SEGMENTS, None, EncounterStatus.RUNNING),
            (None, Resolution.MELEE_ROUND, EncounterStatus.RUNNING)} <= modes
    assert all(e.steps for e in campaign.encounters if e.status is EncounterStatus.RUNNING)
    planned = fights["Reeds by the causeway"]
    assert planned.status is EncounterStatus.PLANNED
    assert [c["hidden"] for c in planned.combatants] == [False, False, True]
    assert [c["monster"]["other_weapons"][0]["name"]  # type: ignore[call-overload,index]
            for c in planned.combatants] == ["shortbow"] * 3

    by_name = {c.name: c for c in campaign.characters}
    assert by_name["Elsa of the Mill"].scores.get(Ability.CON).loss == 3  # injury row 4
    assert [c.name for c in by_name["Cuthbert Cheesewright"].conditions] == ["HARD:all"]
    assert by_name["Grum the Digger"].scores.get(Ability.CHA).base == 2  # 3 rolled, dwarf -1
    assert [c.name for c in campaign.characters if c.knight is not None] == [
        "Old Mag the Beekeeper", "Tobin the Fisher"]
    assert [e.kind for e in campaign.ledger] == [
        LedgerKind.WEAPON_REPAIR, LedgerKind.ARMOR_REPAIR, LedgerKind.ARMOR_REPAIR,
        LedgerKind.INCOME]
    assert {e.kind for e in campaign.timeline} == {
        TimedKind.INJURY, TimedKind.REPAIR, TimedKind.LIGHT, TimedKind.TRAINING,
        TimedKind.TIMER, TimedKind.SPELL_EFFECT}
    kinds: list[Sequence[Any]] = [  # nothing in common but an id
        campaign.archetypes, campaign.spells, campaign.magic_items, campaign.weapons,
        campaign.armor, campaign.shields, campaign.items, campaign.races, campaign.bestiary,
        campaign.skill_challenges, campaign.efforts]
    own = [entry.id for kind in kinds for entry in kind]
    assert own == ["ironclad", "ember_ward", "wand_of_sparks", "rusty_sword", "marsh_mail",
                   "wicker_shield", "rusty_spoon", "gnoll", "marsh-orc", "storm",
                   "barrow-door"]


def test_golden_v3_saves_back_byte_for_byte_and_round_trips() -> None:
    campaign = load(GOLDEN_V3)
    saved = dumps(campaign)
    current = f'"schema_version": {SCHEMA_VERSION}'.encode()
    assert saved.replace(current, b'"schema_version": 3', 1) == GOLDEN_V3.read_bytes()
    assert loads(saved, "again.json") == campaign


def test_every_fight_of_golden_v3_rebuilds_and_check_passes() -> None:
    campaign = load_whole(GOLDEN_V3)
    assert len(campaign.encounters) == 5
    lines, status = check_files([GOLDEN_V3])
    assert status == 0
    assert lines == [f"{GOLDEN_V3}: OK ('The Embers of Hollowmere', schema 4, 9 characters, "
                     "5 encounters)"]
