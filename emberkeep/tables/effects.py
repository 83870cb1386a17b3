"""Structured effects of crit, fumble and injury rows, so the engine applies rows without English.

Every row of those tables keeps the seed's wording in ``text`` and lists what it does in
``effects``: a small discriminated union keyed by ``kind``. Effects apply to the table's
*subject* (:attr:`EffectTable.subject`): the foe for a crit table, the roller for the fumble
table, the injured character for the injury tables. A few kinds name someone else outright
(``ally_damage``, ``attack_ally``, ``extra_attack``).

Readings of the seed that the data encodes (see also RULINGS.md):

- A turn and a round are one thing in Furnace (R27): "next turn" is ``next_round``.
- Conditions are R28's; lowercase names are the table's own plain conditions ("can't move",
  "foe can move only NEAR"...), kept as written.
- A crit effect on a foe with no stated end ("enemy's ATK is HARD", "can't speak") lasts the
  rest of the encounter (``encounter``). PRONE and unconsciousness end by their own rule
  (standing up, being woken or healed): ``until_removed``; so does a condition the text leaves
  open on a failed save ("or suffer PARALYSIS", where another row says "permanent paralysis").
- Gear damage follows R26: crit "knocks weapon into the air" → ``weapon_dropped``; crit
  "sunders enemy's weapon" → ``weapon_sundered`` (1d12 DAM if none); fumble 4 → one
  ``weapon_notched``; fumble 7 → ``weapon_dropped``; fumble 8 and lingering 15 →
  ``weapon_broken``; lingering 16 → ``armor_damage`` of 2 points (R15).
- The crit's maximum weapon damage (Furnace: "take your maximum DAM") is applied by the engine,
  not listed here; ``extra_damage`` is what the row adds on top.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from emberkeep.tables.duration import Duration  # its own module: spells read it alone
from emberkeep.tables.notation import DiceText

__all__ = [
    "AbilityLoss",
    "AllyDamage",
    "ArmorDamage",
    "AttackAlly",
    "BodyPartLost",
    "CheckModifier",
    "Condition",
    "ConditionName",
    "Dead",
    "DieIn",
    "Duration",
    "Effect",
    "ExtraAttack",
    "ExtraDamage",
    "Flavour",
    "HealHitDice",
    "HitSelf",
    "HpLossPerRound",
    "InstantDeath",
    "Lingering",
    "LoseHalfHp",
    "SaveOr",
    "WeaponBroken",
    "WeaponDropped",
    "WeaponNotched",
    "WeaponSundered",
    "save_dc",
]

Ability = Literal["STR", "DEX", "CON", "INT", "WIS", "CHA"]

ConditionName = Literal[
    # R28's named conditions (and unconsciousness, which several rows inflict)
    "PRONE", "STUNNED", "PARALYSED", "INCAPACITATED", "BLINDED", "FRIGHTENED", "WEAK",
    "UNCONSCIOUS",
    # the tables' own plain conditions, as written (R28: "as written")
    "cant_move", "cant_attack", "cant_act", "attacks_hard", "easy_to_hit", "move_near_only",
    "cant_speak", "last_to_act", "one_hand",
]

class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _Dice(_Model):
    dice: DiceText


class ExtraDamage(_Dice):
    """``+dice`` DAM to the subject with this strike (on top of the crit's maximum DAM: R40
    reads Fighter crit 20's "else 2d12" so)."""

    kind: Literal["extra_damage"] = "extra_damage"


class AllyDamage(_Dice):
    """``dice`` DAM to a random ally of the attacker CLOSE to the target (crit row 1; R40: the
    attacker's ally, the bigger die paying for the friendly fire)."""

    kind: Literal["ally_damage"] = "ally_damage"


class Condition(_Model):
    kind: Literal["condition"] = "condition"
    name: ConditionName
    duration: Duration


class CheckModifier(_Model):
    """Some CHECKs become HARD or EASY (R7: ±3 to the DC).

    ``checks`` names what is affected: ``all``, an ability (``STR``...), a skill
    (``persuasion``), or ``sight`` / ``ranged_attacks``. ``alt_mode`` is the same effect for a
    campaign using advantage and disadvantage instead (R21: injuries 14-19).
    """

    kind: Literal["check_modifier"] = "check_modifier"
    checks: tuple[str, ...] = Field(min_length=1)
    mode: Literal["HARD", "EASY"]
    duration: Duration
    alt_mode: Literal["disadvantage", "advantage"] | None = None


_DC_FORMULA = re.compile(r"^(room|\d+\+level)$")


def save_dc(dc: int | str, *, level: int, room_dc: int) -> int:
    """The DC of a row's save: a number, ``"N+level"`` (the attacker's level) or ``"room"``."""
    if isinstance(dc, int):
        return dc
    if dc == "room":
        return room_dc
    base, _, _ = dc.partition("+")
    return int(base) + level


class SaveOr(_Model):
    """``ability`` SAVE against ``dc``; on a failure ``on_fail`` applies.

    ``dc`` is a number, ``"N+level"`` (the crit tables' "DC 10 + PC LVL") or ``"room"`` (a
    bare "CON SAVE": the ROOM DC). A monster saves as R30 says. ``every_round`` repeats the save
    at the start of each of the subject's rounds (lingering Torso).
    """

    kind: Literal["save_or"] = "save_or"
    ability: Ability
    dc: int | str
    on_fail: list[Effect] = Field(min_length=1)
    every_round: bool = False

    @field_validator("dc")
    @classmethod
    def _valid_dc(cls, value: int | str) -> int | str:
        if isinstance(value, str) and not _DC_FORMULA.match(value):
            raise ValueError(f"DC {value!r} is not a number, 'N+level' or 'room'")
        return value


class ExtraAttack(_Model):
    """The attacker makes another ATK.

    ``only_if_target_dies``: Fighter 19. ``targets``: ``any`` foe it could attack, or foes
    NEAR (``near``), or ``another_near`` enemy. ``until_miss``: keep attacking (Fighter 28+).
    """

    kind: Literal["extra_attack"] = "extra_attack"
    targets: Literal["any", "near", "another_near"] = "any"
    only_if_target_dies: bool = False
    until_miss: bool = False


class WeaponDropped(_Model):
    """The subject's weapon is dropped (R26: crit "knocks weapon into the air", fumble 7)."""

    kind: Literal["weapon_dropped"] = "weapon_dropped"


class WeaponSundered(_Model):
    """The foe's weapon is broken; a foe with none takes ``damage_if_unarmed`` instead (R26)."""

    kind: Literal["weapon_sundered"] = "weapon_sundered"
    damage_if_unarmed: DiceText = "1d12"


class WeaponNotched(_Model):
    """Notches on the subject's weapon (R26/R17: fumble 4 is one notch)."""

    kind: Literal["weapon_notched"] = "weapon_notched"
    notches: int = Field(default=1, ge=1)


class WeaponBroken(_Model):
    """The subject's weapon breaks (fumble 8, lingering 15): unusable until repaired (R26)."""

    kind: Literal["weapon_broken"] = "weapon_broken"


class ArmorDamage(_Model):
    """Points of damage on the subject's armor, each -1 AC until repaired (R15, R26)."""

    kind: Literal["armor_damage"] = "armor_damage"
    points: int = Field(ge=1)


class InstantDeath(_Model):
    """The subject dies now; ``when`` it has fewer HP than the attacker (Fighter 20), else
    ``otherwise`` applies instead."""

    kind: Literal["instant_death"] = "instant_death"
    when: Literal["always", "target_hp_below_attacker"] = "always"
    otherwise: list[Effect] = Field(default_factory=list)

    @model_validator(mode="after")
    def _otherwise_needs_condition(self) -> InstantDeath:
        if self.when == "always" and self.otherwise:
            raise ValueError("an unconditional instant death has no 'otherwise'")
        return self


class LoseHalfHp(_Model):
    """The subject loses 50% of its current HP (Fighter 22)."""

    kind: Literal["lose_half_hp"] = "lose_half_hp"


class DieIn(_Model):
    """The subject dies after ``dice`` rounds (Fighter 27; on failed saves)."""

    kind: Literal["die_in"] = "die_in"
    rounds: DiceText


class HpLossPerRound(_Model):
    """The subject loses ``amount`` HP every round while this lasts (lingering Open wound)."""

    kind: Literal["hp_loss_per_round"] = "hp_loss_per_round"
    amount: int = Field(ge=1)
    duration: Duration


class AbilityLoss(_Dice):
    """The subject loses ``dice`` points of an ability score, kept apart on the sheet (R29);
    a score reaching 0 is death (R22)."""

    kind: Literal["ability_loss"] = "ability_loss"
    ability: Ability


class Lingering(_Model):
    """Roll on the Lingering Injuries table and apply that row too (injuries 8-13)."""

    kind: Literal["lingering"] = "lingering"


class HealHitDice(_Model):
    """The subject heals ``count`` of its hit dice at once (injuries 20; R29: no CON)."""

    kind: Literal["heal_hd"] = "heal_hd"
    count: int = Field(default=1, ge=1)


class Dead(_Model):
    """The character is dead after all: injuries 1, "a false hope" (R21)."""

    kind: Literal["dead"] = "dead"


class AttackAlly(_Model):
    """The subject attacks one random ally within range (fumble 11)."""

    kind: Literal["attack_ally"] = "attack_ally"


class HitSelf(_Model):
    """The subject hits itself for its weapon's normal DAM (fumble 12)."""

    kind: Literal["hit_self"] = "hit_self"


class BodyPartLost(_Model):
    """A lost eye, foot or hand, tracked on the sheet; ``when_none_left`` is the condition once
    the last one is gone (lingering One eye: BLINDED)."""

    kind: Literal["body_part_lost"] = "body_part_lost"
    part: Literal["eye", "foot", "hand"]
    when_none_left: ConditionName | None = None


class Flavour(_Model):
    """Something to note with no mechanics (an ugly scar, a crutch)."""

    kind: Literal["flavour"] = "flavour"
    note: str = Field(min_length=1)


Effect = Annotated[
    ExtraDamage | AllyDamage | Condition | CheckModifier | SaveOr | ExtraAttack
    | WeaponDropped | WeaponSundered | WeaponNotched | WeaponBroken | ArmorDamage
    | InstantDeath | LoseHalfHp | DieIn | HpLossPerRound | AbilityLoss | Lingering
    | HealHitDice | Dead | AttackAlly | HitSelf | BodyPartLost | Flavour,
    Field(discriminator="kind"),
]

SaveOr.model_rebuild()
InstantDeath.model_rebuild()
