"""What a character carries: owned armor, shields, weapons, items, and a purse.

A campaign file stores an :class:`Inventory` as JSON (``model_dump(mode="json")``) and reads it
back with ``model_validate``; everything in it is a plain pydantic model with ``extra="forbid"``.
Build one from catalog ids with :meth:`Inventory.from_catalog`; the AC, load and fumble-die rules
live in ``armor_class.py`` and ``encumbrance.py`` and are offered here as methods too.
"""

# The annotations are objects, not strings (no ``from __future__ import annotations``): these
# models are built when a campaign first loads, and pydantic parses a string annotation
# as code, one field at a time.

from collections.abc import Iterable, Iterator
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from emberkeep.gear.armor_class import armor_class, armor_weight
from emberkeep.gear.catalog import GearCatalog, GearError, gear_catalog
from emberkeep.gear.encumbrance import is_encumbered, load, load_limit
from emberkeep.gear.magic_items import MagicItemSpec, OwnedMagic
from emberkeep.gear.owned import OwnedArmor, OwnedItem, OwnedShield, OwnedWeapon
from emberkeep.gear.purse import Purse

__all__ = ["Inventory", "Purse", "own", "own_magic"]

Owned = OwnedArmor | OwnedShield | OwnedWeapon | OwnedItem


def own(gear_id: str, catalog: GearCatalog | None = None, quantity: int = 1) -> Owned:
    """A fresh owned copy of a catalog entry (a magic item: its base piece, made magical)."""
    cat = gear_catalog() if catalog is None else catalog
    kind = cat.kind_of(gear_id)
    if kind == "armor":
        return OwnedArmor.from_spec(cat.armor[gear_id])
    if kind == "shield":
        return OwnedShield.from_spec(cat.shields[gear_id])
    if kind == "weapon":
        return OwnedWeapon.from_spec(cat.weapons[gear_id])
    if kind == "item":
        return OwnedItem.from_spec(cat.items[gear_id], quantity)
    if kind == "magic_item":
        return own_magic(cat.magic_items[gear_id], cat)
    raise GearError(f"{gear_id!r} is a kit: add it with Inventory.add or from_catalog")


def own_magic(spec: MagicItemSpec, cat: GearCatalog | None = None) -> Owned:
    """A fresh owned copy of a magic item's base piece, made magical with the item's magic (the
    item may be the catalog's or a campaign's own)."""
    base = own(spec.base_id, cat)  # catalog_id stays the base piece's; magic names the item
    base.name = spec.name
    base.magical = True
    base.magic = OwnedMagic(tier=spec.tier, effects=spec.effects, charges=spec.charges,
                            curse=spec.curse, magic_item_id=spec.id)
    if spec.value_cp is not None:
        base.value_cp = spec.value_cp
    return base


class Inventory(BaseModel):
    """Owned gear by kind, plus the purse. At most one armor worn and one shield equipped."""

    model_config = ConfigDict(extra="forbid")

    armor: list[OwnedArmor] = Field(default_factory=list)
    shields: list[OwnedShield] = Field(default_factory=list)
    weapons: list[OwnedWeapon] = Field(default_factory=list)
    items: list[OwnedItem] = Field(default_factory=list)
    purse: Purse = Field(default_factory=Purse)

    @model_validator(mode="after")
    def _consistent(self) -> "Inventory":
        uids = [g.uid for g in self.all_gear()]
        if len(uids) != len(set(uids)):
            raise ValueError("two pieces of gear share one uid")
        if sum(a.worn for a in self.armor) > 1:
            raise ValueError("only one suit of armor can be worn at a time")
        if sum(s.equipped for s in self.shields) > 1:
            raise ValueError("only one shield can be carried at a time")
        return self

    # --- building -------------------------------------------------------------------------

    @classmethod
    def from_catalog(cls, ids: Iterable[str], catalog: GearCatalog | None = None, *,
                     equip: bool = True) -> "Inventory":
        """Owned copies of catalog ids (kits expand; repeated items stack into one quantity).

        With ``equip`` the first armor is worn, the first shield carried and the first weapon
        held, as a new character would set out. Unknown ids raise :class:`GearError`.
        """
        inventory = cls()
        for gear_id in ids:
            inventory.add(gear_id, catalog)
        if equip:
            if inventory.armor:
                inventory.armor[0].worn = True
            if inventory.shields:
                inventory.shields[0].equipped = True
            if inventory.weapons:
                inventory.weapons[0].equipped = True
        return inventory

    def add(self, gear_id: str, catalog: GearCatalog | None = None,
            quantity: int = 1) -> list[Owned]:
        """Add a catalog entry (a kit: each of its entries); returns what was added or grew.

        Plain items stack: adding torches to a character who has torches raises the quantity.
        """
        cat = gear_catalog() if catalog is None else catalog
        if quantity < 1:
            raise GearError(f"cannot add {quantity} of {gear_id!r}")
        if cat.kind_of(gear_id) == "kit":
            added: list[Owned] = []
            for _ in range(quantity):
                for part in cat.kits[gear_id]:
                    added.extend(self.add(part, cat))
            return added
        if gear_id in cat.items:
            for item in self.items:
                if item.catalog_id == gear_id and not item.magical:
                    item.quantity += quantity
                    return [item]
            return [self.put(own(gear_id, cat, quantity))]
        return [self.put(own(gear_id, cat)) for _ in range(quantity)]

    def put(self, piece: Owned) -> Owned:
        """Add an owned piece as it is (bought, looted, moved from another character)."""
        if any(g.uid == piece.uid for g in self.all_gear()):
            raise GearError(f"{piece.name} is already in this inventory")
        if isinstance(piece, OwnedArmor):
            self.armor.append(piece)
        elif isinstance(piece, OwnedShield):
            self.shields.append(piece)
        elif isinstance(piece, OwnedWeapon):
            self.weapons.append(piece)
        else:
            self.items.append(piece)
        return piece

    # --- finding --------------------------------------------------------------------------

    def all_gear(self) -> Iterator[Owned]:
        yield from self.armor
        yield from self.shields
        yield from self.weapons
        yield from self.items

    def find(self, uid: str) -> Owned:
        for piece in self.all_gear():
            if piece.uid == uid:
                return piece
        raise GearError(f"no gear with the uid {uid!r} in this inventory")

    def remove(self, uid: str) -> Owned:
        """Take a piece out (sold, lost, given away) and return it."""
        piece = self.find(uid)
        if isinstance(piece, OwnedArmor):
            self.armor.remove(piece)
        elif isinstance(piece, OwnedShield):
            self.shields.remove(piece)
        elif isinstance(piece, OwnedWeapon):
            self.weapons.remove(piece)
        else:
            self.items.remove(piece)
        return piece

    # worn_armor and shield: plain loops, not ``next()`` over a generator (every AC asks)
    @property
    def worn_armor(self) -> OwnedArmor | None:
        for a in self.armor:
            if a.worn:
                return a
        return None

    @property
    def shield(self) -> OwnedShield | None:
        """The shield carried, if any (a destroyed one is never carried)."""
        for s in self.shields:
            if s.equipped and not s.destroyed:
                return s
        return None

    @property
    def wielded(self) -> list[OwnedWeapon]:
        """Weapons in hand (not dropped)."""
        return [w for w in self.weapons if w.equipped and not w.dropped]

    def armor_crit_target(self, by_magic: bool = False) -> OwnedArmor | OwnedShield | None:
        """R15: the piece a crit's armor point lands on, or ``None`` if no piece takes it.

        The worn armor takes it; the carried shield if no armor is worn, or if the armor is
        already broken (it can lose no more AC). R26: magical gear is spared by a mundane weapon.
        """
        armor, shield = self.worn_armor, self.shield
        for piece in (armor, shield):
            if piece is not None and not piece.is_broken:
                return piece if piece.damageable_by(by_magic) else None
        return None

    # --- changing what is worn ------------------------------------------------------------

    def wear(self, uid: str | None) -> None:
        """Put on the armor with this uid (taking off any other); ``None`` takes armor off."""
        target = None if uid is None else self.find(uid)
        if target is not None and not isinstance(target, OwnedArmor):
            raise GearError(f"{target.name} is not armor")
        for piece in self.armor:
            piece.worn = piece is target

    def carry_shield(self, uid: str | None) -> None:
        """Take up the shield with this uid (putting down any other); ``None`` puts it down."""
        target = None if uid is None else self.find(uid)
        if target is not None and not isinstance(target, OwnedShield):
            raise GearError(f"{target.name} is not a shield")
        if target is not None and target.destroyed:
            raise GearError(f"{target.name} is destroyed")
        for piece in self.shields:
            piece.equipped = piece is target

    # --- rules, as methods ----------------------------------------------------------------

    def armor_class(self, dex_mod: int, extra: int = 0) -> int:
        """See :func:`emberkeep.gear.armor_class.armor_class`."""
        return armor_class(self, dex_mod, extra)

    def armor_weight(self) -> Literal["none", "light", "medium", "heavy"]:
        return armor_weight(self)

    def load(self) -> int:
        """See :func:`emberkeep.gear.encumbrance.load` (R14)."""
        return load(self)

    @staticmethod
    def load_limit(str_mod: int) -> int:
        """R14: 10 + STR."""
        return load_limit(str_mod)

    def is_encumbered(self, str_mod: int) -> bool:
        return is_encumbered(self, str_mod)
