"""A campaign whose every name and note is hostile markup, and the walk that finds where the app
would lay such text out as HTML (shared by the hostile-markup tests).

Qt reads a label in auto-detected format, every tooltip and a rich text document as HTML; an
``<img src=…>`` in a name there makes Qt read that file (``/dev/zero`` eats memory without end,
a FIFO blocks for ever). :func:`hostile_campaign` puts ``<img src="/nonexistent/x.png"><b>…</b>``
around every name and note a campaign file can hold; :func:`rich_markup` walks widgets and says
where such a name would be read as HTML.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, Qt
from PySide6.QtGui import QAction, QTextDocument
from PySide6.QtGui import Qt as QtGui
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QPlainTextEdit,
    QTabBar,
    QTextEdit,
    QWidget,
)
from shiboken6 import getCppPointer

from emberkeep.campaign.bestiary import starter_bestiary
from emberkeep.campaign.model import Campaign, LedgerEntry, LedgerKind
from emberkeep.campaign.timeline import Timed, TimedKind
from emberkeep.character.catalog import SHIPPED
from emberkeep.character.sheet_conditions import CharacterCondition
from emberkeep.optional_rules.effort import EffortAttempt, EffortTask
from emberkeep.optional_rules.skill_challenge import ChallengeAttempt, SkillChallenge
from tests.core.melee_campaign import melee_campaign

IMAGE = '<img src="/nonexistent/x.png">'
MARKER = "<img"
"""What must never reach a rich text layout unescaped."""

# The keys of a campaign file that hold the GM's (or a file's) words: names, notes, labels.
TEXT_KEYS = frozenset({"name", "notes", "note", "player", "label", "description", "horse_name",
                       "armor_name", "text", "summary", "source", "who", "about"})
# Kept as they are: a condition's name is what the rules look it up by.
KEPT_UNDER = frozenset({"conditions", "condition"})


def hostile(text: str) -> str:
    return f"{IMAGE}<b>{text}</b>"


def _poison(value: Any) -> Any:
    """A campaign file's JSON with every text under :data:`TEXT_KEYS` made hostile."""
    if isinstance(value, dict):
        return {key: _poisoned(key, item) for key, item in value.items()}
    if isinstance(value, list):
        return [_poison(item) for item in value]
    return value


def _poisoned(key: str, item: Any) -> Any:
    if key in KEPT_UNDER:
        return item
    if key in TEXT_KEYS and isinstance(item, str) and item:
        return hostile(item)
    return _poison(item)


def _with_everything(campaign: Campaign) -> Campaign:
    """Every shipped catalog entry and starter monster made the campaign's own (so the
    editors and the sheets show only the campaign's names), and an entry of each kind the
    example lacks: a timeline entry, a ledger line, a skill challenge, an effort, a condition,
    gear notes, damaged gear."""
    catalog = SHIPPED
    campaign.archetypes = list(catalog.archetypes().values())
    campaign.spells = list(catalog.spells().values())
    campaign.magic_items = list(catalog.magic_items().values())
    campaign.races = list(catalog.races().values())
    gear = catalog.gear()
    campaign.weapons = list(gear.weapons.values())
    campaign.armor = list(gear.armor.values())
    campaign.shields = list(gear.shields.values())
    campaign.items = list(gear.items.values())
    campaign.bestiary = list(starter_bestiary())
    hero, other = campaign.characters[0], campaign.characters[1]
    hero.conditions = [CharacterCondition(name="FRIGHTENED", source="a ghost", lasts="rest")]
    for character in campaign.characters:
        for weapon in character.inventory.weapons:
            weapon.notches = 1
            weapon.note = "nicked on a troll"
        for armor in character.inventory.armor:
            armor.note = "dented"
        for item in character.inventory.items:
            item.note = "wet"
    weapon = hero.inventory.weapons[0]
    campaign.ledger.append(LedgerEntry(at=campaign.time, kind=LedgerKind.WEAPON_REPAIR,
                                       description="a new edge", cost_cp=150,
                                       paid_by=other.id, character_id=hero.id,
                                       item_uid=weapon.uid))
    campaign.ledger.append(LedgerEntry(at=campaign.time, kind=LedgerKind.INCOME,
                                       description="sold a ruby", cost_cp=-500, paid_by="party"))
    campaign.timeline.append(Timed(kind=TimedKind.CUSTOM, label="the bridge falls",
                                   starts_at=campaign.time, ends_at=campaign.time + 3600,
                                   character_id=hero.id))
    campaign.skill_challenges.append(SkillChallenge(
        id="escape", name="Escape the barrow",
        log=[ChallengeAttempt(who=hero.name, skill="athletics", total=14, dc=12,
                              success=True)]))
    campaign.efforts.append(EffortTask(
        id="door", name="Force the door",
        log=[EffortAttempt(who=other.name, check_total=9, dc=12, success=False)]))
    return campaign


def hostile_campaign() -> Campaign:
    """The example campaign with its Melee Round fight of two engaged knights and its goblin
    fight (``tests.core.melee_campaign``), everything above added, and every name, note,
    label and description in hostile markup; valid as a campaign file is."""
    plain = _with_everything(melee_campaign()).model_dump(mode="json")
    poisoned = _poison(plain)
    for _ in range(5):  # a value the schema fixes (a Literal, a pattern) keeps its own text
        try:
            return Campaign.model_validate(poisoned)
        except ValidationError as exc:
            for error in exc.errors():
                _put(poisoned, error["loc"], _get(plain, error["loc"]))
    return Campaign.model_validate(poisoned)


def _get(data: Any, loc: tuple[int | str, ...]) -> Any:
    for key in loc:
        data = data[key]
    return data


def _put(data: Any, loc: tuple[int | str, ...], value: Any) -> None:
    _get(data, loc[:-1])[loc[-1]] = value


# -- the walk ---------------------------------------------------------------------------------


def _is_rich_label(label: QLabel) -> bool:
    form = label.textFormat()
    return form == Qt.TextFormat.RichText or (
        form == Qt.TextFormat.AutoText and QtGui.mightBeRichText(label.text()))


def _where(obj: QObject) -> str:
    """The object's path of names (or class names) from its window, for the failure list."""
    names = []
    at: QObject | None = obj
    while at is not None:
        names.append(at.objectName() or type(at).__name__)
        at = at.parent()
    return "/".join(reversed(names))


def _count(model: QAbstractItemModel, what: str, parent: QModelIndex) -> int:
    try:
        return int(getattr(model, what)(parent))
    except TypeError:  # private in a table or list model: flat, one column for a list
        if parent.isValid():
            return 0
        return int(getattr(model, what)()) if what == "rowCount" else 1


def _indexes(model: QAbstractItemModel, parent: QModelIndex) -> Iterator[QModelIndex]:
    for row in range(_count(model, "rowCount", parent)):
        for column in range(_count(model, "columnCount", parent)):
            index = model.index(row, column, parent)
            yield index
            if column == 0 and _count(model, "rowCount", index):
                yield from _indexes(model, index)


def _model_markup(where: str, view: QAbstractItemView) -> Iterator[str]:
    """Tooltips of every item and header (read as HTML); display text is painted plain by Qt's
    delegates and the app's own, which never lay it out as a document."""
    model = view.model()
    if model is None:
        return
    for index in _indexes(model, QModelIndex()):
        tip = model.data(index, Qt.ItemDataRole.ToolTipRole)
        if isinstance(tip, str) and MARKER in tip:
            yield f"{where} item ({index.row()}, {index.column()}) tooltip {tip!r}"
    top = QModelIndex()
    for orientation, count in ((Qt.Orientation.Horizontal, _count(model, "columnCount", top)),
                               (Qt.Orientation.Vertical, _count(model, "rowCount", top))):
        for section in range(count):
            tip = model.headerData(section, orientation, Qt.ItemDataRole.ToolTipRole)
            if isinstance(tip, str) and MARKER in tip:
                yield f"{where} header {section} tooltip {tip!r}"


def _delegates(view: QAbstractItemView) -> Iterator[Any]:
    yield view.itemDelegate()
    model = view.model()
    if model is not None:
        for column in range(_count(model, "columnCount", QModelIndex())):
            yield view.itemDelegateForColumn(column)
        for row in range(_count(model, "rowCount", QModelIndex())):
            yield view.itemDelegateForRow(row)


def _document_markup(where: str, document: QTextDocument) -> Iterator[str]:
    if any(f.isImageFormat() for f in document.allFormats()):
        yield f"{where} document holds an image"


def widget_markup(widget: QWidget) -> Iterator[str]:
    """Where ``widget`` itself would lay hostile markup out as HTML."""
    where = _where(widget)
    if MARKER in widget.toolTip():
        yield f"{where} tooltip {widget.toolTip()!r}"
    if MARKER in widget.whatsThis():  # (a status tip goes to the status bar: plain)
        yield f"{where} What's This {widget.whatsThis()!r}"
    if isinstance(widget, QLabel) and MARKER in widget.text() and _is_rich_label(widget):
        yield f"{where} label {widget.text()!r}"
    if isinstance(widget, QTabBar):
        for i in range(widget.count()):
            if MARKER in widget.tabToolTip(i):
                yield f"{where} tab {i} tooltip {widget.tabToolTip(i)!r}"
    if isinstance(widget, (QTextEdit, QPlainTextEdit)):
        yield from _document_markup(where, widget.document())
    if isinstance(widget, QAbstractItemView):
        yield from _model_markup(where, widget)
        for delegate in _delegates(widget):
            if delegate is not None and not _plain_delegate(delegate):
                yield f"{where} delegate {type(delegate).__name__}: does it paint HTML?"


def _plain_delegate(delegate: QObject) -> bool:
    """Qt's own delegates paint display text plain, and so does the app's HP bar, and a
    delegate of the app's that only gives an editor (it paints as Qt's does)."""
    from PySide6.QtWidgets import QStyledItemDelegate

    from gui.encounter.combatants import HpBarDelegate

    kind = type(delegate)
    painted_as_qt = all(getattr(kind, name) is getattr(QStyledItemDelegate, name)
                        for name in ("paint", "displayText", "initStyleOption"))
    return (kind.__module__.startswith("PySide6") or isinstance(delegate, HpBarDelegate)
            or (isinstance(delegate, QStyledItemDelegate) and painted_as_qt))


def action_markup(action: QAction) -> Iterator[str]:
    """An action's tooltip is read as HTML by a tool button (and a menu that shows tooltips);
    with none set, the tooltip is the action's text."""
    for what in (action.toolTip(), action.whatsThis()):
        if MARKER in what:
            yield f"{_where(action)} action {action.text()!r} tooltip {what!r}"


def rich_markup(roots: Iterable[QWidget]) -> list[str]:
    """Every place under ``roots`` (and the windows and dialogs they hold) where hostile
    markup would be laid out as HTML."""
    found: list[str] = []
    seen_actions: set[int] = set()
    for top in roots:
        for widget in [top, *top.findChildren(QWidget)]:
            found += widget_markup(widget)
            for action in [*widget.actions(), *widget.findChildren(QAction)]:
                address = getCppPointer(action)[0]
                if address not in seen_actions:
                    seen_actions.add(address)
                    found += action_markup(action)
    return list(dict.fromkeys(found))


def shown_anywhere(roots: Iterable[QWidget]) -> int:
    """How many labels, items and widgets show some hostile text at all (read plain or not):
    a sweep that finds no markup must have looked at some."""
    count = 0
    for top in roots:
        for widget in [top, *top.findChildren(QWidget)]:
            texts = [widget.toolTip(), widget.windowTitle()]
            if isinstance(widget, QLabel):
                texts.append(widget.text())
            if isinstance(widget, (QTextEdit, QPlainTextEdit)):
                texts.append(widget.toPlainText())
            if isinstance(widget, QAbstractItemView) and widget.model() is not None:
                model = widget.model()
                texts += [str(model.data(i, Qt.ItemDataRole.DisplayRole))
                          for i in _indexes(model, QModelIndex())]
            for method in ("text", "currentText", "title"):
                value = getattr(widget, method, None)
                if callable(value):
                    try:
                        shown = value()
                    except TypeError:
                        continue
                    if isinstance(shown, str):
                        texts.append(shown)
            count += sum(1 for t in texts if MARKER in t or "&lt;img" in t)
    return count
