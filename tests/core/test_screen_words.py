"""Every word on screen is a GM's word: no engine key reaches the preview, the log or the recap.

The scripted fights of the crit-row, fumble-row and injury tests are played again (their own
test functions, so every row they reach is reached here too), with every mishap row of the
General, Fireball and Polymorph tables cast on top; each encounter made is kept, and every line
the step texts (``recap.step_lines``: the preview and the log), the recap and the combatants'
condition words give is read for a snake_case key, a condition's code ("HARD:STR") or a table's
id ahead of its roll ("fumble 5").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any, get_args

import pytest

from emberkeep.encounter import engine
from emberkeep.encounter.actions import cast
from emberkeep.encounter.condition_names import condition_label, conditions_words
from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.events import Row
from emberkeep.encounter.recap import recap_markdown, step_lines
from emberkeep.encounter.ruling import AddCondition, gm_ruling
from emberkeep.encounter.table_names import row_line
from emberkeep.magic.mishaps import load_mishap_table
from emberkeep.tables.combat import (
    crit_table,
    fumble_table,
    injuries_table,
    lingering_injuries_table,
)
from emberkeep.tables.effects import ConditionName
from tests.core import test_encounter_crit_rows as crit_rows
from tests.core import test_encounter_fumble_rows as fumble_rows
from tests.core import test_encounter_injuries as injuries
from tests.core.test_encounter_actions import _encounter, _pc

SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
CODE = re.compile(r"\b[A-Za-z_]+:[A-Za-z_]")  # "HARD:STR", "hp_loss:3" is caught as snake
TABLE_ID = re.compile(r"\b(?:crit_\w+|fumble|injuries|lingering_injuries|mishap_\w+|"
                      r"mishaps:\w+) \d")


class FacesThenTwos:
    """The faces given, then 2 on every die (a mishap row's own dice and SAVEs)."""

    def __init__(self, faces: list[int]) -> None:
        self._faces = list(reversed(faces))

    def die(self, sides: int) -> int:
        return self._faces.pop() if self._faces else min(2, sides)


def internal_keys(text: str) -> list[str]:
    """The engine keys in ``text`` (empty: every word is the GM's)."""
    return [m.group(0) for pattern in (SNAKE, CODE, TABLE_ID) for m in pattern.finditer(text)]


def screen_texts(enc: Encounter) -> Iterator[str]:
    """What the preview, the log and the recap show of ``enc``'s fight, and each combatant's
    conditions in words."""
    for step in enc.history:
        yield step.summary or step.action
        yield from step_lines(step, enc)
    yield recap_markdown(enc, "The fight")
    for c in enc.combatants.values():
        yield ", ".join(conditions_words(c.conditions))


def _cases() -> Iterator[tuple[str, Callable[[], Any]]]:
    for kind, row in crit_rows.CASES:
        yield f"crit {kind} {row.label}", partial(crit_rows.test_every_crit_row_applies_exactly,
                                                  kind, row)
    for value in sorted(fumble_rows.ROWS):
        yield f"fumble {value}", partial(fumble_rows.test_every_fumble_row_applies_exactly,
                                         value)
    yield "injuries 1", injuries.test_injuries_1_a_false_hope_is_death
    for face, ability in [(2, "STR"), (3, "DEX"), (4, "CON"), (5, "INT"), (6, "WIS"),
                          (7, "CHA")]:
        yield f"injuries {face}", partial(
            injuries.test_injuries_2_to_7_lose_1d6_of_a_score_kept_apart_on_the_sheet,
            face, ability)
    yield "a score lost to 0", injuries.test_a_score_lost_to_0_is_death
    for face in (8, 13):
        yield f"injuries {face}", partial(
            injuries.test_injuries_8_to_13_roll_the_lingering_table, face)
    for face in (14, 19):
        yield f"injuries {face}", partial(
            injuries.test_injuries_14_to_19_all_checks_hard_until_rest, face)
    yield "injuries 20", injuries.test_injuries_20_instantly_heals_1_hd
    for face, dice, check in injuries.LINGERING:
        yield f"lingering {face}", partial(injuries.test_lingering_row, face, dice, check)
    for face in (1, 2):
        yield f"lingering save {face}", partial(
            injuries.test_lingering_shocking_and_stunning_blows_are_saved_against, face)
    yield "second eye", injuries.test_a_second_lost_eye_blinds
    yield "open wound", injuries.test_the_open_wound_bleeds_1_hp_every_round
    for face, acts in [(9, False), (10, True)]:
        yield f"torso {face}", partial(injuries.test_the_torso_con_save_every_turn, face, acts)


def _mishap(spell: str, table: str, face: int) -> Encounter:
    """Ysolde casts ``spell`` with a natural 1; its mishap die shows ``face``."""
    enc = _encounter()
    enc.roller = FacesThenTwos([1, face])
    ysolde = _pc(enc, "Ysolde")
    enc.combatant("goblin-1").position = ysolde.position  # CLOSE: in reach of any spell
    step = cast(enc, ysolde.id, spell, ["goblin-1"])
    rows = [e for e in step.events if isinstance(e, Row)]
    assert [(r.table, r.value) for r in rows] == [(table, face)]
    return enc


MISHAPS = [("chill_touch", "mishap_general"), ("fireball", "mishap_fireball"),
           ("polymorph", "mishap_polymorph")]


@pytest.fixture
def made(monkeypatch: pytest.MonkeyPatch) -> list[Encounter]:
    """Every encounter made while the test runs."""
    kept: list[Encounter] = []
    init = engine.Encounter.__init__

    def keep(self: Encounter, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        kept.append(self)

    monkeypatch.setattr(engine.Encounter, "__init__", keep)
    return kept


@pytest.mark.slow
def test_no_engine_key_reaches_the_screen_in_any_scripted_fight(made: list[Encounter]) -> None:
    tables: set[tuple[str, int]] = set()
    found: dict[str, list[str]] = {}
    for name, play in _cases():
        start = len(made)
        play()
        for enc in made[start:]:
            for step in enc.history:
                tables.update((e.table, e.value) for e in step.events if isinstance(e, Row))
            for text in screen_texts(enc):
                if keys := internal_keys(text):
                    found.setdefault(name, []).append(f"{keys}: {text}")
    for spell, table in MISHAPS:
        for row in load_mishap_table(table).rows:
            assert row.low is not None
            enc = _mishap(spell, table, row.low)
            tables.add((table, row.low))
            for text in screen_texts(enc):
                if keys := internal_keys(text):
                    found.setdefault(f"{table} {row.low}", []).append(f"{keys}: {text}")
    # every row of every table was reached (the texts above read them all)
    for kind in crit_rows.CLASS_OF:
        assert {r.low for r in crit_table(kind).rows} <= {
            v for t, v in tables if t == f"crit_{kind}"}
    for table, rows in (("fumble", fumble_table().rows), ("injuries", injuries_table().rows),
                        ("lingering_injuries", lingering_injuries_table().rows)):
        assert {r.low for r in rows} <= {v for t, v in tables if t == table}, table
    assert found == {}


@pytest.mark.parametrize("name", [*get_args(ConditionName), "dying_in", "stable",
                                  "weapon_broken", "hp_loss:3", "save_each_round:CON",
                                  "HARD:STR", "EASY:ranged_attacks", "cant_cast:chill_touch",
                                  "lost_eye", "UNAWARE", "cant_be_healed", "reroll_miss",
                                  "attacks_easy", "hp_to_damage", "gripping", "fled"])
def test_every_condition_reads_in_words_with_its_time(name: str) -> None:
    shown = conditions_words((ActiveCondition(name, 3, "rounds"),))
    assert len(shown) == 1 and shown[0].startswith(condition_label(name))
    assert internal_keys(shown[0]) == []
    assert "3 rounds" in shown[0]


def test_a_table_row_reads_as_the_rules_name_it() -> None:
    assert row_line(Row("crit_rogue", 5, "5", "Make another ATK.")) \
        == "Crit table (Rogues), roll 5: make another ATK"
    assert row_line(Row("fumble", 5, "5", "You trip.")) == "Fumble table, roll 5: you trip"
    assert row_line(Row("lingering_injuries", 18, "17-20", "Minor Scar")) \
        == "Lingering Injuries table, roll 18 (17-20): minor Scar"
    assert row_line(Row("mishaps:magic_bolt", 2, "2", "Sparks"),
                    {"magic_bolt": "Magic Bolt"}.__getitem__) \
        == "Magic Bolt mishaps, roll 2: sparks"


def test_unaware_applied_five_times_is_held_once_with_the_latest_time_and_undo_restores() -> None:
    """The GM puts UNAWARE on Goblin 1 five times (1 to 5 rounds): one copy, 5 rounds left;
    the log says it once; undo brings back the 4 rounds of the one before."""
    enc = _encounter([])
    goblin = enc.combatant("goblin-1")
    for rounds in range(1, 6):
        gm_ruling(enc, "It hides", [AddCondition(goblin.id, ActiveCondition("UNAWARE", rounds,
                                                                    "rounds"))])
    assert [(x.name, x.rounds_left) for x in goblin.conditions] == [("UNAWARE", 5)]
    assert conditions_words(goblin.conditions) == ["UNAWARE (5 rounds)"]
    lines = [line for step in enc.history for line in step_lines(step, enc)]
    assert lines == ["It hides", "Goblin 1 is now UNAWARE (1 round)",
                     *[line for n in range(2, 6)
                       for line in ("It hides", f"Goblin 1 is again UNAWARE ({n} rounds)")]]
    assert lines[1::2] == ["Goblin 1 is now UNAWARE (1 round)",
                     *[f"Goblin 1 is again UNAWARE ({n} rounds)" for n in range(2, 6)]]
    enc.undo()
    assert [(x.name, x.rounds_left) for x in goblin.conditions] == [("UNAWARE", 4)]


def test_surprise_s_unawareness_of_each_foe_is_said_once() -> None:
    """R35 holds one UNAWARE per unseen foe; the words say it once."""
    held = tuple(ActiveCondition("UNAWARE", None, "surprise", f"pc-{n}") for n in range(5))
    assert conditions_words(held) == ["UNAWARE"]
