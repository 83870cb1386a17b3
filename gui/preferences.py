"""Edit → Preferences…: the app's own settings (not the campaign's): how often autosave writes
and how many backups a save keeps, light or dark colours. Saved in the
app state (:class:`AppState`) and applied at once to the running autosaver, the open
campaign's backups and every window's colours."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import ValidationError
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from emberkeep.campaign.operation import Refused
from gui.color_scheme import apply_scheme
from gui.palette import tone
from gui.settings_fields import FieldEditor, editor_for
from gui.state import AppState

if TYPE_CHECKING:
    from gui.main_window import MainWindow

__all__ = ["PREFERENCES", "PreferencesDialog", "apply_preferences"]

PREFERENCES: dict[str, tuple[str, str]] = {
    "autosave_seconds": ("Autosave unsaved work every (seconds)",
                         "Unsaved changes are copied to a recovery file this often; never over "
                         "your campaign file."),
    "backups_keep_last": ("Backups to keep, the most recent",
                          "Each save keeps the version it replaces; this many newest stay."),
    "backups_keep_days": ("Also keep one backup a day for (days)",
                          "Older backups are thinned to one a day for this many days (0: none)."),
    "color_scheme": ("Colours", "Light or dark, or as the desktop is (System); the player view "
                     "follows too."),
}


def apply_preferences(window: MainWindow, values: dict[str, object]) -> AppState:
    """Validate, remember (the state file) and apply to the running autosaver and backups.
    :class:`Refused` says why when a value is out of range; nothing changes then."""
    state = window.state
    try:
        checked = AppState.model_validate({**state.model_dump(), **values})
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        label = PREFERENCES.get(str(first["loc"][0]), (str(first["loc"][0]), ""))[0]
        raise Refused(f"{label}: {first['msg']}") from exc
    for name in PREFERENCES:
        setattr(state, name, getattr(checked, name))  # the window's own state object
    state.save()
    window.safety_tools.autosaver.set_interval(state.autosave_seconds)
    app = QApplication.instance()
    if isinstance(app, QApplication):
        apply_scheme(app, state.color_scheme)
    if window.document is not None:
        window.document.keep_last = state.backups_keep_last
        window.document.keep_days = state.backups_keep_days
    return state


class PreferencesDialog(QDialog):
    def __init__(self, window: MainWindow, parent: QWidget | None = None) -> None:
        super().__init__(parent if parent is not None else window)
        self.setWindowTitle("Preferences")
        self.window_ = window
        self.editors: dict[str, FieldEditor] = {}
        form = QFormLayout()
        for name, (label, tip) in PREFERENCES.items():
            info = AppState.model_fields[name]
            editor = editor_for(info.annotation, info, self)
            assert editor is not None
            editor.set(getattr(window.state, name))
            editor.widget.setToolTip(tip)
            editor.widget.setObjectName(name)
            form.addRow(label, editor.widget)
            self.editors[name] = editor
        self.error = QLabel("", self)
        self.error.setTextFormat(Qt.TextFormat.PlainText)
        self.error.setWordWrap(True)
        tone(self.error, "error")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(buttons)

    def accept(self) -> None:
        try:
            apply_preferences(self.window_, {n: e.get() for n, e in self.editors.items()})
        except Refused as exc:
            self.error.setText(f"Not changed. {exc}")
            return
        super().accept()
