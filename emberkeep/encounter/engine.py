"""The encounter: its state, the targets events address, and steps applied and undone.

Every change goes through a :class:`Tx` (one per action): ``tx.set`` changes a field and records
it, ``tx.roll`` rolls (or takes the GM's typed answer for its purpose, :meth:`Encounter.typed`)
and records, ``tx.row``/``tx.note`` record what was read or ruled. If the action fails half-way,
what it had set is put back, so a refused action leaves no trace.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, fields
from typing import Any, Literal, ParamSpec, TypeVar, overload

from emberkeep.campaign.settings import CampaignSettings, InitiativeMode
from emberkeep.character.catalog import SHIPPED, Catalog
from emberkeep.character.model import Character
from emberkeep.character.status import character_armor_class
from emberkeep.dice import Answers, Key, Purpose, Roller, RollRecord, Typed, TypedRoller, roll
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.conditions import NO_ACTIONS
from emberkeep.encounter.events import Note, Ref, Rolled, Row, Set, Step
from emberkeep.encounter.zones import Band, band
from emberkeep.gear.owned import OwnedGear

__all__ = ["Encounter", "EncounterState", "QuietTx", "RuleError", "Tx", "Unrecorded"]


P = ParamSpec("P")
T = TypeVar("T")
_UNKNOWN = object()  # ``Encounter.kept``: nothing kept under that key yet


def _sheet_armor_class(ch: Character, catalog: Catalog) -> int:
    return character_armor_class(ch, catalog)


class RuleError(ValueError):
    """An action the rules do not allow now, with the reason (nothing was changed)."""


@dataclass(slots=True)
class EncounterState:
    mode: InitiativeMode
    room_dc: int
    round: int = 0
    phase: str = "setup"  # setup, surprise, fighting, over
    order: tuple[str, ...] = ()  # who acts this round, in order (ids)
    turn: int = 0  # index into order
    segment: int = 0  # WDD segment now being resolved (1..10)
    side_rolls: tuple[tuple[str, int], ...] = ()  # group d6 per side, this round
    winner: str | None = None
    # engine II (issue #6): timers (label, rounds left), fired timers the GM has not yet seen,
    # morale checks waiting for the GM ("side:first" / "side:half") and those already asked.
    timers: tuple[tuple[str, int], ...] = ()
    timers_fired: tuple[str, ...] = ()
    morale_pending: tuple[str, ...] = ()
    morale_asked: tuple[str, ...] = ()


# A character's fields no cached number reads (``pc_derived``: AC, weapon choice, ATK
# modifiers): every hit sets ``hp`` and every attack roll ``luck`` (R29's streak), so
# dropping the cache on them would recompute a PC's numbers on every blow.
_NOT_DERIVED = frozenset({"hp", "luck"})
_MONSTER_FIELDS = ("hp", "out")  # what a morale prompt looks for (``Tx.took_a_monster``)


class Tx:
    """The events of one action as it resolves."""

    # ``_events`` is ``step.events`` (the same list), kept to spare a lookup on every event.
    __slots__ = ("_events", "enc", "step")

    def __init__(self, enc: Encounter, actor: str, action: str) -> None:
        self.enc = enc
        self.step = step = Step(actor, action, "", [])
        self._events = step.events

    def set(self, ref: Ref, field: str, value: Any) -> None:
        # The hot path of every simulated fight (~170 calls a fight): the two commonest
        # targets are looked up inline, and an unchanged value (same object) returns at once.
        kind = ref[0]
        obj: Any
        if kind == "c":
            obj = self.enc.combatants[ref[1]]
        elif kind == "enc":
            obj = self.enc.state
        else:
            self.enc.forget_derived(ref[1], field)
            obj = self.enc.resolve(ref)
        before = getattr(obj, field)
        if before is value or (before == value and type(before) is type(value)):
            return
        setattr(obj, field, value)
        self._events.append(Set(ref, field, before, value))

    def set_on(self, c: Combatant, field: str, value: Any) -> None:
        """``set(("c", c.id), field, value)`` for a combatant already in hand (the turn flow
        resets each one's flags every round)."""
        self.set(("c", c.id), field, value)

    def roll(self, expression: str, who: str, label: str, *, purpose: Purpose,
             modifier: int = 0) -> RollRecord:
        """Roll for ``purpose`` (what a GM's typed answer is found by, see ``Encounter.typed``)
        and record it under ``label``, the log's text (``Rolled.purpose``)."""
        record = roll(expression, self.enc.roller, modifier=modifier, purpose=purpose, who=who)
        self._events.append(Rolled(who, label, record))
        return record

    def rolled(self, who: str, label: str, record: RollRecord) -> None:
        """Record a roll a rule made itself (``casting``'s spellcheck)."""
        self._events.append(Rolled(who, label, record))

    def took_a_monster(self) -> bool:
        """Whether this action so far set a combatant's HP or took one out (the morale
        watcher asks after every action)."""
        for e in self._events:
            if type(e) is Set and e.field in _MONSTER_FIELDS and e.target[0] == "c":
                return True
        return False

    def row(self, table: str, value: int, label: str, text: str) -> None:
        self._events.append(Row(table, value, label, text))

    def note(self, text: str) -> None:
        self._events.append(Note(text))

    def summary(self, text: str) -> None:
        self.step.summary = text

    # The Tx is its own context manager (``with enc.action(...) as tx``): one object an
    # action, not two; the simulation opens ~40 a fight.
    def __enter__(self) -> Tx:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: Any) -> Literal[False]:
        enc = self.enc
        if kind is None:
            try:
                for watcher in enc.watchers:
                    watcher(enc, self)
            except BaseException:
                enc.revert(self.step)
                raise
            enc.history.append(self.step)
        else:
            enc.revert(self.step)
        return False


class QuietTx(Tx):
    """An action of an encounter that records nothing (``Encounter(recording=False)``): the
    headless simulation needs a fight's outcome, not its undo history or its log (issue #21).

    The same rule functions run on it: ``set`` applies the change and keeps only what a
    refusal or a rewind needs to put it back (target, field, value before) in the encounter's
    journal; ``roll`` rolls and hands the result to the rule without keeping it; rows and
    notes are dropped. The summary goes to the encounter's one scratch step, so a rule that
    reads its own summary back (``move_and_attack``) still can. No ``Step``, ``Set``,
    ``Rolled``, ``Row`` or ``Note`` is made. The watchers are asked only after an action
    that set a combatant's HP or ``out`` (``took_a_monster``); once done, the object serves
    the encounter's next action (``Encounter.action``), as nothing of it outlives its block.
    """

    __slots__ = ("_mark", "_touched")

    def __init__(self, enc: Encounter, actor: str, action: str) -> None:
        self.enc = enc
        self.step = enc._scratch
        self._mark = len(enc._journal)
        self._touched = False

    def set(self, ref: Ref, field: str, value: Any) -> None:
        # ``Tx.set``'s lookups, its cache rule and its "unchanged: nothing" test, unchanged.
        kind = ref[0]
        obj: Any
        enc = self.enc
        if kind == "c":
            obj = enc.combatants[ref[1]]
            if field in _MONSTER_FIELDS:
                self._touched = True
        elif kind == "enc":
            obj = enc.state
        else:
            derived = enc._derived
            if derived and field not in _NOT_DERIVED:
                derived.pop(ref[1], None)
            obj = enc.resolve(ref)
        before = getattr(obj, field)
        if before is value or (before == value and type(before) is type(value)):
            return
        setattr(obj, field, value)
        enc._journal.append((kind, ref, obj, field, before))

    def set_on(self, c: Combatant, field: str, value: Any) -> None:
        # ``set`` for a combatant in hand: no ref to read nor look up, and one made only for a
        # change the journal keeps.
        if field in _MONSTER_FIELDS:
            self._touched = True
        before = getattr(c, field)
        if before is value or (before == value and type(before) is type(value)):
            return
        setattr(c, field, value)
        self.enc._journal.append(("c", ("c", c.id), c, field, before))

    def roll(self, expression: str, who: str, label: str, *, purpose: Purpose,
             modifier: int = 0) -> RollRecord:
        return roll(expression, self.enc.roller, modifier=modifier, purpose=purpose, who=who)

    def rolled(self, who: str, label: str, record: RollRecord) -> None:
        return None

    def took_a_monster(self) -> bool:
        return self._touched

    def row(self, table: str, value: int, label: str, text: str) -> None:
        return None

    def note(self, text: str) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: Any) -> Literal[False]:
        enc = self.enc
        if kind is None:
            # The watchers (morale's prompt) look only at an action that set a combatant's HP
            # or ``out`` (``took_a_monster``): most of a fight's ~40 actions do not.
            if self._touched:
                try:
                    for watcher in enc.watchers:
                        watcher(enc, self)
                except BaseException:
                    enc._rewind_to(self._mark)
                    enc._idle = self
                    raise
            enc.steps_taken += 1
        else:
            enc._rewind_to(self._mark)
        enc._idle = self  # done: ``Encounter.action`` may hand it out again
        return False


class Unrecorded(Sequence[Step]):
    """The history of an encounter that records nothing: always empty. Rule functions end with
    ``return enc.history[-1]`` (the step just made); here that is the scratch step, which holds
    the last summary and no events, so they run unchanged."""

    __slots__ = ("_scratch",)

    def __init__(self, scratch: Step) -> None:
        self._scratch = scratch

    def __len__(self) -> int:
        return 0

    @overload
    def __getitem__(self, index: int) -> Step: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Step]: ...
    def __getitem__(self, index: int | slice) -> Step | Sequence[Step]:
        if index == -1:
            return self._scratch
        if isinstance(index, slice):
            return ()
        raise IndexError("an encounter that records nothing keeps no steps")

    def append(self, step: Step) -> None:
        raise RuleError("an encounter that records nothing keeps no steps")

    def pop(self) -> Step:
        raise RuleError("nothing to undo in this encounter (it records nothing)")


class Encounter:
    """A fight between sides, over combatants and the campaign's characters."""

    def __init__(self, combatants: Iterable[Combatant], characters: Mapping[str, Character],
                 roller: Roller, *, room_dc: int = 12,
                 mode: InitiativeMode = InitiativeMode.GROUP,
                 settings: CampaignSettings | None = None,
                 catalog: Catalog = SHIPPED, recording: bool = True) -> None:
        self.roller = roller
        self.settings = settings or CampaignSettings()
        # The campaign's archetypes and spells over the shipped ones (a fight of generated
        # characters, as the simulator's, knows only the shipped).
        self.catalog = catalog
        self.state = EncounterState(mode=mode, room_dc=room_dc)
        self.combatants: dict[str, Combatant] = {}
        for combatant in combatants:
            if combatant.id in self.combatants:
                raise RuleError(f"two combatants share the id {combatant.id!r}")
            if combatant.kind == "pc":
                if combatant.character_id not in characters:
                    raise RuleError(f"{combatant.name}: no character {combatant.character_id!r}")
            elif combatant.monster is None:
                raise RuleError(f"{combatant.name}: a monster needs its stats")
            self.combatants[combatant.id] = combatant
        self.characters: dict[str, Character] = dict(characters)
        # ``recording=False`` (the simulation, issue #21): actions are ``QuietTx``, the
        # history stays empty and ``_journal`` keeps (kind, ref, target, field, before) for
        # each change, so a refused action and ``rewind`` can put things back.
        self.recording = recording
        self._tx = Tx if recording else QuietTx
        self._scratch = Step("", "", "", ())  # type: ignore[arg-type]
        self._idle: QuietTx | None = None  # ``action``: a QuietTx to serve again
        self._journal: list[tuple[str, Ref, Any, str, Any]] = []
        self.steps_taken = 0  # actions completed while recording nothing
        self.history: list[Step] = [] if recording else Unrecorded(self._scratch)  # type: ignore[assignment]
        self._gear: dict[tuple[str, str], OwnedGear] = {}
        # Numbers derived from a Character (AC, the weapon for a distance, ATK modifiers), kept
        # per character id while ``derived_cache`` is on (see there); ``None``: off.
        self._derived: dict[str, dict[Any, Any]] | None = None
        # ``enemies``: each side's foes, standing or not, in encounter order, kept while
        # ``derived_cache`` is on (inside it no combatant joins or leaves, none changes side).
        self._foes: dict[str, tuple[Combatant, ...]] = {}
        # ``two_sides_standing``: the two of different sides it last found standing, asked
        # first (they mostly still are: the turn flow asks ~25 times a fight).
        self._standing_pair: tuple[Combatant, Combatant] | None = None
        # Called inside every action's step once its body is done (engine II: morale prompts);
        # recording nothing, only after an action that set a combatant's HP or ``out``
        # (``Tx.took_a_monster``), the only actions a watcher looks at.
        from emberkeep.encounter.morale import watch

        self.watchers: list[Callable[[Encounter, Tx], None]] = [watch]

    # --- targets ------------------------------------------------------------------------

    def resolve(self, ref: Ref) -> Any:
        kind = ref[0]
        if kind == "c":
            return self.combatants[ref[1]]
        if kind == "pc":
            return self.characters[ref[1]]
        if kind == "gear":
            return self.gear(ref[1], ref[2])
        if kind == "magic":  # a magic item's own state: its charges left today (issue #18)
            return self.gear(ref[1], ref[2]).magic
        if kind == "score":
            return getattr(self.characters[ref[1]].scores, ref[2])  # ("score", id, "STR")
        if kind == "enc":
            return self.state
        raise KeyError(f"no event target {ref!r}")

    def gear(self, character_id: str, uid: str) -> OwnedGear:
        key = (character_id, uid)
        item = self._gear.get(key)
        if item is None:
            for piece in self.characters[character_id].inventory.all_gear():
                self._gear[(character_id, piece.uid)] = piece
            item = self._gear[key]
        return item

    # --- steps --------------------------------------------------------------------------

    def action(self, actor: str, action: str) -> Tx:
        """Resolve one action (``with enc.action(...) as tx``); on any error everything it set
        is put back. A small class, not ``contextlib``: the fight simulation opens ~100,000."""
        tx = self._idle
        if tx is None:
            return self._tx(self, actor, action)
        # Recording nothing, the last action's QuietTx, done with, serves again (~40 a fight):
        # it holds only where the journal stood and whether a monster was touched.
        self._idle = None
        tx._mark = len(self._journal)
        tx._touched = False
        return tx

    def _rewind_to(self, mark: int) -> None:
        """Put back every change the journal holds after ``mark`` (newest first)."""
        journal = self._journal
        if len(journal) <= mark:
            return
        undone = journal[mark:]  # one slice, walked backwards (a fight's rewind: ~140 changes)
        del journal[mark:]
        derived = self._derived
        if derived:
            for kind, ref, obj, field, before in reversed(undone):
                setattr(obj, field, before)
                if kind not in ("c", "enc") and field not in _NOT_DERIVED:
                    derived.pop(ref[1], None)
        else:
            for _kind, _ref, obj, field, before in reversed(undone):
                setattr(obj, field, before)

    @property
    def journal(self) -> Sequence[tuple[str, Ref, Any, str, Any]]:
        """Recording nothing: each change since the first action, (kind, ref, target, field,
        value before), oldest first; what ``rewind`` puts back (the odds read a PC's lowest
        HP from it)."""
        return self._journal

    def rewind(self) -> None:
        """An encounter that records nothing: put every target back as it stood before its
        first action (the simulation's next fight starts from the same sheets)."""
        self._rewind_to(0)
        self.steps_taken = 0
        self._gear.clear()

    @contextmanager
    def typed(self, answers: Typed | Mapping[Key, Answers] | None) -> Iterator[Typed]:
        """Inside the block, every roll whose purpose the GM typed (``{"attack": 17,
        "damage": [3, 4]}``, see :class:`~emberkeep.dice.Typed`) takes that answer; the rest
        are rolled; inside another such block, its answers answer what these leave out.
        Yields the answers, so a caller can see which no roll asked for."""
        typed = answers if isinstance(answers, Typed) else Typed(answers)
        before = self.roller
        if type(before) is TypedRoller:  # nested: the outer block's answers still count
            typed = typed.over(before.typed)
        self.roller = TypedRoller(before, typed)
        try:
            yield typed
        finally:
            self.roller = before

    @contextmanager
    def derived_cache(self) -> Iterator[None]:
        """Keep the numbers the hot path derives from a Character (``pc_derived``) while the
        block runs. Only for a caller that owns the encounter for the whole block (the
        headless ``sim.run_fight``): inside it every change goes through ``Tx.set``,
        ``apply`` or ``revert``, which drop what they could make stale (a character's
        entry when it, its gear or a score is set; not for its HP or luck). Outside
        (the app, whose sheet may edit a character between two actions) nothing is kept."""
        if self._derived is not None:  # nested: the outer block owns it
            yield
            return
        self._derived = {}
        try:
            yield
        finally:
            self._derived = None
            self._foes.clear()

    def forget_derived(self, character_id: str, field: str) -> None:
        """A character, its gear or a score is about to change ``field``: drop the numbers kept
        for it, unless no derived number reads that field (its HP, its luck)."""
        derived = self._derived
        if derived and field not in _NOT_DERIVED:
            derived.pop(character_id, None)

    def forget_gear(self) -> None:
        """Look gear pieces up afresh: a character's sheet was replaced (an undo, a restored
        inventory), so its pieces are new objects."""
        self._gear.clear()

    def pc_derived(self, character_id: str) -> dict[Any, Any] | None:
        """The cache of one character's derived numbers, or ``None`` when caching is off."""
        derived = self._derived
        if derived is None:
            return None
        entry = derived.get(character_id)
        if entry is None:
            entry = derived[character_id] = {}
        return entry

    def kept(self, c: Combatant, key: Hashable, compute: Callable[P, T], *args: P.args,
             **kwargs: P.kwargs) -> T:
        """A number derived from PC ``c``'s sheet: ``compute(*args, **kwargs)``, kept under
        ``key`` while ``derived_cache`` is on and computed afresh otherwise. ``key`` must name
        everything ``compute`` reads besides the sheet (a weapon's grip, the distance...). A
        refusal (an exception) is not kept."""
        derived = self._derived  # ``pc_derived``, inline (~20 a fight)
        if derived is None:
            return compute(*args, **kwargs)
        entry = derived.get(c.character_id)  # type: ignore[arg-type]
        if entry is None:
            entry = derived[c.character_id] = {}  # type: ignore[index]
        value = entry.get(key, _UNKNOWN)
        if value is _UNKNOWN:
            value = entry[key] = compute(*args, **kwargs)
        return value  # type: ignore[no-any-return]

    def apply(self, step: Step) -> None:
        if self._derived:
            self._drop_derived(step)
        for event in step.events:
            if type(event) is Set:
                setattr(self.resolve(event.target), event.field, event.after)

    def revert(self, step: Step) -> None:
        if self._derived:
            self._drop_derived(step)
        # Every refused action and every undo comes here: the two commonest targets (a
        # combatant, the encounter) are looked up inline, as in ``Tx.set``.
        combatants, state = self.combatants, self.state
        obj: Any
        for event in reversed(step.events):
            if type(event) is Set:
                target = event.target
                kind = target[0]
                if kind == "c":
                    obj = combatants[target[1]]
                elif kind == "enc":
                    obj = state
                else:
                    obj = self.resolve(target)
                setattr(obj, event.field, event.before)

    def _drop_derived(self, step: Step) -> None:
        """Forget the kept numbers of each character the step changes, as ``Tx.set`` does
        (the simulation reverts every option the rules refuse: most touch no character)."""
        derived = self._derived
        assert derived is not None
        for event in step.events:
            if type(event) is Set and event.target[0] not in ("c", "enc") \
                    and event.field not in _NOT_DERIVED:
                derived.pop(event.target[1], None)

    def undo(self) -> Step:
        if not self.history:
            raise RuleError("nothing to undo in this encounter")
        step = self.history.pop()
        self.revert(step)
        return step

    def redo(self, step: Step) -> None:
        self.apply(step)
        self.history.append(step)

    # --- reading the state --------------------------------------------------------------

    def combatant(self, cid: str) -> Combatant:
        try:
            return self.combatants[cid]
        except KeyError:
            raise RuleError(f"no combatant {cid!r} in this encounter") from None

    def character(self, c: Combatant) -> Character:
        assert c.character_id is not None
        return self.characters[c.character_id]

    def hp_ref(self, c: Combatant) -> tuple[Ref, int, int]:
        """Where the combatant's HP lives, its HP and its maximum."""
        if c.kind == "pc":
            ch = self.character(c)
            return ("pc", ch.id), ch.hp, ch.max_hp
        assert c.monster is not None
        return ("c", c.id), c.hp, c.monster.max_hp

    def hp(self, c: Combatant) -> int:
        return self.character(c).hp if c.kind == "pc" else c.hp

    def is_down(self, c: Combatant) -> bool:
        """Out of the fight: at 0 HP or below (dying or dead), dead on the sheet, or gone."""
        if c.out:
            return True
        if c.kind == "pc":
            ch = self.characters[c.character_id]  # type: ignore[index]
            return ch.hp <= 0 or not ch.alive
        return c.hp <= 0

    def can_act(self, c: Combatant) -> bool:
        """Standing, not held by a condition that takes every action (R28), and not surprised
        in the first round (Furnace: "the suprised side doesn't act")."""
        if c.out:  # ``is_down``, inline: the turn flow and the policy ask ~60 times a fight
            return False
        if c.kind == "pc":
            ch = self.characters[c.character_id]  # type: ignore[index]
            if ch.hp <= 0 or not ch.alive:
                return False
        elif c.hp <= 0:
            return False
        if c.conditions and any(x.name in NO_ACTIONS for x in c.conditions):
            return False
        return not (c.surprised and self.state.round <= 1)

    def require_can_act(self, c: Combatant) -> None:
        if self.state.phase == "over":
            raise RuleError("the fight is over")
        if not self.can_act(c):
            raise RuleError(f"{c.name} cannot act now")

    def standing(self, side: str | None = None) -> list[Combatant]:
        # ``is_down`` inline, as in ``enemies``: one call, not one a combatant.
        characters = self.characters
        found = []
        for c in self.combatants.values():
            if (side is not None and c.side != side) or c.out:
                continue
            if c.kind == "pc":
                ch = characters[c.character_id]  # type: ignore[index]
                if ch.hp <= 0 or not ch.alive:
                    continue
            elif c.hp <= 0:
                continue
            found.append(c)
        return found

    def two_sides_standing(self) -> bool:
        """Whether combatants of at least two sides are standing (not ``is_down``)."""
        # ``is_down`` inline (a call costs more than its three tests): the turn flow asks this
        # ~25 times a fight. The pair found last time is asked first; mostly both still stand.
        combatants, characters = self.combatants, self.characters
        pair = self._standing_pair
        if pair is not None:
            for c in pair:
                if combatants.get(c.id) is not c or c.out:
                    break
                if c.kind == "pc":
                    ch = characters[c.character_id]  # type: ignore[index]
                    if ch.hp <= 0 or not ch.alive:
                        break
                elif c.hp <= 0:
                    break
            else:
                return True
        # From the last: foes are struck first-come (nearest, then encounter order), so the
        # last standing of a side is the one likeliest to stand longest.
        first: Combatant | None = None
        for c in reversed(combatants.values()):
            if (first is not None and c.side == first.side) or c.out:
                continue
            if c.kind == "pc":
                ch = characters[c.character_id]  # type: ignore[index]
                if ch.hp <= 0 or not ch.alive:
                    continue
            elif c.hp <= 0:
                continue
            if first is not None:
                self._standing_pair = (first, c)
                return True
            first = c
        return False

    def sides(self) -> list[str]:
        seen: dict[str, None] = {}
        for c in self.combatants.values():
            seen.setdefault(c.side, None)
        return list(seen)

    def enemies(self, c: Combatant) -> list[Combatant]:
        # ``is_down``'s three tests inline, in its order: the simulation's policy asks this
        # every turn, ~200 tests a fight.
        side, characters = c.side, self.characters
        foes = self._foes.get(side)
        if foes is None:
            foes = tuple([o for o in self.combatants.values() if o.side != side])
            if self._derived is not None:  # kept while ``derived_cache`` owns the encounter
                self._foes[side] = foes
        found = []
        for o in foes:
            if o.out:
                continue
            if o.kind == "pc":
                ch = characters[o.character_id]  # type: ignore[index]
                if ch.hp <= 0 or not ch.alive:
                    continue
            elif o.hp <= 0:
                continue
            found.append(o)
        return found

    def allies(self, c: Combatant) -> list[Combatant]:
        side, cid, is_down = c.side, c.id, self.is_down
        return [o for o in self.combatants.values()
                if o.side == side and o.id != cid and not is_down(o)]

    def band(self, a: Combatant, b: Combatant) -> Band:
        return band(a.position, b.position)

    def armor_class(self, c: Combatant) -> int:
        if c.kind == "pc":
            return self.kept(c, "ac", _sheet_armor_class, self.character(c), self.catalog)
        assert c.monster is not None
        return c.monster.armor_class - c.ac_penalty

    # --- comparing states (tests, replay) -----------------------------------------------

    def fingerprint(self) -> dict[str, Any]:
        """Everything the fight can change, as plain data."""
        return {
            "state": {f.name: getattr(self.state, f.name) for f in fields(self.state)},
            "combatants": {cid: c.to_json() for cid, c in self.combatants.items()},
            "characters": {cid: ch.model_dump(mode="json")
                           for cid, ch in self.characters.items()},
        }
