"""Every interactive widget of every window, dialog and editor has an accessible name: what a
screen reader says when it gets there.

The walk opens the main window with each kind of tab in front (and its docks), the rules
reference, the player view, and every dialog of the app as test_hostile_markup builds them
(each of its pages and entries in turn), and asks Qt's accessibility layer for each visible
button, field, box, slider and list the name it would give: a widget's own accessible name, its
text, or the label Qt reads as its name (a QLabel buddy counts only where Qt exposes it so).
A new dialog is walked once it is in test_hostile_markup's DIALOGS (a test there says so).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QCalendarWidget,
    QComboBox,
    QHeaderView,
    QLineEdit,
    QPlainTextEdit,
    QScrollBar,
    QTabBar,
    QTextEdit,
    QWidget,
)

from emberkeep.campaign.settings import InitiativeMode, Resolution
from emberkeep.dice import RandomRoller
from gui.main_window import MainWindow
from tests.gui.hostile_campaign import hostile_campaign
from tests.gui.test_hostile_markup import DIALOGS, _every_entry
from tests.gui.windows import open_campaign_window

INTERACTIVE = (QAbstractButton, QLineEdit, QAbstractSpinBox, QComboBox, QTextEdit,
               QPlainTextEdit, QAbstractSlider, QAbstractItemView)


def accessible_name(widget: QWidget) -> str:
    """The name Qt's accessibility layer gives the widget (its accessibleName, its text, or a
    buddy label's text), mnemonics and spaces stripped."""
    interface = QAccessible.queryAccessibleInterface(widget)
    name = interface.text(QAccessible.Text.Name) if interface is not None else ""
    return (name or "").replace("&", "").strip()


def _inner(widget: QWidget) -> bool:
    """A part of another widget that the screen reader names through its owner: a spin box's
    or a combo box's line edit, a combo's popup list, a scroll area's bars, a tab bar's or a
    calendar's own buttons, a header."""
    if isinstance(widget, QScrollBar | QHeaderView):
        return True
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractSpinBox | QComboBox | QTabBar | QCalendarWidget):
            return True
        if isinstance(parent, QAbstractItemView) and widget is not parent:
            return True  # an editor open in a cell: the cell names it
        parent = parent.parentWidget()
    return False


def unnamed(top: QWidget) -> list[str]:
    """Each visible, interactive widget under ``top`` with no accessible name, described."""
    found = []
    for widget in [top, *top.findChildren(QWidget)]:
        if not isinstance(widget, INTERACTIVE) or _inner(widget):
            continue
        if not widget.isVisibleTo(top) or (top is not widget and not widget.isVisible()):
            continue
        if not accessible_name(widget):
            found.append(_describe(widget))
    return sorted(set(found))


def _describe(widget: QWidget) -> str:
    path: list[str] = []
    parent: QWidget | None = widget
    while parent is not None and len(path) < 4:
        path.append(parent.objectName() or type(parent).__name__)
        parent = parent.parentWidget()
    hint = (widget.toolTip() or getattr(widget, "placeholderText", lambda: "")() or "")[:50]
    return f"{type(widget).__name__} in {' < '.join(path)}" + (f" ({hint!r})" if hint else "")


@pytest.fixture
def window(tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[MainWindow]:
    win, _path = open_campaign_window(tmp_path, qtbot, monkeypatch, hostile_campaign())
    win.roller = RandomRoller(5)
    win.resize(1366, 768)
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.safety_tools.autosaver.shutdown()


def _fight(**setup: Any) -> Callable[[MainWindow], QWidget]:
    def build(window: MainWindow) -> QWidget:
        from gui.encounter.monster_form import make_monsters
        from tests.gui.test_encounter_window import GOBLIN

        assert window.document is not None
        ew = window.encounter_tools.new_encounter("Fight")
        assert ew is not None
        ew.session.set_setup("mode", **setup)
        ew.add_pcs([c.id for c in window.document.campaign.characters if c.level == 1])
        ew.add_monsters(make_monsters(GOBLIN, 3, taken=set(ew.enc.combatants)))
        ew.roll_initiative()
        return window
    return build


def _roster(window: MainWindow) -> QWidget:
    window.campaign_tools.dock.show()  # the timeline and the dice tray beside the roster
    window.toolbox.dock.show()
    return window


def _sheet(window: MainWindow) -> QWidget:
    assert window.document is not None
    window.open_sheet(window.document.campaign.characters[0].id)
    return window


def _new_encounter(window: MainWindow) -> QWidget:
    window.encounter_tools.new_encounter("Ambush")
    return window


def _repairs(window: MainWindow) -> QWidget:
    window.campaign_tools.show_repairs()
    return window


def _rules(window: MainWindow) -> QWidget:
    window.trigger("help.rules")
    from gui.rules_window import RulesWindow

    shown = [w for w in QApplication.topLevelWidgets()
             if isinstance(w, RulesWindow) and w.isVisible()]
    assert shown
    return shown[0]


def _player_view(window: MainWindow) -> QWidget:
    _fight(initiative=InitiativeMode.GROUP)(window)
    current = window.tabs.currentWidget()
    from gui.encounter.window import EncounterWindow

    assert isinstance(current, EncounterWindow)
    return current.open_player_view()


WINDOWS: dict[str, Callable[[MainWindow], QWidget]] = {
    "roster and docks": _roster, "sheet": _sheet, "new encounter": _new_encounter,
    "repairs": _repairs, "group fight": _fight(initiative=InitiativeMode.GROUP),
    "simultaneous fight": _fight(initiative=InitiativeMode.SIMULTANEOUS),
    "WDD segments fight": _fight(initiative=InitiativeMode.SEGMENTS),
    "Melee Round fight": _fight(resolution=Resolution.MELEE_ROUND),
    "rules reference": _rules, "player view": _player_view,
}


def test_the_walk_sees_an_unnamed_widget_and_a_buddy_name(qtbot: Any) -> None:
    from PySide6.QtWidgets import QFormLayout, QLabel, QPushButton, QSpinBox

    top = QWidget()
    qtbot.addWidget(top)
    form = QFormLayout(top)
    nameless = QSpinBox(top)
    buddied = QLineEdit(top)
    label = QLabel("&Notes", top)
    label.setBuddy(buddied)
    form.addRow(nameless)
    form.addRow(label, buddied)
    form.addRow(QPushButton("Roll", top))
    top.show()
    assert unnamed(top) == [f"QSpinBox in {_describe(nameless).split(' in ', 1)[1]}"]
    assert accessible_name(buddied) == "Notes"  # Qt reads the buddy as the name
    nameless.setAccessibleName("Dice")
    assert unnamed(top) == []


@pytest.mark.parametrize("name", list(WINDOWS))
def test_every_window_names_its_widgets(name: str, window: MainWindow, qtbot: Any) -> None:
    top = WINDOWS[name](window)
    QApplication.processEvents()
    found = unnamed(top)
    assert not found, f"{name}: {len(found)} widgets without an accessible name:\n" + "\n".join(
        found)


# Dialogs whose walk through every entry takes seconds: the quick loop leaves them to CI
SLOW_DIALOGS = {"odds", "spell editor", "archetype editor", "encounter check", "reaction",
                "features", "magic item editor", "award XP", "gear editor", "bestiary template",
                "bestiary", "new character", "advance to 1st", "race editor"}


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.slow)
                                  if n in SLOW_DIALOGS else n for n in DIALOGS])
def test_every_dialog_names_its_widgets(name: str, window: MainWindow, qtbot: Any) -> None:
    dialog = DIALOGS[name](window)
    qtbot.addWidget(dialog)
    dialog.show()
    found: set[str] = set()
    for _ in _every_entry(dialog):
        QApplication.processEvents()
        found |= set(unnamed(dialog))
    dialog.hide()  # closed unseen: a wizard with rolled dice would ask before closing
    assert not found, f"{name}: {len(found)} widgets without an accessible name:\n" + "\n".join(
        sorted(found))
