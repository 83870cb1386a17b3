"""How deadly is this fight? Many simulated fights of one encounter, counted.

The fights are played by :func:`emberkeep.encounter.sim.run_fight` on an encounter that records
nothing (``Encounter(recording=False)``): the engine's own rule functions, the campaign's rules
(initiative mode, every optional rule in the settings, its own spells and archetypes), the party
as its sheets stand now (HP, gear damage, spells left, luck dice, conditions). Only the choices
are the simulation's policy (:data:`POLICY`, shown in the odds dialog and in docs/guide.md).

Fights run in chunks of :data:`CHUNK` fights; chunk ``i`` of a run seeded ``s`` rolls with
``RandomRoller(s * 1_000_003 + i)``, so the same seed gives the same figures whether one process or
several play the chunks, in any order. A chunk's :class:`Tally` is plain counts; tallies add up.

Figures (:class:`Odds`) carry the number of fights and a 95% Wilson interval on each chance.
"""

from __future__ import annotations

import copy
import math
import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any

from emberkeep.campaign.settings import CampaignSettings, Resolution
from emberkeep.character.abilities import Ability
from emberkeep.character.catalog import Catalog
from emberkeep.character.model import Character
from emberkeep.dice import RandomRoller
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.conditions import NO_ACTIONS
from emberkeep.encounter.engine import Encounter, EncounterState
from emberkeep.encounter.morale import SURRENDERED
from emberkeep.encounter.setup import monster_combatants
from emberkeep.encounter.sim import FLED, FightResult, run_fight
from emberkeep.gear.owned import OwnedArmor, OwnedShield, OwnedWeapon

__all__ = ["CHUNK", "DEFAULT_FIGHTS", "POLICY", "Odds", "OddsError", "OddsSetup", "PcOdds",
           "Tally", "chunks", "odds_of", "run_chunk", "setup_of", "side_title", "simulate",
           "summary_lines", "sweep_setup", "wilson"]

DEFAULT_FIGHTS = 2_000
CHUNK = 100  # fights a worker plays at a time: small enough for a smooth progress bar
MAX_ROUNDS = 100  # a fight not over after this many rounds counts as "no end"

POLICY = (
    "How the simulated sides choose (the rules are the engine's, as in the window):\n"
    "• Each combatant attacks the nearest standing foe its weapon reaches (ties: the order "
    "they were added); if none reaches, it moves one zone and attacks, else moves toward the "
    "nearest foe (disengaging when held), else DODGEs.\n"
    "• A Magic-user casts a damage spell at the nearest foe while it can cast; a spell "
    "declared for a WDD segment is cast in its slot.\n"
    "• A Cleric lays hands on a dying ally in its zone; any PC stabilizes a bleeding ally in "
    "its zone (Medicine).\n"
    "• Held or gripped: break free; PRONE: stand up; holding a knife grip: its two blows.\n"
    "• Luck Dice (when the campaign uses them): the PCs earn them as the rules give them and "
    "spend one on an attack that missed when the d6 could still make it a hit (R29); never on "
    "a SPELLCHECK or a SAVE, nor in a simultaneous melee phase. Nobody fends (WDD Fending is "
    "the GM's call). No other spell is cast.\n"
    "• Monsters roll morale when the engine asks (their first fallen, half of them down): "
    "over their morale they surrender.\n"
    "• The party's morale, at the same moments (its first PC at 0 HP or below, then half its "
    "PCs): each PC still standing and not already FRIGHTENED makes a WIS SAVE against the "
    "ROOM DC (one \"Immune to FEAR effects\", as a Barbarian may be, holds firm unrolled); a "
    "failure leaves it FRIGHTENED.\n"
    "• A FRIGHTENED PC (by morale, a spell or a mishap) flees: once free of holds and on its "
    "feet, it moves away from the foes, two zones where it may, else DISENGAGEs one zone "
    "when a foe is CLOSE; when every foe is FAR (three zones or more), it is out of the "
    "fight. In simultaneous mode a foe one zone from a fleeing PC waits for the melee "
    "phase to go NEAR and strike it. The party never surrenders.\n"
    "• A fight ends when one side is down, has surrendered or has fled, or after 100 rounds. "
    "The party flees when its last PCs standing all fled; it loses when every PC is down.\n"
    "• Surprise: each side rolls its d6 (an encounter not yet started)."
)


class OddsError(ValueError):
    """An encounter the odds cannot be worked out for, with the reason."""


@dataclass(frozen=True, slots=True)
class _OwnEntries:
    """The campaign's own archetypes, spells and magic items, as a worker needs them."""

    archetypes: tuple[Any, ...] = ()
    spells: tuple[Any, ...] = ()
    magic_items: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class OddsSetup:
    """Everything a worker process needs to play the encounter again: plain picklable data,
    copied when made, so the app's encounter and sheets are never touched."""

    combatants: tuple[Combatant, ...]
    characters: tuple[Character, ...]
    state: EncounterState
    settings: CampaignSettings
    own: _OwnEntries | None
    side: str = "party"  # the side whose odds are told
    # The sides the GM says are surprised at the start (None: each side rolls its d6).
    surprise: tuple[str, ...] | None = None
    # Plays one fight (``run_fight``'s signature; None: ``run_fight``). The Melee Round's
    # runner sits in a layer above this one and is handed in (``melee_round.sim``); a
    # module-level function, so it pickles by name for the workers.
    fight: Callable[..., FightResult] | None = None
    # R39: a Melee Round fight reads and changes the knights' HP, a Furnace one the sheets'
    resolution: Resolution = Resolution.FURNACE

    @property
    def pcs(self) -> list[Combatant]:
        return [c for c in self.combatants if c.kind == "pc" and c.side == self.side]

    def monster_kinds(self) -> list[str]:
        """The monster kinds (stat block names) in the encounter, first seen first."""
        seen: dict[str, None] = {}
        for c in self.combatants:
            if c.monster is not None and c.side != self.side:
                seen.setdefault(c.monster.name, None)
        return list(seen)


def setup_of(enc: Encounter, *, start: Sequence[Combatant] | None = None,
             side: str = "party", fight: Callable[..., FightResult] | None = None) -> OddsSetup:
    """The encounter as it stands now ("from here"), or with ``start``'s combatants and a
    fresh state (from the start: the encounter's combatants as they stood before its first
    step), the party's sheets as they stand now either way."""
    if start is None:
        combatants = tuple(copy.deepcopy(list(enc.combatants.values())))
        state = copy.deepcopy(enc.state)
        if state.phase == "over":
            raise OddsError("this fight is over: nothing left to simulate from here")
    else:
        combatants = tuple(copy.deepcopy(list(start)))
        state = EncounterState(mode=enc.state.mode, room_dc=enc.state.room_dc)
    wanted = {c.character_id for c in combatants if c.character_id is not None}
    characters = tuple(ch.model_copy(deep=True) for cid, ch in enc.characters.items()
                       if cid in wanted)
    if not any(c.side == side for c in combatants):
        raise OddsError(f"nobody of the side {side!r} is in this encounter")
    if not any(c.side != side for c in combatants):
        raise OddsError(f"{side!r} has no foe in this encounter")
    own_src = enc.catalog.own
    own = None if own_src is None else _OwnEntries(
        tuple(own_src.archetypes), tuple(own_src.spells), tuple(own_src.magic_items))
    return OddsSetup(combatants, characters, state, enc.settings.model_copy(deep=True), own,
                     side, fight=fight, resolution=enc.resolution)


def sweep_setup(setup: OddsSetup, kind: str, count: int) -> OddsSetup:
    """The same encounter with ``count`` monsters of ``kind``: the first ``count`` of those
    present, or more made like the first (``setup.monster_combatants``, its numbering)."""
    of_kind = [c for c in setup.combatants if c.monster is not None and c.monster.name == kind
               and c.side != setup.side]
    if not of_kind:
        raise OddsError(f"no {kind} in this encounter")
    keep = {c.id for c in of_kind[:count]}
    combatants = [c for c in setup.combatants if c not in of_kind or c.id in keep]
    if count > len(of_kind):
        first = of_kind[0]
        assert first.monster is not None
        combatants += monster_combatants(
            first.monster, count - len(of_kind), side=first.side, position=first.position,
            first_number=len(of_kind) + 1, taken={c.id for c in combatants})
    return replace(setup, combatants=tuple(combatants))


# --- one chunk of fights ------------------------------------------------------------------------

@dataclass(slots=True)
class _PcTally:
    # Taken out: at 0 HP or below at some moment, or left unable to act at the end (R28's
    # UNCONSCIOUS, the Melee Round's Major Wound, PARALYSED...), fled aside.
    dropped: int = 0
    died: int = 0
    injured: int = 0  # a lasting injury written on the sheet (condition or score loss)
    notched: int = 0  # a weapon gained a notch
    broken: int = 0  # a weapon broke
    hp_lost: int = 0  # HP below the start at the end (down to 0), summed over fights
    armor_lost: int = 0  # armor and shield damage points gained, summed over fights
    fled: int = 0  # left the fight in flight (the party's morale)


@dataclass(slots=True)
class Tally:
    """What ``fights`` fights did, as counts (chunks add up with :meth:`add`)."""

    fights: int = 0
    won: int = 0  # the party's side left standing, every foe down
    surrendered: int = 0  # the party won because foes surrendered on morale
    lost: int = 0  # every PC of the party down
    fled: int = 0  # the foes left the field because the party's last PCs standing all fled
    no_end: int = 0  # not over after MAX_ROUNDS rounds, or nobody left standing
    rounds: Counter[int] = field(default_factory=Counter)
    pcs: dict[str, _PcTally] = field(default_factory=dict)

    def add(self, other: Tally) -> None:
        self.fights += other.fights
        self.won += other.won
        self.surrendered += other.surrendered
        self.lost += other.lost
        self.fled += other.fled
        self.no_end += other.no_end
        self.rounds.update(other.rounds)
        for cid, pc in other.pcs.items():
            mine = self.pcs.setdefault(cid, _PcTally())
            for f in fields(_PcTally):
                setattr(mine, f.name, getattr(mine, f.name) + getattr(pc, f.name))


_Marks = tuple[int, int, int, int, int]


def _sheet_marks(ch: Character) -> _Marks:
    """What the odds compare before and after a fight: lasting conditions, score losses,
    weapon notches, broken weapons, armor damage points."""
    notches = broken = armor = 0
    for piece in ch.inventory.all_gear():
        if isinstance(piece, OwnedWeapon):
            notches += piece.notches
            broken += piece.broken
        elif isinstance(piece, (OwnedArmor, OwnedShield)):
            armor += piece.damage_points
    losses = sum(s.loss for s in (ch.scores.get(a) for a in _ABILITIES))
    return len(ch.conditions), losses, notches, broken, armor


_ABILITIES = tuple(Ability)


def run_chunk(setup: OddsSetup, seed: int, index: int, count: int) -> Tally:
    """Play ``count`` fights of ``setup`` with chunk ``index``'s dice (a worker's job)."""
    characters = {ch.id: ch.model_copy(deep=True) for ch in setup.characters}
    combatants = copy.deepcopy(list(setup.combatants))
    roller = RandomRoller(seed * 1_000_003 + index)
    catalog = Catalog(setup.own)
    enc = Encounter(combatants, characters, roller, room_dc=setup.state.room_dc,
                    mode=setup.state.mode, settings=setup.settings, catalog=catalog,
                    recording=False, resolution=setup.resolution)
    for f in fields(EncounterState):
        setattr(enc.state, f.name, getattr(setup.state, f.name))
    pcs = [c for c in combatants if c.kind == "pc" and c.side == setup.side]
    start = {c.id: (enc.hp(c), _sheet_marks(characters[c.character_id]))  # type: ignore[index]
             for c in pcs}
    tally = Tally(pcs={c.id: _PcTally() for c in pcs})
    play = setup.fight or run_fight
    for _ in range(count):
        result = play(enc, max_rounds=MAX_ROUNDS, surprise=setup.surprise,
                      party_morale=True, luck=True)
        _count(enc, setup.side, result.winner, result.over, result.rounds, pcs, start, tally)
        enc.rewind()
    return tally


def _count(enc: Encounter, side: str, winner: str | None, over: bool, rounds: int,
           pcs: list[Combatant], start: dict[str, tuple[int, _Marks]],
           tally: Tally) -> None:
    tally.fights += 1
    tally.rounds[rounds] += 1
    if not over or winner is None:
        tally.no_end += 1
    elif winner == side:
        surrendered = any(c.out and any(x.name == SURRENDERED for x in c.conditions)
                          for c in enc.combatants.values() if c.side != side)
        if surrendered:
            tally.surrendered += 1
        else:
            tally.won += 1
    elif any(_fled(c) for c in pcs):  # no party PC stands: the ones not down fled
        tally.fled += 1
    else:
        tally.lost += 1
    lowest = _lowest_hp(enc)
    for c in pcs:
        ch = enc.characters[c.character_id]  # type: ignore[index]
        hp0, marks0 = start[c.id]
        hp = enc.hp(c)
        marks = _sheet_marks(ch)
        pc = tally.pcs[c.id]
        fled = _fled(c)
        if min(lowest.get(ch.id, hp), hp) <= 0 or (
                not fled and any(x.name in NO_ACTIONS for x in c.conditions)):
            pc.dropped += 1
        if not ch.alive:
            pc.died += 1
        if marks[0] > marks0[0] or marks[1] > marks0[1]:
            pc.injured += 1
        if marks[2] > marks0[2]:
            pc.notched += 1
        if marks[3] > marks0[3]:
            pc.broken += 1
        pc.hp_lost += max(0, hp0 - max(hp, 0))
        pc.armor_lost += max(0, marks[4] - marks0[4])
        if fled:
            pc.fled += 1


def _lowest_hp(enc: Encounter) -> dict[str, int]:
    """Each PC's lowest HP this fight, by character id, on the fight's track (R39: a Melee
    Round's knights' own), from the journal's values before each change."""
    lowest: dict[str, int] = {}
    for kind, ref, _obj, fld, before in enc.journal:
        if kind == "pc":
            hp = enc.hp_before(fld, before)
            if hp is not None and hp < lowest.get(ref[1], hp + 1):
                lowest[ref[1]] = hp
    return lowest


def _fled(c: Combatant) -> bool:
    return c.out and any(x.name == FLED for x in c.conditions)


def chunks(fights: int) -> list[tuple[int, int]]:
    """The (index, count) of each chunk of a run of ``fights``."""
    if fights < 1:
        raise OddsError("at least one fight")
    return [(i, min(CHUNK, fights - i * CHUNK)) for i in range(math.ceil(fights / CHUNK))]


def simulate(setup: OddsSetup, fights: int = DEFAULT_FIGHTS, seed: int = 1,
             progress: Callable[[int], object] | None = None) -> Tally:
    """Play ``fights`` fights here, chunk by chunk (the dialog runs the chunks in workers)."""
    total = Tally()
    for index, count in chunks(fights):
        total.add(run_chunk(setup, seed, index, count))
        if progress is not None:
            progress(total.fights)
    return total


# --- the figures ---------------------------------------------------------------------------------

def wilson(hits: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a chance seen ``hits`` times in ``n`` fights."""
    if n == 0:
        return 0.0, 1.0
    p = hits / n
    centre = p + z * z / (2 * n)
    margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    low = 0.0 if hits == 0 else max(0.0, (centre - margin) / scale)
    high = 1.0 if hits == n else min(1.0, (centre + margin) / scale)
    return low, high


@dataclass(frozen=True, slots=True)
class Chance:
    hits: int
    fights: int

    @property
    def value(self) -> float:
        return self.hits / self.fights if self.fights else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.hits, self.fights)

    def text(self) -> str:
        low, high = self.interval
        return f"{self.value:.0%} ({low:.0%}–{high:.0%})"


@dataclass(frozen=True, slots=True)
class PcOdds:
    name: str
    dropped: Chance
    died: Chance
    injured: Chance
    notched: Chance
    broken: Chance
    hp_lost: float  # on average a fight
    armor_lost: float
    fled: Chance


@dataclass(frozen=True, slots=True)
class Odds:
    fights: int
    won: Chance
    surrendered: Chance
    lost: Chance
    fled: Chance  # the party's last PCs standing all fled
    no_end: Chance
    rounds: dict[int, int]  # rounds → fights that ended after them
    median_rounds: float
    rounds_spread: tuple[int, int]  # the 10th and 90th percentile
    pcs: tuple[PcOdds, ...]
    hp_lost: float  # the party's, on average a fight
    armor_lost: float

    @property
    def party_wins(self) -> Chance:
        return Chance(self.won.hits + self.surrendered.hits, self.fights)


def odds_of(setup: OddsSetup, tally: Tally) -> Odds:
    n = tally.fights
    if n == 0:
        raise OddsError("no fight was played")
    names = {c.id: c.name for c in setup.combatants}
    pcs = tuple(PcOdds(names[cid], Chance(t.dropped, n), Chance(t.died, n),
                       Chance(t.injured, n), Chance(t.notched, n), Chance(t.broken, n),
                       t.hp_lost / n, t.armor_lost / n, Chance(t.fled, n))
                for cid, t in tally.pcs.items())
    spread = sorted(tally.rounds.elements())
    low = spread[int(0.1 * (len(spread) - 1))]
    high = spread[int(0.9 * (len(spread) - 1))]
    return Odds(n, Chance(tally.won, n), Chance(tally.surrendered, n), Chance(tally.lost, n),
                Chance(tally.fled, n), Chance(tally.no_end, n), dict(sorted(tally.rounds.items())),
                statistics.median(spread), (low, high), pcs,
                sum(p.hp_lost for p in pcs), sum(p.armor_lost for p in pcs))


def side_title(side: str) -> str:
    """A side's name heading a sentence: "party" → "Party", "the Duke's men" → "The Duke's men"."""
    return side[:1].upper() + side[1:]


def summary_lines(odds: Odds, side: str = "party") -> Iterable[str]:
    """The figures as text, as the dialog shows them, for ``side`` (whose odds they are)."""
    who = side_title(side)
    yield (f"{who} wins {odds.party_wins.text()}: foes down {odds.won.text()}, foes "
           f"surrender on morale {odds.surrendered.text()}")
    yield f"{who} flees {odds.fled.text()}: its last PCs standing ran from the fight"
    yield (f"{who} loses {odds.lost.text()}: every PC down; no end in {MAX_ROUNDS} rounds "
           f"{odds.no_end.text()}")
    yield (f"Rounds: median {odds.median_rounds:g}, 80% of fights between "
           f"{odds.rounds_spread[0]} and {odds.rounds_spread[1]}")
    yield (f"{who} loses {odds.hp_lost:.1f} HP and {odds.armor_lost:.2f} armor points "
           "on average")
    yield f"On {odds.fights} simulated fights; ranges are 95% confidence intervals."
