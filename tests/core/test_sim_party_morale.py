"""The party's morale in the simulation: at OSE's moments (the party's first PC down,
half of it down) each standing PC rolls the engine's ``pc_morale`` (Furnace: WIS SAVE against
the ROOM DC; a failure: FRIGHTENED, R28), and a FRIGHTENED PC flees and leaves the fight by the
GM's out-of-the-fight ruling. The odds count "party fled" apart from "lost".

The fights here: an ogre that hits for 100 and cannot move ("can't move", R28 as written), with
its attack d20 typed (15: a hit, no crit) and the morale SAVE's d20 typed per PC (``TypedRoller``:
the GM's typed dice, by purpose and roller); every other die is a seeded RandomRoller's.
"""

from __future__ import annotations

import dataclasses

from emberkeep.campaign.example import build_example_campaign
from emberkeep.character.archetypes import ChosenFeature
from emberkeep.character.model import Character
from emberkeep.dice import RandomRoller, TypedRoller
from emberkeep.encounter import odds
from emberkeep.encounter.combatant import MonsterStats
from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.setup import monster_combatants, pc_combatants
from emberkeep.encounter.sim import FLED, run_fight

OGRE = MonsterStats(name="Ogre", max_hp=10_000, room_dc=12, attack_bonus=10, damage="100")
GOBLIN = MonsterStats(name="Goblin", max_hp=5, room_dc=12, attack_bonus=0, damage="1d6")


def _pcs(*prefixes: str) -> list[Character]:
    chars = build_example_campaign().characters
    return [next(c for c in chars if c.name.startswith(p)) for p in prefixes]


def _ogre_fight(chars: list[Character], morale_faces: dict[str, int], *,
                recording: bool = True) -> tuple[Encounter, TypedRoller]:
    ogre = monster_combatants(OGRE, 1, position=0)
    ogre[0].conditions = (ActiveCondition("cant_move"),)
    typed: dict[str | tuple[str, str], object] = {("attack", "Ogre"): [15] * 20}
    for name, face in morale_faces.items():
        typed[("morale", name)] = [face]
    roller = TypedRoller(RandomRoller(5), typed)  # type: ignore[arg-type]
    enc = Encounter([*pc_combatants(chars), *ogre], {c.id: c for c in chars}, roller,
                    room_dc=12, recording=recording)
    return enc, roller


def _summaries(enc: Encounter) -> list[str]:
    return [s.summary for s in enc.history]


def test_a_pc_who_fails_the_wis_save_flees_and_leaves_the_fight() -> None:
    """The ogre kills Wren (the nearest, first added): the party's first PC down and half of it,
    one check. Maud's typed 1 fails her WIS SAVE: FRIGHTENED. Held CLOSE by the ogre she must
    DISENGAGE and go NEAR (zone -1); the ogre cannot follow; then Go RANGED to zone -3, FAR from
    it (three zones), and the GM rules her out: the foes are left, the party fled."""
    wren, maud = _pcs("Wren", "Sister")
    enc, roller = _ogre_fight([wren, maud], {maud.name: 1})
    result = run_fight(enc, surprise=(), party_morale=True)
    said = _summaries(enc)
    frightened = said.index("Sister Maud loses heart: FRIGHTENED, wants to flee")
    assert said[frightened + 1:].count("Sister Maud disengages to zone -1") == 1
    flee = said.index("Sister Maud disengages to zone -1")
    assert said[flee:].index("Sister Maud moves to zone -3") > 0
    assert "GM: Sister Maud flees the fight" in said
    assert said[-1] == "The fight is over: foes win"
    assert result.over and result.winner == "foes"
    m = enc.combatant(next(c.id for c in enc.combatants.values() if c.name == maud.name))
    assert m.out and m.position == -3 and {x.name for x in m.conditions} >= {FLED, "FRIGHTENED"}
    assert maud.hp > 0 and not wren.alive  # she got away; he did not
    assert not roller.typed.unused().get(("morale", maud.name))  # her SAVE was rolled


def test_without_party_morale_the_same_pc_fights_on() -> None:
    """``run_fight``'s default (the golden fights'): no PC checks morale, nobody flees."""
    wren, maud = _pcs("Wren", "Sister")
    enc, roller = _ogre_fight([wren, maud], {maud.name: 1})
    result = run_fight(enc, surprise=())
    assert result.winner == "foes"
    assert not any(c.out for c in enc.combatants.values())
    assert maud.hp <= 0
    assert roller.typed.unused()[("morale", maud.name)] == [1]  # never asked


def test_a_fearless_barbarian_never_flees() -> None:
    """Brannoc with the Barbarian's "Immune to FEAR effects": at the moment his SAVE succeeds
    unrolled (the typed 1 is never asked for) and he fights on until the ogre drops him: lost,
    not fled."""
    wren, brannoc = _pcs("Wren", "Brannoc")
    brannoc.archetype = "barbarian"
    brannoc.archetype_features = [ChosenFeature(feature_id="fearless", level=1)]
    enc, roller = _ogre_fight([wren, brannoc], {brannoc.name: 1})
    result = run_fight(enc, surprise=(), party_morale=True)
    assert "Brannoc Ironhand holds firm" in _summaries(enc)
    assert result.winner == "foes"
    assert not any(c.out for c in enc.combatants.values())
    assert brannoc.hp <= 0
    assert roller.typed.unused()[("morale", brannoc.name)] == [1]


def test_the_odds_count_a_party_that_fled_apart_from_one_that_lost() -> None:
    """Wren and Ysolde FRIGHTENED from the start (a spell's), a goblin that cannot act in their
    zone (so nobody holds them CLOSE), nobody surprised: each Goes RANGED (zone -2), then again
    (zone -4, FAR) and is ruled out. Every fight: the party fled, in round 2, never lost."""
    chars = _pcs("Wren", "Ysolde")
    party = pc_combatants(chars)
    for c in party:
        c.conditions = (ActiveCondition("FRIGHTENED", None, "removed", "spell"),)
    goblin = monster_combatants(GOBLIN, 1, position=0)
    goblin[0].conditions = (ActiveCondition("cant_act"),)
    enc = Encounter([*party, *goblin], {c.id: c for c in chars}, RandomRoller(1))
    setup = dataclasses.replace(odds.setup_of(enc), surprise=())
    tally = odds.simulate(setup, 200, seed=3)
    assert (tally.fled, tally.lost, tally.won, tally.surrendered, tally.no_end) == (200, 0, 0, 0, 0)
    assert tally.rounds == {2: 200}
    figures = odds.odds_of(setup, tally)
    assert figures.fled.hits == 200 and figures.fled.interval[1] == 1.0
    assert [p.fled.hits for p in figures.pcs] == [200, 200]
    assert [p.died.hits for p in figures.pcs] == [0, 0]
    lines = list(odds.summary_lines(figures))
    assert lines[1].startswith("Party flees 100% (98%–100%)")
    assert lines[2].startswith("Party loses 0% (0%–2%)")


def test_in_simultaneous_mode_a_pursuer_strikes_a_fleeing_pc_in_the_melee_phase() -> None:
    """A goblin one zone from Wren, who flees: in the missiles phase it waits (moving, it would
    have done its one thing and never strike: a chase to the hundredth round), and in the melee
    phase it goes NEAR and attacks. Without party morale it moves in at once, as it always did."""
    from emberkeep.campaign.settings import InitiativeMode
    from emberkeep.encounter.initiative import MELEE_PHASE, MISSILE_PHASE, Slot
    from emberkeep.encounter.sim import take_turn

    (wren,) = _pcs("Wren")
    party = pc_combatants([wren])
    party[0].position = -1
    party[0].conditions = (ActiveCondition("FRIGHTENED", None, "removed", "morale"),)
    goblin = monster_combatants(GOBLIN, 1, position=0)[0]
    enc = Encounter([*party, goblin], {wren.id: wren}, RandomRoller(2),
                    mode=InitiativeMode.SIMULTANEOUS)
    enc.state.phase = "fighting"
    assert not take_turn(enc, goblin, Slot(goblin.id, MISSILE_PHASE, "missile"), flee=True)
    assert goblin.position == 0 and not goblin.acted
    assert take_turn(enc, goblin, Slot(goblin.id, MELEE_PHASE, "melee"), flee=True)
    assert goblin.position == -1 and goblin.acted
    assert enc.history[-1].summary.startswith("Goblin goes to zone -1 and")

    goblin.position, goblin.acted = 0, False
    assert take_turn(enc, goblin, Slot(goblin.id, MISSILE_PHASE, "missile"))
    assert enc.history[-1].summary == "Goblin moves to zone -1"


def test_a_moment_already_past_is_not_asked_again() -> None:
    """Wren is already at 0 HP when the fight is played (the odds "from here", or a sheet at 0):
    the party's first-down and half-down moments were the GM's to call, so Maud, who has not
    seen anyone fall since, never rolls (her typed 1 stays unused) and fights on."""
    wren, maud = _pcs("Wren", "Sister")
    wren.hp = 0
    enc, roller = _ogre_fight([wren, maud], {maud.name: 1})
    result = run_fight(enc, surprise=(), party_morale=True)
    assert result.winner == "foes" and maud.hp <= 0
    assert roller.typed.unused()[("morale", maud.name)] == [1]
