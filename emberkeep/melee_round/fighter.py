"""A fighter's numbers for one exchange: a knight's (R24, R33) or a monster's (R33).

R33: "Monsters fight with a weapon skill, armor points, SIZ, Damage dice and HP": a
:class:`~emberkeep.encounter.combatant.MeleeMonster`, kept with the encounter's other monster
stats so a saved fight loads its combatants without this package.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from emberkeep.character.knight import KnightProfile, half_up
from emberkeep.encounter.combatant import MeleeMonster
from emberkeep.melee_round.catalog import HorseKind, HorseSpec, horse

# MeleeMonster stays importable from here for the GUI's monster form.
__all__ = ["Fighter", "MeleeMonster", "from_knight", "from_monster"]


@dataclass(frozen=True, slots=True)
class Fighter:
    name: str
    skills: Mapping[str, int]
    siz: int
    dex_roll: int  # DEX for DEX rolls, armor's penalty taken off
    strength: int
    hit_points: int
    unconscious: int
    major_wound: int | None  # None: a monster without CON has no Major Wound threshold
    damage_dice: int  # d6
    armor: int
    shield: int = 0  # points a shield adds on a partial success, 0 without one
    horse: HorseSpec | None = None
    knight: bool = False  # trained to armor: "unburdened" applies
    honor: int = 0
    any_weapon: int | None = None  # a monster's one weapon skill serves for any weapon

    def skill(self, name: str) -> int:
        if name in self.skills:
            return self.skills[name]
        return self.any_weapon if self.any_weapon is not None else 0


def from_knight(name: str, profile: KnightProfile) -> Fighter:
    d = profile.derived
    skills = dict(profile.skills)
    skills.update(Horsemanship=profile.horsemanship, SIZ=profile.SIZ, STR=profile.STR,
                  CON=profile.CON, APP=profile.APP, DEX=profile.dex_roll)
    return Fighter(
        name=name, skills=skills, siz=profile.SIZ, dex_roll=profile.dex_roll,
        strength=profile.STR, hit_points=d.hit_points, unconscious=d.unconscious,
        major_wound=d.major_wound, damage_dice=d.damage_dice, armor=profile.armor_points,
        shield=profile.shield_points if profile.shield else 0,
        horse=horse(profile.horse) if profile.horse is not None else None,
        knight=profile.trained_in_armor, honor=profile.honor)


def _dice_count(damage: str) -> int:
    count, _, sides = damage.lower().partition("d")
    if sides.strip() != "6":
        raise ValueError(f"Melee Round damage is in d6, not {damage!r}")
    return int(count or 1)


def from_monster(stats: MeleeMonster, *, horse_kind: HorseKind | None = None) -> Fighter:
    hp = stats.max_hp
    return Fighter(
        name=stats.name, skills={"DEX": stats.dex, "SIZ": stats.siz},
        siz=stats.siz, dex_roll=stats.dex, strength=0, hit_points=hp,
        unconscious=half_up(hp, 4), major_wound=None, damage_dice=_dice_count(stats.damage),
        armor=stats.armor_points, any_weapon=stats.skill,
        horse=horse(horse_kind) if horse_kind is not None else None)
