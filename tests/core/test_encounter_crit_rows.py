"""Every row of the four crit tables, applied with scripted dice (R15, R19, R26, R30).

Furnace: "If a character rolls a natural 20, take your maximum DAM and roll from the table
assigned to your class and level." Each case: Brannoc (arming sword 1d8, STR +1, so a maximum
blow of 9) rolls a natural 20 at a 200-HP brute; the crit die shows the face that selects the
row (level 5: d20; level 10: d20+10 for rows above 20); every extra die of the row shows 2; the
brute fails every SAVE (a natural 1); any extra attack rolls a 3 and misses. The expected HP,
conditions, gear flags and saves are worked out from the row's data, independently of the
engine, and compared exactly.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pytest

from emberkeep.dice import ScriptedRoller, parse
from emberkeep.encounter.attack import attack
from emberkeep.encounter.crits import HANDLED_KINDS
from emberkeep.encounter.events import Rolled, Row
from emberkeep.tables.combat import (
    EffectRow,
    crit_table,
    fumble_table,
    lingering_injuries_table,
)
from emberkeep.tables.effects import Condition, Effect
from tests.core.test_encounter_attack import BRUTE, LURKER, make, pc

CLASS_OF = {"fighter": "fighter", "cleric": "cleric", "rogue": "rogue",
            "zero_level": "magic_user"}
CASES = [(kind, row) for kind in CLASS_OF for row in crit_table(kind).rows]
MAX_BLOW = 9  # arming sword 1d8 at maximum + STR 1 (R19: "take your maximum DAM")
BRUTE_HP = 200
FACE = 2  # every extra die
UNTIL = {"rounds": "rounds", "next_round": "next_round", "encounter": "encounter",
         "until_removed": "removed", "permanent": "permanent"}


def _dice_faces(dice: str) -> list[int]:
    return [FACE] * parse(dice).count


def _kinds(effects: Sequence[Effect]) -> set[str]:
    found: set[str] = set()
    for e in effects:
        found.add(e.kind)
        if e.kind == "save_or":
            found |= _kinds(e.on_fail)
        if e.kind == "instant_death":
            found |= _kinds(e.otherwise)
    return found


class Expected:
    """What a row should do, worked out from its data alone."""

    def __init__(self) -> None:
        self.faces: list[int] = []
        self.hp = BRUTE_HP - MAX_BLOW
        self.ally_loss = 0
        self.conditions: dict[str, tuple[int | None, str]] = {}
        self.saves = 0
        self.dropped = False
        self.broken = False
        self.dead = False
        self.follow_ups = 0

    def condition(self, e: Condition) -> None:
        d = e.duration
        rounds = None
        if d.unit == "rounds":
            assert d.dice is not None
            self.faces += _dice_faces(d.dice)
            rounds = FACE * parse(d.dice).count + parse(d.dice).modifier
        elif d.unit == "next_round":
            rounds = 1
        self.conditions[e.name] = (rounds, UNTIL[d.unit])

    def walk(self, effects: Sequence[Effect]) -> None:
        for e in effects:
            if e.kind == "extra_damage":
                self.faces += _dice_faces(e.dice)
                self.hp -= FACE * parse(e.dice).count
            elif e.kind == "ally_damage":
                self.faces += _dice_faces(e.dice)
                self.ally_loss += FACE * parse(e.dice).count
            elif e.kind == "condition":
                self.condition(e)
            elif e.kind == "save_or":
                self.faces.append(1)  # the brute fails
                self.saves += 1
                self.walk(e.on_fail)
            elif e.kind == "die_in":
                self.faces += _dice_faces(e.rounds)
                self.conditions["dying_in"] = (FACE * parse(e.rounds).count, "rounds")
            elif e.kind == "instant_death":
                if e.when == "always":
                    self.dead = True
                else:  # a 200-HP brute has more HP than Brannoc: "Else ... 2d12 DAM"
                    self.walk(e.otherwise)
            elif e.kind == "lose_half_hp":
                self.hp -= math.ceil(self.hp / 2)
            elif e.kind == "weapon_dropped":
                self.dropped = True
            elif e.kind == "weapon_sundered":
                self.dropped = self.broken = True
            elif e.kind == "extra_attack":
                if e.only_if_target_dies and not self.dead:
                    continue
                self.follow_ups += 1
            elif e.kind != "flavour":  # pragma: no cover - the crit tables use no other kind
                raise AssertionError(e.kind)


def _expect(row: EffectRow) -> Expected:
    exp = Expected()
    top = [e for e in row.effects if e.kind == "extra_damage"]
    exp.walk(top)
    exp.walk([e for e in row.effects if e.kind != "extra_damage"])
    if exp.dead:
        exp.hp = 0
    exp.faces += [3] * exp.follow_ups  # each extra ATK misses
    return exp


def _row_value(row: EffectRow) -> int:
    assert row.low is not None
    return row.low


@pytest.mark.parametrize(("kind", "row"), CASES,
                         ids=[f"{k}-{r.label}" for k, r in CASES])
def test_every_crit_row_applies_exactly(kind: str, row: EffectRow) -> None:
    enc = make(foes=((BRUTE, 0), (LURKER, 1)))
    brannoc = pc(enc, "Brannoc")
    ch = enc.character(brannoc)
    value = _row_value(row)
    level, face = (5, value) if value <= 20 else (10, value - 10)
    ch.class_id, ch.level = CLASS_OF[kind], level
    maud = pc(enc, "Sister")
    enc.character(maud).max_hp = enc.character(maud).hp = 40
    for other in (pc(enc, "Wren"), pc(enc, "Ysolde")):
        other.position = 6  # out of the way: Maud is the one ally CLOSE to the brute
    exp = _expect(row)
    enc.roller = ScriptedRoller([20, face, *exp.faces])
    step = attack(enc, brannoc.id, "brute-1")
    brute = enc.combatant("brute-1")
    rows = [e for e in step.events if isinstance(e, Row)]
    assert [(r.table, r.label, r.text) for r in rows] == [(f"crit_{kind}", row.label, row.text)]
    assert brute.hp == exp.hp
    assert enc.character(maud).hp == 40 - exp.ally_loss
    got = {c.name: (c.rounds_left, c.until) for c in brute.conditions}
    assert got == exp.conditions | ({"weapon_broken": (None, "encounter")} if exp.broken
                                     else {})
    saves = [e for e in step.events if isinstance(e, Rolled) and "SAVE" in e.purpose]
    assert len(saves) == exp.saves
    assert brute.weapon_dropped is exp.dropped
    assert brute.ac_penalty == 1  # R15: every crit dents the armor (a monster: -1 AC)
    attacks = [e for e in step.events if isinstance(e, Rolled) and e.purpose.startswith("attack")]
    assert len(attacks) == 1 + exp.follow_ups
    assert enc.roller.remaining == 0


def test_fighter_row_28_decapitates_then_attacks_a_foe_near_until_a_miss() -> None:
    """Fighter 28+: "Foe decapitated ... Continue to make ATK against any foes NEAR until you
    miss." The next foe is NEAR: Brannoc steps into its zone; a hit, then a miss, ends it."""
    enc = make(foes=((BRUTE, 0), (LURKER, 1)))
    brannoc = pc(enc, "Brannoc")
    ch = enc.character(brannoc)
    ch.level = 10
    # 20 crit; d20+10 shows 18 → 28; extra ATK: 15 hits (dmg 4), then 3 misses
    enc.roller = ScriptedRoller([20, 18, 15, 4, 3])
    attack(enc, brannoc.id, "brute-1")
    assert enc.combatant("brute-1").hp == 0
    assert brannoc.position == 1
    assert enc.combatant("lurker-1").hp == 200 - (4 + 1)


def test_crit_and_fumble_data_use_only_effect_kinds_the_engine_applies() -> None:
    """Issue #4: every row is classified as mechanical (applied) or text the GM rules on."""
    tables = [crit_table(k) for k in CLASS_OF] + [fumble_table(), lingering_injuries_table()]
    used: set[str] = set()
    for table in tables:
        for row in table.rows:
            used |= _kinds(list(row.effects))
    assert used <= HANDLED_KINDS


def test_text_only_rows_are_rare_and_each_is_justified_in_the_data() -> None:
    """Issue #4: "Text-only should be the rare exception, each one justified"."""
    text_only: list[Any] = []
    for table in [crit_table(k) for k in CLASS_OF] + [fumble_table()]:
        for row in table.rows:
            if row.flavour_only:
                text_only.append((table.id, row.label))
                assert row.gm_note, f"{table.id} {row.label} needs a gm_note"
    assert text_only == [("fumble", "1")]
