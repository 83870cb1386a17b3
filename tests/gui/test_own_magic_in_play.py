"""The GM's own magic in play: a spell and a magic item made in the toolbox's editors are learned
and given on the sheet, cast and used in a fight by keys, and Ctrl+Z undoes it all.

Ysolde (Magic-user, INT +2, PROF +1) forgets Polymorph to stay within R10's 4 spells, learns the
GM's Cinder Rain (a copy of Fireball whose level 2 also knocks PRONE, typed in the spell
editor) and is given the GM's Wand of Sparks (once a day). In the
fight she casts Cinder Rain with a typed 15 (15 + 3 = 18: Success Level 2, R8) and then uses the
wand: its one charge is spent, and a second use the next turn is refused.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QInputDialog,
    QLineEdit,
    QListWidget,
    QSpinBox,
    QTableWidgetItem,
)

from emberkeep.character.model import Character
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.combatant import MonsterStats
from gui.document import CampaignDocument
from gui.encounter.dialogs import CastDialog
from gui.encounter.monster_form import make_monsters
from gui.encounter.window import EncounterWindow
from gui.main_window import MainWindow
from gui.toolbox import Toolbox
from gui.toolbox.magic_item_editor import MagicItemEditor
from gui.toolbox.spell_editor import SpellEditor
from tests.gui.test_encounter_window import key
from tests.gui.windows import open_campaign_window

GOBLIN = MonsterStats(name="Goblin", max_hp=30, room_dc=12, attack_bonus=2, damage="1d6")


def _choose(dialog_list: QListWidget, starts: str) -> None:
    for row in range(dialog_list.count()):
        if dialog_list.item(row).text().startswith(starts):
            dialog_list.setCurrentRow(row)
            return
    raise AssertionError(f"no {starts!r} in the list")


@pytest.mark.slow
def test_own_spell_and_magic_item_made_learned_given_cast_used_and_undone(
        tmp_path: Path, qtbot: object, monkeypatch: pytest.MonkeyPatch) -> None:
    window, _path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    document = window.document
    assert document is not None
    toolbox: Toolbox = window.toolbox
    start = document.undo_stack.index()
    sheets = [c.model_dump() for c in document.campaign.characters]

    _make_cinder_rain(toolbox, document)
    _make_wand_of_sparks(toolbox)
    ysolde, wand_uid = _learn_cinder_rain_and_give_the_wand(window, document)
    ew, caster = _start_the_fight(window, ysolde)
    _cast_cinder_rain(ew, monkeypatch)
    _next_turn_of(ew, caster)
    _use_the_wand_once_a_day(ew, monkeypatch, ysolde, wand_uid, caster)

    while document.undo_stack.index() > start:
        key(ew, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert document.campaign.spells == [] and document.campaign.magic_items == []
    assert [c.model_dump() for c in document.campaign.characters] == sheets


def _make_cinder_rain(toolbox: Toolbox, document: CampaignDocument) -> None:
    """The spell editor: a copy of Fireball whose level 2 also knocks PRONE."""
    spells = toolbox.open_spell_editor()
    assert isinstance(spells, SpellEditor)
    spells.refresh("fireball")
    spells.duplicate()
    spells.name_edit.setText("Cinder Rain")
    spells.level_pick.setCurrentIndex(1)  # level 2: "1d6 fire DAM in CLOSE of the target"
    listed = [spells.effects_list.list.item(r).text()
              for r in range(spells.effects_list.list.count())]
    assert listed == ["damage, the level dice, on close"]
    spells.effects_list.add("condition")  # the GM's Cinder Rain also knocks them PRONE
    form = spells.effects_list.form
    assert form is not None
    name, area = form.widgets["name"], form.widgets["area"]
    assert isinstance(name, QLineEdit) and isinstance(area, QComboBox)
    name.setText("PRONE")
    area.setCurrentText("close")
    assert spells.save(), spells.message.text()
    cinder = document.campaign.spells[0]
    assert [e.kind for e in cinder.levels[1].effects] == ["damage", "condition"]
    assert cinder.levels[1].effects[1].name == "PRONE"  # type: ignore[union-attr]
    spells.close()


def _make_wand_of_sparks(toolbox: Toolbox) -> None:
    """The magic item editor: a candle as the base piece, once a day, 1d6 fire NEAR."""
    items = toolbox.open_item_editor()
    assert isinstance(items, MagicItemEditor)
    items.new_entry()
    items.name_edit.setText("Wand of Sparks")
    items.base_type.setCurrentText("item")
    items.base_id.setCurrentIndex(items.base_id.findText("Candle"))  # names, not ids
    assert items.base_id.currentData() == "candle"
    items.tier.setCurrentIndex(items.tier.findData("uncommon"))
    items.charges.setText("once a day")
    items.add_effect_row({"text": "1d6 fire DAM NEAR (1d)", "dice": 1, "die_kind": "ranged"})
    assert isinstance(items.effects.item(0, 0), QTableWidgetItem)
    assert isinstance(items.effects.cellWidget(0, 1), QSpinBox)
    assert items.save(), items.message.text()
    items.close()


def _learn_cinder_rain_and_give_the_wand(window: MainWindow,
                                         document: CampaignDocument) -> tuple[Character, str]:
    """On Ysolde's sheet: forget Polymorph (R10's 4 spells), learn Cinder Rain, add the wand.
    Returns Ysolde and the wand's uid."""
    ysolde = next(c for c in document.campaign.characters if c.name.startswith("Ysolde"))
    sheet = window.open_sheet(ysolde.id)
    magic = sheet.magic
    magic.spells.setCurrentRow([magic.spells.item(r).text()
                                for r in range(magic.spells.count())].index("Polymorph"))
    magic.forget_button.click()
    magic.spell_combo.setCurrentIndex(magic.spell_combo.findText("Cinder Rain"))
    magic.learn_button.click()
    assert document.character(ysolde.id).spells_known == [
        "fireball", "chill_touch", "ember_swarm", "cinder_rain"]
    gear = sheet.gear
    gear.add_combo.setCurrentIndex(gear.add_combo.findText("Wand of Sparks (magic item)"))
    gear.add_button.click()
    wand = next(g for g in document.character(ysolde.id).inventory.all_gear()
                if g.name == "Wand of Sparks")
    assert wand.magic is not None and wand.magic.charges_left == 1
    kinds = [gear.model.data(gear.model.index(r, 1)) for r in range(gear.model.rowCount())]
    assert "item, 1 left (once a day)" in kinds
    return ysolde, wand.uid


def _start_the_fight(window: MainWindow, ysolde: Character) -> tuple[EncounterWindow, str]:
    """Ysolde against a goblin NEAR; the party wins the group d6 and she acts first.
    Returns the fight's window and Ysolde's combatant id."""
    window.roller = ScriptedRoller([3, 1] + [4] * 80)  # the party wins the group d6
    window.show()
    ew = window.encounter_tools.new_encounter("Sparks")
    assert ew is not None
    ew.add_pcs([ysolde.id])
    ew.add_monsters(make_monsters(GOBLIN, 1, taken=set(ew.enc.combatants)))  # NEAR
    ew.table.setFocus()
    QApplication.processEvents()
    key(ew, Qt.Key.Key_I)
    caster = ew.session.current_id()
    assert caster is not None and ew.enc.combatants[caster].name.startswith("Ysolde")
    return ew, caster


def _cast_cinder_rain(ew: EncounterWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """C on the goblin with a typed 15: 15 + 3 = 18, Success Level 2 (R8), so PRONE too."""
    def cast_cinder(dialog: CastDialog) -> int:
        _choose(dialog.list, "Cinder Rain")
        return 1

    monkeypatch.setattr(CastDialog, "exec", cast_cinder)
    ew.panel.die.setText("15")
    row = ew.model.row_of("goblin-1")
    assert row is not None
    ew.table.setCurrentIndex(ew.model.index(row, 0))
    key(ew, Qt.Key.Key_C)
    assert ew.panel.pending is not None, ew.message.text()  # previewed: Enter applies it
    key(ew, Qt.Key.Key_Return)
    log = [ew.log_model.line(r).text for r in range(ew.log_model.rowCount())]
    assert any("Cinder Rain" in line for line in log), log
    assert any("= 18" in line for line in log), log  # 15 + 3: Success Level 2 (R8)
    goblin = ew.enc.combatant("goblin-1")
    assert [c.name for c in goblin.conditions] == ["PRONE"]  # the GM's typed effect applied


def _next_turn_of(ew: EncounterWindow, caster: str) -> None:
    """N until it is ``caster``'s turn again."""
    key(ew, Qt.Key.Key_N)
    while ew.session.current_id() != caster:
        key(ew, Qt.Key.Key_N)


def _use_the_wand_once_a_day(ew: EncounterWindow, monkeypatch: pytest.MonkeyPatch,
                             ysolde: Character, wand_uid: str, caster: str) -> None:
    """Q, I and Enter spend the wand's one charge; the next turn a use is refused."""
    shown: list[str] = []

    def use_wand(_parent: object, _title: str, _label: str, names: list[str], *_a: object,
                 **_k: object) -> tuple[str, bool]:
        wand_line = next(n for n in names if n.startswith("Wand of Sparks"))
        shown.append(wand_line)
        return wand_line, True

    monkeypatch.setattr(QInputDialog, "getItem", use_wand)
    key(ew, Qt.Key.Key_Q)
    key(ew, Qt.Key.Key_I)  # the chord Q, I previews the use (what it changes) ...
    assert shown == [
        "Wand of Sparks: 1d6 fire DAM NEAR (1d) — 1 left (once a day) → 0 left after"]
    key(ew, Qt.Key.Key_Return)  # ... and Enter applies it
    held = ew.enc.gear(ysolde.id, wand_uid)
    assert held.magic is not None and held.magic.charges_left == 0
    log = [ew.log_model.line(r).text for r in range(ew.log_model.rowCount())]
    assert any("Wand of Sparks (0 left (once a day))" in line for line in log), log
    _next_turn_of(ew, caster)
    key(ew, Qt.Key.Key_Q)
    key(ew, Qt.Key.Key_I)
    assert shown[-1].endswith("no charges left today (once a day); they come back at midnight")
    assert "no charges left today" in ew.message.text()
