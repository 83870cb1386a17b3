"""Crit and injury rows whose words must do something at the table."""

from __future__ import annotations

from emberkeep.campaign.settings import CampaignSettings, InitiativeMode, MonsterCrits
from emberkeep.encounter.act_last import LAST_TO_ACT
from emberkeep.encounter.attack import attack
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.events import Rolled, Row
from emberkeep.encounter.initiative import Slot
from emberkeep.encounter.turns import begin_round
from tests.core.test_encounter_attack import make, pc


def _zero_level_crit_4(mode: InitiativeMode, faces: list[int]) -> tuple[Encounter, str]:
    """The goblin's natural 20 on the 0-level table (R30), d4 row 4: "Inflict +1d6 DAM and foe
    is last to act next turn" (+3)."""
    enc = make(faces, settings=CampaignSettings(monster_crits=MonsterCrits.CLASS_TABLES),
               mode=mode)
    brannoc = pc(enc, "Brannoc")
    enc.character(brannoc).max_hp = enc.character(brannoc).hp = 30
    begin_round(enc)
    step = attack(enc, "goblin-1", brannoc.id)
    assert [(r.table, r.label) for r in step.events if isinstance(r, Row)] == [
        ("crit_zero_level", "4-5")]
    assert LAST_TO_ACT in {x.name for x in brannoc.conditions}
    for c in enc.combatants.values():
        c.acted = True
    begin_round(enc)
    return enc, brannoc.id


def test_last_to_act_next_turn_puts_the_foe_after_everyone_in_group_initiative() -> None:
    """Round 2's d6s: the party 6, the goblins 1 — the party first, but Brannoc last of all."""
    enc, brannoc = _zero_level_crit_4(InitiativeMode.GROUP, [5, 3, 20, 4, 3, 6, 1])
    order = [Slot.parse(e).cid for e in enc.state.order]
    assert order[-1] == brannoc and order[0] != brannoc
    assert order.index("goblin-1") < order.index(brannoc)


def test_last_to_act_in_segments_takes_the_rounds_last_segment() -> None:
    """WDD: round 2's d10s put Brannoc on segment 3 (his 1 and his modifiers) and the goblin on
    9, the round's last; Brannoc goes on segment 9, after the goblin."""
    faces = [3, 5, 7, 8, 9, 20, 4, 3, 1, 4, 5, 6, 9]
    enc, brannoc = _zero_level_crit_4(InitiativeMode.SEGMENTS, faces)
    slots = [Slot.parse(e) for e in enc.state.order]
    assert slots[-1].cid == brannoc
    assert [(s.cid, s.segment) for s in slots[-2:]] == [("goblin-1", 9), (brannoc, 9)]


def _hand_lost(faces: list[int]) -> tuple[Encounter, Combatant]:
    """The goblin's natural 20 on the lingering injuries table (R30), row 6-7: "Hand. You can
    use only one hand." Wren (no shield) then holds a greataxe and a longsword."""
    from emberkeep.encounter.weapon_choice import ONE_HAND
    from tests.core.test_encounter_attack import give

    enc = make(faces, settings=CampaignSettings(monster_crits=MonsterCrits.LINGERING))
    wren = pc(enc, "Wren")
    enc.character(wren).max_hp = enc.character(wren).hp = 30
    step = attack(enc, "goblin-1", wren.id)
    assert [(r.table, r.label) for r in step.events if isinstance(r, Row)] == [
        ("lingering_injuries", "6-7")]
    assert ONE_HAND in {x.name for x in wren.conditions}
    wren.acted = False
    give(enc, wren, "greataxe")
    return enc, wren


def test_only_one_hand_cannot_swing_a_two_handed_weapon() -> None:
    """With one hand the greataxe cannot be used: named, it is refused; by default she fights
    with what one hand can hold (a fist, the greataxe being the only weapon in hand)."""
    import pytest

    from emberkeep.encounter.engine import RuleError

    enc, wren = _hand_lost([20, 6, 12, 2])
    axe = next(w for w in enc.character(wren).inventory.weapons
               if w.name == "Greataxe")
    with pytest.raises(RuleError, match="only one hand"):
        attack(enc, wren.id, "goblin-1", weapon_uid=axe.uid)
    step = attack(enc, wren.id, "goblin-1")
    first = step.events[0]
    assert isinstance(first, Rolled) and first.purpose == "attack Goblin (fist)"


def test_only_one_hand_grips_a_versatile_weapon_one_handed_and_has_no_off_hand() -> None:
    """A warhammer alone in hand is held in two hands (its versatile 1d10) — not with one
    hand: the one-handed 1d8 (Furnace's martial one-handed die). Nor is there an off-hand
    attack."""
    import pytest

    from emberkeep.encounter.engine import RuleError
    from tests.core.test_encounter_attack import give

    enc, wren = _hand_lost([20, 6, 15, 3, 15, 3])
    hammer = give(enc, wren, "warhammer")
    assert (hammer.damage, hammer.versatile_damage) == ("1d8", "1d10")
    step = attack(enc, wren.id, "goblin-1")
    assert [r.expression for r in step.rolls()][:2] == ["1d20", "1d8"]
    wren.acted = False
    with pytest.raises(RuleError, match="only one hand"):
        attack(enc, wren.id, "goblin-1", off_hand=True)


def test_a_fearless_barbarian_holds_firm_in_pc_morale() -> None:
    """Barbarian: "Immune to FEAR effects": a PC's morale (a WIS SAVE whose failure is
    FRIGHTENED, R28) cannot frighten him; no die is rolled. Wren's 1 still frightens her."""
    from emberkeep.encounter.morale import pc_morale
    from tests.core.test_toolbox_engine import _take

    enc = make([1])
    brannoc = enc.combatant(_take(enc, "Brannoc", "barbarian", "fearless"))
    step = pc_morale(enc, brannoc.id)
    assert step.summary == "Brannoc Ironhand holds firm" and not step.rolls()
    assert brannoc.conditions == ()
    wren = pc(enc, "Wren")
    assert pc_morale(enc, wren.id).summary.endswith("FRIGHTENED, wants to flee")


def test_a_bloodshaman_stabilizes_with_an_easy_medicine_check() -> None:
    """Bloodshaman: "Medicine CHECKS are EASY" — R21's WIS (Medicine) check against the ROOM
    DC when stabilizing: Maud's 8 + WIS 2 + PROF 1 = 11 misses DC 12 but meets EASY's 9; then
    Injuries (18). Without the feature the same 8 fails (test_encounter_dying)."""
    from emberkeep.encounter.dying import DYING, stabilize
    from tests.core.test_encounter_dying import hurt
    from tests.core.test_toolbox_engine import _take

    enc = make([2, 8, 18])
    brannoc = pc(enc, "Brannoc")
    maud = enc.combatant(_take(enc, "Sister", "bloodshaman", "easy_medicine"))
    hurt(enc, brannoc, 7)
    step = stabilize(enc, maud.id, brannoc.id)
    assert step.summary == "Sister Maud stabilizes Brannoc Ironhand"
    assert step.rolls()[0].total == 11 and "vs DC 9" in str(step.events)
    assert DYING not in {x.name for x in brannoc.conditions}
