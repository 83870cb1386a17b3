"""The new-character wizard: Esc (Cancel, the close button) asks once before rolled dice are
thrown away and just closes before any roll; Tab follows the reading order on every page
(the class page went Archetype → Hit die → Equipment)."""

from __future__ import annotations

from itertools import pairwise

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox, QWidget, QWizard
from pytestqt.qtbot import QtBot

from emberkeep.campaign import storage
from emberkeep.character.catalog import SHIPPED
from emberkeep.dice import RandomRoller
from emberkeep.resources import resource_path
from gui.document import CampaignDocument
from gui.wizard import NewCharacterWizard
from gui.wizard.level_up import LevelUpDialog
from gui.wizard.new_character import CLASS_PAGE, FUNNEL_PAGE, RACE_PAGE, SCORES_PAGE

Discard, Cancel = QMessageBox.StandardButton.Discard, QMessageBox.StandardButton.Cancel


class Asked(list[str]):
    """The questions the wizard asked; ``answer`` is what the GM clicks next."""

    answer = Cancel


@pytest.fixture(autouse=True)
def asked(monkeypatch: pytest.MonkeyPatch) -> Asked:
    questions = Asked()

    def exec_(box: QMessageBox) -> int:
        questions.append(box.text())
        return questions.answer.value

    monkeypatch.setattr(QMessageBox, "exec", exec_)
    return questions


def _wizard(qtbot: QtBot) -> NewCharacterWizard:
    wizard = NewCharacterWizard(RandomRoller(5), catalog=SHIPPED)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.activateWindow()
    qtbot.waitActive(wizard)
    return wizard


def test_esc_before_any_roll_just_closes(qtbot: QtBot, asked: Asked) -> None:
    wizard = _wizard(qtbot)
    assert not wizard.has_rolls()
    QTest.keyClick(wizard, Qt.Key.Key_Escape)
    assert not wizard.isVisible() and asked == []


def test_esc_after_the_scores_were_rolled_asks_once(qtbot: QtBot, asked: Asked) -> None:
    wizard = _wizard(qtbot)
    wizard.next()
    assert wizard.currentId() == SCORES_PAGE and wizard.has_rolls()
    rolled = {a: [s.value() for s in spins] for a, spins in wizard.scores_page.dice.items()}
    QTest.keyClick(wizard, Qt.Key.Key_Escape)  # "keep": the wizard stays, dice as they were
    assert asked == ["Discard this character?"] and wizard.isVisible()
    assert {a: [s.value() for s in spins]
            for a, spins in wizard.scores_page.dice.items()} == rolled
    wizard.back()
    wizard.next()  # back and on again: the same dice, not a new roll
    assert {a: [s.value() for s in spins]
            for a, spins in wizard.scores_page.dice.items()} == rolled
    asked.answer = Discard
    wizard.button(QWizard.WizardButton.CancelButton).click()
    assert len(asked) == 2 and not wizard.isVisible()


def test_the_close_button_asks_too(qtbot: QtBot, asked: Asked) -> None:
    wizard = _wizard(qtbot)
    wizard.next()
    wizard.close()
    assert asked == ["Discard this character?"] and wizard.isVisible()
    asked.answer = Discard
    wizard.close()
    assert not wizard.isVisible()


def test_a_rolled_funnel_asks_for_all_of_them(qtbot: QtBot, asked: Asked) -> None:
    wizard = _wizard(qtbot)
    wizard.path_page.funnel.setChecked(True)
    wizard.next()
    assert wizard.currentId() == FUNNEL_PAGE and wizard.has_rolls()
    QTest.keyClick(wizard, Qt.Key.Key_Escape)
    assert asked == ["Discard these characters?"] and wizard.isVisible()


# -- Tab ----------------------------------------------------------------------------------------

def _rect(widget: QWidget, page: QWidget) -> QRect:
    return QRect(widget.mapTo(page, widget.rect().topLeft()), widget.size())


def _tab_chain(page: QWidget) -> list[QWidget]:
    """The widgets Tab visits on ``page``, once round: the window's focus chain as Qt's
    Tab walks it (visible, enabled, taking Tab focus; a spin box's line edit stands for the
    spin box)."""
    window = page.window()
    seen: list[QWidget] = []
    widget: QWidget | None = window.nextInFocusChain()
    for _ in range(400):
        if widget is None or widget is window:
            break
        takes_tab = bool(widget.focusPolicy() & Qt.FocusPolicy.TabFocus)
        if (takes_tab and widget.isVisible() and widget.isEnabled()
                and widget.focusProxy() is None):
            owner = widget
            parent = owner.parentWidget()
            if parent is not None and parent.focusProxy() is owner:
                owner = parent
            if page.isAncestorOf(owner) and owner not in seen:
                seen.append(owner)
        widget = widget.nextInFocusChain()
    return seen


def _in_reading_order(chain: list[QWidget], page: QWidget) -> None:
    for before, after in pairwise(chain):
        a, b = _rect(before, page), _rect(after, page)
        same_line = b.top() < a.bottom() and a.top() < b.bottom()
        assert (b.top() >= a.bottom() - 2) or (same_line and b.left() >= a.right() - 2), (
            f"Tab goes from {before.accessibleName() or type(before).__name__} {a} "
            f"back up to {after.accessibleName() or type(after).__name__} {b}")


@pytest.mark.slow
def test_the_class_page_tabs_archetype_equipment_then_hit_die(qtbot: QtBot) -> None:
    wizard = _wizard(qtbot)
    wizard.next()
    wizard.scores_page.name.setText("Aldo")
    wizard.next()
    wizard.next()
    assert wizard.currentId() == CLASS_PAGE
    page = wizard.class_page
    form = page.form
    for class_id in ("cleric", "fighter"):  # each change makes the equipment lines anew
        form.class_combo.setCurrentIndex(form.class_combo.findData(class_id))
    qtbot.wait(1)  # a widget added to a shown layout is shown by a queued call
    chain = _tab_chain(page)
    at = chain.index
    equipment = [w for w in chain if w.accessibleName().startswith("equipment line")]
    assert equipment
    assert at(form.archetype_combo) < at(equipment[0]) < at(page.hp_typed)
    _in_reading_order(chain, page)


@pytest.mark.parametrize("funnel", [False, True])
def test_every_wizard_page_tabs_in_reading_order(qtbot: QtBot, funnel: bool) -> None:
    wizard = _wizard(qtbot)
    wizard.path_page.funnel.setChecked(funnel)
    visited = []
    while True:
        page = wizard.currentPage()
        chain = _tab_chain(page)
        assert chain, f"page {wizard.currentId()} has nothing to Tab to"
        _in_reading_order(chain, page)
        visited.append(wizard.currentId())
        if wizard.currentId() == SCORES_PAGE:
            wizard.scores_page.name.setText("Aldo")
        if wizard.currentId() == CLASS_PAGE:
            for picks in (wizard.class_page.form.skills,):
                picks.item(0).setCheckState(Qt.CheckState.Checked)
            break  # the summary has nothing to Tab to but the buttons
        if wizard.currentId() == FUNNEL_PAGE:
            break
        wizard.next()
    assert visited == ([0, FUNNEL_PAGE] if funnel else [0, SCORES_PAGE, RACE_PAGE, CLASS_PAGE])


def test_advance_to_first_tabs_in_reading_order(qtbot: QtBot) -> None:
    document = CampaignDocument(storage.load(resource_path("example_campaign.json")))
    mag = next(c.id for c in document.campaign.characters if c.name.startswith("Old Mag"))
    dialog = LevelUpDialog(document, mag, RandomRoller(3))
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitActive(dialog)
    assert dialog.choices is not None and dialog.take_gear is not None
    dialog.take_gear.setChecked(True)
    combo = dialog.choices.class_combo
    for class_id in ("cleric", "fighter"):  # each change makes the equipment lines anew
        combo.setCurrentIndex(combo.findData(class_id))
    qtbot.wait(1)  # a widget added to a shown layout is shown by a queued call
    current = dialog.pages.currentWidget()
    assert current is not None
    chain = _tab_chain(current)
    at = chain.index
    equipment = [w for w in chain if w.accessibleName().startswith("equipment line")]
    assert equipment and at(dialog.choices.archetype_combo) < at(equipment[0])
    assert at(equipment[-1]) < at(dialog.take_gear) < at(dialog.hp_typed)
