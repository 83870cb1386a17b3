"""Lighting a torch, a candle or a lantern from the sheet: it burns on the game clock.

How long a light burns is the item's data (``burns_minutes``, the 5e SRD's hour for a torch or a
candle and six for a lantern's flask of oil, R13; the GM edits it in the gear editor), so the
campaign's own lights work too. A lantern burns its ``fuel`` (a flask of oil), not itself. The
timeline ends the light by itself when the clock passes its end (``clock.advance``).
"""

from __future__ import annotations

from emberkeep.campaign.calendar import MINUTE
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.timeline import Timed
from emberkeep.character.catalog import Catalog
from emberkeep.clock.schedule import light

__all__ = ["light_up"]


def light_up(campaign: Campaign, character_id: str, item_uid: str) -> Timed:
    """Light the character's ``item_uid``; a ValueError says why not (not a light, none left,
    no fuel)."""
    character = campaign.character(character_id)
    item = character.inventory.find(item_uid)
    spec = Catalog(campaign).gear().items.get(item.catalog_id)
    if spec is None or spec.burns_minutes is None:
        raise ValueError(f"{item.name} is not a light that burns for a time")
    seconds = spec.burns_minutes * MINUTE
    if spec.fuel is None:
        return light(campaign, character, item_uid, seconds)
    fuel = next((i for i in character.inventory.items
                 if i.catalog_id == spec.fuel and i.quantity > 0), None)
    if fuel is None:
        name = Catalog(campaign).gear().items[spec.fuel].name
        raise ValueError(f"{character.name} has no {name} to burn in the {item.name}")
    return light(campaign, character, item_uid, seconds, fuel_uid=fuel.uid)
