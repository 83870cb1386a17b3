"""The application's one Python event filter, and the filters it runs.

A Python ``eventFilter`` installed on the QApplication is called for every event of every
widget (paint, polish, child added, layout, timers: some 1,300 to open the Repairs tab at 500
characters), and each call wraps the object and the event for Python before the filter can look
at the event's type: three such filters cost opening the Repairs tab about 15 ms, most of it in
the calls themselves, not in what the filters did. So the app's application-wide filters (the
explanations' and the rulings' tooltips, the dice tray's Ctrl+click) sit behind one:
:class:`AppFilters` is the only Python filter on the application; it hands an event to the
filters that asked for its class (``QHelpEvent``, ``QKeyEvent``, ``QMouseEvent``) and drops every
other after one dictionary lookup, no enum made. Qt's own order is kept: the filter added last
sees an event first, and the first to return True ends it.

At start-up it goes on the application only once the first window has painted
(:func:`hold_until_released`): wrapping an object of one of Qt's private classes (an animation's
timer, a file watcher's engine) makes PySide6 build the enums of every class of its module, some
70 before the first paint, and nothing the filters do (tooltips, Ctrl+I, Ctrl+click) can happen
before the window is there to point at.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import ClassVar, TypeVar

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QApplication

__all__ = ["AppFilter", "AppFilters", "app_filters", "hold_until_released", "install_once"]

_held: list[tuple[QApplication, AppFilters]] | None = None
"""The application's filter while :func:`hold_until_released` holds it back, else None."""


class AppFilter(QObject):
    """A filter :class:`AppFilters` runs for the event classes it names in ``EVENTS``."""

    EVENTS: ClassVar[frozenset[type[QEvent]]] = frozenset()


FilterT = TypeVar("FilterT", bound=AppFilter)


class AppFilters(QObject):
    """The one filter on the application (see the module's docstring)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._filters: list[AppFilter] = []  # the last added first, as Qt runs an app's filters
        self._by_class: dict[type[QEvent], tuple[AppFilter, ...]] = {}

    def add(self, found: AppFilter) -> None:
        """Run ``found`` for its event classes, before the filters added so far."""
        if found in self._filters:
            return
        self._filters.insert(0, found)
        # a filter dies with its owner (a window's dice tray): Qt would drop it from the app
        found.destroyed.connect(partial(self._forget, found))
        self._index()

    def remove(self, found: AppFilter) -> None:
        if found in self._filters:
            self._filters.remove(found)
            self._index()

    def _forget(self, found: AppFilter, *_: object) -> None:
        self.remove(found)

    def _index(self) -> None:
        classes = {kind for f in self._filters for kind in f.EVENTS}
        self._by_class = {kind: tuple(f for f in self._filters if kind in f.EVENTS)
                          for kind in classes}

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        filters = self._by_class.get(type(event))
        if filters is None:  # nearly every event: paint, polish, layout, timers
            return False
        return any(found.eventFilter(watched, event) for found in filters)


def app_filters(app: QApplication) -> AppFilters:
    """The application's one filter, installed on first use."""
    found = app.findChild(AppFilters, "appFilters", Qt.FindChildOption.FindDirectChildrenOnly)
    if found is None:
        found = AppFilters(app)
        found.setObjectName("appFilters")
        if _held is not None:
            _held.append((app, found))
        else:
            app.installEventFilter(found)
    return found


def hold_until_released() -> Callable[[], None]:
    """The application's filter, made from now on, goes on the application only when the call
    returned is made (the first window painted: see the module's docstring)."""
    global _held
    held: list[tuple[QApplication, AppFilters]] = []
    _held = held

    def release() -> None:
        global _held
        if _held is held:
            _held = None
        for app, found in held:
            app.installEventFilter(found)
        held.clear()

    return release


def install_once(app: QApplication, cls: type[FilterT], name: str) -> FilterT:
    """The application's one filter of ``cls``, named ``name``: made and run by
    :func:`app_filters` on the first call, found again on the next."""
    found = app.findChild(cls, name, Qt.FindChildOption.FindDirectChildrenOnly)
    if found is None:
        found = cls(app)
        found.setObjectName(name)
        app_filters(app).add(found)
    return found
