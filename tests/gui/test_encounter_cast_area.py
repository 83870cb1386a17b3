"""C on an area spell offers everyone in its area, ticked; the GM unticks whom it spares, Enter
previews the cast on the rest and Enter again applies it to them all as one undo step.

Four goblins (5 HP) stand in zone 1; the party is moved to zone -1, RANGED from them: in
Fireball's reach, outside its area. Ysolde's SPELLCHECK is d20 + 3.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from emberkeep.dice import ScriptedRoller
from gui.encounter.actions import _area_offer
from gui.encounter.dialogs import CastDialog
from tests.gui.test_encounter_window import key, open_encounter

Key = Qt.Key


def _untick_goblin_3(dialog: CastDialog, seen: dict[str, object], qtbot: QtBot) -> None:
    """Fireball chosen with the arrows, Tab to its area, Goblin 3 unticked by Space, Enter."""
    # the spells have the keys first
    qtbot.waitUntil(lambda: dialog.isActiveWindow() and dialog.list.hasFocus())
    QTest.keyClick(dialog.list, Key.Key_Home)
    while dialog.list.currentItem().text() != "Fireball":
        QTest.keyClick(dialog.list, Key.Key_Down)
    listed = [dialog.targets.item(i) for i in range(dialog.targets.count())]
    seen["offered"] = [(i.text(), i.checkState() == Qt.CheckState.Checked) for i in listed]
    QTest.keyClick(dialog.list, Key.Key_Tab)  # on to the area's list
    focus = QApplication.focusWidget()
    assert focus is dialog.targets
    QTest.keyClick(focus, Key.Key_Down)
    QTest.keyClick(focus, Key.Key_Down)  # Goblin 3
    QTest.keyClick(focus, Key.Key_Space)  # spared
    QTest.keyClick(focus, Key.Key_Return)  # cast


def test_fireball_offers_its_area_the_gm_unticks_one_enter_burns_the_rest_one_undo(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window, ew = open_encounter(tmp_path, qtbot, monkeypatch,
                                ScriptedRoller([3, 1] + [4] * 40), goblins=4)
    key(ew, Key.Key_I)
    ysolde = next(c for c in ew.enc.combatants.values() if c.name.startswith("Ysolde"))
    for c in ew.enc.combatants.values():
        if c.kind == "pc":
            c.position = -1
    monkeypatch.setattr(ew, "actor", lambda: ysolde)
    ew.panel.target.setCurrentIndex(ew.panel.target.findData("goblin-1"))
    seen: dict[str, object] = {}

    def by_keys() -> None:
        """Inside the dialog's own modal loop, as the GM meets it."""
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, CastDialog)
        try:
            _untick_goblin_3(dialog, seen, qtbot)
        finally:
            if dialog.isVisible():  # a failed step: never leave the modal loop hanging
                seen["left open"] = QApplication.focusWidget()
                dialog.reject()

    ew.window().activateWindow()
    qtbot.waitUntil(lambda: ew.window().isActiveWindow())
    QTimer.singleShot(0, by_keys)
    ew.panel.die.setFocus()
    QTest.keyClicks(ew.panel.die, "15")  # 15 + 3 = 18: level 2, "in CLOSE of the target"
    ew.table.setFocus()
    document = window.document
    assert document is not None
    before, index = len(ew.enc.history), document.undo_stack.index()
    start = ew.enc.fingerprint()

    key(ew, Key.Key_C)
    assert "left open" not in seen, seen
    assert seen["offered"] == [(f"Goblin {n}", True) for n in (1, 2, 3, 4)]
    assert ew.panel.pending is not None, ew.message.text()
    shown = ew.panel.outcome.toPlainText()
    assert shown.startswith("Ysolde the Grey casts Fireball at level 2: "
                            "4 DAM to Goblin 1, Goblin 2, Goblin 4")
    for n in (1, 2, 4):  # the preview shows what it does to each chosen
        assert f"Goblin {n}: HP 5 → 1" in shown
    assert "Goblin 3: HP" not in shown  # spared
    assert len(ew.enc.history) == before  # nothing yet

    ew.window().activateWindow()  # back from the dialog (the offscreen platform does not)
    qtbot.waitUntil(lambda: ew.window().isActiveWindow() and ew.table.hasFocus())
    key(ew, Key.Key_Return)  # from the table, where the preview left the keys
    assert len(ew.enc.history) == before + 1, ew.message.text()
    assert [ew.enc.combatant(f"goblin-{n}").hp for n in (1, 2, 3, 4)] == [1, 1, 5, 1]
    assert document.undo_stack.index() == index + 1
    assert document.undo_stack.undoText() == "Cast Fireball"

    key(ew, Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    QApplication.processEvents()
    assert len(ew.enc.history) == before
    assert [ew.enc.combatant(f"goblin-{n}").hp for n in (1, 2, 3, 4)] == [5, 5, 5, 5]
    assert ew.enc.fingerprint() == start


def test_a_spell_of_one_target_offers_no_area(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Chill Touch touches one: the area's list stays hidden and the table's target stands."""
    _window, ew = open_encounter(tmp_path, qtbot, monkeypatch,
                                 ScriptedRoller([3, 1] + [4] * 40), goblins=2)
    ysolde = next(c for c in ew.enc.combatants.values() if c.name.startswith("Ysolde"))
    dialog = CastDialog(ew.enc.character(ysolde), ew.enc.catalog, ew,
                        offer=lambda spell: [] if spell != "fireball" else
                        [("goblin-1", "Goblin 1"), ("goblin-2", "Goblin 2")])
    qtbot.addWidget(dialog)
    dialog.show()
    ids = [dialog.list.item(i).data(Qt.ItemDataRole.UserRole)
           for i in range(dialog.list.count())]
    dialog.list.setCurrentRow(ids.index("fireball"))
    assert dialog.targets.isVisible() and dialog.chosen_targets() == ["goblin-1", "goblin-2"]
    dialog.list.setCurrentRow(ids.index("chill_touch"))
    assert not dialog.targets.isVisible()
    assert dialog.chosen_targets() is None


def test_an_area_around_the_caster_offers_its_allies_not_the_tables_target(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Bless 4-5's "for all allies NEAR" centres on the caster: the offer is the party by
    her, whatever goblin the table has selected; Chill Touch offers nothing (one target)."""
    _window, ew = open_encounter(tmp_path, qtbot, monkeypatch,
                                 ScriptedRoller([3, 1] + [4] * 40), goblins=2)
    maud = next(c for c in ew.enc.combatants.values() if c.name.startswith("Sister Maud"))
    party = sorted(c.name for c in ew.enc.combatants.values()
                   if c.kind == "pc" and c.id != maud.id)
    offered = _area_offer(ew.enc, maud.id, "bless", ["goblin-1"])
    assert sorted(name for _cid, name in offered) == party
    assert _area_offer(ew.enc, maud.id, "chill_touch", ["goblin-1"]) == []
