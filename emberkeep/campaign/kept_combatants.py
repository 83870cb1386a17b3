"""The combatants an encounter record keeps, as the file holds them, and a monster's numbers.

An :class:`~emberkeep.campaign.model.EncounterRecord` keeps each combatant as it stood before
the fight's first step (``Combatant.to_json``: plain JSON, so a record round-trips byte for
byte). This is that JSON's shape, read as strictly as a character sheet: every key known, every
value of its type ("6" is no number) and within what a rule can mean, a monster's HP within its
maximum, a PC naming its sheet and a monster carrying its numbers. The loader checks each kept
combatant against it (``integrity``) and the encounter builds its combatants through it
(``Combatant.from_json``), so both report a broken one at its field: ``combatants[2].hp``.

A monster's numbers (:class:`MonsterStats`, R30; the Melee Round's :class:`MeleeMonster`, R33)
live here, beside the bestiary's templates they are made from, because the file holds them.
"""

# The annotations are objects, not strings (no ``from __future__ import annotations``): these
# models are built when a campaign first loads, and pydantic parses a string annotation
# as code, one field at a time.

from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_core import to_json

from emberkeep.campaign.bestiary import MAX_OTHER_WEAPONS, MonsterWeapon, dice_text
from emberkeep.field_errors import Refusal, refused_at
from emberkeep.text_fields import NAME_LENGTH, Name, OneLine

__all__ = ["KeptCombatant", "KeptCombatantError", "KeptCondition", "KeptMeleeCombatant",
           "MeleeMonster", "MonsterStats", "kept_combatant"]


class MonsterStats(BaseModel):
    """R30: a monster's numbers; the GM types them in or they come from the ROOM DC."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: Name
    max_hp: int = Field(ge=1, le=10_000)
    room_dc: int = Field(ge=1, le=40)
    attack_bonus: int = Field(0, ge=-20, le=40)
    damage: str = Field("1d6", min_length=1, max_length=20)
    morale: int | None = Field(None, ge=0, le=12)  # None: half the ROOM DC, rounded down
    weapon: OneLine = Field("claws", min_length=1, max_length=NAME_LENGTH)
    weapon_length_ft: int = Field(2, ge=0, le=30)
    ranged: bool = False
    # Weapons besides the main one above (``weapon``, ``damage``...), e.g. an orc's shortbow;
    # left out of the JSON while none, so a one-weapon monster is written as before (schema 3)
    other_weapons: tuple[MonsterWeapon, ...] = Field((), max_length=MAX_OTHER_WEAPONS,
                                                     exclude_if=lambda kept: not kept)
    level: int = Field(0, ge=0, le=10)  # for a crit table (R30) and fending (one per 2 HD)
    initiative_modifier: int = Field(0, ge=-10, le=10)

    @field_validator("damage")
    @classmethod
    def _dice(cls, value: str) -> str:
        return dice_text(value)  # the roller reads it on every hit: refused here, not there

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
    weapon_id: str | None = Field(None, max_length=64)  # a catalog weapon, None: claws
    move: int = Field(3, ge=0, le=60)  # yards a round (not among R33's numbers: a default)


_ROUNDS = 1_000_000
"""More rounds than any fight or effect lasts (a day of six-second rounds is 14,400)."""
_KEPT = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


class KeptCondition(BaseModel):
    """A condition a kept combatant carries (``ActiveCondition.to_json``)."""

    model_config = _KEPT

    name: OneLine = Field(min_length=1, max_length=NAME_LENGTH)
    rounds_left: int | None = Field(None, ge=0, le=_ROUNDS)
    until: OneLine = Field("removed", min_length=1, max_length=64)
    source: OneLine = Field("", max_length=NAME_LENGTH)
    since: int = Field(0, ge=0, le=_ROUNDS)  # the round it was put on


class KeptCombatant(BaseModel):
    """One kept combatant; its keys are ``Combatant``'s fields, with the same defaults (a key
    a record left out, because it was written before the field existed, reads as its default).
    ``hp`` is the monster's own; a PC's HP is on its sheet."""

    model_config = _KEPT

    id: str = Field(min_length=1, max_length=64)
    name: Name
    side: Name
    kind: Literal["pc", "monster"]
    character_id: str | None = Field(None, min_length=1, max_length=64)
    monster_type: Literal["MonsterStats", "MeleeMonster"] | None = None
    monster: MonsterStats | None = None
    hp: int = Field(0, ge=-10_000, le=10_000)
    position: int = Field(0, ge=-1_000, le=1_000)
    conditions: tuple[KeptCondition, ...] = Field((), max_length=1_000)
    ac_penalty: int = Field(0, ge=0, le=1_000)  # R15: an AC point a crit, for the fight
    weapon_dropped: bool = False
    surprised: bool = False
    unaware: bool = False
    dodging: bool = False
    acted: bool = False
    initiative: int | None = Field(None, ge=-1_000, le=1_000)
    initiative_bonus: int = Field(0, ge=-100, le=100)  # R18
    used: tuple[OneLine, ...] = Field((), max_length=1_000)
    declared_spell: str | None = Field(None, min_length=1, max_length=64)
    spell_segment: int | None = Field(None, ge=0, le=1_000)
    jostled: bool = False
    out: bool = False
    knocked: int = Field(0, ge=0, le=1_000)
    mount: int = Field(0, ge=0, le=4)  # R31: on foot, or a rouncy up to a charger
    halberd_use: Literal["", "thrust"] = ""  # R37
    hidden: bool = False

    @model_validator(mode="after")
    def _whole(self) -> "KeptCombatant":
        refusals: list[Refusal] = []
        if self.kind == "pc":
            if self.character_id is None:
                refusals.append((("character_id",), "a player character names its sheet",
                                 None))
            if self.monster is not None:
                refusals.append((("monster",), "a player character has no monster's numbers",
                                 self.monster))
        else:
            if self.monster is None:
                refusals.append((("monster",), "a monster carries its numbers", None))
            elif self.hp > self.monster.max_hp:  # no rule heals above the maximum
                refusals.append((("hp",), f"{self.hp} HP is above the maximum "
                                          f"{self.monster.max_hp}", self.hp))
            if self.character_id is not None:
                refusals.append((("character_id",), "a monster names no character sheet",
                                 self.character_id))
        if refusals:
            raise refused_at(type(self), refusals)
        return self


class KeptMeleeCombatant(KeptCombatant):
    """A Melee Round monster (R33), kept with ``"monster_type": "MeleeMonster"``."""

    monster_type: Literal["MeleeMonster"]
    monster: MeleeMonster


class KeptCombatantError(ValueError):
    """A kept combatant that does not read: ``problems`` holds (field inside the combatant,
    reason) for each thing wrong, the first one being the message."""

    def __init__(self, problems: list[tuple[str, str]]) -> None:
        super().__init__(problems[0][1])
        self.field = problems[0][0]
        self.problems = problems


def kept_combatant(data: dict[str, Any]) -> KeptCombatant:
    """``data`` read as a kept combatant, as strictly as the file's JSON is, or a
    :class:`KeptCombatantError` locating what is wrong in it (``hp``, ``monster.max_hp``)."""
    shape = KeptMeleeCombatant if data.get("monster_type") == "MeleeMonster" else KeptCombatant
    try:
        # Through JSON, so that what the file's reader allows (an array for a tuple) is
        # allowed and nothing else: Python's lax reading would take "6" for 6.
        return shape.model_validate_json(to_json(data), strict=True)
    except ValidationError as exc:
        raise KeptCombatantError([(_path(e["loc"]), e["msg"].removeprefix("Value error, "))
                                  for e in exc.errors(include_url=False)]) from None


def _path(loc: tuple[int | str, ...]) -> str:
    return "".join(f"[{part}]" if isinstance(part, int) else f".{part}"
                   for part in loc).removeprefix(".")
