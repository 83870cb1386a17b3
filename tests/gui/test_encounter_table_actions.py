"""The texts' other actions in the encounter window, Q then one key; each previews
its step (nothing changes), Enter applies exactly it as one undo step, and the log names it."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QInputDialog
from pytestqt.qtbot import QtBot

from emberkeep.dice import RandomRoller
from emberkeep.encounter.events import Rolled
from emberkeep.encounter.movement import GRAPPLED, PRONE
from emberkeep.encounter.unaware import UNAWARE
from emberkeep.gear.inventory import own
from emberkeep.gear.owned import OwnedItem
from gui.encounter.shortcuts import ShortcutsDialog, shortcuts_for
from gui.encounter.window import EncounterWindow
from gui.main_window import MainWindow
from tests.gui.test_encounter_window import key, open_encounter

Key = Qt.Key
Mod = Qt.KeyboardModifier


def _open(tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
          goblins: int = 1) -> tuple[MainWindow, EncounterWindow]:
    window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(11), goblins=goblins)
    for c in ew.enc.combatants.values():
        c.position = 0  # everyone CLOSE: the setup, before the fight
    key(ew, Key.Key_I)  # no surprise, initiative rolled
    return window, ew


def _turn_of(ew: EncounterWindow, prefix: str) -> str:
    """N until ``prefix`` is acting (keys only); its id."""
    for _ in range(20):
        cid = ew.session.current_id()
        if cid and ew.enc.combatants[cid].name.startswith(prefix):
            return cid
        key(ew, Key.Key_N)
    raise AssertionError(f"{prefix} never acts")


def _type_d20(ew: EncounterWindow, text: str) -> None:
    ew.panel.die.setFocus()
    QTest.keyClicks(ew.panel.die, text)
    ew.table.setFocus()


def _chord(ew: EncounterWindow, second: Key, modifier: Mod = Mod.NoModifier) -> None:
    key(ew, Key.Key_Q)
    key(ew, second, modifier)


def _undo(window: MainWindow) -> None:
    assert window.document is not None
    window.document.undo_stack.undo()
    QApplication.processEvents()


def _log_texts(ew: EncounterWindow) -> list[str]:
    return [ew.log_model.line(r).text for r in range(ew.log_model.rowCount())]


def test_q_g_previews_the_grapple_enter_applies_it_and_the_log_names_it(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """R31: "A grapple is an action: STR check against the target's STR (or ROOM DC)": 19 + 2
    (STR and PROF in Athletics, R7) against the goblin's ROOM DC 12 holds it."""
    window, ew = _open(tmp_path, qtbot, monkeypatch)
    brannoc = _turn_of(ew, "Brannoc")
    ew.panel.target.setCurrentIndex(ew.panel.target.findData("goblin-1"))
    _type_d20(ew, "19")
    before = len(ew.enc.history)
    _chord(ew, Key.Key_G)
    assert ew.panel.pending is not None, ew.message.text()
    assert len(ew.enc.history) == before  # a preview changes nothing
    shown = ew.panel.outcome.toPlainText()
    assert shown.startswith("Brannoc Ironhand grapples Goblin (21 vs 12)")
    key(ew, Key.Key_Return)
    goblin = ew.enc.combatant("goblin-1")
    assert [x.name for x in goblin.conditions] == [GRAPPLED]
    assert ew.enc.history[-1].summary.startswith("Brannoc Ironhand grapples Goblin (")
    assert ew.enc.history[-1].rolls()[0].faces == (19,)
    assert any("grapples Goblin" in t for t in _log_texts(ew))
    assert ew.enc.combatant(brannoc).acted
    _undo(window)
    assert not ew.enc.combatant("goblin-1").conditions and len(ew.enc.history) == before


def _apply(ew: EncounterWindow, second: Key, modifier: Mod = Mod.NoModifier) -> str:
    """The chord, its preview checked to change nothing, then Enter; the applied summary."""
    before = len(ew.enc.history)
    _chord(ew, second, modifier)
    assert ew.panel.pending is not None, ew.message.text()
    assert len(ew.enc.history) == before
    shown = ew.panel.outcome.toPlainText().splitlines()[0]
    key(ew, Key.Key_Return)
    assert len(ew.enc.history) > before  # (and "the fight is over" when it ended it)
    summary = ew.enc.history[before].summary
    assert summary == shown  # Enter applies exactly what was previewed
    assert summary in _log_texts(ew)
    return summary


def test_q_k_shoves_prone_and_q_u_stands_up_then_q_bracket_disengages(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """R31's shove knocks PRONE; R28: "standing up takes the move"; Furnace: "DISENGAGE and go
    NEAR" leaves CLOSE of a foe, one zone."""
    window, ew = _open(tmp_path, qtbot, monkeypatch)
    brannoc = _turn_of(ew, "Brannoc")
    ew.panel.target.setCurrentIndex(ew.panel.target.findData("goblin-1"))
    _type_d20(ew, "19")
    assert _apply(ew, Key.Key_K) == "Brannoc Ironhand knocks Goblin PRONE (21 vs 12)"
    assert [x.name for x in ew.enc.combatant("goblin-1").conditions] == [PRONE]
    _turn_of(ew, "Goblin")
    assert _apply(ew, Key.Key_U) == "Goblin stands up"
    assert not ew.enc.combatant("goblin-1").conditions
    _turn_of(ew, "Wren")
    assert _apply(ew, Key.Key_BracketRight) == "Wren Quickfingers disengages to zone 1"
    assert ew.enc.combatant(_turn_of(ew, "Wren")).position == 1
    _undo(window)
    assert ew.enc.combatant(brannoc).position == 0
    assert all(c.position == 0 for c in ew.enc.combatants.values())


def test_q_b_the_target_sunders_its_shield_and_q_c_sacrifices_one_on_a_crit(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Furnace: "Shield can be sundered to soak up half of the incoming DAM. This will destroy
    the shield": 4 DAM, 2 soaked. WDD (R18): a sacrificed shield turns the goblin's natural 20
    (a crit, R38) into a plain hit and betters Brannoc's next initiative by 2."""
    window, ew = _open(tmp_path, qtbot, monkeypatch)
    brannoc = ew.enc.combatant(next(c.id for c in ew.enc.combatants.values()
                                    if c.name.startswith("Brannoc")))
    sheet = ew.enc.character(brannoc)
    shield = sheet.inventory.shields[0]
    _turn_of(ew, "Goblin")
    ew.select(brannoc.id)
    _type_d20(ew, "19")
    ew.panel.damage.setFocus()
    QTest.keyClicks(ew.panel.damage, "4")
    ew.table.setFocus()
    assert _apply(ew, Key.Key_B) == "Goblin hits Brannoc Ironhand for 2"
    assert sheet.hp == 7 - 2 and shield.destroyed
    _undo(window)
    assert sheet.hp == 7 and not shield.destroyed
    _type_d20(ew, "20")
    assert _apply(ew, Key.Key_C) == ("Goblin hits Brannoc Ironhand for 4 (crit avoided: "
                                     "shield sacrificed)")
    assert shield.destroyed and brannoc.initiative_bonus == 2
    assert sheet.inventory.worn_armor is not None
    assert sheet.inventory.worn_armor.damage_points == 0  # no crit: no dent (R15)


def test_q_a_marks_the_goblin_unaware_of_wren_and_her_attack_is_a_sneak_attack(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """R35: "... of one attacker the GM marks as unnoticed"; Rogue: "if target is unaware, it
    is EASY to hit, and the hit scores automatic CRIT"; the attack ends it."""
    _window, ew = _open(tmp_path, qtbot, monkeypatch)
    _turn_of(ew, "Wren")
    ew.panel.target.setCurrentIndex(ew.panel.target.findData("goblin-1"))
    assert _apply(ew, Key.Key_A) == "Goblin is unaware of Wren Quickfingers (R35)"
    goblin = ew.enc.combatant("goblin-1")
    assert [x.name for x in goblin.conditions] == [UNAWARE]
    assert "UNAWARE" in ew.model.data(ew.model.index(ew.model.row_of("goblin-1") or 0, 6))
    _type_d20(ew, "15")
    key(ew, Key.Key_A)
    key(ew, Key.Key_Return)
    blow = next(s for s in reversed(ew.enc.history) if s.action == "attack")
    assert blow.summary.startswith("Wren Quickfingers hits Goblin for")
    assert "(crit)" in blow.summary  # the crit row may add its own conditions
    assert UNAWARE not in {x.name for x in goblin.conditions}


def test_q_w_picks_up_the_dropped_sword_and_q_d_draws_another(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """WDD: the character "must take a melee round to pick it up again"; R17: "(a round to
    pick it up or draw another)"."""
    window, ew = _open(tmp_path, qtbot, monkeypatch)
    brannoc = _turn_of(ew, "Brannoc")
    sheet = ew.enc.character(ew.enc.combatant(brannoc))
    sword = next(w for w in sheet.inventory.weapons if w.name == "Arming sword")
    sword.dropped = True  # a natural 1 dropped it last round (R17)
    assert _apply(ew, Key.Key_W) == "Brannoc Ironhand picks up Arming sword (WDD: the round)"
    assert not sword.dropped and ew.enc.combatant(brannoc).acted
    _undo(window)
    assert sword.dropped
    monkeypatch.setattr(QInputDialog, "getItem", lambda *a, **k: ("Crossbow", True))
    assert _apply(ew, Key.Key_D) == "Brannoc Ironhand draws Crossbow (the round)"


def test_q_i_uses_a_torch_and_q_l_lays_hands_on_an_ally(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stack loses one piece (five torches, one used); R11's Lay on Hands: a SPELLCHECK (the
    GM's 18), then the ally's own Hit Die heals it."""
    _window, ew = _open(tmp_path, qtbot, monkeypatch)
    brannoc = _turn_of(ew, "Brannoc")
    sheet = ew.enc.character(ew.enc.combatant(brannoc))
    torch = own("torch", quantity=5)  # R34: torches are bought apart from the class kit
    assert isinstance(torch, OwnedItem)
    sheet.inventory.put(torch)
    monkeypatch.setattr(QInputDialog, "getItem", lambda _p, _t, _l, names, *a, **k: (
        next(n for n in names if n.startswith("Torch")), True))
    assert _apply(ew, Key.Key_I) == "Brannoc Ironhand uses Torch"
    assert torch.quantity == 5 - 1
    sheet.hp = 2
    _turn_of(ew, "Sister Maud")
    ew.select(brannoc)
    _type_d20(ew, "18")
    summary = _apply(ew, Key.Key_L)
    assert summary.startswith("Sister Maud lays hands on Brannoc Ironhand"), summary
    assert sheet.hp > 2 and sheet.hit_dice == 0


def test_q_p_an_ally_protects_and_q_o_adds_the_off_hand_attack(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Fighting style e, Protection: a NEAR ally is HARD to hit, once a fight; style f: the
    off-hand weapon's attack follows the main one."""
    from emberkeep.encounter.features import PROTECTION, PROTECTION_USED

    _window, ew = _open(tmp_path, qtbot, monkeypatch)
    brannoc = next(c for c in ew.enc.combatants.values() if c.name.startswith("Brannoc"))
    ew.enc.character(brannoc).fighting_style = PROTECTION
    wren = next(c for c in ew.enc.combatants.values() if c.name.startswith("Wren"))
    for w in ew.enc.character(wren).inventory.weapons:
        w.equipped = w.name in ("Arming sword", "Dagger")
    _turn_of(ew, "Goblin")
    ew.select(wren.id)
    _apply(ew, Key.Key_P)
    step = ew.enc.history[-1]
    assert any("protects Wren Quickfingers: the attack is HARD" in str(e) for e in step.events)
    assert PROTECTION_USED in brannoc.used
    _turn_of(ew, "Wren")
    ew.panel.target.setCurrentIndex(ew.panel.target.findData("goblin-1"))
    assert "off-hand" in _apply(ew, Key.Key_O)


def test_f1_lists_the_q_keys(tmp_path: Path, qtbot: QtBot,
                             monkeypatch: pytest.MonkeyPatch) -> None:
    _window, ew = _open(tmp_path, qtbot, monkeypatch)
    dialog = ShortcutsDialog(ew)
    keys = {cell.text() for r in range(dialog.table.rowCount())
            if (cell := dialog.table.item(r, 0)) is not None}
    assert {"Q, G", "Q, K", "Q, A", "Q, W", "Q, B", "Q, C"} <= keys
    rows = shortcuts_for(False)
    assert len({key for _n, key, _w in rows}) == len(rows)  # no key twice
    from PySide6.QtGui import QKeySequence

    from gui.encounter.table_actions import TABLE_SHORTCUTS

    for name, chord, _what in TABLE_SHORTCUTS:  # each a real two-key chord, installed
        sequence = ew.action(f"fight.{name}").shortcut()
        assert sequence.count() == 2 and sequence == QKeySequence(chord), name


def test_q_n_goes_near_and_casts_on_the_target(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Furnace: "Go NEAR and ATK/SPELLCHECK": Ysolde moves one zone toward the goblin and
    casts, one step (R8's SPELLCHECK, the GM's 18)."""
    from gui.encounter.dialogs import CastDialog

    window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(11), goblins=1)
    ew.enc.combatant("goblin-1").position = 2
    key(ew, Key.Key_I)
    ysolde = _turn_of(ew, "Ysolde")
    ew.panel.target.setCurrentIndex(ew.panel.target.findData("goblin-1"))
    _type_d20(ew, "18")
    monkeypatch.setattr(CastDialog, "exec", lambda self: 1)  # the first spell
    summary = _apply(ew, Key.Key_N)
    assert summary.startswith("Ysolde the Grey goes to zone 1; "), summary
    assert ew.enc.combatant(ysolde).position == 1
    assert "move and cast" in [s.action for s in ew.enc.history]
    _undo(window)
    assert ew.enc.combatant(ysolde).position == 0


def test_q_h_thrusts_the_halberd_for_the_fight(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """R37: "thrusting (−1, no R12 two-handed bonus) or two-handed (+1 ...); never both"."""
    from emberkeep.encounter.halberd import THRUST
    from emberkeep.encounter.segments import segment_modifiers
    from emberkeep.gear.inventory import own
    from emberkeep.gear.owned import OwnedWeapon

    window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(11), goblins=1)
    wren = next(c for c in ew.enc.combatants.values() if c.name.startswith("Wren"))
    inv = ew.enc.character(wren).inventory
    halberd = own("halberd")
    assert isinstance(halberd, OwnedWeapon)
    inv.put(halberd)
    for w in inv.weapons:
        w.equipped = w is halberd
    ew.select(wren.id)
    assert _apply(ew, Key.Key_H) == ("Wren Quickfingers uses the halberd thrusting: -1 segment, "
                                     "no two-handed DAM bonus (R37)")
    assert wren.halberd_use == THRUST
    labels = [label for label, _v in segment_modifiers(ew.enc, wren)]
    assert "long thrusting weapon" in labels and "two-handed weapon" not in labels
    _undo(window)
    assert wren.halberd_use == ""


def test_the_monster_form_sets_the_wdd_segment_modifier_by_keys(qtbot: QtBot) -> None:
    """WDD segments: "d10 + MonsterStats.initiative_modifier"; Alt+G reaches the field."""
    from emberkeep.encounter.segments import segment_modifiers
    from emberkeep.encounter.setup import monster_combatants
    from gui.encounter.monster_form import MonsterForm
    from tests.core.test_encounter_initiative import make_encounter

    form = MonsterForm(12)
    qtbot.addWidget(form)
    form.show()
    form.activateWindow()
    assert QTest.qWaitForWindowActive(form)
    QTest.keyClick(form, Key.Key_G, Mod.AltModifier)
    assert form.focusWidget() is form.segment
    form.segment.selectAll()
    QTest.keyClicks(form.segment, "-2")
    stats = form.stats()
    assert stats.initiative_modifier == -2
    enc = make_encounter([], monster_combatants(stats, 1))
    assert segment_modifiers(enc, enc.combatant("goblin-1")) == [("monster", -2)]


def test_q_shift_g_declares_a_grapple_for_the_next_segment_roll(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """WDD: "-2 if you attempt to Grapple the opponent" — declared before I rolls the d10s."""
    from emberkeep.campaign.settings import InitiativeMode
    from emberkeep.encounter.segments import WILL_GRAPPLE

    _window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(11), goblins=1,
                                mode=InitiativeMode.SEGMENTS)
    brannoc = next(c for c in ew.enc.combatants.values() if c.name.startswith("Brannoc"))
    ew.select(brannoc.id)
    assert _apply(ew, Key.Key_G, Mod.ShiftModifier) == (
        "Brannoc Ironhand means to grapple: -2 on the next segment d10 (WDD)")
    assert WILL_GRAPPLE in {x.name for x in brannoc.conditions}
    key(ew, Key.Key_I)
    rolled = [e for s in ew.enc.history for e in s.events
              if isinstance(e, Rolled) and "segment" in e.purpose and e.who == brannoc.name]
    assert rolled and "grapple -2" in rolled[-1].purpose
    assert WILL_GRAPPLE not in {x.name for x in brannoc.conditions}


def test_after_a_the_shield_is_sundered_on_the_blow_the_table_saw(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """The player decides after the hit is shown: A previews the goblin's blow (its damage
    rolled), then Q, B takes the same d20 and the same damage dice, and the shield soaks half
    (Furnace: "soak up half of the incoming DAM")."""
    from emberkeep.encounter.events import Rolled

    _window, ew = _open(tmp_path, qtbot, monkeypatch)
    brannoc = next(c for c in ew.enc.combatants.values() if c.name.startswith("Brannoc"))
    sheet = ew.enc.character(brannoc)
    _turn_of(ew, "Goblin")
    ew.select(brannoc.id)
    _type_d20(ew, "19")
    key(ew, Key.Key_A)
    assert ew.panel.pending is not None
    seen = [e.record.faces for e in ew.panel.pending[0].events
            if isinstance(e, Rolled) and e.purpose.startswith("damage")]
    assert ew.panel.pending[0].summary.startswith("Goblin hits Brannoc Ironhand for ")
    full = int(ew.panel.pending[0].summary.rsplit(" ", 1)[1])
    _apply(ew, Key.Key_B)
    step = ew.enc.history[-1] if ew.enc.history[-1].action == "attack" else ew.enc.history[-2]
    again = [e.record.faces for e in step.events
             if isinstance(e, Rolled) and e.purpose.startswith("damage")]
    assert again == seen
    assert sheet.hp == 7 - (full - full // 2) and sheet.inventory.shields[0].destroyed
