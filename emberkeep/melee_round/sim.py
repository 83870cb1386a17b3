"""Whole Melee Round fights, headless, for the encounter odds.

The fight is played with this package's own steps (``engine_bridge``, ``tactic_steps``: the
exchange, several foes, the unopposed blow, re-arming, the Movement Phase) on the encounter
engine, so an ``Encounter(recording=False)`` plays it without a log or undo history, exactly as
the window's steps would; only the choices are :data:`POLICY`'s. :func:`play_melee_fight` has
:func:`emberkeep.encounter.sim.run_fight`'s signature: the odds (a layer below this package)
are handed it by :func:`melee_setup` and call it in their worker processes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from contextlib import suppress
from dataclasses import replace
from functools import partial

from emberkeep.campaign.settings import Resolution
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.morale import dismiss_morale, resolve_morale
from emberkeep.encounter.odds import OddsError, OddsSetup, setup_of
from emberkeep.encounter.ruling import has_condition
from emberkeep.encounter.sim import FightResult
from emberkeep.encounter.surprise import check_surprise
from emberkeep.melee_round.engine_bridge import (
    MOUNTED,
    PRONE,
    Declared,
    able,
    begin_melee_round,
    fighter_of,
    melee_exchange,
    melee_over,
    movement_phase,
    rearm,
    side_of,
)
from emberkeep.melee_round.movement import engaged
from emberkeep.melee_round.round_marks import FOUGHT, marked
from emberkeep.melee_round.tactic_steps import melee_several, unopposed_step
from emberkeep.melee_round.tactics import max_attackers

__all__ = ["POLICY", "melee_setup", "play_melee_fight"]

POLICY = (
    "How the simulated sides choose in a Melee Round fight (the rules are the Melee Round's "
    "steps, as in the window):\n"
    "• Determination: each one able to fight names one foe engaged with it (within 1 yard): "
    "one that named it, if any; else the one with the fewest opponents so far (ties: the "
    "nearest, then the order they were added). Nobody gets more than 3 opponents (2 when all "
    "ride); one left without a foe waits. Everyone fights with its usual weapon and declares "
    "nothing else: no lance charge, no brawling, no dodging or evasion.\n"
    "• Resolution: one facing several (those it named and those naming it) divides its "
    "weapon skill evenly among them and rolls against each (whoever faces the most goes "
    "first); every other pair fights one exchange.\n"
    "• One who lost its weapon re-arms (its action for the round); the foes who named it "
    "strike it unopposed. One who loses it during a round fights no more that round.\n"
    "• Movement: whoever did not fight and is not engaged moves toward the nearest foe able "
    "to fight; the knocked down regain their footing as the text says.\n"
    "• Monsters roll morale when the engine asks (first fallen, half down) and surrender on a "
    "roll over their morale. Nobody flees or surrenders otherwise; no surprise attacks; "
    "nobody spends a Luck Die.\n"
    "• The fight ends when one side has nobody able to fight (dying, unconscious or out with a "
    "Major Wound), or after 100 rounds. A knight at 0 HP or below counts as dropped; it dies "
    "only without first aid within the hour (R33), after the fight, so none counts as dead."
)


def melee_setup(enc: Encounter, *, start: Sequence[Combatant] | None = None,
                side: str = "party") -> OddsSetup:
    """The odds' setup of a Melee Round encounter (``odds.setup_of``'s arguments), played with
    :func:`play_melee_fight`; refused if someone has no Melee Round numbers (R33)."""
    # R39: its fights read and change the knights' own HP, whatever ``enc`` was built for
    setup = replace(setup_of(enc, start=start, side=side, fight=play_melee_fight),
                    resolution=Resolution.MELEE_ROUND)
    probe = Encounter(setup.combatants, {ch.id: ch for ch in setup.characters}, enc.roller,
                      recording=False, resolution=Resolution.MELEE_ROUND)
    for c in setup.combatants:
        try:
            fighter_of(probe, c)
        except RuleError as exc:
            raise OddsError(str(exc)) from None
    return setup


def play_melee_fight(enc: Encounter, *, max_rounds: int = 100,
                     surprise: Iterable[str] | None = None,
                     party_morale: bool = False, luck: bool = False) -> FightResult:
    """Play the Melee Round fight to its end (or ``max_rounds`` rounds) from where it stands:
    a fight not begun is begun as the window begins it (nobody surprised: the Melee Round's
    surprise is an attack, not a lost round, so ``surprise`` is not used); a round under way
    goes on with those who have not fought yet. ``party_morale`` (``run_fight``'s Furnace
    WIS SAVE and flight) is not used either: the Melee Round gives knights no morale check,
    and flight is a choice this policy never makes. ``luck`` is not used: this policy spends no
    Luck Die on the Melee Round's opposed rolls (its POLICY says so)."""
    del surprise, party_morale, luck
    if enc.state.phase == "setup":
        check_surprise(enc, surprised=[])
    _morale(enc)  # "from here": a check the GM has not rolled yet
    if not melee_over(enc) and (enc.state.round == 0 or enc.state.phase != "fighting"):
        begin_melee_round(enc)
    while not melee_over(enc):
        _fight(enc)
        _morale(enc)
        if melee_over(enc):
            break
        _movement(enc)
        if enc.state.round >= max_rounds:
            break
        begin_melee_round(enc)
    over = melee_over(enc)
    sides = {c.side for c in enc.combatants.values() if able(enc, c)}
    winner = next(iter(sides)) if over and len(sides) == 1 else None
    steps = enc.steps_done
    return FightResult(winner, over, enc.state.round, steps)


def _morale(enc: Encounter) -> None:
    """The engine's morale prompts, answered as the Furnace simulation answers them (and, as
    there, not once the fight is over: a side left alone has won, not surrendered)."""
    while enc.state.morale_pending and not melee_over(enc):
        side = enc.state.morale_pending[0].rpartition(":")[0]
        try:
            resolve_morale(enc, side)
        except RuleError:  # nobody of that side left standing to roll it
            dismiss_morale(enc, side)


def _engaged_foes(c: Combatant, fit: list[Combatant]) -> list[Combatant]:
    """Foes within 1 yard among ``fit`` (those able to fight, in encounter order), nearest
    first (ties: encounter order)."""
    foes = [o for o in fit if o.side != c.side and engaged(o.position, c.position)]
    foes.sort(key=lambda o: abs(o.position - c.position))
    return foes


def _fit(enc: Encounter) -> list[Combatant]:
    """Those able to fight, asked once a phase: nothing changes while the choices are made."""
    return [c for c in enc.combatants.values() if able(enc, c)]


def _name_targets(enc: Encounter) -> tuple[dict[str, str], list[Combatant]]:
    """The Determination Phase: who names whom, and who re-arms instead. Each one's opponents
    are those it named and those naming it; nobody gets more than the text allows."""
    named: dict[str, str] = {}
    rearming: list[Combatant] = []
    opponents: dict[str, set[str]] = {}
    fit = _fit(enc)
    for c in fit:
        if marked(enc, c, FOUGHT):  # "from here": it fought this round already
            continue
        if c.weapon_dropped:
            rearming.append(c)
            continue
        mine = opponents.setdefault(c.id, set())
        choices = []
        for o in _engaged_foes(c, fit):  # nearest first: ``min`` keeps the first of equals
            theirs = opponents.setdefault(o.id, set())
            if o.id in mine:  # it named c: naming it back adds nobody
                choices.append((-1, o))
            elif _room(enc, c, mine | {o.id}) and _room(enc, o, theirs | {c.id}):
                choices.append((len(theirs), o))
        if choices:
            target = min(choices, key=lambda choice: choice[0])[1]
            named[c.id] = target.id
            mine.add(target.id)
            opponents[target.id].add(c.id)
    return named, rearming


def _room(enc: Encounter, c: Combatant, foes: set[str]) -> bool:
    """"Up to three enemies may attack a single character on foot; only two ... if all are
    mounted" (``max_attackers``, as ``melee_several`` asks it)."""
    mounted = has_condition(c, MOUNTED)
    all_mounted = mounted and all(has_condition(enc.combatants[f], MOUNTED) for f in foes)
    return len(foes) <= max_attackers(mounted, all_mounted)


def _fight(enc: Encounter) -> None:
    """The Resolution, Winner's and Loser's Phases of the round, by the policy."""
    named, rearming = _name_targets(enc)
    for c in rearming:
        rearm(enc, c.id)
    pairs: list[tuple[str, str]] = []
    disarmed = {c.id for c in rearming}
    for a, b in named.items():
        if b in disarmed:
            _try(enc, partial(unopposed_step, enc, a, b))
        elif (b, a) not in pairs:
            pairs.append((a, b))
    facing: dict[str, list[str]] = {}
    for a, b in pairs:
        facing.setdefault(a, []).append(b)
        facing.setdefault(b, []).append(a)
    done: set[frozenset[str]] = set()
    order = list(enc.combatants)
    for cid in sorted(facing, key=lambda k: (-len(facing[k]), order.index(k))):
        foes = [f for f in facing[cid] if frozenset((cid, f)) not in done
                and able(enc, enc.combatants[f])]
        if len(foes) < 2 or not able(enc, enc.combatants[cid]):
            continue
        done.update(frozenset((cid, f)) for f in foes)
        _try(enc, partial(_several, enc, cid, foes))
    for a, b in pairs:
        if frozenset((a, b)) in done:
            continue
        if able(enc, enc.combatants[a]) and able(enc, enc.combatants[b]):
            _try(enc, partial(melee_exchange, enc, a, b))


def _several(enc: Encounter, cid: str, foes: list[str]) -> None:
    """The weapon skill divided evenly (the first foes get the odd points), one roll against
    each foe (``side_of`` refuses one that lost its weapon earlier this round)."""
    full = side_of(enc, enc.combatants[cid], Declared()).skill()[1]
    each, extra = divmod(full, len(foes))
    melee_several(enc, cid, {f: each + (1 if i < extra else 0) for i, f in enumerate(foes)})


def _try(enc: Encounter, step: Callable[[], object]) -> None:
    """A step the rules refuse (one taken out of the fight by an earlier blow this round)
    changes nothing and is skipped. A morale check the step prompted is rolled before the
    next blow, as the Furnace simulation rolls it before the next turn."""
    with suppress(RuleError):
        step()
    _morale(enc)


def _movement(enc: Encounter) -> None:
    """The Movement Phase: the unengaged who did not fight close on the nearest foe."""
    goals: dict[str, int] = {}
    fit = _fit(enc)
    for c in fit:
        if marked(enc, c, FOUGHT) or has_condition(c, PRONE) or _engaged_foes(c, fit):
            continue
        foes = [o for o in fit if o.side != c.side]
        if foes:
            goals[c.id] = min(foes, key=lambda o: abs(o.position - c.position)).position
    movement_phase(enc, goals)
