"""The GM's toolbox in the main window: a Tools menu (archetype, spell, magic item, gear and
race editors, the random spell name generator, the table rules) and the dice tray dock.

The main window makes one :class:`Toolbox`; the Tools menu's entries and keys are declared below
for its registry. The toolbox follows the window's campaign through its document hooks, so each
editor opens on the campaign's own archetypes, spells and magic items over the shipped ones.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gui.action_registry import ActionSpec, Place
from gui.app_filters import app_filters
from gui.document import CampaignDocument
from gui.toolbox.dice_tray import DiceTray, NumberRoller

if TYPE_CHECKING:
    from emberkeep.magic.spell_names import SpellName
    from gui.main_window import MainWindow

__all__ = ["ACTIONS", "SpellNameDialog", "Toolbox"]


class SpellNameDialog(QDialog):
    """Two rolled words, "in the spirit of Maze Rats" (the seed's Ember Swarm)."""

    def __init__(self, toolbox: Toolbox, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.toolbox = toolbox
        self.setWindowTitle("Random spell name")
        layout = QVBoxLayout(self)
        self.name = QLabel("", self)
        self.name.setTextFormat(Qt.TextFormat.PlainText)
        self.name.setAlignment(Qt.AlignmentFlag.AlignCenter)
        big = self.name.font()  # a font, not a style sheet: the palette follows the scheme
        big.setPointSize(20)
        big.setBold(True)
        self.name.setFont(big)
        self.name.setContentsMargins(12, 12, 12, 12)
        self.detail = QLabel("", self)
        self.detail.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.name)
        layout.addWidget(self.detail)
        row = QHBoxLayout()
        again = QPushButton("Roll again", self)
        again.clicked.connect(self.roll)
        make = QPushButton("New spell with this name…", self)
        make.clicked.connect(self.make_spell)
        row.addWidget(again)
        row.addWidget(make)
        layout.addLayout(row)
        self.rolled: SpellName | None = None
        self.roll()

    def roll(self) -> SpellName:
        from emberkeep.magic.spell_names import roll_spell_name  # its tables: on first use

        self.rolled = roll_spell_name(self.toolbox.window.roller)
        self.name.setText(self.rolled.name)
        first, second = (t.replace("_", " ") for t in self.rolled.pattern)
        self.detail.setText(f"{first} + {second} (d4 {self.rolled.faces[0]})")
        return self.rolled

    def make_spell(self) -> None:
        if self.rolled is not None:
            self.accept()
            self.toolbox.open_spell_editor(new_name=self.rolled.name)


class Toolbox(QObject):
    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.document: CampaignDocument | None = None
        self._tray: DiceTray | None = None
        self.dock = QDockWidget("Dice tray", window)
        self.dock.setObjectName("dice_tray")
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self.dock.hide()  # at hand with Ctrl+D; the roster keeps the room until then
        # The tray is made when its dock first shows: most starts never roll in it, and the
        # first window does not wait for it (bench/startup.py)
        self.dock.visibilityChanged.connect(self._make_when_shown)
        self.dock.toggleViewAction().triggered.connect(self._focus_when_opened)
        self.number_roller = NumberRoller(self.shown_tray, self)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app_filters(app).add(self.number_roller)  # behind the app's one Python filter
        window.document_hooks.append(self.follow)

    def follow(self, document: CampaignDocument) -> None:
        self.document = document

    @property
    def tray(self) -> DiceTray:
        """The dice tray, made on first use."""
        return self._made()

    def _made(self) -> DiceTray:
        if self._tray is None:
            self._tray = DiceTray(self.window.roller)
            self.dock.setWidget(self._tray)
        return self._tray

    def _make_when_shown(self, shown: bool) -> None:
        if shown:
            self._made()

    def _focus_when_opened(self, opened: bool) -> None:
        # Ctrl+D is for rolling: the entry takes the keys, so "3d6" and Enter roll at once
        if opened:
            self.tray.notation.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def shown_tray(self) -> DiceTray:
        """The tray in sight: a number Ctrl+clicked anywhere is rolled there, and the GM sees
        the roll whether or not the dock was open."""
        self.dock.show()
        self.dock.raise_()  # in front of the timeline when the two share a tabbed dock
        return self.tray

    def _doc(self) -> CampaignDocument:
        document = self.document or self.window.document
        assert document is not None
        return document

    def open_archetype_editor(self) -> QDialog:
        from gui.toolbox.archetype_editor import ArchetypeEditor

        editor = ArchetypeEditor(self._doc(), self.window)
        editor.setWindowTitle("Archetype editor")
        editor.open()
        return editor

    def open_spell_editor(self, new_name: str | None = None) -> QDialog:
        from gui.toolbox.spell_editor import SpellEditor

        editor = SpellEditor(self._doc(), self.window.roller, self.window)
        editor.setWindowTitle("Spell editor")
        if new_name:
            editor.new_entry()
            editor.name_edit.setText(new_name)  # its id is made from it on saving
        editor.open()
        return editor

    def open_item_editor(self) -> QDialog:
        from gui.toolbox.magic_item_editor import MagicItemEditor

        editor = MagicItemEditor(self._doc(), self.window)
        editor.setWindowTitle("Magic item editor")
        editor.open()
        return editor

    def open_gear_editor(self) -> QDialog:
        from gui.toolbox.gear_editor import GearEditor

        editor = GearEditor(self._doc(), self.window)
        editor.open()
        return editor

    def open_race_editor(self) -> QDialog:
        from gui.toolbox.race_editor import RaceEditor

        editor = RaceEditor(self._doc(), self.window)
        editor.open()
        return editor

    def open_name_dialog(self) -> SpellNameDialog:
        dialog = SpellNameDialog(self, self.window)
        dialog.open()
        return dialog

    def open_table_rules(self) -> QDialog:
        from gui.toolbox.table_rules import TableRulesDialog

        dialog = TableRulesDialog(self._doc(), self.window.roller, self.echo, self.window)
        dialog.open()
        return dialog

    def echo(self, text: str) -> None:
        self.tray.history.insertItem(0, text)


def _editor(action_id: str, text: str, key: str, order: int,
            open_it: Callable[[Toolbox], object]) -> ActionSpec[MainWindow]:
    return ActionSpec(f"tools.{action_id}", text, lambda w: open_it(w.toolbox), keys=(key,),
                      places=(Place("tools", 1, order),))


ACTIONS: tuple[ActionSpec[MainWindow], ...] = (
    ActionSpec("tools.dice_tray", "Dice tray", None,
               adopt=lambda w: w.toolbox.dock.toggleViewAction(), keys=("Ctrl+D",),
               places=(Place("tools", 0, 0),)),
    _editor("archetypes", "&Archetype Editor…", "Ctrl+Alt+A", 0,
            lambda t: t.open_archetype_editor()),
    _editor("spells", "&Spell Editor…", "Ctrl+Alt+S", 1, lambda t: t.open_spell_editor()),
    _editor("items", "&Magic Item Editor…", "Ctrl+Alt+M", 2, lambda t: t.open_item_editor()),
    _editor("gear", "&Gear Editor…", "Ctrl+Alt+G", 3, lambda t: t.open_gear_editor()),
    _editor("races", "&Race Editor…", "Ctrl+Alt+R", 4, lambda t: t.open_race_editor()),
    _editor("names", "Random Spell &Name…", "Ctrl+Alt+N", 5, lambda t: t.open_name_dialog()),
    _editor("rules", "&Table Rules…", "Ctrl+Alt+T", 6, lambda t: t.open_table_rules()),
)
