"""Physical dice for every roll: the GM's typed dice reach a step's inner rolls
(a crit die inside an attack whose d20 a panel typed), and the fight lists which dice its next
step may roll, with who rolls them (R20's d6 per side, R21's bleeding d20)."""

from __future__ import annotations

from emberkeep.campaign.settings import InitiativeMode
from emberkeep.dice import Purpose, ScriptedRoller, Typed, TypedRoller, roll
from emberkeep.encounter.rolls_ahead import Ahead, rolls_ahead
from emberkeep.encounter.surprise import check_surprise
from emberkeep.encounter.turns import begin_round
from tests.core.test_encounter_attack import make, pc


def test_inner_typed_answers_first_then_the_outer_ones_shared() -> None:
    outer = Typed({"crit": 14, "attack": 3})
    inner = Typed({"attack": 17}).over(outer)
    roller = TypedRoller(ScriptedRoller([]), inner)
    assert roll("d20", roller, purpose="attack").total == 17  # the panel's own d20
    assert roll("d20", roller, purpose="crit").total == 14  # the typed-dice entry's
    assert outer.unused() == {"attack": [3]}  # the crit was used up in the outer too


def test_a_nested_typed_block_keeps_the_outer_answers() -> None:
    enc = make([])
    with enc.typed({"surprise": [2, 5]}), enc.typed({"attack": 11}):
        check_surprise(enc)
    assert [r.total for r in enc.history[-1].rolls()] == [2, 5]


def test_r20_before_the_fight_each_side_rolls_surprise_and_initiative() -> None:
    enc = make([])
    assert rolls_ahead(enc) == [
        Ahead(Purpose.SURPRISE, "party", "d6, surprised on 1-2 (R20)"),
        Ahead(Purpose.SURPRISE, "foes", "d6, surprised on 1-2 (R20)"),
        Ahead(Purpose.INITIATIVE, "party", "group d6 (R20)"),
        Ahead(Purpose.INITIATIVE, "foes", "group d6 (R20)")]


def test_r20_wdd_segments_roll_a_d10_each_combatant() -> None:
    enc = make([], mode=InitiativeMode.SEGMENTS)
    initiative = [a for a in rolls_ahead(enc) if a.purpose is Purpose.INITIATIVE]
    assert [a.who for a in initiative] == [c.name for c in enc.combatants.values()]


def test_r21_a_bleeding_pc_rolls_its_d20_and_the_actor_its_attack() -> None:
    enc = make([3, 4, 4, 2, 3])  # surprise d6s, initiative d6s, then the 1d4 (R21)
    check_surprise(enc)
    begin_round(enc)
    maud = pc(enc, "Sister")
    with enc.action("gm", "test") as tx:
        enc.lose_hp(tx, maud, enc.character(maud).hp)
    ahead = rolls_ahead(enc)
    assert Ahead(Purpose.DYING, "Sister Maud", "d20 next round: 20 gets up (R21)") in ahead
    assert ahead[0].purpose is Purpose.ATTACK and ahead[0].who is not None
