"""Short and long rests on the clock (Furnace: "Short rest: spend one HD. Long rest: spend and
regain all your HD"; R29, R10, R11).

A rest takes its time (settings), during which the clock runs as usual; at its end each resting
character spends hit dice, casters reset (any rest: the spell count; a long rest: the depletion
bar and the disapproval range), and everything that lasts "until rest" ends.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from emberkeep.campaign.calendar import HOUR, MINUTE
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.scope import Scope
from emberkeep.campaign.timeline import EndsOn
from emberkeep.character.catalog import Catalog
from emberkeep.character.groups import CharacterGroup, who_rests
from emberkeep.character.rest import rest_character
from emberkeep.clock.advance import Happening, advance, advance_scope, end_entries
from emberkeep.dice import Roller

__all__ = ["RestKind", "rest", "rest_length", "rest_scope"]

RestKind = Literal["short", "long"]


def rest(campaign: Campaign, kind: RestKind, roller: Roller,
         character_ids: Iterable[str] | None = None,
         groups: Iterable[CharacterGroup] | None = None) -> list[Happening]:
    """The named characters rest, or else the living of ``groups`` (None: every
    group but the dead or retired); returns what changed, clock included."""
    length = rest_length(campaign, kind)
    wanted = _wanted(campaign, character_ids, groups)
    changes = advance(campaign, length, roller)
    catalog = Catalog(campaign)
    resting = [c for c in campaign.characters if c.id in wanted and c.alive]
    for character in resting:
        before = character.hp
        result = rest_character(character, catalog, kind, roller)
        character.caster = (character.caster.long_rest() if kind == "long"
                            else character.caster.short_rest())
        healed = character.hp - before
        changes.append(Happening(campaign.time, "rest",
                              f"{character.name} rested ({kind}): +{healed} HP, "
                              f"{result.pool_after} HD in the pool", character.id))
    ids = {c.id for c in resting}
    ends = {EndsOn.ANY_REST} | ({EndsOn.LONG_REST} if kind == "long" else set())
    ended = [e for e in campaign.timeline
             if e.ends_on in ends and (e.character_id is None or e.character_id in ids)]
    changes.extend(end_entries(campaign, ended, campaign.time))
    return changes


def rest_length(campaign: Campaign, kind: RestKind) -> int:
    """Seconds a rest takes (the campaign's time settings)."""
    if kind not in ("short", "long"):
        raise ValueError(f"a rest is short or long, not {kind!r}")
    time = campaign.settings.time
    return time.short_rest_minutes * MINUTE if kind == "short" else time.long_rest_hours * HOUR


def rest_scope(campaign: Campaign, kind: RestKind,
               character_ids: Iterable[str] | None = None,
               groups: Iterable[CharacterGroup] | None = None) -> Scope:
    """What :func:`rest` may change: the clock's advance and the living who rest (the advance
    only ever takes life, so who is alive now covers who rests at its end)."""
    wanted = _wanted(campaign, character_ids, groups)
    resting = (c.id for c in campaign.characters if c.id in wanted and c.alive)
    return (advance_scope(campaign, campaign.time + rest_length(campaign, kind))
            | Scope.of(resting))


def _wanted(campaign: Campaign, character_ids: Iterable[str] | None,
            groups: Iterable[CharacterGroup] | None) -> set[str]:
    return set(who_rests(campaign.characters, groups) if character_ids is None
               else character_ids)
