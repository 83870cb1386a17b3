"""The gear catalog: every armor, shield, weapon, item and magic item the app ships, by id.

Loaded once from ``resources/gear/`` (armor.json, weapons.json, items.json, magic_items.json) and
validated: ids are unique across all kinds (so ``Inventory.from_catalog`` can take any id) and
every magic item's base piece exists. A GM who edits a price or adds a weapon edits those files.
"""

# The annotations are objects, not strings (no ``from __future__ import annotations``): these
# models are built when a campaign first loads, and pydantic parses a string annotation
# as code, one field at a time.

from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, model_validator

from emberkeep.gear.magic_items import MagicItemSpec
from emberkeep.gear.specs import ArmorSpec, ItemSpec, ShieldSpec, WeaponSpec
from emberkeep.resources import load_model

__all__ = ["GearCatalog", "GearError", "GearKind", "Spec", "gear_catalog", "load_catalog"]

GearKind = Literal["armor", "shield", "weapon", "item", "magic_item", "kit"]
Spec = ArmorSpec | ShieldSpec | WeaponSpec | ItemSpec | MagicItemSpec


class GearError(ValueError):
    """An unknown catalog id, or gear used in a way the rules do not allow; says which."""


class _ArmorFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    notes: tuple[str, ...] = ()
    armor: tuple[ArmorSpec, ...]
    shields: tuple[ShieldSpec, ...]


class _WeaponFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    notes: tuple[str, ...] = ()
    weapons: tuple[WeaponSpec, ...]


class _ItemFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    notes: tuple[str, ...] = ()
    items: tuple[ItemSpec, ...]
    kits: dict[str, tuple[str, ...]] = {}


class _MagicFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    notes: tuple[str, ...] = ()
    magic_items: tuple[MagicItemSpec, ...]


class GearCatalog(BaseModel):
    """Dicts by id. ``kits`` name bundles of catalog ids ("a set of adventuring gear")."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    armor: dict[str, ArmorSpec]
    shields: dict[str, ShieldSpec]
    weapons: dict[str, WeaponSpec]
    items: dict[str, ItemSpec]
    magic_items: dict[str, MagicItemSpec]
    kits: dict[str, tuple[str, ...]] = {}

    @model_validator(mode="after")
    def _consistent(self) -> "GearCatalog":
        seen: dict[str, str] = {}
        groups: dict[str, dict[str, object]] = {
            "armor": dict(self.armor), "shields": dict(self.shields),
            "weapons": dict(self.weapons), "items": dict(self.items),
            "magic_items": dict(self.magic_items), "kits": dict(self.kits),
        }
        for group, entries in groups.items():
            for key, entry in entries.items():
                if key in seen:
                    raise ValueError(f"gear id {key!r} is used in both {seen[key]} and {group}")
                seen[key] = group
                entry_id = getattr(entry, "id", key)
                if entry_id != key:
                    raise ValueError(f"{group}: key {key!r} holds the entry {entry_id!r}")
        bases: dict[str, dict[str, object]] = {
            "armor": dict(self.armor), "shield": dict(self.shields),
            "weapon": dict(self.weapons), "item": dict(self.items),
        }
        for magic in self.magic_items.values():
            if magic.base_id not in bases[magic.base_type]:
                raise ValueError(f"magic item {magic.id}: no {magic.base_type} {magic.base_id!r}")
        for kit, ids in self.kits.items():
            for gear_id in ids:
                if gear_id not in seen or seen[gear_id] == "kits":
                    raise ValueError(f"kit {kit}: unknown gear id {gear_id!r}")
        return self

    def kind_of(self, gear_id: str) -> GearKind:
        """Which list an id lives in; a :class:`GearError` for an unknown id."""
        if gear_id in self.armor:
            return "armor"
        if gear_id in self.shields:
            return "shield"
        if gear_id in self.weapons:
            return "weapon"
        if gear_id in self.items:
            return "item"
        if gear_id in self.magic_items:
            return "magic_item"
        if gear_id in self.kits:
            return "kit"
        raise GearError(f"no gear with the id {gear_id!r} in the catalog")

    def get(self, gear_id: str) -> Spec:
        """The spec for an id (kits are not specs: expand them with ``kits``)."""
        kind = self.kind_of(gear_id)
        if kind == "armor":
            return self.armor[gear_id]
        if kind == "shield":
            return self.shields[gear_id]
        if kind == "weapon":
            return self.weapons[gear_id]
        if kind == "item":
            return self.items[gear_id]
        if kind == "magic_item":
            return self.magic_items[gear_id]
        raise GearError(f"{gear_id!r} is a kit, not a single piece of gear")


def load_catalog(folder: str = "gear") -> GearCatalog:
    """Read and validate the four gear files under ``resources/<folder>/`` (uncached)."""
    armor = load_model(_ArmorFile, folder, "armor.json")
    weapons = load_model(_WeaponFile, folder, "weapons.json")
    items = load_model(_ItemFile, folder, "items.json")
    magic = load_model(_MagicFile, folder, "magic_items.json")
    return GearCatalog(
        armor={a.id: a for a in armor.armor},
        shields={s.id: s for s in armor.shields},
        weapons={w.id: w for w in weapons.weapons},
        items={i.id: i for i in items.items},
        magic_items={m.id: m for m in magic.magic_items},
        kits=dict(items.kits),
    )


@cache
def gear_catalog() -> GearCatalog:
    """The shipped catalog, loaded once per process."""
    return load_catalog()
