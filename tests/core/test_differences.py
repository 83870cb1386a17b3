"""The recovery dialog says what each unsaved work changed."""

from __future__ import annotations

from emberkeep.campaign.differences import what_changed
from emberkeep.campaign.model import Campaign, EncounterRecord
from emberkeep.character.abilities import ABILITIES, AbilityScores
from emberkeep.character.model import Character


def _pc(name: str) -> Character:
    return Character(name=name, race="dwarf", hp=5, max_hp=6,
                     scores=AbilityScores.from_bases({a: 12 for a in ABILITIES}))


def test_added_changed_and_removed_are_counted_with_plurals() -> None:
    kept, gone, edited = _pc("Kept"), _pc("Gone"), _pc("Edited")
    before = Campaign(name="Road", characters=[kept, gone, edited])
    after = before.model_copy(deep=True)
    after.characters = [kept, edited.model_copy(update={"name": "Edited twice"}),
                        _pc("New one"), _pc("New two")]
    after.encounters = [EncounterRecord(name="Ambush")]
    assert what_changed(before, after) == ("2 characters added, 1 changed, 1 removed; "
                                           "1 encounter added")


def test_without_a_saved_file_it_says_what_the_work_holds() -> None:
    assert what_changed(None, Campaign(name="New", characters=[_pc("A")])) == (
        "1 character, 0 encounters")


def test_the_same_campaign_is_no_change_and_notes_are_named() -> None:
    before = Campaign(name="Road")
    assert what_changed(before, before.model_copy()) == "no change from the saved file"
    assert what_changed(before, Campaign(name="Road", notes="x")) == (
        "changed settings or notes")
