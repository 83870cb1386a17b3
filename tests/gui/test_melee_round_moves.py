"""The Melee Round's movement and walls from the encounter window (seed 001)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.events import Rolled
from tests.gui.test_melee_round_gui import key, open_joust

Key = Qt.Key


def _type(edit: QWidget, text: str) -> None:
    edit.setFocus()
    QTest.keyClick(edit, Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(edit, text)


def test_shift_j_moves_a_toward_b_previewed_and_not_after_fighting(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Movement Phase yard by yard (a knight on foot: its rate); then, engaged and having
    fought this round, "either fight ... or move ..., but not both"."""
    _window, ew, _ids = open_joust(tmp_path, qtbot, monkeypatch, ScriptedRoller([]))
    panel = ew.melee_panel
    ca, cb = ew.enc.combatants.values()
    key(ew, Key.Key_I)
    ew.table.setFocus()
    QTest.keyClick(ew.table, Key.Key_J, Qt.KeyboardModifier.ShiftModifier)
    assert panel.pending is not None, panel.outcome.toPlainText()
    assert ca.position == 0  # a preview moves nobody
    shown = panel.outcome.toPlainText().splitlines()[0]
    key(ew, Key.Key_Return)
    assert ca.position > 0 and ew.enc.history[-1].summary == shown
    assert shown.startswith(f"Movement: {ca.name} to {ca.position} (")
    # engaged, both miss (19 and 19 over Sword 15): they fought this round
    cb.position = ca.position + 1
    key(ew, Key.Key_I)
    _type(panel.die[0], "19")
    _type(panel.die[1], "19")
    key(ew, Key.Key_A)
    key(ew, Key.Key_Return)
    QTest.keyClick(ew.table, Key.Key_J, Qt.KeyboardModifier.ShiftModifier)
    assert ew.message.text().startswith(f"{ca.name} fought this round: a knight can \"either "
                                        "fight ... or move ..., but not both\"")


def test_j_moves_a_to_the_yard_typed(tmp_path: Path, qtbot: QtBot,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    _window, ew, _ids = open_joust(tmp_path, qtbot, monkeypatch, ScriptedRoller([]))
    panel = ew.melee_panel
    ca = next(iter(ew.enc.combatants.values()))
    key(ew, Key.Key_I)
    _type(panel.goal, "-2")
    key(ew, Key.Key_J)
    key(ew, Key.Key_Return)
    assert ca.position == -2
    assert ew.enc.history[-1].summary == f"Movement: {ca.name} to -2 (goal)"


def test_the_wall_height_makes_a_fumbled_knockdown_roll_a_fall(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed: "if he was on a wall ... and fumbles the DEX roll, he plummets over the edge";
    R33: "A fall from a height: 1d6 per 3 yards": 6 yards, 2d6 (3 + 5)."""
    _window, ew, (_a, _b_id) = open_joust(tmp_path, qtbot, monkeypatch, ScriptedRoller([3, 5]))
    panel = ew.melee_panel
    ca, cb = ew.enc.combatants.values()
    cb.position = ca.position + 1
    key(ew, Key.Key_I)
    _type(panel.wall_height[1], "6")
    _type(panel.die[0], "10")
    _type(panel.die[1], "19")
    _type(panel.damage, "20")
    _type(panel.knockdown, "20")
    key(ew, Key.Key_A)
    shown = panel.outcome.toPlainText()
    assert "fall of 6 yards: 2d6 [3, 5] = 8" in shown
    assert "knockdown fell, fall 8" in shown


def test_a_won_evasion_lets_a_leave_in_the_movement_phase(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Evasion (W to "A evades B", A): "opposed DEX at -5 against the weapon at +5": A's 11 on
    DEX 16 - 5 is a critical, beating B's plain 5 under Sword 15 + 5 — "may move"; then J
    takes A to the yard typed, out of the melee, where without the evasion it is refused."""
    window, ew, (a_id, _b) = open_joust(tmp_path, qtbot, monkeypatch, ScriptedRoller([11, 5]))
    assert window.document is not None
    sheet = window.document.character(a_id)
    assert sheet.knight is not None
    sheet.knight = sheet.knight.model_copy(update={"DEX": 16, "armor_dex_penalty": 0})
    panel = ew.melee_panel
    ca, cb = ew.enc.combatants.values()
    cb.position = ca.position + 1
    key(ew, Key.Key_I)
    _type(panel.goal, "-2")
    key(ew, Key.Key_J)
    assert "evade first" in ew.message.text()
    for _ in range(panel.tactic.count()):
        if panel.tactic.currentData() == "evade":
            break
        key(ew, Key.Key_W)
    assert panel.tactic.currentData() == "evade"
    key(ew, Key.Key_A)
    key(ew, Key.Key_Return)
    assert ew.enc.history[-1].summary.endswith("and may move"), ew.message.text()
    key(ew, Key.Key_J)
    key(ew, Key.Key_Return)
    assert ca.position == -2


def test_no_glory_after_brawling_by_keys(tmp_path: Path, qtbot: QtBot,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """"Glory cannot be gained from brawling": A brawls (both miss: 19 and 19), then the Glory
    tactic with 100 for the foe gives A nothing this round."""
    window, ew, (a_id, _b) = open_joust(tmp_path, qtbot, monkeypatch, ScriptedRoller([]))
    assert window.document is not None
    panel = ew.melee_panel
    ca, cb = ew.enc.combatants.values()
    cb.position = ca.position + 1
    key(ew, Key.Key_I)
    panel.flags[0]["brawl"].setFocus()
    QTest.keyClick(panel.flags[0]["brawl"], Key.Key_Space)
    _type(panel.die[0], "19")
    _type(panel.die[1], "19")
    key(ew, Key.Key_A)
    key(ew, Key.Key_Return)
    assert panel.flags[0]["brawl"].isChecked()
    for _ in range(panel.tactic.count()):
        if panel.tactic.currentData() == "glory":
            break
        key(ew, Key.Key_W)
    _type(panel.glory, "100")
    key(ew, Key.Key_A)
    key(ew, Key.Key_Return)
    assert ew.enc.history[-1].summary.endswith("gains no Glory: the foe was beaten brawling")
    knight = window.document.character(a_id).knight
    assert knight is not None and knight.glory == 0


@pytest.mark.slow
def test_typed_d20s_and_enter_in_the_die_field_preview_the_exchange(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """As the attack panel's d20 field: both sides' physical d20s typed, Enter in
    the field previews the exchange (R23: 19 and 19 over Sword 15, both fail); nothing
    changes; the next Enter applies exactly what was shown."""
    _window, ew, _ids = open_joust(tmp_path, qtbot, monkeypatch, ScriptedRoller([]))
    panel = ew.melee_panel
    ca, cb = ew.enc.combatants.values()
    cb.position = ca.position + 1  # engaged, on foot
    key(ew, Key.Key_I)
    before = len(ew.enc.history)
    _type(panel.die[0], "19")
    _type(panel.die[1], "19")
    QTest.keyClick(panel.die[1], Key.Key_Return)
    assert panel.pending is not None, ew.message.text()
    assert len(ew.enc.history) == before  # a preview changes nothing
    shown = panel.outcome.toPlainText()
    assert "Resolution:" in shown and shown.endswith("Enter applies · Esc drops")
    first = shown.splitlines()[0]
    QTest.keyClick(panel.die[1], Key.Key_Return)
    assert len(ew.enc.history) == before + 1, ew.message.text()
    step = ew.enc.history[before]
    assert step.summary == first
    assert [r.faces for r in step.rolls()][:2] == [(19,), (19,)]  # the typed d20s
    assert panel.die[0].text() == panel.die[1].text() == ""  # cleared once applied


def test_enter_in_side_a_d20_field_previews_with_b_rolled(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only A's d20 typed: Enter in A's field previews; B's die is rolled (the roller's 5)."""
    _window, ew, _ids = open_joust(tmp_path, qtbot, monkeypatch, ScriptedRoller([5] + [3] * 20))
    panel = ew.melee_panel
    ca, cb = ew.enc.combatants.values()
    cb.position = ca.position + 1
    key(ew, Key.Key_I)
    _type(panel.die[0], "12")
    QTest.keyClick(panel.die[0], Key.Key_Return)
    assert panel.pending is not None, ew.message.text()
    faces = [e.record.faces for step in panel.pending for e in step.events
             if isinstance(e, Rolled)]
    assert faces[:2] == [(12,), (5,)]


def test_the_tactic_label_marks_alt_t_and_the_heading_names_the_melee_round(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """The tactic's label shows no literal "&" (Alt+T is the clock's Turn, so no mnemonic;
    W cycles the tactic); the heading and the recap name the Melee Round (R23), not Furnace's
    group initiative."""
    from PySide6.QtWidgets import QLabel

    _window, ew, _ids = open_joust(tmp_path, qtbot, monkeypatch, ScriptedRoller([]))
    panel = ew.melee_panel
    label = next(x for x in panel.findChildren(QLabel) if x.buddy() is panel.tactic)
    assert label.text() == "Tactic" and label.isVisible()
    assert not any("&" in x.text() for x in panel.findChildren(QLabel))
    first = panel.tactic.currentText()
    key(ew, Key.Key_W)
    assert panel.tactic.currentText() != first  # the key that reaches the tactic
    key(ew, Key.Key_I)
    heading = ew.heading.text()
    assert "Melee Round (opposed d20, R23)" in heading, heading
    assert "group initiative" not in heading
    assert "Melee Round (opposed d20, R23) · ROOM DC" in ew.recap()
