"""Giving a character gear from the campaign's catalogs, and a magic item's charges.

The sheet's Add reads the campaign's own weapons, armor, shields, items and magic items over the
shipped ones (:meth:`Catalog.gear`), never the shipped catalog alone, so a GM's cheap sword or
new wand can be given. A magic item comes with the charges its text gives
(:func:`~emberkeep.gear.magic_items.charge_plan`): the day's for a daily number ("once a day",
the seed's "with a charge of 1d4 a day"), the whole pool for "3 charges" or "7 charges, 1d6 back
at dawn" (rolled by purpose ``charges``, so the GM may type the die). Each use spends one
(:func:`spend_charge`); the clock refills a daily number at midnight and a pool only as its text
says (:mod:`emberkeep.clock.advance`), so a spent "3 charges" stays spent.
"""

from __future__ import annotations

from collections.abc import Mapping

from emberkeep.character.catalog import Catalog
from emberkeep.dice import Purpose, Roller, RollRecord, roll
from emberkeep.gear.catalog import Spec
from emberkeep.gear.inventory import Inventory, own_magic
from emberkeep.gear.magic_items import OwnedMagic, charge_plan
from emberkeep.gear.owned import OwnedGear, OwnedItem

__all__ = ["charges_text", "gear_choices", "give_gear", "spend_charge", "starting_charges",
           "use_carried"]


def starting_charges(charges: str | None, roller: Roller,
                     who: str | None = None) -> tuple[int | None, RollRecord | None]:
    """The charges an item comes with, by its ``charges`` text: ``once a day`` → 1 (no roll);
    ``1d4 a day`` → the die rolled; ``3 charges`` → 3; ``7 charges, 1d6 back at dawn`` → 7;
    a text that keeps no count (``None``, "until spent") → none kept."""
    plan = charge_plan(charges)
    if plan is None:
        return None, None
    record = roll(plan.start, roller, purpose=Purpose.CHARGES, who=who)
    return record.total, (record if record.faces else None)


def give_gear(inventory: Inventory, catalog: Catalog, gear_id: str,
              roller: Roller) -> tuple[list[OwnedGear], RollRecord | None]:
    """Add one catalog entry to ``inventory``: the campaign's own over the shipped; a magic
    item with its day's charges. Returns what was added (or grew) and the charges die, if any."""
    gear = catalog.gear()
    if gear.kind_of(gear_id) != "magic_item":
        return list(inventory.add(gear_id, gear)), None
    spec = catalog.magic_item(gear_id)
    piece = own_magic(spec, gear)
    assert piece.magic is not None
    left, record = starting_charges(spec.charges, roller, who=spec.name)
    piece.magic = piece.magic.model_copy(update={"charges_left": left})
    return [inventory.put(piece)], record


def spend_charge(magic: OwnedMagic, name: str) -> int | None:
    """The charges left after one use (``None`` where no count is kept); a ValueError when
    none are left, saying whether and when they come back (a spent pool never does)."""
    if magic.charges_left is None:
        return None
    if magic.charges_left <= 0:
        plan = charge_plan(magic.charges)
        if plan is None:  # a count the GM kept by hand on a text that names none
            raise ValueError(f"{name} has no charges left ({magic.charges})")
        raise ValueError(plan.empty_reason(name))
    return magic.charges_left - 1


def use_carried(inventory: Inventory, uid: str) -> str:
    """Use a carried piece outside a fight, in place: one of a stack (a torch, a ration), or one
    of a magic item's charges; says what happened. A ValueError says why not."""
    piece = inventory.find(uid)
    if piece.magic is not None:
        left = spend_charge(piece.magic, piece.name)
        lines = "; ".join(e.text for e in piece.magic.effects)
        if left is not None:
            piece.magic = piece.magic.model_copy(update={"charges_left": left})
        text = f"{piece.name} used" + (f" ({lines})" if lines else "")
        return text + (f": {charges_text(piece.magic)}" if left is not None else "")
    if isinstance(piece, OwnedItem):
        if piece.quantity <= 0:
            raise ValueError(f"no {piece.name} left")
        piece.quantity -= 1
        return f"{piece.name} used: {piece.quantity} left"
    raise ValueError(f"{piece.name} is not used up: wield or wear it")


def charges_text(magic: OwnedMagic) -> str:
    """``1 left (once a day)``, ``2 left (3 charges)`` for the sheet and the log; the text
    alone where no count is kept; empty for an item without charges."""
    if magic.charges is None:
        return ""
    if magic.charges_left is None:
        return magic.charges
    return f"{magic.charges_left} left ({magic.charges})"


def gear_choices(catalog: Catalog) -> list[tuple[str, str]]:
    """(name shown, id) of everything the sheet can give, grouped as the catalog is: weapons,
    armor, shields, items, then magic items; names only ever reach the screen."""
    gear = catalog.gear()
    out: list[tuple[str, str]] = []
    groups: tuple[tuple[Mapping[str, Spec], str], ...] = (
        (gear.weapons, "weapon"), (gear.armor, "armor"), (gear.shields, "shield"),
        (gear.items, "item"), (gear.magic_items, "magic item"))
    for group, word in groups:
        for gear_id, spec in sorted(group.items(), key=lambda kv: kv[1].name):
            quality = getattr(spec, "quality", "standard")
            extra = f", {quality}" if quality != "standard" else ""
            out.append((f"{spec.name} ({word}{extra})", gear_id))
    return out
