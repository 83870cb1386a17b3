"""Combatants: player characters (by reference) and monsters (R30).

A PC combatant points at the campaign's :class:`~emberkeep.character.model.Character`: its HP,
gear damage and everything else the fight does to it is written on the sheet, so it persists
after the fight. A monster carries its own numbers, derived from the ROOM DC (R30: its AC is the
ROOM DC; it saves with d20 + (ROOM DC − 10)).

Combatants are plain slotted dataclasses: the engine mutates them only through events, and a
simulation of thousands of fights must not pay for validation on every hit. What the file keeps
of one is read strictly once, when the encounter is built (:meth:`Combatant.from_json`, through
:mod:`emberkeep.campaign.kept_combatants`, where a monster's numbers live too).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Literal

from emberkeep.campaign.bestiary import MonsterWeapon
from emberkeep.campaign.kept_combatants import MeleeMonster, MonsterStats, kept_combatant
from emberkeep.encounter.conditions import ActiveCondition

__all__ = ["Combatant", "MeleeMonster", "MonsterStats", "MonsterWeapon"]

Kind = Literal["pc", "monster"]


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
    # what dying, fending, mounts and halberds add (engine II)
    knocked: int = 0  # times knocked to 0 HP this encounter (R22's knocked-twice option)
    mount: int = 0  # R31 mount rank: 0 on foot, 1 rouncy, 2 palfrey, 3 courser, 4 charger
    # R37: how a halberd is used this fight: "thrust" (-1 segment, no two-handed DAM bonus) or
    # "" — two-handed (+1 segment, R12's bonus), the default
    halberd_use: str = ""
    hidden: bool = False  # not on the player view until the GM reveals it

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
        """A kept combatant read back; a ``KeptCombatantError`` (a ValueError) says what is
        wrong and at which of its fields."""
        kept = kept_combatant(data)
        values = {f.name: getattr(kept, f.name) for f in fields(cls)}
        values["conditions"] = tuple(ActiveCondition(x.name, x.rounds_left, x.until, x.source,
                                                     x.since) for x in kept.conditions)
        return cls(**values)

