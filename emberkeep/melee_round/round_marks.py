"""What a combatant did this melee round, where a later phase asks.

The text: "Generally, characters can either fight (during this phase) or move (during the
Movement Phase), but not both" (a lance charge moves inside its own exchange); evasion lets a
knight leave a melee ("may move"); "Glory cannot be gained from brawling". Each is a mark
``"<what>@<round>"`` in ``Combatant.used`` (as WDD's heavy weapons mark their round), set with
``tx.set`` so undo takes it back, and read only for the round it names.
"""

from __future__ import annotations

from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.engine import Encounter, Tx

__all__ = ["BRAWLED", "EVADED", "FOUGHT", "mark", "marked"]

FOUGHT = "fought"
EVADED = "evaded"
BRAWLED = "brawled"


def _key(enc: Encounter, what: str) -> str:
    return f"{what}@{enc.state.round}"


def mark(enc: Encounter, tx: Tx, c: Combatant, what: str) -> None:
    key = _key(enc, what)
    if key not in c.used:
        tx.set(("c", c.id), "used", (*c.used, key))


def marked(enc: Encounter, c: Combatant, what: str) -> bool:
    return _key(enc, what) in c.used
