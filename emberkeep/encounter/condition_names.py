"""How a combatant's condition reads to the GM (internal ids never reach the screen).

The engine keys conditions by short names (``attacks_hard``, ``hp_loss:3``, ``HARD:STR``,
``cant_cast:fireball``); R28's named conditions (PRONE, STUNNED...) and a GM's own words are
shown as they are.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["condition_label"]

_WORDS = {
    "attacks_hard": "attacks HARD", "easy_to_hit": "easy to hit", "cant_move": "can't move",
    "cant_attack": "can't attack", "cant_act": "can't act", "cant_speak": "can't speak",
    "move_near_only": "moves only NEAR", "last_to_act": "acts last", "one_hand": "one hand",
    "cant_be_healed": "can't be healed", "cant_cast": "can't cast until REST",
    "attacks_easy": "next attack EASY", "reroll_miss": "rerolls a missed attack",
    "hp_to_damage": "HP into DAM on the next hit", "dying_in": "dies in",
}


def condition_label(name: str, spell_name: Callable[[str], str] | None = None) -> str:
    """Plain words for a condition's key; ``spell_name`` names a spell by its id."""
    if name in _WORDS:
        return _WORDS[name]
    key, sep, rest = name.partition(":")
    if sep:
        if key == "hp_loss":
            return f"loses {rest} HP a round"
        if key == "save_each_round":
            return f"{rest} SAVE each round"
        if key == "cant_cast":
            spell = spell_name(rest) if spell_name is not None else rest.replace("_", " ")
            return f"can't cast {spell} until REST"
        if key in ("HARD", "EASY", "ADVANTAGE", "DISADVANTAGE"):
            return f"{rest.replace('_', ' ')} {key}"
    return name.replace("_", " ") if name.islower() else name
