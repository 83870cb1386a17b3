"""The archetypes, spells and magic items in play for one campaign.

Furnace's whole idea is that each group makes these its own: the campaign file keeps the GM's
entries, the shipped catalogs are the defaults, and an entry with a shipped id replaces that one.
A :class:`Catalog` is that view, built from the campaign and handed to every rule that looks an
entry up by id (level-up, hit dice, spells known, the encounter, the sheet, the wizard, the
toolbox); nothing is installed in a module, so two campaigns open side by side each see their
own entries, and a script sees exactly the campaign it loaded.

The catalog reads the campaign's lists at each lookup (a GM's own entries are a handful), so a
toolbox edit is seen at once by everything holding the campaign's catalog: there is no copy to
refresh.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from emberkeep.character.archetypes import Archetype, shipped_archetypes
from emberkeep.character.races import Race, races
from emberkeep.gear.catalog import GearCatalog, gear_catalog
from emberkeep.gear.magic_items import MagicItemSpec
from emberkeep.magic.spells import Spell, shipped_spells

__all__ = ["SHIPPED", "Catalog", "OwnEntries"]


class OwnEntries(Protocol):
    """Where a campaign keeps its own entries (``Campaign`` is one)."""

    @property
    def archetypes(self) -> Sequence[Archetype]: ...

    @property
    def spells(self) -> Sequence[Spell]: ...

    @property
    def magic_items(self) -> Sequence[MagicItemSpec]: ...


@dataclass(frozen=True, slots=True)
class Catalog:
    """The shipped entries with a campaign's own over them (``own``: None for the shipped only)."""

    own: OwnEntries | None = None

    # -- archetypes ----------------------------------------------------------------------------

    def find_archetype(self, archetype_id: str) -> Archetype | None:
        if self.own is not None:
            for archetype in self.own.archetypes:
                if archetype.id == archetype_id:
                    return archetype
        return shipped_archetypes().get(archetype_id)

    def archetype(self, archetype_id: str) -> Archetype:
        found = self.find_archetype(archetype_id)
        if found is None:
            known = ", ".join(self.archetypes())
            raise ValueError(f"unknown archetype {archetype_id!r} (known: {known})")
        return found

    def archetypes(self) -> dict[str, Archetype]:
        """Every archetype in play, by id."""
        own = self.own.archetypes if self.own is not None else ()
        return {**shipped_archetypes(), **{a.id: a for a in own}}

    def archetypes_for(self, class_id: str, race_id: str | None = None) -> list[Archetype]:
        """The archetypes a character of this class (and race) may take."""
        return [a for a in self.archetypes().values()
                if a.class_id == class_id
                and (a.prerequisite_race is None or a.prerequisite_race == race_id)]

    # -- spells --------------------------------------------------------------------------------

    def spell(self, spell_id: str) -> Spell:
        if self.own is not None:
            for spell in self.own.spells:
                if spell.id == spell_id:
                    return spell
        shipped = shipped_spells().get(spell_id)
        if shipped is None:
            raise KeyError(f"no spell {spell_id!r}")
        return shipped

    def spells(self) -> dict[str, Spell]:
        """Every spell in play, by id (the shipped ones in the catalog's order first)."""
        own = self.own.spells if self.own is not None else ()
        return {**shipped_spells(), **{s.id: s for s in own}}

    # -- magic items ---------------------------------------------------------------------------

    def magic_item(self, item_id: str) -> MagicItemSpec:
        if self.own is not None:
            for item in self.own.magic_items:
                if item.id == item_id:
                    return item
        shipped = gear_catalog().magic_items.get(item_id)
        if shipped is None:
            raise KeyError(f"no magic item {item_id!r}")
        return shipped

    def magic_items(self) -> dict[str, MagicItemSpec]:
        """Every magic item in play, by id."""
        own = self.own.magic_items if self.own is not None else ()
        return {**gear_catalog().magic_items, **{m.id: m for m in own}}


    # -- races (the seed's "create your own") ---------------------------------------

    def races(self) -> dict[str, Race]:
        """Every race in play, by id: the shipped, then the campaign's own (replacing by id)."""
        own = getattr(self.own, "races", ()) if self.own is not None else ()
        return {**races(), **{r.id: r for r in own}}

    def race(self, race_id: str) -> Race:
        found = self.races().get(race_id)
        if found is None:
            raise ValueError(f"unknown race {race_id!r} (known: {', '.join(self.races())})")
        return found

    # -- gear (the gear editor) -------------------------------------------------------

    def gear(self) -> GearCatalog:
        """The shipped gear catalog with the campaign's own weapons, armor, shields and items
        over it by id (what the sheet's Add and the starting equipment draw from). Built at each
        call from a handful of entries; not for a fight's hot path (owned pieces carry their
        numbers)."""
        shipped = gear_catalog()
        if self.own is None:
            return shipped
        own = {field: {e.id: e for e in getattr(self.own, field, ())}
               for field in ("weapons", "armor", "shields", "items")}
        return GearCatalog(
            armor={**shipped.armor, **own["armor"]}, shields={**shipped.shields, **own["shields"]},
            weapons={**shipped.weapons, **own["weapons"]}, items={**shipped.items, **own["items"]},
            magic_items=self.magic_items(), kits=dict(shipped.kits))


SHIPPED = Catalog()
"""The shipped entries alone: for rules used outside any campaign (tests, the example's build)."""
