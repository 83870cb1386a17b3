"""The SPELLCHECK (R8): d20 + casting modifier + PROF, read on the Success Level table.

- The casting modifier is INT for a Magic-user and WIS for a Cleric; the caller passes the
  number (this module knows no character model).
- Bands come from ``resources/tables/spellcheck.json``: 11 or less fails; 12-15 level 1,
  16-20 level 2, 21-26 level 3, 27-31 level 4, 32-35 level 5, 36+ level 6 (WONDER, the GM's
  call). Spell dice: level 1 base (1d), 2 base+1d, 3 base+3d, 4 base+6d, 5 base+10d.
- The total must also reach the ROOM DC (shifted by EASY -3 / HARD +3, R7), or the spell fails
  whatever its level ("you need still reach the ROOM DC regardless the Success Level").
- Natural 20: 2×PROF more on the total ("triple your PROF") and +2d.
- Natural 1: a Magic-user's spell fails with a mishap (the spell's own table, else the General
  Mishap table); a Cleric's prayer fails with a disapproval instead (R10). For a Cleric any
  natural roll inside the disapproval range is a disapproval and fails the prayer, as in DCC
  (the range starts at 1, so a natural 1 always is).
- A Luck Die (R29, a d6 added after seeing the roll, see :func:`with_luck`) raises the total,
  but the Success Level band moves at most one step above the band before it (R8). The ROOM DC
  is checked against the full total. A Luck Die cannot undo a natural 1 (it adds to the total,
  the natural face stays 1), and only one Luck Die is spent on a roll.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING, Literal

from pydantic import ConfigDict, Field

from emberkeep.dice import Purpose, Roller, RollRecord, roll
from emberkeep.magic.mishaps import MishapResult, roll_mishap
from emberkeep.magic.spells import WONDER_LEVEL, Spell, SpellLevel
from emberkeep.records import record
from emberkeep.resources import load_model
from emberkeep.tables.base import RollTable, TableRow

if TYPE_CHECKING:  # optional_rules imports character, which imports magic: no runtime cycle
    from emberkeep.optional_rules.advantage import Advantage, AdvantageMode

# 5e's two dice (``optional_rules.advantage.d20_expression``), by the Advantage's value
_D20 = {"advantage": "2d20kh1", "disadvantage": "2d20kl1"}

__all__ = [
    "CRIT_EXTRA_DICE",
    "CRIT_PROF_MULTIPLE",
    "EASY",
    "HARD",
    "LUCK_MAX_LEVEL_STEP",
    "Caster",
    "FailureReason",
    "SpellcheckBand",
    "SpellcheckResult",
    "SpellcheckTable",
    "load_spellcheck_table",
    "spell_dice_count",
    "spellcheck",
    "spellcheck_modes",
    "spellcheck_words",
    "with_luck",
]

Caster = Literal["magic_user", "cleric"]
FailureReason = Literal["natural_1", "disapproval", "too_low", "room_dc", "spell_fails"]

EASY = -3  # R7: EASY takes 3 from the DC
HARD = 3  # R7: HARD adds 3 to the DC
CRIT_PROF_MULTIPLE = 2  # R8: a natural 20 adds 2×PROF more
CRIT_EXTRA_DICE = 2  # R8: ... and +2d
LUCK_MAX_LEVEL_STEP = 1  # R8/R29: a Luck Die moves the Success Level by at most one


class SpellcheckBand(TableRow):
    # built when first rolled on: no table of this module is read at start-up (bench/startup.py)
    model_config = ConfigDict(defer_build=True)

    level: int = Field(ge=0, le=WONDER_LEVEL)
    extra_dice: int | None = Field(default=None, ge=0)


class SpellcheckTable(RollTable[SpellcheckBand]):
    """The Success Level table, looked up by the SPELLCHECK *total* (``die`` is the d20)."""

    model_config = ConfigDict(defer_build=True)

    natural_one: str

    def band(self, total: int) -> SpellcheckBand:
        return self.lookup(total)

    def for_level(self, level: int) -> SpellcheckBand:
        for row in self.rows:
            if row.level == level:
                return row
        raise ValueError(f"the SPELLCHECK table has no Success Level {level}")


@cache
def load_spellcheck_table() -> SpellcheckTable:
    return load_model(SpellcheckTable, "tables", "spellcheck.json")


def spell_dice_count(level: int, *, base: int = 1, crit: bool = False) -> int | None:
    """Spell dice at a Success Level (R8): base + the band's extra dice, +2d on a natural 20.

    ``None`` for a failure (level 0) and for WONDER (level 6), which the GM adjudicates.
    """
    if level <= 0:
        return None
    extra = load_spellcheck_table().for_level(level).extra_dice
    if extra is None:
        return None
    return base + extra + (CRIT_EXTRA_DICE if crit else 0)


@record
class SpellcheckResult:
    """A resolved SPELLCHECK: the rolls as rolled, the level reached and why it failed, if so.

    ``band_level`` is the table's Success Level for the total (after the Luck Die cap);
    ``level`` is the level the spell takes effect at, 0 when it fails. ``spell_dice`` is
    ``None`` on a failure and at WONDER.
    """

    caster: Caster
    check: RollRecord
    ability_mod: int
    prof: int
    room_dc: int
    dc_shift: int
    crit_bonus: int
    band_level: int
    level: int
    spell_dice: int | None
    failure: FailureReason | None
    disapproval_range: int
    disapproval: bool
    mishap: MishapResult | None
    spell: Spell | None
    base_dice: int
    luck: RollRecord | None = None
    band_before_luck: int | None = None

    @property
    def natural(self) -> int:
        return self.check.kept[0]

    @property
    def dc(self) -> int:
        return self.room_dc + self.dc_shift

    @property
    def total(self) -> int:
        return self.check.total + self.crit_bonus + (self.luck.total if self.luck else 0)

    @property
    def success(self) -> bool:
        return self.failure is None

    @property
    def crit(self) -> bool:
        return self.natural == 20

    @property
    def wonder(self) -> bool:
        return self.level == WONDER_LEVEL

    @property
    def effect(self) -> SpellLevel | None:
        """The spell's effect text at the level reached (``None`` without a spell or on failure)."""
        if self.spell is None or self.level == 0:
            return None
        return self.spell.at(self.level)

    @property
    def rolls(self) -> tuple[RollRecord, ...]:
        """Every roll made, in order, for the log."""
        out = [self.check]
        if self.mishap is not None:
            out.append(self.mishap.record)
            if self.mishap.success_level is not None:
                out.append(self.mishap.success_level)
        if self.luck is not None:
            out.append(self.luck)
        return tuple(out)


def spellcheck(
    roller: Roller,
    *,
    caster: Caster,
    ability_mod: int,
    prof: int,
    room_dc: int,
    dc_shift: int = 0,
    spell: Spell | None = None,
    base_dice: int = 1,
    disapproval_range: int = 1,
    advantage: Advantage | None = None,
) -> SpellcheckResult:
    """Roll a SPELLCHECK (R8). ``dc_shift`` is :data:`EASY` or :data:`HARD` (R7) or 0.

    With ``spell`` the result carries its effect at the level reached, its own dice count and
    its own mishap table. ``disapproval_range`` is the Cleric's current range (R10).
    ``advantage`` rolls 2d20 and keeps the higher (disadvantage: the lower); the kept
    face is the natural (a natural 1 or 20, the Cleric's disapproval). A single GM-typed d20
    (purpose ``spellcheck``) under advantage is the kept face; a pair is both dice. See
    :func:`spellcheck_modes` for the campaign's advantage mode.
    """
    expr = _D20.get(str(advantage), "d20") if advantage else "d20"
    check = roll(expr, roller, modifier=ability_mod + prof, purpose=Purpose.SPELLCHECK)
    natural = check.kept[0]
    mishap = None
    # a spell with its own d6 texts (``Spell.mishaps``, the spell editor) and no table id: the
    # caller rolls them (``spells.roll_own_mishap``), not the General Mishap table
    own = spell is not None and bool(spell.mishaps) and spell.mishap_table is None
    if natural == 1 and caster == "magic_user" and not own:
        mishap = roll_mishap(roller, spell.mishap_table if spell else None)
    crit_bonus = CRIT_PROF_MULTIPLE * prof if natural == 20 else 0
    if spell is not None:
        base_dice = spell.base_dice
    # the result is made once, with its outcome (as ``_evaluate`` reads it off a result)
    band, level, dice, failure, disapproval = _outcome(
        caster, natural, check.total + crit_bonus, room_dc + dc_shift, disapproval_range,
        spell, base_dice, None)
    return SpellcheckResult(
        caster=caster, check=check, ability_mod=ability_mod, prof=prof, room_dc=room_dc,
        dc_shift=dc_shift, crit_bonus=crit_bonus, band_level=band, level=level,
        spell_dice=dice, failure=failure, disapproval_range=disapproval_range,
        disapproval=disapproval, mishap=mishap, spell=spell, base_dice=base_dice,
    )


def spellcheck_modes(dc_shift: int, advantage: Advantage | None = None, *,
                     rule_on: bool = False,
                     mode: AdvantageMode | None = None) -> tuple[int, Advantage]:
    """The SPELLCHECK's DC shift and advantage under the campaign's optional rule, as for
    attacks and saves (``encounter.d20``): with the rule on and mode ``instead`` an EASY
    becomes advantage and a HARD disadvantage (the DC stays the ROOM DC); ``beside`` (or the
    rule off) keeps the ±3 and rolls any advantage given on top (Furnace: "Use instead or next
    to HARD and EASY")."""
    # imported only where needed (an import here costs ~1 µs, and every cast asks): the
    # module cannot be imported at the top (optional_rules imports character, which imports
    # magic)
    if not advantage or (rule_on and dc_shift):
        from emberkeep.optional_rules.advantage import Advantage, AdvantageMode, combine_advantage

        advantage = advantage or Advantage.NONE
        if rule_on and mode is AdvantageMode.INSTEAD and dc_shift:
            moved = Advantage.ADVANTAGE if dc_shift < 0 else Advantage.DISADVANTAGE
            return 0, combine_advantage(advantage, moved)
    return dc_shift, advantage


def with_luck(result: SpellcheckResult, luck: RollRecord) -> SpellcheckResult:
    """The same SPELLCHECK with a spent Luck Die added (R29); the level moves at most one (R8).

    ``luck`` is the d6 as rolled (e.g. from ``emberkeep.character.luck.spend_luck_die`` or
    ``roll("d6", roller)``). A second Luck Die on the same roll is refused.
    """
    if result.luck is not None:
        raise ValueError("a Luck Die was already spent on this SPELLCHECK")
    return _evaluate(replace(result, luck=luck, band_before_luck=result.band_level))


def _evaluate(result: SpellcheckResult) -> SpellcheckResult:
    band, level, dice, failure, disapproval = _outcome(
        result.caster, result.natural, result.total, result.dc, result.disapproval_range,
        result.spell, result.base_dice, result.band_before_luck)
    return replace(result, band_level=band, level=level, spell_dice=dice, failure=failure,
                   disapproval=disapproval)


def _outcome(caster: Caster, natural: int, total: int, dc: int, disapproval_range: int,
             spell: Spell | None, base_dice: int, band_before_luck: int | None,
             ) -> tuple[int, int, int | None, FailureReason | None, bool]:
    """The band, the level reached, the spell dice, why it failed and whether the god
    disapproves, for a SPELLCHECK with this natural and total (see the module notes)."""
    band = load_spellcheck_table().band(total).level
    if band_before_luck is not None:
        band = min(band, band_before_luck + LUCK_MAX_LEVEL_STEP)
    disapproval = caster == "cleric" and natural <= disapproval_range
    failure: FailureReason | None = None
    if natural == 1 and caster == "magic_user":
        failure = "natural_1"
    elif disapproval:
        failure = "disapproval"
    elif band == 0:
        failure = "too_low"
    elif total < dc:
        failure = "room_dc"
    elif spell is not None and spell.at(band).fails:
        failure = "spell_fails"
    level = band if failure is None else 0
    dice: int | None = None
    crit = natural == 20
    if spell is not None and level:
        noted = spell.at(level).dice
        dice = None if noted is None else noted + (CRIT_EXTRA_DICE if crit else 0)
    elif level:
        dice = spell_dice_count(level, base=base_dice, crit=crit)
    return band, level, dice, failure, disapproval


# --- the outcome in words, as a GM reads it at the table ----------------------------------

# R9: what a spell's dice are, by its kind
_DIE_FOR = {"effect": "effect or duration", "ranged": "ranged damage", "melee": "melee damage"}


def _signed(value: int) -> str:
    return f"+ {value}" if value >= 0 else f"- {-value}"


def _rolled(result: SpellcheckResult) -> str:
    """"Rolled 7 + 3 SPELLCHECK = 10 against DC 12": the d20, then each thing added."""
    check = result.check
    face = f"{result.natural}"
    if len(check.faces) > 1:  # advantage: both dice, the kept one first
        keep = "higher" if "kh" in check.expression else "lower"
        face += f" (2d20, the {keep} of {', '.join(str(f) for f in check.faces)})"
    if check.typed:
        face += " (typed)"
    parts = [f"Rolled {face}"]
    if check.modifier:
        parts.append(f"{_signed(check.modifier)} SPELLCHECK")
    if result.crit_bonus:
        parts.append(f"+ {result.crit_bonus} for the natural 20 (2 × PROF)")
    if result.luck is not None:
        parts.append(f"+ {result.luck.total} Luck Die")
    dc = f"DC {result.dc}"
    if result.dc_shift:
        dc += (f" (ROOM DC {result.room_dc}, "
               f"{'HARD' if result.dc_shift > 0 else 'EASY'})")
    return " ".join(parts) + f" = {result.total} against {dc}"


def _failure(result: SpellcheckResult) -> str:
    name = result.spell.name if result.spell is not None else "the spell"
    if result.failure == "natural_1":
        return "A natural 1: the spell fails with a MISHAP."
    if result.failure == "disapproval":
        return (f"A natural {result.natural} is within the disapproval range "
                f"1-{result.disapproval_range}: the prayer fails and the god disapproves "
                "(R10); the GM rules on it.")
    if result.failure == "too_low":
        return "11 or less reaches no Success Level."
    if result.failure == "room_dc":
        return (f"{result.total} would be Success Level {result.band_level}, but it is below "
                f"the DC: {name} fails whatever its level (R8).")
    if result.failure == "spell_fails" and result.spell is not None:
        return (f"{name} does nothing at Success Level {result.band_level}: "
                f"{_one_line(result.spell.at(result.band_level).text)}")
    return "The spell fails."


def _one_line(text: str) -> str:
    return "; ".join(line.strip() for line in text.splitlines() if line.strip())


def _spell_dice(result: SpellcheckResult) -> str | None:
    """What the spell dice are and what they go to (R8, R9): the level's text spends its own;
    a natural 20's two more are the caster's to add to the effect."""
    spell, dice = result.spell, result.spell_dice
    if spell is None or dice is None:
        return None
    dice_of = f"Spell dice: {dice} × {spell.die} ({_DIE_FOR.get(spell.kind, spell.kind)})"
    if not result.crit:
        return f"{dice_of}, spent as the line above says."
    own = dice - CRIT_EXTRA_DICE
    return (f"{dice_of}: {own} spent as the line above says, and {CRIT_EXTRA_DICE} more for "
            "the natural 20 (R8) to add to the effect: more damage, a longer duration or a "
            "wider area, as the GM and the caster agree.")


def spellcheck_words(result: SpellcheckResult) -> list[str]:
    """The SPELLCHECK as a GM reads it out: what was rolled and against what, whether it
    succeeds and at which Success Level, what the spell does there, what its spell dice are
    for, and on a failure why (a mishap's row, a disapproval)."""
    if result.success:
        verdict = ("WONDER, Success Level 6: the GM rules what happens (R8)" if result.wonder
                   else f"succeeds at Success Level {result.level}")
    else:
        verdict = "fails"
    lines = [f"{_rolled(result)}: {verdict}."]
    if result.luck is not None and result.band_before_luck is not None \
            and result.band_level < load_spellcheck_table().band(result.total).level:
        lines.append(f"The Luck Die moves the Success Level one step at most (R8): from "
                     f"{result.band_before_luck} to {result.band_level}.")
    if result.success:
        effect = result.effect
        if effect is not None and result.spell is not None:
            lines.append(f"{result.spell.name} at Success Level {result.level}: "
                         f"{_one_line(effect.text)}")
        dice = _spell_dice(result)
        if dice is not None:
            lines.append(dice)
    else:
        lines.append(_failure(result))
    if result.mishap is not None:
        lines.append(f"Mishap, {result.mishap.record.expression} rolled "
                     f"{result.mishap.record.total}: {result.mishap.row.text}")
    return lines
