"""From the sheet onto the game clock: a torch lit on the sheet burns on the
timeline and goes out by itself; a spell cast from the sheet puts its effect on the clock."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from emberkeep.campaign.calendar import HOUR, MINUTE
from emberkeep.dice import ScriptedRoller
from gui.casting import CastDialog
from tests.gui.windows import open_campaign_window


def test_light_a_torch_on_the_sheet_and_the_clock_puts_it_out(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window, _path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    document = window.document
    assert document is not None
    wren = next(c for c in document.campaign.characters if c.name.startswith("Wren"))
    sheet = window.open_sheet(wren.id)
    gear = sheet.gear
    gear.add_combo.setCurrentIndex(gear.add_combo.findText("Torch (item)"))
    gear.add_button.click()
    row = next(r for r in range(gear.model.rowCount())
               if gear.model.data(gear.model.index(r, 0)) == "Torch")
    gear.view.selectRow(row)
    gear.light_button.click()
    campaign = document.campaign
    [entry] = campaign.timeline
    assert entry.label == "Torch burning" and entry.ends_at == campaign.time + HOUR
    assert document.undo_stack.undoText() == "Light Torch"
    torch = next(i for i in document.character(wren.id).inventory.items
                 if i.catalog_id == "torch")
    assert torch.quantity == 0
    window.trigger("campaign.advance.hour")
    assert campaign.timeline == []
    document.undo_stack.undo()  # the hour
    document.undo_stack.undo()  # the lighting
    assert campaign.timeline == []
    assert next(i for i in document.character(wren.id).inventory.items
                if i.catalog_id == "torch").quantity == 1


def test_a_spell_cast_on_the_sheet_goes_on_the_clock(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Maud's Bless with a typed 14 (14 + 3 = 17, Success Level 2), for 3 turns of 10 minutes."""
    window, _path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    document = window.document
    assert document is not None
    maud = next(c for c in document.campaign.characters if c.name.startswith("Sister"))
    dialog = CastDialog(document, maud.id, ScriptedRoller([]))
    qtbot.addWidget(dialog)
    assert dialog.put_on_clock() == ""  # nothing cast yet
    dialog.spell.setCurrentIndex(dialog.spell.findData("bless"))
    dialog.typed.setValue(14)
    assert "Success Level 2" in dialog.cast()
    dialog.effect_count.setValue(3)
    dialog.effect_unit.setCurrentIndex(dialog.effect_unit.findData("exploration_turn"))
    assert dialog.put_on_clock().startswith("Bless (Success Level 2) lasts 3 turns")
    campaign = document.campaign
    [entry] = campaign.timeline
    assert entry.kind == "spell_effect" and entry.ends_at == campaign.time + 30 * MINUTE
    assert entry.character_id == maud.id
