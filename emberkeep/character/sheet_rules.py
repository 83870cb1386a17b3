"""What a GM may set by hand on a sheet, and what only a rule may change.

A sheet that refuses nonsense: typing 5 into a 1st-level Fighter's level would give PROF +3 with
no hit points and no features, so a level comes only from leveling up (R5 hit points, R6 PROF and
features, :func:`emberkeep.character.leveling.level_up`). Only a class that casts learns spells
(R8), and no more than R10's limit; only a class or feature that gives cantrips learns them. A
class is chosen once, when a 0-level survivor of the funnel reaches 1st level by Level Up (R5's
funnel, :func:`emberkeep.character.leveling.apply_first_level`), never typed into a levelled
character's sheet (which would keep its old class's HP, saves and features). A base score
under 3 comes only from a race's -1 (R2), so neither a typed score nor another race may leave
one without it. The sheet, the roster, a script and the document all ask
:func:`hand_edit_refusal` before a hand edit, so the rule lives here once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from emberkeep.character.abilities import ABILITIES, AbilityScores
from emberkeep.character.advancement import MAX_LEVEL, xp_for_level
from emberkeep.character.archetype_effects import extra_cantrips
from emberkeep.character.catalog import Catalog
from emberkeep.character.model import Character
from emberkeep.character.races import lowest_base
from emberkeep.magic.spells import load_spells

__all__ = ["cantrips_allowed", "class_refusal", "hand_edit_refusal", "learn_refusal",
           "level_up_readiness", "low_score_refusal", "ordinal"]

RULE_ONLY = {
    "level": "a level is gained only by leveling up (R5 hit points, R6 PROF and features): "
             "use Level Up",
}
"""Fields a hand edit may not change, with the reason shown to the GM."""


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th… (levels as the seed writes them)."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def class_refusal(character: Character) -> str:
    """Why a character's class is not set by hand (the sheet's tooltip and the refusal)."""
    if character.level == 0 or character.class_def is None:
        return (f"{character.name} is a 0-level character of the funnel: a class is chosen "
                "when advancing to 1st level (R5), with Level Up")
    return (f"{character.name} is a {ordinal(character.level)}-level {character.class_def.name}: "
            "a class is chosen once, when advancing from the funnel (R5), with Level Up; "
            "changing it by hand would keep the old class's hit points, saves and features")


def cantrips_allowed(character: Character, catalog: Catalog) -> int:
    """The class's cantrip picks (Magic-user 2) plus what archetype features add (Trickster 1)."""
    cls = character.class_def
    return (cls.cantrip_picks if cls is not None else 0) + extra_cantrips(character, catalog)


def learn_refusal(character: Character, catalog: Catalog, spell_id: str, *,
                  cantrip: bool = False, known: Sequence[str] | None = None) -> str | None:
    """Why ``character`` may not learn ``spell_id`` now, or None when it may.

    ``known`` is the list it would be added to (default: the sheet's own)."""
    field = "cantrips" if cantrip else "spells_known"
    have = list(getattr(character, field) if known is None else known)
    if cantrip:
        return _cantrip_refusal(character, catalog, spell_id, have)
    return _spell_refusal(character, catalog, spell_id, have)


def _cantrip_refusal(character: Character, catalog: Catalog, spell_id: str,
                     have: list[str]) -> str | None:
    """:func:`learn_refusal` for a cantrip: one that exists, a class or feature that gives
    cantrips, not already known, within the allowed picks."""
    names = {c.id: c.name for c in load_spells().cantrips}
    if spell_id not in names:
        return f"there is no cantrip {spell_id!r}"
    allowed = cantrips_allowed(character, catalog)
    if allowed == 0:
        return (f"{character.name} learns no cantrips: only a Magic-user (and a feature "
                "such as the Arcane Trickster's) gives them")
    if spell_id in have:
        return f"{names[spell_id]} is already known"
    if len(have) >= allowed:
        return f"{character.name} knows {len(have)} cantrips, all {allowed} allowed"
    return None


def _spell_refusal(character: Character, catalog: Catalog, spell_id: str,
                   have: list[str]) -> str | None:
    """:func:`learn_refusal` for a spell: one in the campaign's catalog, a class that casts
    (R8), not already known, within R10's limit."""
    # the sheet's numbers load with the first spell learned: the document asks only
    # hand_edit_refusal of this module when the first window opens
    from emberkeep.character.sheet_numbers import caster_kind, spells_known_limit

    try:
        name = catalog.spell(spell_id).name
    except KeyError:
        return f"there is no spell {spell_id!r} in this campaign's catalog"
    if caster_kind(character) is None:
        what = (f"a {character.class_def.name}" if character.class_def is not None
                else "a 0-level character")
        return (f"{character.name} is {what}: only Clerics and Magic-users cast spells "
                "(R8), so only they learn them")
    if spell_id in have:
        return f"{name} is already known"
    limit = spells_known_limit(character, catalog)
    if limit is not None and len(have) >= limit:
        return (f"{character.name} already knows {len(have)} spells, the limit of {limit} "
                "(R10)")
    return None


def hand_edit_refusal(character: Character, field: str, value: Any,
                      catalog: Catalog) -> str | None:
    """Why setting ``field`` to ``value`` by hand is refused, or None when a GM may."""
    if field in RULE_ONLY and value != getattr(character, field):
        return RULE_ONLY[field]
    if field == "class_id" and value != character.class_id:
        return class_refusal(character)
    if field == "scores" and isinstance(value, AbilityScores):
        return low_score_refusal(value, character.race, catalog)
    if field == "race" and value != character.race:
        return low_score_refusal(character.scores, str(value), catalog)
    if field in ("spells_known", "cantrips"):
        kept: list[str] = []
        old = set(getattr(character, field))
        for spell_id in value:
            if spell_id not in old:  # forgetting is always allowed; each new one is checked
                reason = learn_refusal(character, catalog, str(spell_id),
                                       cantrip=field == "cantrips", known=kept)
                if reason is not None:
                    return reason
            kept.append(str(spell_id))
    return None


def low_score_refusal(scores: AbilityScores, race_id: str, catalog: Catalog) -> str | None:
    """Why ``scores`` cannot be a sheet's of race ``race_id``: a base under 3 that the race's
    -1 does not explain (R2: 3d6 gives 3 at least; an injury's loss is kept apart, R29).
    The loader refuses such a sheet, so a hand edit may not make one."""
    race = catalog.races().get(race_id)
    if race is None:
        return None  # an unknown race is refused on its own
    for ability in ABILITIES:
        base = scores.get(ability).base
        if base < lowest_base(race, ability):
            return (f"a base {ability.value} of {base} is under 3 (3d6), and only a race's -1 "
                    f"makes it 2 (R2); a score an injury took goes in the loss column (R29)")
    return None


def level_up_readiness(character: Character) -> str:
    """R32's threshold on the sheet: ``ready to level up`` or how much XP the next level needs."""
    if character.level >= MAX_LEVEL:
        return f"{ordinal(MAX_LEVEL)} level is the last"
    nxt = character.level + 1
    need = xp_for_level(nxt)
    if character.xp >= need:
        return f"ready to level up to {ordinal(nxt)} ({need} XP, R32)"
    return f"{need - character.xp} XP to {ordinal(nxt)} (at {need}, R32)"
