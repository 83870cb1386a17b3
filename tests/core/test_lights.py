"""Lights on the game clock from the sheet: a torch burns its hour and goes out by
itself, a lantern burns a flask of oil for six hours (5e SRD, R13 defaults in the item data),
and the GM's own light burns as long as the gear editor says."""

from __future__ import annotations

import pytest

from emberkeep.campaign.calendar import HOUR, MINUTE
from emberkeep.campaign.custom import upsert
from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import Campaign
from emberkeep.character.model import Character
from emberkeep.clock.advance import advance
from emberkeep.clock.lights import light_up
from emberkeep.dice import ScriptedRoller
from emberkeep.gear.catalog import gear_catalog


def _wren(campaign: Campaign, *items: str) -> Character:
    wren = next(c for c in campaign.characters if c.name.startswith("Wren"))
    for item in items:
        wren.inventory.add(item)
    return wren


def _uid(character: Character, catalog_id: str) -> str:
    return next(i.uid for i in character.inventory.items if i.catalog_id == catalog_id)


def test_a_torch_burns_one_hour_then_goes_out_by_itself() -> None:
    campaign = build_example_campaign()
    wren = _wren(campaign, "torch", "torch")
    entry = light_up(campaign, wren.id, _uid(wren, "torch"))
    assert entry.ends_at == campaign.time + HOUR and entry.label == "Torch burning"
    assert next(i for i in wren.inventory.items if i.catalog_id == "torch").quantity == 1
    assert [c.text for c in advance(campaign, 59 * MINUTE, ScriptedRoller([]))] == []
    changes = advance(campaign, MINUTE, ScriptedRoller([]))
    assert [c.kind for c in changes] == ["light"] and campaign.timeline == []


def test_a_lantern_burns_its_oil_not_itself_and_needs_some() -> None:
    campaign = build_example_campaign()
    wren = _wren(campaign, "lantern")
    with pytest.raises(ValueError, match="no Oil \\(flask\\) to burn in the Lantern"):
        light_up(campaign, wren.id, _uid(wren, "lantern"))
    wren.inventory.add("oil_flask")
    entry = light_up(campaign, wren.id, _uid(wren, "lantern"))
    assert entry.ends_at == campaign.time + 6 * HOUR
    quantities = {i.catalog_id: i.quantity for i in wren.inventory.items}
    assert quantities["lantern"] == 1 and quantities["oil_flask"] == 0


def test_only_lights_are_lit_and_the_gms_own_light_burns_its_time() -> None:
    campaign = build_example_campaign()
    upsert(campaign, gear_catalog().items["candle"].model_copy(update={"burns_minutes": 90}))
    wren = _wren(campaign, "rope", "candle")
    with pytest.raises(ValueError, match="not a light"):
        light_up(campaign, wren.id, _uid(wren, "rope"))
    entry = light_up(campaign, wren.id, _uid(wren, "candle"))
    assert entry.ends_at == campaign.time + 90 * MINUTE
