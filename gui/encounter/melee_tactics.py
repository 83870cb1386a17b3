"""The Melee Round's tactic steps in the encounter window: which core step the
melee panel's "Tactic" runs on A, and with which of the panel's fields.

Each tactic is one core step of :mod:`emberkeep.melee_round.tactic_steps` (several foes is one
step per foe, pushed as one undo command), previewed like the exchange and applied with Enter.
The panel's fields keep one meaning throughout: A is the one acting (the knight splitting its
skill, the dodger, the evader, the attacker, the one gaining Glory), B the other; each side's
d20 is the roll that side makes; Damage, Knockdown, Fall and Gentle fall are the GM's typed
dice wherever the step rolls them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from emberkeep.dice import Answers, Key, Purpose
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.melee_round.engine_bridge import Declared, able, melee_exchange
from emberkeep.melee_round.movement import engaged
from emberkeep.melee_round.tactic_steps import (
    award_glory,
    dodge_step,
    evade_step,
    melee_several,
    unopposed_step,
)
from gui.encounter.attack_panel import typed_action

if TYPE_CHECKING:
    from gui.encounter.melee_panel import MeleePanel

__all__ = ["TACTICS", "engaged_foes", "parse_shares", "tactic_action"]

# (key, label): the panel's Tactic box, cycled with W / Shift+W.
TACTICS: tuple[tuple[str, str], ...] = (
    ("exchange", "Exchange: A and B both roll (R23)"),
    ("several", "Several foes: A splits its skill (≤3 on foot, 2 mounted)"),
    ("dodge", "A dodges B: unopposed DEX (Shares: A's DEX share)"),
    ("evade", "A evades B: leave the melee"),
    ("surprise", "A attacks B from surprise (+5, unopposed)"),
    ("ranged", "A shoots B (unopposed; B's shield is cover)"),
    ("glory", "Glory to A (a ranged kill: 1/10, R33)"),
)

Action = Callable[[Encounter], object]


def parse_shares(text: str) -> list[int]:
    """ "10 5" or "10, 5" → [10, 5]; "" → []."""
    try:
        return [int(p) for p in text.replace(",", " ").split()]
    except ValueError:
        raise RuleError("the shares must be whole numbers") from None


def engaged_foes(enc: Encounter, c: Combatant) -> list[Combatant]:
    """A's foes within 1 yard still able to fight, nearest first: the Several-foes order."""
    foes = [o for o in enc.enemies(c) if engaged(o.position, c.position) and able(enc, o)]
    return sorted(foes, key=lambda o: (abs(o.position - c.position), o.id))


def tactic_action(panel: MeleePanel, a: Combatant, b: Combatant) -> tuple[str, Action]:
    """The log text and the engine call of the panel's chosen tactic, with the dice the GM
    typed answering by purpose (A's and B's d20 by the combatant who rolls it)."""
    key = str(panel.tactic.currentData())
    text, action = _tactic(panel, key, a, b)
    # A's d20 is its attack, or its DEX to dodge or evade; B's is always its attack
    a_purpose = {"dodge": Purpose.DODGE, "evade": Purpose.EVADE}.get(key, Purpose.ATTACK)
    dice: dict[Key, Answers | None] = {(a_purpose, a.id): panel.typed(panel.die[0], "the d20"),
            (Purpose.ATTACK, b.id): panel.typed(panel.die[1], "the d20"),
            Purpose.DAMAGE: panel.typed(panel.damage, "the damage"),
            Purpose.KNOCKDOWN: panel.typed(panel.knockdown, "the knockdown roll"),
            Purpose.FALL: panel.typed(panel.fall, "the fall d20"),
            Purpose.GENTLE_FALL: panel.typed(panel.gentle, "the gentle-fall d20")}
    return text, typed_action(dice, action)


def _tactic(panel: MeleePanel, key: str, a: Combatant, b: Combatant) -> tuple[str, Action]:
    da, db = panel.declared(0), panel.declared(1)
    shares = parse_shares(panel.shares.text())
    glory = panel.glory.value()
    if key == "exchange":
        return f"{a.name} and {b.name} exchange blows", lambda enc: melee_exchange(
            enc, a.id, b.id, da, db)
    if key == "several":
        return _several(panel, a, b, da, db, shares)
    if key == "dodge":
        share = shares[0] if shares else None
        return f"{a.name} dodges {b.name}", lambda enc: dodge_step(
            enc, a.id, b.id, db, dex_share=share)
    if key == "evade":
        approves = panel.gm_approves.isChecked()
        return f"{a.name} evades {b.name}", lambda enc: evade_step(
            enc, a.id, b.id, db, gm_approves=approves)
    if key in ("surprise", "ranged"):
        surprise = key == "surprise"
        return f"{a.name} {'surprises' if surprise else 'shoots'} {b.name}", \
            lambda enc: unopposed_step(enc, a.id, b.id, da, surprise=surprise,
                                       glory=glory, target_cover=db.cover)
    if key == "glory":
        if glory <= 0:
            raise RuleError("type the Glory the defeated foe is worth")
        ranged = panel.ranged_kill.isChecked()
        return f"{a.name} gains Glory", lambda enc: award_glory(enc, a.id, glory,
                                                                 ranged=ranged)
    raise RuleError(f"unknown tactic {key}")


def _several(panel: MeleePanel, a: Combatant, b: Combatant, da: Declared, db: Declared,
             shares: list[int]) -> tuple[str, Action]:
    """A's skill split over its engaged foes in :func:`engaged_foes` order; a 0 share leaves
    that foe out; B keeps its own declaration (its d20, its flags); A's typed d20 is its first
    exchange's."""
    foes = engaged_foes(panel.enc, a)
    if not foes:
        raise RuleError(f"nobody is engaged with {a.name} (within 1 yard)")
    if not shares:
        raise RuleError("type A's share of its skill against each engaged foe: "
                        + ", ".join(f.name for f in foes))
    if len(shares) > len(foes):
        raise RuleError(f"{len(shares)} shares for {len(foes)} engaged foes")
    chosen = {f.id: s for f, s in zip(foes, shares, strict=False) if s > 0}
    declared = {a.id: da, **({b.id: db} if b.id in chosen else {})}
    return f"{a.name} fights {len(chosen)} foes", lambda enc: melee_several(
        enc, a.id, chosen, declared)
