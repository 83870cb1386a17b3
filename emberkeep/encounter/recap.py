"""The fight as a Markdown recap (the GM's notes, a post for the players): who fought, then
round by round what happened, with every die as it fell and every crit or fumble row as it was
read.

It reads only the recorded steps (DESIGN: the same events feed the log, the undo stack and the
recap), so a recap written after the fight never rolls or reads a table again.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from emberkeep.campaign.settings import InitiativeMode
from emberkeep.dice import RollRecord
from emberkeep.encounter.change_text import change_lines
from emberkeep.encounter.condition_names import conditions_words
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.events import Note, Rolled, Row, Set, Step
from emberkeep.encounter.table_names import row_line

__all__ = ["MELEE_ROUND_NAME", "MODE_NAMES", "dice_text", "md_escape", "mode_name",
           "recap_markdown", "step_lines"]

MODE_NAMES = {
    InitiativeMode.GROUP: "Furnace group initiative (d6 per side)",
    InitiativeMode.SIMULTANEOUS: "simultaneous (missiles and magic, then melee)",
    InitiativeMode.SEGMENTS: "WDD segments (d10)",
}

# A Melee Round encounter keeps an initiative mode (the setting it was made with) but has no
# initiative order: both sides declare and roll at once (R23), so it is named for what it is
MELEE_ROUND_NAME = "Melee Round (opposed d20, R23)"


def mode_name(mode: InitiativeMode, *, melee_round: bool = False) -> str:
    """How the encounter resolves its rounds, in words (the window's heading, the recap)."""
    return MELEE_ROUND_NAME if melee_round else MODE_NAMES.get(mode, str(mode))


_SPECIAL = re.compile(r"([\\`*_\[\]{}<>#|])")


def md_escape(text: str) -> str:
    """User text (names, notes) as literal Markdown: nothing in it becomes markup."""
    return _SPECIAL.sub(r"\\\1", text.replace("\n", " "))


def dice_text(record: RollRecord) -> str:
    """``d20 [14] +3 = 17``; dropped dice are shown struck out; a typed die says so."""
    kept = list(record.kept)
    faces = []
    for face in record.faces:
        if face in kept:
            kept.remove(face)
            faces.append(str(face))
        else:
            faces.append(f"~~{face}~~")
    text = f"{record.expression} [{', '.join(faces)}]"
    if record.modifier:
        text += f" {record.modifier:+d}"
    text += f" = {record.total}"
    return text + (" (typed by the GM)" if record.typed else "")


def step_lines(step: Step, enc: Encounter | None = None) -> list[str]:
    """The step's dice, table rows and notes, one plain line each; with ``enc``, then every
    change it makes (``change_text``: what Enter applies is what was shown)."""
    lines = []
    for event in step.events:
        if isinstance(event, Rolled):
            who = event.who  # the Melee Round rolls under a combatant's id: name it
            if enc is not None and who in enc.combatants:
                who = enc.combatants[who].name
            lines.append(f"{who}: {event.purpose}: {dice_text(event.record)}")
        elif isinstance(event, Row):
            lines.append(row_line(event, _spell_namer(enc)))
        elif isinstance(event, Note):
            lines.append(event.text)
    if enc is not None:
        lines += change_lines(enc, step)
    return lines


def _spell_namer(enc: Encounter | None) -> Callable[[str], str] | None:
    """Names a spell by its id (a spell's own mishap texts), from the fight's catalog."""
    if enc is None:
        return None
    return lambda spell_id: enc.catalog.spell(spell_id).name


def _new_round(step: Step) -> int | None:
    for event in step.events:
        if isinstance(event, Set) and event.target == ("enc",) and event.field == "round":
            return int(event.after)
    return None


def _outcome(enc: Encounter) -> str:
    st = enc.state
    if st.phase == "over":
        return f"over: {st.winner} won" if st.winner else "over: nobody left standing"
    if st.phase == "setup":
        return "not started"
    return f"stopped in round {st.round}"


def _hp_text(enc: Encounter, cid: str) -> str:
    c = enc.combatants[cid]
    hp, max_hp = enc.hp_with_max(c)
    return f"{hp}/{max_hp}"


def recap_markdown(enc: Encounter, title: str, *, notes: str = "", when: str = "",
                   melee_round: bool = False) -> str:
    """The whole fight as Markdown (the GM's session notes, a post for the players);
    ``melee_round``: its rounds were the Melee Round's (R23), not an initiative mode's."""
    out = [f"# {md_escape(title)}", ""]
    facts = [mode_name(enc.state.mode, melee_round=melee_round),
             f"ROOM DC {enc.state.room_dc}", f"{enc.state.round} round(s)", _outcome(enc)]
    if when:
        facts.insert(0, md_escape(when))
    out += [" · ".join(facts), ""]
    if notes.strip():
        out += [md_escape(notes.strip()), ""]
    hp = "Knight HP" if enc.knight_hp else "HP"  # R39: a Melee Round's are the knights' own
    out += ["## Combatants", "", f"| Name | Side | {hp} | At the end |", "|---|---|---|---|"]
    for c in enc.combatants.values():
        state = "out" if c.out else "down" if enc.is_down(c) else "standing"
        if c.kind == "pc" and not enc.character(c).alive:
            state = "dead"  # R22: the sheet says so; its last conditions no longer matter
        elif c.conditions:
            state += " (" + ", ".join(conditions_words(c.conditions)) + ")"
        out.append(f"| {md_escape(c.name)} | {md_escape(c.side)} | {_hp_text(enc, c.id)} | "
                   f"{md_escape(state)} |")
    out.append("")
    heading: int | None = None
    for step in enc.history:
        number = _new_round(step)
        if number is not None and number != heading:
            heading = number
            out += ["", f"## Round {number}", ""]
        elif heading is None:
            heading = 0
            out += ["## Before the fight", ""]
        out.append(f"- **{md_escape(step.summary or step.action)}**")
        out.extend(f"  - {md_escape(line)}" for line in step_lines(step, enc))
    return "\n".join(out).rstrip() + "\n"
