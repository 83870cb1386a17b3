"""A knight on a character's sheet (R33) and its derived statistics (R24).

R33: a knight's SIZ, DEX, STR, CON and APP are its own, on Pendragon's scale, not Furnace's 3d6
scores. The profile is frozen: the sheet and the fight replace it whole (``model_copy``), so an
encounter event can hold it as its value before and after.

R32: "after a notable success the GM may tick the weapon skill; at the year's end each ticked
skill rolls d20, and over the skill raises it by 1" (:func:`experience_checks`; the clock calls it
for every knight when it passes a year's end).

R24 (Pendragon's conventions, which the text points at without including): Hit points = SIZ +
CON; Unconscious = HP / 4; Major Wound = CON; Knockdown = SIZ; Damage = (STR + SIZ) / 6 in d6;
Move = (STR + DEX) / 10; halves round up.

R39: the knight's hit points are its own track, apart from the sheet's Furnace HP: the profile
keeps the knight's wounds (:attr:`KnightProfile.wounds`, the damage taken) and its HP is R24's
SIZ + CON less them. A Melee Round encounter reads and changes only this track; a new profile
starts unhurt; adding, editing or removing a profile never touches the Furnace HP.
"""

# The annotations are objects, not strings (no ``from __future__ import annotations``): these
# models are built when a campaign first loads, and pydantic parses a string annotation
# as code, one field at a time.

from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator

from emberkeep.dice import Purpose, Roller, roll

__all__ = ["ATTRIBUTES", "MAX_WOUNDS", "WEAPON_SKILLS", "Derived", "HorseKind", "KnightProfile",
           "derive", "experience_checks", "half_up", "hit_points"]

ATTRIBUTES = ("SIZ", "DEX", "STR", "CON", "APP")
# The issue's weapon skills ("Sword, Lance, Spear, Dagger, Mace, Axe, Great Spear, Halberd, Bow,
# Crossbow, Javelin, Grapple…"); a GM may add others.
WEAPON_SKILLS = ("Sword", "Lance", "Spear", "Dagger", "Mace", "Axe", "Great Spear", "Halberd",
                 "Great Axe", "Bow", "Crossbow", "Javelin", "Grapple")

Attribute = Annotated[int, Field(ge=1, le=99)]
SkillValue = Annotated[int, Field(ge=0, le=60)]
SkillName = Annotated[str, StringConstraints(min_length=1, max_length=40)]
# The most damage a knight's track holds (its HP may fall far below 0 in one blow, R33's dying);
# as far below zero as the sheet's Furnace HP may go.
MAX_WOUNDS = 10_000


class HorseKind(StrEnum):
    """The horses a knight may ride (R25); their numbers are the Melee Round catalog's data."""

    CHARGER = "charger"
    COURSER = "courser"
    ROUNCY = "rouncy"


def half_up(numerator: int, denominator: int) -> int:
    """R24: "round halves up" (26 / 4 = 6.5 → 7)."""
    return (2 * numerator + denominator) // (2 * denominator)


@dataclass(frozen=True, slots=True)
class Derived:
    hit_points: int
    unconscious: int
    major_wound: int
    knockdown: int
    damage_dice: int  # in d6
    move: int  # yards per round

    @property
    def damage(self) -> str:
        return f"{self.damage_dice}d6"


def hit_points(siz: int, con: int) -> int:
    """R24: a knight's hit points are SIZ + CON (its maximum on the R39 knight track)."""
    return siz + con


def derive(siz: int, dex: int, strength: int, con: int) -> Derived:
    """R24's derived statistics from the four attributes."""
    hp = hit_points(siz, con)
    return Derived(hit_points=hp, unconscious=half_up(hp, 4), major_wound=con, knockdown=siz,
                   damage_dice=max(1, half_up(strength + siz, 6)),
                   move=half_up(strength + dex, 10))


class KnightProfile(BaseModel):
    """A knight's numbers for the Melee Round; derived statistics are computed, never stored."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    SIZ: Attribute = 15
    DEX: Attribute = 10
    STR: Attribute = 10
    CON: Attribute = 13
    APP: Attribute = 10
    skills: dict[SkillName, SkillValue] = Field(default_factory=lambda: {
        "Sword": 15, "Lance": 10, "Spear": 6, "Dagger": 5, "Grapple": 5})
    horsemanship: SkillValue = 10
    weapon: str = Field("sword", min_length=1, max_length=40)  # the catalog weapon usually wielded
    armor_name: str = Field("Chainmail", max_length=80)
    armor_points: int = Field(10, ge=0, le=40)  # R25: chainmail 10, reinforced 12
    armor_dex_penalty: int = Field(10, ge=0, le=40)  # R25: chainmail -10 DEX
    shield: bool = True
    shield_points: int = Field(6, ge=0, le=40)  # R25: "A shield grants 6 additional points"
    horse: HorseKind | None = HorseKind.CHARGER
    horse_name: str = Field("", max_length=80)
    trained_in_armor: bool = True  # knights; peasants, bandits, Picts don't get "unburdened"
    glory: int = Field(0, ge=0, le=10_000_000)
    honor: int = Field(10, ge=0, le=40)
    ticks: tuple[SkillName, ...] = ()  # R32: experience check marks, rolled at the year's end
    # R39: the knight's own hit-point track, kept as the damage taken (0: unhurt, as a new
    # profile starts). Kept as damage, not as HP, so an edit of SIZ or CON keeps the wounds
    # as they are (typing CON 13 through 1 loses nothing), and full health has one spelling.
    # Left out of the file while 0, so an unhurt knight is written as before the track was.
    wounds: int = Field(0, ge=0, le=MAX_WOUNDS, exclude_if=lambda v: v == 0)

    @field_validator("wounds", mode="before")
    @classmethod
    def _wounds_in_bounds(cls, value: object) -> object:
        # Before the bounds above, so a GM reads what the number is, not just its limit.
        if type(value) is int and not 0 <= value <= MAX_WOUNDS:
            raise ValueError(f"a knight's wounds (damage taken) are 0 to {MAX_WOUNDS}, "
                             f"not {value}")
        return value

    @property
    def derived(self) -> Derived:
        return derive(self.SIZ, self.DEX, self.STR, self.CON)

    @property
    def max_hp(self) -> int:
        """R39's knight track at full health: R24's SIZ + CON."""
        return hit_points(self.SIZ, self.CON)

    @property
    def hp(self) -> int:
        """The knight's hit points now (R39): SIZ + CON less its wounds; 0 or less is dying
        (R33)."""
        return hit_points(self.SIZ, self.CON) - self.wounds

    def with_hp(self, hp: int) -> "KnightProfile":
        """The profile at ``hp`` knight HP (R39), itself when that is its HP already. Above
        SIZ + CON is refused (a higher maximum is a SIZ or CON edit), as is a fall past
        :data:`MAX_WOUNDS` of damage."""
        top = self.max_hp
        if hp > top:
            raise ValueError(f"{hp} knight HP is above its maximum {top} (SIZ + CON, R24)")
        wounds = top - hp
        if wounds > MAX_WOUNDS:
            raise ValueError(f"{hp} knight HP is below the lowest a knight's track keeps "
                             f"({top - MAX_WOUNDS})")
        if wounds == self.wounds:
            return self
        return self.model_copy(update={"wounds": wounds})

    def unhurt(self) -> "KnightProfile":
        """The profile at full knight HP (R39: only this track; the Furnace HP is the
        sheet's)."""
        return self if self.wounds == 0 else self.model_copy(update={"wounds": 0})

    def attribute(self, name: str) -> int:
        return int(getattr(self, name))

    def skill(self, name: str) -> int:
        """A skill's value; "Horsemanship" and the attributes (a thrown stone is a DEX roll,
        brawling may use STR or DEX) are read from their own fields."""
        if name == "Horsemanship":
            return self.horsemanship
        if name in ATTRIBUTES:
            return self.attribute(name)
        return self.skills.get(name, 0)

    @property
    def dex_roll(self) -> int:
        """DEX for a DEX roll: armor's penalty taken off (R25: chainmail "-10 DEX")."""
        return max(0, self.DEX - self.armor_dex_penalty)

    def with_skill(self, name: str, value: int) -> "KnightProfile":
        if name == "Horsemanship":
            return self.model_copy(update={"horsemanship": value})
        return self.model_copy(update={"skills": {**self.skills, name: value}})

    def ticked(self, name: str) -> "KnightProfile":
        """R32: the GM ticks a skill after a notable success (once per skill)."""
        if name in self.ticks:
            return self
        return self.model_copy(update={"ticks": (*self.ticks, name)})


def experience_checks(profile: KnightProfile,
                      roller: Roller) -> tuple[KnightProfile, list[str]]:
    """Roll every ticked skill; the ticks are cleared. Returns the new profile and the lines.
    A GM's typed d20 is found under ``("experience", skill name)``."""
    lines = []
    result = profile
    for name in profile.ticks:
        value = profile.skill(name)
        face = roll("d20", roller, purpose=Purpose.EXPERIENCE, who=name).total
        if face > value:
            result = result.with_skill(name, value + 1)
            lines.append(f"{name} {value} → {value + 1} (rolled {face}, over {value})")
        else:
            lines.append(f"{name} stays {value} (rolled {face})")
    return result.model_copy(update={"ticks": ()}), lines
