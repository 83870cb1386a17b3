"""R32's Melee Round experience: "after a notable success the GM may tick the weapon skill; at
the year's end each ticked skill rolls d20, and over the skill raises it by 1."

Importing this module registers :func:`year_end_checks` on the clock's ``YEAR_END_HOOKS`` (the
clock imports it, so advancing time past a year's end always rolls the checks).
"""

from __future__ import annotations

from emberkeep.campaign.model import Campaign
from emberkeep.clock.advance import YEAR_END_HOOKS, Change
from emberkeep.dice import Purpose, Roller, roll
from emberkeep.melee_round.profile import KnightProfile

__all__ = ["experience_checks", "year_end_checks"]


def experience_checks(profile: KnightProfile,
                      roller: Roller) -> tuple[KnightProfile, list[str]]:
    """Roll every ticked skill; the ticks are cleared. Returns the new profile and the lines.
    A GM's typed d20 is found under ``("experience", skill name)``."""
    lines = []
    result = profile
    for name in profile.ticks:
        value = profile.skill(name)
        face = roll("d20", roller, purpose=Purpose.EXPERIENCE, who=name).total
        if face > value:
            result = result.with_skill(name, value + 1)
            lines.append(f"{name} {value} → {value + 1} (rolled {face}, over {value})")
        else:
            lines.append(f"{name} stays {value} (rolled {face})")
    return result.model_copy(update={"ticks": ()}), lines


def year_end_checks(campaign: Campaign, roller: Roller, at: int) -> list[Change]:
    changes = []
    for character in campaign.characters:
        knight = character.knight
        if knight is None or not knight.ticks:
            continue
        character.knight, lines = experience_checks(knight, roller)
        for line in lines:
            changes.append(Change(at, "experience", f"{character.name}: {line} (R32)",
                                  character.id))
    return changes


if year_end_checks not in YEAR_END_HOOKS:
    YEAR_END_HOOKS.append(year_end_checks)
