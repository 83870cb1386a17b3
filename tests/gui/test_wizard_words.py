"""The wizard and the level-up dialog in words: labelled fields, the skill count
spelled right, choices that do not apply hidden, a summary with HP and numbers before Finish."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QTableWidget,
    QWidget,
    QWizard,
)
from pytestqt.qtbot import QtBot

from emberkeep.campaign import storage
from emberkeep.character.abilities import Ability
from emberkeep.character.catalog import SHIPPED
from emberkeep.dice import RandomRoller, Roller, ScriptedRoller
from emberkeep.resources import resource_path
from gui.document import CampaignDocument
from gui.wizard import NewCharacterWizard
from gui.wizard.choices import ClassChoicesForm, count_of
from gui.wizard.level_up import LevelUpDialog
from gui.wizard.new_character import CLASS_PAGE, SUMMARY_PAGE
from tests.gui.test_wizard import check

INPUTS = (QLineEdit, QComboBox, QAbstractSpinBox, QListWidget, QTableWidget)


def unlabelled(root: QWidget) -> list[str]:
    """Visible input fields with neither a label pointing at them (a buddy) nor a name."""
    buddies = {id(label.buddy()) for label in root.findChildren(QLabel)
               if label.isVisible() and label.buddy() is not None}
    return [f"{type(w).__name__} {w.objectName() or w.toolTip()!r}"
            for w in root.findChildren(QWidget)
            if isinstance(w, INPUTS) and w.isVisible() and not isinstance(w.parentWidget(),
                                                                          INPUTS)
            and id(w) not in buddies and not w.accessibleName()]


def test_count_of_spells_one_and_many() -> None:
    assert [count_of(n, "skill") for n in (0, 1, 2)] == ["0 skills", "1 skill", "2 skills"]


@pytest.mark.parametrize(("int_mod", "words"), [(0, "Choose 1 skill (1 + INT +0, R7)"),
                                                (1, "Choose 2 skills (1 + INT +1, R7)")])
def test_the_skill_count_is_spelled_right(qtbot: QtBot, int_mod: int, words: str) -> None:
    form = ClassChoicesForm(catalog=SHIPPED)
    qtbot.addWidget(form)
    form.set_character_facts(int_mod, "dwarf")
    assert words in form.skill_hint.text()


def test_choices_a_class_does_not_have_are_hidden(qtbot: QtBot) -> None:
    form = ClassChoicesForm(catalog=SHIPPED)
    qtbot.addWidget(form)
    form.show()
    shown = {"fighter": (False, True, False), "rogue": (True, False, False),
             "magic_user": (False, False, True)}
    for class_id, (expertise, style, cantrips) in shown.items():
        form.class_combo.setCurrentIndex(form.class_combo.findData(class_id))
        assert (form.expertise.isVisible(), form.style_combo.isVisible(),
                form.cantrips.isVisible()) == (expertise, style, cantrips), class_id
        label = form.form.labelForField(form.expertise)
        assert label is not None and label.isVisible() == expertise


def _wizard(qtbot: QtBot, roller: Roller | None = None) -> NewCharacterWizard:
    """A shown wizard; 3d6 all 3s and a hit die of 2 unless ``roller`` says otherwise (a
    funnel page needs more dice: a scripted roller that runs out inside Qt's initializePage
    leaves PySide in a state that crashes the next test). Closed at the end of the test, it
    is told to drop its rolled dice (it asks once past its first page)."""
    wizard = NewCharacterWizard(roller or ScriptedRoller([3] * 18 + [2]), catalog=SHIPPED)
    wizard.confirm_discard = lambda: True  # type: ignore[method-assign]
    qtbot.addWidget(wizard)
    _active(wizard)
    return wizard


def _active(window: QWidget) -> None:
    """Shown and active: Alt keys (mnemonics) work in the active window only."""
    window.show()
    window.activateWindow()
    assert QTest.qWaitForWindowActive(window)


def _alt(qtbot: QtBot, window: QWidget, key: Qt.Key) -> None:
    """Alt+key, and the wait for the button's animated click (Qt clicks it on a timer)."""
    QTest.keyClick(window, key, Qt.KeyboardModifier.AltModifier)
    qtbot.wait(250)


def test_every_field_of_every_page_is_labelled(qtbot: QtBot) -> None:
    wizard = _wizard(qtbot, RandomRoller(5))
    for page_id in wizard.pageIds():
        wizard.setStartId(page_id)
        wizard.restart()
        assert unlabelled(wizard) == [], wizard.page(page_id).title()


def test_the_race_page_hides_the_humans_choices_from_others(qtbot: QtBot) -> None:
    wizard = _wizard(qtbot)
    race = wizard.race_page
    wizard.setStartId(wizard.pageIds()[2])
    wizard.restart()
    race.race.setCurrentIndex(race.race.findData("dwarf"))
    assert not race.swap_a.isVisible() and not race.skill.isVisible()
    race.race.setCurrentIndex(race.race.findData("human"))
    assert race.swap_a.isVisible() and race.swap_b.isVisible() and race.skill.isVisible()


def test_how_many_shows_for_a_funnel_only(qtbot: QtBot) -> None:
    wizard = _wizard(qtbot)
    path = wizard.path_page
    assert not path.count.isVisible()
    QTest.keyClick(path.funnel, Qt.Key.Key_U, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(path.funnel.isChecked)  # a mnemonic clicks a button animated, on a timer
    assert path.count.isVisible()


def test_a_summary_page_with_hp_and_numbers_comes_before_finish(qtbot: QtBot) -> None:
    wizard = _wizard(qtbot)
    wizard.scores_page.name.setText("Aldo")
    wizard.setStartId(CLASS_PAGE)
    wizard.restart()
    form = wizard.class_page.form
    form.class_combo.setCurrentIndex(form.class_combo.findData("fighter"))
    form.style_combo.setCurrentIndex(form.style_combo.findData("defense"))
    check(form.skills, ["Athletics"])
    assert wizard.currentId() == CLASS_PAGE
    assert not wizard.button(QWizard.WizardButton.FinishButton).isVisible()
    QTest.keyClick(wizard, Qt.Key.Key_N, Qt.KeyboardModifier.AltModifier)  # Next >
    qtbot.wait(250)
    assert wizard.currentId() == SUMMARY_PAGE, wizard.class_page.error.text()
    assert wizard.button(QWizard.WizardButton.FinishButton).isVisible()
    text = wizard.summary_page.view.text()
    built = wizard.built
    assert built is not None and built.max_hp == 2  # the scripted d10: 2 (R5)
    assert "HP: 2 / 2; d10 rolled 2 → +2 HP" in text
    assert "Character: Aldo — Level 1 Fighter" in text and "PROF: +1" in text
    assert f"Scores: STR 9 ({built.modifier(Ability.STR):+d})" in text
    assert "Skills: Acrobatics, Athletics" in text and "Attacks: Arming sword ATK +1" in text


@pytest.fixture
def document() -> CampaignDocument:
    return CampaignDocument(storage.load(resource_path("example_campaign.json")))


def test_level_up_shows_the_summary_then_finish_applies_it(qtbot: QtBot,
                                                           document: CampaignDocument) -> None:
    brannoc = document.campaign.characters[0]
    before = brannoc.max_hp
    dialog = LevelUpDialog(document, brannoc.id, ScriptedRoller([7]))
    qtbot.addWidget(dialog)
    _active(dialog)
    assert unlabelled(dialog) == []
    assert dialog.next_button.isVisible() and not dialog.finish_button.isVisible()
    _alt(qtbot, dialog, Qt.Key.Key_N)  # Next >
    assert dialog.pages.currentIndex() == 1 and dialog.finish_button.isVisible()
    text = dialog.summary_view.text()
    assert f"HP: {before + 7} / {before + 7} (was {before} / {before}); d10 rolled 7 → +7 HP" \
        in text
    assert "Hit dice: 2 in the pool (was 1 in the pool)" in text
    assert brannoc.level == 1 and document.undo_stack.count() == 0  # nothing applied yet
    _alt(qtbot, dialog, Qt.Key.Key_B)  # < Back
    assert dialog.pages.currentIndex() == 0 and brannoc.level == 1
    _alt(qtbot, dialog, Qt.Key.Key_N)
    assert "Not yet" in dialog.error.text()  # the scripted die is used up: it rolls again
    dialog.hp_typed.setValue(7)
    _alt(qtbot, dialog, Qt.Key.Key_N)
    _alt(qtbot, dialog, Qt.Key.Key_F)  # Finish
    assert (brannoc.level, brannoc.max_hp) == (2, before + 7)
    assert document.undo_stack.count() == 1 and "+7 HP" in dialog.summary


def test_levels_past_fifth_hide_the_hit_die(qtbot: QtBot, document: CampaignDocument) -> None:
    brannoc = document.campaign.characters[0]
    brannoc.level = 6
    brannoc.hit_dice = 5
    dialog = LevelUpDialog(document, brannoc.id, ScriptedRoller([]))
    qtbot.addWidget(dialog)
    dialog.show()
    assert not dialog.hp_typed.isVisible()
    assert "A fixed HP gain, no roll (R5)" in dialog.intro.text()


def test_advance_shows_the_equipment_picks_only_when_the_gear_is_taken(
        qtbot: QtBot, document: CampaignDocument) -> None:
    mag = next(c for c in document.campaign.characters if c.level == 0)
    dialog = LevelUpDialog(document, mag.id, ScriptedRoller([]))
    qtbot.addWidget(dialog)
    _active(dialog)
    assert dialog.choices is not None and dialog.take_gear is not None
    assert not dialog.choices.equipment_box.isVisible()
    QTest.keyClick(dialog, Qt.Key.Key_A, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(dialog.take_gear.isChecked)
    assert dialog.choices.equipment_box.isVisible()
    assert unlabelled(dialog) == []
