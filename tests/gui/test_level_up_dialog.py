"""Level Up: each archetype feature named once in its menu, and the buttons in a wizard's order
(Back, Next or Finish, Cancel, left to right) on both steps."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from emberkeep.campaign import storage
from emberkeep.dice import ScriptedRoller
from emberkeep.resources import resource_path
from gui.document import CampaignDocument
from gui.wizard.level_up import LevelUpDialog, feature_choice_text


@pytest.fixture
def document() -> CampaignDocument:
    return CampaignDocument(storage.load(resource_path("example_campaign.json")))


def _id(document: CampaignDocument, name: str) -> str:
    return next(c.id for c in document.campaign.characters if c.name.startswith(name))


def test_the_wizards_features_are_named_once(qtbot: QtBot, document: CampaignDocument) -> None:
    """Ysolde (Wizard) at 2nd level: "Enchant: Can store a spell in an item", not "Enchant:
    Enchant: ..."; a feature whose words are its name reads once."""
    dialog = LevelUpDialog(document, _id(document, "Ysolde"), ScriptedRoller([3]))
    qtbot.addWidget(dialog)
    assert dialog.feature is not None
    offered = [dialog.feature.itemText(i) for i in range(dialog.feature.count())]
    assert "Enchant: Can store a spell in an item" in offered
    assert "Copying spells are cheaper or EASY" in offered
    for text in offered:
        head = text.split(":")[0]
        assert not text.startswith(f"{head}: {head}"), text


@pytest.mark.parametrize(("name", "text", "shown"), [
    ("Enchant", "Enchant: Can store a spell in an item", "Enchant: Can store a spell in an item"),
    ("HD changes to D12", "HD changes to D12", "HD changes to D12"),
    ("Keen eye", "Perception CHECKS are EASY", "Keen eye: Perception CHECKS are EASY"),
    ("Keen eye", "", "Keen eye"),
])
def test_a_features_menu_text(name: str, text: str, shown: str) -> None:
    """A campaign's own feature may have words that do not start with its name."""
    assert feature_choice_text(name, text) == shown


def _left_to_right(dialog: LevelUpDialog) -> list[str]:
    buttons = [b for b in (dialog.back_button, dialog.next_button, dialog.finish_button,
                           dialog.cancel_button) if b.isVisible()]
    return [b.text() for b in sorted(buttons, key=lambda b: b.mapTo(dialog, b.rect().topLeft())
                                     .x())]


def test_finish_is_right_of_back_on_the_summary(qtbot: QtBot,
                                                document: CampaignDocument) -> None:
    dialog = LevelUpDialog(document, _id(document, "Brannoc"), ScriptedRoller([7]))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert _left_to_right(dialog) == ["&Next >", "Cancel"]
    assert dialog.preview(), dialog.error.text()
    assert _left_to_right(dialog) == ["< &Back", "&Finish", "Cancel"]
    assert dialog.finish_button.isDefault()
    dialog.back_button.click()
    assert _left_to_right(dialog) == ["&Next >", "Cancel"]
