"""What a level-up will change, said before it happens, and what it did, said after.

The level-up dialog shows :func:`level_up_preview` before the GM presses Enter (R5's die and
floor, R6's PROF, hit-dice pool and features), and :func:`level_up_outcome` after, with the die as
it fell; the same words name the undo step, so the roll is found in the history afterwards.
"""

from __future__ import annotations

from emberkeep.character.abilities import Ability
from emberkeep.character.advancement import LevelFeature, features_at, prof_bonus
from emberkeep.character.catalog import Catalog
from emberkeep.character.hit_points import LAST_ROLLED_LEVEL, HpEntry
from emberkeep.character.model import Character
from emberkeep.character.rest import max_hit_dice

__all__ = ["describe_hp", "level_up_outcome", "level_up_preview"]

_FEATURE_WORDS = {
    LevelFeature.ARCHETYPE_FEATURE: "an archetype feature",
    LevelFeature.ABILITY_INCREASE: "+1 to an ability score",
    LevelFeature.CHOOSE_SKILLS: "skills",
    LevelFeature.CHOOSE_ARCHETYPE: "an archetype",
    LevelFeature.ROLL_OCCUPATION: "an occupation",
}


def describe_hp(entry: HpEntry) -> str:
    """``d10 rolled 1 → +2 HP (R5 floor: 1 + CON, at most half the die)``."""
    if not entry.faces:
        return f"+{entry.gain} HP (fixed, R5)"
    face = entry.faces[0]
    floor = " (R5 floor: 1 + CON, at most half the die)" if entry.gain > face else ""
    return f"d{entry.die} rolled {face} → +{entry.gain} HP{floor}"


def level_up_preview(character: Character, catalog: Catalog) -> list[str]:
    """The lines a GM reads before leveling ``character`` (1st level or higher) up one level."""
    level = character.level + 1
    con = character.modifier(Ability.CON)
    lines = [f"Level {character.level} → {level}",
             f"PROF {character.prof:+d} → {prof_bonus(level):+d} (R6)"]
    cls = character.class_def
    if level <= LAST_ROLLED_LEVEL:
        die = character.hit_die_at(catalog, level)
        floor = max(1, min(1 + con, die // 2))
        lines.append(f"Max HP {character.max_hp} + d{die}, at least {floor} "
                     f"(R5: 1 + CON {con:+d}, at most half the die): "
                     f"{character.max_hp + floor}-{character.max_hp + die}")
    elif cls is not None:
        lines.append(f"Max HP {character.max_hp} → {character.max_hp + cls.high_level_hp} "
                     f"(+{cls.high_level_hp} fixed, no roll, R5)")
    pool = max_hit_dice(level) - max_hit_dice(level - 1)
    if pool:
        lines.append(f"Hit-dice pool +{pool} (R6: one per level to 5th)")
    wants = [_FEATURE_WORDS[f] for f in features_at(level) if f in _FEATURE_WORDS]
    if wants:
        lines.append("Choose " + " and ".join(wants) + " (R6)")
    return lines


def level_up_outcome(before: Character, after: Character, hp: HpEntry) -> str:
    """One line: what the level-up did, the die as it fell (the undo step's name too)."""
    return (f"{after.name} is level {after.level}: {describe_hp(hp)}, max HP {before.max_hp} → "
            f"{after.max_hp}, PROF {after.prof:+d}, hit-dice pool {after.hit_dice}")
