"""What a window offers the GM, declared once as data: its menus, toolbars and actions.

An action is declared by the feature it belongs to (:class:`ActionSpec`): a stable id such as
``file.save``, the GM's text, its tips, its keys, the menus and toolbar it shows in (and where),
when it is enabled and what it does, given the window. A window collects its features'
declarations into one :class:`Registry` and is built from it (:class:`WindowActions`): every
``QAction``, menu and toolbar entry, in the declared order. The key-help dialog and the tests
read the same registry, so what the GM sees cannot drift from what is declared (napari's
app-model is the pattern). No feature reaches into a window to add a menu: a menu is found by
its id, never by its title.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QToolBar, QWidget

__all__ = ["MENU_BAR", "ActionSpec", "Bindings", "Key", "MenuSpec", "Place", "Registry",
           "ToolBarSpec", "WindowActions"]

W = TypeVar("W", bound=QWidget)

MENU_BAR = ""
"""The ``menu`` of a :class:`Place` on the window's menu bar (a top-level menu)."""


@dataclass(frozen=True)
class Place:
    """Where an entry shows: in the menu (or toolbar) with id ``menu``, in its section ``group``
    (sections in ascending order, a separator between two), at ``order`` within the section."""

    menu: str
    group: int = 0
    order: int = 0


@dataclass(frozen=True)
class Bindings:
    """Every key the platform binds to a standard action (Undo: Ctrl+Z, Alt+Backspace…); a
    bare ``StandardKey`` among an action's keys is its first binding only."""

    standard: QKeySequence.StandardKey


Key = str | QKeySequence.StandardKey | Bindings


@dataclass(frozen=True)
class MenuSpec(Generic[W]):
    """A menu: on the menu bar (``Place(MENU_BAR, order=…)``) or a submenu of another menu."""

    id: str
    title: str
    place: Place
    # when the menu can be opened; None: always
    enabled: Callable[[W], bool] | None = None
    # what it lists is made each time it opens (the recent files, the encounters, the screens)
    fill: Callable[[W, QMenu], object] | None = None


@dataclass(frozen=True)
class ToolBarSpec:
    id: str
    title: str
    object_name: str  # the name Qt saves the window's layout under


@dataclass(frozen=True)
class ActionSpec(Generic[W]):
    """One thing the GM can do in a window.

    ``run`` is given the window; ``None`` lists a key another window answers (the encounter's
    Ctrl+Z is the main window's Undo) and builds no action. ``adopt`` hands over an action Qt
    already made (a dock's show/hide toggle), which then gets this declaration's keys and places.
    ``help`` is the key's meaning in the window's key list; ``variants`` what it means in another
    mode of the window (the Melee Round), and ``mode`` lists a key only in that mode's list.
    """

    id: str
    text: str
    run: Callable[[W], object] | None
    tip: str = ""  # the status bar's line while the entry is hovered
    tooltip: str = ""  # the hover box; empty: Qt's (the text)
    keys: tuple[Key, ...] = ()
    fallback: str = ""  # the key when the platform binds none of ``keys`` (Quit on Windows)
    places: tuple[Place, ...] = ()
    toolbar: Place | None = None
    enabled: Callable[[W], bool] | None = None  # None: always
    checkable: bool = False
    checked: bool = False
    exclusive: str = ""  # actions naming one group: checking one unchecks the others
    role: QAction.MenuRole | None = None  # macOS moves Quit and Preferences to the app menu
    context: Qt.ShortcutContext = Qt.ShortcutContext.WindowShortcut
    adopt: Callable[[W], QAction] | None = None
    help: str = ""
    variants: tuple[tuple[str, str], ...] = ()
    mode: str = ""

    def key_sequences(self) -> list[QKeySequence]:
        """The keys as Qt knows them, each once (a platform without them: the fallback)."""
        found: list[QKeySequence] = []
        for key in self.keys:
            if isinstance(key, Bindings):
                found += QKeySequence.keyBindings(key.standard)
            else:
                found.append(QKeySequence(key))
        unique = list(dict.fromkeys(k for k in found if not k.isEmpty()))
        if not unique and self.fallback:
            unique = [QKeySequence(self.fallback)]
        return unique

    def key_text(self) -> str:
        """The first key as written in the declaration (``Return``, ``Q, G``)."""
        if not self.keys:
            return ""
        first = self.keys[0]
        if isinstance(first, str):
            return first
        sequences = self.key_sequences()
        return sequences[0].toString() if sequences else ""

    def help_in(self, mode: str) -> str:
        return dict(self.variants).get(mode, self.help) if mode else self.help


class Registry(Generic[W]):
    """Every menu, toolbar and action of one kind of window, checked as it is collected: each
    id once, each place in a menu or toolbar that exists."""

    def __init__(self, menus: Iterable[MenuSpec[W]] = (), actions: Iterable[ActionSpec[W]] = (),
                 toolbars: Iterable[ToolBarSpec] = ()) -> None:
        self.menus = tuple(menus)
        self.actions = tuple(actions)
        self.toolbars = tuple(toolbars)
        self._by_id = {a.id: a for a in self.actions}
        self._check()

    def _check(self) -> None:
        ids = [*(m.id for m in self.menus), *(a.id for a in self.actions),
               *(t.id for t in self.toolbars)]
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise ValueError(f"declared twice: {', '.join(twice)}")
        menus = {m.id for m in self.menus}
        bars = {t.id for t in self.toolbars}
        for menu in self.menus:
            if menu.place.menu != MENU_BAR and menu.place.menu not in menus:
                raise ValueError(f"menu {menu.id} is placed in {menu.place.menu!r}, no menu")
        for action in self.actions:
            for place in action.places:
                if place.menu not in menus:
                    raise ValueError(f"{action.id} is placed in {place.menu!r}, no menu")
            if action.toolbar is not None and action.toolbar.menu not in bars:
                raise ValueError(f"{action.id} is placed in {action.toolbar.menu!r}, no toolbar")

    def action(self, action_id: str) -> ActionSpec[W]:
        return self._by_id[action_id]

    def entries(self, container: str) -> list[tuple[int, ActionSpec[W] | MenuSpec[W]]]:
        """What ``container`` (a menu, a toolbar, or the menu bar) shows, in order, each with
        its section."""
        found: list[tuple[Place, ActionSpec[W] | MenuSpec[W]]] = [
            (m.place, m) for m in self.menus if m.place.menu == container]
        for action in self.actions:
            for place in (*action.places, *((action.toolbar,) if action.toolbar else ())):
                if place.menu == container:
                    found.append((place, action))
        found.sort(key=lambda entry: (entry[0].group, entry[0].order))
        return [(place.group, spec) for place, spec in found]

    def key_list(self, mode: str = "") -> list[tuple[str, str, str]]:
        """The window's keys as its help lists them: (id, key, what it does). In a mode, each
        key's meaning there, then the mode's own keys."""
        listed = [a for a in self.actions if a.keys and a.help]
        shown = [a for a in listed if not a.mode] + [a for a in listed if mode and a.mode == mode]
        return [(a.id, a.key_text(), a.help_in(mode)) for a in shown]


class WindowActions(Generic[W]):
    """The ``QAction``s, menus and toolbars of one window, built from its registry.

    ``invoke`` runs an action's ``run`` for the window (the encounter shows a refusal in its
    message line); by default ``run(window)``. An action in no menu or toolbar is added to the
    window itself, so its keys work there.
    """

    def __init__(self, window: W, registry: Registry[W],
                 invoke: Callable[[W, Callable[[W], object]], object] | None = None) -> None:
        self.window = window
        self.registry = registry
        self._invoke = invoke
        self._groups: dict[str, QActionGroup] = {}
        self._actions = {a.id: self._make_action(a) for a in registry.actions
                         if a.run is not None or a.adopt is not None}
        self._menus = {m.id: self._make_menu(m) for m in registry.menus}
        self._toolbars = {t.id: self._make_toolbar(t) for t in registry.toolbars}
        if self._menus:
            assert isinstance(window, QMainWindow), "only a main window has a menu bar"
            self._fill(MENU_BAR, window.menuBar())
        for menu_id, menu in self._menus.items():
            self._fill(menu_id, menu)
        for bar_id, bar in self._toolbars.items():
            self._fill(bar_id, bar)
        for spec in registry.actions:
            if spec.id in self._actions and not spec.places and spec.toolbar is None:
                window.addAction(self._actions[spec.id])
        self.update()

    # -- building -------------------------------------------------------------------------------

    def _make_action(self, spec: ActionSpec[W]) -> QAction:
        action = spec.adopt(self.window) if spec.adopt is not None else QAction(self.window)
        action.setText(spec.text)
        keys = spec.key_sequences()
        if keys:
            action.setShortcuts(keys)
        action.setShortcutContext(spec.context)
        if spec.tip:
            action.setStatusTip(spec.tip)
        if spec.tooltip:
            action.setToolTip(spec.tooltip)
        if spec.role is not None:
            action.setMenuRole(spec.role)
        if spec.checkable:
            action.setCheckable(True)
            action.setChecked(spec.checked)
        if spec.exclusive:
            group = self._groups.get(spec.exclusive)
            if group is None:
                group = self._groups[spec.exclusive] = QActionGroup(self.window)
            group.addAction(action)
        if spec.run is not None:
            run = spec.run
            action.triggered.connect(lambda _=False: self._run(run))
        return action

    def _run(self, run: Callable[[W], object]) -> None:
        if self._invoke is not None:
            self._invoke(self.window, run)
        else:
            run(self.window)

    def _make_menu(self, spec: MenuSpec[W]) -> QMenu:
        parent: QWidget = self.window
        if spec.place.menu == MENU_BAR and isinstance(self.window, QMainWindow):
            parent = self.window.menuBar()  # its child, as QMenuBar.addMenu(title) makes it
        menu = QMenu(spec.title, parent)
        if spec.fill is not None:
            fill = spec.fill
            menu.aboutToShow.connect(lambda: fill(self.window, menu))
        return menu

    def _make_toolbar(self, spec: ToolBarSpec) -> QToolBar:
        assert isinstance(self.window, QMainWindow), "only a main window has toolbars"
        bar = self.window.addToolBar(spec.title)
        bar.setObjectName(spec.object_name)
        bar.setMovable(False)
        return bar

    def _fill(self, container: str, widget: QWidget) -> None:
        section: int | None = None
        for group, spec in self.registry.entries(container):
            if isinstance(spec, ActionSpec) and spec.id not in self._actions:
                continue
            if section is not None and group != section and isinstance(widget, QMenu | QToolBar):
                widget.addSeparator()
            section = group
            if isinstance(spec, MenuSpec):
                sub = self._menus[spec.id]
                if isinstance(widget, QMenu):
                    widget.addMenu(sub)
                else:
                    assert isinstance(self.window, QMainWindow)
                    self.window.menuBar().addMenu(sub)
            else:
                widget.addAction(self._actions[spec.id])

    # -- using ----------------------------------------------------------------------------------

    def action(self, action_id: str) -> QAction:
        return self._actions[action_id]

    def menu(self, menu_id: str) -> QMenu:
        return self._menus[menu_id]

    def toolbar(self, bar_id: str) -> QToolBar:
        return self._toolbars[bar_id]

    def trigger(self, action_id: str) -> None:
        """As the GM choosing it: nothing happens while it is disabled."""
        self.action(action_id).trigger()

    def update(self) -> None:
        """Enable each action and menu as its declaration says it should be now."""
        for spec in self.registry.actions:
            if spec.enabled is not None and spec.id in self._actions:
                self._actions[spec.id].setEnabled(spec.enabled(self.window))
        for menu_spec in self.registry.menus:
            if menu_spec.enabled is not None:
                self._menus[menu_spec.id].menuAction().setEnabled(
                    menu_spec.enabled(self.window))
