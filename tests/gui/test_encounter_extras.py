"""The encounter window's rarer keys over engine II and the fight's time on the
campaign clock (R27): each is one undo step, reached by its key."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QInputDialog

from emberkeep.campaign.settings import InitiativeMode
from emberkeep.character.sheet_conditions import CharacterCondition
from emberkeep.clock.units import round_seconds
from emberkeep.dice import RandomRoller
from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.encounter.events import Note
from emberkeep.encounter.grip import GRIPPED, GRIPPING
from emberkeep.gear.inventory import own
from emberkeep.gear.owned import OwnedWeapon
from gui.encounter import extras
from gui.encounter.actions import move_action
from gui.encounter.dialogs import CastDialog
from gui.encounter.order import SegmentTimeline, slot_text
from gui.encounter.window import EncounterWindow
from gui.main_window import MainWindow
from tests.gui.test_encounter_window import key, open_encounter

Key = Qt.Key
Mod = Qt.KeyboardModifier


def _open(tmp_path: Path, qtbot: object, monkeypatch: pytest.MonkeyPatch, goblins: int = 2,
          mode: InitiativeMode | None = None) -> tuple[MainWindow, EncounterWindow]:
    return open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(11), goblins=goblins,
                          mode=mode)


def _undo(window: MainWindow) -> None:
    assert window.document is not None
    window.document.undo_stack.undo()
    QApplication.processEvents()


def _pc(ew: EncounterWindow, prefix: str) -> str:
    return next(c.id for c in ew.enc.combatants.values() if c.name.startswith(prefix))


def test_shift_s_lets_the_gm_choose_the_surprised_side(
        tmp_path: Path, qtbot: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """R20: "each side rolls a d6 ... or the GM decides": the GM ticks "foes"; one undo."""
    window, ew = _open(tmp_path, qtbot, monkeypatch)

    def tick_foes(dialog: extras.SurpriseDialog) -> int:
        dialog.boxes["foes"].setChecked(True)
        return 1

    monkeypatch.setattr(extras.SurpriseDialog, "exec", tick_foes)
    key(ew, Key.Key_S, Mod.ShiftModifier)
    assert ew.enc.state.phase == "surprise"
    assert {c.side for c in ew.enc.combatants.values() if c.surprised} == {"foes"}
    _undo(window)
    assert ew.enc.state.phase == "setup"
    assert not any(c.surprised for c in ew.enc.combatants.values())


def test_surprise_by_nobody_or_by_the_dice(tmp_path: Path, qtbot: object,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    window, ew = _open(tmp_path, qtbot, monkeypatch)
    assert extras.surprise_with(ew, []) is None
    assert not any(c.surprised for c in ew.enc.combatants.values())
    _undo(window)
    assert extras.surprise_with(ew, None) is None
    assert len(ew.enc.history[-1].rolls()) == 2  # a d6 per side


def test_l_declares_a_spell_shown_on_the_segment_timeline(
        tmp_path: Path, qtbot: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """WDD: "After Surprise has been determined, any M-Us can declare if they are going to
    cast a spell" (R20): the spell is on the caster's row of the order and the timeline."""
    window, ew = _open(tmp_path, qtbot, monkeypatch, mode=InitiativeMode.SEGMENTS)
    extras.surprise_with(ew, [])
    ysolde = _pc(ew, "Ysolde")
    ew.select(ysolde)
    monkeypatch.setattr(CastDialog, "exec", lambda self: 1)  # the first spell: fireball
    key(ew, Key.Key_L)
    assert ew.enc.combatant(ysolde).declared_spell == "fireball"
    key(ew, Key.Key_I)
    texts = [slot_text(ew.session, s) for _, slots in ew.timeline.columns().items()
             for _, s in slots if s.cid == ysolde]
    assert texts and all("fireball" in t for t in texts)
    assert isinstance(ew.timeline, SegmentTimeline)
    _undo(window)
    _undo(window)
    assert ew.enc.combatant(ysolde).declared_spell is None


def test_u_resolves_the_declared_melee_at_once(tmp_path: Path, qtbot: object,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Furnace's simultaneous melee (R20): Shift+A declares the panel's blow, U rolls every
    declared blow and resolves them highest first, as one step."""
    window, ew = _open(tmp_path, qtbot, monkeypatch, goblins=1,
                       mode=InitiativeMode.SIMULTANEOUS)
    for c in ew.enc.combatants.values():
        c.position = 0  # everyone CLOSE
    key(ew, Key.Key_I)
    brannoc = _pc(ew, "Brannoc")
    panel = ew.panel
    panel.attacker.setCurrentIndex(panel.attacker.findData(brannoc))
    panel.target.setCurrentIndex(panel.target.findData("goblin-1"))
    panel.attacker.setFocus()
    ew.table.setFocus()
    key(ew, Key.Key_A, Mod.ShiftModifier)
    assert ew.melee_declared == {brannoc: "goblin-1"}
    panel.attacker.setCurrentIndex(panel.attacker.findData("goblin-1"))
    panel.target.setCurrentIndex(panel.target.findData(brannoc))
    key(ew, Key.Key_A, Mod.ShiftModifier)
    before = len(ew.enc.history)
    key(ew, Key.Key_U)
    melee = ew.enc.history[before]  # (a fallen side's end of the fight may follow)
    assert melee.action == "simultaneous melee"
    assert len(melee.rolls()) >= 2 and ew.melee_declared == {}
    assert ew.enc.combatant(brannoc).acted
    _undo(window)
    assert len(ew.enc.history) == before and not ew.enc.combatant(brannoc).acted


def test_u_without_declarations_takes_every_close_pair(
        tmp_path: Path, qtbot: object, monkeypatch: pytest.MonkeyPatch) -> None:
    _window, ew = _open(tmp_path, qtbot, monkeypatch, goblins=1,
                       mode=InitiativeMode.SIMULTANEOUS)
    assert extras.melee_candidates(ew.enc) == {}
    goblin = ew.enc.combatant("goblin-1")
    goblin.position = 0
    key(ew, Key.Key_I)
    pairs = extras.melee_candidates(ew.enc)
    assert "goblin-1" in pairs and len(pairs) == 5  # four PCs and the goblin, all CLOSE
    before = len(ew.enc.history)
    key(ew, Key.Key_U)
    assert ew.enc.history[before].action == "simultaneous melee"


def test_e_fends_with_a_spear(tmp_path: Path, qtbot: object,
                              monkeypatch: pytest.MonkeyPatch) -> None:
    """WDD Fending: "a weapon more than five feet long" (R31: spear 8 ft); a 1st-level fender
    fends one opponent (one per two HD, rounded up); one undo step."""
    window, ew = _open(tmp_path, qtbot, monkeypatch, goblins=1)
    brannoc = _pc(ew, "Brannoc")
    sheet = ew.enc.character(ew.enc.combatant(brannoc))
    spear = own("spear")
    assert isinstance(spear, OwnedWeapon) and (spear.length_ft or 0) > 5
    sheet.inventory.put(spear)
    for w in sheet.inventory.weapons:
        w.equipped = w is spear
    ew.enc.combatant("goblin-1").position = 0
    extras.surprise_with(ew, [])
    key(ew, Key.Key_I)
    ew.panel.attacker.setCurrentIndex(ew.panel.attacker.findData(brannoc))
    monkeypatch.setattr(ew, "actor", lambda: ew.enc.combatant(brannoc))
    ew.select("goblin-1")
    before = len(ew.enc.history)
    key(ew, Key.Key_E)
    assert ew.enc.history[before].action == "fend", ew.message.text()
    _undo(window)
    assert len(ew.enc.history) == before


def test_p_grip_attacks_and_r_breaks_free(tmp_path: Path, qtbot: object,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """WDD's knife grip: the gripper's two automatic blows (P); the gripped breaks free with
    a STR check (R), each one undo step."""
    window, ew = _open(tmp_path, qtbot, monkeypatch, goblins=1)
    wren = _pc(ew, "Wren")
    goblin = ew.enc.combatant("goblin-1")
    goblin.position = 0
    extras.surprise_with(ew, [])
    key(ew, Key.Key_I)
    ew.enc.combatant(wren).conditions = (ActiveCondition(GRIPPING, None, "removed",
                                                         "goblin-1", 0),)
    goblin.conditions = (ActiveCondition(GRIPPED, None, "removed", wren, 0),)
    actor = [wren]
    monkeypatch.setattr(ew, "actor", lambda: ew.enc.combatant(actor[0]))
    before = len(ew.enc.history)
    key(ew, Key.Key_P)
    assert ew.enc.history[before].action == "grip attacks", ew.message.text()
    _undo(window)
    actor[0] = "goblin-1"
    key(ew, Key.Key_R)
    assert ew.enc.history[-1].action == "break grip", ew.message.text()
    _undo(window)
    assert ew.enc.history[-1].action != "break grip"


def test_y_mounts_the_selected_and_undo_dismounts(tmp_path: Path, qtbot: object,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """R31's mount ranks: 3 is a courser; WDD: -2 to hit mounted without the feat."""
    window, ew = _open(tmp_path, qtbot, monkeypatch)
    brannoc = _pc(ew, "Brannoc")
    ew.select(brannoc)
    monkeypatch.setattr(QInputDialog, "getItem", lambda *a, **k: ("courser", True))
    key(ew, Key.Key_Y)
    assert ew.enc.combatant(brannoc).mount == 3
    _undo(window)
    assert ew.enc.combatant(brannoc).mount == 0


def _goblin_aims_at_wren(ew: EncounterWindow) -> tuple[str, str]:
    """The fight begun, the goblin in the party's zone, its attack panel aimed at Wren, whom
    Brannoc (a shield) stands CLOSE to: (Brannoc's id, Wren's id)."""
    ew.enc.combatant("goblin-1").position = 0
    extras.surprise_with(ew, [])
    key(ew, Key.Key_I)
    brannoc, wren = _pc(ew, "Brannoc"), _pc(ew, "Wren")
    ew.panel.attacker.setCurrentIndex(ew.panel.attacker.findData("goblin-1"))
    ew.panel.target.setCurrentIndex(ew.panel.target.findData(wren))
    return brannoc, wren


def test_v_picks_a_shield_bearer_who_takes_the_shot(tmp_path: Path, qtbot: object,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """R31: "If a character is armed with a shield, they can voluntarily become the target of
    a volley shot against an adjacent character": V picks Brannoc (shield) CLOSE to Wren."""
    _window, ew = _open(tmp_path, qtbot, monkeypatch, goblins=1)
    brannoc, wren = _goblin_aims_at_wren(ew)
    panel = ew.panel
    assert brannoc in extras.shield_volunteers(ew.enc, "goblin-1", wren)
    while panel.volunteer.currentData() != brannoc:
        key(ew, Key.Key_V)
    key(ew, Key.Key_A)
    key(ew, Key.Key_Return)
    step = ew.enc.history[-1]
    assert any(isinstance(e, Note) and "raises a shield" in e.text for e in step.events)


def test_a_move_updates_who_may_take_the_shot(tmp_path: Path, qtbot: object,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """R31's volunteer must be adjacent (CLOSE) to the target: Brannoc stepping away leaves the
    Volunteer box, and his undone step puts him back, without V being pressed."""
    window, ew = _open(tmp_path, qtbot, monkeypatch, goblins=1)
    brannoc, wren = _goblin_aims_at_wren(ew)
    panel = ew.panel
    assert panel.volunteer.findData(brannoc) > 0
    away = ew.enc.combatant(brannoc).position + 2  # a step, the target's row left selected
    assert ew.run("Move Brannoc", move_action(brannoc, away, False)) is None
    assert panel.target.currentData() == wren
    assert brannoc not in extras.shield_volunteers(ew.enc, "goblin-1", wren)
    assert panel.volunteer.findData(brannoc) == -1
    _undo(window)
    assert panel.volunteer.findData(brannoc) > 0


def test_the_blow_that_ends_the_fight_moves_the_clock_in_one_undo(
        tmp_path: Path, qtbot: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """R27: the fight's rounds go on the campaign clock when it is over, in the same
    undo command as the blow; the date in the status bar follows; Ctrl+Z puts both back."""
    window, ew = _open(tmp_path, qtbot, monkeypatch, goblins=1)
    document = window.document
    assert document is not None
    campaign = document.campaign
    start = campaign.time
    date = window.campaign_tools.date_label
    before_text = date.text()
    extras.surprise_with(ew, [])
    key(ew, Key.Key_I)
    ew.select("goblin-1")
    assert ew.ask_amount("damage") is None
    ew.amount.setText("5")
    key(ew, Key.Key_Return)
    assert ew.enc.state.phase == "over"
    length = round_seconds(campaign.settings.time, ew.enc.state.mode)
    assert campaign.time == start + length and ew.session.record.clocked_rounds == 1
    assert date.text() != before_text or length < 60
    _undo(window)
    assert campaign.time == start and ew.session.record.clocked_rounds == 0
    assert ew.enc.combatant("goblin-1").hp == 5 and ew.enc.state.phase == "fighting"
    document.undo_stack.redo()
    assert campaign.time == start + length and ew.enc.state.phase == "over"


def test_finishing_a_half_fought_fight_clocks_its_rounds_and_rest_conditions(
        tmp_path: Path, qtbot: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl+Shift+F: the rounds so far on the clock and R21's "HARD until rest" from the sheet
    on the timeline, one undo; a second finish has nothing to add."""
    window, ew = _open(tmp_path, qtbot, monkeypatch, goblins=1)
    document = window.document
    assert document is not None
    campaign = document.campaign
    brannoc = _pc(ew, "Brannoc")
    sheet = ew.enc.character(ew.enc.combatant(brannoc))
    sheet.conditions = [CharacterCondition(name="HARD:all", source="injury", lasts="rest")]
    start, entries = campaign.time, len(campaign.timeline)
    extras.surprise_with(ew, [])
    key(ew, Key.Key_I)
    key(ew, Key.Key_F, Mod.ControlModifier | Mod.ShiftModifier)
    length = round_seconds(campaign.settings.time, ew.enc.state.mode)
    assert campaign.time == start + length
    assert len(campaign.timeline) == entries + 1
    assert document.character(sheet.id).conditions[0].timed_id == campaign.timeline[-1].id
    assert extras.finish(ew) == "the fight's time is already on the clock"
    _undo(window)
    assert campaign.time == start and len(campaign.timeline) == entries
    assert document.character(sheet.id).conditions[0].timed_id is None


def test_closing_the_tab_of_a_fight_puts_its_rounds_on_the_clock(
        tmp_path: Path, qtbot: object, monkeypatch: pytest.MonkeyPatch) -> None:
    window, ew = _open(tmp_path, qtbot, monkeypatch, goblins=1)
    assert window.document is not None
    campaign = window.document.campaign
    start = campaign.time
    extras.surprise_with(ew, [])
    key(ew, Key.Key_I)
    window.tabs.tabCloseRequested.emit(window.tabs.indexOf(ew))
    QApplication.processEvents()
    assert campaign.time > start
    _undo(window)
    assert campaign.time == start


def test_the_panels_advantage_rolls_2d20_keep_high(tmp_path: Path, qtbot: object,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The optional rule "Advantage and disadvantage ... beside or instead of EASY/HARD": the GM's
    advantage on the attack panel rolls two d20 and keeps the higher."""
    _window, ew = _open(tmp_path, qtbot, monkeypatch, goblins=1)
    ew.enc.combatant("goblin-1").position = 0
    extras.surprise_with(ew, [])
    key(ew, Key.Key_I)
    panel = ew.panel
    panel.attacker.setCurrentIndex(panel.attacker.findData(_pc(ew, "Brannoc")))
    panel.target.setCurrentIndex(panel.target.findData("goblin-1"))
    panel.advantage.setCurrentIndex(1)
    assert panel.roll() is None and panel.pending is not None
    record = panel.pending[0].rolls()[0]
    assert len(record.faces) == 2 and record.kept == (max(record.faces),)


def test_casting_from_a_scroll_is_an_option_of_the_cast_dialog(
        tmp_path: Path, qtbot: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """The "scroll" context (Wizard: "Spells cast from scrolls are EASY")."""
    _window, ew = _open(tmp_path, qtbot, monkeypatch, goblins=1)
    extras.surprise_with(ew, [])
    key(ew, Key.Key_I)
    ysolde = _pc(ew, "Ysolde")
    monkeypatch.setattr(ew, "actor", lambda: ew.enc.combatant(ysolde))

    def from_scroll(dialog: CastDialog) -> int:
        dialog.from_scroll.setChecked(True)
        return 1

    monkeypatch.setattr(CastDialog, "exec", from_scroll)
    before = len(ew.enc.history)
    key(ew, Key.Key_C)
    assert len(ew.enc.history) == before  # previewed: Enter applies it
    key(ew, Key.Key_Return)
    assert ew.enc.history[before].action == "cast", ew.message.text()
    assert ew.document.undo_stack.undoText().endswith("from a scroll")
