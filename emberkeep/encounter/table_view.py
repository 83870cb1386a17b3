"""What the players may know of a fight, as one immutable snapshot.

What players see is a rule of the table, so it is said once, here, and every players' screen
reads the same snapshot: the second-screen player view (F5) and the page the GM shares with the
players' phones. A snapshot holds only plain strings, ints and booleans in frozen dataclasses
and tuples: built on the GUI's thread after a step, it can be handed to another thread (the
share server) and read there while the fight goes on.

The rules of what is shown:

- the round (and WDD segment), whose turn it is and who comes next, by name; a combatant the GM
  has hidden (:mod:`emberkeep.encounter.reveal`) is never named nor listed;
- each combatant shown: its name, its side, its condition words without what only the GM may
  know (R35's unawareness of a hidden foe; the dying countdown is in the health words);
- a PC's HP as numbers (it is on its player's sheet anyway; in a Melee Round the knight's own,
  labelled "knight HP", R39); a monster's only as "unhurt / wounded / bloodied / down", never a
  number;
- the last few lines of the log the GM chose to share, only of the actions the whole table
  sees happen (an attack, a turn, a spell): never the GM's notes, damage or healing typed by
  hand (its line says the HP left), morale or reaction rolls, and no line naming a hidden one.
"""

from __future__ import annotations

from dataclasses import dataclass

from emberkeep.campaign.settings import InitiativeMode
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.condition_names import conditions_words
from emberkeep.encounter.dying import DYING, life_state
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.events import Set, Step
from emberkeep.encounter.initiative import Slot
from emberkeep.encounter.reveal import shown_to_players
from emberkeep.encounter.turns import current
from emberkeep.encounter.unaware import UNAWARE

__all__ = ["MONSTER_WORDS", "SHARED_ACTIONS", "TableRow", "TableView", "log_lines",
           "monster_word", "next_up", "player_conditions", "player_health", "players_order",
           "table_view"]

MONSTER_WORDS = ("unhurt", "wounded", "bloodied", "down")

# The steps whose log line the table may read: what everyone sees happen. Left out: the GM's
# rulings and notes, hiding and revealing, damage and healing by hand (the line says the HP
# left), morale and reaction rolls, timers, declared intents and checks the GM rolls aside.
SHARED_ACTIONS = frozenset({
    "attack", "move and attack", "grip attacks", "simultaneous melee", "fend", "shove",
    "grapple", "break free", "break grip", "round", "next turn", "end", "surprise", "cast",
    "move and cast", "lay on hands", "dodge", "move", "disengage", "stand up", "stabilize",
    "draw", "pick up", "halberd", "use item",
})

_NOT_FOR_PLAYERS = frozenset({DYING, UNAWARE})  # dying: said in the health words; R35
_PC_WORDS = {"dying": " — dying", "stable": " — stable", "out": " — out of the fight"}


@dataclass(frozen=True, slots=True)
class TableRow:
    """One combatant as the players see it."""

    cid: str  # the combatant's and its sheet's ids: for the views to find the row by, never
    character_id: str | None  # shown (a share links a sheet by a key of its own)
    name: str
    side: str
    health: str
    conditions: str
    acting: bool
    down: bool
    pc: bool


@dataclass(frozen=True, slots=True)
class TableView:
    """A fight as the players may know it, at one moment."""

    title: str
    stage: str  # "round 2 · segment 3", "about to begin", "the fight is over"
    round: int
    acting: str  # whose turn, by name ("" before, after, or a hidden one's turn)
    next: str  # who comes next in this round ("" if nobody shown)
    rows: tuple[TableRow, ...]
    log: tuple[str, ...]  # the shared log lines, oldest first

    def texts(self) -> list[str]:
        """Every string the snapshot holds (for tests: what a players' screen can show)."""
        found = [self.title, self.stage, str(self.round), self.acting, self.next, *self.log]
        for row in self.rows:
            found += [row.name, row.side, row.health, row.conditions]
        return found


def monster_word(enc: Encounter, c: Combatant) -> str:
    """What the players may know of a monster's health: unhurt / wounded / bloodied / down."""
    if enc.is_down(c):
        return "down"
    hp, max_hp = enc.hp_with_max(c)
    if hp >= max_hp:
        return "unhurt"
    return "wounded" if hp * 2 > max_hp else "bloodied"


def player_health(enc: Encounter, c: Combatant) -> str:
    """A PC's HP as numbers with its state (dying, stable, dead: the core's ``life_state``,
    R21, R22), a monster's only in words."""
    if c.kind != "pc":
        return monster_word(enc, c)
    state = life_state(enc, c)
    if state == "dead":
        return "dead"
    hp, max_hp = enc.hp_with_max(c)
    if not max_hp:
        return "no knight profile"
    # R39: a Melee Round's HP is the knight's own, labelled so on the players' screen
    unit = "knight HP" if enc.knight_hp else "HP"
    return f"{hp}/{max_hp} {unit}" + _PC_WORDS.get(state, "")


def player_conditions(enc: Encounter, c: Combatant) -> str:
    """The condition words the players may see: not R35's unawareness (the GM's secret), not
    the dying countdown (in the health words); a dead PC's last conditions not at all."""
    if c.kind == "pc" and life_state(enc, c) == "dead":
        return ""
    return ", ".join(conditions_words(c.conditions, leave_out=_NOT_FOR_PLAYERS))


def players_order(enc: Encounter) -> list[str]:
    """The ids of the combatants shown, in the round's order (those not in it yet, after)."""
    seen: dict[str, None] = {}
    for entry in enc.state.order:
        seen.setdefault(Slot.parse(entry).cid, None)
    for cid in enc.combatants:
        seen.setdefault(cid, None)
    return shown_to_players(enc, seen)


def next_up(enc: Encounter) -> Combatant | None:
    """Who acts after the current turn in this round, as ``next_turn`` would choose today
    (standing, free to act, not done already; a spell slot only with its spell still
    declared), skipping the hidden: the players are told only of those they see."""
    st = enc.state
    if st.phase != "fighting":
        return None
    once = st.mode != InitiativeMode.SEGMENTS
    now = current(enc)
    for entry in st.order[st.turn + 1:]:
        slot = Slot.parse(entry)
        c = enc.combatants.get(slot.cid)
        if c is None or c.hidden or (once and (c.acted or c is now)) or not enc.can_act(c):
            continue
        if slot.kind == "spell" and (c.declared_spell is None or c.jostled):
            continue
        return c
    return None


def log_lines(enc: Encounter, count: int) -> tuple[str, ...]:
    """The last ``count`` shareable log lines (:data:`SHARED_ACTIONS`), each with its round."""
    if count <= 0:
        return ()
    hidden = [c.name for c in enc.combatants.values() if c.hidden and c.name]
    lines: list[str] = []
    number = 0
    for step in enc.history:
        number = _round_after(step, number)
        text = step.summary or step.action
        if step.action not in SHARED_ACTIONS or any(name in text for name in hidden):
            continue
        said = not number or text.startswith(f"Round {number}")  # a round's own line says it
        lines.append(text if said else f"Round {number}: {text}")
    return tuple(lines[-count:])


def _round_after(step: Step, before: int) -> int:
    for event in step.events:
        if isinstance(event, Set) and event.target == ("enc",) and event.field == "round":
            return int(event.after)
    return before


def _stage(enc: Encounter) -> str:
    st = enc.state
    if st.phase == "over":
        return "the fight is over"
    if st.round:
        segment = f" · segment {st.segment}" if st.segment else ""
        return f"round {st.round}{segment}"
    return "about to begin"


def table_view(enc: Encounter, title: str, *, log_count: int = 0) -> TableView:
    """The fight as the players may know it now (the module's rules)."""
    now = current(enc)
    acting = now.name if now is not None and not now.hidden else ""
    after = next_up(enc)
    rows = tuple(_row(enc, enc.combatants[cid], now) for cid in players_order(enc))
    return TableView(title=title, stage=_stage(enc), round=enc.state.round, acting=acting,
                     next=after.name if after is not None else "", rows=rows,
                     log=log_lines(enc, log_count))


def _row(enc: Encounter, c: Combatant, now: Combatant | None) -> TableRow:
    return TableRow(cid=c.id, character_id=c.character_id, name=c.name, side=c.side,
                    health=player_health(enc, c), conditions=player_conditions(enc, c),
                    acting=c is now, down=enc.is_down(c), pc=c.kind == "pc")
