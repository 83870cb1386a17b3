"""R37: "The wielder chooses per fight how to use it: thrusting (−1, no R12 two-handed bonus)
or two-handed (+1, with R12's bonus); never both."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from emberkeep.campaign.settings import InitiativeMode
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.attack import attack
from emberkeep.encounter.combatant import MonsterStats
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.halberd import choose_halberd_use
from emberkeep.encounter.segments import segment_modifiers
from emberkeep.encounter.setup import monster_combatants
from tests.core.test_encounter_initiative import cid, make_encounter, make_pc

POST = MonsterStats(name="Post", max_hp=100, room_dc=5)


def _pat(faces: Sequence[int] = ()) -> tuple[Encounter, str]:
    enc = make_encounter([make_pc("Pat", str_=16, gear=["halberd"])],
                         monster_combatants(POST, 1, position=0), mode=InitiativeMode.SEGMENTS)
    enc.roller = ScriptedRoller(list(faces))
    return enc, cid(enc, "Pat")


def test_a_halberd_swung_two_handed_is_plus_one_and_thrust_minus_one_never_both() -> None:
    enc, pat = _pat()
    c = enc.combatant(pat)
    assert segment_modifiers(enc, c) == [("STR 15-18", -1), ("two-handed weapon", 1)]
    step = choose_halberd_use(enc, pat, thrust=True)
    assert step.summary == ("Pat uses the halberd thrusting: -1 segment, no two-handed DAM "
                            "bonus (R37)")
    assert segment_modifiers(enc, c) == [("STR 15-18", -1), ("long thrusting weapon", -1)]
    assert not c.acted  # a choice, not the turn's one thing
    enc.undo()
    assert segment_modifiers(enc, c)[-1] == ("two-handed weapon", 1)


def test_thrust_has_no_two_handed_damage_bonus() -> None:
    """R12: two-handed DAM adds ceil(1.5 × STR): STR 16 (+2) gives +3 swung, +2 thrust.
    The d20 15 hits the post; the d10 shows 4."""
    enc, pat = _pat([15, 4, 15, 4])
    swung = attack(enc, pat, "post-1")
    assert swung.summary == "Pat hits Post for 7"
    enc.undo()
    choose_halberd_use(enc, pat, thrust=True)
    assert attack(enc, pat, "post-1").summary == "Pat hits Post for 6"


def test_only_a_halberd_bearer_chooses() -> None:
    enc = make_encounter([make_pc("Pat", gear=["mace"])])
    with pytest.raises(RuleError, match="no halberd"):
        choose_halberd_use(enc, cid(enc, "Pat"), thrust=True)

