"""The encounter: its state, the targets events address, and steps applied and undone.

Every change goes through a transaction, one per action (``with enc.action(...) as tx``): a
:class:`~emberkeep.encounter.transaction.Tx` that records each change and roll (``tx.roll``
takes the GM's typed answer for its purpose, :meth:`Encounter.typed`), or, in an encounter
that records nothing, a :class:`~emberkeep.encounter.quiet.QuietTx`. If the action fails
half-way, what it had set is put back, so a refused action leaves no trace.

The engine knows no single rule: the rules that react to damage, healing or a combatant
taken out plug in at the points :mod:`emberkeep.encounter.hooks` names (``Encounter.hooks``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, fields
from typing import Any

from emberkeep.breakdown import Breakdown, Part
from emberkeep.campaign.settings import CampaignSettings, InitiativeMode, Resolution
from emberkeep.character.catalog import SHIPPED, Catalog
from emberkeep.character.knight import KnightProfile
from emberkeep.character.model import Character
from emberkeep.character.rest import healed_hp
from emberkeep.character.status import character_armor_class, character_armor_class_breakdown
from emberkeep.dice import Answers, Key, Roller, Typed, TypedRoller
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.conditions import NO_ACTIONS
from emberkeep.encounter.events import Ref, Set, Step
from emberkeep.encounter.hooks import RULES, Hooks
from emberkeep.encounter.quiet import QuietTx, Unrecorded
from emberkeep.encounter.rule_error import RuleError
from emberkeep.encounter.transaction import Tx
from emberkeep.encounter.zones import Band, band
from emberkeep.gear.owned import OwnedGear

__all__ = ["Encounter", "EncounterState", "RuleError", "Tx"]


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
    # Timers (label, rounds left), fired timers the GM has not yet seen, morale checks
    # waiting for the GM ("side:first" / "side:half") and those already asked.
    timers: tuple[tuple[str, int], ...] = ()
    timers_fired: tuple[str, ...] = ()
    morale_pending: tuple[str, ...] = ()
    morale_asked: tuple[str, ...] = ()


class Encounter:
    """A fight between sides, over combatants and the campaign's characters."""

    def __init__(self, combatants: Iterable[Combatant], characters: Mapping[str, Character],
                 roller: Roller, *, room_dc: int = 12,
                 mode: InitiativeMode = InitiativeMode.GROUP,
                 settings: CampaignSettings | None = None,
                 catalog: Catalog = SHIPPED, recording: bool = True,
                 resolution: Resolution = Resolution.FURNACE,
                 hooks: Hooks | None = None) -> None:
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
        self.use_resolution(resolution)  # R39: which of a PC's HP tracks this fight uses
        # The rules plugged in where the engine asks (``hooks``): the rulebook's unless given.
        self.hooks = (hooks or RULES).copy()
        # ``recording=False`` (the simulation): actions are ``QuietTx``, the history stays
        # empty and nothing is recorded but what putting things back needs (``journal``).
        self.recording = recording
        self._tx: type[Tx] = Tx if recording else QuietTx
        # Recording nothing: the step every action's summary goes to (``QuietTx``), the
        # transaction done with and served again by ``action``, and ``journal``: each change
        # (kind, ref, target, field, value before), oldest first, what ``rewind_to`` puts back
        # (the odds read a PC's lowest HP from it). Kept for ``QuietTx``, not for rule code.
        self.scratch = Step("", "", "", ())  # type: ignore[arg-type]
        self.spare_tx: QuietTx | None = None
        self.journal: list[tuple[str, Ref, Any, str, Any]] = []
        self.steps_taken = 0  # actions completed while recording nothing
        self.history: list[Step] = [] if recording else Unrecorded(self.scratch)  # type: ignore[assignment]
        # ``two_sides_standing``: the two of different sides it last found standing, asked
        # first (it checks that both are still in the fight and standing before trusting them).
        self._standing_pair: tuple[Combatant, Combatant] | None = None

    # --- targets ------------------------------------------------------------------------

    def resolve(self, ref: Ref) -> Any:
        kind = ref[0]
        if kind == "c":
            return self.combatants[ref[1]]
        if kind == "enc":
            return self.state
        if kind == "pc":
            return self.characters[ref[1]]
        if kind == "gear":
            return self.gear(ref[1], ref[2])
        if kind == "magic":  # a magic item's own state: its charges left today
            return self.gear(ref[1], ref[2]).magic
        if kind == "score":
            return getattr(self.characters[ref[1]].scores, ref[2])  # ("score", id, "STR")
        raise KeyError(f"no event target {ref!r}")

    def gear(self, character_id: str, uid: str) -> OwnedGear:
        """A piece of a character's gear, looked up on the sheet as it is now (an undo or an
        edit between two actions may have put new pieces there)."""
        for piece in self.characters[character_id].inventory.all_gear():
            if piece.uid == uid:
                return piece
        raise KeyError(f"no gear {uid!r} on the sheet of {character_id!r}")

    # --- steps --------------------------------------------------------------------------

    def action(self, actor: str, action: str) -> Tx:
        """Resolve one action (``with enc.action(...) as tx``); on any error everything it set
        is put back."""
        tx = self.spare_tx
        if tx is None:
            return self._tx(self, actor, action)
        # Recording nothing, the last action's QuietTx, done with, serves again: it holds only
        # where the journal stood and whether a combatant's standing changed.
        self.spare_tx = None
        tx.reopen(len(self.journal))
        return tx

    def rewind_to(self, mark: int) -> None:
        """Recording nothing: put back every change the journal holds after ``mark``, newest
        first (a refused action's, or with ``rewind`` the whole fight's)."""
        journal = self.journal
        if len(journal) <= mark:
            return
        undone = journal[mark:]
        del journal[mark:]
        for _kind, _ref, obj, field, before in reversed(undone):
            setattr(obj, field, before)

    def rewind(self) -> None:
        """An encounter that records nothing: put every target back as it stood before its
        first action (the simulation's next fight starts from the same sheets)."""
        self.rewind_to(0)
        self.steps_taken = 0

    @property
    def steps_done(self) -> int:
        """The actions completed: the history's steps, or those of an encounter that records
        nothing."""
        return len(self.history) if self.recording else self.steps_taken

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

    def apply(self, step: Step) -> None:
        for event in step.events:
            if type(event) is Set:
                setattr(self.resolve(event.target), event.field, event.after)

    def revert(self, step: Step) -> None:
        for event in reversed(step.events):
            if type(event) is Set:
                setattr(self.resolve(event.target), event.field, event.before)

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

    # --- hit points: the one place that says which of a PC's tracks the fight uses (R39) ---

    def use_resolution(self, resolution: Resolution) -> None:
        """R39: a PC has two hit-point tracks, the sheet's Furnace HP and, with a knight
        profile, the knight's own (``KnightProfile.hp``). A Melee Round encounter reads and
        changes only the knight's, a Furnace one only the sheet's. Set from the encounter's
        resolution when it is built, and again if its setup changes before the first step."""
        self.resolution = resolution
        self.knight_hp = resolution is Resolution.MELEE_ROUND

    def hp(self, c: Combatant) -> int:
        """The combatant's HP now, on the track this fight uses (a monster's is its own)."""
        if c.kind != "pc":
            return c.hp
        ch = self.characters[c.character_id]  # type: ignore[index]
        if self.knight_hp:
            knight = ch.knight
            return 0 if knight is None else knight.hp
        return ch.hp

    def hp_with_max(self, c: Combatant) -> tuple[int, int]:
        """The combatant's HP and its maximum on the track this fight uses. A PC without a
        knight profile has no HP in a Melee Round: (0, 0); it is not down for that (it
        cannot fight there, and ``fighter_of`` says why when it is asked to)."""
        if c.kind != "pc":
            assert c.monster is not None
            return c.hp, c.monster.max_hp
        ch = self.characters[c.character_id]  # type: ignore[index]
        if self.knight_hp:
            knight = ch.knight
            return (0, 0) if knight is None else (knight.hp, knight.max_hp)
        return ch.hp, ch.max_hp

    def set_hp(self, tx: Tx, c: Combatant, hp: int) -> None:
        """Set the combatant's HP in ``tx`` on the track this fight uses: a monster's on its
        combatant, a PC's on its sheet (``Character.hp``) or, in a Melee Round, on its knight
        profile (R39: the Furnace HP is never touched there, nor the knight's in Furnace).
        A number set, not damage or healing: no rule reacts (a GM's ruling, the Melee Round's
        own wounds); :meth:`lose_hp` and :meth:`regain_hp` are those."""
        if c.kind != "pc":
            tx.set(("c", c.id), "hp", hp)
            return
        ch = self.characters[c.character_id]  # type: ignore[index]
        if not self.knight_hp:
            tx.set(("pc", ch.id), "hp", hp)
            return
        knight = ch.knight
        if knight is None:
            raise RuleError(f"{c.name} has no knight profile: no hit points in the Melee Round")
        try:
            changed = knight.with_hp(hp)
        except ValueError as exc:
            raise RuleError(f"{c.name}: {exc}") from None
        tx.set(("pc", ch.id), "knight", changed)

    def lose_hp(self, tx: Tx, c: Combatant, amount: int) -> tuple[int, int]:
        """Damage: take ``amount`` HP (none if negative) on the fight's track, then let the
        rules that react to lost HP act (``hooks.hp_lost``: R21's dying, R22's death).
        Returns the HP before and after."""
        before = self.hp(c)
        after = before - max(0, amount)
        self.set_hp(tx, c, after)
        for rule in self.hooks.hp_lost:
            rule(self, tx, c, before, after)
        return before, after

    def regain_hp(self, tx: Tx, c: Combatant, amount: int) -> int:
        """Healing: ``amount`` HP back on the fight's track, never above the maximum (and
        never lowering HP a GM's hand put above it), then, if HP rose, let the rules that
        react to healing act (``hooks.hp_regained``: R21's "any healing stabilizes").
        Returns the HP after."""
        before, most = self.hp_with_max(c)
        after = healed_hp(before, most, amount)  # as a rest or the sheet's Lay on Hands heals
        self.set_hp(tx, c, after)
        if after > before:
            for rule in self.hooks.hp_regained:
                rule(self, tx, c, before, after)
        return after

    def hp_before(self, field: str, before: Any) -> int | None:
        """A PC's HP on this fight's track in a value its sheet's ``field`` held (a journal's
        or an event's value before a change), or None when that field is not the track."""
        if self.knight_hp:
            return before.hp if field == "knight" and before is not None else None
        return before if field == "hp" else None

    def is_down(self, c: Combatant) -> bool:
        """Out of the fight: at 0 HP or below on the fight's track (dying or dead), dead on
        the sheet, or gone."""
        if c.out:
            return True
        if c.kind != "pc":
            return c.hp <= 0
        ch = self.characters[c.character_id]  # type: ignore[index]
        if not ch.alive:
            return True
        if self.knight_hp:
            knight: KnightProfile | None = ch.knight
            return knight is not None and knight.hp <= 0
        return ch.hp <= 0

    def can_act(self, c: Combatant) -> bool:
        """Standing, not held by a condition that takes every action (R28), and not surprised
        in the first round (Furnace: "the suprised side doesn't act")."""
        if self.is_down(c):
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
        is_down = self.is_down
        return [c for c in self.combatants.values()
                if (side is None or c.side == side) and not is_down(c)]

    def two_sides_standing(self) -> bool:
        """Whether combatants of at least two sides are standing (not ``is_down``)."""
        # The pair found standing last time is asked first: mostly both still stand.
        combatants, is_down = self.combatants, self.is_down
        pair = self._standing_pair
        if pair is not None:
            for c in pair:
                if combatants.get(c.id) is not c or is_down(c):
                    break
            else:
                return True
        # From the last: foes are struck first-come (nearest, then encounter order), so the
        # last standing of a side is the one likeliest to stand longest.
        first: Combatant | None = None
        for c in reversed(combatants.values()):
            if (first is not None and c.side == first.side) or is_down(c):
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
        side, is_down = c.side, self.is_down
        return [o for o in self.combatants.values() if o.side != side and not is_down(o)]

    def allies(self, c: Combatant) -> list[Combatant]:
        side, cid, is_down = c.side, c.id, self.is_down
        return [o for o in self.combatants.values()
                if o.side == side and o.id != cid and not is_down(o)]

    def band(self, a: Combatant, b: Combatant) -> Band:
        return band(a.position, b.position)

    def armor_class(self, c: Combatant) -> int:
        if c.kind == "pc":
            return character_armor_class(self.character(c), self.catalog)  # the sheet's AC
        return self.armor_class_breakdown(c).total

    def armor_class_breakdown(self, c: Combatant) -> Breakdown:
        """The AC an attack on ``c`` must reach, part by part: a PC's sheet AC; a monster's
        ROOM DC (R30) less the AC its crits took this fight (R15)."""
        if c.kind == "pc":
            return character_armor_class_breakdown(self.character(c), self.catalog)
        assert c.monster is not None
        parts = [Part("ROOM DC", c.monster.armor_class, 30)]
        if c.ac_penalty:
            parts.append(Part("crits taken", -c.ac_penalty, 15))
        return Breakdown(parts)

    # --- comparing states (tests, replay) -----------------------------------------------

    def fingerprint(self) -> dict[str, Any]:
        """Everything the fight can change, as plain data."""
        return {
            "state": {f.name: getattr(self.state, f.name) for f in fields(self.state)},
            "combatants": {cid: c.to_json() for cid, c in self.combatants.items()},
            "characters": {cid: ch.model_dump(mode="json")
                           for cid, ch in self.characters.items()},
        }

