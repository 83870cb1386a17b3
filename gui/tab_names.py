"""Renaming a tab as its character's name is typed, without repainting the page under it.

``QTabWidget.setTabText`` lays the whole tab widget out again and repaints it, the open sheet
and all its panels included: some 4 ms of a 5 ms keystroke in the sheet's name field
(bench/sheet_keystroke.py), for a change that only the tab bar shows. In document mode (the main
window's tabs) the tab bar spans the widget's whole width whatever its tabs say, so a new text
that leaves the bar's height alone moves nothing: the bar relays its own tabs and repaints
itself, and the layout pass it asks of the tab widget is dropped. Anything else (another height,
tabs not in document mode) takes Qt's own path.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QTabWidget

__all__ = ["rename_tab"]


def rename_tab(tabs: QTabWidget, index: int, text: str) -> None:
    """Show ``text`` on tab ``index`` (nothing done when it already does)."""
    bar = tabs.tabBar()
    if bar.tabText(index) == text:
        return
    if not (tabs.documentMode() and tabs.isVisible()
            and tabs.tabPosition() in (QTabWidget.TabPosition.North,
                                       QTabWidget.TabPosition.South)):
        tabs.setTabText(index, text)
        return
    layout = QEvent.Type.LayoutRequest
    # a layout pass already asked of the tab widget (a page's size changed) runs now, as it
    # would have later in this pass: only the one the rename asks for is dropped below
    QCoreApplication.sendPostedEvents(tabs, layout)
    height = bar.height()
    bar.setTabText(index, text)  # relays the bar's tabs and repaints the bar
    if bar.sizeHint().height() == height:
        QCoreApplication.removePostedEvents(tabs, layout)
    else:
        tabs.setTabText(index, text)  # a taller or shorter bar: the pages move
