"""The Melee Round's setup: Add PCs says who has no knight profile and offers the default one
(one undo step, the Furnace HP unchanged: R39); the exchange panel pairs a knight with a foe,
never with himself."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from emberkeep.campaign.example import build_example_campaign
from emberkeep.character.knight import KnightProfile
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.combatant import MonsterStats
from emberkeep.encounter.setup import pc_combatant
from gui.encounter.dialogs import PcPicker
from gui.encounter.monster_form import make_monsters
from tests.gui.test_melee_round_gui import PROFILE, _open_melee_round

GOBLIN = MonsterStats(name="Goblin", max_hp=5, room_dc=12, attack_bonus=2, damage="1d6")


def test_add_pcs_names_who_lacks_a_knight_profile_and_gives_the_default_in_one_step(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    campaign = build_example_campaign()
    party = [c for c in campaign.characters if c.level == 1][:3]
    party[0].knight = PROFILE
    window, ew = _open_melee_round(tmp_path, qtbot, monkeypatch, ScriptedRoller([3] * 50),
                                   campaign, "The bridge")
    document = window.document
    assert document is not None
    furnace = {c.id: (c.hp, c.max_hp) for c in party}
    seen: list[PcPicker] = []
    lacking: list[str] = []

    def answer(picker: PcPicker) -> int:
        picker.list.clearSelection()
        for row in range(picker.list.count()):
            item = picker.list.item(row)
            if item.text().split(" — ")[0] in {c.name for c in party}:
                item.setSelected(True)
        seen.append(picker)
        lacking.extend(picker.lacking())
        return 1

    monkeypatch.setattr(PcPicker, "exec", answer)
    steps = document.undo_stack.count()
    ew.setup_bar.add_pcs_button.click()
    picker = seen[0]
    assert picker.no_knight.isVisibleTo(picker) and picker.add_knights.isChecked()
    text = picker.no_knight.text()
    assert text.startswith("No knight profile: ")
    assert party[1].name in text and party[2].name in text and party[0].name not in text
    assert sorted(lacking) == sorted(c.id for c in party[1:])
    # the profiles, then the PCs: two steps, the first giving both their default profile
    assert document.undo_stack.count() == steps + 2
    for c in party[1:]:
        sheet = document.character(c.id)
        assert sheet.knight == KnightProfile()
        assert (sheet.hp, sheet.max_hp) == furnace[c.id]  # R39: the Furnace HP stays
    assert {x.character_id for x in ew.enc.combatants.values()} == {c.id for c in party}
    assert ew.message.text() == ""  # nobody joins without a profile: nothing to warn about
    document.undo_stack.undo()  # the PCs leave
    document.undo_stack.undo()  # one step takes both profiles back
    assert all(document.character(c.id).knight is None for c in party[1:])
    assert document.character(party[0].id).knight == PROFILE


def test_a_pc_added_without_a_profile_is_named_when_he_joins(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    campaign = build_example_campaign()
    bare = next(c for c in campaign.characters if c.level == 1)
    window, ew = _open_melee_round(tmp_path, qtbot, monkeypatch, ScriptedRoller([3] * 50),
                                   campaign, "The bridge")

    def decline(picker: PcPicker) -> int:
        picker.list.clearSelection()
        next(picker.list.item(r) for r in range(picker.list.count())
             if picker.list.item(r).text().startswith(bare.name)).setSelected(True)
        picker.add_knights.setChecked(False)
        return 1

    monkeypatch.setattr(PcPicker, "exec", decline)
    ew.setup_bar.add_pcs_button.click()
    assert window.document is not None and window.document.character(bare.id).knight is None
    assert ew.message.text().startswith(f"No knight profile: {bare.name} — ")


def test_the_picker_says_nothing_outside_a_melee_round(qtbot: QtBot) -> None:
    people = [c for c in build_example_campaign().characters if c.level == 1]
    picker = PcPicker(people)
    qtbot.addWidget(picker)
    picker.list.selectAll()
    assert picker.lacking() == [] and picker.knights_to_add() == []
    assert not picker.no_knight.isVisibleTo(picker)


def test_a_knight_is_paired_with_a_foe_never_with_himself(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    campaign = build_example_campaign()
    knights = [c for c in campaign.characters if c.level == 1][:2]
    for c in knights:
        c.knight = PROFILE
    window, ew = _open_melee_round(tmp_path, qtbot, monkeypatch, ScriptedRoller([3] * 50),
                                   campaign, "The ford")
    document = window.document
    assert document is not None
    panel = ew.melee_panel
    ew.session.add_combatants([pc_combatant(document.character(knights[0].id))], "a knight")
    QApplication.processEvents()
    a = panel.chosen(0)
    assert a is not None  # alone: nobody else to face
    ew.session.add_combatants([pc_combatant(document.character(knights[1].id))], "his squire")
    QApplication.processEvents()
    a, b = panel.chosen(0), panel.chosen(1)
    assert a is not None and b is not None and a.id != b.id  # no foe yet: not himself
    far, near = make_monsters(GOBLIN, 2, taken=set(ew.enc.combatants))
    far.position, near.position = 30, 4  # the first foe listed is not the nearest
    ew.add_monsters([far, near])
    QApplication.processEvents()
    a, b = panel.chosen(0), panel.chosen(1)
    assert a is not None and b is not None
    assert a.kind == "pc" and b.id == near.id  # the nearest standing foe
