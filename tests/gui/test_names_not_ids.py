"""Names are shown, never ids: the spell, magic item and archetype editors have no
"Id" field; a new entry's id is made from the name the GM types (the core's ``entry_id_for``),
unique in the campaign's catalog of that kind, and renaming an entry keeps its id."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QTableWidget,
    QWidget,
)
from pytestqt.qtbot import QtBot

from emberkeep.campaign.custom import upsert
from emberkeep.campaign.scope import Scope
from emberkeep.magic.spells import Spell, shipped_spells
from gui.main_window import MainWindow
from gui.toolbox import Toolbox
from gui.toolbox.archetype_editor import ArchetypeEditor
from gui.toolbox.catalog_editor import CatalogEditor
from gui.toolbox.gear_editor import GearEditor
from gui.toolbox.magic_item_editor import MagicItemEditor
from gui.toolbox.race_editor import RaceEditor
from gui.toolbox.spell_editor import SpellEditor
from tests.gui.windows import open_campaign_window


def _window(tmp_path: Path, qtbot: QtBot,
            monkeypatch: pytest.MonkeyPatch) -> tuple[MainWindow, Toolbox]:
    window, _ = open_campaign_window(tmp_path, qtbot, monkeypatch)
    toolbox: Toolbox = window.toolbox
    return window, toolbox


def _texts(widget: QWidget) -> list[str]:
    """Every text a visible widget of ``widget`` shows or speaks (labels, fields, buttons,
    combo and list entries, table cells and headers, tooltips, accessible names)."""
    found = [widget.windowTitle()]
    for child in [widget, *widget.findChildren(QWidget)]:
        if not child.isVisible():
            continue
        found += [child.toolTip(), child.accessibleName()]
        if isinstance(child, QLabel | QLineEdit | QAbstractButton):
            found.append(child.text())
        elif isinstance(child, QPlainTextEdit):
            found.append(child.toPlainText())
        elif isinstance(child, QGroupBox):
            found.append(child.title())
        elif isinstance(child, QComboBox):
            found += [child.itemText(i) for i in range(child.count())]
        elif isinstance(child, QListWidget):
            found += [child.item(i).text() for i in range(child.count())]
        elif isinstance(child, QTableWidget):
            found += _cells(child)
    return found


def _cells(table: QTableWidget) -> list[str]:
    found = []
    for row in range(table.rowCount()):
        for column in range(table.columnCount()):
            item = table.item(row, column)
            found.append("" if item is None else item.text())
    for column in range(table.columnCount()):
        header = table.horizontalHeaderItem(column)
        found.append("" if header is None else header.text())
    return found


def _shows(widget: QWidget, text: str) -> list[str]:
    return [t for t in _texts(widget) if text in t]


def _type_a_new_name(qtbot: QtBot, editor: CatalogEditor[Any], name: str) -> None:
    """New (by Space on its button), the name typed, Enter saves (the default button)."""
    editor.new_button.setFocus()
    qtbot.keyClick(editor.new_button, Qt.Key.Key_Space)
    name_edit = getattr(editor, "name_edit")  # noqa: B009 (every editor has one; not the base)
    assert isinstance(name_edit, QLineEdit)
    name_edit.setFocus()
    name_edit.selectAll()
    qtbot.keyClicks(name_edit, name)
    qtbot.keyClick(name_edit, Qt.Key.Key_Return)


def test_a_spell_made_by_typing_only_its_name_gets_an_id_the_editor_never_shows(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window, toolbox = _window(tmp_path, qtbot, monkeypatch)
    assert window.document is not None
    editor = toolbox.open_spell_editor()
    assert isinstance(editor, SpellEditor)
    qtbot.waitExposed(editor)
    assert not {"Id", "Id:", "Feature id"} & set(_texts(editor))
    _type_a_new_name(qtbot, editor, "Cinder Rain")
    assert editor.message.text() == "Saved to the campaign: Cinder Rain."
    assert [s.id for s in window.document.campaign.spells] == ["cinder_rain"]
    assert _shows(editor, "Cinder Rain")  # the list and the name field
    assert _shows(editor, "cinder_rain") == []

    _type_a_new_name(qtbot, editor, "Cinder Rain")  # a second one of that name
    assert [s.id for s in window.document.campaign.spells] == ["cinder_rain", "cinder_rain_2"]
    assert _shows(editor, "cinder_rain") == []

    # renaming keeps the id, so a character who learned it still knows it
    editor.refresh("cinder_rain")
    editor.name_edit.setFocus()
    editor.name_edit.selectAll()
    qtbot.keyClicks(editor.name_edit, "Ash Rain")
    qtbot.keyClick(editor.name_edit, Qt.Key.Key_Return)
    assert {s.id: s.name for s in window.document.campaign.spells} == {
        "cinder_rain": "Ash Rain", "cinder_rain_2": "Cinder Rain"}
    editor.close()


def test_a_shipped_spell_name_taken_as_an_id_is_numbered(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window, toolbox = _window(tmp_path, qtbot, monkeypatch)
    assert window.document is not None
    editor = toolbox.open_spell_editor()
    assert isinstance(editor, SpellEditor)
    _type_a_new_name(qtbot, editor, "Fireball")  # the shipped Fireball keeps its own
    assert [s.id for s in window.document.campaign.spells] == ["fireball_2"]
    assert shipped_spells()["fireball"].name == "Fireball"
    assert _shows(editor, "fireball") == []
    editor.close()


def test_a_magic_item_made_by_its_name_gets_an_id_the_editor_never_shows(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window, toolbox = _window(tmp_path, qtbot, monkeypatch)
    assert window.document is not None
    editor = toolbox.open_item_editor()
    assert isinstance(editor, MagicItemEditor)
    qtbot.waitExposed(editor)
    _type_a_new_name(qtbot, editor, "Wand of Sparks")
    assert [m.id for m in window.document.campaign.magic_items] == ["wand_of_sparks"]
    assert _shows(editor, "Wand of Sparks") and _shows(editor, "wand_of_sparks") == []
    assert _shows(editor, "dagger") == []  # the base piece by name: "Dagger"
    editor.close()


def test_an_archetype_and_its_new_feature_take_ids_from_their_names(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window, toolbox = _window(tmp_path, qtbot, monkeypatch)
    assert window.document is not None
    editor = toolbox.open_archetype_editor()
    assert isinstance(editor, ArchetypeEditor)
    qtbot.waitExposed(editor)
    assert not {"Id", "Id:", "Feature id", "Feature id:"} & set(_texts(editor))
    editor.new_button.setFocus()
    qtbot.keyClick(editor.new_button, Qt.Key.Key_Space)
    for edit, text in ((editor.feature_name, "Red Mist"), (editor.name_edit, "Berserker")):
        edit.setFocus()
        edit.selectAll()
        qtbot.keyClicks(edit, text)
    qtbot.keyClick(editor.name_edit, Qt.Key.Key_Return)
    saved = window.document.campaign.archetypes
    assert [(a.id, [f.id for f in a.features]) for a in saved] == [("berserker", ["red_mist"])]
    assert _shows(editor, "berserker") == [] and _shows(editor, "red_mist") == []
    editor.close()


def test_a_campaign_spell_name_clashing_with_an_own_id_is_numbered_too(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window, toolbox = _window(tmp_path, qtbot, monkeypatch)
    assert window.document is not None
    own = Spell.model_validate(shipped_spells()["fireball"].model_dump() | {
        "id": "hail", "name": "Old Hail"})
    window.document.run("Add Old Hail", lambda c: upsert(c, own),
                        scope=Scope.of(fields=("spells",)))
    editor = toolbox.open_spell_editor()
    assert isinstance(editor, SpellEditor)
    _type_a_new_name(qtbot, editor, "Hail")
    assert sorted(s.id for s in window.document.campaign.spells) == ["hail", "hail_2"]
    editor.close()


def test_the_gear_and_race_editors_make_ids_from_names_and_show_none(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same core function names a new weapon and a new race; a weapon named as a shipped
    piece takes its own id, since an inventory holds gear of every kind by id."""
    window, toolbox = _window(tmp_path, qtbot, monkeypatch)
    assert window.document is not None
    gear = toolbox.open_gear_editor()
    assert isinstance(gear, GearEditor)
    qtbot.waitExposed(gear)
    _type_a_new_name(qtbot, gear, "Dagger")
    assert [w.id for w in window.document.campaign.weapons] == ["dagger_2"]
    assert _shows(gear, "dagger_2") == [] and not {"Id", "Id:"} & set(_texts(gear))
    gear.close()
    races = toolbox.open_race_editor()
    assert isinstance(races, RaceEditor)
    qtbot.waitExposed(races)
    _type_a_new_name(qtbot, races, "Gnoll")
    assert [r.id for r in window.document.campaign.races] == ["gnoll"]
    assert _shows(races, "gnoll") == [] and not {"Id", "Id:"} & set(_texts(races))
    races.close()


def test_the_archetype_editor_names_effect_kinds_in_words(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """"Names are shown to the GM, never internal ids" — the effect kinds too
    (``crit_range``, ``ally_attack_easy``): the combo and the effects list read in words."""
    from emberkeep.character.feature_effects import EFFECT_KINDS

    _main, toolbox = _window(tmp_path, qtbot, monkeypatch)
    editor = toolbox.open_archetype_editor()
    assert isinstance(editor, ArchetypeEditor)
    qtbot.waitExposed(editor)
    editor.new_button.setFocus()
    qtbot.keyClick(editor.new_button, Qt.Key.Key_Space)
    editor.effect_kind.setCurrentIndex(editor.effect_kind.findData("crit_range"))
    editor.add_effect()
    texts = _texts(editor)
    assert "Crit range" in texts and any(t.startswith("Crit range") for t in texts)
    assert not [t for t in texts for kind in EFFECT_KINDS if kind in t.split()]
    editor.close()
