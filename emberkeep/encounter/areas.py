"""Who stands in a spell's area: the one rule the cast dialog offers by and the engine bounds by.

A spell level's effects name their area as data (``area`` in
:mod:`emberkeep.magic.spell_effects`): the ``target`` alone, everyone ``close`` to it (its zone:
Fireball's "in CLOSE of the target") or ``near`` it (CLOSE or NEAR: "in NEAR of the target"),
or the ``caster``. Who is in an area is read from the zones (:mod:`.zones`): everyone still in
the fight within the band of the centre, the centre itself included, whatever their side. The
texts say "everyone", so a PC standing by the goblin is in the fireball too; the GM takes out
whom the spell spares (allies, if the GM rules the caster aims around them).

No ruling settles areas, and the texts leave gaps this module fills by reading them plainly:

- Fireball's level 6, "12d6 fire DAM to everyone NEAR", does not say NEAR of whom. It is typed
  as NEAR of the target, as levels 4 and 5 say ("in NEAR of the target"): the fireball bursts
  where it is aimed.
- An area is offered for the widest band any of the spell's levels reaches, since the dialog
  comes before the SPELLCHECK; the level reached then bounds the chosen to its own area (a
  level 2 Fireball burns only those CLOSE to the target, the rest are noted as untouched).
"""

from __future__ import annotations

from collections.abc import Sequence

from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.zones import Band
from emberkeep.magic.spell_effects import SpellCondition, SpellDamage, SpellEffect
from emberkeep.magic.spells import Spell

__all__ = ["area_band", "in_area", "offered_area", "spell_area"]

_BANDS: dict[str, Band] = {"close": Band.CLOSE, "near": Band.NEAR}


def area_band(area: str) -> Band | None:
    """The band an effect's ``area`` spans around its centre; None for one combatant
    (``target`` or ``caster``)."""
    return _BANDS.get(area)


def in_area(enc: Encounter, centre: Combatant, reach: Band) -> list[Combatant]:
    """Everyone still in the fight within ``reach`` of ``centre``, the centre first (it is
    in its own zone), then the others in the fight's order."""
    return [centre] + [c for c in enc.combatants.values() if c.id != centre.id
                       and not enc.is_down(c) and enc.band(c, centre) <= reach]


def _aimed_band(effects: Sequence[SpellEffect]) -> Band | None:
    bands = [b for e in effects if isinstance(e, SpellDamage | SpellCondition)
             and e.centre == "target" and (b := area_band(e.area)) is not None]
    return max(bands, default=None)


def spell_area(spell: Spell) -> Band | None:
    """The widest band around its target that any of the spell's levels reaches (None: the
    spell touches its one target, or centres on the caster)."""
    bands = [b for lv in spell.levels if (b := _aimed_band(lv.effects)) is not None]
    return max(bands, default=None)


def offered_area(enc: Encounter, spell: Spell, target: Combatant) -> list[Combatant]:
    """Whom a cast of ``spell`` aimed at ``target`` may engulf: the target first, then everyone
    in the spell's widest area around it (the caster too, if standing there); only the target
    for a spell without an area."""
    reach = spell_area(spell)
    return [target] if reach is None else in_area(enc, target, reach)
