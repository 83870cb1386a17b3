"""Fits the screen: at 1366×768 and 1280×800 every tab, dock and dialog fits the
screen without the window growing, the encounter's log keeps six rows, the messages keep their
room, and the main window opens inside the screen where it was last closed."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QGuiApplication, QScreen
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QWidget
from pytestqt.qtbot import QtBot

from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.settings import InitiativeMode, Resolution
from emberkeep.character.knight import KnightProfile
from emberkeep.dice import RandomRoller
from emberkeep.encounter.combatant import MonsterStats
from emberkeep.encounter.setup import pc_combatant
from gui.encounter.combatants import HP_COLUMN
from gui.encounter.monster_form import make_monsters
from gui.encounter.window import LOG_ROWS, EncounterWindow
from gui.main_window import MainWindow, main_window_registry
from gui.screen_fit import clamp, screen_key
from gui.state import AppState
from tests.gui.fit import LAPTOPS, assert_fits, on_modal, press, rows_shown
from tests.gui.windows import open_campaign_window

KNIGHT = KnightProfile(SIZ=15, DEX=10, STR=10, CON=13,
                       skills={"Sword": 15, "Lance": 12, "Spear": 6})
GOBLIN = MonsterStats(name="Goblin", max_hp=5, room_dc=12, attack_bonus=2, damage="1d6")
Key = Qt.Key
MODES = {"group": {"initiative": InitiativeMode.GROUP},
         "simultaneous": {"initiative": InitiativeMode.SIMULTANEOUS},
         "WDD segments": {"initiative": InitiativeMode.SEGMENTS},
         "Melee Round": {"resolution": Resolution.MELEE_ROUND}}


def _screen(name: str) -> QScreen:
    return next(s for s in QGuiApplication.screens() if s.name() == name)


def _knights() -> Campaign:
    """The example campaign with its 1st-level characters as knights (R24), for the Melee Round
    to roll real exchanges."""
    campaign = build_example_campaign()
    for ch in campaign.characters:
        if ch.level == 1:
            ch.knight = KNIGHT
            ch.max_hp = ch.hp = KNIGHT.derived.hit_points
    return campaign


def _on_laptop(tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
               laptop: str, campaign: Campaign | None = None) -> tuple[MainWindow, QSize]:
    """The example campaign (or ``campaign``) in a main window filling the laptop screen's
    available area."""
    window, _path = open_campaign_window(tmp_path, qtbot, monkeypatch, campaign)
    window.roller = RandomRoller(19)
    available = _screen(laptop).availableGeometry()
    window.setGeometry(available)
    window.show()
    window.activateWindow()
    assert QTest.qWaitForWindowActive(window)
    QApplication.processEvents()  # the frame is known: the window is made to fit inside
    assert window.screen().name() == laptop
    assert window.width() >= available.width() - 8 and window.height() >= available.height() - 8
    assert_fits(window)
    return window, window.size()


def _fight(window: MainWindow, mode: str) -> EncounterWindow:
    ew = window.encounter_tools.new_encounter(f"Ambush ({mode})")
    assert ew is not None and window.document is not None
    ew.session.set_setup(mode, **MODES[mode])  # type: ignore[arg-type]
    party = [c for c in window.document.campaign.characters if c.level == 1]
    if mode == "Melee Round" and party[0].knight is not None:  # a joust: knights, two sides
        ew.session.add_combatants([pc_combatant(party[0], side="gold", position=0),
                                   pc_combatant(party[1], side="azure", position=1)],
                                  "Add the knights")
    else:
        ew.add_pcs([c.id for c in party])
        ew.add_monsters(make_monsters(GOBLIN, 6, taken=set(ew.enc.combatants)))
    ew.table.setFocus()
    QTest.keyClick(ew.table, Key.Key_I)  # the round begins: banner, order, panels all filled
    QTest.keyClick(ew.table, Key.Key_A)  # an attack previewed (or refused: the red line)
    return ew


def column_in_view(ew: EncounterWindow, column: int) -> None:
    """The combatants' ``column`` and all before it lie whole inside the table, unscrolled."""
    header = ew.table.horizontalHeader()
    assert header.sectionViewportPosition(0) == 0
    right = header.sectionViewportPosition(column) + header.sectionSize(column)
    assert right <= ew.table.viewport().width(), (column, right, ew.table.viewport().width())


def outcome_in_view(ew: EncounterWindow) -> None:
    """What A rolled is on screen, not scrolled away in the panel; or why it was refused, on
    the red line (always in view)."""
    panel = ew.melee_panel if ew.session.melee_round() else ew.panel
    if not panel.outcome.toPlainText():
        assert ew.message.text() and ew.message.visibleRegion().boundingRect().height() > 10
        return
    shown = panel.outcome.visibleRegion().boundingRect().height()
    assert shown >= min(panel.outcome.height(), 4 * panel.outcome.fontMetrics().lineSpacing())


def status_in_view(ew: EncounterWindow) -> None:
    """The last column, Status, whole and wide enough for its words."""
    last = ew.table.horizontalHeader().count() - 1
    column_in_view(ew, last)
    assert ew.table.horizontalHeader().sectionSize(last) >= ew.table.fontMetrics(
        ).horizontalAdvance("dying (3)")


@pytest.mark.slow
@pytest.mark.parametrize("laptop", LAPTOPS)
@pytest.mark.parametrize("mode", list(MODES))
def test_an_encounter_in_each_mode_fits_and_keeps_six_log_rows(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, laptop: str,
        mode: str) -> None:
    knights = _knights() if mode == "Melee Round" else None
    window, size = _on_laptop(tmp_path, qtbot, monkeypatch, laptop, knights)
    ew = _fight(window, mode)
    assert ew.enc.state.phase == "fighting"
    assert_fits(window, size)
    row = ew.log_view.verticalHeader().defaultSectionSize()
    assert rows_shown(ew.log_view, row) >= LOG_ROWS
    assert ew.message.isVisible() and ew.amount.isVisible() and ew.ruling.isVisible()
    status_in_view(ew)
    outcome_in_view(ew)
    view = ew.toggle_player_view()  # F5's window for the players' screen fits its screen too
    assert QTest.qWaitForWindowExposed(view)
    assert_fits(view)
    view.close()
    window.activateWindow()
    assert QTest.qWaitForWindowActive(window)
    # the docks take their room from the tab, never from the screen; beside the dice tray the
    # columns give way (names, conditions and status whole in their tooltips), none is pushed
    # out of view
    press(window.action("tools.dice_tray"), ew.table)
    assert window.toolbox.dock.isVisible()
    assert_fits(window, size)
    column_in_view(ew, ew.table.model().columnCount() - 1)
    assert not ew.table.horizontalScrollBar().isVisible()
    press(window.action("campaign.timeline"), ew.table)
    assert window.campaign_tools.dock.isVisible()
    assert_fits(window, size)
    assert rows_shown(ew.log_view, row) >= LOG_ROWS
    # narrower still with both docks: who is in the fight shows (their HP too, but beside the
    # Melee Round's wide exchange panel at 1280 px, where the table scrolls sideways)
    column_in_view(ew, 0 if mode == "Melee Round" and laptop == "wide-laptop" else HP_COLUMN)


@pytest.mark.slow
def test_messages_keep_their_room(tmp_path: Path, qtbot: QtBot,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A refusal, then the morale/dying banner appearing, move nothing under the GM's eyes."""
    window, size = _on_laptop(tmp_path, qtbot, monkeypatch, "laptop")
    ew = _fight(window, "group")
    before = {w: w.geometry() for w in (ew.table, ew.log_view, ew.amount, ew.ruling)}
    ew.message.setText("")
    ew.banner.setText("")
    QApplication.processEvents()
    assert {w: w.geometry() for w in before} == before
    QTest.keyClick(ew.table, Key.Key_G)
    focus = QApplication.focusWidget()
    assert focus is not None
    QTest.keyClick(focus, Key.Key_Return)  # an empty ruling is refused
    ew.banner.setText("Morale: the goblins check (M)   ·   Dying: Brannoc dies in 3 " * 3)
    QApplication.processEvents()
    assert ew.message.text()
    assert {w: w.geometry() for w in before} == before
    assert_fits(window, size)


@pytest.mark.slow
@pytest.mark.parametrize("laptop", LAPTOPS)
def test_roster_sheet_repairs_and_docks_fit(tmp_path: Path, qtbot: QtBot,
                                            monkeypatch: pytest.MonkeyPatch,
                                            laptop: str) -> None:
    window, size = _on_laptop(tmp_path, qtbot, monkeypatch, laptop)
    window.roster.setFocus()
    QTest.keyClick(window.roster, Key.Key_Down)
    QTest.keyClick(window.roster, Key.Key_Return)  # the sheet opens in its tab
    assert window.current_sheet() is not None
    assert_fits(window, size)
    press(window.action("campaign.repairs"), window)
    assert window.tabs.currentWidget() is window.campaign_tools.repairs
    assert_fits(window, size)
    press(window.action("campaign.timeline"), window)
    press(window.action("tools.dice_tray"), window)
    for number in range(window.tabs.count()):
        window.tabs.setCurrentIndex(number)
        assert_fits(window, size)


@pytest.mark.slow
@pytest.mark.parametrize("laptop", LAPTOPS)
def test_every_dialog_fits(tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
                           laptop: str) -> None:
    window, _size = _on_laptop(tmp_path, qtbot, monkeypatch, laptop)
    window.roster.setFocus()
    QTest.keyClick(window.roster, Key.Key_Down)
    QTest.keyClick(window.roster, Key.Key_Down)  # a 1st-level character: level up, cast
    modal = [window.action(a) for a in (
        "edit.new_character", "edit.level_up", "edit.cast", "campaign.settings",
        "edit.preferences", "campaign.advance_to_date")]
    checked: list[str] = []
    for action in modal:
        window.activateWindow()
        assert QTest.qWaitForWindowActive(window)
        seen = on_modal(assert_fits)
        action.trigger() if action.shortcut().isEmpty() else press(action, window.roster)
        QApplication.processEvents()
        assert len(seen) == 1 and not seen[0].startswith("FAILED"), (action.text(), seen)
        checked += seen
    editors = [spec.id for section, spec in main_window_registry().entries("tools")
               if section == 1]
    assert len(editors) == 7  # the Tools menu below the dice tray
    for name in editors:
        action = window.action(name)
        window.activateWindow()
        assert QTest.qWaitForWindowActive(window)
        press(action, window.roster)
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, QDialog), name
        assert_fits(dialog)
        checked.append(dialog.windowTitle())
        dialog.reject()
    assert len(checked) == len(modal) + len(editors)


@pytest.mark.slow
@pytest.mark.parametrize("laptop", LAPTOPS)
def test_every_encounter_dialog_fits(tmp_path: Path, qtbot: QtBot,
                                     monkeypatch: pytest.MonkeyPatch, laptop: str) -> None:
    """Add PCs, Add monsters, a condition (K), the spell (C), the shortcut list (F1), Award XP
    and the party fund, each opened the GM's way and checked against the screen."""
    window, _size = _on_laptop(tmp_path, qtbot, monkeypatch, laptop)
    ew = _fight(window, "group")
    caster = next(c for c in ew.enc.combatants.values() if c.name == "Ysolde the Grey")
    ew.select(caster.id)
    openers = [("Add PCs", ew.setup_bar.add_pcs_button.click),
               ("Add monsters", ew.setup_bar.add_monsters_button.click),
               ("K", lambda: QTest.keyClick(ew.table, Key.Key_K)),
               ("F1", lambda: QTest.keyClick(ew.table, Key.Key_F1)),
               ("Award XP", lambda: press(window.action("encounter.award_xp"), ew.table)),
               ("Party fund", lambda: window.trigger("campaign.party_fund"))]
    checked = []
    for name, open_it in openers:
        window.activateWindow()
        assert QTest.qWaitForWindowActive(window)
        ew.table.setFocus()
        seen = on_modal(assert_fits)
        open_it()
        QApplication.processEvents()
        assert len(seen) == 1 and not seen[0].startswith("FAILED"), (name, seen)
        checked.append(seen[0])
    assert len(checked) == len(openers)


def test_the_window_opens_inside_the_screen_where_it_was_closed(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EMBERKEEP_HOME", str(tmp_path / "home"))
    laptop, wide = _screen("laptop"), _screen("wide-laptop")
    state = AppState()
    first = MainWindow(state)
    qtbot.addWidget(first)
    assert laptop.availableGeometry().contains(first.geometry())  # never larger than the screen
    assert first.height() <= 768
    # the GM moves it to the 1280×800 screen and closes it there
    first.setGeometry(QRect(wide.availableGeometry().x() + 40, 30, 1100, 700))
    first.show()
    assert first.screen().name() == "wide-laptop"
    first.close()
    assert state.window_screen == screen_key(wide)
    assert state.window_geometry[screen_key(wide)][:4] == [1366 + 40, 30, 1100, 700]
    again = MainWindow(AppState.load())  # the next start: same screen, same place
    qtbot.addWidget(again)
    assert again.geometry() == QRect(1366 + 40, 30, 1100, 700)
    # a geometry saved for a bigger screen is pulled inside this one
    too_big = AppState(window_screen=screen_key(laptop),
                       window_geometry={screen_key(laptop): [-50, 200, 1900, 1000, 0]})
    third = MainWindow(too_big)
    qtbot.addWidget(third)
    assert third.geometry() == laptop.availableGeometry()
    third.show()  # shown, its frame (borders, title bar) comes inside too
    QTest.qWaitForWindowExposed(third)
    QApplication.processEvents()
    assert_fits(third)


def test_clamp_moves_inside_and_shrinks() -> None:
    area = QRect(0, 0, 1366, 768)
    assert clamp(QRect(1000, 500, 800, 600), area) == QRect(566, 168, 800, 600)
    assert clamp(QRect(-10, -10, 2000, 900), area) == area
    assert clamp(QRect(10, 20, 300, 200), area) == QRect(10, 20, 300, 200)


def test_the_main_window_brings_its_frame_inside_each_time_it_shows(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    # by its own showEvent: an event filter on the window called Python for every event
    framed: list[QWidget] = []
    monkeypatch.setattr("gui.main_window.frame_inside", framed.append)
    window, _ = open_campaign_window(tmp_path, qtbot, monkeypatch)
    window.show()
    qtbot.waitUntil(lambda: framed == [window])
    window.hide()
    window.show()
    qtbot.waitUntil(lambda: framed == [window, window])
