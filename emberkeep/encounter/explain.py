"""Which computation explains which number in a fight: a key names the number and whose it is.

The encounter window marks its numbers with keys (``ac:<combatant id>``, ``atk:<combatant
id>``, ``segment:<combatant id>``) and asks :func:`explain_in_fight`; a PC's AC and ATK are
its sheet's (:mod:`emberkeep.character.explain`), a monster's come from its stats, and the
segment roll's modifiers are the ones :func:`~emberkeep.encounter.segments.roll_segment`
rolls. A key of the sheet's own (``save:DEX``) with ``@<combatant id>`` after it asks that PC's
sheet. Nothing here computes a rule.
"""

from __future__ import annotations

from emberkeep.breakdown import Breakdown, Part
from emberkeep.character.bonuses import attack_breakdown
from emberkeep.character.explain import Explained, explain
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.initiative import main_weapon
from emberkeep.encounter.segments import segment_breakdown

__all__ = ["explain_in_fight", "fight_key"]


def fight_key(what: str, cid: str) -> str:
    """The key of ``what`` ("ac", "atk", "segment") for combatant ``cid``."""
    return f"{what}:{cid}"


def _attack(enc: Encounter, cid: str) -> Explained:
    c = enc.combatant(cid)
    if c.kind != "pc":
        assert c.monster is not None
        return Explained(f"{c.name}'s ATK", Breakdown((Part("attack bonus", c.monster.attack_bonus,
                                                            30),)), bonus=True)
    character = enc.character(c)
    weapon = main_weapon(enc, c)
    if weapon is not None:
        found = explain(character, enc.catalog, f"atk:{weapon.uid}")
        assert found is not None
        return found
    fist = attack_breakdown(character, enc.catalog, ranged=False, small=False, proficient=True)
    return Explained("ATK with a fist", fist, bonus=True)


def explain_in_fight(enc: Encounter, key: str) -> Explained | None:
    """The explanation of the number ``key`` names in ``enc``; None for a key naming nothing
    (a combatant gone, a monster's sheet number)."""
    what, _, rest = key.partition(":")
    if "@" in key:  # a sheet's key for one PC of the fight
        sheet_key, _, cid = key.rpartition("@")
        c = enc.combatants.get(cid)
        if c is None or c.kind != "pc":
            return None
        return explain(enc.character(c), enc.catalog, sheet_key)
    c = enc.combatants.get(rest)
    if c is None:
        return None
    if what == "ac":
        return Explained(f"{c.name}'s AC", enc.armor_class_breakdown(c),
                         notes=("A monster's AC is the ROOM DC (R30).",) if c.kind != "pc"
                         else ())
    if what == "atk":
        return _attack(enc, rest)
    if what == "segment":
        return Explained(f"{c.name}'s segment roll: d10", segment_breakdown(enc, c), bonus=True,
                         notes=("The d10 plus these, 1 to 10: the segment it acts in (R20).",))
    return None
