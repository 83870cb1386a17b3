"""The GM's toolbox in the window: the dice tray, the archetype, spell and magic
item editors (their data round-trips through the campaign file, and undo takes it back), the
spell name generator and the table rules."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from emberkeep.campaign import storage
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.timeline import TimedKind
from emberkeep.character.catalog import Catalog
from emberkeep.dice import ScriptedRoller
from gui.main_window import MainWindow
from gui.toolbox import Toolbox
from gui.toolbox.archetype_editor import ArchetypeEditor
from gui.toolbox.dice_tray import expression_for
from gui.toolbox.magic_item_editor import MagicItemEditor
from gui.toolbox.spell_editor import SpellEditor
from gui.toolbox.table_rules import TableRulesDialog
from tests.gui.windows import open_campaign_window


def _window(tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
            faces: list[int] | None = None) -> tuple[MainWindow, Toolbox, Path]:
    window, path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    toolbox: Toolbox = window.toolbox
    if faces is not None:
        window.roller = toolbox.tray.roller = ScriptedRoller(faces)
    return window, toolbox, path


def _saved(window: MainWindow, path: Path) -> Campaign:
    assert window.document is not None
    window.document.save(path)
    return storage.load(path)


# --- the dice tray -----------------------------------------------------------------------------

def test_the_tray_rolls_notation_quick_dice_and_advantage_into_its_history(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window, toolbox, _ = _window(tmp_path, qtbot, monkeypatch, [3, 4, 17, 5, 16, 60])
    tray = toolbox.tray
    assert toolbox.dock.widget() is tray and "T&ools" in [
        a.text() for a in window.menuBar().actions()]
    tray.notation.setText("2d6+1")
    qtbot.keyClick(tray.notation, Qt.Key.Key_Return)
    assert tray.result.text() == "8"
    assert tray.notation.text() == ""  # cleared for the next roll
    tray.modifier.setValue(2)
    tray.buttons["d20"].click()
    assert tray.result.text() == "19"
    tray.modifier.setValue(0)
    tray.buttons["Adv"].click()  # 2d20 keep the higher of 5 and 16
    assert tray.records[0][1].natural == 16
    tray.buttons["d100"].click()
    assert tray.result.text() == "60" and tray.history.count() == 4
    assert tray.history.item(0).text().startswith("d100")
    tray.notation.setText("2d")
    assert tray.roll_notation() is None and "not dice notation" in tray.error.text()
    assert tray.notation.text() == "2d"  # a refused entry stays to be fixed


def test_the_tray_takes_sums_and_drops_and_marks_the_dropped_dice(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    _, toolbox, _ = _window(tmp_path, qtbot, monkeypatch, [3, 6, 1, 4, 5, 2])
    tray = toolbox.tray
    tray.notation.setFocus()
    qtbot.keyClicks(tray.notation, "4d6dl1")
    qtbot.keyClick(tray.notation, Qt.Key.Key_Return)
    assert tray.result.text() == "13"
    assert tray.history.item(0).text() == "4d6dl1: 4d6dl1 [6, 4, 3, (1 dropped)] = 13"
    qtbot.keyClicks(tray.notation, "1d8+1d6+2")
    qtbot.keyClick(tray.notation, Qt.Key.Key_Return)
    assert tray.result.text() == "9" and tray.error.text() == ""


def test_ctrl_click_on_any_number_rolls_it(tmp_path: Path, qtbot: QtBot,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    window, toolbox, _ = _window(tmp_path, qtbot, monkeypatch, [11, 6])
    label = QLabel("ATK +3", window)
    label.show()
    qtbot.mouseClick(label, Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.ControlModifier)
    assert toolbox.tray.records[0][1].total == 14
    damage = QLabel("1d8+1", window)
    damage.show()
    qtbot.mouseClick(damage, Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.ControlModifier)
    assert toolbox.tray.records[0][1].total == 7
    qtbot.mouseClick(label, Qt.MouseButton.LeftButton)
    assert len(toolbox.tray.records) == 2  # a plain click rolls nothing


def test_the_tray_is_made_when_its_dock_first_shows(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window, toolbox, _ = _window(tmp_path, qtbot, monkeypatch)
    assert toolbox._tray is None and toolbox.dock.widget() is None  # not at start
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.roster.setFocus()
    window.action("tools.dice_tray").trigger()  # Ctrl+D
    assert toolbox.dock.isVisible() and toolbox._tray is not None
    assert toolbox.dock.widget() is toolbox.tray
    qtbot.waitUntil(toolbox.tray.notation.hasFocus)  # typed dice roll with Enter at once
    qtbot.keyClicks(toolbox.tray.notation, "2d6")
    assert toolbox.tray.notation.text() == "2d6"
    window.action("tools.dice_tray").trigger()  # Ctrl+D again closes it
    assert not toolbox.dock.isVisible()


def test_ctrl_click_with_the_tray_closed_shows_the_roll(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window, toolbox, _ = _window(tmp_path, qtbot, monkeypatch)
    window.roller = ScriptedRoller([11])
    window.show()
    assert not toolbox.dock.isVisible()
    label = QLabel("ATK +3", window)
    label.show()
    qtbot.mouseClick(label, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ControlModifier)
    assert toolbox.dock.isVisible() and toolbox.dock.widget() is toolbox.tray
    assert toolbox.tray.result.text() == "14"
    qtbot.mouseClick(toolbox.tray.result, Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.ControlModifier)
    assert len(toolbox.tray.records) == 1  # the tray's own "14" is its result, not a bonus


def test_numbers_on_screen_roll_as_bonuses_or_dice() -> None:
    assert expression_for("+3") == "d20+3" and expression_for("-1") == "d20-1"
    assert expression_for("DAM 1d8+1") == "1d8+1" and expression_for("Name") is None


# --- the archetype editor ----------------------------------------------------------------------

def test_archetype_editor_saves_a_new_archetype_with_effects_that_round_trips(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window, toolbox, path = _window(tmp_path, qtbot, monkeypatch)
    editor = toolbox.open_archetype_editor()
    assert isinstance(editor, ArchetypeEditor)
    editor.new_entry()
    editor.name_edit.setText("Berserker")  # its id is made from the name
    editor.feature_name.setText("Fury")
    editor.add_effect("toggle")
    editor.add_effect("crit_range")
    assert editor.effects.count() == 2 and editor.effect_form is not None
    assert editor.save(), editor.message.text()
    assert window.document is not None
    catalog = Catalog(window.document.campaign)
    assert catalog.archetype("berserker").features[0].effects[1].kind == "crit_range"
    assert catalog.archetype("berserker").features[0].id == "fury"
    loaded = _saved(window, path)
    assert [a.id for a in loaded.archetypes] == ["berserker"]
    assert loaded.archetypes[0].features[0].effects[0].kind == "toggle"
    window.document.undo_stack.undo()
    assert window.document.campaign.archetypes == []
    with pytest.raises(ValueError):
        catalog.archetype("berserker")
    editor.close()


@pytest.mark.slow
def test_editing_a_shipped_archetype_makes_a_campaign_copy_and_revert_brings_it_back(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window, toolbox, _ = _window(tmp_path, qtbot, monkeypatch)
    assert window.document is not None
    catalog = Catalog(window.document.campaign)
    editor = toolbox.open_archetype_editor()
    assert isinstance(editor, ArchetypeEditor)
    editor.refresh("barbarian")
    assert editor.features.count() == 5 and not editor.delete_button.isEnabled()
    editor.name_edit.setText("Northman")
    editor.save()
    assert catalog.archetype("barbarian").name == "Northman"
    assert editor.delete_button.text() == "Revert to shipped"
    editor.delete()
    assert catalog.archetype("barbarian").name == "Barbarian"
    editor.name_edit.setText("")
    assert not editor.save() and "Not saved" in editor.message.text()
    editor.close()


# --- the spell editor and the name generator ---------------------------------------------------

def test_spell_editor_rolls_a_name_and_saves_an_own_mishap_table(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window, toolbox, path = _window(tmp_path, qtbot, monkeypatch, [1, 1, 1, 1, 1])
    editor = toolbox.open_spell_editor()
    assert isinstance(editor, SpellEditor)
    editor.new_entry()
    assert editor.random_name() == "Ember Swarm"
    editor.mishap_box.setChecked(True)
    for n, edit in enumerate(editor.mishaps, start=1):
        edit.setText(f"Bees {n}")
    assert editor.save(), editor.message.text()
    loaded = _saved(window, path)
    spell = next(s for s in loaded.spells if s.id == "ember_swarm_2")  # the seed has one
    assert spell.name == "Ember Swarm" and spell.mishaps[5] == "Bees 6"
    assert spell.levels[2].dice == 3
    editor.close()


def test_the_name_dialog_opens_the_spell_editor_with_its_name(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    _win, toolbox, _ = _window(tmp_path, qtbot, monkeypatch, [4, 6, 6, 6, 6])
    dialog = toolbox.open_name_dialog()
    assert dialog.name.text() == "Void Gambit"
    opened: list[object] = []
    monkeypatch.setattr(toolbox, "open_spell_editor", lambda new_name=None: opened.append(
        new_name))
    dialog.make_spell()
    assert opened == ["Void Gambit"]


# --- the magic item editor ---------------------------------------------------------------------

def test_magic_item_editor_shows_the_tier_budget_and_refuses_too_many_dice(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window, toolbox, path = _window(tmp_path, qtbot, monkeypatch)
    editor = toolbox.open_item_editor()
    assert isinstance(editor, MagicItemEditor)
    editor.refresh("mjolnir")
    assert editor.budget.text() == "Magic Item Dice: 5 of 5 spent"
    editor.new_entry()
    editor.name_edit.setText("Frost Dagger")
    editor.add_effect_row({"text": "+2d8 cold DAM (2d)", "dice": 2, "die_kind": "melee"})
    assert not editor.save() and "uncommon item has 1" in editor.message.text()
    editor.tier.setCurrentIndex(editor.tier.findData("rare"))
    editor.curse.setText("Your hands are always cold")
    editor.duration.setText("1d4 rounds")
    assert editor.save(), editor.message.text()
    loaded = _saved(window, path)
    item = loaded.magic_items[0]
    assert (item.id, item.tier, item.curse, item.duration) == (
        "frost_dagger", "rare", "Your hands are always cold", "1d4 rounds")
    assert item.effects[0].die == "2d8"
    editor.close()


# --- the table rules ---------------------------------------------------------------------------

def test_table_rules_switch_per_campaign_and_run_each_rule(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window, toolbox, path = _window(tmp_path, qtbot, monkeypatch,
                                    [10, 12, 15, 6, 12, 3])
    dialog = toolbox.open_table_rules()
    assert isinstance(dialog, TableRulesDialog)
    assert not dialog.tabs.isTabEnabled(1)
    for name in ("contested_checks", "effort", "skill_challenges", "timers"):
        dialog.switches[name].setChecked(True)
    assert window.document is not None
    rules = window.document.campaign.settings.rules
    assert rules.contested_checks and rules.timers and dialog.tabs.isTabEnabled(4)
    dialog.score_a.setValue(12)
    dialog.score_b.setValue(14)
    assert dialog.roll_contest().winner is not None  # 10 vs 12 and 12 vs 14: B wins
    assert "Ogre wins" in dialog.contest_result.text()
    dialog.effort_needed.setValue(8)
    dialog.new_effort()
    dialog.effort_proficient.setChecked(True)
    dialog.attempt_effort()  # 15 + 1 + 1 ≥ 12; 1d8 6 + 1 = 7
    assert window.document.campaign.efforts[0].progress == 7
    assert dialog.effort_bar.value() == 7
    dialog.new_challenge()
    dialog.attempt_challenge()  # 12 + 2 ≥ 12
    assert window.document.campaign.skill_challenges[0].successes == 1
    dialog.start_timer()  # 1d4 shows 3
    timers = [t for t in window.document.campaign.timeline if t.kind is TimedKind.TIMER]
    assert len(timers) == 1 and timers[0].ends_at == window.document.campaign.time + 18
    loaded = _saved(window, path)
    assert loaded.efforts[0].progress == 7 and loaded.settings.rules.effort
    window.document.undo_stack.undo()  # the timer
    assert not [t for t in window.document.campaign.timeline if t.kind is TimedKind.TIMER]
    dialog.close()
