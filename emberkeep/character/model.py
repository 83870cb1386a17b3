"""The character sheet: one pydantic model a campaign file stores and the rules read.

Everything the rules need to resolve a CHECK, a SAVE, a rest or a level-up is on the sheet, with
the history that explains it (the 3d6 rolled for each score, each level's HP gain, the level at
which each archetype feature and ability increase was taken), so a JSON round-trip is exact and
the GM can audit a sheet. Mechanics live in the sibling modules; the methods here are thin.
"""

# The annotations are objects, not strings (no ``from __future__ import annotations``): these
# models are built when a campaign first loads, and pydantic parses a string annotation
# as code, one field at a time.

from typing import TYPE_CHECKING, Annotated
from uuid import uuid4

from pydantic import BaseModel, ConfigDict, Field, model_validator

from emberkeep.breakdown import Breakdown, Part, signed
from emberkeep.character.abilities import ABILITIES, Ability, AbilityScores
from emberkeep.character.advancement import MAX_LEVEL, max_hit_dice, prof_bonus, xp_for_level
from emberkeep.character.archetypes import ChosenFeature
from emberkeep.character.classes import ClassDef, get_class
from emberkeep.character.groups import CharacterGroup
from emberkeep.character.hit_points import HpEntry
from emberkeep.character.knight import KnightProfile
from emberkeep.character.luck import LuckState
from emberkeep.character.sheet_conditions import CharacterCondition
from emberkeep.character.skills import Skill
from emberkeep.character.status import Status
from emberkeep.character.status import status as character_status
from emberkeep.field_errors import Refusal, refused_at
from emberkeep.gear.inventory import Inventory
from emberkeep.magic.limits import CasterState
from emberkeep.text_fields import NAME_LENGTH, Name, Note, OneLine

if TYPE_CHECKING:
    from emberkeep.character.catalog import Catalog

__all__ = ["AbilityIncrease", "Character", "CharacterCondition", "new_id"]


def new_id() -> str:
    return uuid4().hex


class AbilityIncrease(BaseModel):
    """A +1 to an ability score taken at 4th, 6th, 8th or 10th level (R6)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    ability: Ability
    level: int = Field(ge=1, le=MAX_LEVEL)


class Character(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)

    # Empty defaults are written as values: pydantic copies a mutable default for each sheet,
    # and building the model would otherwise read the signature of ``list`` for each field that
    # names it as a factory, which parses its text signature (a campaign's first load builds
    # this model).

    id: str = Field(default_factory=new_id, pattern=r"^[0-9a-f]{32}$")
    name: Name
    player: OneLine = Field(default="", max_length=NAME_LENGTH)
    race: str
    class_id: str | None = None
    level: int = Field(default=0, ge=0, le=MAX_LEVEL)
    xp: int = Field(default=0, ge=0, le=10**9)
    scores: AbilityScores
    score_rolls: dict[Ability, tuple[Annotated[int, Field(ge=1, le=6)], ...]] = {}
    race_swap: tuple[Ability, Ability] | None = None
    race_skill: Skill | None = None
    hp: int = Field(ge=-10_000, le=10_000)
    max_hp: int = Field(ge=1, le=10_000)
    hp_history: list[HpEntry] = []
    hit_dice: int = Field(default=0, ge=0, le=10)
    save_proficiencies: list[Ability] = []
    skill_proficiencies: list[Skill] = []
    tool_proficiencies: list[str] = []
    expertise: list[Skill] = []
    occupation: str | None = None
    archetype: str | None = None
    archetype_features: list[ChosenFeature] = []
    fighting_style: str | None = None
    ability_increases: list[AbilityIncrease] = []
    luck: LuckState = Field(default_factory=LuckState)
    inventory: Inventory = Field(default_factory=Inventory)
    spells_known: list[str] = []
    caster: CasterState = Field(default_factory=CasterState)  # R10, R11: depletion, disapproval
    cantrips: list[str] = []
    conditions: list[CharacterCondition] = []
    feats: list[str] = []  # trained feats (WDD Mounted Combat...)
    knight: KnightProfile | None = None  # the Melee Round's knight (R33)
    notes: Note = ""
    alive: bool = True
    # the group the GM put it in; None: not chosen, derived by groups.group_of,
    # and left out of the file so files without groups round-trip byte for byte
    group: CharacterGroup | None = Field(default=None, exclude_if=lambda v: v is None)

    @model_validator(mode="after")
    def _consistent(self) -> "Character":
        if (self.class_id is None) != (self.level == 0):
            raise ValueError("a 0-level character has no class, and a classed one is level 1+")
        if self.hit_dice > max_hit_dice(self.level):
            raise ValueError(f"{self.hit_dice} HD in the pool, but level {self.level} holds "
                             f"{max_hit_dice(self.level)} at most (R6)")
        scores = self.scores
        if self.hp <= self.max_hp and scores.STR.loss <= scores.STR.base \
                and scores.DEX.loss <= scores.DEX.base and scores.CON.loss <= scores.CON.base \
                and scores.INT.loss <= scores.INT.base and scores.WIS.loss <= scores.WIS.base \
                and scores.CHA.loss <= scores.CHA.base:
            return self  # the common sheet, in one test (a load runs this for every sheet)
        refusals: list[Refusal] = []
        if self.hp > self.max_hp:  # no rule heals above the maximum (rest.healed_hp)
            refusals.append((("hp",), f"current HP {self.hp} is above max HP {self.max_hp}",
                             self.hp))
        for ability in ABILITIES:
            score = self.scores.get(ability)
            if score.loss > score.base:  # R29: a loss takes the score to 0 at most (R22)
                refusals.append((("scores", ability.value, "loss"),
                                 f"{ability.value} has lost {score.loss} of a score of "
                                 f"{score.base}: a loss takes a score to 0 at most (R22, "
                                 "R29)", score.loss))
        if refusals:
            raise refused_at(type(self), refusals)
        return self

    # -- derived numbers -------------------------------------------------------------------

    def modifier(self, ability: Ability) -> int:
        """The R1 modifier of the effective score (after any injury loss, R29)."""
        return self.scores.modifier(ability)

    @property
    def prof(self) -> int:
        """PROF for the character's level (R6)."""
        return prof_bonus(self.level)

    @property
    def max_hit_dice(self) -> int:
        return max_hit_dice(self.level)

    @property
    def class_def(self) -> ClassDef | None:
        return get_class(self.class_id) if self.class_id else None

    def is_proficient(self, skill: Skill) -> bool:
        """R7: Expertise is two more proficient skills, so it counts like any other PROF."""
        return skill in self.skill_proficiencies or skill in self.expertise

    def hit_die_at(self, catalog: "Catalog", level: int) -> int:
        """The hit die for ``level``: the class's, or a feature's (the Barbarian's d12) from the
        level at which that feature was chosen (R3), the feature as ``catalog`` defines it.
        0-level characters have none: 1d4 HP."""
        cls = self.class_def
        if cls is None:
            raise ValueError(f"{self.name} has no class and so no hit die")
        die = cls.hit_die
        if self.archetype is not None:
            archetype = catalog.archetype(self.archetype)
            for chosen in sorted(self.archetype_features, key=lambda c: c.level):
                feature = archetype.feature(chosen.feature_id)
                if feature.hit_die is not None and chosen.level <= level:
                    die = feature.hit_die
        return die

    @property
    def can_level_up(self) -> bool:
        """R32: enough XP for the next level (the GM may level a character anyway)."""
        return self.level < MAX_LEVEL and self.xp >= xp_for_level(self.level + 1)

    @property
    def status(self) -> Status:
        """Alive, dying (R21) or dead (R22)."""
        return character_status(self)

    @property
    def death_threshold(self) -> int:
        """R22: dead at -(3 + LVL + CON) HP or below."""
        return self.death_threshold_breakdown().total

    def death_threshold_breakdown(self) -> Breakdown:
        """R22's -(3 + LVL + CON), part by part."""
        con = self.modifier(Ability.CON)
        return Breakdown((Part("base", -3, 22), Part("LVL", -self.level),
                          Part("CON" if con >= 0 else f"CON {signed(con)}, taken away", -con)))
