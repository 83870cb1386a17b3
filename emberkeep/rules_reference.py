"""The rules reference: what each ruling R1…R41 settles, the rules each game brings, its tables.

The words live in ``resources/rules_reference.json`` (validated like every other resource, so a
bad edit names its field); the tables are read through the very loaders the core rolls on, so a
table and its reference cannot disagree. :func:`entries` gives the app plain-text entries and
:func:`render_markdown` the same entries as ``docs/rules.md``::

    uv run python -m emberkeep.rules_reference > docs/rules.md
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

from emberkeep.character.advancement import advancement_table, xp_table
from emberkeep.character.occupations import occupation_table
from emberkeep.character.reaction import reaction_table
from emberkeep.magic.lay_on_hands import load_lay_on_hands_table
from emberkeep.magic.mishaps import load_mishap_table
from emberkeep.magic.spellcheck import load_spellcheck_table
from emberkeep.resources import load_model
from emberkeep.tables.base import RollTable, TableRow

# Start-up: the crit, fumble and injury tables (with their thirty effect models) are imported
# when one of them is shown, not with the first window that cites a ruling.
if TYPE_CHECKING:
    from emberkeep.tables.combat import CritKind

__all__ = ["RULINGS_GROUP", "Entry", "Reference", "RenderedTable", "entries", "reference",
           "render_markdown", "ruling_key", "search", "table", "table_caption", "table_ids"]

_Row = TypeVar("_Row", bound=TableRow)
GameId = Literal["furnace", "wdd", "melee_round"]
_GAME_OF_RULING = {"furnace": "Furnace", "wdd": "Wounds, Dismemberment and Death",
                   "melee_round": "The Melee Round", "general": "every game"}


class _Model(BaseModel):
    # built when the reference is first read (a ruling's tip or the rules window), not when the
    # first window imports this module for ruling_key (bench/startup.py)
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class GameRule(_Model):
    name: str = Field(min_length=1)
    summary: str = Field(min_length=1)
    rulings: tuple[int, ...] = ()


class Game(_Model):
    id: GameId
    name: str
    about: str
    rules: tuple[GameRule, ...]
    tables: tuple[str, ...] = ()


class Ruling(_Model):
    number: int = Field(ge=1)
    title: str = Field(min_length=1)
    game: Literal["furnace", "wdd", "melee_round", "general"]
    question: str = Field(min_length=1)
    app: str = Field(min_length=1)


class Reference(_Model):
    title: str
    intro: str
    games: tuple[Game, ...]
    rulings: tuple[Ruling, ...]

    @model_validator(mode="after")
    def _every_ruling_once_and_cited_ones_exist(self) -> Reference:
        numbers = [r.number for r in self.rulings]
        if numbers != list(range(1, len(numbers) + 1)):
            raise ValueError(f"rulings must run R1, R2, … in order, not {numbers}")
        for game in self.games:
            for rule in game.rules:
                missing = [n for n in rule.rulings if n > len(numbers)]
                if missing:
                    raise ValueError(f"{game.name}: {rule.name} cites R{missing[0]}, "
                                     "which has no entry")
        return self

    def ruling(self, number: int) -> Ruling:
        if not 1 <= number <= len(self.rulings):
            raise KeyError(f"no ruling R{number} (the rulings run R1…R{len(self.rulings)})")
        return self.rulings[number - 1]


@cache
def reference() -> Reference:
    return load_model(Reference, "rules_reference.json")


# -- tables, read through the loaders the core rolls on ----------------------------------------

@dataclass(frozen=True, slots=True)
class RenderedTable:
    """A table as rows of cells: ``header`` names the columns, ``die`` what is rolled on it,
    ``note`` how to read a cell (the Advancement table's "$")."""

    id: str
    name: str
    die: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""


def _roll_table(loaded: RollTable[_Row], die: str = "") -> RenderedTable:
    return RenderedTable(loaded.id, loaded.name, die or loaded.die, ("Roll", "Result"),
                         tuple((row.label, row.text) for row in loaded.rows))


# a class crit table's own die is only its widest range: the attacker's level picks the die;
# the SPELLCHECK and Lay on Hands bands are read by the check's total, not the bare d20
_CRIT_DIE = "the crit die of the attacker's level (the Crit Die table)"


def _crit_die() -> RenderedTable:
    from emberkeep.tables.combat import CritDieTable

    data = load_model(CritDieTable, "tables", "crit_die.json")
    return RenderedTable(data.id, data.name, "", ("Level", "Crit die"),
                         tuple((str(e.level), e.die) for e in data.levels))


def _fumble_die() -> RenderedTable:
    from emberkeep.tables.combat import FumbleDieTable

    data = load_model(FumbleDieTable, "tables", "fumble_die.json")
    return RenderedTable(data.id, data.name, "", ("Armor", "Fumble die"),
                         tuple((e.text, e.die) for e in data.armor))


def _crit(class_id: CritKind) -> RenderedTable:
    from emberkeep.tables.combat import crit_table

    return _roll_table(crit_table(class_id), _CRIT_DIE)


def _combat(name: str) -> RenderedTable:
    """The fumble, injuries or lingering injuries table."""
    from emberkeep.tables import combat

    tables = {"fumble": combat.fumble_table, "injuries": combat.injuries_table,
              "lingering_injuries": combat.lingering_injuries_table}
    return _roll_table(tables[name]())


def _advancement() -> RenderedTable:
    data = advancement_table()
    # the cells keep the text's "5HD+1$"; without its own line saying what "$" is (R5's fixed
    # gain) a reader of the reference could not tell
    return RenderedTable("advancement", "Advancement", "", ("Level", "PROF", "Hit dice", "Gains"),
                         tuple((str(r.level), f"+{r.prof}", r.hit_dice, r.text)
                               for r in data.levels),
                         f"{data.text} Each $ is hit points gained with no roll (R5).")


def _xp() -> RenderedTable:
    data = xp_table()
    return RenderedTable("xp", "Experience", "", ("Level", "XP"),
                         tuple((str(r.level), str(r.xp)) for r in data.levels), data.text)


_TABLES: dict[str, Callable[[], RenderedTable]] = {
    "crit_die": _crit_die,
    "crit_fighter": lambda: _crit("fighter"),
    "crit_cleric": lambda: _crit("cleric"),
    "crit_rogue": lambda: _crit("rogue"),
    "crit_zero_level": lambda: _crit("zero_level"),
    "fumble_die": _fumble_die,
    "fumble": lambda: _combat("fumble"),
    "injuries": lambda: _combat("injuries"),
    "lingering_injuries": lambda: _combat("lingering_injuries"),
    "spellcheck": lambda: _roll_table(load_spellcheck_table(),
                                      "the SPELLCHECK total: d20 + INT or WIS + PROF"),
    "mishap_general": lambda: _roll_table(load_mishap_table("mishap_general")),
    "mishap_fireball": lambda: _roll_table(load_mishap_table("mishap_fireball")),
    "mishap_polymorph": lambda: _roll_table(load_mishap_table("mishap_polymorph")),
    "lay_on_hands": lambda: _roll_table(load_lay_on_hands_table(),
                                        "the Lay on Hands SPELLCHECK total"),
    "advancement": _advancement,
    "xp": _xp,
    "occupations": lambda: _roll_table(occupation_table()),
    "reaction": lambda: _roll_table(reaction_table()),
}


def table_ids() -> tuple[str, ...]:
    """Every table the reference can show: the file names under ``resources/tables/``."""
    return tuple(_TABLES)


def table(table_id: str) -> RenderedTable:
    try:
        return _TABLES[table_id]()
    except KeyError:
        raise KeyError(f"the rules reference has no table {table_id!r}") from None


# -- entries -----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Entry:
    """One thing the GM can look up: a ruling, a game's rules, or a table.

    ``key`` is stable (``R22``, ``game:wdd``, ``table:fumble``); ``group`` is where it sits in
    the contents; ``text`` is plain text; ``table`` is set for a table entry.
    """

    key: str
    group: str
    title: str
    text: str
    table: RenderedTable | None = None

    def matches(self, words: str) -> bool:
        """Every word of ``words`` occurs in the title or text, case ignored."""
        haystack = f"{self.key} {self.title}\n{self.text}".casefold()
        return all(word in haystack for word in words.casefold().split())


def ruling_key(number: int) -> str:
    return f"R{number}"


def _cites(numbers: Sequence[int]) -> str:
    return f" ({', '.join(ruling_key(n) for n in numbers)})" if numbers else ""


def table_caption(rendered: RenderedTable) -> str:
    """What is rolled on the table and how to read it, in one line ("" when neither is said)."""
    return " ".join(part for part in (f"Roll: {rendered.die}." if rendered.die else "",
                                      rendered.note) if part)


def _table_text(rendered: RenderedTable) -> str:
    lines = [table_caption(rendered)]
    lines += ["  ".join(row) for row in rendered.rows]
    return "\n".join(line for line in lines if line)


RULINGS_GROUP = "Rulings"


@cache
def entries() -> tuple[Entry, ...]:
    """Every entry, in the reference's order: each game, its tables, then the rulings."""
    ref = reference()
    found: list[Entry] = []
    for game in ref.games:
        rules = "\n".join(f"• {rule.name}: {rule.summary}{_cites(rule.rulings)}"
                          for rule in game.rules)
        found.append(Entry(f"game:{game.id}", game.name, f"{game.name}: Rules the app plays",
                           f"{game.about}\n\n{rules}"))
        for table_id in game.tables:
            rendered = table(table_id)
            found.append(Entry(f"table:{table_id}", game.name, rendered.name,
                               _table_text(rendered), rendered))
    for ruling in ref.rulings:
        found.append(Entry(
            ruling_key(ruling.number), RULINGS_GROUP,
            f"{ruling_key(ruling.number)} {ruling.title}",
            f"Applies to: {_GAME_OF_RULING[ruling.game]}.\n\n"
            f"Question: {ruling.question}\n\nWhat the app does: {ruling.app}"))
    return tuple(found)


def search(words: str) -> tuple[Entry, ...]:
    """The entries matching ``words`` (all of them when it is blank), rulings cited by number
    first: "R22" or "22" finds R22 before the entries that merely mention it."""
    found = [e for e in entries() if e.matches(words)]
    wanted = words.strip().upper().removeprefix("R")
    exact = [e for e in found if e.key == f"R{wanted}"]
    return tuple(exact + [e for e in found if e not in exact])


# -- Markdown ----------------------------------------------------------------------------------

def _cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def _markdown_table(rendered: RenderedTable) -> list[str]:
    lines = ["| " + " | ".join(rendered.header) + " |",
             "|" + "---|" * len(rendered.header)]
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rendered.rows]
    return lines


def _anchor(key: str) -> str:
    return key.lower().replace(":", "-").replace("_", "-")


def render_markdown() -> str:
    """``docs/rules.md``: the contents, each game with its rules and tables, then the rulings."""
    ref = reference()
    out = [f"# {ref.title}", "",
           "<!-- Generated by `uv run python -m emberkeep.rules_reference > docs/rules.md` "
           "from resources/rules_reference.json and resources/tables/: edit those, not this. -->",
           "", ref.intro, "", "## Contents", ""]
    for game in ref.games:
        out.append(f"- [{game.name}](#game-{_anchor(game.id)})")
        for table_id in game.tables:
            out.append(f"  - [{table(table_id).name}](#table-{_anchor(table_id)})")
    out.append(f"- [Rulings R1…R{len(ref.rulings)}](#rulings)")
    out.append("")
    for game in ref.games:
        out += [f'<a id="game-{_anchor(game.id)}"></a>', "", f"## {game.name}", "", game.about,
                "", "The rules the app plays:", ""]
        out += [f"- **{rule.name}**: {rule.summary}{_cites(rule.rulings)}" for rule in game.rules]
        out.append("")
        for table_id in game.tables:
            rendered = table(table_id)
            out += [f'<a id="table-{_anchor(table_id)}"></a>', "", f"### {rendered.name}", ""]
            if table_caption(rendered):
                out += [table_caption(rendered), ""]
            out += [*_markdown_table(rendered), ""]
    out += ['<a id="rulings"></a>', "", f"## Rulings R1…R{len(ref.rulings)}", ""]
    for ruling in ref.rulings:
        out += [f'<a id="{_anchor(ruling_key(ruling.number))}"></a>', "",
                f"### {ruling_key(ruling.number)} {ruling.title}", "",
                f"*Applies to {_GAME_OF_RULING[ruling.game]}.* {ruling.question}", "",
                f"**What the app does:** {ruling.app}", ""]
    return "\n".join(out).rstrip("\n") + "\n"


if __name__ == "__main__":  # pragma: no cover - the docs/rules.md generator
    sys.stdout.buffer.write(render_markdown().encode("utf-8"))  # UTF-8 and \n on every OS
