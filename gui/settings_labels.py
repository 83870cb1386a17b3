"""Plain words for the campaign settings: each field's label with its ruling, the tab it sits on,
and the words for each choice. Data for :mod:`gui.campaign_settings`; a field missing here still
shows, labelled from its name."""

from __future__ import annotations

from typing import Any

from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined

from gui.settings_fields import bounds_of, humanize

__all__ = ["CHOICES", "LABELS", "TABS", "TAB_OF_FIELD", "choice_label", "tooltip_for"]

TABS = ("Rules", "Combat", "Repairs", "Time & calendar", "Downtime", "Campaign")

# A top-level field (or a dotted path) → its tab; a nested model's fields follow their parent.
TAB_OF_FIELD: dict[str, str] = {
    "rules": "Rules",
    "funnel_size": "Rules",
    "initiative": "Combat",
    "resolution": "Combat",
    "crit_damage": "Combat",
    "monster_crits": "Combat",
    "default_room_dc": "Combat",
    "repair": "Repairs",
    "time": "Time & calendar",
    "downtime": "Downtime",
}

LABELS: dict[str, str] = {
    "funnel_size": "Funnel: 0-level characters per player",
    "rules.luck_dice": "Luck Dice, a d6 added after the roll (R29)",
    "rules.crit_tables": "Critical hit tables by class (Furnace, R19)",
    "rules.fumble_tables": "Fumble tables (Furnace, R17)",
    "rules.armor_crits_and_notches": "Gear damage: armor crits and weapon notches (WDD, R15-R17)",
    "rules.injuries": "Injuries table when a dying character is stabilized (R21)",
    "rules.knocked_twice_save": "Knocked to 0 twice in a fight: CON SAVE or die (R22)",
    "rules.advantage_disadvantage": "Advantage and disadvantage (R21, R28)",
    "rules.advantage_mode": "Advantage and disadvantage: beside or instead of HARD/EASY",
    "rules.fixed_first_level_hp": "Fixed 1st-level hit points: 4/3/3/2 + CON (R5)",
    "rules.first_level_archetype_feature": "An archetype feature at 1st level (Furnace, for DMs)",
    "rules.free_disengage": "Free disengage for players and NPCs (Furnace)",
    "rules.group_initiative_reroll": "Reroll group initiative every round (R20)",
    "rules.contested_checks": "Contested checks, roll-under (Furnace option)",
    "rules.contested_both_fail": "When both sides fail a contested check",
    "rules.effort": "Effort (Furnace option, from ICRPG)",
    "rules.skill_challenges": "Skill challenges (Furnace option, from 4e)",
    "rules.timers": "Timers: 1d4 turns, then something awful (Furnace option)",
    "rules.knife_grip": "A knife or dagger hit on a 20 grips the foe (WDD)",
    "rules.volleys": "Volleys land on a random combatant CLOSE to the target (R31)",
    "initiative": "Initiative for new encounters (R20)",
    "resolution": "Combat procedure",
    "crit_damage": "Critical hit damage (R19)",
    "monster_crits": "Monster crits and fumbles (R30)",
    "default_room_dc": "Default ROOM DC, also monsters' AC (R30)",
    "repair.armor_point_pct": "Armor repair, % of value per point (R16)",
    "repair.weapon_notch_pct": "Weapon repair, % of value per notch (R16)",
    "repair.broken_weapon_pct": "Broken weapon repair, % of value (R16)",
    "repair.notches_cheap": "Notches a cheap weapon takes before the next breaks it (R17)",
    "repair.notches_standard": "Notches a standard weapon takes before the next breaks it (R17)",
    "repair.notches_fine": "Notches a fine weapon takes before the next breaks it (R17)",
    "time.furnace_round_seconds": "Furnace round, seconds (R27)",
    "time.wdd_segment_seconds": "WDD segment, seconds (R27)",
    "time.wdd_segments_per_round": "WDD segments per combat turn (R27)",
    "time.melee_round_seconds": "Melee Round round, seconds (R27)",
    "time.exploration_turn_minutes": "Exploration turn, minutes (R27)",
    "time.month_names": "Month names (R27)",
    "time.days_per_month": "Days per month (R27)",
    "time.short_rest_minutes": "Short rest, minutes (house default)",
    "time.long_rest_hours": "Long rest, hours (house default)",
    "downtime.repair_hours_per_point": "Smith's hours per armor point or notch (house default)",
    "downtime.mounted_training_weeks": "Mounted combat training, weeks before DEX (WDD)",
    "downtime.mounted_training_cost_gp": "Mounted combat training, gp (WDD's \"X GP\")",
}

# (enum class name, value) → words: values repeat across enums ("furnace").
CHOICES: dict[tuple[str, str], str] = {
    ("InitiativeMode", "group"): "Group d6, ties act together (Furnace)",
    ("InitiativeMode", "simultaneous"): "Simultaneous: missiles and magic, then melee",
    ("InitiativeMode", "segments"): "Segments: d10 plus modifiers (WDD)",
    ("Resolution", "furnace"): "Furnace: d20 attacks and saves",
    ("Resolution", "melee_round"): "Melee Round (Pendragon style, R23)",
    ("CritDamage", "furnace"): "Furnace: maximum damage, then the class crit table",
    ("CritDamage", "wdd_double"): "WDD: double damage",
    ("MonsterCrits", "off"): "Off",
    ("MonsterCrits", "class_tables"): "The class tables (0-level table)",
    ("MonsterCrits", "lingering"): "The lingering injuries table on a crit",
    ("AdvantageMode", "beside"): "Beside HARD and EASY",
    ("AdvantageMode", "instead"): "Instead of HARD and EASY",
    ("BothFail", "reroll"): "Re-roll one turn later",
    ("BothFail", "closer"): "Whoever came closer wins",
}


def choice_label(value: Any) -> str:
    raw = str(getattr(value, "value", value))
    return CHOICES.get((type(value).__name__, raw), humanize(raw))


def tooltip_for(key: str, info: FieldInfo) -> str:
    """The field's description (when the model gives one), its range and its ruling's default."""
    parts = [info.description or LABELS.get(key, humanize(key.rsplit(".", 1)[-1]))]
    low, high = bounds_of(info)
    if info.annotation is int and low is not None and high is not None:
        parts.append(f"From {low:,} to {high:,}.")
    default: Any = info.default
    if default is PydanticUndefined and info.default_factory is not None:
        default = info.default_factory()  # type: ignore[call-arg]
    if isinstance(default, bool):
        parts.append(f"Default: {'on' if default else 'off'}.")
    elif isinstance(default, int | str):
        parts.append(f"Default: {choice_label(default) if isinstance(default, str) else default}.")
    return " ".join(parts)
