"""Which core computation explains which number on a sheet: a key names the number.

A view marks a number it shows with a key ("ac", "atk:<weapon uid>", "save:DEX") and asks
:func:`explain` for its explanation: a title in the GM's words and the
:class:`~emberkeep.breakdown.Breakdown` the number's own function builds, so the parts always
add up to what the sheet shows. Nothing here computes a rule; it only names them.

Keys: ``ac``, ``prof``, ``hp_max``, ``hp_gain:<level>``, ``load``, ``spellcheck``,
``spells_known``, ``dead_at``, ``atk:<weapon uid>``, ``damage:<weapon uid>`` (a versatile
weapon's two-handed grip: ``damage:<uid>:two_handed``), ``save:<ABILITY>``, ``skill:<skill>``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from emberkeep.breakdown import Breakdown
from emberkeep.character.abilities import Ability
from emberkeep.character.bonuses import (
    save_breakdown,
    skill_breakdown,
    spellcheck_breakdown,
)
from emberkeep.character.catalog import Catalog
from emberkeep.character.model import Character
from emberkeep.character.sheet_numbers import (
    character_armor_class_breakdown,
    hp_gain_breakdown,
    hp_max_breakdown,
    load_breakdowns,
    prof_breakdown,
    spells_known_breakdown_of,
    weapon_attack_breakdown,
    weapon_damage_breakdown,
)
from emberkeep.character.skills import Skill, skill_name
from emberkeep.gear.damage import Grip, damage_dice

__all__ = ["SHEET_KEYS", "Explained", "explain"]

SHEET_KEYS = ("ac", "prof", "hp_max", "load", "spellcheck", "spells_known", "dead_at")
"""The keys that need no argument; the others name a weapon, a level, an ability or a skill."""


@dataclass(frozen=True, slots=True)
class Explained:
    """A number's explanation: what it is (``AC``, ``ATK with Longsword``), its breakdown, and
    more breakdowns that belong with it (the load's limit)."""

    title: str
    breakdown: Breakdown
    bonus: bool = False  # added to a d20 or a die: shown signed (+3)
    more: tuple[Explained, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def total(self) -> int:
        return self.breakdown.total

    def text(self) -> str:
        """``AC 15 = chain mail 16 + 2 Shield − 1 dent (R15)``, then the rest, one per line."""
        lines = [f"{self.title} {self.breakdown.text(bonus=self.bonus)}"]
        lines += [m.text() for m in self.more]
        lines += list(self.notes)
        return "\n".join(lines)

    def rulings(self) -> tuple[int, ...]:
        seen = dict.fromkeys(self.breakdown.rulings())
        for m in self.more:
            seen.update(dict.fromkeys(m.rulings()))
        return tuple(seen)


def _ac(character: Character, catalog: Catalog) -> Explained:
    armor = character.inventory.worn_armor
    notes = ("Stealth is HARD in this armor.",) if armor is not None and armor.stealth_hard \
        else ()
    return Explained("AC", character_armor_class_breakdown(character, catalog), notes=notes)


def _load(character: Character, _catalog: Catalog) -> Explained:
    carried, limit = load_breakdowns(character)
    over = ("ENCUMBERED: more load than the limit (R14).",) if carried.total > limit.total \
        else ()
    return Explained("Load", carried, more=(Explained("Limit", limit),), notes=over)


def _spellcheck(character: Character, _catalog: Catalog) -> Explained | None:
    found = spellcheck_breakdown(character)
    return None if found is None else Explained("SPELLCHECK", found, bonus=True)


def _spells_known(character: Character, catalog: Catalog) -> Explained | None:
    found = spells_known_breakdown_of(character, catalog)
    return None if found is None else Explained("Spells known", found)


_PLAIN: dict[str, Callable[[Character, Catalog], Explained | None]] = {
    "ac": _ac,
    "prof": lambda c, _k: Explained("PROF", prof_breakdown(c), bonus=True),
    "hp_max": lambda c, _k: Explained("Max HP", hp_max_breakdown(c)),
    "load": _load,
    "spellcheck": _spellcheck,
    "spells_known": _spells_known,
    "dead_at": lambda c, _k: Explained("Dead at", c.death_threshold_breakdown()),
}


def _weapon(character: Character, catalog: Catalog, what: str,
            rest: str) -> Explained | None:
    uid, _, grip_text = rest.partition(":")
    weapon = next((w for w in character.inventory.weapons if w.uid == uid), None)
    if weapon is None:
        return None
    if what == "atk":
        return Explained(f"ATK with {weapon.name}",
                         weapon_attack_breakdown(character, catalog, weapon), bonus=True)
    two = grip_text == "two_handed" and weapon.versatile_damage is not None
    grip: Grip | None = "two_handed" if two else None
    hands = " in two hands" if grip == "two_handed" else ""
    return Explained(f"Damage with {weapon.name}{hands}, {damage_dice(weapon, grip)} and",
                     weapon_damage_breakdown(character, catalog, weapon, grip), bonus=True)


def explain(character: Character, catalog: Catalog, key: str) -> Explained | None:
    """The explanation of the number ``key`` names for ``character``; None for a key that
    names nothing this character has (a weapon since dropped, a non-caster's SPELLCHECK)."""
    plain = _PLAIN.get(key)
    if plain is not None:
        return plain(character, catalog)
    what, _, rest = key.partition(":")
    if what in ("atk", "damage"):
        return _weapon(character, catalog, what, rest)
    if what == "save" and rest in Ability.__members__:
        return Explained(f"{rest} SAVE", save_breakdown(character, Ability[rest]), bonus=True)
    if what == "skill" and rest in {s.value for s in Skill}:
        skill = Skill(rest)
        return Explained(skill_name(skill), skill_breakdown(character, skill), bonus=True)
    if what == "hp_gain" and rest.isdigit():
        found = hp_gain_breakdown(character, int(rest))
        return None if found is None else Explained(f"HP gained at level {rest}", found)
    return None
