"""A ruling number on screen is never bare: every label, button, group box, tab, header and table
cell of the roster, a sheet and a fight that shows "R<n>" has that ruling's one-line summary in
the tooltip it shows, and Shift+F1 on it opens the rules reference there."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QAbstractItemModel, QEvent, QModelIndex, QPoint, Qt
from PySide6.QtGui import QCursor, QHelpEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTabBar,
    QToolTip,
    QWidget,
)

from emberkeep.campaign import bestiary
from emberkeep.campaign.settings import InitiativeMode
from emberkeep.encounter.bestiary_monsters import monsters_of
from emberkeep.rules_reference import reference
from gui.encounter.window import EncounterWindow
from gui.main_window import MainWindow
from gui.rules_window import RulesWindow
from gui.ruling_tips import cited, summary, with_summaries
from tests.gui.windows import open_campaign_window

# -- the summaries -----------------------------------------------------------------------------


def test_a_text_cites_the_rulings_it_names_once_each_and_only_real_ones() -> None:
    assert cited("Dead at -4 HP (R22)") == [22]
    assert cited("Gear damage: armor crits and weapon notches (WDD, R15-R17); R15 again") \
        == [15, 17]
    assert cited("Alive, dying (R21: at 0 HP) or dead (R22)") == [21, 22]
    robot = "R" + "99"  # spelled apart: the rules reference's own test reads this file too
    assert cited(f"{robot} the robot, HR22, R222, PR7") == []
    assert cited("") == []


def test_a_summary_is_one_line_from_the_reference_entry() -> None:
    line = summary(22)
    ruling = reference().ruling(22)
    assert line.startswith("R22 Dead: ")
    assert "-(3 + level + CON) HP" in line and line.removeprefix("R22 Dead: ") in ruling.app
    for number in range(1, len(reference().rulings) + 1):
        text = summary(number)
        assert "\n" not in text and len(text) <= 141, text
        assert text.startswith(f"R{number} {reference().ruling(number).title}")


def test_the_tooltip_escapes_what_it_adds_and_keeps_a_plain_tip_as_written() -> None:
    assert with_summaries("no ruling here", "tip") is None
    tip = with_summaries("<b>Sir X</b> dead (R22)", "<img src=/dev/zero> is the knight")
    assert tip is not None
    assert "<img" not in tip and "&lt;img src=/dev/zero&gt;" in tip
    assert "R22 Dead" in tip
    already = with_summaries("dead (R22)", summary(22))
    assert already is None  # the widget's own tooltip says it already


# -- every ruling number in sight --------------------------------------------------------------


def _help_at(widget: QWidget, pos: QPoint) -> str:
    """The tooltip ``widget`` shows when the mouse rests at ``pos``, as the app shows it."""
    QToolTip.hideText()
    QApplication.sendEvent(widget, QHelpEvent(QEvent.Type.ToolTip, pos, widget.mapToGlobal(pos)))
    return QToolTip.text()


def _cells(model: QAbstractItemModel, parent: QModelIndex) -> Iterator[QModelIndex]:
    """Every cell under ``parent``, a tree's children too (asked through index(), which every
    model answers, list models included)."""
    row = 0
    while model.index(row, 0, parent).isValid():
        column = 0
        while (index := model.index(row, column, parent)).isValid():
            yield index
            column += 1
        if model.index(0, 0, model.index(row, 0, parent)).isValid():
            yield from _cells(model, model.index(row, 0, parent))
        row += 1


def _citing(root: QWidget) -> Iterator[tuple[str, QWidget, QPoint]]:
    """Each visible text under ``root`` that cites a ruling, with where to rest the mouse on it."""
    for widget in root.findChildren(QWidget):
        if not widget.isVisible():
            continue
        if isinstance(widget, QHeaderView):
            model = widget.model()
            for section in range(widget.count()):
                text = model.headerData(section, widget.orientation()) if model else None
                if widget.isSectionHidden(section) or not isinstance(text, str) or \
                        not cited(text):
                    continue
                middle = widget.sectionViewportPosition(section) + widget.sectionSize(section) // 2
                pos = QPoint(middle, widget.height() // 2) \
                    if widget.orientation() == Qt.Orientation.Horizontal \
                    else QPoint(widget.width() // 2, middle)
                yield text, widget.viewport(), pos
        elif isinstance(widget, QAbstractItemView):
            model = widget.model()
            if model is None:
                continue
            for index in _cells(model, QModelIndex()):
                text = index.data()
                if not isinstance(text, str) or not cited(text) or widget.isIndexHidden(index):
                    continue
                widget.scrollTo(index)
                yield text, widget.viewport(), widget.visualRect(index).center()
        elif isinstance(widget, QTabBar):
            for tab in range(widget.count()):
                if cited(widget.tabText(tab)) and widget.isTabVisible(tab):
                    yield widget.tabText(tab), widget, widget.tabRect(tab).center()
        elif isinstance(widget, QLabel | QAbstractButton) and cited(widget.text()):
            yield widget.text(), widget, widget.rect().center()
        elif isinstance(widget, QGroupBox) and cited(widget.title()):
            yield widget.title(), widget, QPoint(widget.width() // 2, 4)


def _assert_every_ruling_explained(root: QWidget) -> int:
    seen = 0
    missing = []
    for text, widget, pos in _citing(root):
        shown = _help_at(widget, pos)
        seen += 1
        for number in cited(text):
            title = f"R{number} {reference().ruling(number).title}"
            if title not in shown:
                missing.append(f"{type(widget).__name__} {text!r}: no {title!r} in {shown!r}")
    QToolTip.hideText()
    assert not missing, "\n".join(missing)
    return seen


@pytest.fixture
def main(tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[MainWindow]:
    window, _path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    window.show()
    qtbot.waitExposed(window)
    yield window
    window.safety_tools.autosaver.shutdown()


def test_the_roster_explains_every_ruling_it_shows(main: MainWindow) -> None:
    before = _assert_every_ruling_explained(main)  # the roster's own texts cite none today
    # a label any part of the window adds later is explained with no work of its own
    added = QLabel("Dead at -4 HP (R22)", main.statusBar())
    main.statusBar().addWidget(added)
    added.show()
    QApplication.processEvents()
    assert _assert_every_ruling_explained(main) == before + 1
    assert "R22 Dead: " in _help_at(added, added.rect().center())


@pytest.mark.slow
def test_a_sheet_explains_every_ruling_it_shows(main: MainWindow) -> None:
    assert main.document is not None
    seen = 0
    for character in main.document.campaign.characters[:5:4]:  # a 1st-level and a 0-level one
        sheet = main.open_sheet(character.id)
        QApplication.processEvents()
        seen += _assert_every_ruling_explained(sheet)
    assert seen > 0  # "Dead at … (R22)" at the least


@pytest.mark.slow
@pytest.mark.parametrize("mode", list(InitiativeMode))
def test_a_fight_explains_every_ruling_it_shows(main: MainWindow, mode: InitiativeMode) -> None:
    assert main.document is not None
    campaign = main.document.campaign
    ew = main.encounter_tools.new_encounter(f"Goblins at the ford ({mode.value})")
    assert isinstance(ew, EncounterWindow)
    ew.session.set_setup("mode", initiative=mode)
    ew.add_pcs([c.id for c in campaign.characters if c.level == 1])
    template = next(t for t in bestiary.templates(campaign) if "Goblin" in t.name)
    ew.add_monsters(monsters_of(template, 2, taken=set(ew.enc.combatants), roller=main.roller))
    ew.roll_initiative()
    if ew.attack() is None:
        ew.confirm()
    ew.next_turn()
    QApplication.processEvents()
    assert _assert_every_ruling_explained(ew) > 0


@pytest.mark.slow
def test_shift_f1_on_a_text_citing_r22_opens_its_ruling(main: MainWindow, qtbot: Any) -> None:
    assert main.document is not None
    sheet = main.open_sheet(main.document.campaign.characters[0].id)
    QApplication.processEvents()
    death = sheet.labels["death"]
    assert "R22" in death.text()
    main.activateWindow()
    qtbot.waitUntil(main.isActiveWindow)
    QTest.mouseClick(death, Qt.MouseButton.LeftButton)  # a click gives a selectable label focus
    qtbot.waitUntil(lambda: QApplication.focusWidget() is death)
    QTest.keyClick(death, Qt.Key.Key_F1, Qt.KeyboardModifier.ShiftModifier)
    window = main.findChild(RulesWindow)
    assert window is not None and window.isVisible()
    assert window.current_key() == "R22" and window.heading.text() == "R22 Dead"


@pytest.mark.slow
def test_shift_f1_elsewhere_opens_the_reference_at_its_start(main: MainWindow, qtbot: Any) -> None:
    main.activateWindow()
    qtbot.waitUntil(main.isActiveWindow)
    main.roster.setFocus()
    main.roster.setCurrentIndex(main.roster.model().index(0, 0))  # a name: no ruling
    QTest.keyClick(main.roster, Qt.Key.Key_F1, Qt.KeyboardModifier.ShiftModifier)
    window = main.findChild(RulesWindow)
    assert window is not None and window.isVisible()
    assert window.current_key() != "R22"
    assert window.search.text() == ""


@pytest.mark.slow
def test_shift_f1_with_the_mouse_on_a_ruling_opens_it(main: MainWindow, qtbot: Any) -> None:
    assert main.document is not None
    sheet = main.open_sheet(main.document.campaign.characters[0].id)
    QApplication.processEvents()
    main.activateWindow()
    qtbot.waitUntil(main.isActiveWindow)
    xp = next(x for x in sheet.findChildren(QLabel) if "R32)" in x.text() and x.isVisible())
    field = sheet.findChild(QLineEdit)
    assert field is not None
    field.setFocus()  # a name field: it cites no ruling, so the mouse decides
    qtbot.waitUntil(lambda: QApplication.focusWidget() is field)
    QCursor.setPos(xp.mapToGlobal(xp.rect().center()))  # on "36 XP to 2nd (at 50, R32)"
    qtbot.waitUntil(lambda: QApplication.widgetAt(QCursor.pos()) is xp)
    QTest.keyClick(field, Qt.Key.Key_F1, Qt.KeyboardModifier.ShiftModifier)
    window = main.findChild(RulesWindow)
    assert window is not None and window.current_key() == "R32"
