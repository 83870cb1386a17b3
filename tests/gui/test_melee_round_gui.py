"""The Melee Round in the GUI (issue #11): a knight-against-knight fight with a lance charge and
then swords, driven through the encounter window's exchange panel to its end and undone to the
start; the knight panel on the sheet with R24's derived statistics live, refusals and undo."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from emberkeep.campaign import storage
from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.settings import Resolution
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.conditions import names
from emberkeep.encounter.setup import pc_combatant
from emberkeep.melee_round.engine_bridge import melee_over
from emberkeep.melee_round.profile import KnightProfile
from emberkeep.resources import resource_path
from gui import dialogs
from gui.document import CampaignDocument
from gui.encounter.window import EncounterWindow
from gui.main_window import MainWindow
from gui.sheet import CharacterSheet
from gui.state import AppState

PROFILE = KnightProfile(SIZ=15, DEX=10, STR=10, CON=13,
                        skills={"Sword": 15, "Lance": 12, "Spear": 6})
Key = Qt.Key

# The core fight's dice (tests/core/test_melee_round_fight.py) with the first two d20s typed:
FACES = [
    3, 3, 3, 3, 3, 4, 14, 2,  # R1 charge: (typed 10 vs 8) Lance 17 vs Sword 15; 6d6 = 19; 1d6
    12, 6, 5, 5, 5, 5, 3,  # swords, mounted over a footman: 4d6 = 20; DEX 3 fails, falls again
    20, 4, 6, 6, 6, 6, 6, 6, 6, 6,  # a critical (Sword 15 + 5 = 20): 8d6 = 48
]


def open_joust(tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
               roller: ScriptedRoller) -> tuple[MainWindow, EncounterWindow, list[str]]:
    monkeypatch.setenv("EMBERKEEP_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(dialogs, "ask_save_changes",
                        lambda *args, **kwargs: dialogs.SaveChoice.DISCARD)
    campaign = build_example_campaign()
    knights = [c for c in campaign.characters if c.level == 1][:2]
    hp = PROFILE.derived.hit_points
    for ch in knights:
        ch.knight = PROFILE
        ch.max_hp = ch.hp = hp  # R24: SIZ + CON
    path = tmp_path / "c.json"
    storage.save(campaign, path)
    window = MainWindow(AppState())
    qtbot.addWidget(window)
    window.open_path(path, ask=False)
    window.roller = roller
    window.show()
    window.activateWindow()
    assert QTest.qWaitForWindowActive(window)
    ew = window.encounter_tools.new_encounter("The joust")  # type: ignore[attr-defined]
    assert ew is not None and window.document is not None
    ew.session.set_setup("Melee Round", resolution=Resolution.MELEE_ROUND)
    doc = window.document
    a, b = (doc.character(k.id) for k in knights)
    ew.session.add_combatants([pc_combatant(a, side="gold", position=0),
                               pc_combatant(b, side="azure", position=20)], "Add the knights")
    ew.table.setFocus()
    QApplication.processEvents()
    return window, ew, [k.id for k in knights]


def key(ew: EncounterWindow, k: Key) -> None:
    ew.table.setFocus()
    QTest.keyClick(ew.table, k)


def test_knight_against_knight_lance_charge_then_swords_through_the_window(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue #11, done when: "A knight-against-knight fight with a lance charge and then swords
    runs to its end in a pytest-qt test." Each exchange takes both rolls in one step (typed or
    rolled), shows every phase, applies with Enter; Ctrl+Z to the start restores everything."""
    roller = ScriptedRoller(FACES)
    window, ew, (a_id, b_id) = open_joust(tmp_path, qtbot, monkeypatch, roller)
    document = window.document
    assert document is not None
    panel = ew.melee_panel
    assert panel.isVisible() and not ew.panel.isVisible()  # the exchange panel, not Furnace's
    start_index = document.undo_stack.index()
    start = ew.enc.fingerprint()
    sheets = [c.model_dump() for c in document.campaign.characters]
    ca, cb = ew.enc.combatants.values()
    assert panel.chosen(0) is ca and panel.chosen(1) is cb

    panel.mount_buttons[0].click()
    panel.mount_buttons[1].click()
    assert "MOUNTED" in names(ca.conditions) and "MOUNTED" in names(cb.conditions)
    key(ew, Key.Key_I)
    assert ew.enc.state.round == 1 and "round 1" in ew.heading.text()

    # Round 1, the lance charge: "the horse must move at least 6 yards"; +5 (R25); typed d20s.
    panel.weapon[0].setCurrentIndex(panel.weapon[0].findData("lance"))
    panel.flags[0]["charge"].setChecked(True)
    panel.die[0].setText("10")
    panel.die[1].setText("8")
    key(ew, Key.Key_A)
    shown = panel.outcome.toPlainText()
    assert "Resolution:" in shown and "Winner's phase: 19 damage (6d6)" in shown
    assert "Loser's phase: knockdown fell, fall 2, shield 6, armor 10, wound 3" in shown
    b = document.character(b_id)
    assert b.hp == 28 and ca.position == 0  # a preview changes nothing
    key(ew, Key.Key_Return)
    assert document.character(b_id).hp == 28 - 2 - 3 and ca.position == 19
    assert "PRONE" in names(cb.conditions) and ca.weapon_dropped  # 19 odd: the lance breaks
    assert not panel.flags[0]["charge"].isChecked()  # a charge is one round's declaration

    panel.movement_button.click()  # knocked down this round: still down
    key(ew, Key.Key_I)
    panel.rearm_button.click()
    panel.movement_button.click()  # "regain their footing at the beginning of the next"
    assert "PRONE" not in names(cb.conditions)

    # Round 3, swords: mounted against a footman.
    key(ew, Key.Key_I)
    panel.weapon[0].setCurrentIndex(panel.weapon[0].findData("sword"))
    key(ew, Key.Key_A)
    key(ew, Key.Key_Return)
    assert document.character(b_id).hp == 23 - (20 - 16)
    panel.movement_button.click()

    # Round 4: a critical doubles the dice (R23: "4d6 → 8d6"): 48 - 16 = 32, a Major Wound.
    key(ew, Key.Key_I)
    key(ew, Key.Key_A)
    assert "critical: dice doubled to 8d6" in panel.outcome.toPlainText()
    key(ew, Key.Key_Return)
    assert document.character(b_id).hp == 19 - 32
    assert "INCAPACITATED" in names(cb.conditions)
    knight = document.character(a_id).knight
    assert knight is not None and knight.ticks == ("Sword",)  # R32's check mark
    assert melee_over(ew.enc) and roller.remaining == 0
    log = [str(ew.log_model.data(ew.log_model.index(r, 2)))
           for r in range(ew.log_model.rowCount())]
    assert log[-1] == "The fight is over: gold win"
    assert any("wins, critical, 48 damage" in line for line in log)  # logged like every step

    # Undo to the start: the encounter and every sheet as they were.
    while document.undo_stack.index() > start_index:
        QTest.keyClick(window, Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        QApplication.processEvents()
    assert ew.enc.fingerprint() == start
    assert [c.model_dump() for c in document.campaign.characters] == sheets


@pytest.fixture
def document() -> CampaignDocument:
    return CampaignDocument(storage.load(resource_path("example_campaign.json")))


def test_knight_panel_adds_a_profile_shows_r24_live_refuses_and_undoes(
        qtbot: QtBot, document: CampaignDocument) -> None:
    """R24: "Hit points = SIZ + CON; Unconscious = HP / 4; Major Wound = CON; Knockdown = SIZ;
    Damage = (STR + SIZ) / 6 rounded, in d6; Move = (STR + DEX) / 10; round halves up"."""
    cid = document.campaign.characters[0].id
    sheet = CharacterSheet(document, cid)
    qtbot.addWidget(sheet)
    panel = sheet.knight
    stack = document.undo_stack
    before = document.character(cid).model_dump()
    assert panel.body.isHidden() and not panel.add_button.isHidden()
    panel.add_button.click()
    character = document.character(cid)
    assert character.knight == KnightProfile() and character.hp == character.max_hp == 28
    assert "Hit points 28" in panel.derived.text() and "Damage 4d6" in panel.derived.text()

    edit = panel.fields["SIZ"]
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, "18")  # HP 31, Unconscious 8 (7.75 → 8), Damage 28/6 = 4.67 → 5d6
    text = panel.derived.text()
    assert "Hit points 31" in text and "Unconscious 8" in text and "Knockdown 18" in text
    assert "Damage 5d6" in text and "Move 2 yards" in text
    index_after_siz = stack.index()

    refusals: list[str] = []
    sheet.status.connect(refusals.append)
    skill = panel.fields["skill:Sword"]
    skill.setFocus()
    skill.selectAll()
    qtbot.keyClicks(skill, "99")  # a skill is 0-60: "9" passes, "99" is refused at the field
    assert skill.error is not None and "less than or equal to 60" in skill.error
    assert refusals and document.character(cid).knight.skill("Sword") == 9  # type: ignore[union-attr]
    skill.editingFinished.emit()  # leaving the field puts the stored value back
    assert document.character(cid).knight.skill("Sword") == 15  # type: ignore[union-attr]
    assert stack.index() == index_after_siz

    panel.horse.setCurrentIndex(panel.horse.findData("rouncy"))
    panel.horse.activated.emit(panel.horse.currentIndex())
    assert "Horse: Rouncy, damage 4d6" in panel.derived.text()  # R25: rouncy 4d6
    panel.ticks["Lance"].setChecked(True)  # R32: an experience check mark
    assert document.character(cid).knight.ticks == ("Lance",)  # type: ignore[union-attr]

    stack.undo()
    assert not panel.ticks["Lance"].isChecked()
    while stack.canUndo():
        stack.undo()
    assert document.character(cid).model_dump() == before and panel.body.isHidden()
