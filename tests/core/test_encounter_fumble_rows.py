"""Every row of the fumble table, applied to the fumbler with scripted dice (R17, R26).

Furnace: "If a character rolls a natural 1, roll of the Fumble table determined by your armor."
Brannoc wears scale mail (medium: d12, R31) and swings his arming sword (standard: 2 notches
before it breaks, R17) at a goblin; Sister Maud stands CLOSE beside him. WDD's own natural-1
notch and drop are off here (``armor_crits_and_notches``) so each row shows its own effect;
the last tests turn them on (R17: "One fumble is one notch").
"""

from __future__ import annotations

import pytest

from emberkeep.campaign.settings import CampaignSettings, MonsterCrits, OptionalRules
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.attack import attack
from emberkeep.encounter.events import Row
from tests.core.test_encounter_attack import GOBLIN, make, pc

NO_WDD = CampaignSettings(rules=OptionalRules(armor_crits_and_notches=False))

# row → (extra faces after the d20 and the fumble die, conditions on Brannoc, notches,
#        dropped, broken, Brannoc's HP loss, attacks rolled)
ROWS: dict[int, tuple[list[int], dict[str, tuple[int | None, str]], int, bool, bool, int, int]] = {
    1: ([], {}, 0, False, False, 0, 1),                                  # "You miss wildly"
    2: ([1], {"PRONE": (1, "next_round")}, 0, False, False, 0, 1),       # DEX save 1+0 < 10
    3: ([], {"attacks_hard": (None, "next_attack")}, 0, False, False, 0, 1),
    4: ([], {}, 1, False, False, 0, 1),                                  # "weapon is damaged"
    5: ([], {"PRONE": (1, "next_round"), "cant_act": (1, "next_round")}, 0, False, False, 0, 1),
    6: ([], {"cant_act": (1, "next_round")}, 0, False, False, 0, 1),
    7: ([], {}, 0, True, False, 0, 1),                                   # "You drop your weapon"
    8: ([], {}, 0, False, True, 0, 1),                                   # "smash your weapon"
    9: ([], {"easy_to_hit": (None, "next_attack")}, 0, False, False, 0, 1),
    10: ([3], {"cant_move": (3, "rounds")}, 0, False, False, 0, 1),      # 1d4 turns: 3
    11: ([5], {}, 0, False, False, 0, 2),                                # ATK Maud: 5+2 misses
    12: ([6], {}, 0, False, False, 6 + 1, 1),                            # 1d8 6 + STR 1
}


@pytest.mark.parametrize("value", sorted(ROWS))
def test_every_fumble_row_applies_exactly(value: int) -> None:
    extra, conditions, notches, dropped, broken, hp_loss, attacks = ROWS[value]
    enc = make(settings=NO_WDD)
    brannoc = pc(enc, "Brannoc")
    for other in (pc(enc, "Wren"), pc(enc, "Ysolde")):
        other.position = 6  # Maud is the one ally in range
    ch = enc.character(brannoc)
    ch.max_hp = ch.hp = 30
    enc.roller = ScriptedRoller([1, value, *extra])
    step = attack(enc, brannoc.id, "goblin-1")
    rows = [e for e in step.events if isinstance(e, Row)]
    assert [(r.table, r.value) for r in rows] == [("fumble", value)]
    assert {c.name: (c.rounds_left, c.until) for c in brannoc.conditions} == conditions
    sword = ch.inventory.weapons[0]
    assert (sword.notches, sword.dropped, sword.broken) == (notches, dropped, broken)
    assert ch.hp == 30 - hp_loss
    assert len([r for r in step.rolls() if r.expression == "1d20"]) == attacks + (value == 2)
    assert enc.combatant("goblin-1").hp == 5
    assert enc.roller.remaining == 0


def test_fumble_four_notches_once_even_with_wdd_notches_on() -> None:
    """R17/R26: "One fumble is one notch: ... 'weapon is damaged' and 'drop your weapon' do not
    add a second notch or drop to WDD's" (a natural 1 is WDD's notch and drop)."""
    enc = make([1, 4])
    brannoc = pc(enc, "Brannoc")
    attack(enc, brannoc.id, "goblin-1")
    sword = enc.character(brannoc).inventory.weapons[0]
    assert (sword.notches, sword.dropped, sword.broken) == (1, True, False)


def test_a_cheap_weapon_breaks_on_its_second_fumble() -> None:
    """WDD: "if there is another Critical Fumble, the longsword will break" (cheap: 1, R17)."""
    enc = make([1, 1, 1, 1])
    brannoc = pc(enc, "Brannoc")
    sword = enc.character(brannoc).inventory.weapons[0]
    sword.quality = "cheap"
    attack(enc, brannoc.id, "goblin-1")
    sword.dropped, brannoc.acted = False, False
    attack(enc, brannoc.id, "goblin-1")
    assert sword.broken and sword.notches == 1


def test_a_magical_weapons_own_fumble_drops_it_but_never_notches_or_breaks_it() -> None:
    """R26: "its own fumbles drop it but never notch it"."""
    enc = make([1, 4, 1, 8])
    brannoc = pc(enc, "Brannoc")
    sword = enc.character(brannoc).inventory.weapons[0]
    sword.magical = True
    attack(enc, brannoc.id, "goblin-1")
    assert (sword.notches, sword.dropped) == (0, True)
    sword.dropped, brannoc.acted = False, False
    attack(enc, brannoc.id, "goblin-1")
    assert not sword.broken


def test_with_fumble_tables_off_a_natural_one_is_just_a_miss() -> None:
    enc = make([1], settings=CampaignSettings(rules=OptionalRules(
        fumble_tables=False, armor_crits_and_notches=False)))
    step = attack(enc, pc(enc, "Brannoc").id, "goblin-1")
    assert not [e for e in step.events if isinstance(e, Row)]


def test_an_unarmored_fumbler_rolls_a_d4_and_monsters_fumble_only_when_the_option_is_on() -> None:
    """Furnace: "No armor | d4"; "You can use it for monsters also" (R30: an option)."""
    enc = make([1, 1])
    ysolde = pc(enc, "Ysolde")  # no armor
    attack(enc, ysolde.id, "goblin-1")
    assert isinstance(enc.roller, ScriptedRoller) and enc.roller.asked == [20, 4]
    enc = make([1])
    attack(enc, "goblin-1", pc(enc, "Sister").id)
    assert isinstance(enc.roller, ScriptedRoller) and enc.roller.asked == [20]  # just a miss
    enc = make([1, 2, 1], settings=CampaignSettings(monster_crits=MonsterCrits.CLASS_TABLES))
    attack(enc, "goblin-1", pc(enc, "Sister").id)
    assert [c.name for c in enc.combatant("goblin-1").conditions] == ["PRONE"]
    assert GOBLIN.save_bonus == 2  # the goblin's DEX SAVE: 1 + 2 = 3 < 10
