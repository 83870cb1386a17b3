"""CHECKs and SAVEs (R7): d20 + ability modifier + PROF (if proficient) against the ROOM DC.

EASY takes 3 from the DC and HARD adds 3 (ICRPG). When both apply they cancel, and several of
the same kind count once, as advantage and disadvantage do in 5e (the text gives no stacking).
Success is meeting or beating the DC. A Luck Die (R29) is added after the roll is seen:
:meth:`CheckResult.with_luck` returns the same check with the d6 added.

A character's archetype features add their EASY/HARD (issue #12: "Intimidation CHECKS are EASY",
"SAVE vs. magical EFFECTS are EASY" when the caller names the ``magic`` context) to what the
caller gives, combined by the same rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Literal

from emberkeep.character.abilities import Ability
from emberkeep.character.skills import SKILL_ABILITY, Skill, skill_name
from emberkeep.dice import Purpose, Roller, RollRecord, roll
from emberkeep.optional_rules.advantage import Advantage, AdvantageMode, combine_advantage

if TYPE_CHECKING:
    from emberkeep.character.catalog import Catalog
    from emberkeep.character.model import Character

__all__ = [
    "EASY_HARD_SHIFT",
    "CheckResult",
    "Difficulty",
    "ability_check",
    "combine_difficulty",
    "resolve_check",
    "saving_throw",
    "skill_check",
    "translate",
]

EASY_HARD_SHIFT = 3


class Difficulty(StrEnum):
    NORMAL = "normal"
    EASY = "easy"
    HARD = "hard"

    @property
    def dc_shift(self) -> int:
        """EASY takes 3 from the DC, HARD adds 3 (R7)."""
        return _DC_SHIFT[self]


# Read on every ATK, CHECK and SAVE of a fight (~15 times each a fight): module names, not
# the enum class's attributes, and the shifts in a table.
_NORMAL, _EASY, _HARD = Difficulty.NORMAL, Difficulty.EASY, Difficulty.HARD
_DC_SHIFT = {_NORMAL: 0, _EASY: -EASY_HARD_SHIFT, _HARD: EASY_HARD_SHIFT}


def combine_difficulty(*difficulties: Difficulty) -> Difficulty:
    """Net difficulty of everything that applies: EASY and HARD cancel, repeats do not stack."""
    easy = _EASY in difficulties
    hard = _HARD in difficulties
    if easy == hard:
        return _NORMAL
    return _EASY if easy else _HARD


CheckKind = Literal["check", "save"]


@dataclass(frozen=True, slots=True)
class CheckResult:
    """A resolved CHECK or SAVE, with the d20 roll as rolled (its modifier is ability + PROF)."""

    kind: CheckKind
    ability: Ability
    skill: Skill | None
    roll: RollRecord
    ability_mod: int
    prof: int
    room_dc: int
    difficulty: Difficulty
    luck: RollRecord | None = None

    @property
    def dc(self) -> int:
        return self.room_dc + self.difficulty.dc_shift

    @property
    def natural(self) -> int | None:
        return self.roll.natural

    @property
    def total(self) -> int:
        return self.roll.total + (self.luck.total if self.luck is not None else 0)

    @property
    def success(self) -> bool:
        return self.total >= self.dc

    def with_luck(self, luck: RollRecord) -> CheckResult:
        """The same check with a spent Luck Die added (R29); only one die per roll."""
        if self.luck is not None:
            raise ValueError("a Luck Die was already added to this roll (one die per use, R29)")
        return replace(self, luck=luck)

    def describe(self) -> str:
        what = skill_name(self.skill) if self.skill else self.ability.value
        label = f"{self.ability.value} ({what})" if self.skill else what
        kind = "SAVE" if self.kind == "save" else "CHECK"
        diff = f" {self.difficulty.value.upper()}" if self.difficulty is not Difficulty.NORMAL \
            else ""
        luck = f" + luck {self.luck.total}" if self.luck else ""
        outcome = "success" if self.success else "failure"
        return (f"{label} {kind}{diff}: {self.roll.describe()}{luck} = {self.total} "
                f"vs DC {self.dc}: {outcome}")


def resolve_check(
    roller: Roller,
    *,
    ability: Ability,
    ability_mod: int,
    prof_bonus: int,
    proficient: bool,
    room_dc: int,
    difficulty: Difficulty = Difficulty.NORMAL,
    skill: Skill | None = None,
    kind: CheckKind = "check",
) -> CheckResult:
    """Roll d20 + ability modifier + PROF (if proficient) against the ROOM DC (R7); a GM's
    typed d20 is found under ``check`` or ``save`` (``kind``)."""
    prof = prof_bonus if proficient else 0
    record = roll("d20", roller, modifier=ability_mod + prof,
                  purpose=Purpose.SAVE if kind == "save" else Purpose.CHECK)
    return CheckResult(kind, ability, skill, record, ability_mod, prof, room_dc, difficulty)


def skill_check(
    character: Character,
    catalog: Catalog,
    skill: Skill,
    room_dc: int,
    roller: Roller,
    *,
    difficulty: Difficulty = Difficulty.NORMAL,
    ability: Ability | None = None,
    contexts: Iterable[str] = (),
) -> CheckResult:
    """A skill CHECK with the skill's ability (or another the GM names, e.g. STR Intimidation)."""
    from emberkeep.character.archetype_effects import roll_difficulty

    used = ability or SKILL_ABILITY[skill]
    difficulty = combine_difficulty(difficulty, roll_difficulty(
        character, catalog, "check", skill=skill, ability=used, contexts=contexts))
    return resolve_check(
        roller, ability=used, ability_mod=character.modifier(used), prof_bonus=character.prof,
        proficient=character.is_proficient(skill), room_dc=room_dc, difficulty=difficulty,
        skill=skill)


def ability_check(
    character: Character,
    ability: Ability,
    room_dc: int,
    roller: Roller,
    *,
    difficulty: Difficulty = Difficulty.NORMAL,
) -> CheckResult:
    """A raw ability CHECK: no skill, so no PROF."""
    return resolve_check(
        roller, ability=ability, ability_mod=character.modifier(ability),
        prof_bonus=character.prof, proficient=False, room_dc=room_dc, difficulty=difficulty)


def saving_throw(
    character: Character,
    catalog: Catalog,
    ability: Ability,
    room_dc: int,
    roller: Roller,
    *,
    difficulty: Difficulty = Difficulty.NORMAL,
    contexts: Iterable[str] = (),
) -> CheckResult:
    """A SAVE: PROF is added for the class save and the chosen one (R7)."""
    from emberkeep.character.archetype_effects import roll_difficulty

    difficulty = combine_difficulty(difficulty, roll_difficulty(
        character, catalog, "save", ability=ability, contexts=contexts))
    return resolve_check(
        roller, ability=ability, ability_mod=character.modifier(ability),
        prof_bonus=character.prof, proficient=ability in character.save_proficiencies,
        room_dc=room_dc, difficulty=difficulty, kind="save")


def translate(difficulty: Difficulty, advantage: Advantage,
              mode: AdvantageMode) -> tuple[Difficulty, Advantage]:
    """What a roll uses under the campaign's mode: ``instead`` turns EASY into advantage and
    HARD into disadvantage (then combined with what the GM gave); ``beside`` keeps both."""
    if mode is AdvantageMode.BESIDE or difficulty is Difficulty.NORMAL:
        return difficulty, advantage
    moved = Advantage.ADVANTAGE if difficulty is Difficulty.EASY else Advantage.DISADVANTAGE
    return Difficulty.NORMAL, combine_advantage(advantage, moved)
