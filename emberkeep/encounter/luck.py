"""Luck Dice in a fight (R29, DM Scotty's as Furnace changes them).

"Players can use them on any roll": a PC may spend a Luck Die after seeing a d20 roll and add
the d6 to it (one die per roll). "You get a Luck Die after the second failed roll in a row, and
for every fail after that": every attack and SAVE a PC makes counts as a roll, recorded with
:func:`record_outcome` once its final outcome (after any die spent) is known. Both only when the
campaign's ``luck_dice`` rule is on. The sheet's :class:`LuckState` is frozen, so each change is
one event holding the state before and after.
"""

from __future__ import annotations

from emberkeep.character.luck import LUCK_DIE, LuckState, record_roll
from emberkeep.dice import Purpose, RollRecord
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.engine import Encounter, RuleError, Tx

__all__ = ["LUCK_SPENT", "can_spend_luck", "record_outcome", "spend_luck_die"]

LUCK_SPENT = "Luck Die"  # the purpose of the d6 roll in the log


def can_spend_luck(enc: Encounter, combatant: Combatant) -> bool:
    """A PC with a Luck Die left, in a campaign that uses them."""
    return (enc.settings.rules.luck_dice and combatant.kind == "pc"
            and enc.character(combatant).luck.dice > 0)


def spend_luck_die(enc: Encounter, tx: Tx, combatant: Combatant) -> RollRecord:
    """Spend one of ``combatant``'s Luck Dice: roll the d6 (recorded) and take the die off the
    sheet. The caller adds the d6 to the roll it was spent on."""
    if not enc.settings.rules.luck_dice:
        raise RuleError("this campaign does not use Luck Dice")
    if combatant.kind != "pc":
        raise RuleError(f"{combatant.name} is a monster: only PCs have Luck Dice")
    ch = enc.character(combatant)
    if ch.luck.dice <= 0:
        raise RuleError(f"{combatant.name} has no Luck Die left")
    record = tx.roll(LUCK_DIE, combatant.name, LUCK_SPENT, purpose=Purpose.LUCK)
    tx.set(("pc", ch.id), "luck", LuckState(dice=ch.luck.dice - 1,
                                            fail_streak=ch.luck.fail_streak))
    return record


def record_outcome(enc: Encounter, tx: Tx, combatant: Combatant, success: bool) -> None:
    """Count a PC's roll toward its Luck Dice: the 2nd failure in a row and each after gain one
    (three at most); a success ends the streak."""
    if combatant.kind != "pc" or not enc.settings.rules.luck_dice:
        return
    ch = enc.character(combatant)
    if success and ch.luck.fail_streak == 0:
        return  # no failure to count, no streak to end
    tx.set(("pc", ch.id), "luck", record_roll(ch.luck, success))
