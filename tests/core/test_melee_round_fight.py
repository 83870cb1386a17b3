"""The Melee Round through the encounter engine: a knight-against-knight fight with a lance
charge and then swords runs to its end, each exchange one undoable, logged step."""

from __future__ import annotations

from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.settings import Resolution
from emberkeep.character.knight import KnightProfile
from emberkeep.character.model import Character
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.conditions import names
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.events import Step
from emberkeep.encounter.setup import pc_combatant
from emberkeep.melee_round.engine_bridge import (
    Declared,
    begin_melee_round,
    melee_exchange,
    melee_over,
    mount,
    movement_phase,
    rearm,
)

PROFILE = KnightProfile(SIZ=15, DEX=10, STR=10, CON=13,
                        skills={"Sword": 15, "Lance": 12, "Spear": 6})


def knights(faces: list[int]) -> tuple[Encounter, Character, Character, ScriptedRoller]:
    campaign = build_example_campaign()
    a, b = [c for c in campaign.characters if c.level == 1][:2]
    for ch in (a, b):
        ch.knight = PROFILE
    roller = ScriptedRoller(faces)
    enc = Encounter([pc_combatant(a, side="gold", position=0),
                     pc_combatant(b, side="azure", position=20)],
                    {a.id: a, b.id: b}, roller, resolution=Resolution.MELEE_ROUND)
    return enc, a, b, roller


def knight_hp(ch: Character) -> int:
    """The knight's own HP (R39), the track a Melee Round changes."""
    assert ch.knight is not None
    return ch.knight.hp


def test_knight_against_knight_lance_charge_then_swords_to_the_end() -> None:
    faces = [
        10, 8, 3, 3, 3, 3, 3, 4, 14, 2,  # R1 charge: Lance 17 vs Sword 15; 6d6 = 19; ride 14; 1d6
        12, 6, 5, 5, 5, 5, 3,  # R3: swords, mounted over a footman; 4d6 = 20; DEX 3 fails
        20, 4, 6, 6, 6, 6, 6, 6, 6, 6,  # R4: a critical (skill 20): 8d6 = 48 on a fallen knight
    ]
    enc, a, b, roller = knights(faces)
    ca, cb = enc.combatants.values()
    start = enc.fingerprint()
    mount(enc, ca.id)
    mount(enc, cb.id)
    assert knight_hp(a) == knight_hp(b) == 28  # R24: SIZ + CON

    begin_melee_round(enc)
    step = melee_exchange(enc, ca.id, cb.id, Declared(weapon="lance", charge=True))
    assert ca.position == 19  # "Knights must both move and fight during the charge"
    assert "lance charge +5" in [getattr(e, "text", "") for e in step.events]
    # 19 damage: ≥ SIZ 15, a failed Horsemanship roll: fall, 1d6 = 2; 19 - 10 - 6 = 3 wound.
    assert knight_hp(b) == 28 - 2 - 3 and names(cb.conditions) == {"PRONE"}
    assert ca.weapon_dropped  # 19 is odd: "the lance breaks" (R26: broken)
    assert "breaks" in step.summary or any("breaks" in getattr(e, "text", "")
                                           for e in step.events)
    movement_phase(enc, {})
    assert "PRONE" in names(cb.conditions)  # not this round's Movement Phase...

    begin_melee_round(enc)
    rearm(enc, ca.id)  # draws his sword
    movement_phase(enc, {})
    assert "PRONE" not in names(cb.conditions)  # ..."at the beginning of the next"

    begin_melee_round(enc)
    step = melee_exchange(enc, ca.id, cb.id, Declared(weapon="sword"), Declared())
    assert [r.total for r in step.rolls()][:2] == [12, 6]
    assert knight_hp(b) == 23 - (20 - 16) and "PRONE" in names(cb.conditions)
    movement_phase(enc, {})

    begin_melee_round(enc)
    step = melee_exchange(enc, ca.id, cb.id, Declared(weapon="sword"), Declared())
    # Mounted over a fallen foe: +5/-5 once; Sword 15 + 5 = 20, so a natural 20 is critical.
    assert knight_hp(b) == 19 - (48 - 16) and "INCAPACITATED" in names(cb.conditions)
    assert a.knight is not None and a.knight.ticks == ("Sword",)  # R32
    assert melee_over(enc) and roller.remaining == 0
    assert "critical" in step.summary

    while enc.history:
        enc.undo()
    assert enc.fingerprint() == start


def test_a_step_with_a_knight_profile_round_trips_through_json() -> None:
    enc, a, _, _ = knights([15, 3, *[1] * 8])  # a critical: 8d6
    ca, cb = enc.combatants.values()
    cb.position = 1
    step = melee_exchange(enc, ca.id, cb.id)
    assert a.knight is not None and a.knight.ticks == ("Sword",)
    again = Step.from_json(step.to_json())
    assert again.to_json() == step.to_json()
    enc.undo()
    assert a.knight == PROFILE  # the profile before the step
    enc.redo(again)
    assert a.knight is not None and a.knight.ticks == ("Sword",)


def test_typed_rolls_take_the_gms_dice() -> None:
    enc, _, b, roller = knights([])
    ca, cb = enc.combatants.values()
    cb.position = 1
    with enc.typed({("attack", ca.id): 14, ("attack", cb.id): 2, "damage": 13}):
        step = melee_exchange(enc, ca.id, cb.id, Declared(), Declared())
    assert knight_hp(b) == 28 and step.rolls()[0].typed  # 13: below SIZ, all stopped by 10 + 6
    assert roller.remaining == 0 and "wins" in step.summary


def test_not_engaged_knights_must_move_first() -> None:
    import pytest

    from emberkeep.encounter.engine import RuleError

    enc, _, _, _ = knights([])
    ca, cb = enc.combatants.values()
    with pytest.raises(RuleError, match="not engaged"):
        melee_exchange(enc, ca.id, cb.id)
    with pytest.raises(RuleError, match="at least 6"):
        mount(enc, ca.id)
        melee_exchange(enc, ca.id, cb.id, Declared(weapon="lance", charge=True,
                                                   charge_yards=4))
