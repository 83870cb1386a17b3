"""Combatants: player characters (by reference) and monsters (R30).

A PC combatant points at the campaign's :class:`~emberkeep.character.model.Character`: its HP,
gear damage and everything else the fight does to it is written on the sheet, so it persists
after the fight. A monster carries its own numbers, derived from the ROOM DC (R30: its AC is the
ROOM DC; it saves with d20 + (ROOM DC − 10)).

Combatants are plain slotted dataclasses: the engine mutates them only through events, and a
simulation of thousands of fights must not pay for validation on every hit.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from emberkeep.campaign.bestiary import MAX_OTHER_WEAPONS, MonsterWeapon
from emberkeep.encounter.conditions import ActiveCondition

__all__ = ["Combatant", "MeleeMonster", "MonsterStats", "MonsterWeapon"]

Kind = Literal["pc", "monster"]


class MonsterStats(BaseModel):
    """R30: a monster's numbers; the GM types them in or they come from the ROOM DC."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=200)
    max_hp: int = Field(ge=1, le=10_000)
    room_dc: int = Field(ge=1, le=40)
    attack_bonus: int = Field(0, ge=-20, le=40)
    damage: str = "1d6"
    morale: int | None = Field(None, ge=0, le=12)  # None: half the ROOM DC, rounded down
    weapon: str = "claws"
    weapon_length_ft: int = Field(2, ge=0, le=30)
    ranged: bool = False
    # Weapons besides the main one above (``weapon``, ``damage``...), e.g. an orc's shortbow;
    # left out of the JSON while none, so a one-weapon monster is written as before (schema 3)
    other_weapons: tuple[MonsterWeapon, ...] = Field((), max_length=MAX_OTHER_WEAPONS,
                                                     exclude_if=lambda kept: not kept)
    level: int = Field(0, ge=0, le=10)  # for a crit table (R30) and fending (one per 2 HD)
    initiative_modifier: int = Field(0, ge=-10, le=10)

    @property
    def armor_class(self) -> int:
        return self.room_dc

    @property
    def weapons(self) -> tuple[MonsterWeapon, ...]:
        """Every weapon it carries, the main one first."""
        main = MonsterWeapon(name=self.weapon, damage=self.damage,
                             length_ft=self.weapon_length_ft, ranged=self.ranged)
        return (main, *self.other_weapons)

    @property
    def save_bonus(self) -> int:
        return self.room_dc - 10

    @property
    def enemy_morale(self) -> int:
        """Furnace: "Enemy moral is usually half of the room DC (rounded down)"."""
        return self.morale if self.morale is not None else self.room_dc // 2


class MeleeMonster(MonsterStats):
    """R33's monster: weapon skill, armor points, SIZ, Damage dice (``damage``) and HP
    (``max_hp``). DEX (for knockdown rolls) is not among R33's numbers: 10 unless given."""

    room_dc: int = Field(10, ge=1, le=40)
    skill: int = Field(ge=0, le=60)
    armor_points: int = Field(0, ge=0, le=40)
    siz: int = Field(ge=1, le=200)
    dex: int = Field(10, ge=0, le=99)
    weapon_id: str | None = None  # a catalog weapon (sword, spear...), None: claws and teeth
    move: int = Field(3, ge=0, le=60)  # yards a round (not among R33's numbers: a default)


@dataclass(slots=True)
class Combatant:
    """One side's fighter in one encounter. ``hp`` is used only for monsters."""

    id: str
    name: str
    side: str
    kind: Kind
    character_id: str | None = None
    monster: MonsterStats | None = None
    hp: int = 0
    position: int = 0
    conditions: tuple[ActiveCondition, ...] = ()
    ac_penalty: int = 0  # R15: a monster without gear loses 1 AC per crit for the encounter
    weapon_dropped: bool = False  # a monster's; a PC's weapon state is on its gear
    surprised: bool = False
    unaware: bool = False
    dodging: bool = False
    acted: bool = False
    initiative: int | None = None
    initiative_bonus: int = 0  # R18: a sacrificed shield betters the next initiative roll
    used: tuple[str, ...] = ()  # once-a-fight features already used this fight
    declared_spell: str | None = None
    spell_segment: int | None = None
    jostled: bool = False
    out: bool = False  # fled, surrendered or removed by the GM
    # engine II (issue #6)
    knocked: int = 0  # times knocked to 0 HP this encounter (R22's knocked-twice option)
    mount: int = 0  # R31 mount rank: 0 on foot, 1 rouncy, 2 palfrey, 3 courser, 4 charger
    # R37: how a halberd is used this fight: "thrust" (-1 segment, no two-handed DAM bonus) or
    # "" — two-handed (+1 segment, R12's bonus), the default
    halberd_use: str = ""
    hidden: bool = False  # not on the player view until the GM reveals it (issue #19)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "monster":
                if value is not None and type(value) is not MonsterStats:
                    # another procedure's monster (R33's): say which, so it loads back as one
                    data["monster_type"] = type(value).__name__
                value = None if value is None else value.model_dump(mode="json")
            elif f.name == "conditions":
                value = [c.to_json() for c in value]
            elif f.name == "used":
                value = list(value)
            data[f.name] = value
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Combatant:
        values = dict(data)
        kind = values.pop("monster_type", None)
        if values.get("monster") is not None:
            values["monster"] = _monster_class(kind).model_validate(values["monster"])
        values["conditions"] = tuple(ActiveCondition.from_json(c)
                                     for c in values.get("conditions", ()))
        values["used"] = tuple(values.get("used", ()))
        return cls(**values)


_MONSTER_CLASSES: dict[str, type[MonsterStats]] = {"MonsterStats": MonsterStats,
                                                   "MeleeMonster": MeleeMonster}


def _monster_class(name: str | None) -> type[MonsterStats]:
    try:
        return _MONSTER_CLASSES[name or "MonsterStats"]
    except KeyError:
        raise ValueError(f"unknown kind of monster {name!r}") from None
