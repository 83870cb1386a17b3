"""The New Character wizard's funnel page: N 0-level characters for each player named.

A funnel rolls N characters for each player with the core's funnel rules (3d6 in order, 1d4 HP,
an occupation each, a race each: Human unless the GM picks another in the table, R2) and shows
them, their occupations' PROF and item, before the window adds them as one undo step. Whom the
funnel is for starts as the open campaign's players.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QLineEdit,
    QPushButton,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from emberkeep.character.abilities import ABILITIES
from emberkeep.character.catalog import Catalog
from emberkeep.character.funnel import roll_player_funnel, with_race
from emberkeep.character.model import Character
from emberkeep.character.occupations import occupation_gives, occupation_table
from gui.palette import tone
from gui.wizard.page_labels import buddy, plain

if TYPE_CHECKING:  # the wizard holds this page: an annotation only, never an import cycle
    from gui.wizard.new_character import NewCharacterWizard

__all__ = ["FunnelPage", "RaceDelegate", "campaign_players"]


class FunnelPage(QWizardPage):
    """N 0-level characters for each player named, rolled by the core's funnel rules, each
    with its own race (Human unless the GM picks another) and occupation, its PROF and item
    shown, all before they are added."""

    NAME, PLAYER, RACE = 0, 1, 2
    HEADERS = ("Name", "Player", "Race", *(a.value for a in ABILITIES), "HP", "Occupation",
               "PROF", "Item")

    def __init__(self, wizard: NewCharacterWizard) -> None:
        super().__init__()
        self.owner = wizard
        self.setTitle("The funnel")
        self.setSubTitle("Each player gets their own 0-level characters (Furnace: four each). "
                         "Each rolls 3d6 in order, 1d4 HP and an occupation (DCC), which gives "
                         "a PROF and an item. Reroll until the party suits you.")
        layout = QVBoxLayout(self)
        self.players = QLineEdit(self)
        self.players.setPlaceholderText("Ada, Ben, Cal (none: one batch with no player)")
        self.players.setText(", ".join(wizard.players))
        self.players.setToolTip("The players, separated by commas; each gets as many 0-level "
                                "characters as the first page says")
        form = QFormLayout()
        form.addRow(buddy("&Players", self.players, self), self.players)
        layout.addLayout(form)
        self.count_note = plain("", self)
        tone(self.count_note, "muted")
        layout.addWidget(self.count_note)
        self.table = QTableWidget(self)
        self.table.setAccessibleName("the funnel's characters: type a name over the rolled one; "
                                     "F2 on a race chooses another")
        self.table.setItemDelegateForColumn(self.RACE, RaceDelegate(wizard.catalog, self.table))
        self.table.itemChanged.connect(self._item_changed)
        layout.addWidget(self.table, 1)
        reroll = QPushButton("Ro&ll the funnel", self)
        reroll.clicked.connect(self.reroll)
        layout.addWidget(reroll)
        self.rolled: list[Character] = []
        self._filling = False

    def initializePage(self) -> None:
        self.reroll()

    def player_names(self) -> list[str]:
        return [p.strip() for p in self.players.text().split(",") if p.strip()]

    def reroll(self) -> None:
        per_player = self.owner.path_page.count.value()
        players = self.player_names()
        self.rolled = roll_player_funnel(self.owner.roller, players, per_player,
                                         catalog=self.owner.catalog)
        self.count_note.setText(
            f"{per_player} each for {len(players)} players: {len(self.rolled)} characters"
            if players else f"{len(self.rolled)} characters with no player: name the players "
                            "above and roll again to give each their own")
        self._filling = True
        self.table.clear()
        self.table.setColumnCount(len(self.HEADERS))
        self.table.setHorizontalHeaderLabels(list(self.HEADERS))
        self.table.setRowCount(len(self.rolled))
        for row, character in enumerate(self.rolled):
            self._fill_row(row, character)
        self._filling = False
        self.table.resizeColumnsToContents()
        self._widen_to_table()

    def _widen_to_table(self) -> None:
        """The wizard as wide as the table's columns (occupation, PROF, item), up to the
        screen: no sideways scrolling on a laptop."""
        wizard = self.owner
        screen = wizard.screen().availableGeometry() if wizard.screen() is not None else None
        want = (self.table.horizontalHeader().length() + self.table.verticalHeader().width()
                + self.table.verticalScrollBar().sizeHint().width() + 80)
        if screen is not None:
            want = min(want, int(screen.width() * 0.95))
        if want > wizard.width():
            wizard.resize(want, wizard.height())

    def _fill_row(self, row: int, character: Character) -> None:
        race = self.owner.catalog.race(character.race)
        occupation = occupation_table().by_id(character.occupation or "")
        proficiency, item = occupation_gives(occupation)
        cells = [character.name, character.player or "—", race.name,
                 *[str(character.scores.effective(a)) for a in ABILITIES],
                 str(character.max_hp), occupation.text, proficiency, item]
        for column, text in enumerate(cells):
            cell = QTableWidgetItem(text)
            if column == self.RACE:
                cell.setData(Qt.ItemDataRole.UserRole, race.id)
                cell.setToolTip("F2 or a double-click chooses another race (R2); the rolled "
                                "dice stay")
            if column not in (self.NAME, self.RACE):
                cell.setFlags(cell.flags() & ~Qt.ItemFlag.ItemIsEditable)
            self.table.setItem(row, column, cell)

    def _item_changed(self, item: QTableWidgetItem) -> None:
        """A race chosen in the table: the same dice under that race (the core's with_race)."""
        if self._filling or item.column() != self.RACE:
            return
        row = item.row()
        race_id = str(item.data(Qt.ItemDataRole.UserRole))
        character = self.rolled[row]
        if race_id == character.race:
            return
        name_item = self.table.item(row, self.NAME)  # a name typed over the rolled one stays
        name = name_item.text().strip() if name_item is not None else ""
        self.rolled[row] = with_race(character.model_copy(
            update={"name": name or character.name}), race_id, self.owner.catalog)
        self._filling = True
        self._fill_row(row, self.rolled[row])
        self._filling = False

    def characters(self) -> list[Character]:
        """The rolled characters with the names typed into the table."""
        out = []
        for row, character in enumerate(self.rolled):
            item = self.table.item(row, self.NAME)
            name = item.text().strip() if item is not None else ""
            out.append(character.model_copy(update={"name": name or character.name}))
        return out

    def nextId(self) -> int:
        return -1


class RaceDelegate(QStyledItemDelegate):
    """The Race column's editor: a combo of the campaign's races, by name."""

    def __init__(self, catalog: Catalog, parent: QWidget) -> None:
        super().__init__(parent)
        self.catalog = catalog

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,
                     index: QModelIndex | QPersistentModelIndex) -> QWidget:
        combo = QComboBox(parent)
        combo.setAccessibleName("race")
        for race in self.catalog.races().values():
            combo.addItem(race.name, race.id)
        return combo

    def setEditorData(self, editor: QWidget, index: QModelIndex | QPersistentModelIndex
                      ) -> None:
        if isinstance(editor, QComboBox):
            editor.setCurrentIndex(max(0, editor.findData(index.data(Qt.ItemDataRole.UserRole))))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel,
                     index: QModelIndex | QPersistentModelIndex) -> None:
        if isinstance(editor, QComboBox):
            model.setData(index, editor.currentText(), Qt.ItemDataRole.DisplayRole)
            model.setData(index, editor.currentData(), Qt.ItemDataRole.UserRole)


def campaign_players(parent: QWidget | None) -> list[str]:
    """The players of the open campaign's living characters, in the roster's order."""
    from gui.document import CampaignDocument

    document = getattr(parent, "document", None)
    if not isinstance(document, CampaignDocument):
        return []
    names: list[str] = []
    for character in document.campaign.characters:
        player = character.player.strip()
        if player and character.alive and player not in names:
            names.append(player)
    return names
