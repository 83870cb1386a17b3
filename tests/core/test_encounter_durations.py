"""Conditions that tick down and expire, timers and morale (issue #6; R27, R28; Furnace "Moral",
"Timers!")."""

from __future__ import annotations

import pytest

from emberkeep.encounter import turns
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.encounter.durations import end_of_turn, round_upkeep, start_timer
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.morale import dismiss_morale, pc_morale, resolve_morale
from emberkeep.encounter.ruling import AddCondition, MarkOut, gm_ruling
from tests.core.test_encounter_attack import GOBLIN, make, pc


def names(c: Combatant) -> set[str]:
    return {x.name for x in c.conditions}


def put(c: Combatant, *conditions: ActiveCondition) -> None:
    c.conditions = (*c.conditions, *conditions)


def turn_ends(enc: Encounter, c: Combatant) -> None:
    with enc.action("gm", "turn") as tx:
        end_of_turn(enc, tx, c)


def round_begins(enc: Encounter) -> None:
    enc.state.round += 1
    with enc.action("gm", "round") as tx:
        round_upkeep(enc, tx, enc.state.round)


def test_rounds_count_the_subjects_own_turns() -> None:
    """R27: "for 1d4 turns" counts combat rounds: STUNNED for 2 costs two of its turns."""
    enc = make([])
    goblin = enc.combatant("goblin-1")
    enc.state.round = 1
    put(goblin, ActiveCondition("STUNNED", 2, "rounds", "pc-x", 1))
    turn_ends(enc, goblin)
    assert goblin.conditions[0].rounds_left == 1 and not enc.can_act(goblin)
    turn_ends(enc, goblin)
    assert goblin.conditions == () and enc.can_act(goblin)


def test_a_condition_put_on_itself_in_its_own_turn_counts_from_the_next() -> None:
    """A fumble's "STUNNED 1 round" on the fumbler costs its next turn, not the one now."""
    enc = make([])
    goblin = enc.combatant("goblin-1")
    enc.state.round = 3
    put(goblin, ActiveCondition("STUNNED", 1, "rounds", goblin.id, 3))
    turn_ends(enc, goblin)
    assert "STUNNED" in names(goblin)
    enc.state.round = 4
    turn_ends(enc, goblin)
    assert "STUNNED" not in names(goblin)


def test_this_round_ends_with_the_turn_or_the_round() -> None:
    enc = make([])
    goblin = enc.combatant("goblin-1")
    enc.state.round = 1
    put(goblin, ActiveCondition("cant_attack", 1, "this_round", "x", 1))
    turn_ends(enc, goblin)
    assert goblin.conditions == ()
    put(goblin, ActiveCondition("cant_attack", 1, "this_round", "x", 1))  # after its turn
    round_begins(enc)
    assert goblin.conditions == ()


def test_next_round_lasts_through_the_subjects_turn_in_the_next_round() -> None:
    """Cleric crit 11-12: "enemy can't move next turn" (R27: a turn is a round)."""
    enc = make([])
    goblin = enc.combatant("goblin-1")
    enc.state.round = 1
    put(goblin, ActiveCondition("cant_move", 1, "next_round", "x", 1))
    turn_ends(enc, goblin)  # its turn in round 1
    assert "cant_move" in names(goblin)
    round_begins(enc)
    assert "cant_move" in names(goblin)
    turn_ends(enc, goblin)  # its turn in round 2
    assert goblin.conditions == ()
    put(goblin, ActiveCondition("cant_move", 1, "next_round", "x", 2))
    round_begins(enc)
    round_begins(enc)  # round 4 begins: round 3 is past even without its turn
    assert goblin.conditions == ()


@pytest.mark.parametrize("until", ["encounter", "removed", "rest", "permanent"])
def test_lasting_conditions_do_not_tick(until: str) -> None:
    enc = make([])
    goblin = enc.combatant("goblin-1")
    put(goblin, ActiveCondition("WEAK", None, until, "x", 1))
    for _ in range(3):
        turn_ends(enc, goblin)
        round_begins(enc)
    assert names(goblin) == {"WEAK"}


def test_a_stunned_monsters_skipped_turn_counts_in_the_round_flow() -> None:
    """The turn order skips a STUNNED goblin (R28), and the skipped turn expires the stun."""
    enc = make([])
    with enc.typed({("initiative", "party"): 6, ("initiative", "foes"): 1}):
        turns.start(enc, surprise=[])
    goblin = enc.combatant("goblin-1")
    gm_ruling(enc, "stunned", [AddCondition(goblin.id, ActiveCondition("STUNNED", 1, "rounds",
                                                                       "gm", 1))])
    for _ in range(4):
        turns.next_turn(enc)
    assert enc.state.round == 2 and goblin.conditions == ()
    assert turns.current(enc) is not None and turns.current(enc).side == "party"  # type: ignore[union-attr]


def _timers(enc: Encounter) -> tuple[tuple[tuple[str, int], ...], tuple[str, ...]]:
    """The timers running and fired, read afresh (each step replaces them)."""
    return enc.state.timers, enc.state.timers_fired


def _pending(enc: Encounter) -> tuple[str, ...]:
    """The morale checks the GM is prompted for, read afresh."""
    return enc.state.morale_pending


def test_a_timer_fires_after_1d4_rounds() -> None:
    """ICRPG: "Roll 1d4. After that many turns, something awful happens!"."""
    enc = make([2])
    start_timer(enc, "the ceiling collapses")
    assert _timers(enc) == ((("the ceiling collapses", 2),), ())
    round_begins(enc)
    assert _timers(enc) == ((("the ceiling collapses", 1),), ())
    round_begins(enc)
    assert _timers(enc) == ((), ("the ceiling collapses",))
    with pytest.raises(RuleError):
        start_timer(enc, "")


# --- morale -----------------------------------------------------------------------------------

def _fight(count: int) -> Encounter:
    enc = make([], count=count)
    enc.state.phase = "fighting"
    return enc


def test_the_first_enemy_falling_prompts_a_morale_check_2d6_over_surrenders() -> None:
    """Furnace: "If I roll over the Enemy moral, the enemies surrender. Enemy moral is usually
    half of the room DC (rounded down)": ROOM DC 12 → 6; 4 + 3 = 7 is over it."""
    enc = _fight(3)
    gm_ruling(enc, "slain", [MarkOut("goblin-1")])
    assert _pending(enc) == ("foes:first",)
    enc.roller = type(enc.roller)([4, 3])  # type: ignore[call-arg]
    resolve_morale(enc, "foes")
    assert _pending(enc) == ()
    assert all(enc.combatant(f"goblin-{n}").out for n in (2, 3))
    assert "surrendered" in names(enc.combatant("goblin-2")) and turns.is_over(enc)


def test_not_over_the_morale_they_fight_on_and_half_down_asks_again() -> None:
    enc = _fight(4)
    gm_ruling(enc, "slain", [MarkOut("goblin-1")])
    enc.roller = type(enc.roller)([3, 3])  # type: ignore[call-arg]
    resolve_morale(enc, "foes")  # 6 is not over 6
    assert not enc.combatant("goblin-2").out and _pending(enc) == ()
    gm_ruling(enc, "slain", [MarkOut("goblin-2")])
    assert _pending(enc) == ("foes:half",)
    dismiss_morale(enc, "foes")
    gm_ruling(enc, "slain", [MarkOut("goblin-3")])
    assert _pending(enc) == ()  # each prompt once


def test_the_gms_morale_number_wins_over_half_the_room_dc() -> None:
    stats = GOBLIN.model_copy(update={"morale": 9})
    enc = make([5, 4], foes=((stats, 0),), count=2)
    enc.state.phase = "fighting"
    gm_ruling(enc, "slain", [MarkOut("goblin-1")])
    step = resolve_morale(enc, "foes")
    assert "not over their morale 9" in step.summary and not enc.combatant("goblin-2").out


@pytest.mark.parametrize(("face", "holds"), [(8, False), (9, True)])
def test_pc_morale_is_a_wis_save_against_the_room_dc(face: int, holds: bool) -> None:
    """Furnace: "For PCs I call for a WIS SAVE againts the ROOM DC" (Maud: WIS 2 + PROF 1)."""
    enc = make([face])
    maud = pc(enc, "Sister")
    pc_morale(enc, maud.id)
    assert ("FRIGHTENED" in names(maud)) is not holds
