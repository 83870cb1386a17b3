"""The encounter's "typed dice" entry (Shift+D), every die of the next step typed.

A GM who rolls physical dice types what they showed, by purpose, before the step's key:
``surprise party: 2; surprise foes: 5`` before S, ``crit 14; crit damage 3 5`` before A,
``dying Sister Maud: 20`` before the next round. Entries are separated by ``;``; each is a
purpose (the dice roller's names, :class:`~emberkeep.dice.Purpose`), optionally who rolls it
(a side or a combatant, before a ``:``), then the faces: one number (a die, or a roll's total),
several (every face of one roll: ``3 5`` for 2d6), or several rolls separated by ``,``. The
label under it lists what the next step may roll (``encounter.rolls_ahead``).

The session answers the next step's rolls with these (``EncounterSession.typed_next``), the
panels' own fields first; once a step is applied the entry keeps only what it did not roll.
Nothing here is a rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QVBoxLayout, QWidget

from emberkeep.dice import Answer, Answers, Key, Purpose
from emberkeep.encounter.rolls_ahead import rolls_ahead
from gui.palette import tone
from gui.plain_text import tooltip
from gui.screen_fit import ElidedLabel, tip_full_text

if TYPE_CHECKING:
    from gui.encounter.session import EncounterSession

__all__ = ["TypedDiceEntry", "parse_entry"]

# longest first, so "crit damage" is not read as "crit" followed by "damage"
_PURPOSES = sorted(Purpose, key=lambda p: -len(p.value))


def _faces(text: str) -> Answer:
    values = tuple(int(part) for part in text.split())
    if not values:
        raise ValueError("no number")
    return values[0] if len(values) == 1 else values


def parse_entry(text: str, names: list[str]) -> dict[Key, Answers]:
    """``"crit 14; surprise party: 2"`` → ``{"crit": 14, ("surprise", "party"): 2}``; who is
    matched case-blind to ``names`` (sides and combatants). ValueError with the reason."""
    found: dict[Key, Answers] = {}
    by_name = {n.casefold(): n for n in names}
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        purpose = next((p for p in _PURPOSES if part.casefold().startswith(p.value)), None)
        if purpose is None:
            raise ValueError(f"“{part}”: begin with what the die is for ("
                             + ", ".join(sorted(p.value for p in Purpose)) + ")")
        rest = part[len(purpose.value):].strip()
        key: Key = purpose.value
        if ":" in rest:
            who, rest = (x.strip() for x in rest.split(":", 1))
            if who.casefold() not in by_name:
                raise ValueError(f"“{part}”: nobody called {who} rolls here")
            key = (purpose.value, by_name[who.casefold()])
        try:
            rolls = [_faces(r) for r in rest.split(",")]
        except ValueError:
            raise ValueError(f"“{part}”: the faces must be numbers") from None
        found[key] = rolls[0] if len(rolls) == 1 else rolls
    return found


class TypedDiceEntry(QWidget):
    def __init__(self, session: EncounterSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.edit = QLineEdit(self)
        self.edit.setPlaceholderText("Shift+D typed dice: crit 14; surprise party: 2")
        self.edit.setToolTip(tooltip(__doc__.split("\n\n")[1] if __doc__ else ""))
        self.edit.setMaxLength(500)
        # one line, its whole text in the tooltip: a refusal quotes what was typed, and the
        # dice ahead of a WDD round name every combatant
        self.ahead = ElidedLabel(self, Qt.TextElideMode.ElideRight)
        self.ahead.setMinimumWidth(1)
        tone(self.ahead, "muted")  # a palette tone: Mid was near the dark scheme's background
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.edit)
        layout.addWidget(self.ahead)
        self.edit.textChanged.connect(self.read)
        session.stateChanged.connect(self.refresh)
        session.stepsApplied.connect(self._applied)
        self.refresh()

    def names(self) -> list[str]:
        enc = self.session.enc
        return [*enc.sides(), *(c.name for c in enc.combatants.values())]

    def read(self, text: str) -> str | None:
        """Keep the parsed answers on the session (the next step's); returns the refusal."""
        try:
            self.session.typed_next = parse_entry(text, self.names())
        except ValueError as exc:
            self.session.typed_next = {}
            self.ahead.setText(str(exc))
            tip_full_text(self.ahead)
            return str(exc)
        self.refresh()
        return None

    def _applied(self, *_: object) -> None:
        """The step took what it rolled; what it did not roll stays for the next one (a
        crit die typed for an attack that missed)."""
        left_of = self.session.typed_left
        self.session.typed_left = None
        if not self.session.typed_next or left_of is None:
            return
        left = left_of()
        self.edit.setText("; ".join(_entry_text(key, answers) for key, answers in left.items()))

    def refresh(self) -> None:
        """Compact: each purpose once, with who rolls it only where several do (a side's
        surprise d6, R20; a bleeding PC's d20, R21); the reasons in the tooltip."""
        ahead = rolls_ahead(self.session.enc)
        whos: dict[str, list[str]] = {}
        for a in ahead:
            whos.setdefault(a.purpose.value, []).append(a.who or "")
        shown = []
        for purpose, who in whos.items():
            several = [w for w in dict.fromkeys(who) if w]
            if len(several) > 3:
                shown.append(f"{purpose} ({len(several)} rollers)")
            elif len(several) > 1:
                shown.append(f"{purpose} ({', '.join(several)})")
            else:
                shown.append(purpose)
        typed = len(self.session.typed_next)
        self.ahead.setText((f"{typed} typed · " if typed else "")
                           + ("next may roll: " + ", ".join(shown) if shown else ""))
        # the tooltip says it whole, with who rolls each die and why (names: escaped)
        self.ahead.setToolTip(tooltip("\n".join([self.ahead.text(), *(str(a) for a in ahead)])))


def _entry_text(key: Key, answers: list[Answer]) -> str:
    """The entry's own notation for what is left: ``crit 14``, ``dying Sister Maud: 20``."""
    purpose, who = (key, None) if isinstance(key, str) else key
    faces = ", ".join(str(a) if isinstance(a, int) else " ".join(map(str, a)) for a in answers)
    return f"{purpose} {who}: {faces}" if who else f"{purpose} {faces}"
