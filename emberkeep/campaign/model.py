"""The campaign document a GM trusts with years of play.

Everything a campaign file holds is a pydantic model with ``extra="forbid"``: an unknown key is
an error with its path, never silently dropped. Money is kept in copper pieces as integers, so no
float (and no NaN) ever enters the file.
"""

# The annotations are objects, not strings (no ``from __future__ import annotations``): these
# models are built when a campaign first loads, and pydantic parses a string annotation
# as code, one field at a time.

import uuid
from enum import StrEnum
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from emberkeep.campaign.bestiary import MonsterTemplate
from emberkeep.campaign.settings import CampaignSettings, InitiativeMode, Resolution
from emberkeep.campaign.timeline import GameTime, Timed
from emberkeep.character.archetypes import Archetype
from emberkeep.character.model import Character
from emberkeep.character.races import Race
from emberkeep.gear.magic_items import MagicItemSpec
from emberkeep.gear.purse import Purse
from emberkeep.gear.specs import ArmorSpec, ItemSpec, ShieldSpec, WeaponSpec
from emberkeep.magic.spells import Spell
from emberkeep.optional_rules.effort import EffortTask
from emberkeep.optional_rules.skill_challenge import SkillChallenge
from emberkeep.text_fields import Name, Note, PlainText

SCHEMA_VERSION = 4  # 4: a knight's own hit points (R39, KnightProfile.wounds)

PARTY = "party"
"""A ledger entry's payer when the party fund paid."""
REMOVED = "removed"
"""A ledger entry's payer once the character who paid was removed from the campaign: the
entry stays (the money was spent), its payer is no longer there to name."""
DESCRIPTION_LENGTH = 1000

_STRICT = ConfigDict(extra="forbid", allow_inf_nan=False, validate_assignment=False)


def new_id() -> str:
    return uuid.uuid4().hex


class LogEvent(BaseModel):
    """One line of an encounter's log: what happened, with the numbers as they fell."""

    model_config = _STRICT

    seq: int = Field(ge=0, le=10**9)
    round: int = Field(0, ge=0, le=10**9)
    kind: str = Field(max_length=64)
    text: str = Field(max_length=10_000)
    data: dict[str, Annotated[int, Field(ge=-10**12, le=10**12)] | str | bool | None] = {}


class EncounterStatus(StrEnum):
    PLANNED = "planned"
    RUNNING = "running"
    FINISHED = "finished"


class EncounterRecord(BaseModel):
    model_config = _STRICT

    id: str = Field(default_factory=new_id, min_length=1, max_length=64)
    name: Name
    room_dc: int = Field(12, ge=1, le=40)
    status: EncounterStatus = EncounterStatus.PLANNED
    at: GameTime = 0  # when it began, on the campaign clock
    # R27: the rounds of this fight already put on the campaign clock (the GM left it
    # half-fought, or it ended); a resumed fight adds only the rounds since.
    clocked_rounds: int = Field(0, ge=0, le=1_000_000)
    notes: Note = ""
    log: list[LogEvent] = []
    # What a half-fought encounter needs to resume exactly (emberkeep.encounter.persist): the
    # combatants as they stood before the first step (their shape and bounds are
    # emberkeep.campaign.kept_combatants', checked on load), then every step as recorded
    # (Step.to_json). None: the campaign's default initiative mode / resolution (R20).
    initiative: InitiativeMode | None = None
    resolution: Resolution | None = None
    combatants: list[dict[str, JsonValue]] = Field([], max_length=10_000)
    steps: list[dict[str, JsonValue]] = Field([], max_length=1_000_000)


class LedgerKind(StrEnum):
    ARMOR_REPAIR = "armor_repair"
    WEAPON_REPAIR = "weapon_repair"
    REPLACEMENT = "replacement"
    INCOME = "income"
    EXPENSE = "expense"


class LedgerEntry(BaseModel):
    """R16: a repair recorded with date, cost and who paid (a character id, the party fund, or
    :data:`REMOVED`); ``character_id`` is the owner of what was mended, if still there."""

    model_config = _STRICT

    id: str = Field(default_factory=new_id, min_length=1, max_length=64)
    at: GameTime
    kind: LedgerKind
    description: PlainText = Field(max_length=DESCRIPTION_LENGTH)
    cost_cp: int = Field(ge=-10**12, le=10**12)
    paid_by: str = Field(max_length=64)  # PARTY, REMOVED or a character id
    character_id: str | None = Field(None, max_length=64)
    item_uid: str | None = Field(None, max_length=64)


class Campaign(BaseModel):
    model_config = _STRICT

    schema_version: int = Field(SCHEMA_VERSION, ge=1, le=SCHEMA_VERSION)
    name: Name
    settings: CampaignSettings = Field(default_factory=CampaignSettings)
    characters: list[Character] = []
    party_fund: Purse = Field(default_factory=Purse)
    encounters: list[EncounterRecord] = []
    ledger: list[LedgerEntry] = []
    time: GameTime = 0  # seconds since the calendar's year 1 began (R27)
    timeline: list[Timed] = []
    notes: PlainText = Field("", max_length=1_000_000)  # the campaign's own, longer than a sheet's
    # The GM's own data, over the shipped catalogs by id (emberkeep.campaign.custom)
    archetypes: list[Archetype] = []
    spells: list[Spell] = []
    magic_items: list[MagicItemSpec] = []
    # Furnace's optional table rules in play
    skill_challenges: list[SkillChallenge] = []
    efforts: list[EffortTask] = []
    # The GM's own gear (the gear editor), over the shipped gear catalog by id; a piece owned
    # before an edit keeps its own copy of the numbers (emberkeep.gear.owned)
    weapons: list[WeaponSpec] = []
    armor: list[ArmorSpec] = []
    shields: list[ShieldSpec] = []
    items: list[ItemSpec] = []
    # The GM's own races (the seed's "create your own", R2's shapes), over the shipped by id
    races: list[Race] = []
    # Monster templates, over the starter bestiary by id (emberkeep.campaign.bestiary).
    # Left out of the file while empty: a campaign without templates saves byte for byte as
    # before (a v1 file round-trips unchanged) and older builds can still open it.
    bestiary: list[MonsterTemplate] = Field([], max_length=10_000,
                                            exclude_if=lambda kept: not kept)

    def character(self, character_id: str) -> Character:
        for character in self.characters:
            if character.id == character_id:
                return character
        raise KeyError(f"no character with id {character_id!r}")
