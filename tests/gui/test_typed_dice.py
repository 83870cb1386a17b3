"""Physical dice for every roll, by keys: Shift+D types what real dice showed for
the next step (surprise per side, R20; a crit die), the line under it lists what the next
step may roll; typing the d20 in the attack panel and pressing Enter previews."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from emberkeep.dice import RandomRoller
from tests.gui.test_encounter_window import key, open_encounter

Key = Qt.Key
Mod = Qt.KeyboardModifier


def _focus() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None
    return widget


@pytest.mark.slow
def test_shift_d_types_each_sides_surprise_d6_then_s_rolls_them(
        tmp_path: Path, qtbot: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """R20: "each side rolls a d6 ... surprised on 1-2": typed 2 for the party, 5 for the
    foes; the party is surprised, the goblins are not; the entry empties once applied."""
    _window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(1), goblins=1)
    assert ew.typed_dice.ahead.text() == ("next may roll: surprise (party, foes), "
                                          "initiative (party, foes)")
    key(ew, Key.Key_D, Mod.ShiftModifier)
    assert _focus() is ew.typed_dice.edit
    QTest.keyClicks(_focus(), "surprise Party: 2; surprise foes: 5")
    assert ew.typed_dice.ahead.text().startswith("2 typed")
    QTest.keyClick(_focus(), Key.Key_Return)  # back to the table, the dice kept
    assert _focus() is ew.table and ew.session.typed_next
    key(ew, Key.Key_S)
    rolls = ew.enc.history[-1].rolls()
    assert [(r.total, r.typed) for r in rolls] == [(2, True), (5, True)]
    surprised = {c.side for c in ew.enc.combatants.values() if c.surprised}
    assert surprised == {"party"}
    assert ew.typed_dice.edit.text() == "" and not ew.session.typed_next


def test_a_wrong_typed_entry_says_why(tmp_path: Path, qtbot: object,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    _window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(1), goblins=1)
    key(ew, Key.Key_D, Mod.ShiftModifier)
    QTest.keyClicks(_focus(), "surprise trolls: 2")
    assert ew.typed_dice.ahead.text() == "“surprise trolls: 2”: nobody called trolls rolls here"
    assert not ew.session.typed_next


def test_typing_the_d20_and_enter_previews_the_attack_then_enter_applies(
        tmp_path: Path, qtbot: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """Today Enter in the d20 field did nothing (it took Esc, A, Enter): now the typed d20 and
    Enter previews, a second Enter applies what was shown. The crit die typed with Shift+D
    answers the crit table when the typed d20 is a natural 20 (R19); the fumble die typed
    beside it was not rolled and stays for the next step."""
    _window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(4), goblins=1)
    from gui.encounter import extras

    extras.surprise_with(ew, ["foes"])  # the party acts first (R20)
    ew.enc.combatant("goblin-1").position = 0
    key(ew, Key.Key_I)
    assert ew.session.current_id() == ew.panel.attacker.currentData()
    assert ew.enc.combatants[str(ew.panel.attacker.currentData())].kind == "pc"
    key(ew, Key.Key_D, Mod.ShiftModifier)
    QTest.keyClicks(_focus(), "crit 1; fumble 5")
    QTest.keyClick(_focus(), Key.Key_Return)
    ew.panel.die.setFocus()
    QTest.keyClicks(_focus(), "20")
    QTest.keyClick(_focus(), Key.Key_Return)
    assert ew.panel.pending is not None and len(ew.enc.history) == 2  # shown, not applied
    rolls = [r for s in ew.panel.pending for r in s.rolls()]
    assert rolls[0].natural == 20 and rolls[0].typed
    crit_rolls = [r for r in rolls if r.typed and r.total == 1]
    assert crit_rolls, "the typed crit die answered the crit table"
    QTest.keyClick(_focus(), Key.Key_Return)
    assert ew.panel.pending is None and len(ew.enc.history) > 2  # applied (the crit killed)
    assert ew.typed_dice.edit.text() == "fumble 5"  # not rolled: kept for the next step


@pytest.mark.slow
def test_the_preview_and_the_log_name_the_fumbles_notch_and_drop_and_undo_refreshes(
        tmp_path: Path, qtbot: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """R17: a natural 1 notches the weapon and drops it: the preview says so before Enter,
    the log (its "Changes") after; Ctrl+Z gives the weapon back in the attack panel."""
    window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(4), goblins=1)
    from gui.encounter import extras

    extras.surprise_with(ew, ["foes"])
    ew.enc.combatant("goblin-1").position = 0
    key(ew, Key.Key_I)
    key(ew, Key.Key_D, Mod.ShiftModifier)
    QTest.keyClicks(_focus(), "fumble 1")  # "You miss wildly": only WDD's notch and drop
    QTest.keyClick(_focus(), Key.Key_Return)
    ew.panel.die.setFocus()
    QTest.keyClicks(_focus(), "1")
    QTest.keyClick(_focus(), Key.Key_Return)
    shown = ew.panel.outcome.toPlainText()
    attacker = ew.enc.combatants[str(ew.panel.attacker.currentData())].name
    weapon = ew.panel.weapon.itemText(1)
    assert f"{attacker}'s {weapon}: notches 0 → 1 (R17)" in shown
    assert f"{attacker}'s {weapon} is dropped" in shown
    QTest.keyClick(_focus(), Key.Key_Return)
    changes = [line.text for line in ew.log_model.lines if line.kind == "change"]
    assert f"{attacker}'s {weapon} is dropped" in changes
    assert ew.panel.weapon.itemText(1) == f"{weapon} (dropped)"  # the panel follows
    assert window.document is not None
    window.document.undo_stack.undo()
    QApplication.processEvents()
    assert not ew.panel.weapon.itemText(1).endswith("(dropped)")


def test_the_entry_reads_every_purpose_who_and_several_rolls() -> None:
    from gui.encounter.typed_entry import parse_entry

    names = ["party", "foes", "Sister Maud", "Goblin 1"]
    assert parse_entry("crit damage 3 5; crit 14; initiative Goblin 1: 8; dying sister maud: "
                       "20; damage 3 5, 4; lingering injury 16", names) == {
        "crit damage": (3, 5), "crit": 14, ("initiative", "Goblin 1"): 8,
        ("dying", "Sister Maud"): 20, "damage": [(3, 5), 4], "lingering injury": 16}
    with pytest.raises(ValueError, match="begin with what the die is for"):
        parse_entry("17", names)
    with pytest.raises(ValueError, match="must be numbers"):
        parse_entry("crit x", names)


@pytest.mark.slow
def test_r20_each_sides_initiative_d6_typed_orders_the_round(
        tmp_path: Path, qtbot: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """R20 (Furnace): a d6 per side, the higher acts first: typed foes 6, party 1."""
    _window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(2), goblins=1)
    from gui.encounter import extras

    extras.surprise_with(ew, [])
    key(ew, Key.Key_D, Mod.ShiftModifier)
    QTest.keyClicks(_focus(), "initiative party: 1; initiative foes: 6")
    QTest.keyClick(_focus(), Key.Key_Return)
    key(ew, Key.Key_I)
    from emberkeep.encounter.events import Rolled

    faces = {e.who: e.record.faces for e in ew.enc.history[-1].events if isinstance(e, Rolled)}
    assert faces == {"party": (1,), "foes": (6,)}
    assert ew.enc.combatants[ew.enc.state.order[0]].side == "foes"
