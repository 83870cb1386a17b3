"""The GM's toolbox in the main window (issue #12): a Tools menu (archetype, spell and magic
item editors, the random spell name generator, the table rules) and the dice tray dock.

``install_toolbox(window)`` is the one line the main window calls. The toolbox follows the
window's campaign through its document hooks: on each open it installs the campaign's own
archetypes, spells and magic items over the shipped ones, so sheets and fights see them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
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

from emberkeep.magic.spell_names import SpellName, roll_spell_name
from gui.document import CampaignDocument
from gui.toolbox.dice_tray import DiceTray, NumberRoller

if TYPE_CHECKING:
    from gui.main_window import MainWindow

__all__ = ["SpellNameDialog", "Toolbox", "install_toolbox"]


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
        self.name.setStyleSheet("font-size: 20pt; font-weight: bold; padding: 12px;")
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
        self.tray = DiceTray(window.roller)
        self.dock = QDockWidget("Dice tray", window)
        self.dock.setObjectName("dice_tray")
        self.dock.setWidget(self.tray)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self.dock.hide()  # at hand with Ctrl+D; the roster keeps the room until then
        self.number_roller = NumberRoller(self.tray)
        app = QApplication.instance()
        if app is not None:
            app.installEventFilter(self.number_roller)

        menu = window.menuBar().addMenu("T&ools")
        self.menu = menu
        toggle = self.dock.toggleViewAction()
        toggle.setShortcut(QKeySequence("Ctrl+D"))
        menu.addAction(toggle)
        menu.addSeparator()
        self.actions: dict[str, QAction] = {}
        for key, text, shortcut, slot in (
                ("archetypes", "&Archetype Editor…", "Ctrl+Alt+A", self.open_archetype_editor),
                ("spells", "&Spell Editor…", "Ctrl+Alt+S", self.open_spell_editor),
                ("items", "&Magic Item Editor…", "Ctrl+Alt+M", self.open_item_editor),
                ("gear", "&Gear Editor…", "Ctrl+Alt+G", self.open_gear_editor),
                ("races", "&Race Editor…", "Ctrl+Alt+R", self.open_race_editor),
                ("names", "Random Spell &Name…", "Ctrl+Alt+N", self.open_name_dialog),
                ("rules", "&Table Rules…", "Ctrl+Alt+T", self.open_table_rules)):
            action = QAction(text, window)
            action.setShortcut(QKeySequence(shortcut))
            action.triggered.connect(lambda _=False, s=slot: s())
            menu.addAction(action)
            self.actions[key] = action
        window.document_hooks.append(self.follow)

    def follow(self, document: CampaignDocument) -> None:
        self.document = document

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

    def open_name_dialog(self) -> QDialog:
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


def install_toolbox(window: MainWindow) -> Toolbox:
    """Add the Tools menu and the dice tray dock to the main window."""
    toolbox = Toolbox(window)
    window.toolbox = toolbox  # type: ignore[attr-defined]
    return toolbox
