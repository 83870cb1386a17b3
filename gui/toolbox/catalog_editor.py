"""The common frame of the archetype, spell and magic item editors.

A list of every entry in play — the shipped ones (the defaults) and the campaign's own, which
replace a shipped one with the same id — beside a form for the selected entry. *Save to
campaign* validates the form with the core's model and stores it as the campaign's own through
one undoable command; *Revert to shipped* / *Delete* removes the campaign's entry. A refusal is
shown under the form (never a modal box), with the model's reason.

The GM sees names, never ids: a new entry's id is made from its name by the core
(:func:`~emberkeep.campaign.custom.entry_id_for`), and an entry keeps its id when renamed.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from emberkeep.campaign.changes import CATALOG_FIELDS
from emberkeep.campaign.custom import entry_id_for, remove_entry, upsert
from emberkeep.campaign.scope import Scope
from gui.document import CampaignDocument

__all__ = ["CatalogEditor"]

CATALOGS = Scope.of(fields=CATALOG_FIELDS)
"""What saving or removing an entry may change: the campaign's own catalogs."""

M = TypeVar("M", bound=BaseModel)
ID_ROLE = Qt.ItemDataRole.UserRole + 1


class CatalogEditor(QDialog, Generic[M]):
    kind_name = "entry"

    def __init__(self, document: CampaignDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.current: str | None = None
        self.resize(980, 640)
        outer = QHBoxLayout(self)
        left = QVBoxLayout()
        self.list = QListWidget(self)
        self.list.setAccessibleName(f"{self.kind_name.capitalize()} list")
        self.list.currentItemChanged.connect(self._selected)
        left.addWidget(self.list, 1)
        buttons = QHBoxLayout()
        self.new_button = QPushButton("New", self)
        self.new_button.clicked.connect(self.new_entry)
        self.copy_button = QPushButton("Duplicate", self)
        self.copy_button.clicked.connect(self.duplicate)
        self.delete_button = QPushButton("Delete", self)
        self.delete_button.clicked.connect(self.delete)
        for b in (self.new_button, self.copy_button, self.delete_button):
            buttons.addWidget(b)
        left.addLayout(buttons)
        outer.addLayout(left, 1)

        right = QVBoxLayout()
        self.scroller = QScrollArea(self)
        self.scroller.setWidgetResizable(True)
        self.form_host = QWidget()
        self.form_layout = QVBoxLayout(self.form_host)
        self.scroller.setWidget(self.form_host)
        right.addWidget(self.scroller, 1)
        self.message = QLabel("", self)
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.message.setWordWrap(True)
        right.addWidget(self.message)
        row = QHBoxLayout()
        row.addStretch(1)
        self.save_button = QPushButton("Save to campaign", self)
        self.save_button.setDefault(True)
        self.save_button.clicked.connect(self.save)
        row.addWidget(self.save_button)
        close = QPushButton("Close", self)
        close.clicked.connect(self.accept)
        row.addWidget(close)
        right.addLayout(row)
        outer.addLayout(right, 2)
        self.build_form(self.form_layout)
        self.refresh()

    # -- what a subclass gives -------------------------------------------------------------

    def entries(self) -> dict[str, M]:
        raise NotImplementedError

    def own(self) -> list[M]:
        raise NotImplementedError

    def shipped_ids(self) -> set[str]:
        raise NotImplementedError

    def model(self) -> type[M]:
        raise NotImplementedError

    def blank(self) -> dict[str, Any]:
        raise NotImplementedError

    def build_form(self, layout: QVBoxLayout) -> None:
        raise NotImplementedError

    def load(self, data: dict[str, Any]) -> None:
        raise NotImplementedError

    def read(self) -> dict[str, Any]:
        raise NotImplementedError

    def entry_id(self, name: str) -> str:
        """The id kept for the entry being edited; a new one's made from its name, unused."""
        if self.current is not None:
            return self.current
        return entry_id_for(self.document.campaign, self.model(),  # type: ignore[arg-type]
                            name)

    # -- the frame ---------------------------------------------------------------------------

    def refresh(self, select: str | None = None) -> None:
        select = select or self.current
        own_ids = {e.id for e in self.own()}  # type: ignore[attr-defined]
        shipped = self.shipped_ids()
        self.list.blockSignals(True)
        self.list.clear()
        chosen: QListWidgetItem | None = None
        for entry_id, entry in sorted(self.entries().items(),
                                      key=lambda kv: str(getattr(kv[1], "name", kv[0]))):
            tag = "campaign" if entry_id in own_ids else "shipped"
            if entry_id in own_ids and entry_id in shipped:
                tag = "campaign, replaces shipped"
            item = QListWidgetItem(f"{getattr(entry, 'name', entry_id)}  ({tag})")
            item.setData(ID_ROLE, entry_id)
            self.list.addItem(item)
            if entry_id == select:
                chosen = item
        self.list.blockSignals(False)
        if chosen is None and self.list.count():
            chosen = self.list.item(0)
        if chosen is not None:
            self.list.setCurrentItem(chosen)
            self._selected(chosen, None)

    def _selected(self, item: QListWidgetItem | None, _old: object) -> None:
        if item is None:
            return
        entry_id = str(item.data(ID_ROLE))
        entry = self.entries().get(entry_id)
        if entry is None:
            return
        self.current = entry_id
        self.load(entry.model_dump(mode="json"))
        own_ids = {e.id for e in self.own()}  # type: ignore[attr-defined]
        self.delete_button.setEnabled(entry_id in own_ids)
        self.delete_button.setText("Revert to shipped" if entry_id in self.shipped_ids()
                                   else "Delete")
        self.message.clear()

    def new_entry(self) -> None:
        self.current = None
        self.list.clearSelection()
        self.load(self.blank())
        self.message.setText(f"A new {self.kind_name}: fill it in and save it to the campaign.")

    def duplicate(self) -> None:
        data = self.read()
        data["name"] = f"{data.get('name', '')} (copy)"
        self.current = None
        self.load(data)
        self.message.setText("A copy: rename it if you like, then save it to the campaign.")

    def build(self) -> M | None:
        try:
            return self.model().model_validate(self.read())
        except (ValidationError, ValueError) as error:
            self.message.setText(f"Not saved: {error}")
            return None

    def save(self) -> bool:
        entry = self.build()
        if entry is None:
            return False
        command = self.document.run(f"Save {self.kind_name} {getattr(entry, 'name', '')}",
                                    lambda c: upsert(c, entry),  # type: ignore[arg-type]
                                    scope=CATALOGS)
        if command.error is not None:
            self.message.setText(f"Not saved: {command.error}")
            return False
        self.current = entry.id  # type: ignore[attr-defined]
        self.refresh(self.current)
        self.message.setText(f"Saved to the campaign: {getattr(entry, 'name', '')}.")
        return True

    def delete(self) -> None:
        entry_id = self.current
        if entry_id is None:
            return
        kind = self.model()
        entry = self.entries().get(entry_id)
        name = getattr(entry, "name", self.kind_name)
        self.document.run(f"Remove {self.kind_name} {name}",
                          lambda c: remove_entry(c, kind, entry_id),  # type: ignore[arg-type]
                          scope=CATALOGS)
        self.refresh(entry_id)
