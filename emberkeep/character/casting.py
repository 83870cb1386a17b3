"""Casting's rules for a character, the same in a fight and from the sheet.

The fight (``encounter.casting``) and the sheet's Cast dialog both ask here, so archetype
features move a SPELLCHECK and the depletion SAVE on the sheet as they do in a fight:

- SPELLCHECK (R8): d20 + INT (Magic-user) or WIS (Cleric) + PROF (``bonuses.spellcheck_bonus``);
  its EASY/HARD is the GM's, the archetype features' (with the "scroll" context when read from a
  scroll) and the caster's own conditions (R21: "All CHECKs are HARD until rest"),
  combined by R7 (they cancel, repeats count once); then the campaign's advantage rule.
- Spell Depletion (R10, R29): the INT SAVE is the character's SAVE (``bonuses.save_bonus``)
  with the features' EASY/HARD on an INT SAVE and the caster's own conditions.
- Lay on Hands (R11): the HD are the target's, at most its level a day; each heals what its die
  shows (R29). A 0-level target has no hit die of its own: its d4 is the 1d4 of its HP (R5).
  Healing never lowers HP a GM's hand put above the maximum.
- A character's conditions are ``MODE:key`` names (``HARD:all``, ``ADVANTAGE:spellcheck``,
  R21): :mod:`emberkeep.character.condition_modes` reads them, for a combatant and a sheet.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from emberkeep.character.abilities import Ability
from emberkeep.character.archetype_effects import roll_difficulty
from emberkeep.character.bonuses import CASTING_ABILITY, caster_kind, save_bonus
from emberkeep.character.condition_modes import Modes, condition_modes
from emberkeep.character.difficulty import Difficulty, combine_difficulty
from emberkeep.character.rest import healed_hp, hit_die_of
from emberkeep.character.scrolls import scroll_caster
from emberkeep.dice import Roller
from emberkeep.magic.lay_on_hands import LayOnHandsResult, heal_with_hit_dice, lay_on_hands_check
from emberkeep.magic.limits import CastingBarred, DepletionSaveResult, depletion_save
from emberkeep.magic.spellcheck import Caster, SpellcheckResult, spellcheck, spellcheck_modes
from emberkeep.magic.spells import Spell
from emberkeep.optional_rules.advantage import Advantage, AdvantageMode, combine_advantage

if TYPE_CHECKING:
    from emberkeep.character.catalog import Catalog
    from emberkeep.character.model import Character

__all__ = [
    "DEPLETION_KEYS",
    "Modes",
    "cast_spell",
    "condition_modes",
    "depletion_difficulty",
    "heal_target",
    "lay_on_hands",
    "roll_depletion_save",
    "sheet_modes",
    "spellcheck_dice",
    "spellcheck_keys",
    "spellcheck_shift",
]

DEPLETION_KEYS = (Ability.INT.value, "save")
_SCROLL = ("scroll",)


def sheet_modes(character: Character, keys: Iterable[str]) -> Modes:
    """The sheet's own lasting conditions (what a fight's combatant would carry, R21)."""
    return condition_modes((x.name for x in character.conditions if x.lasts != "removed"), keys)


def spellcheck_keys(kind: Caster) -> tuple[str, str]:
    """The condition keys a SPELLCHECK answers to (``HARD:INT``, ``DISADVANTAGE:spellcheck``)."""
    return CASTING_ABILITY[kind].value, "spellcheck"


def spellcheck_shift(character: Character, catalog: Catalog, gm_shift: int, *,
                     scroll: bool = False,
                     own: Difficulty = Difficulty.NORMAL) -> int:
    """The SPELLCHECK's EASY/HARD as a DC shift: the GM's, the features' and the caster's."""
    gm = (Difficulty.EASY if gm_shift < 0 else Difficulty.HARD if gm_shift > 0
          else Difficulty.NORMAL)
    features = roll_difficulty(character, catalog, "spellcheck", contexts=_SCROLL if scroll else ())
    return combine_difficulty(gm, features, own).dc_shift


def spellcheck_dice(character: Character, catalog: Catalog, gm_shift: int,
                    gm_advantage: Advantage, own: Modes, *, scroll: bool = False,
                    rule_on: bool = False,
                    mode: AdvantageMode | None = None) -> tuple[int, Advantage]:
    """The SPELLCHECK's DC shift and advantage under the campaign's advantage rule."""
    shift = spellcheck_shift(character, catalog, gm_shift, scroll=scroll, own=own[0])
    return spellcheck_modes(shift, combine_advantage(gm_advantage, own[1]), rule_on=rule_on,
                            mode=mode)


def depletion_difficulty(character: Character, catalog: Catalog,
                         own: Difficulty = Difficulty.NORMAL,
                         gm: Difficulty = Difficulty.NORMAL) -> Difficulty:
    """R10's INT SAVE: the features' EASY/HARD on an INT SAVE, the caster's and the GM's."""
    return combine_difficulty(gm, own,
                              roll_difficulty(character, catalog, "save", ability=Ability.INT))


def heal_target(check: SpellcheckResult, target: Character, catalog: Catalog,
                roller: Roller) -> LayOnHandsResult:
    """R11: spend the target's HD the check grants, within its pool and its level a day."""
    return heal_with_hit_dice(check, roller, target_level=target.level,
                              hd_available=target.hit_dice, hit_die=hit_die_of(target, catalog),
                              healed_today=target.caster.healed_hd_today)


# --- from the sheet: each changes the characters it is given (the caller keeps the copies) ---

def _gm(dc_shift: int) -> Difficulty:
    return Difficulty.EASY if dc_shift < 0 else Difficulty.HARD if dc_shift > 0 \
        else Difficulty.NORMAL


def cast_spell(character: Character, catalog: Catalog, spell: Spell, roller: Roller, *,
               room_dc: int,
               dc_shift: int = 0, advantage: Advantage = Advantage.NONE,
               rule_on: bool = False, mode: AdvantageMode | None = None,
               scroll: bool = False) -> SpellcheckResult:
    """A SPELLCHECK out of a fight; records it on ``character.caster`` (R10's count, the
    disapproval range). Refused (:class:`CastingBarred`) while barred or a SAVE is due. From a
    ``scroll`` a reader of arcane scrolls casts as a Magic-user (``scrolls``)."""
    kind = scroll_caster(character, catalog) if scroll else caster_kind(character)
    if kind is None:
        raise ValueError(f"{character.name} casts no spells")
    state = character.caster
    if state.barred_until_long_rest:
        raise CastingBarred("casting is barred until a long rest (failed depletion SAVE)")
    if state.depletion_save_due:
        raise CastingBarred("Spell Depletion: roll the INT SAVE before casting again")
    shift, adv = spellcheck_dice(character, catalog, dc_shift, advantage,
                                 sheet_modes(character, spellcheck_keys(kind)), scroll=scroll,
                                 rule_on=rule_on, mode=mode)
    result = spellcheck(roller, caster=kind,
                        ability_mod=character.modifier(CASTING_ABILITY[kind]),
                        prof=character.prof, room_dc=room_dc, dc_shift=shift, spell=spell,
                        disapproval_range=state.disapproval_range, advantage=adv)
    character.caster = state.record_spellcheck(result)
    return result


def lay_on_hands(cleric: Character, target: Character, catalog: Catalog, roller: Roller, *,
                 room_dc: int,
                 dc_shift: int = 0, advantage: Advantage = Advantage.NONE,
                 rule_on: bool = False, mode: AdvantageMode | None = None) -> LayOnHandsResult:
    """R11 out of a fight: the Cleric's SPELLCHECK, then the target's HD; changes both sheets
    (the same object when the Cleric heals itself)."""
    if caster_kind(cleric) != "cleric":
        raise ValueError(f"{cleric.name} has no Lay on Hands (a Cleric's)")
    shift, adv = spellcheck_dice(cleric, catalog, dc_shift, advantage,
                                 sheet_modes(cleric, spellcheck_keys("cleric")),
                                 rule_on=rule_on, mode=mode)
    check = lay_on_hands_check(roller, wis_mod=cleric.modifier(Ability.WIS), prof=cleric.prof,
                               room_dc=room_dc, dc_shift=shift,
                               disapproval_range=cleric.caster.disapproval_range,
                               advantage=adv)
    cleric.caster = cleric.caster.record_spellcheck(check)
    healed = heal_target(check, target, catalog, roller)
    if healed.hd_spent:
        target.hit_dice -= healed.hd_spent
        target.caster = target.caster.record_healed(healed.hd_spent)
        target.hp = healed_hp(target.hp, target.max_hp, healed.healed)
    return healed


def roll_depletion_save(character: Character, catalog: Catalog, roller: Roller, *,
                        room_dc: int,
                        dc_shift: int = 0) -> DepletionSaveResult:
    """R10 out of a fight: the INT SAVE; records its outcome on ``character.caster``."""
    own, _advantage = sheet_modes(character, DEPLETION_KEYS)
    difficulty = depletion_difficulty(character, catalog, own, _gm(dc_shift))
    save = depletion_save(roller, save_bonus=save_bonus(character, Ability.INT),
                          room_dc=room_dc, dc_shift=difficulty.dc_shift)
    character.caster = character.caster.after_depletion_save(save)
    return save
