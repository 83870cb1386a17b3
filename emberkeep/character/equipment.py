"""Starting equipment: resolving a class's choice groups into catalog ids and an Inventory.

A class lists its equipment as the seed does, line by line (:class:`EquipmentChoice`); the player
answers each line with an :class:`EquipmentSelection`. A slot that says "a martial one-handed
weapon" is filled with any catalog weapon of that category and kind; "chosen tools" with one of
the ids it lists.
"""

from __future__ import annotations

from collections.abc import Sequence

from emberkeep.character.classes import ClassDef, EquipmentSelection, GearSlot
from emberkeep.gear.catalog import GearCatalog, gear_catalog
from emberkeep.gear.inventory import Inventory

__all__ = ["resolve_equipment", "slot_options", "starting_inventory"]


def slot_options(slot: GearSlot, catalog: GearCatalog | None = None) -> list[str]:
    """The catalog ids that may fill ``slot`` (one id for a fixed slot)."""
    cat = gear_catalog() if catalog is None else catalog
    if slot.item is not None:
        return [slot.item]
    if slot.choose_from:
        return list(slot.choose_from)
    wanted = slot.weapon
    assert wanted is not None
    return [w.id for w in cat.weapons.values()
            if (wanted.category is None or w.category == wanted.category)
            and (not wanted.kinds or w.kind in wanted.kinds)]


def resolve_equipment(cls: ClassDef, selections: Sequence[EquipmentSelection],
                      catalog: GearCatalog | None = None) -> list[str]:
    """Catalog ids for the player's answers, one answer per equipment line, checked."""
    cat = gear_catalog() if catalog is None else catalog
    if len(selections) != len(cls.equipment):
        raise ValueError(f"{cls.name} starting equipment has {len(cls.equipment)} lines, "
                         f"{len(selections)} answers were given")
    ids: list[str] = []
    for line, answer in zip(cls.equipment, selections, strict=True):
        alternative = line.alternative(answer.alternative)
        open_slots = [s for s in alternative.slots if s.is_open]
        if len(answer.picks) != len(open_slots):
            raise ValueError(f"{alternative.text!r}: pick {len(open_slots)} item(s), "
                             f"not {len(answer.picks)}")
        picks = iter(answer.picks)
        for slot in alternative.slots:
            if slot.item is not None:
                ids.append(slot.item)
                continue
            pick = next(picks)
            allowed = slot_options(slot, cat)
            if pick not in allowed:
                raise ValueError(f"{slot.text!r}: {pick!r} is not one of {', '.join(allowed)}")
            ids.append(pick)
    return ids


def starting_inventory(cls: ClassDef, selections: Sequence[EquipmentSelection],
                       catalog: GearCatalog | None = None) -> Inventory:
    return Inventory.from_catalog(resolve_equipment(cls, selections, catalog), catalog)

