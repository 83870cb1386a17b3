"""Lay on Hands (R11, R29): a Cleric's SPELLCHECK that lets an ally CLOSE spend Hit Dice.

The total is read on ``resources/tables/lay_on_hands.json``: 12-15 → 1 HD, 16-20 → 2 HD,
21-26 → 3 HD, 27+ → 4 HD. It is a SPELLCHECK like any prayer, so it must also reach the ROOM DC,
a natural 20 adds 2×PROF to the total (R40; it can lift the band; there are no spell dice to add),
a natural roll in the disapproval range is a disapproval, and a Luck Die moves the band by at
most one (R8). The HD are spent from the *target's* pool; each heals what its die shows, no CON,
at least 1 (R29). No character is magically healed more HD a day than its level (R11), so the
HD spent are the least of the band, the target's pool and what its daily cap leaves.

Two steps, so a Luck Die can be spent between them: :func:`lay_on_hands_check` (or any Cleric
``spellcheck``) and :func:`heal_with_hit_dice`; :func:`lay_on_hands` does both at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Literal

from pydantic import ConfigDict, Field

from emberkeep.dice import Purpose, Roller, RollRecord, roll
from emberkeep.magic.spellcheck import LUCK_MAX_LEVEL_STEP, SpellcheckResult, spellcheck
from emberkeep.resources import load_model
from emberkeep.tables.base import RollTable, TableRow

if TYPE_CHECKING:
    from emberkeep.optional_rules.advantage import Advantage

__all__ = [
    "LayOnHandsResult",
    "LayOnHandsRow",
    "LayOnHandsTable",
    "heal_with_hit_dice",
    "lay_on_hands",
    "lay_on_hands_check",
    "lay_on_hands_hd",
    "load_lay_on_hands_table",
]


class LayOnHandsRow(TableRow):
    # built when first rolled on: no table of this module is read at start-up (bench/startup.py)
    model_config = ConfigDict(defer_build=True)

    hd: int = Field(ge=0)


class LayOnHandsTable(RollTable[LayOnHandsRow]):
    """HD healed by SPELLCHECK *total* (``die`` is the d20 the check rolls)."""

    model_config = ConfigDict(defer_build=True)


@cache
def load_lay_on_hands_table() -> LayOnHandsTable:
    return load_model(LayOnHandsTable, "tables", "lay_on_hands.json")


@dataclass(frozen=True, slots=True)
class LayOnHandsResult:
    """The check, the HD its band grants, the HD actually spent, and each heal die as rolled."""

    check: SpellcheckResult
    band_hd: int
    hd_spent: int
    heal_rolls: tuple[RollRecord, ...]
    limited_by: Literal["pool", "daily_cap"] | None

    @property
    def healed(self) -> int:
        return sum(max(1, r.total) for r in self.heal_rolls)

    def words(self, target: str) -> str:
        """What the HD did, after the check's own words: "Lay on Hands: 2 HD granted, 1 spent
        (all Brannoc's HD pool has): Brannoc heals 5 HP (R11, R29)"."""
        if not self.check.success:
            return f"Lay on Hands: no HD granted; {target} heals nothing (R11)."
        limit = {"pool": f" (all {target}'s HD pool has)",
                 "daily_cap": f" (as many as {target} may be healed today: its level a day)",
                 }.get(self.limited_by or "", "")
        dice = ", ".join(str(max(1, r.total)) for r in self.heal_rolls)
        return (f"Lay on Hands: {self.band_hd} HD granted, {self.hd_spent} spent{limit}: "
                f"{target} heals {self.healed} HP" + (f" ({dice})" if len(self.heal_rolls) > 1
                                                      else "") + " (R11, R29).")


def lay_on_hands_hd(check: SpellcheckResult) -> int:
    """HD the check grants (R11): 0 on a failed check; a Luck Die lifts the band at most one."""
    if not check.success:
        return 0
    table = load_lay_on_hands_table()
    hd = table.lookup(check.total).hd
    if check.luck is not None:
        before = table.lookup(check.total - check.luck.total).hd
        hd = min(hd, before + LUCK_MAX_LEVEL_STEP)
    return hd


def lay_on_hands_check(roller: Roller, *, wis_mod: int, prof: int, room_dc: int,
                       dc_shift: int = 0, disapproval_range: int = 1,
                       advantage: Advantage | None = None) -> SpellcheckResult:
    """The Cleric's SPELLCHECK for Lay on Hands: d20 + WIS + PROF (R8); ``advantage`` as in
    :func:`spellcheck`."""
    return spellcheck(roller, caster="cleric", ability_mod=wis_mod, prof=prof, room_dc=room_dc,
                      dc_shift=dc_shift, disapproval_range=disapproval_range,
                      advantage=advantage)


def heal_with_hit_dice(check: SpellcheckResult, roller: Roller, *, target_level: int,
                       hd_available: int, hit_die: int,
                       healed_today: int = 0) -> LayOnHandsResult:
    """Spend the target's HD the check grants, within its pool and its daily cap (R11, R29).

    ``hit_die`` is the target's die size (8 for a d8); ``healed_today`` the HD it was already
    magically healed today (``CasterState.healed_hd_today``).
    """
    band = lay_on_hands_hd(check)
    daily_room = max(0, target_level - healed_today)
    pool = max(0, hd_available)
    spent = min(band, pool, daily_room)
    limited_by: Literal["pool", "daily_cap"] | None = None
    if spent < band:
        limited_by = "daily_cap" if daily_room <= pool else "pool"
    rolls = tuple(roll(f"d{hit_die}", roller, purpose=Purpose.HIT_DIE) for _ in range(spent))
    return LayOnHandsResult(check, band, spent, rolls, limited_by)


def lay_on_hands(roller: Roller, *, wis_mod: int, prof: int, room_dc: int, target_level: int,
                 hd_available: int, hit_die: int, healed_today: int = 0, dc_shift: int = 0,
                 disapproval_range: int = 1) -> LayOnHandsResult:
    """Check and heal in one go (no Luck Die between them)."""
    check = lay_on_hands_check(roller, wis_mod=wis_mod, prof=prof, room_dc=room_dc,
                               dc_shift=dc_shift, disapproval_range=disapproval_range)
    return heal_with_hit_dice(check, roller, target_level=target_level,
                              hd_available=hd_available, hit_die=hit_die,
                              healed_today=healed_today)
