"""Open the app on a campaign and show one explanation, for the docs' screenshots (the shared
``look`` tool takes the picture of the whole screen, tooltips included). Not part of the app.

    look docs/explain_sheet_ac.png --size 1366x768 --wait 5 --keys F12 -- \
        uv run python docs/explain_screenshots.py sheet CAMPAIGN.json

``sheet``: the fighter's sheet with the tooltip its AC gives (the parts, the rulings); ``box``:
the same AC after Ctrl+I; ``preview``: a fight's attack previewed on a natural 20 with the
tooltip of the line that says which rule chose the crit table. The tooltips are the filters'
own (``gui.explain.tooltip_html``, ``gui.ruling_tips.tooltip_at``), shown for a minute so the
picture catches them.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPoint, QRect, Qt, QTimer
from PySide6.QtGui import QCursor, QKeySequence, QShortcut, QTextCursor
from PySide6.QtWidgets import QApplication, QToolTip, QWidget

MINUTE = 60_000


def _on_f12(window: QWidget, show: Callable[[], tuple[QWidget, QPoint, str]]) -> None:
    """F12 shows the tooltip ``show`` says (widget, point, text), the mouse moved there first:
    ``look --keys F12`` presses it once the window has the focus (a focus change would hide a
    tip shown earlier), when every widget has its place."""
    def tip() -> None:
        widget, at, html = show()
        where = widget.mapToGlobal(at)
        QCursor.setPos(where)
        QTimer.singleShot(200, lambda: QToolTip.showText(where, html, widget, QRect(), MINUTE))

    key = QShortcut(QKeySequence("F12"), window)
    key.setContext(Qt.ShortcutContext.ApplicationShortcut)
    key.activated.connect(tip)


class _FirstD20Is20:
    """A natural 20 on the first d20, then 3 on every die: the preview shows a crit's rule."""

    def __init__(self) -> None:
        self.crit = True

    def die(self, sides: int) -> int:
        if sides == 20 and self.crit:
            self.crit = False
            return 20
        return min(3, sides)


def main(mode: str, path: Path) -> None:
    from gui import explain, ruling_tips
    from gui.color_scheme import apply_scheme
    from gui.main_window import MainWindow
    from gui.state import AppState

    app = QApplication.instance() or QApplication(sys.argv)
    assert isinstance(app, QApplication)
    state = AppState.load()
    apply_scheme(app, state.color_scheme)
    explain.install(app)
    ruling_tips.install(app)
    window = MainWindow(state)
    window.roller = _FirstD20Is20()  # a natural 20 for the preview
    window.open_path(path, ask=False)
    window.show()
    document = window.document
    assert document is not None
    fighter = next(c for c in document.campaign.characters if c.class_id == "fighter")

    def sheet() -> None:
        shown = window.open_sheet(fighter.id)
        ac = next(w for w in shown.findChildren(QWidget) if w.property(explain.EXPLAINS) == "ac")
        ac.setFocus()
        if mode == "box":
            found = explain.explanation_at(ac)
            assert found is not None
            explain.show_explanation(ac, found)
            return
        found = explain.explanation_at(ac)
        assert found is not None
        html = explain.tooltip_html(found, ac.toolTip())
        _on_f12(window, lambda: (ac, ac.rect().center(), html))

    def preview() -> None:
        record = next(r for r in document.campaign.encounters if "group" in r.name)
        ew = window.encounter_tools.open_encounter(record.id)
        assert ew is not None
        print("attack:", ew.attack(), file=sys.stderr)
        box = ew.panel.outcome

        def crit_line() -> tuple[QWidget, QPoint, str]:
            block = box.document().begin()
            while block.isValid() and "→" not in block.text():
                block = block.next()
            at = box.cursorRect(QTextCursor(block)).center()
            tip = ruling_tips.tooltip_at(box.viewport(), at)
            assert tip is not None
            return box.viewport(), at, tip

        _on_f12(window, crit_line)

    QTimer.singleShot(1500, preview if mode == "preview" else sheet)
    app.exec()


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]))
