"""Campaign → Settings…: every house default (RULINGS: "the value must be a campaign setting the
GM can change"), the optional rules, the campaign's name and notes, in one dialog.

The tabs are built from :class:`CampaignSettings` by introspection (:mod:`gui.settings_fields`);
:data:`LABELS` gives each field plain words and its ruling. OK validates the whole settings model
with pydantic: a refused value is shown with its reason and nothing changes; an accepted change is
one recorded undo step (:meth:`CampaignDocument.run`) whose change names the settings, so every
view showing a number that depends on them refreshes.
"""

from __future__ import annotations

from typing import Annotated, Any, NamedTuple

from pydantic import BaseModel, TypeAdapter, ValidationError
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from emberkeep.campaign.model import Campaign
from emberkeep.campaign.operation import Refused
from emberkeep.campaign.scope import Scope
from emberkeep.campaign.settings import CampaignSettings
from gui.document import CampaignDocument
from gui.palette import tone
from gui.settings_fields import FieldEditor, editor_for, humanize
from gui.settings_labels import LABELS, TAB_OF_FIELD, TABS, choice_label, tooltip_for

__all__ = ["CampaignSettingsDialog", "SettingsState", "apply_settings",
           "check_settings"]

Path = tuple[str, ...]


class SettingsState(NamedTuple):
    settings: CampaignSettings
    name: str
    notes: str


def _copy_into(target: BaseModel, source: BaseModel) -> None:
    """Write ``source``'s values onto ``target`` in place, nested models included, so anything
    holding the campaign's settings (or its ``time`` or ``repair`` part) sees the change."""
    for field in type(target).model_fields:
        old, new = getattr(target, field), getattr(source, field)
        if isinstance(old, BaseModel) and type(old) is type(new):
            _copy_into(old, new)
        else:
            setattr(target, field, new.model_copy(deep=True) if isinstance(new, BaseModel)
                    else list(new) if isinstance(new, list) else new)


def current_state(campaign: Campaign) -> SettingsState:
    return SettingsState(campaign.settings.model_copy(deep=True), campaign.name, campaign.notes)


def _reason(error: ValidationError, prefix: Path = ()) -> str:
    """The first refusal in the GM's words: which field (by its label), then pydantic's why."""
    first = error.errors(include_url=False)[0]
    loc = prefix + tuple(str(part) for part in first["loc"])
    where = loc
    while where and ".".join(where) not in LABELS and not where[-1].isdigit():
        where = where[:-1]
    item = ""
    if where and where[-1].isdigit():
        item, where = f", number {int(where[-1]) + 1}", where[:-1]
    label = LABELS.get(".".join(where), humanize(where[-1]) if where else "A setting")
    return f"{label}{item}: {first['msg']}"


_NAME = TypeAdapter(Annotated[str, Campaign.model_fields["name"]])
_NOTES = TypeAdapter(Annotated[str, Campaign.model_fields["notes"]])


def check_settings(data: dict[str, Any], name: str, notes: str) -> SettingsState:
    """Validate the whole settings model and the name and notes; :class:`Refused` says why."""
    try:
        settings = CampaignSettings.model_validate(data)
    except ValidationError as exc:
        raise Refused(_reason(exc)) from exc
    for which, adapter, value in (("Campaign name", _NAME, name.strip()),
                                  ("Notes", _NOTES, notes)):
        try:
            adapter.validate_python(value)
        except ValidationError as exc:
            raise Refused(f"{which}: {exc.errors(include_url=False)[0]['msg']}") from exc
    name = name.strip()
    return SettingsState(settings, name, notes)


def apply_settings(document: CampaignDocument, after: SettingsState) -> bool:
    """Push one undo step when ``after`` differs from the campaign now; False when it does not."""
    before = current_state(document.campaign)
    if before.settings == after.settings and (before.name, before.notes) == (after.name,
                                                                             after.notes):
        return False
    text = "Rename the campaign" if before.settings == after.settings \
        and before.notes == after.notes else "Change campaign settings"

    def put(campaign: Campaign) -> None:
        _copy_into(campaign.settings, after.settings)
        campaign.name = after.name
        campaign.notes = after.notes

    document.run(text, put, scope=Scope.of(fields=("settings", "name", "notes")))
    return True


class CampaignSettingsDialog(QDialog):
    """The settings in tabs; OK applies them as one undo step or says what was refused."""

    def __init__(self, document: CampaignDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Campaign Settings")
        self.document = document
        self.editors: dict[Path, FieldEditor] = {}
        self.tabs = QTabWidget(self)
        self.forms: dict[str, QFormLayout] = {}
        for title in TABS:
            self._form(title)
        self._add_fields(CampaignSettings, ())
        campaign_form = self._form("Campaign")
        self.name_edit = QLineEdit(self)
        self.name_edit.setMaxLength(200)
        self.notes_edit = QPlainTextEdit(self)
        self.notes_edit.setMinimumHeight(240)
        campaign_form.insertRow(0, "Campaign name", self.name_edit)
        campaign_form.insertRow(1, "Notes", self.notes_edit)
        self.error = QLabel("", self)
        self.error.setTextFormat(Qt.TextFormat.PlainText)
        self.error.setWordWrap(True)
        self.error.setStyleSheet("font-weight: bold;")
        tone(self.error, "error")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel
                                   | QDialogButtonBox.StandardButton.RestoreDefaults, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        defaults = buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults)
        defaults.setText("Rulings' &Defaults")
        defaults.setToolTip("Put every setting back to its ruling's value (name and notes stay)")
        defaults.clicked.connect(lambda: self.show_settings(CampaignSettings()))
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self.show_settings(document.campaign.settings)
        self.name_edit.setText(document.campaign.name)
        self.notes_edit.setPlainText(document.campaign.notes)
        self.resize(760, 620)

    def _form(self, title: str) -> QFormLayout:
        if title not in self.forms:
            page = QWidget()
            form = QFormLayout(page)
            form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
            scroll = QScrollArea(self.tabs)
            scroll.setWidgetResizable(True)
            scroll.setFrameShape(QScrollArea.Shape.NoFrame)
            scroll.setWidget(page)
            self.tabs.addTab(scroll, title.replace("&", "&&"))  # "&" is no mnemonic
            self.forms[title] = form
        return self.forms[title]

    def _add_fields(self, model: type[BaseModel], prefix: Path) -> None:
        for name, info in model.model_fields.items():
            path = (*prefix, name)
            annotation = info.annotation
            if isinstance(annotation, type) and issubclass(annotation, BaseModel):
                self._form(TAB_OF_FIELD.get(name, humanize(name)))
                self._add_fields(annotation, path)
                continue
            editor = editor_for(annotation, info, self, choice_label)
            if editor is None:
                continue  # a type no editor handles: its value is kept as it is
            key = ".".join(path)
            if key in TAB_OF_FIELD or not prefix:
                title = TAB_OF_FIELD.get(key, "Rules")
            else:
                title = TAB_OF_FIELD.get(prefix[0], humanize(prefix[0]))
            label = QLabel(LABELS.get(key, humanize(name)), self)
            tip = tooltip_for(key, info)
            for widget in (label, editor.widget):
                widget.setToolTip(tip)
            editor.widget.setObjectName(key)
            # a check box's name is its own text (none here): the row's label says it
            editor.widget.setAccessibleName(label.text())
            for number, part in enumerate(editor.parts, start=1):
                part.setAccessibleName(f"{label.text()} {number}")
            self._form(title).addRow(label, editor.widget)
            self.editors[path] = editor

    def editor(self, key: str) -> FieldEditor:
        """The editor of a dotted field path, e.g. ``"repair.armor_point_pct"`` (tests)."""
        return self.editors[tuple(key.split("."))]

    def show_settings(self, settings: CampaignSettings) -> None:
        for path, editor in self.editors.items():
            value: Any = settings
            for part in path:
                value = getattr(value, part)
            editor.set(value)

    def values(self) -> dict[str, Any]:
        """The settings as the dialog shows them, over the campaign's (kept: fields no editor
        shows), as a plain dict for validation."""
        data = self.document.campaign.settings.model_dump()
        for path, editor in self.editors.items():
            node = data
            for part in path[:-1]:
                node = node[part]
            node[path[-1]] = editor.get()
        return data

    def accept(self) -> None:
        try:
            state = check_settings(self.values(), self.name_edit.text(),
                                   self.notes_edit.toPlainText())
        except Refused as exc:
            self.error.setText(f"Not changed. {exc}")
            return
        self.error.clear()
        apply_settings(self.document, state)
        super().accept()
