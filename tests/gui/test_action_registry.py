"""Both windows are built from their registry (gui.action_registry): each action declared once,
no key twice in a window, every menu made from the declarations in the declared order, Help once.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from emberkeep.dice import RandomRoller
from gui.action_registry import MENU_BAR, ActionSpec, MenuSpec, Place, Registry
from gui.encounter.shortcuts import ENCOUNTER_KEYS, ShortcutsDialog, shortcuts_for
from gui.main_window import MainWindow, main_window_registry
from tests.gui.test_encounter_window import open_encounter
from tests.gui.windows import cell, open_campaign_window

# Menus whose entries are made each time they open: the recent files, the campaign's
# encounters, the screens. Their own place is declared; what they list is not.
FILLED = {"file.recent", "encounter.open", "encounter.screens"}


def _window(tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    window, _path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    return window


def _keys(actions: Sequence[ActionSpec[Any]]) -> list[tuple[str, str]]:
    return [(k.toString(QKeySequence.SequenceFormat.PortableText), a.id)
            for a in actions for k in a.key_sequences()]


def test_every_action_and_menu_id_is_declared_once(qapp: object) -> None:
    main, fight = main_window_registry(), ENCOUNTER_KEYS
    ids = [*(a.id for a in main.actions), *(m.id for m in main.menus),
           *(t.id for t in main.toolbars), *(a.id for a in fight.actions)]
    assert len(ids) == len(set(ids))
    with pytest.raises(ValueError, match=r"declared twice: file\.save"):
        Registry(menus=main.menus, actions=(*main.actions, main.action("file.save")))


def test_a_place_in_a_menu_that_does_not_exist_is_refused() -> None:
    lost: ActionSpec[MainWindow] = ActionSpec("file.lost", "Lost", lambda w: None,
                                              places=(Place("fiel", 0, 0),))
    with pytest.raises(ValueError, match=r"file\.lost is placed in 'fiel', no menu"):
        Registry(menus=(MenuSpec("file", "&File", Place(MENU_BAR)),), actions=(lost,))


def test_no_key_does_two_things_in_either_window(qapp: object) -> None:
    """Each window's keys are live in one context (the main window's everywhere in it, the
    encounter's inside the encounter): a key there is one action's."""
    for actions in (main_window_registry().actions, ENCOUNTER_KEYS.actions):
        keys = _keys(actions)
        twice = sorted({k for k, _ in keys if [x for x, _ in keys].count(k) > 1})
        assert twice == [], [(k, i) for k, i in keys if k in twice]
    assert len(_keys(main_window_registry().actions)) > 40  # the walk reads the real declarations


def _expected(window: MainWindow, container: str) -> list[QAction | str]:
    """What the registry says ``container`` shows: the built actions, "|" for a separator."""
    registry = window.commands.registry
    shown: list[QAction | str] = []
    section: int | None = None
    for group, spec in registry.entries(container):
        if section is not None and group != section:
            shown.append("|")
        section = group
        shown.append(window.menu(spec.id).menuAction() if isinstance(spec, MenuSpec)
                     else window.action(spec.id))
    return shown


def _actual(menu: QMenu) -> list[QAction | str]:
    return ["|" if a.isSeparator() else a for a in menu.actions()]


def test_every_menu_is_built_from_the_registry(tmp_path: Path, qtbot: QtBot,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    window = _window(tmp_path, qtbot, monkeypatch)
    registry = window.commands.registry
    bar = window.menuBar().actions()
    assert bar == [window.menu(m.id).menuAction() for _g, m in registry.entries(MENU_BAR)]
    for spec in registry.menus:
        menu = window.menu(spec.id)
        assert menu.title() == spec.title
        if spec.id not in FILLED:
            assert _actual(menu) == _expected(window, spec.id), spec.id
    toolbar = window.commands.toolbar("roster")
    assert ["|" if a.isSeparator() else a for a in toolbar.actions()] == _expected(
        window, "roster")
    # and nothing in a menu that the registry does not know of (the filled ones aside)
    built = {id(window.action(a.id)) for a in registry.actions}
    for spec in registry.menus:
        for action in window.menu(spec.id).actions():
            if not (action.isSeparator() or action.menu() or spec.id in FILLED):
                assert id(action) in built, action.text()


def test_the_help_menu_appears_once_and_holds_its_entries(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window = _window(tmp_path, qtbot, monkeypatch)
    titles = [a.text().replace("&", "") for a in window.menuBar().actions()]
    assert titles.count("Help") == 1 and titles[-1] == "Help"
    assert [a.text() for a in window.menu("help").actions()] == [
        "Encounter &Shortcuts", "Open &Log Folder", "&Rules Reference…",
        "&Explain the Focused Number", "", "&About Emberkeep"]


def test_the_menus_the_gm_sees(tmp_path: Path, qtbot: QtBot,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Texts, keys and order as they were before the registry (it changed no menu), with what
    came since (File → Close Tab)."""
    window = _window(tmp_path, qtbot, monkeypatch)

    def std(key: QKeySequence.StandardKey, fallback: str = "") -> str:
        """The platform's first key for a standard action (Qt's offscreen: Redo is Ctrl+Y)."""
        return QKeySequence(key).toString() or fallback

    keys = QKeySequence.StandardKey

    def lines(menu: QMenu) -> list[str]:
        return ["-" if a.isSeparator() else
                f"{a.text()} {a.shortcut().toString()}".strip() for a in menu.actions()]

    assert [a.text() for a in window.menuBar().actions()] == [
        "&File", "&Edit", "&Campaign", "T&ools", "E&ncounter", "Help"]
    assert lines(window.menu("file")) == [
        f"&New {std(keys.New)}", f"&Open… {std(keys.Open)}", "Open &Recent",
        "&Close Tab Ctrl+W", "-",
        f"&Save {std(keys.Save)}", f"Save &As… {std(keys.SaveAs)}", "Restore from &Backup…", "-",
        "&Print… Ctrl+P", "Export P&lay Sheets… Ctrl+Shift+P",
        "Export Part&y Sheet…", "Export &GM Screen…", "-",
        f"&Quit {std(keys.Quit, 'Ctrl+Q')}"]
    assert lines(window.menu("edit")) == [
        f"&Undo {std(keys.Undo)}", f"&Redo {std(keys.Redo)}", "-",
        "&Add 0-Level Character Ctrl+Shift+A", f"Re&move Character {std(keys.Delete)}", "-",
        "New &Character… Ctrl+Shift+N", "Open &Sheet Ctrl+E",
        "&Level Up… Ctrl+L", "Cas&t… Ctrl+K", "Roll a C&HECK or SAVE… Ctrl+J",
        "Stabili&ze the Dying… Ctrl+Shift+J", "Train Mounted Com&bat… Ctrl+Shift+M",
        "Move to &Group", "-", f"&Preferences… {std(keys.Preferences, 'Ctrl+Shift+,')}"]
    assert lines(window.menu("edit.group")) == [
        "&1 Party in play Ctrl+Alt+1", "&2 Funnel Ctrl+Alt+2", "&3 Hirelings Ctrl+Alt+3",
        "&4 Dead or retired Ctrl+Alt+4"]
    assert lines(window.menu("campaign")) == [
        "&Advance", "Timeline Ctrl+T", "&Repairs Ctrl+R", "-", "&Settings… Ctrl+,",
        "Party &Fund… Ctrl+Shift+G"]
    assert lines(window.menu("campaign.advance")) == [
        "Advance &Turn Alt+T", "Advance &Hour Alt+H", "Short Rest Alt+S", "Long Rest Alt+L",
        "Advance &Day Alt+D", "Advance &Week Alt+W", "-", "Advance to a Dat&e… Alt+G", "-",
        "Who &Rests"]
    assert lines(window.menu("tools")) == [
        "Dice tray Ctrl+D", "-", "&Archetype Editor… Ctrl+Alt+A", "&Spell Editor… Ctrl+Alt+S",
        "&Magic Item Editor… Ctrl+Alt+M", "&Gear Editor… Ctrl+Alt+G",
        "&Race Editor… Ctrl+Alt+R", "Random Spell &Name… Ctrl+Alt+N",
        "&Table Rules… Ctrl+Alt+T"]
    assert lines(window.menu("encounter")) == [
        "&New Encounter… Ctrl+Shift+B", "&Open Encounter", "&Delete This Encounter", "-",
        "&Player View", "Player View Full&screen On", "&Award XP… Ctrl+Shift+X",
        "&Bestiary… Ctrl+Alt+B", "Odds of &This Fight…", "Export &Recap (Markdown)…", "-",
        "Share with P&layers… Shift+F5"]
    toolbar = window.commands.toolbar("roster")
    assert ["-" if a.isSeparator() else a.text() for a in toolbar.actions()] == [
        "&Add 0-Level Character", "Re&move Character", "-", "New &Character…", "Open &Sheet",
        "&Level Up…"]


def test_a_dock_toggle_is_the_docks_own_action(tmp_path: Path, qtbot: QtBot,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    window = _window(tmp_path, qtbot, monkeypatch)
    timeline = window.action("campaign.timeline")
    assert timeline is window.campaign_tools.dock.toggleViewAction()
    assert window.action("tools.dice_tray") is window.toolbox.dock.toggleViewAction()
    window.show()
    window.trigger("campaign.timeline")
    assert window.campaign_tools.dock.isVisible() and timeline.isChecked()


def test_a_disabled_action_does_nothing_when_triggered(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window = _window(tmp_path, qtbot, monkeypatch)
    assert window.document is not None
    encounters = len(window.document.campaign.encounters)
    assert not window.action("encounter.delete").isEnabled()  # the roster in front
    window.trigger("encounter.delete")
    assert len(window.document.campaign.encounters) == encounters
    assert window.document.undo_stack.count() == 0


@pytest.mark.slow
def test_the_encounter_window_and_f1_read_one_registry(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    _main, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(3), goblins=1)
    installed = [a for a in ENCOUNTER_KEYS.actions if a.run is not None]
    assert {id(ew.action(a.id)) for a in installed} == {id(a) for a in ew.actions()}
    dialog = ShortcutsDialog(ew)
    qtbot.addWidget(dialog)
    listed = [(cell(dialog.table, r, 0).text(), cell(dialog.table, r, 1).text())
              for r in range(dialog.table.rowCount())]
    assert listed == [(key, what) for _id, key, what in shortcuts_for(False)]
    before = len(ew.enc.history)
    ew.trigger("fight.initiative")  # as I pressed: the round begins
    assert len(ew.enc.history) > before
