"""The Arcane Trickster in a fight: its cantrip without a SPELLCHECK, and "Read
arcane scrolls, HARD SPELLCHECK": a Magic-user's SPELLCHECK (INT + PROF, R8) from a scroll of
any spell, against the ROOM DC made HARD (R7: +3). The Wizard's scrolls are EASY.

Wren Quickfingers: Rogue, INT 12 (+0), PROF +1. Ysolde: Magic-user, INT 16 (+2), PROF +1.
"""

from __future__ import annotations

import pytest

from emberkeep.character.archetypes import ChosenFeature
from emberkeep.encounter.actions import cast
from emberkeep.encounter.engine import RuleError
from emberkeep.encounter.events import Rolled
from tests.core.test_encounter_actions import _encounter, _pc


def test_the_tricksters_cantrip_is_cast_without_a_spellcheck() -> None:
    enc = _encounter([])
    wren = _pc(enc, "Wren")
    sheet = enc.character(wren)
    sheet.archetype_features.append(ChosenFeature(feature_id="trickster", level=2))
    sheet.cantrips = ["whisper"]
    step = cast(enc, wren.id, "whisper")
    assert step.summary == "Wren Quickfingers casts Whisper" and step.rolls() == []


def test_the_trickster_reads_a_scroll_with_a_hard_magic_user_spellcheck() -> None:
    """d20 14 + INT 0 + PROF 1 = 15 against 12 + 3 = 15: Success Level 1, Fireball's 1d6
    shows 4 on the goblin; the same 14 without the scroll is refused (no spells)."""
    enc = _encounter([14, 4])
    wren = _pc(enc, "Wren")
    enc.character(wren).archetype_features.append(
        ChosenFeature(feature_id="read_scrolls", level=2))
    with pytest.raises(RuleError, match="casts no spells"):
        cast(enc, wren.id, "fireball", ["goblin-1"])
    step = cast(enc, wren.id, "fireball", ["goblin-1"], scroll=True)
    check = next(e.record for e in step.events if isinstance(e, Rolled))
    assert check.total == 15
    assert step.summary == "Wren Quickfingers casts Fireball at level 1: 4 DAM to Goblin 1"


def test_no_scroll_without_the_feature() -> None:
    enc = _encounter([14])
    with pytest.raises(RuleError, match="casts no spells and reads no scrolls"):
        cast(enc, _pc(enc, "Brannoc").id, "fireball", ["goblin-1"], scroll=True)


def test_a_caster_reads_a_scroll_of_a_spell_it_does_not_know() -> None:
    """Ysolde's Animate Dead from a scroll: d20 10 + 3 = 13, Success Level 1, which for
    Animate Dead is "Still Failure." (the seed)."""
    enc = _encounter([10])
    ysolde = _pc(enc, "Ysolde")
    assert "animate_dead" not in enc.character(ysolde).spells_known
    step = cast(enc, ysolde.id, "animate_dead", [], scroll=True)
    assert step.summary.startswith("Ysolde the Grey's Animate Dead fails")
