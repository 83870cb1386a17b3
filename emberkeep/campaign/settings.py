"""Campaign settings: which optional rules are on and every house-default number (R13-R33).

Each number a ruling calls a "house default" lives here so the GM can change it per campaign;
the default is the ruling's value.
"""

# The annotations are objects, not strings (no ``from __future__ import annotations``): these
# models are built when a campaign first loads, and pydantic parses a string annotation
# as code, one field at a time.

from enum import StrEnum
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from emberkeep.optional_rules.advantage import AdvantageMode
from emberkeep.optional_rules.contested import BothFail


class InitiativeMode(StrEnum):
    """R20: chosen per encounter; the campaign holds the default."""

    GROUP = "group"
    SIMULTANEOUS = "simultaneous"
    SEGMENTS = "segments"


class Resolution(StrEnum):
    FURNACE = "furnace"
    MELEE_ROUND = "melee_round"


class CritDamage(StrEnum):
    """R19: Furnace's maximum damage + class crit table, or WDD's doubling."""

    FURNACE = "furnace"
    WDD_DOUBLE = "wdd_double"


class MonsterCrits(StrEnum):
    """R30: monsters' crits and fumbles are an option."""

    OFF = "off"
    CLASS_TABLES = "class_tables"
    LINGERING = "lingering"


class OptionalRules(BaseModel):
    model_config = ConfigDict(extra="forbid")

    luck_dice: bool = True
    crit_tables: bool = True
    fumble_tables: bool = True
    armor_crits_and_notches: bool = True  # WDD gear damage (R15-R17)
    injuries: bool = True
    knocked_twice_save: bool = False  # R22's optional rule
    advantage_disadvantage: bool = False  # R21, R28: HARD/EASY by default
    fixed_first_level_hp: bool = False  # R5: 4/3/3/2 + CON instead of a roll
    first_level_archetype_feature: bool = False  # Furnace "for DMs" option
    free_disengage: bool = False  # Furnace: "you can let the players and the NPCs disengage
    # freely if you want"
    group_initiative_reroll: bool = False  # Furnace: "You can roll every turn"
    # Furnace's "A set of optional rules":
    advantage_mode: AdvantageMode = AdvantageMode.BESIDE  # "Use instead or next to HARD and EASY"
    contested_checks: bool = False  # roll-under contests [OSR]
    contested_both_fail: BothFail = BothFail.REROLL  # "re-roll one turn later, or ... closer"
    effort: bool = False  # [ICRPG]
    skill_challenges: bool = False  # [4e]
    timers: bool = False  # [ICRPG] "Roll 1d4. After that many turns, something awful happens!"
    knife_grip: bool = True  # WDD: a knife or dagger hit on a 20 grips the foe (engine II)
    volleys: bool = True  # WDD/R31: a missile lands on a random combatant CLOSE to the target


class RepairCosts(BaseModel):
    """R16 and R17: percentages of an item's value, and notches a quality allows."""

    model_config = ConfigDict(extra="forbid")

    armor_point_pct: int = Field(10, ge=0, le=1000)
    weapon_notch_pct: int = Field(10, ge=0, le=1000)
    broken_weapon_pct: int = Field(50, ge=0, le=1000)
    notches_cheap: int = Field(1, ge=0, le=20)
    notches_standard: int = Field(2, ge=0, le=20)
    notches_fine: int = Field(3, ge=0, le=20)

    def allowances(self) -> dict[str, int]:
        """R17: notches per quality before the next breaks the weapon (``gear.damage``'s
        ``allowances``: the fight, the ledger and the sheet's gear read these)."""
        return {"cheap": self.notches_cheap, "standard": self.notches_standard,
                "fine": self.notches_fine}


class TimeSettings(BaseModel):
    """R27: round lengths per procedure, the exploration turn and the calendar."""

    model_config = ConfigDict(extra="forbid")

    furnace_round_seconds: int = Field(6, ge=1, le=3600)
    wdd_segment_seconds: int = Field(6, ge=1, le=600)
    wdd_segments_per_round: int = Field(10, ge=1, le=100)
    melee_round_seconds: int = Field(6, ge=1, le=3600)
    exploration_turn_minutes: int = Field(10, ge=1, le=1440)
    # R27: twelve months "names set by the GM"; a month needs a name (the date shows it)
    month_names: list[Annotated[str, Field(min_length=1, max_length=60)]] = Field(
        default_factory=lambda: [f"Month {n}" for n in range(1, 13)],
        min_length=12, max_length=12,
    )
    days_per_month: int = Field(30, ge=1, le=100)
    short_rest_minutes: int = Field(60, ge=1, le=24 * 60)
    long_rest_hours: int = Field(8, ge=1, le=72)


class DowntimeSettings(BaseModel):
    """How long downtime takes (house defaults; WDD gives the training numbers)."""

    model_config = ConfigDict(extra="forbid")

    repair_hours_per_point: int = Field(8, ge=0, le=24 * 365)  # per armor point or notch
    mounted_training_weeks: int = Field(8, ge=0, le=520)  # WDD: "8 weeks (- DEX bonus in weeks)"
    mounted_training_cost_gp: int = Field(100, ge=0, le=10**9)  # WDD's "X GP"


class CampaignSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    rules: OptionalRules = Field(default_factory=OptionalRules)
    initiative: InitiativeMode = InitiativeMode.GROUP
    resolution: Resolution = Resolution.FURNACE
    crit_damage: CritDamage = CritDamage.FURNACE
    monster_crits: MonsterCrits = MonsterCrits.OFF
    default_room_dc: int = Field(12, ge=1, le=40)
    repair: RepairCosts = Field(default_factory=RepairCosts)
    time: TimeSettings = Field(default_factory=TimeSettings)
    downtime: DowntimeSettings = Field(default_factory=DowntimeSettings)
    funnel_size: int = Field(4, ge=1, le=20)
