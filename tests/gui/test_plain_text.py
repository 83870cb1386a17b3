"""DESIGN, user text is plain text: names and notes holding ``<b>x</b>`` and
``<img src=x>`` show literally in every view that draws them.

Each view is walked widget by widget and asked what a GM *sees*: a label in plain-text format
shows its text; a rich (or auto-detected rich) label, and every tooltip (Qt guesses at rich text
for those), shows its text read as HTML. Item views are read through their models: display text
is drawn plain, tooltips are read as HTML. Wherever the GM's text went in, it must come out
literally; and each view must really show it somewhere (the test cannot pass by showing nothing).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import Qt as QtGui
from PySide6.QtGui import QTextDocumentFragment
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QTabWidget,
    QTextEdit,
    QWidget,
)
from pytestqt.qtbot import QtBot

from emberkeep.campaign import saving
from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.timeline import Timed, TimedKind
from gui import dialogs, file_watch, paths
from gui.main_window import MainWindow
from gui.state import AppState

BOLD, IMAGE = "<b>x</b>", "<img src=x>"
HOSTILE = f"{BOLD} {IMAGE}"


def _as_html(text: str) -> str:
    return QTextDocumentFragment.fromHtml(text).toPlainText()


def _label_seen(label: QLabel) -> str:
    text, form = label.text(), label.textFormat()
    if form == Qt.TextFormat.PlainText:
        return text
    if form == Qt.TextFormat.RichText or QtGui.mightBeRichText(text):
        return _as_html(text)
    return text


def _tooltip_seen(text: str) -> str:
    return _as_html(text) if QtGui.mightBeRichText(text) else text


def seen(root: QWidget) -> Iterator[tuple[str, str, str]]:
    """(where, what the source text was, what the GM sees) for everything ``root`` draws."""
    widgets = [root, *root.findChildren(QWidget)]
    for widget in widgets:
        where = f"{type(widget).__name__} {widget.objectName()}"
        if widget.toolTip():
            yield f"{where} tooltip", widget.toolTip(), _tooltip_seen(widget.toolTip())
        if isinstance(widget, QLabel):
            yield where, widget.text(), _label_seen(widget)
        elif isinstance(widget, (QAbstractButton, QLineEdit)):
            yield where, widget.text(), widget.text()
        elif isinstance(widget, QGroupBox):
            yield where, widget.title(), widget.title()
        elif isinstance(widget, (QPlainTextEdit, QTextEdit)):
            yield where, widget.toPlainText(), widget.toPlainText()
        elif isinstance(widget, QComboBox):
            for i in range(widget.count()):
                yield where, widget.itemText(i), widget.itemText(i)
        elif isinstance(widget, QTabWidget):
            for i in range(widget.count()):
                yield f"{where} tab", widget.tabText(i), widget.tabText(i)
        elif isinstance(widget, QAbstractItemView) and widget.model() is not None:
            yield from _model_seen(where, widget.model())
        if widget.isWindow():
            yield f"{where} title", widget.windowTitle(), widget.windowTitle()


def _model_seen(where: str, model: Any) -> Iterator[tuple[str, str, str]]:
    try:
        rows, columns = model.rowCount(QModelIndex()), model.columnCount(QModelIndex())
    except TypeError:  # a list model (QComboBox's): one column
        rows, columns = model.rowCount(), 1
    for row in range(min(rows, 300)):
        for column in range(columns):
            index = model.index(row, column)
            shown = model.data(index, Qt.ItemDataRole.DisplayRole)
            if isinstance(shown, str):
                yield f"{where} [{row},{column}]", shown, shown
            tip = model.data(index, Qt.ItemDataRole.ToolTipRole)
            if isinstance(tip, str):
                yield f"{where} [{row},{column}] tooltip", tip, _tooltip_seen(tip)


def assert_plain(root: QWidget) -> int:
    """Every place the hostile text went in shows it literally; returns how many places."""
    shown = 0
    for where, source, visible in seen(root):
        if BOLD in source or IMAGE in source or "&lt;b&gt;" in source:
            assert BOLD in visible or IMAGE in visible, f"{where} draws {source!r} as HTML"
            shown += 1
    assert shown > 0, "the view shows none of the GM's text"
    return shown


def hostile_campaign() -> Campaign:
    campaign = build_example_campaign()
    campaign.name = HOSTILE
    campaign.notes = HOSTILE
    for character in campaign.characters:
        character.name = f"{HOSTILE} {character.name}"
        character.notes = HOSTILE
        for weapon in character.inventory.weapons:
            weapon.name = f"{HOSTILE} {weapon.name}"
            weapon.notches = 1
        for armor in character.inventory.armor:
            armor.name = f"{HOSTILE} {armor.name}"
    hero = campaign.characters[0]
    campaign.timeline.append(Timed(kind=TimedKind.CUSTOM, label=HOSTILE,
                                   starts_at=campaign.time, ends_at=campaign.time + 3600,
                                   character_id=hero.id))
    return Campaign.model_validate(campaign.model_dump())


@pytest.fixture
def window(qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[MainWindow]:
    monkeypatch.setenv("EMBERKEEP_HOME", str(tmp_path / "home"))
    path = tmp_path / "hostile.json"
    saving.save(hostile_campaign(), path)
    win = MainWindow(AppState())
    assert win.open_path(path)
    win.show()
    yield win
    win.safety_tools.autosaver.shutdown()
    assert win.document is not None
    win.document.undo_stack.setClean()
    win.close()


def test_roster(window: MainWindow) -> None:
    assert assert_plain(window.roster) >= 5  # every name (and its tooltip)


@pytest.mark.slow
def test_sheet(window: MainWindow) -> None:
    assert window.document is not None
    for character in window.document.campaign.characters:
        sheet = window.open_sheet(character.id)
        assert assert_plain(sheet) >= 2  # name, notes, weapons
    assert assert_plain(window.tabs) >= 1  # the sheets' tab titles


def test_repairs(window: MainWindow) -> None:
    repairs = window.campaign_tools.show_repairs()
    assert assert_plain(repairs) >= 2  # owner and item names, their tooltips, the filter


def test_timeline(window: MainWindow) -> None:
    tools = window.campaign_tools
    tools.dock.show()
    assert tools.timeline is not None
    assert assert_plain(tools.timeline) >= 1


def test_clock_after_advancing(window: MainWindow, qtbot: QtBot) -> None:
    tools = window.campaign_tools
    tools.advance("hour")
    window.show()  # the timeline is made when its dock first shows on screen
    qtbot.waitExposed(window)
    tools.dock.show()
    assert tools.timeline is not None
    assert_plain(tools.dock)
    assert_plain(window.statusBar()) if BOLD in window.statusBar().currentMessage() else None
    for label in window.statusBar().findChildren(QLabel):
        assert label.textFormat() == Qt.TextFormat.PlainText or not QtGui.mightBeRichText(
            label.text())


def test_window_title(window: MainWindow) -> None:
    assert window.windowTitle() == f"Emberkeep — {HOSTILE} [*]"
    assert_plain(window)


class Boxes:
    def __init__(self) -> None:
        self.shown: list[tuple[str, str]] = []

    def exec(self, box: QMessageBox) -> int:
        self.shown.append((box.text(), _label_seen_text(box)))
        return int(QMessageBox.StandardButton.Cancel.value)


def _label_seen_text(box: QMessageBox) -> str:
    return "\n".join(_label_seen(label) for label in box.findChildren(QLabel) if label.text())


def test_message_boxes(window: MainWindow, tmp_path: Path,
                       monkeypatch: pytest.MonkeyPatch) -> None:
    boxes = Boxes()
    monkeypatch.setattr(QMessageBox, "exec", lambda box: boxes.exec(box))
    assert window.document is not None
    character = window.document.campaign.characters[0]
    window.document.edit_character(character.id, "hp", 1)
    window.close()  # Unsaved changes: the campaign's name
    dialogs.show_error(window, "Cannot open campaign", f"{HOSTILE}.json: is not valid JSON")
    broken = tmp_path / f"{IMAGE}.json"
    broken.write_text("{")
    window.open_path(broken, ask=False)  # no backups: the load error, with the file name
    file_watch.ask_outside_change(window, broken)
    texts = [visible for _, visible in boxes.shown]
    assert len(texts) == 4
    assert HOSTILE in texts[0] and HOSTILE in texts[1]
    assert IMAGE in texts[2] and IMAGE in texts[3]


def test_recovery_and_backup_dialogs(window: MainWindow) -> None:
    from emberkeep.campaign import recovery
    from gui.backups_dialog import BackupsDialog
    from gui.recovery_dialog import RecoveryDialog

    assert window.document is not None
    window.document.edit_character(window.document.campaign.characters[0].id, "hp", 1)
    saver = window.safety_tools.autosaver
    assert saver.save_now()
    saver.wait()
    offers = recovery.find_offers(paths.recovery_dir())
    assert assert_plain(RecoveryDialog(offers, window)) >= 1
    assert window.save()
    assert window.document.path is not None
    backups = window.safety_tools.backups_of(window.document.path)
    assert_plain_or_name = BackupsDialog(window.document.path.name, backups, window)
    assert len(backups) == 1 and assert_plain_or_name.table.rowCount() == 1


def test_encounter_window(window: MainWindow) -> None:
    """The encounter window: its name, the PCs' and the monsters' names, the log."""
    from emberkeep.encounter.combatant import MonsterStats
    from gui.encounter.monster_form import make_monsters

    tools = window.encounter_tools
    encounter = tools.new_encounter(HOSTILE)
    assert encounter is not None and window.document is not None
    encounter.add_pcs([c.id for c in window.document.campaign.characters if c.level == 1])
    monster = MonsterStats(name=HOSTILE, max_hp=5, room_dc=12, attack_bonus=2, damage="1d6")
    encounter.add_monsters(make_monsters(monster, 2, taken=set(encounter.enc.combatants)))
    assert assert_plain(encounter) >= 3
    assert assert_plain(window.tabs) >= 1  # "⚔ <b>x</b> <img src=x>"
