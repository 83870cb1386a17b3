"""The roster by keyboard: typing searches the names and never edits, F2 or a
double-click on a name edits, headers sort (Python sort + layoutChanged), a filter box and a group
to show, Move to Group as one undo step, Add PCs preselecting the party in play, Who Rests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QItemSelectionModel, QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractItemView, QApplication, QLineEdit

from emberkeep.character.groups import CharacterGroup, group_of
from gui.encounter.dialogs import PcPicker
from gui.main_window import MainWindow
from gui.roster_model import COLUMNS, RosterModel
from tests.gui.windows import open_campaign_window

NAME, HP, GROUP = ([c.title for c in COLUMNS].index(t) for t in ("Name", "HP", "Group"))


def _window(tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    window, _ = open_campaign_window(tmp_path, qtbot, monkeypatch)
    window.show()
    window.activateWindow()
    assert QTest.qWaitForWindowActive(window)
    window.roster.setFocus()
    return window


def _names(window: MainWindow) -> list[str]:
    model = window.roster.model()
    return [str(model.index(r, NAME).data()) for r in range(model.rowCount())]


def _current_name(window: MainWindow) -> str:
    return str(window.roster.currentIndex().siblingAtColumn(NAME).data())


@pytest.mark.slow
def test_typing_jumps_to_a_name_and_never_edits(tmp_path: Path, qtbot: Any,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    window = _window(tmp_path, qtbot, monkeypatch)
    view = window.roster
    view.setCurrentIndex(view.model().index(0, HP))  # the search still looks at the names
    QTest.keyClicks(view, "tob")
    assert _current_name(window) == "Tobin the Fisher"
    assert view.state() != QAbstractItemView.State.EditingState
    assert not isinstance(QApplication.focusWidget(), QLineEdit)
    assert window.document is not None and not window.document.is_modified
    QTest.qWait(QApplication.keyboardInputInterval() + 50)  # a new search
    QTest.keyClicks(view, "ys")
    assert _current_name(window) == "Ysolde the Grey"


def _double_click(view: QAbstractItemView, at: QPoint) -> None:
    """As a mouse does it: a click, then the double-click (the view acts on the pressed row)."""
    for send in (QTest.mouseClick, QTest.mouseDClick):
        send(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)


@pytest.mark.slow
def test_f2_edits_and_a_double_click_edits_only_the_name(tmp_path: Path, qtbot: Any,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    window = _window(tmp_path, qtbot, monkeypatch)
    view = window.roster
    view.setCurrentIndex(view.model().index(0, NAME))
    QTest.keyClick(view, Qt.Key.Key_F2)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit) and editor.text() == "Brannoc Ironhand"
    editor.selectAll()
    QTest.keyClicks(editor, "Brannoc")
    QTest.keyClick(editor, Qt.Key.Key_Return)
    assert window.document is not None
    qtbot.waitUntil(lambda: window.document.campaign.characters[0].name == "Brannoc")
    hp_cell = view.visualRect(view.model().index(1, HP)).center()
    _double_click(view, hp_cell)
    assert window.current_sheet() is not None  # a double-click on HP opens the sheet
    window.tabs.setCurrentIndex(0)
    name_cell = view.visualRect(view.model().index(2, NAME)).center()
    _double_click(view, name_cell)
    assert view.state() == QAbstractItemView.State.EditingState
    assert window.tabs.currentIndex() == 0


@pytest.mark.slow
def test_headers_sort_up_down_and_back_keeping_the_selection(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window = _window(tmp_path, qtbot, monkeypatch)
    view = window.roster
    campaign_order = _names(window)
    view.selectionModel().setCurrentIndex(
        view.model().index(1, NAME), QItemSelectionModel.SelectionFlag.ClearAndSelect
        | QItemSelectionModel.SelectionFlag.Rows)
    header = view.horizontalHeader()
    header.sectionClicked.emit(NAME)
    assert _names(window) == sorted(campaign_order, key=str.casefold)
    assert window.document is not None
    assert window.selected_character_ids() == [window.document.campaign.characters[1].id]
    header.sectionClicked.emit(NAME)
    assert _names(window) == sorted(campaign_order, key=str.casefold, reverse=True)
    assert header.sortIndicatorOrder() == Qt.SortOrder.DescendingOrder
    header.sectionClicked.emit(NAME)
    assert _names(window) == campaign_order and header.sortIndicatorSection() == -1
    header.sectionClicked.emit(HP)  # by current HP, a number, not its "4/4" text
    model = view.model()
    hps = [model.index(r, HP).data(Qt.ItemDataRole.EditRole) for r in range(model.rowCount())]
    assert hps == sorted(hps)


def test_the_filter_box_and_the_group_box_narrow_the_rows(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window = _window(tmp_path, qtbot, monkeypatch)
    pane = window.roster_pane
    QTest.keyClick(window.roster, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.focusWidget() is pane.filter
    QTest.keyClicks(pane.filter, "ada")  # a player's name: Brannoc and Old Mag
    assert _names(window) == ["Brannoc Ironhand", "Old Mag the Beekeeper"]
    QTest.keyClick(pane.filter, Qt.Key.Key_Escape)
    assert pane.filter.text() == "" and len(_names(window)) == 8
    assert QApplication.focusWidget() is window.roster
    pane.groups.setCurrentIndex(pane.groups.findText("Funnel"))
    assert _names(window) == ["Old Mag the Beekeeper", "Tobin the Fisher", "Elsa of the Mill",
                              "Cuthbert Cheesewright"]
    pane.groups.setCurrentIndex(pane.groups.findText("Party in play"))
    assert len(_names(window)) == 4 and "Sister Maud" in _names(window)


@pytest.mark.slow
def test_move_to_group_is_one_undo_step_and_the_group_view_follows(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window = _window(tmp_path, qtbot, monkeypatch)
    document = window.document
    assert document is not None
    pane, view = window.roster_pane, window.roster
    pane.groups.setCurrentIndex(pane.groups.findText("Funnel"))
    view.selectionModel().select(view.model().index(1, 0), QItemSelectionModel.SelectionFlag.Select
                                 | QItemSelectionModel.SelectionFlag.Rows)
    view.selectionModel().select(view.model().index(2, 0), QItemSelectionModel.SelectionFlag.Select
                                 | QItemSelectionModel.SelectionFlag.Rows)
    moved = window.selected_character_ids()
    QTest.keyClick(view, Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.AltModifier)  # Edit → Move to Group → 3 Hirelings
    assert [group_of(document.character(cid)) for cid in moved] == [CharacterGroup.HIRELINGS] * 2
    assert _names(window) == ["Old Mag the Beekeeper", "Cuthbert Cheesewright"]
    assert document.undo_stack.undoText() == "Move 2 characters to Hirelings"
    pane.groups.setCurrentIndex(0)
    assert view.model().index(5, GROUP).data() == "Hirelings"
    QTest.keyClick(view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert [document.character(cid).group for cid in moved] == [None, None]
    assert view.model().index(5, GROUP).data() == "Funnel"


@pytest.mark.slow
def test_rows_added_and_removed_while_sorted(tmp_path: Path, qtbot: Any,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    window = _window(tmp_path, qtbot, monkeypatch)
    window.roster.horizontalHeader().sectionClicked.emit(NAME)
    window.add_character()  # a new peasant at the end, its name open to type
    assert _names(window)[-1] == "Funnel character 9"
    assert window.roster.state() == QAbstractItemView.State.EditingState
    window.roster.closePersistentEditor(window.roster.currentIndex())
    QTest.keyClick(window.roster, Qt.Key.Key_Escape)
    model = window.roster.model()
    assert isinstance(model, RosterModel)
    assert window.document is not None
    gone = window.document.campaign.characters[0]
    window.document.remove_characters([gone.id])
    assert gone.name not in _names(window) and len(_names(window)) == 8
    window.document.undo_stack.undo()
    assert gone.name in _names(window) and len(_names(window)) == 9


def test_add_pcs_preselects_the_living_party_in_play(tmp_path: Path, qtbot: Any,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    window = _window(tmp_path, qtbot, monkeypatch)
    assert window.document is not None
    people = window.document.campaign.characters
    people[2].group = CharacterGroup.HIRELINGS
    picker = PcPicker(list(people), window)
    qtbot.addWidget(picker)
    chosen = {people[i].name for i in (0, 1, 3)}
    assert {window.document.character(cid).name for cid in picker.chosen()} == chosen
    lines = [picker.list.item(r).text() for r in range(picker.list.count())]
    assert lines[0].endswith("· Party in play") and lines[-1].endswith("· Funnel")
    assert any("Wren Quickfingers" in t and t.endswith("· Hirelings") for t in lines)


@pytest.mark.slow
def test_who_rests_rests_only_the_chosen_group(tmp_path: Path, qtbot: Any,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    window = _window(tmp_path, qtbot, monkeypatch)
    document = window.document
    assert document is not None
    who = window.menu("campaign.rests")
    entries = [a.text() for a in who.actions()]
    assert entries == ["&Everyone but the dead or retired", "&1 Party in play", "&2 Funnel",
                       "&3 Hirelings"]
    assert who.menuAction() in window.menu("campaign.advance").actions()
    window.trigger("campaign.rests.party")  # the party in play only
    assert window.action("campaign.rests.party").isChecked()
    assert not window.action("campaign.rests.everyone").isChecked()
    for c in document.campaign.characters:
        c.hp = 1
    QTest.keyClick(window.roster, Qt.Key.Key_L, Qt.KeyboardModifier.AltModifier)  # long rest
    assert document.undo_stack.undoText() == "Long rest (Party in play)"
    healed = {c.name for c in document.campaign.characters if c.hp > 1}
    assert healed == {c.name for c in document.campaign.characters if c.level > 0}


@pytest.mark.slow
def test_a_funnel_added_and_undone_while_sorted_and_filtered(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from emberkeep.dice import ScriptedRoller
    from gui.main_window import funnel_character

    window = _window(tmp_path, qtbot, monkeypatch)
    document = window.document
    assert document is not None
    pane = window.roster_pane
    window.roster.horizontalHeader().sectionClicked.emit(NAME)
    pane.groups.setCurrentIndex(pane.groups.findText("Funnel"))
    before = _names(window)
    new = [funnel_character(ScriptedRoller([3] * 19 + [1] * 5), n) for n in (9, 10)]
    document.add_characters(new, "Add a funnel")
    assert _names(window) == [*before, "Funnel character 9", "Funnel character 10"]
    document.undo_stack.undo()
    assert _names(window) == before
    document.undo_stack.redo()
    assert len(_names(window)) == len(before) + 2
    pane.groups.setCurrentIndex(pane.groups.findText("Party in play"))
    assert "Funnel character 9" not in _names(window)  # 0-level: the funnel's
