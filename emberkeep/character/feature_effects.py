"""What an archetype feature *does*, as typed data.

Furnace: "Work out these archetypes with your DM" — so a feature is data the GM edits, and each
of its effects is one of a few typed shapes the sheet and the engine know how to honour. No rule
anywhere asks for a feature by its name or id: :mod:`emberkeep.character.archetype_effects`
collects the effects of the features a character took and answers "what changes".

The seed's examples map onto these shapes:

- "Melee CRIT range 19-20" → :class:`CritRange` (R15: such a crit dents armor like a 20);
- "HD changes to D12" → :class:`HitDie` (R3: from the level at which it is chosen);
- "Rage: +PROF dam, -PROF AC" → :class:`ToggledState` with :class:`Bonus` values in PROF;
- "Chosen one: Once a fight reroll an ATK" → :class:`Reroll`;
- "Bloodmagic: Convert 1d6 HP to DAM" → :class:`HpToDamage`;
- "Arcane strike: Can use INT for ATK" → :class:`AttackAbility`;
- "Bookworm: learn two additional spells", "Trickster: Learn one cantrip" → :class:`ExtraSpells`;
- "Intimidation CHECKS are EASY", "SAVE vs. magical EFFECTS are EASY", "Read arcane scrolls,
  HARD SPELLCHECK" → :class:`RollDifficulty` (a ``context`` such as ``magic`` applies only when
  the caller names it);
- "Immune to FEAR effects" → :class:`Immunity` (FRIGHTENED, R28);
- "PROF with a martial melee weapon" → :class:`WeaponProficiency`;
- "Weapon counts as magical" → :class:`MagicalWeapons` (R26: it may dent magical armor);
- "Once a fight chosen ally ATK is EASY" → :class:`AllyAttackEasy`.

"Enchant" and "Copying spells are cheaper" are the GM's to rule: a feature may have no effect.
"""

# The annotations are objects, not strings (no ``from __future__ import annotations``): these
# models are built when a campaign first loads, and pydantic parses a string annotation
# as code, one field at a time.

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from emberkeep.character.abilities import Ability
from emberkeep.character.skills import Skill
from emberkeep.tables.notation import DiceText

__all__ = [
    "EFFECT_KINDS",
    "EFFECT_LABELS",
    "AllyAttackEasy",
    "AttackAbility",
    "Bonus",
    "CritRange",
    "ExtraSpells",
    "FeatureEffect",
    "HitDie",
    "HpToDamage",
    "Immunity",
    "MagicalWeapons",
    "Reroll",
    "RollDifficulty",
    "RollKind",
    "ToggledState",
    "WeaponProficiency",
]

_FROZEN = ConfigDict(extra="forbid", frozen=True)
RollKind = Literal["check", "save", "attack", "spellcheck"]


class Bonus(BaseModel):
    """A number that may scale with PROF: ``flat + prof × PROF`` (Rage's "+PROF" is prof=1)."""

    model_config = _FROZEN

    flat: int = Field(0, ge=-20, le=20)
    prof: int = Field(0, ge=-5, le=5)

    def value(self, prof_bonus: int) -> int:
        return self.flat + self.prof * prof_bonus

    def describe(self) -> str:
        parts = []
        if self.prof:
            parts.append(("+" if self.prof > 0 else "-")
                         + ("PROF" if abs(self.prof) == 1 else f"{abs(self.prof)}×PROF"))
        if self.flat or not parts:
            parts.append(f"{self.flat:+d}")
        return " ".join(parts)


class CritRange(BaseModel):
    """A widened crit range: natural ``low``..20 crits (with melee weapons if ``melee_only``)."""

    model_config = _FROZEN
    kind: Literal["crit_range"] = "crit_range"
    low: int = Field(19, ge=2, le=20)
    melee_only: bool = True


class HitDie(BaseModel):
    """R3: the class hit die changes to this one from the level the feature is chosen."""

    model_config = _FROZEN
    kind: Literal["hit_die"] = "hit_die"
    die: int = Field(12, ge=2, le=20)


class ToggledState(BaseModel):
    """A state the player switches on and off (Rage); while on, these numbers move."""

    model_config = _FROZEN
    kind: Literal["toggle"] = "toggle"
    state: str = Field("Rage", min_length=1, max_length=64)
    damage: Bonus = Field(default_factory=Bonus)
    ac: Bonus = Field(default_factory=Bonus)
    attack: Bonus = Field(default_factory=Bonus)
    melee_only: bool = False  # whether the damage and attack bonuses need a melee blow
    # rounds it lasts in a fight once switched on (None: until switched off)
    rounds: int | None = Field(None, ge=1, le=1000)


class Reroll(BaseModel):
    """Reroll a d20 of this kind ``uses`` times a fight (Chosen one: an ATK, once)."""

    model_config = _FROZEN
    kind: Literal["reroll"] = "reroll"
    roll: RollKind = "attack"
    uses: int = Field(1, ge=1, le=10)


class HpToDamage(BaseModel):
    """Bloodmagic: before a blow, roll ``dice``; the attacker loses that many HP and the blow
    does that much more damage if it hits."""

    model_config = _FROZEN
    kind: Literal["hp_to_damage"] = "hp_to_damage"
    dice: DiceText = Field("1d6", min_length=1, max_length=32)


class AttackAbility(BaseModel):
    """May use ``ability`` for the ATK roll (the better of it and the usual one is taken)."""

    model_config = _FROZEN
    kind: Literal["attack_ability"] = "attack_ability"
    ability: Ability = Ability.INT
    melee: bool = True
    ranged: bool = True


class ExtraSpells(BaseModel):
    """More spells (R10's limit) or cantrips known."""

    model_config = _FROZEN
    kind: Literal["extra_spells"] = "extra_spells"
    spells: int = Field(0, ge=0, le=20)
    cantrips: int = Field(0, ge=0, le=20)


class RollDifficulty(BaseModel):
    """EASY (or HARD) on a kind of roll: any field left empty matches anything; ``context``
    (``magic``, ``scroll``, ``copying``...) matches only when the roll names it."""

    model_config = _FROZEN
    kind: Literal["difficulty"] = "difficulty"
    difficulty: Literal["easy", "hard"] = "easy"
    roll: RollKind = "check"
    skill: Skill | None = None
    ability: Ability | None = None
    context: str | None = Field(None, max_length=64)

    def matches(self, roll: RollKind, *, skill: Skill | None = None,
                ability: Ability | None = None, contexts: frozenset[str] = frozenset()) -> bool:
        return (roll == self.roll
                and (self.skill is None or self.skill == skill)
                and (self.ability is None or self.ability == ability)
                and (self.context is None or self.context in contexts))


class Immunity(BaseModel):
    """Immune to a condition (R28 names): it is never applied, and a SAVE against it succeeds."""

    model_config = _FROZEN
    kind: Literal["immunity"] = "immunity"
    condition: str = Field("FRIGHTENED", min_length=1, max_length=64)


class WeaponProficiency(BaseModel):
    """PROF with a weapon category the class lacks (``melee_only``: not its ranged weapons)."""

    model_config = _FROZEN
    kind: Literal["weapon_proficiency"] = "weapon_proficiency"
    category: str = Field("martial", min_length=1, max_length=64)
    melee_only: bool = True


class MagicalWeapons(BaseModel):
    """The character's weapons count as magical (R26: only these dent magical armor)."""

    model_config = _FROZEN
    kind: Literal["magical_weapons"] = "magical_weapons"


class AllyAttackEasy(BaseModel):
    """``uses`` times a fight, make a chosen ally's ATK EASY."""

    model_config = _FROZEN
    kind: Literal["ally_attack_easy"] = "ally_attack_easy"
    uses: int = Field(1, ge=1, le=10)


FeatureEffect = Annotated[
    CritRange | HitDie | ToggledState | Reroll | HpToDamage | AttackAbility | ExtraSpells
    | RollDifficulty | Immunity | WeaponProficiency | MagicalWeapons | AllyAttackEasy,
    Field(discriminator="kind"),
]

#: Every effect shape by its ``kind``, for editors that offer "add an effect".
# What the GM reads for each kind (the editor never shows the data's keys)
EFFECT_LABELS: dict[str, str] = {
    "crit_range": "Crit range", "hit_die": "Hit die", "toggle": "A state turned on and off",
    "reroll": "Reroll", "hp_to_damage": "HP into damage", "attack_ability": "Attack ability",
    "extra_spells": "Extra spells", "difficulty": "EASY or HARD rolls", "immunity": "Immunity",
    "weapon_proficiency": "Weapon proficiency", "magical_weapons": "Weapons count as magical",
    "ally_attack_easy": "An ally's attack EASY",
}

EFFECT_KINDS: dict[str, type[BaseModel]] = {
    "crit_range": CritRange, "hit_die": HitDie, "toggle": ToggledState, "reroll": Reroll,
    "hp_to_damage": HpToDamage, "attack_ability": AttackAbility, "extra_spells": ExtraSpells,
    "difficulty": RollDifficulty, "immunity": Immunity,
    "weapon_proficiency": WeaponProficiency, "magical_weapons": MagicalWeapons,
    "ally_attack_easy": AllyAttackEasy,
}
