"""CHECKs and SAVEs (R7): d20 + ability modifier + PROF (if proficient) against the ROOM DC.

EASY takes 3 from the DC and HARD adds 3 (ICRPG). When both apply they cancel, and several of
the same kind count once, as advantage and disadvantage do in 5e (the text gives no stacking).
Success is meeting or beating the DC. A Luck Die (R29) is added after the roll is seen:
:meth:`CheckResult.with_luck` returns the same check with the d6 added.

A character's archetype features add their EASY/HARD ("Intimidation CHECKS are EASY",
"SAVE vs. magical EFFECTS are EASY" when the caller names the ``magic`` context) to what the
caller gives, combined by the same rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal

from emberkeep.character.abilities import Ability
from emberkeep.character.archetype_effects import chosen_effects, roll_difficulty
from emberkeep.character.condition_modes import condition_modes
from emberkeep.character.difficulty import EASY_HARD_SHIFT, Difficulty, combine_difficulty
from emberkeep.character.feature_effects import RollDifficulty
from emberkeep.character.races import get_race
from emberkeep.character.skills import SKILL_ABILITY, Skill, skill_name
from emberkeep.dice import Purpose, Roller, RollRecord, roll
from emberkeep.optional_rules.advantage import Advantage, AdvantageMode, combine_advantage

if TYPE_CHECKING:
    from emberkeep.character.catalog import Catalog
    from emberkeep.character.model import Character

__all__ = [
    "EASY_HARD_SHIFT",
    "CheckRequest",
    "CheckResult",
    "Difficulty",
    "Why",
    "ability_check",
    "character_check",
    "check_reasons",
    "combine_difficulty",
    "condition_reasons",
    "feature_reasons",
    "proficient_in",
    "race_reason",
    "resolve_check",
    "saving_throw",
    "skill_check",
    "translate",
]

_NORMAL, _EASY, _HARD = Difficulty.NORMAL, Difficulty.EASY, Difficulty.HARD

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


# --- one check or save of a character, with every source of EASY/HARD named ----

RollType = Literal["ability", "skill", "save"]


@dataclass(frozen=True, slots=True)
class CheckRequest:
    """What the GM asks for: an ability CHECK, a skill CHECK or a SAVE against ``dc`` (the
    ROOM DC or a typed one), with the GM's own EASY/HARD. ``situation``: the race's EASY
    situation applies ("when searching for hidden objects", R2); ``contexts``: what the roll is
    against (``magic`` for the Trickster's "SAVE vs. magical EFFECTS are EASY")."""

    kind: RollType
    ability: Ability
    dc: int
    skill: Skill | None = None
    difficulty: Difficulty = Difficulty.NORMAL
    situation: bool = False
    contexts: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if (self.kind == "skill") != (self.skill is not None):
            raise ValueError("a skill CHECK names its skill, and only a skill CHECK does")

    @property
    def check_kind(self) -> CheckKind:
        return "save" if self.kind == "save" else "check"

    @property
    def keys(self) -> tuple[str, ...]:
        """The condition keys this roll answers to (``HARD:all``, ``EASY:medicine``, R21)."""
        keys: tuple[str, ...] = (self.ability.value, self.check_kind)
        if self.skill is Skill.PERCEPTION:
            # Lingering injury 3: "Perception that rely on sight ... are HARD" (HARD:sight);
            # read as every Perception check, as BLINDED's "sight checks" are (R28)
            return (*keys, self.skill.value, "sight")
        return (*keys, self.skill.value) if self.skill is not None else keys

    def label(self) -> str:
        kind = "SAVE" if self.kind == "save" else "CHECK"
        if self.skill is not None:
            return f"{self.ability.value} ({skill_name(self.skill)}) {kind}"
        return f"{self.ability.value} {kind}"


@dataclass(frozen=True, slots=True)
class Why:
    """One thing that makes a roll EASY or HARD, named for the preview and the log."""

    difficulty: Difficulty
    reason: str

    def __str__(self) -> str:
        return f"{self.difficulty.value.upper()}: {self.reason}"


# R28: what each condition does to a CHECK or SAVE. BLINDED's "sight checks" are read as
# Perception (the only skill that is about seeing); FRIGHTENED's "checks" are CHECKs, not
# SAVEs; WEAK names STR checks and STR saves.
def condition_reasons(names: Iterable[str], request: CheckRequest) -> list[Why]:
    """EASY/HARD from the conditions a character carries (R28, and R21's ``MODE:key``
    conditions such as the injuries' "All CHECKs are HARD until rest")."""
    found: list[Why] = []
    for name in names:
        if name == "FRIGHTENED" and request.kind != "save":
            found.append(Why(_HARD, "FRIGHTENED: checks are HARD (R28)"))
        elif name == "WEAK" and request.ability is Ability.STR:
            found.append(Why(_HARD, "WEAK: STR checks and saves are HARD (R28)"))
        elif name == "BLINDED" and request.skill is Skill.PERCEPTION:
            found.append(Why(_HARD, "BLINDED: sight checks are HARD (R28)"))
        elif ":" in name:
            own, _advantage = condition_modes((name,), request.keys)
            if own is not _NORMAL:
                found.append(Why(own, f"condition {name} (R21)"))
    return found


def race_reason(character: Character, request: CheckRequest) -> Why | None:
    """The race's EASY CHECK (R2: "Perception CHECKS are EASY, when searching for hidden
    objects") when the GM says its situation applies. Only CHECKs, never SAVEs."""
    if not request.situation or request.kind == "save":
        return None
    try:
        easy = get_race(character.race).easy_check
    except ValueError:
        return None  # a race the campaign no longer defines: nothing to add
    if easy is None:
        return None
    if (request.skill is not None and request.skill in easy.skills) or \
            easy.ability is request.ability:
        return Why(_EASY, f"race: EASY {easy.situation}")
    return None


def feature_reasons(character: Character, catalog: Catalog,
                    request: CheckRequest) -> list[Why]:
    """The archetype features' EASY/HARD on this roll, each by its feature's name (the
    Bloodshaman's "Medicine CHECKS are EASY", the Trickster's EASY SAVEs vs magic)."""
    contexts = frozenset(request.contexts)
    return [Why(Difficulty(effect.difficulty), f"feature: {feature.name}")
            for feature, effect in chosen_effects(character, catalog)
            if isinstance(effect, RollDifficulty)
            and effect.matches(request.check_kind, skill=request.skill,
                               ability=request.ability, contexts=contexts)]


def check_reasons(character: Character, catalog: Catalog, request: CheckRequest,
                  conditions: Iterable[str] | None = None) -> list[Why]:
    """Every EASY and HARD on this roll, named: the GM's, the conditions' (``conditions``:
    names the caller gives, e.g. a combatant's; by default the sheet's lasting ones), the
    race's and the features'. :func:`combine_difficulty` nets them (R7)."""
    found: list[Why] = []
    if request.difficulty is not _NORMAL:
        found.append(Why(request.difficulty, "the GM"))
    if conditions is None:
        conditions = [x.name for x in character.conditions]
    found += condition_reasons(conditions, request)
    race = race_reason(character, request)
    if race is not None:
        found.append(race)
    found += feature_reasons(character, catalog, request)
    return found


def proficient_in(character: Character, request: CheckRequest) -> bool:
    """R7: PROF on a skill CHECK the character is PROF in (Expertise counts the same) and on
    its class save and chosen save; never on a raw ability CHECK."""
    if request.kind == "save":
        return request.ability in character.save_proficiencies
    return request.skill is not None and character.is_proficient(request.skill)


def character_check(character: Character, catalog: Catalog, request: CheckRequest,
                    roller: Roller, *, conditions: Iterable[str] | None = None
                    ) -> tuple[CheckResult, list[Why]]:
    """Roll ``request`` for ``character`` (d20 + ability + PROF vs the DC, R7) with everything
    that makes it EASY or HARD; returns the result and the reasons, for the preview."""
    reasons = check_reasons(character, catalog, request, conditions)
    difficulty = combine_difficulty(*(w.difficulty for w in reasons))
    result = resolve_check(
        roller, ability=request.ability, ability_mod=character.modifier(request.ability),
        prof_bonus=character.prof, proficient=proficient_in(character, request),
        room_dc=request.dc, difficulty=difficulty, skill=request.skill,
        kind=request.check_kind)
    return result, reasons
