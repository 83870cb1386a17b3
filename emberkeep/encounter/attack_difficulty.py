"""What makes an attack EASY or HARD, and rolled with advantage (R7, R28, R35).

Combined by ``character.checks.combine_difficulty`` (they cancel, repeats count once): DODGE
(``target.dodging``) HARD; R28 conditions (own PRONE/BLINDED/FRIGHTENED/attacks_hard HARD;
against STUNNED/PARALYSED/INCAPACITATED/UNCONSCIOUS/BLINDED/easy_to_hit EASY; against PRONE
melee EASY, ranged HARD); "HARD:all" / "HARD:ranged_attacks" check modifiers; an ally's feature
EASY; Sneak Attack EASY (R35: on one unaware of the attacker); Protection HARD; anything the
caller adds. Advantage comes from the GM or the attacker's ``(DIS)ADVANTAGE:all`` (R21),
under the campaign's advantage rule.
``attack.roll_attack`` asks these.
"""

from __future__ import annotations

from collections.abc import Iterable

from emberkeep.character.checks import Difficulty
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.conditions import EASY_TO_HIT, OWN_ATTACKS_HARD, names
from emberkeep.encounter.d20 import expression
from emberkeep.encounter.engine import Encounter, Tx
from emberkeep.encounter.feature_actions import ATTACKS_EASY
from emberkeep.encounter.features import sneak_attack_applies, use_protection
from emberkeep.optional_rules.advantage import Advantage, combine_advantage

__all__ = ["ADVANTAGE_CONDITIONS", "advantage_expression", "found_difficulties"]


def _difficulties(attacker: Combatant, target: Combatant, ranged: bool) -> list[Difficulty]:
    """EASY/HARD from conditions and DODGE ("You are HARD to hit")."""
    found: list[Difficulty] = []
    if attacker.conditions or target.conditions:
        found += _condition_difficulties(attacker, target, ranged)
    if target.dodging:
        found.append(Difficulty.HARD)
    return found


def _condition_difficulties(attacker: Combatant, target: Combatant,
                            ranged: bool) -> list[Difficulty]:
    """R28's conditions on either side, the sheet's check modifiers, an ally's feature."""
    own, theirs = names(attacker.conditions), names(target.conditions)
    found: list[Difficulty] = []
    if own & OWN_ATTACKS_HARD or "HARD:all" in own or (ranged and "HARD:ranged_attacks" in own):
        found.append(Difficulty.HARD)
    if ATTACKS_EASY in own:  # an ally's feature made this attack EASY
        found.append(Difficulty.EASY)
    if theirs & EASY_TO_HIT:
        found.append(Difficulty.EASY)
    if "PRONE" in theirs:
        found.append(Difficulty.HARD if ranged else Difficulty.EASY)
    return found


ADVANTAGE_CONDITIONS = frozenset({"ADVANTAGE:all", "DISADVANTAGE:all"})


def advantage_expression(enc: Encounter, own: frozenset[str] | set[str],
                         difficulty: Difficulty, advantage: Advantage) -> tuple[Difficulty, str]:
    """The GM's advantage and the attacker's ``(DIS)ADVANTAGE:all`` (R21), under the
    campaign's mode (``instead``: EASY/HARD become advantage/disadvantage; ``beside``: both)."""
    if advantage is Advantage.NONE and not own & ADVANTAGE_CONDITIONS \
            and not enc.settings.rules.advantage_disadvantage:
        return difficulty, "d20"  # nothing asks for a second die
    if own & ADVANTAGE_CONDITIONS:
        advantage = combine_advantage(advantage, *(
            Advantage.ADVANTAGE if x == "ADVANTAGE:all" else Advantage.DISADVANTAGE
            for x in own & ADVANTAGE_CONDITIONS))
    return expression(enc, difficulty, advantage)


def found_difficulties(enc: Encounter, tx: Tx, a: Combatant, t: Combatant, ranged: bool,
                       extra: Iterable[Difficulty],
                       protection_by: str | None) -> tuple[list[Difficulty], bool]:
    """Every EASY/HARD on this attack (to combine, R7) and whether it is a Sneak Attack."""
    found = _difficulties(a, t, ranged)
    found.extend(extra)
    sneak = sneak_attack_applies(enc, a, t)  # R35: unaware of this attacker
    if sneak:
        found.append(Difficulty.EASY)  # Sneak Attack: "it is EASY to hit"
    if protection_by is not None:
        use_protection(enc, tx, protection_by, t)
        found.append(Difficulty.HARD)  # Protection: "a NEAR ally is HARD to hit"
    return found, sneak
