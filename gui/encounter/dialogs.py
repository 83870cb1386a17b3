"""Small dialogs of the encounter window: PCs from the roster, a spell to cast, a condition.

Each is driven by the keyboard (arrows, Space, Enter) and exposes its choice as plain values,
so the window (and its tests) can do the same without the dialog.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QListWidget,
    QListWidgetItem,
    QRadioButton,
    QSpinBox,
    QWidget,
)

from emberkeep.character.catalog import Catalog
from emberkeep.character.groups import GROUP_NAMES, group_of, joins_the_fight
from emberkeep.character.model import Character
from emberkeep.magic.spells import get_cantrip
from gui.labels import knight_hp_text
from gui.palette import tone
from gui.plain_text import plain_label, tooltip

__all__ = ["CONDITIONS", "CastDialog", "ConditionDialog", "PcPicker"]

NAME_LETTERS = 30  # a name in the dialog's message, at most
PICKER_SHARE = 0.6  # of the screen's width, at most: a long name elides, never scrolls sideways

# R28's conditions and the ones the crit rows use most; the GM may type any other.
CONDITIONS = ("PRONE", "STUNNED", "BLINDED", "FRIGHTENED", "PARALYSED", "INCAPACITATED",
              "UNCONSCIOUS", "GRAPPLED", "RESTRAINED", "POISONED", "DEAFENED", "CHARMED")


def _buttons(dialog: QDialog) -> QDialogButtonBox:
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                           | QDialogButtonBox.StandardButton.Cancel, dialog)
    box.accepted.connect(dialog.accept)
    box.rejected.connect(dialog.reject)
    return box


class PcPicker(QDialog):
    """The roster's characters not yet in the fight; several may be chosen (Ctrl+A: all).

    The party in play comes first and is chosen already (not every funnel peasant); each
    line names its group and the HP the fight will use (R39: a Melee Round's are the knights'
    own)."""

    def __init__(self, characters: list[Character], parent: QWidget | None = None, *,
                 knight_hp: bool = False) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add player characters")
        self.list = QListWidget(self)
        self.list.setAccessibleName("Player characters")
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        chosen = set(joins_the_fight(characters))
        for ch in sorted(characters, key=lambda c: c.id not in chosen):  # stable: roster order
            hp = f"{ch.hp}/{ch.max_hp} HP"
            if knight_hp:
                hp = "no knight profile" if ch.knight is None else knight_hp_text(ch.knight)
            item = QListWidgetItem(f"{ch.name} — {hp} · {GROUP_NAMES[group_of(ch)]}")
            item.setData(Qt.ItemDataRole.UserRole, ch.id)
            item.setToolTip(tooltip(item.text()))  # whole when elided (escaped: a name)
            self.list.addItem(item)
            item.setSelected(ch.id in chosen)
        self._fit_list(parent)
        form = QFormLayout(self)
        form.addRow(self.list)
        # A Melee Round fights on the knights' own HP (R39): who has none is said here, before
        # the first blow, with the offer to give them the default profile
        self.knights = {ch.id: ch for ch in characters} if knight_hp else {}
        self.no_knight = plain_label("", self)
        self.no_knight.setWordWrap(True)
        tone(self.no_knight, "error")
        self.add_knights = QCheckBox("&Give them a default knight profile (their Furnace HP "
                                     "stays as it is, R39)", self)
        self.add_knights.setChecked(True)
        form.addRow(self.no_knight)
        form.addRow(self.add_knights)
        form.addRow(_buttons(self))
        self.list.itemSelectionChanged.connect(self._say_who_lacks)
        self._say_who_lacks()

    def _fit_list(self, parent: QWidget | None) -> None:
        """As wide as its longest line, up to a share of the screen; a longer line is cut in
        its middle (its name and its group stay), never scrolled sideways."""
        view = self.list
        view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        view.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        view.setWordWrap(False)
        metrics = view.fontMetrics()
        longest = max((metrics.horizontalAdvance(view.item(n).text())
                       for n in range(view.count())), default=0)
        needed = (longest + 2 * view.frameWidth() + 4 * metrics.averageCharWidth()
                  + view.verticalScrollBar().sizeHint().width())
        screen = (parent or self).screen() or QApplication.primaryScreen()
        widest = int(screen.availableGeometry().width() * PICKER_SHARE)
        view.setMinimumWidth(max(min(needed, widest), 20 * metrics.averageCharWidth()))

    def chosen(self) -> list[str]:
        return [str(i.data(Qt.ItemDataRole.UserRole)) for i in self.list.selectedItems()]

    def lacking(self) -> list[str]:
        """The chosen who would fight this Melee Round without a knight profile."""
        return [cid for cid in self.chosen()
                if cid in self.knights and self.knights[cid].knight is None]

    def _say_who_lacks(self) -> None:
        names = [self.knights[cid].name for cid in self.lacking()]
        if names:
            # each name cut in its middle past NAME_LETTERS: one long word never widens the
            # dialog past the screen (the label wraps only at spaces); the tooltip has them whole
            metrics = self.no_knight.fontMetrics()
            room = NAME_LETTERS * metrics.averageCharWidth()
            said = ", ".join(metrics.elidedText(n, Qt.TextElideMode.ElideMiddle, room)
                             for n in names)
            self.no_knight.setText(
                f"No knight profile: {said}. A Melee Round fights on the "
                "knights' own HP; without a profile they cannot fight in it.")
            self.no_knight.setToolTip(tooltip(f"No knight profile: {', '.join(names)}"))
        self.no_knight.setVisible(bool(names))
        self.add_knights.setVisible(bool(names))

    def knights_to_add(self) -> list[str]:
        """The chosen to be given a default knight profile before they join (the GM agreed)."""
        return self.lacking() if self.add_knights.isChecked() else []


#: the combatants a spell (by id) may engulf, as (id, name), the first its target; empty for
#: none to offer (the window asks the engine: the dialog holds no rule)
Offer = Callable[[str], list[tuple[str, str]]]


class CastDialog(QDialog):
    """A spell the caster knows (or a cantrip), for a SPELLCHECK (R8); for an area spell, the
    combatants in its area, all ticked: the GM unticks whom it spares (Tab to the list, the
    arrows and Space), Enter casts."""

    def __init__(self, caster: Character, catalog: Catalog,
                 parent: QWidget | None = None, *, offer: Offer | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"{caster.name} casts")
        self.caster, self.catalog = caster, catalog
        self.offer = offer
        self.list = QListWidget(self)
        self.list.setAccessibleName("Spells")
        self.area_label = plain_label("In its &area (untick whom it spares):", self)
        self.targets = QListWidget(self)
        self.targets.setAccessibleName("In the spell's area")
        self.area_label.setBuddy(self.targets)
        self.list.currentRowChanged.connect(lambda _row: self._fill_area())
        # the archetypes' "scroll" context (Wizard: EASY; Arcane Trickster: HARD);
        # a scroll holds any spell of the campaign, known or not
        self.from_scroll = QCheckBox("cast from a &scroll", self)
        self.from_scroll.toggled.connect(self._fill)
        self._fill(False)
        # R29: a Luck Die added to the SPELLCHECK's d20 (typed, so seen); the level moves one
        self.luck = QCheckBox(f"spend a &Luck Die on the SPELLCHECK ({caster.luck.dice} left, "
                              "R29)", self)
        self.luck.setEnabled(caster.luck.dice > 0)
        form = QFormLayout(self)
        form.addRow(self.list)
        form.addRow(self.area_label)
        form.addRow(self.targets)
        form.addRow(self.from_scroll)
        form.addRow(self.luck)
        form.addRow(_buttons(self))
        self.list.setFocus()

    def _fill(self, scroll: bool) -> None:
        caster, catalog = self.caster, self.catalog
        ids = list(catalog.spells()) if scroll else [*caster.spells_known, *caster.cantrips]
        self.list.clear()
        for spell_id in ids:
            try:
                name = (get_cantrip(spell_id).name if spell_id in caster.cantrips
                        else catalog.spell(spell_id).name)
            except KeyError:
                name = spell_id.replace("_", " ")  # an entry the campaign no longer has
            item = QListWidgetItem(name + (" (cantrip)" if spell_id in caster.cantrips else ""))
            item.setData(Qt.ItemDataRole.UserRole, spell_id)
            self.list.addItem(item)
        self.list.setCurrentRow(0)
        self._fill_area()

    def _fill_area(self) -> None:
        """The chosen spell's area, everyone in it ticked; hidden when nothing is offered (a
        spell of one target)."""
        spell = self.spell_id()
        offered = self.offer(spell) if self.offer is not None and spell is not None else []
        self.targets.clear()
        for cid, name in offered:
            item = QListWidgetItem(name)  # a campaign's name: plain text in a list item
            item.setData(Qt.ItemDataRole.UserRole, cid)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked)
            self.targets.addItem(item)
        self.targets.setCurrentRow(0)
        shown = bool(offered)
        self.area_label.setVisible(shown)
        self.targets.setVisible(shown)

    def spell_id(self) -> str | None:
        item = self.list.currentItem()
        return None if item is None else str(item.data(Qt.ItemDataRole.UserRole))

    def chosen_targets(self) -> list[str] | None:
        """The ticked, in the offered order (the spell's target first, when ticked); None when
        nothing was offered (the window's own choice stands)."""
        if not self.targets.count():
            return None
        items = [self.targets.item(i) for i in range(self.targets.count())]
        return [str(i.data(Qt.ItemDataRole.UserRole)) for i in items
                if i.checkState() == Qt.CheckState.Checked]


class ConditionDialog(QDialog):
    """Add a condition with its rounds (0: until removed), or remove one the combatant has.

    Made for few keys: the first letters pick a condition from the list (completed in the
    field), a digit moves on to the rounds and is their first digit, Enter applies: K F 3
    Enter is "FRIGHTENED for 3 rounds". Naming one the combatant has chooses Remove; typing
    rounds chooses Add. Any other name may be typed in full."""

    def __init__(self, name: str, current: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Condition on {name}")
        self.current = list(current)
        self.name = QComboBox(self)
        self.name.setEditable(True)
        self.name.addItems([*current, *(c for c in CONDITIONS if c not in current)])
        self.name.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.name.clearEditText()
        self.name.setMinimumContentsLength(28)  # the hint below reads whole
        edit = self.name.lineEdit()
        assert edit is not None  # an editable box has its field
        edit.setPlaceholderText("the first letters: P prone, F frightened…")
        # keys reach the field through the box (which has the focus) or straight
        for typed_into in (self.name, edit):
            typed_into.installEventFilter(self)
        self.name.editTextChanged.connect(self._name_changed)
        self.rounds = QSpinBox(self)
        self.rounds.setRange(0, 100)
        self.rounds.setSpecialValueText("until removed")
        self.add = QRadioButton("&Add", self)
        self.remove = QRadioButton("Remo&ve", self)
        self.add.setChecked(True)
        form = QFormLayout(self)
        form.addRow("&Condition", self.name)
        form.addRow("&Rounds", self.rounds)
        form.addRow(self.add, self.remove)
        form.addRow(_buttons(self))
        self.name.setFocus()

    def _listed(self, text: str) -> str | None:
        """The listed condition ``text`` names (whatever its case), if any."""
        wanted = text.strip().casefold()
        return next((self.name.itemText(i) for i in range(self.name.count())
                     if self.name.itemText(i).casefold() == wanted), None)

    def _name_changed(self, text: str) -> None:
        listed = self._listed(text)
        (self.remove if listed is not None and listed in self.current else self.add) \
            .setChecked(True)

    def _settle_name(self) -> None:
        """The completed name as listed ("f" completed reads "fRIGHTENED" until now)."""
        listed = self._listed(self.name.currentText())
        if listed is not None and listed != self.name.currentText():
            self.name.setEditText(listed)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (watched not in (self.name, self.name.lineEdit()) or not isinstance(event, QKeyEvent)
                or event.type() != QEvent.Type.KeyPress):
            return super().eventFilter(watched, event)
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.accept()  # the completed name at once (the box would only take the completion)
            return True
        if (event.text().isdigit()
                and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier):
            # a digit is never a condition's first letter: the rounds begin
            self._settle_name()
            self.add.setChecked(True)
            self.rounds.setFocus()
            self.rounds.selectAll()
            QApplication.sendEvent(self.rounds, QKeyEvent(
                QEvent.Type.KeyPress, event.key(), event.modifiers(), event.text()))
            return True
        return super().eventFilter(watched, event)

    def accept(self) -> None:
        self._settle_name()
        super().accept()
