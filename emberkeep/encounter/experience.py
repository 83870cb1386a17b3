"""Experience for a fight (R32): "an encounter awards each survivor 0-4 XP (the GM picks, the app
suggests by danger)".

The suggestion weighs what the foes brought against what the party had: the foes' hit points
against the PCs', one more when a PC fell (dying or dead) during the fight, none when there was
no foe. It is only a suggestion; the GM's number is the one awarded.
"""

from __future__ import annotations

from collections.abc import Iterable

from emberkeep.campaign.model import Campaign
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.engine import Encounter

__all__ = ["MAX_AWARD", "award_xp", "suggest_xp", "survivors"]

MAX_AWARD = 4


def survivors(enc: Encounter) -> list[str]:
    """The character ids of the PCs still alive at the end (standing, dying or down)."""
    return [c.character_id for c in enc.combatants.values()
            if c.kind == "pc" and c.character_id is not None and enc.character(c).alive]


def suggest_xp(enc: Encounter) -> int:
    foes_hp = sum(c.monster.max_hp for c in enc.combatants.values()
                  if c.kind == "monster" and c.monster is not None)
    if not foes_hp:
        return 0
    pcs = [c for c in enc.combatants.values() if c.kind == "pc"]
    party_hp = sum(enc.hp_with_max(c)[1] for c in pcs) or 1  # R39: on the fight's HP track
    ratio = foes_hp / party_hp
    award = 1 if ratio < 0.5 else 2 if ratio < 1 else 3 if ratio < 2 else 4
    if any(_fell(enc, c) for c in pcs):
        award += 1  # someone fell: it was more dangerous than the numbers say
    return min(MAX_AWARD, award)


def _fell(enc: Encounter, c: Combatant) -> bool:
    """At 0 HP or below on the fight's track (R39; a PC without a knight profile has none in a
    Melee Round), or dead."""
    hp, top = enc.hp_with_max(c)
    return (bool(top) and hp <= 0) or not enc.character(c).alive


def award_xp(campaign: Campaign, character_ids: Iterable[str], amount: int) -> list[str]:
    """Add ``amount`` XP (0-4, R32) to each named living character; returns their names."""
    if not 0 <= amount <= MAX_AWARD:
        raise ValueError(f"an encounter awards 0 to {MAX_AWARD} XP (R32), not {amount}")
    named = []
    for character_id in character_ids:
        character = campaign.character(character_id)
        if character.alive:
            character.xp += amount
            named.append(character.name)
    return named
