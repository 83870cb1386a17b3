"""What a *small* weapon is: the one definition the ATK, WDD's initiative and the knife grip read.

Three rules name it: Furnace's tag example ("like dagger - *tiny* ... use DEX for the attack"),
WDD's segment modifier ("-1 for a Small Weapon") and WDD's knife grip ("a knife or dagger (or
similar, small weapon)"). Settled here once: a melee weapon (not a fist, not a missile weapon)
tagged *tiny*, or one whose length is at most a knife's or a dagger's (R31: dagger or knife 1 ft).
A weapon's name decides nothing: a GM's "Butcher's knife" is small because its data says so.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["SMALL_WEAPON_FT", "TINY_TAG", "is_small_weapon"]

SMALL_WEAPON_FT = 1  # R31: dagger or knife 1 ft
TINY_TAG = "tiny"  # the seed's ICRPG tag ("like dagger - tiny")


def is_small_weapon(kind: str, tags: Iterable[str], length_ft: int | None) -> bool:
    """A small weapon (see the module notes); ``kind`` is a weapon kind (``one_handed``,
    ``two_handed``, ``ranged``, ``fist``); a length of 0 is a fist's (R31), no weapon's."""
    if kind in ("fist", "ranged"):
        return False
    if any(t.lower() == TINY_TAG for t in tags):
        return True
    return length_ft is not None and 0 < length_ft <= SMALL_WEAPON_FT
