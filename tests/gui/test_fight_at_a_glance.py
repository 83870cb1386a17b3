"""The fight at a glance on a 1366×768 (and 1280×800) laptop: after A, whose turn it is, the
target, the weapon, the d20 field and the previewed outcome (a crit's row, a fumble's) are seen
together, none scrolled away nor cut off; a target is picked in one key after A; every input
of the window has a name a screen reader says, and the order list says who is acting."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QCheckBox,
    QComboBox,
    QHeaderView,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QWidget,
)
from pytestqt.qtbot import QtBot

from emberkeep.encounter.combatant import MonsterStats
from gui.encounter.monster_form import make_monsters
from gui.encounter.window import EncounterWindow
from tests.gui.fit import LAPTOPS, assert_fits
from tests.gui.test_screen_fit import MODES, _fight, _knights, _on_laptop

Key = Qt.Key


def in_sight(widget: QWidget) -> None:
    """``widget`` is shown whole: inside its window and inside the viewport of every scroll
    area around it (not scrolled away), nothing of it covered or cut."""
    assert widget.isVisible(), type(widget).__name__
    top = widget.window()
    rect = QRect(widget.mapTo(top, QPoint(0, 0)), widget.size())
    assert top.rect().contains(rect), (widget.accessibleName(), rect, top.rect())
    parent = widget.parentWidget()
    while parent is not None and parent is not top:
        if isinstance(parent, QAbstractScrollArea):
            viewport = parent.viewport()
            inside = QRect(widget.mapTo(viewport, QPoint(0, 0)), widget.size())
            assert viewport.rect().contains(inside), (widget.accessibleName(), inside)
        parent = parent.parentWidget()
    assert widget.visibleRegion().boundingRect().size() == widget.size(), (
        widget.accessibleName(), widget.visibleRegion().boundingRect(), widget.size())


def outcome_whole(outcome: QPlainTextEdit) -> None:
    """The outcome says something and all of it is shown: no line needs a scroll bar."""
    QApplication.processEvents()
    assert outcome.toPlainText().strip()
    assert outcome.verticalScrollBar().maximum() == 0, outcome.toPlainText()
    in_sight(outcome)


def at_a_glance(ew: EncounterWindow, whole: bool = True) -> None:
    if ew.session.melee_round():
        m = ew.melee_panel
        fields: list[QWidget] = [m.fighter[0], m.fighter[1], m.weapon[0], m.weapon[1], *m.die]
        outcome = m.outcome
    else:
        p = ew.panel
        fields = [p.attacker, p.target, p.weapon, p.die]
        outcome = p.outcome
        assert ew.acting.text().startswith("▶ "), "whose turn it is"
        in_sight(ew.acting)
    for field in fields:
        in_sight(field)
    in_sight(outcome)
    first = outcome.firstVisibleBlock()
    assert first.blockNumber() == 0 and first.text().strip()  # what happened, on top
    if whole:
        outcome_whole(outcome)


def _roll_with_d20(ew: EncounterWindow, face: int) -> None:
    """The physical d20 typed (Alt+2's field), then A: a natural 20 or 1."""
    ew.cancel()
    if ew.session.melee_round():
        ew.melee_panel.die[0].setText(str(face))
    else:
        ew.panel.die.setText(str(face))
    ew.table.setFocus()
    QTest.keyClick(ew.table, Key.Key_A)
    QApplication.processEvents()


def _crit_and_fumble(tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
                     laptop: str, mode: str, whole: bool) -> None:
    knights = _knights() if mode == "Melee Round" else None
    window, size = _on_laptop(tmp_path, qtbot, monkeypatch, laptop, knights)
    ew = _fight(window, mode)
    panel = ew.melee_panel if mode == "Melee Round" else ew.panel
    assert panel.pending is not None, ew.message.text()
    at_a_glance(ew, whole)
    _roll_with_d20(ew, 20)
    assert panel.pending is not None, ew.message.text()
    if mode != "Melee Round":
        assert "crit" in panel.outcome.toPlainText().lower()
    at_a_glance(ew, whole)
    _roll_with_d20(ew, 1)
    assert panel.pending is not None, ew.message.text()
    if mode != "Melee Round":
        assert "fumble" in panel.outcome.toPlainText().lower()
    at_a_glance(ew, whole)
    assert_fits(window, size)


@pytest.mark.slow
@pytest.mark.parametrize("laptop", LAPTOPS)
@pytest.mark.parametrize("mode", list(MODES))
def test_after_a_crit_and_a_fumble_the_attack_is_in_sight(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, laptop: str,
        mode: str) -> None:
    """Attacker, target, weapon, the d20 field and the outcome's head, unscrolled."""
    _crit_and_fumble(tmp_path, qtbot, monkeypatch, laptop, mode, whole=False)


@pytest.mark.slow
@pytest.mark.parametrize("laptop", LAPTOPS)
@pytest.mark.parametrize("mode", list(MODES))
def test_a_crit_s_whole_outcome_needs_no_scrolling(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, laptop: str,
        mode: str) -> None:
    """A crit with a volley and Cleave writes ~16 lines: the number, ruling and typed dice sit
    under the table, so the panel's outcome has the column's height, its detail lines a little
    smaller; read whole, the fumble's too."""
    _crit_and_fumble(tmp_path, qtbot, monkeypatch, laptop, mode, whole=True)


def test_the_order_list_and_the_setup_bar_cut_nothing(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Long names elide in the narrow order list with the slot whole in the tooltip (escaped),
    never a sideways scroll bar; the initiative choice reads whole in its box."""
    window, _size = _on_laptop(tmp_path, qtbot, monkeypatch, "laptop")
    ew = _fight(window, "WDD segments")
    view = ew.order_view
    assert not view.horizontalScrollBar().isVisible()
    model = ew.order_model
    tip = model.index(0).data(Qt.ItemDataRole.ToolTipRole)
    shown = model.index(0).data(Qt.ItemDataRole.DisplayRole)
    assert tip.startswith("<p") and shown.split(". ", 1)[1] in tip.replace("&amp;", "&")
    mode = ew.setup_bar.mode
    needed = mode.fontMetrics().horizontalAdvance(mode.currentText())
    assert mode.width() > needed, (mode.currentText(), mode.width(), needed)
    assert "WDD" in mode.toolTip()


def test_the_order_list_says_who_is_acting(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window, _size = _on_laptop(tmp_path, qtbot, monkeypatch, "laptop")
    ew = _fight(window, "group")
    for _ in range(2):  # each turn, the acting one is said by name
        actor = ew.enc.combatants[str(ew.session.current_id())]
        assert ew.order_view.accessibleDescription() == f"Acting: {actor.name}"
        assert ew.table.accessibleDescription() == f"Acting: {actor.name}"
        row = ew.enc.state.turn
        assert ew.order_model.index(row).data(
            Qt.ItemDataRole.AccessibleDescriptionRole) == "acting now"
        ew.cancel()
        QTest.keyClick(ew.table, Key.Key_N)


GOBLIN = MonsterStats(name="Goblin", max_hp=5, room_dc=12, attack_bonus=2, damage="1d6")


def test_any_target_in_at_most_three_keys_after_a(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Six goblins and four PCs: after A, each foe of the one acting is the target in one key
    (its number), and the attack is shown again on it; every existing key still answers."""
    window, _size = _on_laptop(tmp_path, qtbot, monkeypatch, "laptop")
    ew = window.encounter_tools.new_encounter("Ten in the fight")
    assert ew is not None and window.document is not None
    party = [c.id for c in window.document.campaign.characters][:4]
    ew.add_pcs(party)
    ew.add_monsters(make_monsters(GOBLIN, 6, taken=set(ew.enc.combatants)))
    ew.table.setFocus()
    QTest.keyClick(ew.table, Key.Key_I)
    for _turn in range(2):  # a side, then the other: four PCs, or six goblins, as targets
        actor = ew.enc.combatants[str(ew.session.current_id())]
        foes = ew.enc.enemies(actor)
        assert len(foes) in (4, 6)
        QTest.keyClick(ew.table, Key.Key_A)
        for number, foe in enumerate(foes, 1):
            presses = 0
            QTest.keyClick(ew.table, getattr(Key, f"Key_{number % 10}"))
            presses += 1
            assert presses <= 3
            assert ew.panel.target.currentData() == foe.id, ew.message.text()
            assert ew.panel.pending is not None  # rolled again on the new target
            assert foe.name in ew.panel.outcome.toPlainText()
            in_sight(ew.panel.target)
        QTest.keyClick(ew.table, getattr(Key, f"Key_{(len(foes) + 1) % 10}"))
        assert "no foe number" in ew.message.text()
        ew.cancel()
        QTest.keyClick(ew.table, Key.Key_N)
    QTest.keyClick(ew.panel.die, Key.Key_1)  # a digit in the d20 field is typed, not a target
    assert ew.panel.die.text() == "1"


def _inside_box(widget: QWidget) -> bool:
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, (QComboBox, QAbstractSpinBox)):
            return True
        parent = parent.parentWidget()
    return False


def _unnamed(ew: EncounterWindow) -> list[str]:
    found = []
    for w in ew.findChildren(QWidget):
        needs = isinstance(w, (QLineEdit, QComboBox, QAbstractSpinBox, QPlainTextEdit,
                               QAbstractItemView))
        if isinstance(w, (QPushButton, QCheckBox)) and not w.text().replace("&", "").strip():
            needs = True
        if isinstance(w, QHeaderView) or _inside_box(w):
            continue  # a table's header; a box's own editor or open list: the box is named
        if isinstance(w, QAbstractButton) and w.text().strip():
            continue
        if needs and not w.accessibleName().strip():
            found.append(f"{type(w).__name__} {w.objectName()!r} {w.toolTip()[:40]!r}")
    return found


@pytest.mark.parametrize("mode", list(MODES))
def test_every_control_has_a_name(tmp_path: Path, qtbot: QtBot,
                                  monkeypatch: pytest.MonkeyPatch, mode: str) -> None:
    knights = _knights() if mode == "Melee Round" else None
    window, _size = _on_laptop(tmp_path, qtbot, monkeypatch, "laptop", knights)
    ew = _fight(window, mode)
    assert _unnamed(ew) == [], "\n".join(_unnamed(ew))


def test_the_player_view_keeps_health_and_conditions_apart(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """"bloodied · FRIGHTENED", never "bloodiedFRIGHTENED" where the two columns meet."""
    from emberkeep.encounter.conditions import ActiveCondition

    window, _size = _on_laptop(tmp_path, qtbot, monkeypatch, "laptop")
    ew = _fight(window, "group")
    goblin = next(c for c in ew.enc.combatants.values() if c.kind != "pc")
    goblin.conditions = (*goblin.conditions, ActiveCondition("FRIGHTENED"))
    model = ew.open_player_view().model
    row = model.rows.index(goblin.id)
    health = model.data(model.index(row, 2))
    words = model.data(model.index(row, 3))
    assert health and words == "· FRIGHTENED"


def test_a_long_heading_keeps_the_fight_s_name_and_its_room_dc(qtbot: QtBot) -> None:
    """At 1366 px the heading of a simultaneous fight was clipped at its start (right-aligned):
    now its middle gives way, the name and the ROOM DC stay, and the tooltip has it whole."""
    from gui.screen_fit import ElidedLabel, tip_full_text

    label = ElidedLabel()
    qtbot.addWidget(label)
    whole = ("Bridge brawl (simultaneous) · round 1 · simultaneous (missiles and magic, then "
             "melee) · ROOM DC 12")
    label.setText(whole)
    tip_full_text(label)
    label.setMinimumWidth(1)
    label.resize(300, 30)
    shown = label.shown_text()
    assert shown.startswith("Bridge") and shown.endswith("ROOM DC 12") and "…" in shown
    assert label.text() == whole and "ROOM DC 12" in label.toolTip()
    label.resize(2000, 30)
    assert label.shown_text() == whole


def test_add_pcs_fits_a_laptop_with_long_names(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Add PCs is as wide as its lines, up to a share of a 1366×768 screen: a very long name
    (from a campaign file: plain text) is cut in its middle with the whole line in the tooltip
    (escaped), never a sideways scroll bar; the short lines read whole."""
    from gui.encounter.dialogs import PcPicker

    window, _size = _on_laptop(tmp_path, qtbot, monkeypatch, "laptop")
    assert window.document is not None
    people = [c.model_copy() for c in window.document.campaign.characters]
    people[1].name = "<b>Ser</b> " + " ".join(["Aldericus of the Long Valley"] * 8)
    people[2].name = "Wrenwrenwren" * 20  # one unbroken word
    picker = PcPicker(people, window, knight_hp=True)
    qtbot.addWidget(picker)
    picker.list.selectAll()  # every name in the "no knight profile" line too
    picker.show()
    assert QTest.qWaitForWindowExposed(picker)
    QApplication.processEvents()
    assert_fits(picker)
    view = picker.list
    assert not view.horizontalScrollBar().isVisible()
    assert view.horizontalScrollBar().maximum() == 0
    shown = view.viewport().width()
    metrics = view.fontMetrics()
    long_item = view.item(next(r for r in range(view.count())
                               if view.item(r).text().startswith("<b>Ser")))
    assert metrics.horizontalAdvance(long_item.text()) > shown  # cut: its tooltip has it
    tip = long_item.toolTip()
    assert tip.startswith("<p") and "&lt;b&gt;Ser&lt;/b&gt;" in tip and "<b>Ser" not in tip
    assert "Long Valley" in tip.rsplit("Aldericus", 1)[1]
    short = view.item(next(r for r in range(view.count())
                           if view.item(r).text().startswith(people[0].name)))
    assert metrics.horizontalAdvance(short.text()) < shown  # a usual line reads whole
    said = picker.no_knight  # who lacks a knight profile: named, cut, whole in the tooltip
    assert said.isVisible() and "…" in said.text() and people[2].name in said.toolTip()


def test_the_acting_one_s_name_reads_whole_in_the_table(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """At 1366×768 the Name column is as wide as the longest name in bold (the acting row's):
    "Wren Quickfingers", not "Wren …"; the Status column stays in view beside it."""
    from PySide6.QtGui import QFont, QFontMetrics
    from PySide6.QtWidgets import QStyle

    window, size = _on_laptop(tmp_path, qtbot, monkeypatch, "laptop")
    ew = _fight(window, "group")
    ew.cancel()
    table = ew.table
    names = [str(ew.model.index(r, 0).data()) for r in range(ew.model.rowCount())]
    assert "Wren Quickfingers" in names
    for _turn in range(len(names)):  # the turn goes round to Wren
        if ew.enc.combatants[str(ew.session.current_id())].name == "Wren Quickfingers":
            break
        QTest.keyClick(table, Key.Key_N)
    QApplication.processEvents()
    row = names.index("Wren Quickfingers")
    cell = ew.model.index(row, 0)
    font = QFont(cell.data(Qt.ItemDataRole.FontRole))
    assert font.bold(), "the acting one's name is bold"
    margin = 2 * (table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 1)
    bold = QFont(table.font())
    bold.setBold(True)
    for name in names:
        assert QFontMetrics(bold).horizontalAdvance(name) + margin <= table.columnWidth(0), name
    rect = table.visualRect(cell)
    assert table.viewport().rect().contains(rect), rect  # the whole cell, unscrolled
    assert "Wren Quickfingers" in cell.data(Qt.ItemDataRole.ToolTipRole)
    status = table.visualRect(ew.model.index(row, ew.model.columnCount() - 1))
    assert table.viewport().rect().contains(status), status
    assert_fits(window, size)
