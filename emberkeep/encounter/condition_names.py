"""How a combatant's condition reads to the GM (internal ids never reach the screen).

The engine keys conditions by short names (``attacks_hard``, ``hp_loss:3``, ``HARD:STR``,
``cant_cast:fireball``); R28's named conditions (PRONE, STUNNED...) and a GM's own words are
shown as they are. :func:`conditions_words` lists a combatant's conditions each once with the
time left ("FRIGHTENED (3 rounds)", "dying, 2 rounds left"): the log, the combatants table and
the player view all read them here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from emberkeep.encounter.conditions import ActiveCondition

__all__ = ["condition_label", "condition_text", "conditions_words", "rounds_text"]

_WORDS = {
    "attacks_hard": "attacks HARD", "easy_to_hit": "easy to hit", "cant_move": "can't move",
    "cant_attack": "can't attack", "cant_act": "can't act", "cant_speak": "can't speak",
    "move_near_only": "moves only NEAR", "last_to_act": "acts last", "one_hand": "one hand",
    "cant_be_healed": "can't be healed", "cant_cast": "can't cast until REST",
    "attacks_easy": "next attack EASY", "reroll_miss": "rerolls a missed attack",
    "hp_to_damage": "HP into DAM on the next hit", "dying_in": "dying", "stable": "stable",
    "weapon_broken": "weapon broken",
}
_DYING = "dying_in"  # R21's countdown: its rounds read "dying, 2 rounds left"


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


def rounds_text(rounds: int) -> str:
    """``1 round``, ``3 rounds``: a count of rounds always says its unit."""
    return f"{rounds} round{'' if rounds == 1 else 's'}"


def condition_text(condition: ActiveCondition,
                   spell_name: Callable[[str], str] | None = None) -> str:
    """The condition's words with its time left: ``FRIGHTENED (3 rounds)``, ``UNAWARE``."""
    label = condition_label(condition.name, spell_name)
    left = condition.rounds_left
    if left is None:
        return label
    if condition.name == _DYING:
        return f"{label}, {rounds_text(left)} left"
    return f"{label} ({rounds_text(left)})"


def conditions_words(conditions: Iterable[ActiveCondition], *, leave_out: Iterable[str] = (),
                     spell_name: Callable[[str], str] | None = None) -> list[str]:
    """Each condition once, in the order first put on, with the latest one's time (R35's
    UNAWARE is held once per unseen foe, and shown once); ``leave_out``: names not shown."""
    skip = frozenset(leave_out)
    latest: dict[str, ActiveCondition] = {}
    for x in conditions:
        if x.name not in skip:
            latest[x.name] = x
    return [condition_text(x, spell_name) for x in latest.values()]
