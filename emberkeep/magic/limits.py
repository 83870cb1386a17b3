"""How much magic a caster has (R10, R29): spells known, Spell Depletion, disapproval, healing.

- Spells known: Cleric 1 + LVL, Magic-user 1 + LVL + INT; never below 1 (a Magic-user with a
  low INT still knows the one spell the "1 +" promises). ``extra`` adds archetype spells
  (the Wizard's Bookworm: "learn two additional spells").
- Spell Depletion (ICRPG, Magic-user): every SPELLCHECK counts as a spell cast, success or not;
  after every 4th an INT SAVE against the ROOM DC is due. Success resets the count; failure
  bars casting until a long rest. Any rest resets the count (R29). Cantrips do not count.
- Disapproval (DCC, Cleric): the range starts at 1, grows by 1 after each failed prayer
  (Lay on Hands included: it is a SPELLCHECK) and resets on a long rest.
- Magical healing: no character is healed more HD a day than its level (R11); the count lives
  on the *target's* state and resets with :meth:`CasterState.new_day`.

:class:`CasterState` is a small frozen model (every character may carry one: a Fighter's only
uses ``healed_hd_today``); each method returns a new state, so an event can keep the state
before and after and undo is a swap. Record a SPELLCHECK only once its Luck Die (if any) is
spent: :meth:`CasterState.record_spellcheck` reads the final result.
"""

# The annotations are objects, not strings (no ``from __future__ import annotations``): these
# models are built when a campaign first loads, and pydantic parses a string annotation
# as code, one field at a time.

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field

from emberkeep.breakdown import Breakdown, Part
from emberkeep.dice import Purpose, Roller, RollRecord, roll

# Every character carries a CasterState, so a campaign's first load imports this module: the
# SPELLCHECK, with its table and mishaps, loads with the first cast.
if TYPE_CHECKING:
    from emberkeep.magic.spellcheck import Caster, SpellcheckResult
    from emberkeep.magic.spells import Spell
    from emberkeep.optional_rules.advantage import Advantage

__all__ = [
    "DEPLETION_EVERY",
    "CasterState",
    "CastingBarred",
    "DepletionSaveResult",
    "cast",
    "depletion_save",
    "spells_known",
    "spells_known_breakdown",
]

DEPLETION_EVERY = 4  # ICRPG: "After casting 4 spell, INT SAVE against the ROOM DC"
MAX_DISAPPROVAL = 20


def spells_known_breakdown(caster: "Caster", level: int, int_mod: int = 0, *,
                           extra: Sequence[Part] = ()) -> Breakdown:
    """R10: Cleric 1 + LVL; Magic-user 1 + LVL + INT; at least 1 (R40); then the ``extra``
    parts (an archetype's spells: "Bookworm" +2)."""
    parts = [Part("base", 1, 10), Part("LVL", level)]
    if caster == "magic_user":
        parts.append(Part("INT", int_mod))
    known = sum(p.amount for p in parts)
    if known < 1:
        parts.append(Part("raised to at least 1", 1 - known, 40))
    return Breakdown((*parts, *extra))


def spells_known(caster: "Caster", level: int, int_mod: int = 0, *, extra: int = 0) -> int:
    """R10: Cleric 1 + LVL; Magic-user 1 + LVL + INT; at least 1, plus ``extra``."""
    more = (Part("more spells", extra),) if extra else ()
    return spells_known_breakdown(caster, level, int_mod, extra=more).total


class CastingBarred(RuntimeError):
    """The caster cannot cast now: barred until a long rest, or a depletion SAVE is due."""


@dataclass(frozen=True, slots=True)
class DepletionSaveResult:
    """The INT SAVE after the 4th spell (R10): the roll as rolled, the DC, and its outcome."""

    record: RollRecord
    dc: int

    @property
    def success(self) -> bool:
        return self.record.total >= self.dc

    def words(self) -> str:
        """As a GM reads it out: "Rolled 8 + 3 INT SAVE = 11 against DC 12: fails: ..."."""
        record = self.record
        rolled = f"Rolled {record.dice_total}" + (" (typed)" if record.typed else "")
        if record.modifier:
            sign = "+" if record.modifier > 0 else "-"
            rolled += f" {sign} {abs(record.modifier)} INT SAVE"
        outcome = ("succeeds: the count of spells starts again" if self.success
                   else "fails: no casting until a long rest (R10, R29)")
        return f"{rolled} = {record.total} against DC {self.dc}: {outcome}."


class CasterState(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    spells_cast_since_check: int = Field(default=0, ge=0, le=10_000)
    barred_until_long_rest: bool = False
    disapproval_range: int = Field(default=1, ge=1, le=MAX_DISAPPROVAL)
    healed_hd_today: int = Field(default=0, ge=0, le=100)

    def __eq__(self, other: object) -> bool:
        # What BaseModel.__eq__ decides for two of these (same model, same field values: the
        # model has no extras, private attributes or other keys), without its general path:
        # the engine compares the state before and after every SPELLCHECK (``Tx.set``).
        if type(other) is CasterState:
            return self.__dict__ == other.__dict__
        return super().__eq__(other)

    @property
    def depletion_save_due(self) -> bool:
        return self.spells_cast_since_check >= DEPLETION_EVERY

    @property
    def can_cast(self) -> bool:
        # ``not self.depletion_save_due``, read inline: the simulation asks every caster's turn
        return (not self.barred_until_long_rest
                and self.spells_cast_since_check < DEPLETION_EVERY)

    def record_spellcheck(self, result: "SpellcheckResult") -> "CasterState":
        """Count a Magic-user's spell (R10 depletion); widen a Cleric's range on a failure."""
        if result.caster == "magic_user":
            return _caster_state(self.spells_cast_since_check + 1, self.barred_until_long_rest,
                                 self.disapproval_range, self.healed_hd_today)
        if result.success:
            return self
        return self.model_copy(
            update={"disapproval_range": min(MAX_DISAPPROVAL, self.disapproval_range + 1)})

    def after_depletion_save(self, save: DepletionSaveResult) -> "CasterState":
        """R10/R29: a success resets the count; a failure bars casting until a long rest."""
        if save.success:
            return self.model_copy(update={"spells_cast_since_check": 0})
        return self.model_copy(update={"barred_until_long_rest": True})

    def healing_room(self, level: int) -> int:
        """HD this character may still be magically healed today (R11: at most its level)."""
        return max(0, level - self.healed_hd_today)

    def record_healed(self, hd: int) -> "CasterState":
        return self.model_copy(update={"healed_hd_today": self.healed_hd_today + hd})

    def short_rest(self) -> "CasterState":
        """R29: any rest resets the spell count; only a long rest lifts a depletion bar."""
        return self.model_copy(update={"spells_cast_since_check": 0})

    def long_rest(self) -> "CasterState":
        """Resets the spell count, the depletion bar and the disapproval range (R10, R29)."""
        return self.model_copy(update={"spells_cast_since_check": 0,
                                       "barred_until_long_rest": False,
                                       "disapproval_range": 1})

    def new_day(self) -> "CasterState":
        """A new day: the daily cap on magical healing starts over (R11)."""
        return self.model_copy(update={"healed_hd_today": 0})


@lru_cache(maxsize=256)
def _caster_state(spells_cast_since_check: int, barred_until_long_rest: bool,
                  disapproval_range: int, healed_hd_today: int) -> CasterState:
    """What ``model_copy`` with these values makes, one shared object for each set of values:
    the states are frozen values, and every Magic-user's SPELLCHECK records a new count (a
    ``model_copy`` costs ~1.8 µs). Not validated, as ``model_copy`` is not."""
    return CasterState.model_construct(spells_cast_since_check=spells_cast_since_check,
                                       barred_until_long_rest=barred_until_long_rest,
                                       disapproval_range=disapproval_range,
                                       healed_hd_today=healed_hd_today)


def depletion_save(roller: Roller, *, save_bonus: int, room_dc: int,
                   dc_shift: int = 0) -> DepletionSaveResult:
    """The INT SAVE of Spell Depletion: d20 + ``save_bonus`` (INT, + PROF if proficient)."""
    record = roll("d20", roller, modifier=save_bonus, purpose=Purpose.SAVE)
    return DepletionSaveResult(record, room_dc + dc_shift)


def cast(
    state: CasterState,
    roller: Roller,
    *,
    caster: "Caster",
    ability_mod: int,
    prof: int,
    room_dc: int,
    dc_shift: int = 0,
    spell: "Spell | None" = None,
    advantage: "Advantage | None" = None,
) -> "SpellcheckResult":
    """A SPELLCHECK by a caster with ``state``: refused while barred or while a SAVE is due.

    Uses the state's disapproval range; does not change the state (see ``record_spellcheck``).
    """
    if state.barred_until_long_rest:
        raise CastingBarred("casting is barred until a long rest (failed depletion SAVE)")
    if state.depletion_save_due:
        raise CastingBarred("Spell Depletion: roll the INT SAVE before casting again")
    from emberkeep.magic.spellcheck import spellcheck

    return spellcheck(roller, caster=caster, ability_mod=ability_mod, prof=prof,
                      room_dc=room_dc, dc_shift=dc_shift, spell=spell,
                      disapproval_range=state.disapproval_range,
                      advantage=advantage)
