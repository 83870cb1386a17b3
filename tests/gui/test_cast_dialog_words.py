"""The sheet's Cast dialog: every field has an Alt key, and the result reads as a GM says it
(the words are the core's, ``spellcheck_words``)."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget
from pytestqt.qtbot import QtBot

from emberkeep.campaign import storage
from emberkeep.dice import ScriptedRoller
from emberkeep.resources import resource_path
from gui.casting import CastDialog
from gui.document import CampaignDocument


@pytest.fixture
def dialog(qtbot: QtBot) -> CastDialog:
    document = CampaignDocument(storage.load(resource_path("example_campaign.json")))
    ysolde = next(c.id for c in document.campaign.characters if c.name.startswith("Ysolde"))
    shown = CastDialog(document, ysolde, ScriptedRoller([]))
    qtbot.addWidget(shown)
    return shown


def _key(text: str) -> str | None:
    found = re.search(r"&([^&])", text)
    return found.group(1).lower() if found else None


def test_every_field_and_button_has_its_own_alt_key(dialog: CastDialog) -> None:
    labels = [label for label in dialog.findChildren(QLabel) if label.buddy() is not None]
    fields = {label.buddy() for label in labels}
    for field in (dialog.spell, dialog.target, dialog.room_dc, dialog.difficulty,
                  dialog.advantage, dialog.typed, dialog.effect_count):
        assert field in fields, field.accessibleName() or type(field).__name__
    keys = [_key(label.text()) for label in labels]
    keys += [_key(b.text()) for b in dialog.findChildren(QAbstractButton) if b.text()]
    assert None not in keys, keys
    assert len(keys) == len(set(keys)), keys
    assert dialog.from_scroll.text() == "cast from a scr&oll"


@pytest.mark.slow
def test_alt_r_goes_to_the_room_dc(qtbot: QtBot, dialog: CastDialog) -> None:
    dialog.show()
    dialog.activateWindow()
    assert QTest.qWaitForWindowActive(dialog)
    QTest.keyClick(dialog, Qt.Key.Key_R, Qt.KeyboardModifier.AltModifier)
    focused: QWidget | None = dialog.focusWidget()
    assert focused is dialog.room_dc or (focused is not None
                                         and focused.parentWidget() is dialog.room_dc)


def test_the_result_reads_as_a_gm_says_it(dialog: CastDialog) -> None:
    """Ysolde (INT +2, PROF +1) types 7: 10 against DC 12 fails, each number once."""
    dialog.spell.setCurrentIndex(dialog.spell.findData("fireball"))
    dialog.typed.setValue(7)
    text = dialog.cast()
    assert text == ("Rolled 7 (typed) + 3 SPELLCHECK = 10 against DC 12: fails.\n"
                    "11 or less reaches no Success Level.")
    assert dialog.outcome.text() == text


def test_a_natural_20_says_what_the_spell_dice_go_to(dialog: CastDialog) -> None:
    dialog.spell.setCurrentIndex(dialog.spell.findData("fireball"))
    dialog.typed.setValue(20)
    lines = dialog.cast().splitlines()
    assert lines[0].endswith("= 25 against DC 12: succeeds at Success Level 3.")
    assert lines[1] == ("Fireball at Success Level 3: 3d6 fire DAM (3d); in CLOSE of the "
                        "target (1d)")
    assert lines[2].startswith("Spell dice: 6 × d6 (ranged damage): 4 spent as the line above "
                               "says, and 2 more for the natural 20 (R8) to add to the effect")
