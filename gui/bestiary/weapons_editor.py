"""A monster's further weapons, edited by keys: a small table of name, damage,
length (R31's feet) and whether it shoots, under the monster form's and the bestiary form's
main weapon. "Add a w&eapon" adds a row and starts on its name; Del (in the table) removes the
row. The table only collects; the core's ``MonsterWeapon`` checks every value, and its refusal
names the weapon and the reason.
"""

from __future__ import annotations

from pydantic import ValidationError
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from emberkeep.campaign.bestiary import MAX_OTHER_WEAPONS, MonsterWeapon

__all__ = ["WeaponsEditor"]

_COLUMNS = ("Name", "Damage", "Feet", "Ranged")
_NAME, _DAMAGE, _LENGTH, _RANGED = range(4)
_ROWS_SHOWN = 3  # the table's height: a bow and a dagger or two fit without scrolling


class WeaponsEditor(QWidget):
    def __init__(self, weapons: tuple[MonsterWeapon, ...] = (),
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table = QTableWidget(0, len(_COLUMNS), self)
        self.table.setHorizontalHeaderLabels(_COLUMNS)
        self.table.verticalHeader().setVisible(False)
        triggers = QAbstractItemView.EditTrigger
        self.table.setEditTriggers(triggers.DoubleClicked | triggers.EditKeyPressed
                                   | triggers.AnyKeyPressed | triggers.SelectedClicked)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        # the name takes what is left: the other three are short, so no column is cut and
        # no sideways scroll bar appears in the forms' narrow right column
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(_NAME, QHeaderView.ResizeMode.Stretch)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setAccessibleName("Further weapons")
        row = self.table.verticalHeader().defaultSectionSize()
        self.table.setFixedHeight(self.table.horizontalHeader().sizeHint().height()
                                  + _ROWS_SHOWN * row + 2 * self.table.frameWidth())
        self.add_button = QPushButton("Add a w&eapon", self)
        self.add_button.setAutoDefault(False)
        self.add_button.clicked.connect(self.add)
        self.remove_button = QPushButton("Remove it (Del)", self)
        self.remove_button.setAutoDefault(False)
        self.remove_button.clicked.connect(self.remove)
        # Del in the table (not editing a cell) removes the row: a key press of the table's own,
        # so it is no window shortcut beside the bestiary window's Del
        self.table.installEventFilter(self)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table)
        layout.addLayout(buttons)
        for weapon in weapons:
            self._append(weapon)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (watched is self.table and event.type() == QEvent.Type.KeyPress
                and isinstance(event, QKeyEvent) and event.key() == Qt.Key.Key_Delete
                and self.table.hasFocus()):  # (in a cell's editor Del deletes a letter)
            self.remove()
            return True
        return super().eventFilter(watched, event)

    def _append(self, weapon: MonsterWeapon) -> int:
        row = self.table.rowCount()
        self.table.insertRow(row)
        self.table.setItem(row, _NAME, QTableWidgetItem(weapon.name))
        self.table.setItem(row, _DAMAGE, QTableWidgetItem(weapon.damage))
        length = QTableWidgetItem()
        length.setData(Qt.ItemDataRole.EditRole, weapon.length_ft)  # edited in a spin box
        self.table.setItem(row, _LENGTH, length)
        ranged = QTableWidgetItem()  # a check box under "Ranged"
        ranged.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
                        | Qt.ItemFlag.ItemIsUserCheckable)  # Space ticks it
        ranged.setCheckState(Qt.CheckState.Checked if weapon.ranged else Qt.CheckState.Unchecked)
        self.table.setItem(row, _RANGED, ranged)
        self.add_button.setEnabled(self.table.rowCount() < MAX_OTHER_WEAPONS)
        return row

    def add(self) -> None:
        """A new row (a shortbow, 0 ft, shooting: the commonest second weapon), its name
        being edited."""
        if self.table.rowCount() >= MAX_OTHER_WEAPONS:
            return
        row = self._append(MonsterWeapon(name="shortbow", damage="1d6", length_ft=0,
                                         ranged=True))
        self.table.setFocus()
        self.table.setCurrentCell(row, _NAME)
        name = self.table.item(row, _NAME)
        assert name is not None
        self.table.editItem(name)

    def remove(self) -> None:
        row = self.table.currentRow()
        if 0 <= row < self.table.rowCount():
            self.table.removeRow(row)
        self.add_button.setEnabled(self.table.rowCount() < MAX_OTHER_WEAPONS)

    def weapons(self) -> tuple[MonsterWeapon, ...]:
        """The rows as weapons; ``ValueError`` naming the row's weapon and the reason."""
        found = []
        for row in range(self.table.rowCount()):
            name = self._text(row, _NAME)
            damage = self._text(row, _DAMAGE)
            length_item, ranged_item = self.table.item(row, _LENGTH), self.table.item(row, _RANGED)
            assert length_item is not None and ranged_item is not None  # every row has all four
            length = length_item.data(Qt.ItemDataRole.EditRole)
            ranged = ranged_item.checkState() == Qt.CheckState.Checked
            try:
                found.append(MonsterWeapon(name=name, damage=damage, length_ft=length,
                                           ranged=ranged))
            except ValidationError as exc:
                first = exc.errors(include_url=False)[0]
                field = ".".join(str(p) for p in first["loc"]).replace("_ft", "")
                which = name or f"further weapon {row + 1}"
                reason = str(first["msg"]).removeprefix("Value error, ")
                raise ValueError(f"{which}: {field}: {reason}") from exc
        return tuple(found)

    def _text(self, row: int, column: int) -> str:
        item = self.table.item(row, column)
        return "" if item is None else item.text().strip()
