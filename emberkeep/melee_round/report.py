"""Each phase of one Melee Round exchange in words, for the step's log and the encounter
window ("shows the outcome and each phase's result").

The lines are GM-facing notes recorded in the step (``tx.note``), so the preview, the log and a
replayed fight say the same thing. Phases in the text's order: Resolution (R23's opposed roll),
Winner's (damage; a critical doubles the dice), Loser's (knockdown against SIZ and 2×SIZ, shield
on a partial success, armor, the wound, Major Wound, Unconscious, dying; R24, R25, R33).
"""

from __future__ import annotations

from collections.abc import Mapping

from emberkeep.melee_round.phases import Exchange
from emberkeep.melee_round.rolls import Check

__all__ = ["phase_lines"]


def _check(name: str, c: Check) -> str:
    return f"{name} {c.natural} against {c.skill}: {c.outcome.value}"


def phase_lines(ex: Exchange, names: Mapping[str, str]) -> list[str]:
    """One line per phase of ``ex``; ``names`` maps combatant ids to names."""
    a, b = names.get(ex.a.who, ex.a.who), names.get(ex.b.who, ex.b.who)
    r = ex.result
    if ex.winner is not None:
        winner = names.get(ex.winner.who, ex.winner.who)
        verdict = f"{winner} wins" + (" (the loser's partial success: shield counts)"
                                      if r.partial else "")
    elif r.tie:
        verdict = "tie: no damage"
    else:
        verdict = "both fail: no damage"
    lines = [f"Resolution: {_check(a, r.a)}; {_check(b, r.b)} → {verdict}"]
    blow, lose = ex.blow, ex.loser
    if blow is not None:
        doubled = (f", critical: dice doubled to {blow.dice}d6" if blow.doubled
                   else f" ({blow.dice}d6)")
        lines.append(f"Winner's phase: {blow.rolled} damage{doubled}"
                     + ("" if blow.wounds else ", rebated or pulled: no wound")
                     + (", the lance breaks" if blow.lance_broke else ""))
    if lose is not None:
        parts = [f"knockdown {lose.knockdown}"]
        if lose.fall_damage:
            parts.append(f"fall {lose.fall_damage}")
        if lose.shield:
            parts.append(f"shield {lose.shield}")
        parts.append(f"armor {lose.armor}")
        parts.append(f"wound {lose.actual}")
        parts.append(f"HP {lose.hp_before} → {lose.hp_after}")
        for flag, word in ((lose.major_wound, "Major Wound"), (lose.unconscious, "unconscious"),
                           (lose.dying, "dying")):
            if flag:
                parts.append(word)
        lines.append("Loser's phase: " + ", ".join(parts))
    return lines
