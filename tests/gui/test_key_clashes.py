"""No key answers two things at once: Alt+P once opened Help instead of Add PCs….

Walks every window the GM meets (the main window with each kind of tab in front, its menus, and
the dialogs) through :mod:`tests.gui.key_scopes`, which collects mnemonics and shortcuts from the
widgets themselves: a key another change adds is checked without touching this test.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QDialog, QMenu, QMessageBox, QWidget

from emberkeep.campaign.settings import InitiativeMode, Resolution
from emberkeep.character.catalog import Catalog
from emberkeep.dice import RandomRoller, ScriptedRoller
from gui.clock import ClockController
from gui.encounter.window import EncounterWindow
from gui.main_window import MainWindow
from tests.gui.key_scopes import clashes, menu_clashes, mnemonic, window_keys
from tests.gui.windows import open_campaign_window


def test_mnemonic_reads_the_letter_after_a_single_ampersand() -> None:
    assert mnemonic("Add &PCs…") == "P"
    assert mnemonic("Salt && &Pepper") == "P"
    assert mnemonic("Salt && Pepper") is None
    assert mnemonic("E&ncounter") == "N"


@pytest.mark.slow
def test_the_walk_finds_a_clash_between_a_window_key_and_an_encounter_key(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The walk itself: a window-wide D next to the encounter's D (damage) is a clash, while
    the same D on a sheet in a background tab is not live and is no clash."""
    from PySide6.QtGui import QAction, QKeySequence

    window = _window(tmp_path, qtbot, monkeypatch)
    _fight(initiative=InitiativeMode.GROUP)(window)
    stray = QAction("Stray", window)
    stray.setShortcut(QKeySequence("D"))
    window.addAction(stray)
    assert any(c.startswith("D: ") and "'Stray'" in c for c in clashes(window_keys(window)))
    window.removeAction(stray)
    assert window.document is not None
    sheet = window.open_sheet(window.document.campaign.characters[0].id)
    hidden = QAction("Hidden", sheet)
    hidden.setShortcut(QKeySequence("D"))
    sheet.addAction(hidden)
    window.tabs.setCurrentIndex(1)  # the fight in front, the sheet behind
    assert window.tabs.currentWidget() is not sheet
    assert clashes(window_keys(window)) == []


def _window(tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    window, _ = open_campaign_window(tmp_path, qtbot, monkeypatch)
    window.show()
    qtbot.waitExposed(window)
    return window


def _roster(window: MainWindow) -> None:
    window.tabs.setCurrentIndex(0)


def _sheet(window: MainWindow) -> None:
    assert window.document is not None
    window.open_sheet(window.document.campaign.characters[0].id)


def _encounter(window: MainWindow) -> None:
    window.encounter_tools.new_encounter("Ambush")


def _fight(**setup: Any) -> Callable[[MainWindow], None]:
    """An encounter in a mode, PCs and goblins in, initiative rolled: the panels of the fight."""
    def build(window: MainWindow) -> None:
        from gui.encounter.monster_form import make_monsters
        from tests.gui.test_encounter_window import GOBLIN

        assert window.document is not None
        window.roller = RandomRoller(3)
        ew = window.encounter_tools.new_encounter("Fight")
        assert ew is not None
        ew.session.set_setup("mode", **setup)
        ew.add_pcs([c.id for c in window.document.campaign.characters if c.level == 1])
        ew.add_monsters(make_monsters(GOBLIN, 3, taken=set(ew.enc.combatants)))
        ew.roll_initiative()
    return build


def _repairs(window: MainWindow) -> None:
    window.campaign_tools.show_repairs()


TABS: dict[str, Callable[[MainWindow], None]] = {
    "roster": _roster, "sheet": _sheet, "encounter": _encounter, "repairs": _repairs,
    "group fight": _fight(initiative=InitiativeMode.GROUP),
    "simultaneous fight": _fight(initiative=InitiativeMode.SIMULTANEOUS),
    "WDD segments fight": _fight(initiative=InitiativeMode.SEGMENTS),
    "Melee Round fight": _fight(resolution=Resolution.MELEE_ROUND)}


@pytest.mark.slow
@pytest.mark.parametrize("tab", list(TABS))
def test_the_main_window_has_no_clash_with_each_kind_of_tab_in_front(
        tab: str, tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window = _window(tmp_path, qtbot, monkeypatch)
    TABS[tab](window)
    keys = window_keys(window)
    assert any(k.key == "Alt+F" for k in keys)  # the walk sees the menu bar
    assert clashes(keys) == []


@pytest.mark.slow
def test_alt_p_is_add_pcs_in_an_encounter(tmp_path: Path, qtbot: Any,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    window = _window(tmp_path, qtbot, monkeypatch)
    _encounter(window)
    owners = [k.what for k in window_keys(window) if k.key == "Alt+P"]
    assert owners == ["QPushButton 'Add &PCs…'"]
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from gui.encounter.dialogs import PcPicker

    window.activateWindow()
    assert QTest.qWaitForWindowActive(window)
    opened: list[PcPicker] = []

    def open_picker(picker: PcPicker) -> int:
        opened.append(picker)
        return 0

    monkeypatch.setattr(PcPicker, "exec", open_picker)
    QTest.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_P,
                   Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: len(opened) == 1)  # a mnemonic clicks on a timer (animated)


def test_no_menu_has_two_entries_with_one_letter(tmp_path: Path, qtbot: Any,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    window = _window(tmp_path, qtbot, monkeypatch)
    _encounter(window)
    menus = [a.menu() for a in window.menuBar().actions() if isinstance(a.menu(), QMenu)]
    assert len(menus) >= 5
    found: list[str] = []
    for menu in menus:
        assert isinstance(menu, QMenu)
        menu.aboutToShow.emit()  # menus filled when shown (Open Recent, Open Encounter)
        found += menu_clashes(menu)
    assert found == []


def _current(window: MainWindow) -> EncounterWindow:
    shown = window.encounter_tools.current()
    assert shown is not None, "an encounter in front"
    return shown


def _clock(window: MainWindow) -> ClockController:
    clock = window.campaign_tools.clock
    assert clock is not None, "the clock follows the open campaign"
    return clock


def _dialogs(window: MainWindow) -> dict[str, Callable[[], QDialog]]:
    """Every dialog of the app, built as the app builds it. A new dialog class must be added
    here: :func:`test_every_dialog_class_is_walked` fails until it is."""
    from datetime import datetime

    from emberkeep.campaign import bestiary
    from emberkeep.campaign.recovery import CampaignState, RecoveryHeader, RecoveryOffer
    from gui.about_dialog import AboutDialog
    from gui.backups_dialog import BackupsDialog
    from gui.bestiary.form import TemplateForm
    from gui.bestiary.window import BestiaryWindow
    from gui.campaign_settings import CampaignSettingsDialog
    from gui.casting import CastDialog
    from gui.clock import AdvanceToDialog
    from gui.encounter.award_xp import AwardXpDialog
    from gui.encounter.check_panel import CheckDialog, ReactionDialog
    from gui.encounter.dialogs import CastDialog as EncounterCastDialog
    from gui.encounter.dialogs import ConditionDialog, PcPicker
    from gui.encounter.extras import SurpriseDialog
    from gui.encounter.features_dialog import FeatureChoice, FeaturesDialog
    from gui.encounter.monster_form import MonsterForm
    from gui.encounter.odds_dialog import OddsDialog
    from gui.encounter.shortcuts import ShortcutsDialog
    from gui.party_fund import PartyFundDialog
    from gui.preferences import PreferencesDialog
    from gui.recovery_dialog import RecoveryDialog
    from gui.sheet.check_dialog import SheetCheckDialog
    from gui.sheet.stabilize_dialog import StabilizeDialog
    from gui.toolbox import SpellNameDialog
    from gui.toolbox.archetype_editor import ArchetypeEditor
    from gui.toolbox.gear_editor import GearEditor
    from gui.toolbox.magic_item_editor import MagicItemEditor
    from gui.toolbox.race_editor import RaceEditor
    from gui.toolbox.spell_editor import SpellEditor
    from gui.toolbox.table_rules import TableRulesDialog
    from gui.wizard import NewCharacterWizard
    from gui.wizard.level_up import LevelUpDialog

    doc = window.document
    assert doc is not None
    people = doc.campaign.characters
    caster = next(c for c in people if c.class_id in ("cleric", "magic_user", "magic-user"))
    roller = ScriptedRoller([3] * 200)
    offer = RecoveryOffer(
        Path("recovery.json"), RecoveryHeader(saved_at=datetime(2026, 12, 1), size=1,
                                              sha256="0" * 64), doc.campaign,
        CampaignState.UNCHANGED)

    def award() -> QDialog:
        _fight(initiative=InitiativeMode.GROUP)(window)
        return AwardXpDialog(_current(window), window)

    def odds_dialog() -> QDialog:
        _fight(initiative=InitiativeMode.GROUP)(window)
        return OddsDialog(_current(window).session, window)

    def encounter_check(reaction: bool) -> QDialog:
        _fight(initiative=InitiativeMode.GROUP)(window)
        ew = _current(window)
        if reaction:
            return ReactionDialog(ew, "goblin-1")
        return CheckDialog(ew, next(c.id for c in ew.enc.combatants.values() if c.kind == "pc"))

    return {
        "campaign settings": lambda: CampaignSettingsDialog(doc, window),
        "party fund": lambda: PartyFundDialog(doc, window),
        "preferences": lambda: PreferencesDialog(window),
        "level up": lambda: LevelUpDialog(doc, people[0].id, roller, window),
        "advance to 1st": lambda: LevelUpDialog(
            doc, next(c.id for c in people if c.level == 0), roller, window),
        "cast": lambda: CastDialog(doc, caster.id, roller, window),
        "new character": lambda: NewCharacterWizard(
            RandomRoller(4), window, doc.campaign.settings, catalog=Catalog(doc.campaign)),
        "add monsters": lambda: MonsterForm(10, window),
        "add PCs": lambda: PcPicker(list(people), window),
        "condition": lambda: ConditionDialog("Goblin", [], window),
        "table rules": lambda: TableRulesDialog(doc, roller, None, window),
        "advance to a date": lambda: AdvanceToDialog(_clock(window), window),
        "award XP": award,
        "encounter cast": lambda: EncounterCastDialog(caster, Catalog(doc.campaign), window),
        "surprise": lambda: SurpriseDialog(["party", "foes"], window),
        "shortcuts": lambda: ShortcutsDialog(window),
        "melee shortcuts": lambda: ShortcutsDialog(window, melee=True),
        "spell name": lambda: SpellNameDialog(window.toolbox, window),
        "backups": lambda: BackupsDialog("c.json", [], window),
        "recovery": lambda: RecoveryDialog([offer], window),
        "archetype editor": lambda: ArchetypeEditor(doc, window),
        "spell editor": lambda: SpellEditor(doc, roller, window),
        "magic item editor": lambda: MagicItemEditor(doc, window),
        "gear editor": lambda: GearEditor(doc, window),
        "race editor": lambda: RaceEditor(doc, window),
        "sheet check": lambda: SheetCheckDialog(doc, people[0].id, roller, window),
        "stabilize": lambda: StabilizeDialog(doc, people[0].id, roller, window),
        "features": lambda: FeaturesDialog(
            "Wren", [FeatureChoice("Rage on", lambda enc: None)], window),
        "odds": lambda: odds_dialog(),
        "bestiary": lambda: BestiaryWindow(doc, lambda: None, window),
        "bestiary template": lambda: TemplateForm(
            next(iter(bestiary.templates(doc.campaign))), window),
        "encounter check": lambda: encounter_check(False),
        "reaction": lambda: encounter_check(True),
        "about": lambda: AboutDialog(window),
        "explain": lambda: _explain_box(doc.campaign, people[0], window),
        "share with players": lambda: window.share_tools.open_dialog(),
    }


def _explain_box(campaign: Any, character: Any, window: MainWindow) -> QDialog:
    from emberkeep.character.explain import explain
    from gui.explain import ExplainBox

    found = explain(character, Catalog(campaign), "ac")
    assert found is not None
    return ExplainBox(found, window)


DIALOGS = ["campaign settings", "party fund", "preferences", "level up", "advance to 1st", "cast",
           "new character", "add monsters", "add PCs", "condition", "table rules",
           "advance to a date", "award XP", "encounter cast", "surprise", "shortcuts",
           "melee shortcuts", "spell name", "backups", "recovery", "archetype editor",
           "spell editor", "magic item editor", "gear editor", "race editor", "sheet check",
           "stabilize", "features", "encounter check", "reaction", "odds", "bestiary",
           "bestiary template", "about", "explain", "share with players"]


@pytest.mark.slow
def test_every_dialog_class_is_walked(tmp_path: Path, qtbot: Any,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Each QDialog subclass of the app has an entry above, so its keys are walked too."""
    import importlib
    import inspect
    import pkgutil

    import gui

    classes: set[type] = set()
    for module_info in pkgutil.walk_packages(gui.__path__, "gui."):
        if module_info.name in ("gui.__main__", "gui.app"):
            continue  # they start the app when run, and hold no dialog
        module = importlib.import_module(module_info.name)
        classes |= {c for _, c in inspect.getmembers(module, inspect.isclass)
                    if issubclass(c, QDialog) and c.__module__.startswith("gui.")}
    window = _window(tmp_path, qtbot, monkeypatch)
    built: set[type] = set()
    for make in _dialogs(window).values():
        dialog = make()
        qtbot.addWidget(dialog)
        built.add(type(dialog))
    bases = {c for c in classes if any(o is not c and issubclass(o, c) for o in classes)}
    assert classes - bases - built == set()  # a base (CatalogEditor) is walked in its kinds
    assert set(_dialogs(window)) == set(DIALOGS)


@pytest.mark.slow
@pytest.mark.parametrize("name", DIALOGS)
def test_no_dialog_has_a_clash(name: str, tmp_path: Path, qtbot: Any,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    window = _window(tmp_path, qtbot, monkeypatch)
    if name == "new character":  # past its first page it asks before dropping the dice
        monkeypatch.setattr(QMessageBox, "exec",
                            lambda box: QMessageBox.StandardButton.Discard.value)
    dialog = _dialogs(window)[name]()
    qtbot.addWidget(dialog)
    dialog.show()
    found = clashes(window_keys(dialog))
    pages: list[QWidget] = []
    from PySide6.QtWidgets import QWizard

    if isinstance(dialog, QWizard):  # every page in front in turn
        for page_id in dialog.pageIds():
            pages.append(dialog.page(page_id))
            dialog.setStartId(page_id)
            dialog.restart()
            found += clashes(window_keys(dialog))
    assert found == []
