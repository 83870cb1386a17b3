"""The Melee Round in the GUI: a knight-against-knight fight with a lance charge and
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
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.settings import Resolution
from emberkeep.character.knight import KnightProfile
from emberkeep.character.model import Character
from emberkeep.dice import Answer, ScriptedRoller, TypedRoller
from emberkeep.dice import Key as DiceKey
from emberkeep.encounter.combatant import MeleeMonster
from emberkeep.encounter.conditions import names
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.setup import monster_combatants, pc_combatant
from emberkeep.melee_round.engine_bridge import melee_over
from emberkeep.resources import resource_path
from gui.document import CampaignDocument
from gui.encounter.extras import typed_per_blow
from gui.encounter.shortcuts import ShortcutsDialog, shortcuts_for
from gui.encounter.window import EncounterWindow
from gui.main_window import MainWindow
from gui.sheet import CharacterSheet
from tests.gui.windows import cell, open_campaign_window

PROFILE = KnightProfile(SIZ=15, DEX=10, STR=10, CON=13,
                        skills={"Sword": 15, "Lance": 12, "Spear": 6})
Key = Qt.Key

# The core fight's dice (tests/core/test_melee_round_fight.py) with the first two d20s typed:
FACES = [
    3, 3, 3, 3, 3, 4, 14, 2,  # R1 charge: (typed 10 vs 8) Lance 17 vs Sword 15; 6d6 = 19; 1d6
    12, 6, 5, 5, 5, 5, 3,  # swords, mounted over a footman: 4d6 = 20; DEX 3 fails, falls again
    20, 4, 6, 6, 6, 6, 6, 6, 6, 6,  # a critical (Sword 15 + 5 = 20): 8d6 = 48
]


def _open_melee_round(tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
                      roller: ScriptedRoller, campaign: Campaign,
                      title: str) -> tuple[MainWindow, EncounterWindow]:
    """``campaign`` opened in a shown main window, with a new Melee Round encounter."""
    window, _path = open_campaign_window(tmp_path, qtbot, monkeypatch, campaign)
    window.roller = roller
    window.show()
    window.activateWindow()
    assert QTest.qWaitForWindowActive(window)
    ew = window.encounter_tools.new_encounter(title)
    assert ew is not None and window.document is not None
    ew.session.set_setup("Melee Round", resolution=Resolution.MELEE_ROUND)
    return window, ew


def open_joust(tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
               roller: ScriptedRoller) -> tuple[MainWindow, EncounterWindow, list[str]]:
    campaign = build_example_campaign()
    knights = [c for c in campaign.characters if c.level == 1][:2]
    for ch in knights:
        ch.knight = PROFILE  # R24, R39: at SIZ + CON on its own track
    window, ew = _open_melee_round(tmp_path, qtbot, monkeypatch, roller, campaign,
                                   "The joust")
    doc = window.document
    assert doc is not None
    a, b = (doc.character(k.id) for k in knights)
    ew.session.add_combatants([pc_combatant(a, side="gold", position=0),
                               pc_combatant(b, side="azure", position=20)], "Add the knights")
    ew.table.setFocus()
    QApplication.processEvents()
    return window, ew, [k.id for k in knights]


def knight_hp(character: Character) -> int:
    """The knight's own HP (R39), the track a Melee Round changes."""
    assert character.knight is not None
    return character.knight.hp


def key(ew: EncounterWindow, k: Key) -> None:
    ew.table.setFocus()
    QTest.keyClick(ew.table, k)


def test_knight_against_knight_lance_charge_then_swords_through_the_window(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Melee Round is done when: "A knight-against-knight fight with a lance charge and then
    swords runs to its end in a pytest-qt test." Each exchange takes both rolls in one step (typed
    or rolled), shows every phase, applies with Enter; Ctrl+Z to the start restores everything."""
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
    assert knight_hp(b) == 28 and ca.position == 0  # a preview changes nothing
    key(ew, Key.Key_Return)
    assert knight_hp(document.character(b_id)) == 28 - 2 - 3 and ca.position == 19
    assert document.character(b_id).hp == b.hp  # R39: the Furnace HP is not the Melee Round's
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
    assert knight_hp(document.character(b_id)) == 23 - (20 - 16)
    panel.movement_button.click()

    # Round 4: a critical doubles the dice (R23: "4d6 → 8d6"): 48 - 16 = 32, a Major Wound.
    key(ew, Key.Key_I)
    key(ew, Key.Key_A)
    assert "critical: dice doubled to 8d6" in panel.outcome.toPlainText()
    key(ew, Key.Key_Return)
    assert knight_hp(document.character(b_id)) == 19 - 32
    assert "INCAPACITATED" in names(cb.conditions)
    knight = document.character(a_id).knight
    assert knight is not None and knight.ticks == ("Sword",)  # R32's check mark
    assert melee_over(ew.enc) and roller.remaining == 0
    log = [str(ew.log_model.data(ew.log_model.index(r, 2)))
           for r in range(ew.log_model.rowCount())]
    # the end step, then what it changes, in words
    assert log[-2:] == ["The fight is over: gold win",
                        "   The fight is over: its rounds go on the campaign clock (R27)"]
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
    assert character.knight == KnightProfile()  # R39: at full knight HP, the Furnace HP kept
    assert (character.hp, character.max_hp) == (before["hp"], before["max_hp"])
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


# --- the Melee Round's tactic steps in the encounter window ---------------------------------

BANDIT = MeleeMonster(name="Bandit", max_hp=20, skill=10, armor_points=4, siz=12,
                      damage="3d6", weapon_id="spear")


def open_bandits(tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
                 roller: ScriptedRoller, bandits: int = 2
                 ) -> tuple[MainWindow, EncounterWindow, str]:
    """tests/core/test_melee_round_tactics.py's knight (DEX 14, Sword 18, Bow 12; 28 HP) at
    yard 0 and its bandits engaged at yard 1."""
    campaign = build_example_campaign()
    ch = next(c for c in campaign.characters if c.level == 1)
    ch.knight = KnightProfile(DEX=14, armor_dex_penalty=0, skills={"Sword": 18, "Bow": 12})
    window, ew = _open_melee_round(tmp_path, qtbot, monkeypatch, roller, campaign,
                                   "Bandits")
    assert window.document is not None
    ew.session.add_combatants([pc_combatant(window.document.character(ch.id), side="knights",
                                            position=0),
                               *monster_combatants(BANDIT, bandits, position=1)],
                              "Add the fight")
    ew.table.setFocus()
    QApplication.processEvents()
    key(ew, Key.Key_I)
    return window, ew, ch.id


def _knight(ew: EncounterWindow) -> str:
    return next(c.id for c in ew.enc.combatants.values() if c.kind == "pc")


def test_several_foes_split_the_skill_in_one_undo_step(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """"he can divide his weapon value among them as he wishes": W picks Several foes, the
    shares are typed, A previews both exchanges, Enter applies them as ONE undo step (the core
    test's dice: bandit 1 loses 4d6 = 11 − armor 4; the second exchange both miss)."""
    roller = ScriptedRoller([8, 15, 3, 3, 3, 2, 10, 12])
    window, ew, _ = open_bandits(tmp_path, qtbot, monkeypatch, roller)
    document = window.document
    assert document is not None
    panel = ew.melee_panel
    panel.choose(_knight(ew), "bandit-1")
    assert "Bandit 1, Bandit 2" in panel.engaged.text()
    key(ew, Key.Key_W)
    assert panel.tactic.currentData() == "several"
    panel.shares.setText("9 9")
    start, before = document.undo_stack.index(), ew.enc.fingerprint()
    key(ew, Key.Key_A)
    shown = panel.outcome.toPlainText()
    assert "both miss" in shown and ew.enc.combatant("bandit-1").hp == 20  # only a preview
    key(ew, Key.Key_Return)
    assert ew.enc.combatant("bandit-1").hp == 20 - (11 - 4) and roller.remaining == 0
    assert document.undo_stack.index() == start + 1
    QTest.keyClick(window, Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert ew.enc.fingerprint() == before


def test_several_foes_refuses_more_shares_than_the_skill(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    _window, ew, _ = open_bandits(tmp_path, qtbot, monkeypatch, ScriptedRoller([]))
    panel = ew.melee_panel
    panel.choose(_knight(ew), "bandit-1")
    panel.choose_tactic("several")
    panel.shares.setText("10 9")
    assert "divide more than the skill of 18" in str(panel.roll())
    assert panel.pending is None


def test_dodge_and_evade_take_typed_d20s(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """A dodge: "an unopposed DEX roll" (A types 9 under DEX 14) against the bandit's typed 3:
    "A successful dodge means the character avoided the blow entirely". Evasion: the evader's
    typed fumble 20 "falls down"; no die is rolled by the engine."""
    roller = ScriptedRoller([])
    window, ew, ch_id = open_bandits(tmp_path, qtbot, monkeypatch, roller, bandits=1)
    document = window.document
    assert document is not None
    panel = ew.melee_panel
    panel.choose(_knight(ew), "bandit-1")
    panel.choose_tactic("dodge")
    panel.die[0].setText("9")
    panel.die[1].setText("3")
    assert panel.roll() is None and "dodges" in panel.pending_text
    assert panel.apply() and knight_hp(document.character(ch_id)) == 28
    panel.choose_tactic("evade")
    panel.die[0].setText("20")
    panel.die[1].setText("18")
    assert panel.roll() is None
    panel.apply()
    assert "PRONE" in names(ew.enc.combatant(_knight(ew)).conditions)


def test_surprise_and_glory_through_the_panel(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Surprise: "always unopposed by the surprised victim, and also gains a +5 modifier"
    (bandit 14 < 10 + 5 hits); Glory for a ranged kill "is always 1/10th of normal" (R33)."""
    roller = ScriptedRoller([14, 1, 1, 1])
    window, ew, ch_id = open_bandits(tmp_path, qtbot, monkeypatch, roller, bandits=1)
    document = window.document
    assert document is not None
    panel = ew.melee_panel
    panel.choose("bandit-1", _knight(ew))
    panel.choose_tactic("surprise")
    assert panel.roll() is None
    assert "surprise +5" in panel.outcome.toPlainText() and "hits" in panel.pending_text
    panel.apply()
    assert roller.remaining == 0
    panel.choose(_knight(ew), "bandit-1")
    start = document.character(ch_id).knight
    glory_before = start.glory if start is not None else 0
    panel.choose_tactic("glory")
    panel.glory.setValue(150)
    panel.ranged_kill.setChecked(True)
    assert panel.roll() is None
    panel.apply()
    knight = document.character(ch_id).knight
    assert knight is not None and knight.glory == glory_before + 15


def test_fall_and_gentle_fall_dice_reach_the_exchange(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """The GM's fall and gentle-fall d20s go to the core exchange as typed dice."""
    import gui.encounter.melee_tactics as tactics

    seen: dict[DiceKey, list[Answer]] = {}

    def exchange(enc: Encounter, a: str, b: str, *args: object, **kw: object) -> None:
        assert isinstance(enc.roller, TypedRoller)
        seen.update(enc.roller.typed.unused())

    monkeypatch.setattr(tactics, "melee_exchange", exchange)
    _window, ew, _ = open_bandits(tmp_path, qtbot, monkeypatch, ScriptedRoller([]), 1)
    panel = ew.melee_panel
    panel.choose(_knight(ew), "bandit-1")
    panel.fall.setText("4")
    panel.gentle.setText("17")
    panel.knockdown.setText("5")
    panel.roll()
    assert seen == {"fall": [4], "gentle fall": [17], "knockdown": [5]}
    panel.fall.setText("x")
    assert "fall d20 must be a whole number" in str(panel.roll())


def test_melee_round_keys_and_shortcuts_help(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Help → Shortcuts shows the Melee Round's own entries when the encounter uses it."""
    shown: list[ShortcutsDialog] = []

    def exec_(self: ShortcutsDialog) -> int:
        shown.append(self)
        return 0

    monkeypatch.setattr(ShortcutsDialog, "exec", exec_)
    _window, ew, _ = open_bandits(tmp_path, qtbot, monkeypatch, ScriptedRoller([]), 1)
    panel = ew.melee_panel
    key(ew, Key.Key_W)
    key(ew, Key.Key_W)
    assert panel.tactic.currentData() == "dodge"
    QTest.keyClick(ew.table, Key.Key_W, Qt.KeyboardModifier.ShiftModifier)
    assert panel.tactic.currentData() == "several"
    key(ew, Key.Key_F1)
    table = shown[-1].table
    rows = {cell(table, r, 0).text(): cell(table, r, 1).text() for r in range(table.rowCount())}
    assert rows["W"].startswith("Melee Round: the next tactic")
    assert rows["A"].startswith("Melee Round: roll the panel's tactic")
    assert "Shift+Y" in rows and "J" in rows
    assert "W" not in {k for _, k, _ in shortcuts_for(False)}
    keys = [k for _, k, _ in shortcuts_for(True)]
    assert len(keys) == len(set(keys))  # no key does two things
    knight = ew.enc.combatant(_knight(ew))
    panel.choose(knight.id, "bandit-1")
    QTest.keyClick(ew.table, Key.Key_Y, Qt.KeyboardModifier.ShiftModifier)  # on its charger
    assert "MOUNTED" in names(knight.conditions)
    QTest.keyClick(ew.table, Key.Key_Y, Qt.KeyboardModifier.ShiftModifier)
    assert "MOUNTED" not in names(knight.conditions)


def test_simultaneous_resolve_takes_a_typed_d20_per_declared_blow() -> None:
    """The GM's d20s for the declared blows, in declaration order."""
    assert typed_per_blow("12 7", ["a", "b"]) == [12, 7]
    assert typed_per_blow("", ["a", "b"]) is None
    with pytest.raises(ValueError, match="one d20 per declared blow"):
        typed_per_blow("12", ["a", "b"])


def test_the_monster_form_makes_melee_round_monsters(qtbot: QtBot) -> None:
    """R33: "Monsters fight with a weapon skill, armor points, SIZ, Damage dice and HP"."""
    from emberkeep.dice import ScriptedRoller
    from emberkeep.encounter.combatant import MeleeMonster
    from gui.encounter.monster_form import MonsterForm

    form = MonsterForm(12, melee_round=True)
    qtbot.addWidget(form)
    form.name.setText("Wild boar")
    form.hp.setValue(22)
    form.damage.setText("4d6")
    form.skill.setValue(14)
    form.armor_points.setValue(4)
    form.siz.setValue(18)
    made = form.monsters(ScriptedRoller([]), set())
    boar = made[0].monster
    assert isinstance(boar, MeleeMonster)
    assert (boar.skill, boar.armor_points, boar.siz, boar.max_hp, boar.damage) == (
        14, 4, 18, 22, "4d6")
    form.damage.setText("1d8")
    try:
        form.stats()
    except ValueError as exc:
        assert "in d6 (R33)" in str(exc)
    else:
        raise AssertionError("a d8 damage was taken for a Melee Round monster")
