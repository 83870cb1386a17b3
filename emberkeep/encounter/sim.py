"""Whole fights, headless: a simple policy picks a legal action for whoever's turn it is.

The same engine code the app runs (``turns``, ``attack``, the actions here), no simplified copy
of the rules; only the choices are the policy's. For the combatant whose turn it is:

- a declared spell's slot (WDD segments) casts that spell at the nearest foe it reaches;
- held (GRAPPLED) → break free; held in a knife grip → break the grip (WDD); PRONE → stand up;
- holding a foe in a knife grip → the grip's two automatic blows (WDD);
- a Cleric lays hands on a dying ally CLOSE who still has HD to spend and room today (R11);
  any PC stabilizes a dying ally CLOSE with Medicine (R21);
- a Magic-user casts a damage spell at the nearest foe in reach while it can cast;
- otherwise attack the nearest foe something reaches; else go NEAR and attack a foe one zone
  away; else move toward the nearest foe (DISENGAGE if held in CLOSE); else DODGE.

A morale check the engine prompts (Furnace: 2d6 over the Enemy moral) is rolled at once.

The party's morale (``run_fight(party_morale=True)``, as the odds play it; off by default, so
the golden fights keep their dice): at OSE's moments, as the engine asks them of monsters (a
side's first PC down, then half its PCs down; down: at 0 HP or below, or dead), each standing PC
of that side not already FRIGHTENED rolls the engine's ``pc_morale`` (Furnace: a WIS SAVE
against the ROOM DC; a failure: FRIGHTENED, R28). A FRIGHTENED PC flees (:func:`_flee`): once
free of holds and standing, it moves away from the foes, Go RANGED where it may, DISENGAGE and
go NEAR when a foe holds it CLOSE (``movement.move_in`` refuses the rest); when every standing
foe is FAR from it (three zones or more: "only heard", beyond any one turn's move and attack and
any missile's RANGED band, and out of the sight FRIGHTENED needs), the GM rules it out of the
fight (``gm_ruling``'s ``MarkOut``: "fled"), a free action, marked :data:`FLED`. In simultaneous
mode a combatant whose nearest foe is a fleeing PC one zone away waits for the melee phase and
goes NEAR and strikes it there (:func:`_pursues`).

Simultaneous mode (Furnace/PDM): in the missiles-and-magic phase a combatant with a foe CLOSE
waits for the melee phase; the first melee slot resolves every waiting blow at once with
``resolve_simultaneous_melee``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import partial

from emberkeep.campaign.settings import InitiativeMode
from emberkeep.character.status import Status
from emberkeep.encounter import turns
from emberkeep.encounter.actions import (
    attack,
    break_free,
    cast,
    disengage,
    dodge,
    lay_on_hands,
    move,
    move_and_attack,
    stand_up,
)
from emberkeep.encounter.attack import choose_weapon
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.encounter.damage import Wielded
from emberkeep.encounter.dying import is_bleeding, stabilize
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.grip import GRIPPED, GRIPPING, grip_attacks, gripper_of
from emberkeep.encounter.grip import break_free as break_grip
from emberkeep.encounter.initiative import Slot
from emberkeep.encounter.morale import dismiss_morale, pc_morale, resolve_morale
from emberkeep.encounter.movement import close_threats, grappler_of
from emberkeep.encounter.ruling import AddCondition, MarkOut, gm_ruling, has_condition
from emberkeep.encounter.simultaneous import melee_pairs, resolve_simultaneous_melee

__all__ = ["FLED", "FightResult", "run_fight", "take_turn"]

FLED = "fled"  # the mark on a PC the GM ruled out of the fight because it fled (the odds count it)
FRIGHTENED = "FRIGHTENED"
_FAR = 3  # zones: Band.FAR, "only heard"

@dataclass(frozen=True, slots=True)
class FightResult:
    winner: str | None  # the side left standing (None: nobody, or not over)
    over: bool
    rounds: int
    steps: int


def _nearest(enc: Encounter, c: Combatant) -> list[Combatant]:
    """The standing foes, nearest first (ties: encounter order)."""
    foes = enc.enemies(c)
    here = c.position
    for o in foes:
        # Sorted only when they stand apart: mostly they share one zone, where a stable sort
        # would keep their order anyway.
        if o.position != foes[0].position:
            foes.sort(key=lambda o: abs(o.position - here))
            break
    return foes


def _first(tries: Iterable[Callable[[], object]]) -> bool:
    """Run the first option the rules allow (each refusal changes nothing)."""
    for option in tries:
        try:
            option()
        except RuleError:
            continue
        return True
    return False


def _damage_spells(enc: Encounter, c: Combatant) -> list[str]:
    if c.kind != "pc":
        return []
    ch = enc.character(c)
    if ch.class_id != "magic_user" or not ch.caster.can_cast:
        return []
    return [s for s in ch.spells_known if enc.catalog.spell(s).levels[0].damage is not None]


def _dying_allies(enc: Encounter, c: Combatant) -> list[Combatant]:
    if c.kind != "pc" or enc.character(c).class_id != "cleric":
        return []
    out = []
    for o in enc.combatants.values():
        if o.kind != "pc" or o.side != c.side or o.id == c.id or o.position != c.position:
            continue
        ch = enc.character(o)
        if (ch.hp <= 0 and ch.status is Status.DYING and ch.hit_dice > 0
                and ch.caster.healing_room(ch.level) > 0):
            out.append(o)
    return out


def _reaches(enc: Encounter, c: Combatant, foe: Combatant) -> Wielded | None:
    """The weapon ``c`` would attack ``foe`` with (the engine's own ``choose_weapon``), or
    ``None`` if none reaches, so the policy does not open an action only to be refused."""
    try:
        return choose_weapon(enc, c, foe)
    except RuleError:
        return None


def _step_toward(c: Combatant, foe: Combatant) -> int:
    return c.position + (1 if foe.position > c.position else -1)


def take_turn(enc: Encounter, c: Combatant, slot: Slot | None = None, *,
              flee: bool = False, luck: bool = False) -> bool:
    """Take one legal action for ``c``; ``False`` if it passes (nothing was allowed or wise).
    ``flee``: a FRIGHTENED PC flees (the party's morale, :func:`_flee`). ``luck``: a PC
    spends a Luck Die on an attack that missed when the d6 could still make it a hit (the
    engine's ``attack(luck=True)``, R29)."""
    foes = _nearest(enc, c)
    if not foes:
        return False
    if slot is not None and slot.kind == "spell" and c.declared_spell is not None:
        spell = c.declared_spell
        return _first([*(partial(cast, enc, c.id, spell, [f.id]) for f in foes),
                       partial(cast, enc, c.id, spell, [])])
    if c.conditions:  # only a condition decides a turn by itself
        done = _conditions_turn(enc, c, foes, flee)
        if done is not None:
            return done
    waiting = (enc.state.mode == InitiativeMode.SIMULTANEOUS and slot is not None
               and slot.kind == "missile"
               and (close_threats(enc, c) or (flee and _pursues(foes[0], c))))
    if waiting:
        return False  # its blow is struck in the melee phase
    return _first(_options(enc, c, slot, foes, luck))


def _conditions_turn(enc: Encounter, c: Combatant, foes: list[Combatant],
                     flee: bool) -> bool | None:
    """The turn a condition decides (held, gripped, fleeing, gripping, PRONE), or ``None``."""
    if grappler_of(enc, c) is not None:
        return _first([lambda: break_free(enc, c.id), lambda: dodge(enc, c.id)])
    if has_condition(c, GRIPPED) and gripper_of(enc, c) is not None:
        return _first([lambda: break_grip(enc, c.id), lambda: dodge(enc, c.id)])
    if flee and c.kind == "pc" and has_condition(c, FRIGHTENED):
        return _flee(enc, c, foes)
    if has_condition(c, GRIPPING) and _first([lambda: grip_attacks(enc, c.id)]):
        return True
    if has_condition(c, "PRONE"):
        return _first([lambda: stand_up(enc, c.id), lambda: dodge(enc, c.id)])
    return None


def _options(enc: Encounter, c: Combatant, slot: Slot | None, foes: list[Combatant],
             luck: bool = False) -> Iterator[Callable[[], object]]:
    """The policy's options, best first, made one at a time: most turns take the first
    attack, so the rest are never built (a refused option changes no state, and nothing
    here rolls, so asking lazily picks exactly what asking up front would)."""
    cid = c.id
    if c.kind == "pc":  # only PCs heal or stabilize
        for a in _dying_allies(enc, c):
            yield partial(lay_on_hands, enc, cid, a.id)
        for a in [a for a in enc.combatants.values()
                  if a.side == c.side and a.position == c.position
                  and a.id != cid and is_bleeding(enc, a)]:
            yield partial(stabilize, enc, cid, a.id)
        for spell in _damage_spells(enc, c):
            for f in foes:
                yield partial(cast, enc, cid, spell, [f.id])
    # The weapon rule asked once per distance: the choice depends on the distance, not on
    # which foe, and is handed to the attack so the weapon is not chosen twice (nothing
    # changes between this question and the attack).
    reach: dict[int, Wielded | None] = {}
    here = c.position
    for f in foes:
        gap = abs(f.position - here)
        if gap in reach:
            wielded = reach[gap]
        else:
            wielded = reach[gap] = _reaches(enc, c, f)
        if wielded is not None:
            yield partial(attack, enc, cid, f.id, wielded=wielded, luck=luck)
    if not (enc.state.mode == InitiativeMode.SIMULTANEOUS and slot is not None
            and slot.kind == "missile"):  # no melee blow outside the melee phase
        for f in [f for f in foes if abs(f.position - here) == 1]:
            yield partial(move_and_attack, enc, cid, f.position, f.id, luck=luck)
    toward = _step_toward(c, foes[0])
    yield lambda: move(enc, cid, toward)
    yield lambda: disengage(enc, cid, toward)
    yield lambda: dodge(enc, cid)


def _pursues(foe: Combatant, c: Combatant) -> bool:
    """Simultaneous mode: a fleeing PC one zone from ``c`` is struck by Go NEAR and ATK in the
    melee phase, as in the other modes, not only closed on in the missiles phase (moved, the
    pursuer would have done its one thing, the PC disengage again: a chase to the last
    round)."""
    return (foe.kind == "pc" and abs(foe.position - c.position) == 1
            and has_condition(foe, FRIGHTENED))


def _all_far(c: Combatant, foes: list[Combatant]) -> bool:
    here = c.position
    return all(abs(f.position - here) >= _FAR for f in foes)


def _leave(enc: Encounter, c: Combatant) -> bool:
    """The GM rules the fleeing PC out of the fight (ruling.py's "fled"), marked FLED."""
    gm_ruling(enc, f"{c.name} flees the fight", [
        MarkOut(c.id),
        AddCondition(c.id, ActiveCondition(FLED, None, "encounter", "morale",
                                           enc.state.round))])
    return True


def _flee(enc: Encounter, c: Combatant, foes: list[Combatant]) -> bool:
    """A FRIGHTENED PC's turn (held or gripped, it has already tried to break free): out of
    the fight if every foe is FAR; else stand up if PRONE; else away from the foes, two zones
    (Go RANGED) if the rules let it, one, or DISENGAGE and go NEAR when held CLOSE; else
    DODGE. A move that leaves every foe FAR ends in the GM's ruling at once."""
    if _all_far(c, foes):
        return _leave(enc, c)
    cid = c.id
    if has_condition(c, "PRONE"):
        return _first([lambda: stand_up(enc, cid), lambda: dodge(enc, cid)])
    # Away from the foes' weight; all of them in its own zone: toward lower zones (the
    # encounter's line has no exit, so either end is as good, and one end keeps it plain).
    pull = sum(c.position - f.position for f in foes)
    away = 1 if pull > 0 else -1
    here = c.position
    moved = _first([lambda: move(enc, cid, here + 2 * away),
                    lambda: move(enc, cid, here + away),
                    lambda: disengage(enc, cid, here + away)])
    if not moved:
        return _first([lambda: dodge(enc, cid)])
    if _all_far(c, foes):
        _leave(enc, c)
    return True


class _PartyMorale:
    """When the GM calls for the party's morale (OSE's moments, as ``morale.watch`` prompts
    them for monsters): a side's first PC down, then half its PCs down, each once a fight;
    both due at once make one check (as ``resolve_morale`` clears a side's prompts)."""

    __slots__ = ("_asked", "_sides")

    def __init__(self, enc: Encounter) -> None:
        sides: dict[str, list[Combatant]] = {}
        for c in enc.combatants.values():
            if c.kind == "pc":
                sides.setdefault(c.side, []).append(c)
        self._sides = sides
        # "From here": a moment already past was the GM's to call, not the simulation's.
        self._asked = set(self._due(enc))

    def _due(self, enc: Encounter) -> list[tuple[str, str]]:
        due = []
        for side, pcs in self._sides.items():
            # down: at 0 HP or below, or dead; one who fled is gone, not down
            down = sum(1 for c in pcs if not c.out and enc.is_down(c))
            if down:
                due.append((side, "first"))
                if 2 * down >= len(pcs):
                    due.append((side, "half"))
        return due

    def check(self, enc: Encounter) -> None:
        """Roll ``pc_morale`` for each standing PC of a side that has just reached a moment."""
        if len(self._asked) == 2 * len(self._sides):
            return  # every moment asked: most of a fight's turns
        new = [key for key in self._due(enc) if key not in self._asked]
        self._asked.update(new)
        for side in dict.fromkeys(side for side, _ in new):
            for c in self._sides[side]:
                if not enc.is_down(c) and not has_condition(c, FRIGHTENED):
                    pc_morale(enc, c.id)


def _melee_phase(enc: Encounter) -> None:
    """Simultaneous mode: every able combatant with a foe CLOSE strikes at once."""
    pairs = melee_pairs(enc)
    if pairs:
        resolve_simultaneous_melee(enc, pairs)


def run_fight(enc: Encounter, *, max_rounds: int = 100, surprise: Iterable[str] | None = None,
              spells: Mapping[str, str] | None = None,
              party_morale: bool = False, luck: bool = False) -> FightResult:
    """Start the fight (or go on from where a running one stands: the odds' "from here") and
    play it out with :func:`take_turn` until one side is left or
    ``max_rounds`` have passed. ``surprise`` lists sides the GM says are surprised (``None``:
    each side rolls its d6); ``spells`` are spells declared at the start (WDD).
    ``party_morale``: the PCs check morale and the FRIGHTENED flee (the module's docstring);
    off, the PCs never do (the golden fights' dice). ``luck``: PCs spend Luck Dice on misses a
    d6 could still turn into hits (:func:`take_turn`); off, never (the golden fights' dice)."""
    phase = enc.state.phase
    if phase == "setup":
        turns.start(enc, surprise=surprise, spells=spells)
    elif phase == "surprise":  # the odds' "from here": surprise known, no round yet
        turns.begin_round(enc)
    st = enc.state  # the encounter's one state object, changed in place
    simultaneous = st.mode == InitiativeMode.SIMULTANEOUS
    melee_round = -1
    over = turns.is_over(enc)
    party = _PartyMorale(enc) if party_morale else None
    while not over and st.round <= max_rounds:
        if st.morale_pending:
            side = st.morale_pending[0].rpartition(":")[0]
            if not _first([partial(resolve_morale, enc, side)]):
                dismiss_morale(enc, side)
            over = turns.is_over(enc)
            continue
        if party is not None:
            party.check(enc)  # a PC's morale changes nobody's standing
        slot = turns.current_slot(enc)
        c = None if slot is None else enc.combatants.get(slot.cid)
        if slot is not None and c is not None and not c.acted:
            if simultaneous and slot.kind == "melee" and melee_round != st.round:
                melee_round = st.round
                _melee_phase(enc)
            if not c.acted and enc.can_act(c):
                take_turn(enc, c, slot, flee=party_morale, luck=luck)
        number = st.round
        if turns.next_turn_or_end(enc):
            break
        # Within a round a next turn only moves the turn on (spending declarations, counting
        # conditions down): only a new round's upkeep (bleeding, an open wound) changes who
        # stands.
        over = st.round != number and turns.is_over(enc)
    over = enc.state.phase == "over"
    return FightResult(enc.state.winner if over else None, over, enc.state.round,
                       enc.steps_done)
