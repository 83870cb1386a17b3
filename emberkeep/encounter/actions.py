"""The actions a combatant takes on its turn, in one place (Furnace, Combat).

"Everyone does one thing a turn by large. Examples: ATK/SPELLCHECK; Go NEAR and ATK/SPELLCHECK;
Go RANGED; DODGE (You are HARD to hit); DISENGAGE and go NEAR". Each action opens one
``enc.action`` (one undoable step), refuses what the rules don't allow now with a
:class:`~emberkeep.encounter.engine.RuleError` (changing nothing), and marks the actor ``acted``.

The attacks live in ``attack.py``; moving in ``movement.py``; grapple and shove in
``grapple.py``; spells and Lay on Hands in ``casting.py``; items in ``items.py``; the GM's free
ruling in ``ruling.py``. DODGE is here: it is one flag.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from emberkeep.character.checks import Difficulty
from emberkeep.encounter.attack import (
    attack,
    luck_would_help,
    resolve_attack,
    roll_attack,
    spend_luck,
)
from emberkeep.encounter.casting import cast, cast_in, lay_on_hands
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.events import Step
from emberkeep.encounter.grapple import break_free, grapple, shove
from emberkeep.encounter.items import use_item
from emberkeep.encounter.movement import disengage, move, move_in, stand_up
from emberkeep.encounter.ruling import (
    AddCondition,
    MarkOut,
    MoveTo,
    RemoveCondition,
    SetHp,
    gm_ruling,
    ready,
    spend_turn,
)
from emberkeep.optional_rules.advantage import Advantage

__all__ = [
    "AddCondition",
    "MarkOut",
    "MoveTo",
    "RemoveCondition",
    "SetHp",
    "attack",
    "break_free",
    "cast",
    "disengage",
    "dodge",
    "gm_ruling",
    "grapple",
    "lay_on_hands",
    "move",
    "move_and_attack",
    "move_and_cast",
    "shove",
    "stand_up",
    "use_item",
]


def dodge(enc: Encounter, cid: str) -> Step:
    """DODGE: "You are HARD to hit" until the dodger's next turn (the round's start clears
    ``dodging``; the attack roll reads it)."""
    c = ready(enc, cid)
    with enc.action(cid, "dodge") as tx:
        tx.set(("c", c.id), "dodging", True)
        spend_turn(tx, c)
        tx.summary(f"{c.name} dodges")
    return enc.history[-1]


def move_and_attack(enc: Encounter, cid: str, to_position: int, target_id: str, *,
                    weapon_uid: str | None = None,
                    difficulty_extra: Iterable[Difficulty] = (), luck: bool = False,
                    free_disengage: bool = False,
                    volunteer: str | None = None,
                    advantage: Advantage = Advantage.NONE) -> Step:
    """ "Go NEAR and ATK": one zone, then the attack (``attack.py``), as one step; the attack
    panel's ``advantage`` and shield ``volunteer`` (R31) go through as for a plain attack."""
    c = ready(enc, cid)
    with enc.action(cid, "move and attack") as tx:
        move_in(enc, tx, c, to_position, free_disengage=free_disengage)
        roll = roll_attack(enc, tx, c, target_id, weapon_uid=weapon_uid,
                           difficulty_extra=difficulty_extra, volunteer=volunteer,
                           advantage=advantage)
        if luck and luck_would_help(enc, roll):
            roll = spend_luck(enc, tx, roll)
        out = resolve_attack(enc, tx, roll)
        spend_turn(tx, c)
        target = enc.combatant(target_id)
        hit = f"hits {target.name} for {out.damage}" if roll.hit else f"misses {target.name}"
        tx.summary(f"{c.name} goes to zone {to_position} and {hit}")
    return enc.history[-1]


def move_and_cast(enc: Encounter, cid: str, to_position: int, spell_id: str,
                  target_ids: Sequence[str] = (), *, luck: bool = False,
                  free_disengage: bool = False) -> Step:
    """ "Go NEAR and SPELLCHECK": one zone, then the spell, as one step."""
    c = ready(enc, cid)
    with enc.action(cid, "move and cast") as tx:
        move_in(enc, tx, c, to_position, free_disengage=free_disengage)
        cast_in(enc, tx, c, spell_id, target_ids, luck=luck)
        tx.summary(f"{c.name} goes to zone {to_position}; " + tx.step.summary)
    return enc.history[-1]
