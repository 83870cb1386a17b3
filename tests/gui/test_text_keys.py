"""A text field does not take the app's Ctrl keys that X11 gives it (Ctrl+E, Ctrl+K…).

The offscreen platform has none of X11's Emacs-style text keys, so the test asks the filter
directly: a ``ShortcutOverride`` for Ctrl+E sent to a focused search field is declined (the
window's shortcut runs), one for Ctrl+C is the field's as before. Seen for real under X11 with
the look tool: Edit… (Ctrl+E) opens the form from the bestiary's search field.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QLineEdit, QSpinBox

from gui.text_keys import EMACS_KEYS, install_text_keys


def _override(widget: Any, key: Qt.Key) -> QKeyEvent:
    event = QKeyEvent(QEvent.Type.ShortcutOverride, key, Qt.KeyboardModifier.ControlModifier)
    event.ignore()
    QApplication.sendEvent(widget, event)
    return event


def test_a_focused_field_declines_x11s_ctrl_keys_and_keeps_its_own(qtbot: Any) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    keys = install_text_keys(app)
    assert install_text_keys(app) is keys  # once per application
    search, count = QLineEdit(), QSpinBox()
    for widget in (search, count):
        qtbot.addWidget(widget)
    search.show()
    qtbot.waitExposed(search)
    keys.follow_focus(None, search)
    assert not _override(search, Qt.Key.Key_E).isAccepted()  # Ctrl+E: the window's
    search.setText("orc")
    search.selectAll()
    assert _override(search, Qt.Key.Key_C).isAccepted()  # Ctrl+C: still the field's copy
    keys.follow_focus(search, count)
    assert not _override(count, Qt.Key.Key_K).isAccepted()
    assert {"Ctrl+E", "Ctrl+K", "Ctrl+U", "Ctrl+D"} <= EMACS_KEYS
    # the decision itself (offscreen no field claims Ctrl+E, so the above holds without it)
    for key, declined in ((Qt.Key.Key_E, True), (Qt.Key.Key_K, True), (Qt.Key.Key_C, False)):
        event = QKeyEvent(QEvent.Type.ShortcutOverride, key,
                          Qt.KeyboardModifier.ControlModifier)
        event.accept()  # as a field claiming it would
        assert keys.eventFilter(search, event) is declined
        assert event.isAccepted() is not declined
