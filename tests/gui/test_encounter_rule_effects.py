"""Rules that used to do nothing, reached from the encounter window by keys: the
surprised are unaware (R35), the fearless Barbarian's morale, the Bloodshaman's EASY
Medicine."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from emberkeep.character.archetypes import ChosenFeature
from emberkeep.encounter.unaware import UNAWARE
from gui.encounter import extras
from gui.encounter.window import EncounterWindow
from tests.gui.test_encounter_table_actions import _open, _turn_of, _type_d20
from tests.gui.test_encounter_window import key, open_encounter

Key = Qt.Key
Mod = Qt.KeyboardModifier


def _take(ew: EncounterWindow, cid: str, archetype: str, feature: str) -> None:
    ch = ew.enc.character(ew.enc.combatant(cid))
    ch.archetype = archetype
    ch.archetype_features = [ChosenFeature(feature_id=feature, level=1)]


def test_surprised_goblins_are_unaware_and_wrens_blow_is_a_sneak_attack(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """R35: "A combatant is unaware of its foes while it is surprised"; Rogue: "... the hit
    scores automatic CRIT"."""
    from emberkeep.dice import RandomRoller

    _window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(11), goblins=1)
    ew.enc.combatant("goblin-1").position = 0

    def tick_foes(dialog: extras.SurpriseDialog) -> int:
        dialog.boxes["foes"].setChecked(True)
        return 1

    monkeypatch.setattr(extras.SurpriseDialog, "exec", tick_foes)
    key(ew, Key.Key_S, Mod.ShiftModifier)
    goblin = ew.enc.combatant("goblin-1")
    assert {x.name for x in goblin.conditions} == {UNAWARE}
    key(ew, Key.Key_I)
    _turn_of(ew, "Wren")
    ew.panel.target.setCurrentIndex(ew.panel.target.findData("goblin-1"))
    _type_d20(ew, "15")
    key(ew, Key.Key_A)
    key(ew, Key.Key_Return)
    blow = next(s for s in ew.enc.history if s.action == "attack")
    assert "(crit)" in blow.summary and "crit_rogue" in str(blow.events)


def test_m_a_fearless_barbarian_holds_firm(tmp_path: Path, qtbot: QtBot,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Barbarian: "Immune to FEAR effects": M (no morale check due) is the selected PC's WIS
    SAVE, and cannot frighten him, whatever the d20 typed."""
    _window, ew = _open(tmp_path, qtbot, monkeypatch)
    brannoc = next(c.id for c in ew.enc.combatants.values() if c.name.startswith("Brannoc"))
    _take(ew, brannoc, "barbarian", "fearless")
    ew.select(brannoc)
    _type_d20(ew, "1")
    key(ew, Key.Key_M)
    step = ew.enc.history[-1]
    assert step.summary == "Brannoc Ironhand holds firm" and not step.rolls()
    assert "FRIGHTENED" not in {x.name for x in ew.enc.combatant(brannoc).conditions}


def test_b_a_bloodshaman_stabilizes_with_easy_medicine(tmp_path: Path, qtbot: QtBot,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """R21: a WIS (Medicine) check against the ROOM DC 12; the Bloodshaman's "Medicine CHECKS
    are EASY": the check is made against 9. (B rolls its own d20; the typed dice
    are tested with the attack.)"""
    _window, ew = _open(tmp_path, qtbot, monkeypatch)
    brannoc = next(c for c in ew.enc.combatants.values() if c.name.startswith("Brannoc"))
    ew.select(brannoc.id)
    key(ew, Key.Key_D)
    for k in (Key.Key_7, Key.Key_Return):
        key(ew, k)
    maud = _turn_of(ew, "Sister Maud")
    _take(ew, maud, "bloodshaman", "easy_medicine")
    ew.select(brannoc.id)
    key(ew, Key.Key_B)
    step = next(s for s in reversed(ew.enc.history) if s.action == "stabilize")
    assert step.summary.startswith("Sister Maud "), ew.message.text()
    check = step.rolls()[0]
    assert "WIS (Medicine) vs DC 9" in str(step.events)
    assert step.summary.endswith("stabilizes Brannoc Ironhand") == (check.total >= 9)


def test_unawareness_shows_once_for_the_gm_and_never_on_the_player_view(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """R35: surprised, the goblin is unaware of each of the four PCs: the GM's table says so
    once ("UNAWARE", each condition listed once); the player view (F5) shows no one's
    unawareness — a hidden attacker is the GM's secret."""
    from PySide6.QtCore import Qt as _Qt

    from emberkeep.dice import RandomRoller
    from gui.encounter.combatants import COLUMNS

    _window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(11), goblins=1)
    monkeypatch.setattr(extras.SurpriseDialog, "exec", lambda d: (
        d.boxes["foes"].setChecked(True), 1)[1])
    key(ew, Key.Key_S, Mod.ShiftModifier)
    column = [c[0] for c in COLUMNS].index("Conditions")
    row = ew.model.row_of("goblin-1")
    assert row is not None
    assert ew.model.data(ew.model.index(row, column)) == "UNAWARE"
    key(ew, Key.Key_F5)
    view = ew.player_view
    assert view is not None and view.isVisible()
    texts = [str(view.model.data(view.model.index(r, 3), _Qt.ItemDataRole.DisplayRole))
             for r in range(view.model.rowCount())]
    assert len(texts) == len(ew.enc.combatants)  # the goblin's row is there
    assert not any("UNAWARE" in t for t in texts)
