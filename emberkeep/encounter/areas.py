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
- "For all allies NEAR" (Bless 4-5, Shield 4-5) is typed as an area around the caster, its
  side only (``allies_only``). Whether the caster is among its own "allies" the texts do not
  say: Shield names "the caster and all allies", so its typing keeps the caster's own effect;
  Bless's leaves the caster out. Bless 3's "up to 1d4 allies NEAR" (a count, not an area) and
  Bless 6's "every ally on the battlefield" stay the GM's to choose: no area kind says them.
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


def _band(effects: Sequence[SpellEffect], centre: str) -> Band | None:
    bands = [b for e in effects if isinstance(e, SpellDamage | SpellCondition)
             and e.centre == centre and (b := area_band(e.area)) is not None]
    return max(bands, default=None)


def spell_area(spell: Spell, centre: str = "target") -> Band | None:
    """The widest band around its target (or, ``centre`` "caster", around the caster: "for all
    allies NEAR") that any of the spell's levels reaches; None: no level has such an area."""
    bands = [b for lv in spell.levels if (b := _band(lv.effects, centre)) is not None]
    return max(bands, default=None)


def _allies_only(spell: Spell) -> bool:
    """Every caster-centred area of the spell takes the caster's side only."""
    aimed = [e for lv in spell.levels for e in lv.effects
             if isinstance(e, SpellDamage | SpellCondition) and e.centre == "caster"
             and area_band(e.area) is not None]
    return bool(aimed) and all(e.allies_only for e in aimed)


def offered_area(enc: Encounter, spell: Spell, caster: Combatant,
                 target: Combatant | None) -> list[Combatant]:
    """Whom a cast of ``spell`` may take: aimed at ``target``, the target first, then everyone
    in the spell's widest area around it (the caster too, if standing there); a spell whose
    area is around the caster, everyone else there (its allies only, if the spell says so);
    only the target for a spell without an area."""
    reach = spell_area(spell)
    if reach is not None and target is not None:
        return in_area(enc, target, reach)
    around = spell_area(spell, "caster")
    if around is not None:
        allies = _allies_only(spell)
        return [c for c in in_area(enc, caster, around)[1:]
                if not allies or c.side == caster.side]
    return [] if target is None else [target]
