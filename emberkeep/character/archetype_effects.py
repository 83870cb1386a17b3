"""What a character's archetype features change, for the sheet and the encounter engine.

Every answer here is read from the typed effects of the features the character took
(:mod:`emberkeep.character.feature_effects`), so a feature the GM writes in the archetype editor
works on the sheet and in a fight without code: no rule asks for a feature by name or id.

A toggled state (Rage) is "on" while the character carries a condition of that name (a
:class:`~emberkeep.character.sheet_conditions.CharacterCondition` on the sheet, which the engine
changes by events like any other field), so the sheet and the fight read the same switch. A
feature on the sheet counts (its level matters only to the hit die's history, R3, which the sheet
keeps).

Each function is given the campaign's :class:`~emberkeep.character.catalog.Catalog`: the
features are the campaign's archetypes' (the GM's own over the shipped).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Literal, TypeVar

from emberkeep.breakdown import Part
from emberkeep.character.abilities import Ability
from emberkeep.character.archetypes import ArchetypeFeature
from emberkeep.character.difficulty import Difficulty, combine_difficulty
from emberkeep.character.feature_effects import (
    AllyAttackEasy,
    AttackAbility,
    CritRange,
    ExtraSpells,
    HpToDamage,
    Immunity,
    MagicalWeapons,
    Reroll,
    RollDifficulty,
    RollKind,
    ToggledState,
    WeaponProficiency,
)
from emberkeep.character.sheet_conditions import CharacterCondition
from emberkeep.character.skills import Skill

if TYPE_CHECKING:
    from emberkeep.character.catalog import Catalog
    from emberkeep.character.model import Character

__all__ = [
    "TOGGLE_SOURCE",
    "active_toggles",
    "ally_easy_uses",
    "attack_ability_choice",
    "attack_modifier",
    "chosen_effects",
    "crit_low",
    "easy_skills",
    "effects_of",
    "extra_cantrips",
    "extra_spells_known",
    "hp_to_damage",
    "immune_to",
    "reroll_uses",
    "roll_difficulty",
    "set_toggle",
    "toggle_ac",
    "toggle_attack",
    "toggle_damage",
    "toggle_parts",
    "toggles",
    "use_key",
    "weapon_proficient",
    "weapons_magical",
]

E = TypeVar("E")
TOGGLE_SOURCE = "archetype feature"  # the CharacterCondition.source of a switched-on state


def chosen_effects(character: Character,
                   catalog: Catalog) -> Iterator[tuple[ArchetypeFeature, object]]:
    """Each (feature, effect) of the features the character has taken, up to its level.

    An archetype or feature the campaign no longer defines is skipped: a sheet stays readable
    after the GM deletes a custom archetype (the editor warns before that)."""
    if character.archetype is None or not character.archetype_features:
        return
    archetype = catalog.find_archetype(character.archetype)
    if archetype is None:
        return
    by_id = {f.id: f for f in archetype.features}
    for chosen in character.archetype_features:
        feature = by_id.get(chosen.feature_id)
        if feature is None:
            continue
        for effect in feature.effects:
            yield feature, effect


def effects_of(character: Character, catalog: Catalog, kind: type[E]) -> list[E]:
    """The character's effects of one shape."""
    if not character.archetype_features:  # none taken (asked ~12 times a fight): no generator
        return []
    return [e for _, e in chosen_effects(character, catalog) if isinstance(e, kind)]


def use_key(feature: ArchetypeFeature) -> str:
    """The entry a once-a-fight use leaves in ``Combatant.used``."""
    return f"feature:{feature.id}"


# --- attacks ----------------------------------------------------------------------------

def crit_low(character: Character, catalog: Catalog, melee: bool) -> int:
    """The lowest natural d20 that crits (20, or 19 with "Melee CRIT range 19-20"; R15)."""
    lows = [e.low for e in effects_of(character, catalog, CritRange)
            if melee or not e.melee_only]
    return min([20, *lows]) if lows else 20


def attack_modifier(character: Character, catalog: Catalog, usual: int, *, melee: bool) -> int:
    """The ability modifier for an ATK: the usual one, or a better one a feature allows
    (Arcane strike: "Can use INT for ATK")."""
    best = usual
    for e in effects_of(character, catalog, AttackAbility):
        if (melee and e.melee) or (not melee and e.ranged):
            best = max(best, character.modifier(e.ability))
    return best


def attack_ability_choice(character: Character, catalog: Catalog, usual: Ability, *,
                          melee: bool) -> tuple[Ability, ArchetypeFeature | None]:
    """The ability an ATK adds and the feature that allows it (None: the usual one), for the
    sheet to say "INT (Arcane strike)"; its modifier is :func:`attack_modifier`'s."""
    best, best_mod, by = usual, character.modifier(usual), None
    if not character.archetype_features:  # nothing taken (every attack asks)
        return best, by
    for feature, e in chosen_effects(character, catalog):
        if isinstance(e, AttackAbility) and ((melee and e.melee) or (not melee and e.ranged)):
            mod = character.modifier(e.ability)
            if mod > best_mod:
                best, best_mod, by = e.ability, mod, feature
    return best, by


def weapon_proficient(character: Character, catalog: Catalog, category: str, *,
                      melee: bool) -> bool:
    """Whether a feature gives PROF with this weapon category ("a martial melee weapon")."""
    return any(e.category == category and (melee or not e.melee_only)
               for e in effects_of(character, catalog, WeaponProficiency))


def weapons_magical(character: Character, catalog: Catalog) -> bool:
    """"Weapon counts as magical" (R26: such a weapon may dent and break magical gear)."""
    return bool(effects_of(character, catalog, MagicalWeapons))


def reroll_uses(character: Character, catalog: Catalog,
                roll: RollKind = "attack") -> list[tuple[ArchetypeFeature, int]]:
    """Features that reroll a d20 of this kind, each with its uses per fight (Chosen one)."""
    return [(f, e.uses) for f, e in chosen_effects(character, catalog)
            if isinstance(e, Reroll) and e.roll == roll]


def hp_to_damage(character: Character, catalog: Catalog) -> list[tuple[ArchetypeFeature, str]]:
    """Features that turn HP into damage, with their dice (Bloodmagic: 1d6)."""
    return [(f, e.dice) for f, e in chosen_effects(character, catalog)
            if isinstance(e, HpToDamage)]


def ally_easy_uses(character: Character, catalog: Catalog) -> list[tuple[ArchetypeFeature, int]]:
    """Features that make a chosen ally's ATK EASY, with their uses per fight."""
    return [(f, e.uses) for f, e in chosen_effects(character, catalog)
            if isinstance(e, AllyAttackEasy)]


# --- toggled states ----------------------------------------------------------------------

def toggles(character: Character, catalog: Catalog) -> list[ToggledState]:
    """The states this character can switch on (Rage)."""
    return effects_of(character, catalog, ToggledState)


def active_toggles(character: Character, catalog: Catalog,
                   extra: Iterable[str] = ()) -> list[ToggledState]:
    """The states now on: a condition of that name on the sheet, or named in ``extra``."""
    if not character.conditions and not extra:
        return []  # nothing on (asked on every attack and AC in a simulated fight)
    on = {c.name for c in character.conditions} | set(extra)
    return [t for t in toggles(character, catalog) if t.state in on]


def _owner(character: Character, catalog: Catalog) -> str:
    """The archetype's name, for a part's label ("Rage (Barbarian)")."""
    found = catalog.find_archetype(character.archetype) if character.archetype else None
    return found.name if found is not None else "archetype"


def toggle_parts(character: Character, catalog: Catalog, number: Literal["attack", "damage", "ac"],
                 *, melee: bool = True) -> list[Part]:
    """What each active state adds to ``number`` ("Rage (Barbarian)" +2 DAM, -2 AC); the
    attack and damage of a state that needs a melee blow count only in melee, its AC always."""
    if not character.conditions:  # nothing switched on (every blow and AC asks)
        return []
    prof, parts, owner = character.prof, [], ""
    for t in active_toggles(character, catalog):
        if number != "ac" and not melee and t.melee_only:
            continue
        amount = getattr(t, number).value(prof)
        if amount:
            owner = owner or _owner(character, catalog)
            parts.append(Part(f"{t.state} ({owner})", amount))
    return parts


def toggle_damage(character: Character, catalog: Catalog, *, melee: bool) -> int:
    """Damage the active states add (Rage: +PROF)."""
    return sum(p.amount for p in toggle_parts(character, catalog, "damage", melee=melee))


def toggle_attack(character: Character, catalog: Catalog, *, melee: bool) -> int:
    return sum(p.amount for p in toggle_parts(character, catalog, "attack", melee=melee))


def toggle_ac(character: Character, catalog: Catalog) -> int:
    """AC the active states move (Rage: -PROF)."""
    return sum(p.amount for p in toggle_parts(character, catalog, "ac"))


def set_toggle(character: Character, catalog: Catalog, state: str,
               on: bool) -> list[CharacterCondition]:
    """The sheet's conditions with ``state`` switched on or off (the caller stores them, so an
    undo or an encounter event holds the list before and after)."""
    if state not in {t.state for t in toggles(character, catalog)}:
        raise ValueError(f"{character.name} has no feature that switches on {state!r}")
    kept = [c for c in character.conditions if c.name != state]
    if on:
        kept.append(CharacterCondition(name=state, source=TOGGLE_SOURCE))
    return kept


# --- checks, saves, spells, conditions -----------------------------------------------------

def roll_difficulty(character: Character, catalog: Catalog, roll: RollKind, *,
                    skill: Skill | None = None, ability: Ability | None = None,
                    contexts: Iterable[str] = ()) -> Difficulty:
    """EASY/HARD the features put on a roll (they cancel and don't stack, R7)."""
    if not character.archetype_features:  # no feature taken: nothing moves the roll
        return Difficulty.NORMAL
    ctx = frozenset(contexts)
    found = [Difficulty(e.difficulty) for e in effects_of(character, catalog, RollDifficulty)
             if e.matches(roll, skill=skill, ability=ability, contexts=ctx)]
    return combine_difficulty(*found)


def easy_skills(character: Character, catalog: Catalog) -> set[Skill]:
    """Skills whose CHECKs are EASY in any context (the sheet marks them)."""
    return {s for s in Skill
            if roll_difficulty(character, catalog, "check", skill=s) is Difficulty.EASY}


def extra_spells_known(character: Character, catalog: Catalog) -> int:
    """Spells known beyond R10's limit (Bookworm: two)."""
    return sum(e.spells for e in effects_of(character, catalog, ExtraSpells))


def extra_cantrips(character: Character, catalog: Catalog) -> int:
    return sum(e.cantrips for e in effects_of(character, catalog, ExtraSpells))


def immune_to(character: Character, catalog: Catalog, condition: str) -> bool:
    """"Immune to FEAR effects": the condition never takes hold (names compare case-blind)."""
    wanted = condition.casefold()
    return any(e.condition.casefold() == wanted
               for e in effects_of(character, catalog, Immunity))
