"""Any number marked ``explains`` explains itself: its tooltip gives the core's parts in the GM's
words with each ruling in one line (escaped), and Ctrl+I on the focused number opens a box whose
buttons open each ruling in the rules reference. The number finds its character by walking up
to an ancestor that has one; a table cell gives its key in a role."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QCursor, QHelpEvent, QStandardItem, QStandardItemModel
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QTableView, QToolTip, QVBoxLayout, QWidget

from emberkeep.character.abilities import ABILITIES, AbilityScores
from emberkeep.character.catalog import SHIPPED, Catalog
from emberkeep.character.model import Character
from emberkeep.character.status import character_armor_class
from emberkeep.gear.inventory import Inventory
from gui import explain
from gui.explain import EXPLAINS, EXPLAINS_ROLE, ExplainBox, install
from gui.rules_window import RulesWindow


def barbarian(armor_name: str = "Chain mail") -> Character:
    inventory = Inventory.from_catalog(["chain_mail", "shield", "longsword"], equip=True)
    armor = inventory.worn_armor
    assert armor is not None
    armor.damage_points = 1
    armor.name = armor_name
    return Character(name="Grima", race="human", class_id="fighter", level=3, hp=20, max_hp=20,
                     scores=AbilityScores.from_bases({a: 12 for a in ABILITIES}),
                     inventory=inventory)


class Host(QWidget):
    """Stands for a sheet: a widget with a character and a catalog, the numbers inside it."""

    def __init__(self, character: Character) -> None:
        super().__init__()
        self.character = character
        self.catalog: Catalog = SHIPPED
        layout = QVBoxLayout(self)
        inner = QWidget(self)  # the number sits a level down, as in a sheet's group box
        inner_layout = QVBoxLayout(inner)
        self.ac = QLabel(str(character_armor_class(character, SHIPPED)), inner)
        self.ac.setProperty(EXPLAINS, "ac")
        self.ac.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.ac.setToolTip("Worn armor + DEX where it applies + shield")
        inner_layout.addWidget(self.ac)
        self.plain = QLabel("no number here", inner)
        self.plain.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        inner_layout.addWidget(self.plain)
        layout.addWidget(inner)


@pytest.fixture
def host(qtbot: Any) -> Host:
    install(QApplication.instance())  # type: ignore[arg-type]
    widget = Host(barbarian())
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def tooltip_of(widget: QWidget, pos: QPoint | None = None) -> str:
    """The tooltip the filter shows on ``widget`` at ``pos``; "" when it leaves the widget to
    Qt (an unmarked number)."""
    at = pos or QPoint(2, 2)
    QToolTip.hideText()
    event = QHelpEvent(QEvent.Type.ToolTip, at, widget.mapToGlobal(at))
    if not install(QApplication.instance()).eventFilter(widget, event):  # type: ignore[arg-type]
        return ""
    return QToolTip.text()


def test_the_tooltip_gives_the_parts_and_each_ruling_in_one_line(host: Host) -> None:
    tip = tooltip_of(host.ac)
    assert "Chain mail" in tip and "dent" in tip and "Shield" in tip
    assert "R15 Armor crits:" in tip  # the dent's ruling, in one line
    assert "Worn armor + DEX where it applies + shield" in tip  # its own tooltip kept
    assert "Ctrl+I" in tip
    assert tooltip_of(host.plain) == ""  # an unmarked label is left alone


def test_a_campaigns_names_are_escaped_in_the_tooltip(qtbot: Any) -> None:
    install(QApplication.instance())  # type: ignore[arg-type]
    widget = Host(barbarian("<b>Bold</b> & mail"))
    qtbot.addWidget(widget)
    widget.show()
    tip = tooltip_of(widget.ac)
    assert "&lt;b&gt;Bold&lt;/b&gt; &amp; mail" in tip
    assert "<b>Bold</b>" not in tip


def test_ctrl_i_on_the_focused_number_opens_its_parts_and_a_ruling_by_keys(
        host: Host, qtbot: Any) -> None:
    host.activateWindow()
    host.ac.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is host.ac)
    QTest.keyClick(host.ac, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)
    box = host.findChild(ExplainBox)
    assert box is not None and box.isVisible()
    words = [w.text() for w in box.findChildren(QLabel)]
    assert "AC" in words and "Chain mail" in words and "dent" in words and "−1" in words
    assert [b.text() for b in box.ruling_buttons] == [
        "Open R12 Arms, armor and the two-handed bonus", "Open R15 Armor crits"]
    qtbot.waitUntil(lambda: QApplication.focusWidget() is box.ruling_buttons[0])
    QTest.keyClick(box.ruling_buttons[0], Qt.Key.Key_Tab)  # the dent's ruling, by keys
    qtbot.waitUntil(lambda: QApplication.focusWidget() is box.ruling_buttons[1])
    QTest.keyClick(box.ruling_buttons[1], Qt.Key.Key_Space)
    rules = host.findChild(RulesWindow)
    assert rules is not None and rules.isVisible()
    assert rules.current_key() == "R15"
    assert not box.isVisible()


def test_ctrl_i_on_an_unmarked_widget_does_nothing(host: Host, qtbot: Any) -> None:
    host.activateWindow()
    host.plain.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is host.plain)
    QTest.keyClick(host.plain, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)
    assert host.findChild(ExplainBox) is None


def test_a_table_cell_gives_its_key_in_a_role(host: Host, qtbot: Any) -> None:
    model = QStandardItemModel(1, 2)
    ac = QStandardItem("15")
    ac.setData("ac", EXPLAINS_ROLE)
    model.setItem(0, 0, ac)
    model.setItem(0, 1, QStandardItem("nothing"))
    view = QTableView(host)
    view.setModel(model)
    layout = host.layout()
    assert layout is not None
    layout.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    first = view.visualRect(model.index(0, 0)).center()
    assert "R15 Armor crits" in tooltip_of(view.viewport(), first)
    second = view.visualRect(model.index(0, 1)).center()
    assert tooltip_of(view.viewport(), second) == ""
    view.setCurrentIndex(model.index(0, 0))
    found = explain.explanation_at(view)
    assert found is not None and found.total == character_armor_class(host.character, SHIPPED)


def test_a_key_naming_nothing_and_a_character_gone_say_nothing(host: Host) -> None:
    host.ac.setProperty(EXPLAINS, "atk:no-such-weapon")
    assert tooltip_of(host.ac) == ""
    assert explain.explanation_at(host.ac) is None


def test_a_previews_line_citing_a_ruling_says_it_in_its_tooltip(qtbot: Any) -> None:
    """The attack preview is plain text: the line under the mouse (or the cursor's line, for
    Shift+F1) gives the ruling it cites, as a label would."""
    from PySide6.QtGui import QTextCursor
    from PySide6.QtWidgets import QPlainTextEdit

    from gui.ruling_tips import RulingTips, cited_at

    box = QPlainTextEdit()
    qtbot.addWidget(box)
    box.setPlainText("Brannoc hits Brute for 12 (crit)\n"
                     "  Brannoc: crit (natural 20 → Crit Table for Fighters, d6 at level 1, "
                     "R19): 1d6 [5] = 5\n  Brute: HP 200 → 188")
    box.resize(900, 200)
    box.show()
    qtbot.waitExposed(box)
    second = box.document().findBlockByNumber(1)
    cursor = QTextCursor(second)
    at = box.cursorRect(cursor).center()
    tips = RulingTips()
    QToolTip.hideText()
    event = QHelpEvent(QEvent.Type.ToolTip, at, box.viewport().mapToGlobal(at))
    assert tips.eventFilter(box.viewport(), event)
    assert "R19 Crit damage with both games" in QToolTip.text()
    third = box.cursorRect(QTextCursor(box.document().findBlockByNumber(2))).center()
    assert cited_at(box.viewport(), third) == []
    box.setTextCursor(cursor)
    assert cited_at(box) == [19]  # Shift+F1 with the focus in the box: the cursor's line


# -- the real windows ---------------------------------------------------------------------------

@pytest.fixture
def main(tmp_path: Any, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    from tests.gui.windows import open_campaign_window

    window, _path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    install(QApplication.instance())  # type: ignore[arg-type]
    return window


def test_a_fights_ac_and_wdd_segment_cells_explain_themselves(main: Any, qtbot: Any) -> None:
    """The combatants table's AC cell: a PC's sheet AC, a goblin's ROOM DC (R30); in a WDD fight
    the Init cell gives the segment roll's modifiers, whose total the d10 got."""
    from emberkeep.campaign import bestiary
    from emberkeep.campaign.settings import InitiativeMode
    from emberkeep.encounter.bestiary_monsters import monsters_of
    from emberkeep.encounter.segments import segment_breakdown
    from gui.encounter.combatants import AC_COLUMN, INIT_COLUMN, CombatantIdRole

    campaign = main.document.campaign
    ew = main.encounter_tools.new_encounter("Goblins at the ford")
    ew.session.set_setup("mode", initiative=InitiativeMode.SEGMENTS)
    ew.add_pcs([c.id for c in campaign.characters if c.level == 1])
    template = next(t for t in bestiary.templates(campaign) if "Goblin" in t.name)
    ew.add_monsters(monsters_of(template, 2, taken=set(ew.enc.combatants), roller=main.roller))
    ew.roll_initiative()
    ew.show()
    qtbot.waitExposed(ew)
    model, table = ew.model, ew.table
    seen = set()
    for row in range(model.rowCount()):
        cid = model.index(row, 0).data(CombatantIdRole)
        c = ew.enc.combatant(cid)
        table.setCurrentIndex(model.index(row, AC_COLUMN))
        found = explain.explanation_at(table)
        assert found is not None and found.total == ew.enc.armor_class(c)
        seen.add(found.breakdown.parts[0].ruling if c.kind != "pc" else "pc")
        table.setCurrentIndex(model.index(row, INIT_COLUMN))
        segment = explain.explanation_at(table)
        assert segment is not None
        assert segment.breakdown == segment_breakdown(ew.enc, c)
    assert seen == {30, "pc"}
    rect = table.visualRect(model.index(0, AC_COLUMN))
    assert "AC" in tooltip_of(table.viewport(), rect.center())
    # the attack panel: the chosen target's AC, the attacker's ATK
    panel = ew.panel
    target = ew.enc.combatant(str(panel.target.currentData()))
    found = explain.explanation_at(panel.target)
    assert found is not None and found.total == ew.enc.armor_class(target)
    assert found.title == f"{target.name}'s AC"
    attacker = ew.enc.combatant(str(panel.attacker.currentData()))
    atk = explain.explanation_at(panel.attacker)
    assert atk is not None and (atk.title.startswith("ATK") or attacker.kind != "pc")


@pytest.mark.slow
def test_the_sheets_marked_numbers_all_explain_themselves(main: Any, qtbot: Any) -> None:
    """Every number the sheet marks has an explanation whose total is the number it shows."""
    from gui.sheet import CharacterSheet

    for character in main.document.campaign.characters:
        sheet = main.open_sheet(character.id)
        assert isinstance(sheet, CharacterSheet)
        QApplication.processEvents()
        marked = [w for w in sheet.findChildren(QWidget)
                  if w.property(EXPLAINS) and w.isVisibleTo(sheet)]  # a caster's block shown
        if not marked:
            pytest.skip("the sheet marks no number yet")
        for widget in marked:
            found = explain.explanation_at(widget)
            assert found is not None, widget.property(EXPLAINS)
            shown = widget.text() if isinstance(widget, QLabel) else ""
            if shown.lstrip("+−-").isdigit():
                assert int(shown.replace("−", "-")) == found.total, (widget.property(EXPLAINS),
                                                                     shown)


def test_ctrl_i_where_no_number_is_focused_says_how_to_pick_one(main: Any, qtbot: Any) -> None:
    QCursor.setPos(QPoint(-100, -100))  # the mouse over nothing, the focus on the roster
    main.trigger("help.explain")
    assert main.statusBar().currentMessage() == explain.NOTHING_TO_EXPLAIN
    assert main.findChild(ExplainBox) is None
