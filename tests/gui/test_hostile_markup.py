"""User text is never rich text anywhere: a campaign whose every name and note is an ``<img>``
(``tests.gui.hostile_campaign``) is opened in every window and dialog of the app, and each is
walked for a place that would lay the markup out as HTML — a rich (or auto-detected rich) label,
a tooltip of a widget, an action, a tab or an item, a text document holding an image.

Such a place makes Qt read the file the ``<img>`` names: ``/dev/zero`` eats memory without end,
a FIFO blocks the app for ever, any local path is read (``test_hostile_markup_resources`` opens
those for real). The walk finds a place however the text got there, so a new window or label is
checked without touching this test; a new dialog class must be added to :data:`DIALOGS`
(:func:`test_every_dialog_class_is_swept` says so).
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QTextDocument
from PySide6.QtPrintSupport import QPrintDialog
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QDialog,
    QInputDialog,
    QListWidget,
    QMenu,
    QMessageBox,
    QWidget,
    QWizard,
)
from shiboken6 import isValid

import gui
from emberkeep.campaign import bestiary, recovery
from emberkeep.campaign.settings import InitiativeMode
from emberkeep.character.catalog import Catalog
from emberkeep.character.model import Character
from emberkeep.dice import RandomRoller, ScriptedRoller
from emberkeep.encounter.bestiary_monsters import monsters_of
from gui import dialogs, error_log, file_watch, paths, print_dialog
from gui.about_dialog import AboutDialog
from gui.backups_dialog import BackupsDialog, ask_open_backup
from gui.bestiary.form import TemplateForm
from gui.bestiary.window import BestiaryWindow
from gui.campaign_settings import CampaignSettingsDialog
from gui.casting import CastDialog
from gui.clock import AdvanceToDialog, ClockController
from gui.document import CampaignDocument
from gui.encounter import extras, table_actions
from gui.encounter.award_xp import AwardXpDialog
from gui.encounter.check_panel import CheckDialog, ReactionDialog
from gui.encounter.dialogs import CastDialog as EncounterCastDialog
from gui.encounter.dialogs import ConditionDialog, PcPicker
from gui.encounter.extras import SurpriseDialog
from gui.encounter.features_dialog import FeatureChoice, FeaturesDialog, feature_choices
from gui.encounter.monster_form import MonsterForm
from gui.encounter.odds_dialog import OddsDialog, open_odds
from gui.encounter.shortcuts import ShortcutsDialog
from gui.encounter.window import EncounterWindow
from gui.main_window import MainWindow
from gui.party_fund import PartyFundDialog
from gui.plain_text import as_html, tooltip_of_text
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
from tests.gui.hostile_campaign import (
    MARKER,
    hostile,
    hostile_campaign,
    rich_markup,
    shown_anywhere,
)
from tests.gui.windows import open_campaign_window

FILE_NAME = "<img src=x.png>party.json"
"""A hostile file name (a name holds no "/", so no closing tag)."""


@pytest.fixture
def window(tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[MainWindow]:
    win, _path = open_campaign_window(tmp_path, qtbot, monkeypatch, hostile_campaign())
    assert win.document is not None and MARKER in win.document.campaign.name
    win.roller = RandomRoller(5)
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.safety_tools.autosaver.shutdown()


def _doc(window: MainWindow) -> CampaignDocument:
    assert window.document is not None
    return window.document


def assert_plain_everywhere(window: MainWindow, *shown: QWidget) -> None:
    """The main window, and every window and dialog it holds, lays no hostile markup out as
    HTML; and ``shown`` (what the scene opened) shows the hostile names somewhere, so the walk
    did look at them."""
    QApplication.processEvents()
    found = rich_markup([window])
    assert not found, "hostile markup laid out as HTML:\n" + "\n".join(found)
    assert shown_anywhere(shown) > 0, "the scene shows none of the hostile names"


# -- the main window and its tabs ---------------------------------------------------------------


def _menus(window: MainWindow) -> None:
    """Menus filled as they show (Open Recent, Open Encounter)."""
    for menu in window.findChildren(QMenu):
        menu.aboutToShow.emit()


def _fight(window: MainWindow, mode: InitiativeMode) -> EncounterWindow:
    """A new encounter named in markup: the PCs against two monsters of a hostile bestiary
    template, initiative rolled, one attack previewed and applied, the next turn, the player
    view shown."""
    campaign = _doc(window).campaign
    tools = window.encounter_tools
    ew = tools.new_encounter(hostile(f"Fight {mode.value}"))
    assert isinstance(ew, EncounterWindow)
    ew.session.set_setup("mode", initiative=mode)
    ew.add_pcs([c.id for c in campaign.characters if c.level == 1])
    template = next(t for t in bestiary.templates(campaign) if "Goblin" in t.name)
    ew.add_monsters(monsters_of(template, 2, taken=set(ew.enc.combatants),
                                roller=window.roller))
    ew.roll_initiative()
    if ew.attack() is None:
        ew.confirm()
    ew.next_turn()
    ew.toggle_player_view()
    return ew


def _clock(window: MainWindow) -> ClockController:
    clock = window.campaign_tools.clock
    assert clock is not None, "the clock follows the open campaign"
    return clock


def _running_fight(window: MainWindow) -> EncounterWindow:
    ew = window.encounter_tools.current()
    return ew if isinstance(ew, EncounterWindow) else _fight(window, InitiativeMode.GROUP)


def _saved_encounter(window: MainWindow, which: str) -> EncounterWindow:
    record = next(r for r in _doc(window).campaign.encounters if which in r.name)
    ew = window.encounter_tools.open_encounter(record.id)
    assert isinstance(ew, EncounterWindow)
    return ew


def test_roster_and_menus(window: MainWindow) -> None:
    _menus(window)
    assert_plain_everywhere(window, window)


@pytest.mark.slow
def test_every_sheet(window: MainWindow) -> None:
    sheets = [window.open_sheet(c.id) for c in _doc(window).campaign.characters]
    assert_plain_everywhere(window, *sheets)


def test_repairs_window(window: MainWindow) -> None:
    repairs = window.campaign_tools.show_repairs()
    assert_plain_everywhere(window, repairs)


def test_timeline(window: MainWindow) -> None:
    tools = window.campaign_tools
    tools.dock.show()
    assert tools.timeline is not None
    assert_plain_everywhere(window, tools.timeline)


@pytest.mark.parametrize("mode", list(InitiativeMode))
def test_a_fight_in_each_initiative_mode(window: MainWindow, mode: InitiativeMode) -> None:
    ew = _fight(window, mode)
    _menus(window)  # Open Encounter: the fights' names
    assert ew.player_view is not None
    assert_plain_everywhere(window, ew, ew.player_view, window.tabs)


def test_melee_round_with_two_engaged_knights(window: MainWindow) -> None:
    """The fight that froze the app: "Engaged with A: <the other knight>", and the tooltip of
    what the next step may roll."""
    ew = _saved_encounter(window, "Joust")
    assert ew.session.melee_round() and ew.melee_panel.isVisible()
    assert MARKER in ew.melee_panel.engaged.text()
    ew.attack()  # the exchange previewed: both knights' names in its phases
    ew.toggle_player_view()
    assert ew.player_view is not None
    assert_plain_everywhere(window, ew, ew.player_view)


@pytest.mark.slow
def test_the_saved_goblin_fight(window: MainWindow) -> None:
    ew = _saved_encounter(window, "Goblins")
    ew.roll_initiative()
    assert_plain_everywhere(window, ew)


# -- every dialog -------------------------------------------------------------------------------

Factory = Callable[[MainWindow], QDialog]


def _people(window: MainWindow) -> list[Character]:
    return _doc(window).campaign.characters


def _caster(window: MainWindow) -> Character:
    return next(c for c in reversed(_people(window)) if c.class_id in ("cleric", "magic_user"))


def _roller() -> ScriptedRoller:
    return ScriptedRoller([3] * 400)


def _odds(window: MainWindow) -> QDialog:
    """Run (briefly) and the what-if sweep: the figures, the status and the chart's tooltip
    name the PCs, the side and the monster kind."""
    ew = _running_fight(window)
    dialog = open_odds(ew, ew.session)
    dialog.fights.setValue(dialog.fights.minimum())
    dialog.run()
    _wait(lambda: not dialog.runner.running)
    dialog.run_sweep()
    _wait(lambda: not dialog.runner.running)
    return dialog


def _encounter_check(window: MainWindow) -> QDialog:
    ew = _running_fight(window)
    return CheckDialog(ew, next(c.id for c in ew.enc.combatants.values() if c.kind == "pc"))


def _reaction(window: MainWindow) -> QDialog:
    ew = _running_fight(window)
    return ReactionDialog(ew, next(c.id for c in ew.enc.combatants.values() if c.kind != "pc"))


def _features(window: MainWindow) -> QDialog:
    ew = _running_fight(window)
    pc = next(c for c in ew.enc.combatants.values() if c.kind == "pc")
    choices = feature_choices(ew.enc, pc) or [FeatureChoice(hostile("Rage"), lambda enc: None)]
    return FeaturesDialog(pc.name, choices, window)


def _backups(window: MainWindow) -> QDialog:
    """Two saves, so the first is kept as a backup; the campaign's file named in markup."""
    document = _doc(window)
    assert window.save()
    document.edit_character(_people(window)[0].id, "hp", 1)
    assert window.save()
    assert document.path is not None
    kept = window.safety_tools.backups_of(document.path)
    assert kept
    return BackupsDialog(FILE_NAME, kept, window)


def _recovery(window: MainWindow) -> QDialog:
    """An autosaved recovery file of the hostile campaign, offered."""
    _doc(window).edit_character(_people(window)[0].id, "hp", 2)
    saver = window.safety_tools.autosaver
    assert saver.save_now()
    saver.wait()
    offers = recovery.find_offers(paths.recovery_dir())
    assert offers
    return RecoveryDialog(offers, window)


def _explain_box(window: MainWindow) -> QDialog:
    """Ctrl+I's box on a character's load: each piece of gear by its (hostile) name."""
    from emberkeep.character.explain import explain
    from gui.explain import ExplainBox

    found = explain(_people(window)[0], Catalog(_doc(window).campaign), "load")
    assert found is not None
    return ExplainBox(found, window)


DIALOGS: dict[str, Factory] = {
    "campaign settings": lambda w: CampaignSettingsDialog(_doc(w), w),
    "party fund": lambda w: PartyFundDialog(_doc(w), w),
    "preferences": lambda w: PreferencesDialog(w),
    "level up": lambda w: LevelUpDialog(_doc(w), _people(w)[0].id, _roller(), w),
    "advance to 1st": lambda w: LevelUpDialog(
        _doc(w), next(c.id for c in _people(w) if c.level == 0), _roller(), w),
    "cast": lambda w: CastDialog(_doc(w), _caster(w).id, _roller(), w),
    "new character": lambda w: NewCharacterWizard(
        RandomRoller(4), w, _doc(w).campaign.settings, catalog=Catalog(_doc(w).campaign)),
    "add monsters": lambda w: MonsterForm(10, w),
    "add PCs": lambda w: PcPicker(list(_people(w)), w),
    "condition": lambda w: ConditionDialog(_people(w)[0].name, [], w),
    "table rules": lambda w: TableRulesDialog(_doc(w), _roller(), None, w),
    "advance to a date": lambda w: AdvanceToDialog(_clock(w), w),
    "award XP": lambda w: AwardXpDialog(_running_fight(w), w),
    "encounter cast": lambda w: EncounterCastDialog(_caster(w), Catalog(_doc(w).campaign), w),
    "surprise": lambda w: SurpriseDialog([hostile("gold"), "foes"], w),
    "shortcuts": lambda w: ShortcutsDialog(w),
    "spell name": lambda w: SpellNameDialog(w.toolbox, w),
    "backups": _backups,
    "recovery": _recovery,
    "archetype editor": lambda w: ArchetypeEditor(_doc(w), w),
    "spell editor": lambda w: SpellEditor(_doc(w), _roller(), w),
    "magic item editor": lambda w: MagicItemEditor(_doc(w), w),
    "gear editor": lambda w: GearEditor(_doc(w), w),
    "race editor": lambda w: RaceEditor(_doc(w), w),
    "sheet check": lambda w: SheetCheckDialog(_doc(w), _people(w)[0].id, _roller(), w),
    "stabilize": lambda w: StabilizeDialog(_doc(w), _people(w)[0].id, _roller(), w),
    "features": _features,
    "odds": _odds,
    "bestiary": lambda w: BestiaryWindow(_doc(w), w.encounter_tools.current, w),
    "bestiary template": lambda w: TemplateForm(
        next(iter(bestiary.templates(_doc(w).campaign))), w),
    "encounter check": _encounter_check,
    "reaction": _reaction,
    "about": lambda w: AboutDialog(w),
    "share with players": lambda w: w.share_tools.open_dialog(),
    "explain": lambda w: _explain_box(w),
}
"""Every dialog of the app, built as the app builds it, on the hostile campaign (a dialog that
takes a name is given a hostile one)."""

# These show no name or note of the campaign (only the rules' words and numbers).
NO_NAMES = {"preferences", "add monsters", "shortcuts", "spell name", "advance to a date",
            "party fund", "about"}
# Slow, or writing files: built once by their own case, not again by the class check.
BUILT_APART = {"odds": OddsDialog, "backups": BackupsDialog, "recovery": RecoveryDialog}


def _wait(done: Callable[[], bool], seconds: float = 60) -> None:
    for _ in range(int(seconds * 20)):
        if done():
            return
        QTest.qWait(50)
    raise AssertionError(f"still running after {seconds} s")


def _every_entry(dialog: QDialog) -> Iterator[None]:
    """The dialog as it shows each of its pages or entries in turn (a wizard's pages, an
    editor's entries, a list's rows, a combo's choices), so what each one shows is walked."""
    yield
    if isinstance(dialog, QWizard):
        for page_id in dialog.pageIds():
            dialog.setStartId(page_id)
            dialog.restart()
            yield
        return
    for view in dialog.findChildren(QListWidget):
        for row in range(min(view.count(), 60)):
            view.setCurrentRow(row)
            yield
    for combo in dialog.findChildren(QComboBox):
        if isValid(combo) and combo.isVisible() and combo.isEnabled():  # a refill drops some
            for i in range(min(combo.count(), 30)):
                combo.setCurrentIndex(i)
                yield
    for table in dialog.findChildren(QAbstractItemView):
        model = table.model()
        if table.isVisible() and model is not None and not isinstance(table.parent(), QComboBox):
            for row in range(min(model.rowCount(), 60)):
                table.setCurrentIndex(model.index(row, 0))
                yield


@pytest.mark.slow
@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.slow) if n == "odds" else n
                                  for n in DIALOGS])
def test_every_dialog(name: str, window: MainWindow, qtbot: Any) -> None:
    dialog = DIALOGS[name](window)
    qtbot.addWidget(dialog)
    if isinstance(dialog, NewCharacterWizard):  # the walk rolls dice: closing it may not ask
        dialog.confirm_discard = lambda: True  # type: ignore[method-assign]
    dialog.show()
    shown = 0
    for _ in _every_entry(dialog):
        QApplication.processEvents()
        found = rich_markup([window])
        assert not found, f"{name}: hostile markup laid out as HTML:\n" + "\n".join(found)
        shown = max(shown, shown_anywhere([dialog]))
    assert shown > 0 or name in NO_NAMES, f"{name} shows none of the hostile names"


@pytest.mark.slow
def test_every_dialog_class_is_swept(window: MainWindow, qtbot: Any) -> None:
    """Each QDialog subclass of the app has an entry in DIALOGS, so a new one is walked too."""
    classes: set[type] = set()
    for module_info in pkgutil.walk_packages(gui.__path__, "gui."):
        if module_info.name in ("gui.__main__", "gui.app"):
            continue  # they start the app when run, and hold no dialog
        module = importlib.import_module(module_info.name)
        classes |= {c for _, c in inspect.getmembers(module, inspect.isclass)
                    if issubclass(c, QDialog) and c.__module__.startswith("gui.")}
    bases = {c for c in classes if any(o is not c and issubclass(o, c) for o in classes)}
    built = set(BUILT_APART.values())
    for name, make in DIALOGS.items():
        if name not in BUILT_APART:
            dialog = make(window)
            qtbot.addWidget(dialog)
            built.add(type(dialog))
    assert classes - bases - built == set()  # a base (CatalogEditor) is walked in its kinds


# -- message boxes, input dialogs, the print dialog -------------------------------------------


class Boxes:
    """``QMessageBox.exec`` walked instead of shown: each box the app asks, then Cancel."""

    def __init__(self) -> None:
        self.found: list[str] = []
        self.texts: list[str] = []

    def exec(self, box: QMessageBox) -> int:
        self.found += rich_markup([box])
        self.texts.append(f"{box.text()}\n{box.informativeText()}")
        return int(QMessageBox.StandardButton.Cancel.value)


@pytest.mark.slow
def test_message_boxes(window: MainWindow, tmp_path: Path,
                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The questions and errors that quote a campaign's name, a file's name or an error about
    them: unsaved changes, a file that does not open (named in markup), a file changed on
    disk, a backup offered, a fight holding the clock, a recent file gone, an error escaping an
    action."""
    boxes = Boxes()
    monkeypatch.setattr(QMessageBox, "exec", lambda box: boxes.exec(box))
    monkeypatch.setattr(dialogs, "ask_save_changes", ASK_SAVE_CHANGES)  # the real question
    document = _doc(window)
    document.edit_character(_people(window)[0].id, "hp", 1)
    assert not window.maybe_save()  # Unsaved changes: the campaign's name; cancelled
    broken = tmp_path / FILE_NAME
    broken.write_text("{")
    window.open_path(broken, ask=False)  # cannot open: the file's name
    assert window.save()
    assert document.path is not None
    file_watch.ask_outside_change(window, broken)
    document.edit_character(_people(window)[0].id, "hp", 2)
    assert window.save()
    backups = window.safety_tools.backups_of(document.path)
    assert backups
    ask_open_backup(window, f"{broken.name}: is not valid JSON", backups[0])
    _fight(window, InitiativeMode.GROUP)
    _clock(window).advance("hour")  # fights are running: asked first, naming them
    window.open_recent(str(broken.with_name("<img src=x.png>gone.json")))
    error_log.ErrorReporter()(ValueError, ValueError(hostile("Sir B")), None)
    assert not boxes.found, "hostile markup laid out as HTML:\n" + "\n".join(boxes.found)
    assert len(boxes.texts) == 7 and all(MARKER in t for t in boxes.texts), boxes.texts


ASK_SAVE_CHANGES = dialogs.ask_save_changes  # before a fixture answers it without a box


@pytest.mark.slow
def test_input_dialogs(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """Choices asked in an input dialog whose label names a combatant (what it mounts, draws,
    uses, who protects whom): Qt's ``getItem`` made into the dialog it would show."""
    found: list[str] = []
    labels: list[str] = []

    def get_item(parent: QWidget, title: str, label: str, items: list[str],
                 current: int = 0, *_: Any, **__: Any) -> tuple[str, bool]:
        dialog = QInputDialog(parent)
        dialog.setWindowTitle(title)
        dialog.setLabelText(label)
        dialog.setComboBoxItems(items)
        found.extend(rich_markup([dialog]))
        labels.append(label)
        dialog.deleteLater()
        return items[current], False  # cancelled

    monkeypatch.setattr(QInputDialog, "getItem", get_item)
    ew = _fight(window, InitiativeMode.GROUP)
    pc = next(c for c in ew.enc.combatants.values() if c.kind == "pc")
    ew.select(pc.id)
    assert extras.ask_mount(ew) is None
    assert table_actions._choose(ew, "Draw a weapon", f"{pc.name} draws:", ["a", "b"]) is None
    assert not found, "hostile markup laid out as HTML:\n" + "\n".join(found)
    assert len(labels) == 2 and all("&lt;img" in label for label in labels)  # named, escaped


def test_print_dialog(window: MainWindow) -> None:
    """Qt's print dialog, titled with a character's (or the campaign's) name."""
    found: list[str] = []
    titles: list[str] = []

    def ask(dialog: QPrintDialog) -> bool:
        dialog.show()
        QApplication.processEvents()
        found.extend(rich_markup([dialog]))
        titles.append(dialog.windowTitle())
        return False

    people = [c.id for c in _people(window)]
    assert print_dialog.print_sheets(window, _doc(window), people[:1], ask=ask) is None
    assert print_dialog.print_sheets(window, _doc(window), people, ask=ask) is None
    assert not found, "hostile markup laid out as HTML:\n" + "\n".join(found)
    assert len(titles) == 2 and all(MARKER in t for t in titles)


# -- the helper every place goes through -------------------------------------------------------


class _Loads(QTextDocument):
    """A document that records every resource its HTML asks for."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[str] = []

    def loadResource(self, kind: int, name: Any) -> Any:
        self.asked.append(str(name))
        return super().loadResource(kind, name)


@pytest.mark.parametrize("text", [
    '<img src="/dev/zero">Sir B', "</p><img src=x>", "<!-- <img src=x> -->",
    "&lt;img src=x&gt;", "two\nlines <b>bold</b>", "<qt><img src=x></qt>",
    "<style>p { background-image: url(x.png) }</style>x", "Tom & Jerry's \"mill\""])
def test_as_html_shows_the_text_and_loads_nothing(text: str, qapp: Any) -> None:
    document = _Loads()
    document.setHtml(as_html(text))
    document.size()  # laid out, as a tooltip is
    assert document.toPlainText().splitlines() == text.splitlines()  # as written
    assert document.asked == []
    assert not any(f.isImageFormat() for f in document.allFormats())


def test_an_actions_tooltip_follows_its_text_escaped(qapp: Any) -> None:
    """Undo's text changes with each step ("Undo Rename <a name>"); Qt would take the
    tooltip from the text as it stands, read as HTML."""
    from PySide6.QtGui import QAction

    action = tooltip_of_text(QAction("&Undo"))
    action.setText(f"&Undo Rename {hostile('Sir B')}")
    shown = QTextDocument()
    shown.setHtml(action.toolTip())
    assert shown.toPlainText() == f"Undo Rename {hostile('Sir B')}"
    assert MARKER not in action.toolTip()
