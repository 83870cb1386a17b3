"""Rests and the Hit Dice pool (R6, R29).

The pool holds one HD per level up to 5 (R6); a 0-level character has none. Hit-dice healing
heals what the die shows, no CON, at least 1 (R29), never above max HP.

* Short rest: spend one HD.
* Long rest: "spend and regain all your HD": every HD left in the pool is spent (each heals), then
  the pool refills to its maximum.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from emberkeep.character.advancement import MAX_POOL, max_hit_dice
from emberkeep.dice import Purpose, Roller, RollRecord, roll

if TYPE_CHECKING:
    from emberkeep.character.catalog import Catalog
    from emberkeep.character.model import Character

__all__ = ["MAX_POOL", "ZERO_LEVEL_DIE", "RestResult", "healed_hp", "hit_die_of", "long_rest",
           "max_hit_dice", "rest_character", "short_rest", "spend_hit_dice"]

ZERO_LEVEL_DIE = 4  # R5: a 0-level character's HP are 1d4

@dataclass(frozen=True, slots=True)
class RestResult:
    """What a rest did: each HD roll, HP and pool before and after."""

    kind: str
    rolls: tuple[RollRecord, ...]
    hp_before: int
    hp_after: int
    pool_before: int
    pool_after: int

    @property
    def healed(self) -> int:
        return self.hp_after - self.hp_before


def healed_hp(hp: int, max_hp: int, amount: int) -> int:
    """HP after healing ``amount``: never above the maximum, and never lowering HP a GM's hand
    put above it (rests, Lay on Hands and healing in a fight all heal by this)."""
    return max(hp, min(max_hp, hp + amount))


def hit_die_of(character: Character, catalog: Catalog) -> int:
    """The die a Hit Die heals with: the class's at the character's level, a feature's as
    ``catalog`` defines it (R3); a 0-level character's d4 (R5: its HP are 1d4)."""
    if character.class_id is None:
        return ZERO_LEVEL_DIE
    return character.hit_die_at(catalog, character.level)


def _heal(die: int, hp: int, max_hp: int, count: int,
          roller: Roller) -> tuple[int, tuple[RollRecord, ...]]:
    records: list[RollRecord] = []
    for _ in range(count):
        if hp >= max_hp:
            break
        record = roll(f"d{die}", roller, purpose=Purpose.HIT_DIE)
        records.append(record)
        hp = healed_hp(hp, max_hp, max(1, record.total))  # R29: at least 1
    return hp, tuple(records)


def spend_hit_dice(*, die: int, hp: int, max_hp: int, pool: int, count: int,
                   roller: Roller) -> RestResult:
    """Spend ``count`` HD from the pool (Lay on Hands spends from it too, R11). A GM's typed
    faces are a list under ``hit die``, one per die rolled."""
    if count > pool:
        raise ValueError(f"only {pool} HD left in the pool, cannot spend {count}")
    hp_after, records = _heal(die, hp, max_hp, count, roller)
    return RestResult("spend", records, hp, hp_after, pool, pool - count)


def short_rest(*, die: int, hp: int, max_hp: int, pool: int, roller: Roller) -> RestResult:
    """Spend one HD if any is left; with an empty pool the rest heals nothing, and a character
    already at full HP keeps its HD rather than spend it for nothing."""
    count = 1 if pool > 0 and hp < max_hp else 0
    hp_after, records = _heal(die, hp, max_hp, count, roller)
    return RestResult("short", records, hp, hp_after, pool, pool - count)


def long_rest(*, die: int, hp: int, max_hp: int, pool: int, level: int,
              roller: Roller) -> RestResult:
    """Spend every HD left (each heals), then regain the whole pool. Dice stop being rolled
    once HP is full: the rest of the pool is regained all the same."""
    hp_after, records = _heal(die, hp, max_hp, pool, roller)
    return RestResult("long", records, hp, hp_after, pool, max_hit_dice(level))


def rest_character(character: Character, catalog: Catalog, kind: str,
                   roller: Roller) -> RestResult:
    """Apply a ``"short"`` or ``"long"`` rest to a sheet: HP and the HD pool change in place."""
    die = hit_die_of(character, catalog)
    if kind == "short":
        result = short_rest(die=die, hp=character.hp, max_hp=character.max_hp,
                            pool=character.hit_dice, roller=roller)
    elif kind == "long":
        result = long_rest(die=die, hp=character.hp, max_hp=character.max_hp,
                           pool=character.hit_dice, level=character.level, roller=roller)
    else:
        raise ValueError(f"a rest is short or long, not {kind!r}")
    character.hp = result.hp_after
    character.hit_dice = result.pool_after
    return result
