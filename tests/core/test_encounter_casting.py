"""Casting in a fight: SPELLCHECK (R8), mishaps, disapproval and depletion (R10), Lay on Hands
(R11), Luck Dice (R29), and WDD's declared spell lost when jostled (R20, R31).

Ysolde (Magic-user, INT 16 → +2, PROF +1) and Sister Maud (Cleric, WIS 16 → +2, PROF +1) roll
d20 + 3; the ROOM DC is 12.
"""

from __future__ import annotations

import pytest

from emberkeep.character.luck import LuckState
from emberkeep.encounter.actions import cast, lay_on_hands
from emberkeep.encounter.engine import RuleError
from emberkeep.encounter.events import Note, Rolled, Row, Step
from emberkeep.magic import CasterState
from tests.core.test_encounter_actions import _encounter, _pc


def _notes(step: Step) -> list[str]:
    return [e.text for e in step.events if isinstance(e, Note)]


def _purposes(step: Step) -> list[str]:
    return [e.purpose for e in step.events if isinstance(e, Rolled)]


def test_r8_fireball_at_level_2_burns_its_target_and_undo_restores_everything() -> None:
    """d20 14 + 3 = 17: Success Level 2 (16-20), "1d6 fire DAM (1d) / in CLOSE of the target
    (1d)"; the GM chose the three goblins, all CLOSE to the first (zone 1): the d6 shows 5 and
    each (5 HP) goes down, jostled (the targets are chosen by area, one damage roll for all)."""
    enc = _encounter([14, 5])
    ysolde = _pc(enc, "Ysolde")
    start = enc.fingerprint()
    step = cast(enc, ysolde.id, "fireball", ["goblin-1", "goblin-2", "goblin-3"])
    assert _purposes(step) == ["SPELLCHECK", "Fireball damage"]
    assert step.rolls()[0].total == 17
    assert _notes(step) == ["Fireball, Success Level 2: 1d6 fire DAM (1d)\n"
                            "in CLOSE of the target (1d)"]
    goblins = [enc.combatant(f"goblin-{n}") for n in (1, 2, 3)]
    assert all(g.hp == 0 and enc.is_down(g) and g.jostled for g in goblins)
    assert enc.character(ysolde).caster.spells_cast_since_check == 1  # R10: counted
    assert ysolde.acted
    assert step.summary == ("Ysolde the Grey casts Fireball at level 2: 5 DAM to Goblin 1, "
                            "Goblin 2, Goblin 3")
    enc.undo()
    assert enc.fingerprint() == start


def test_r8_a_total_below_12_fails_and_rolls_no_damage() -> None:
    enc = _encounter([8])  # 11: failure
    ysolde = _pc(enc, "Ysolde")
    step = cast(enc, ysolde.id, "fireball", ["goblin-1"])
    assert _purposes(step) == ["SPELLCHECK"] and enc.combatant("goblin-1").hp == 5
    assert step.summary == "Ysolde the Grey's Fireball fails (11 vs DC 12, no Success Level)"
    assert enc.character(ysolde).caster.spells_cast_since_check == 1  # every SPELLCHECK counts


def test_r8_the_total_must_reach_the_room_dc() -> None:
    """ "you need still reach the ROOM DC regardless the Success Level": 13 vs ROOM DC 14."""
    enc = _encounter([10])
    enc.state.room_dc = 14
    step = cast(enc, _pc(enc, "Ysolde").id, "fireball", ["goblin-1"])
    assert step.summary.endswith("(13 vs DC 14, below the ROOM DC)")


def test_r8_natural_20_adds_two_prof_and_two_dice() -> None:
    """Chill Touch, natural 20: 20 + 3 + 2×PROF 2 = 25, level 3 "2d8 cold DAM" + 2d = 4d8."""
    enc = _encounter([20, 1, 2, 3, 4])
    ysolde, goblin = _pc(enc, "Ysolde"), enc.combatant("goblin-1")
    goblin.position = 0
    step = cast(enc, ysolde.id, "chill_touch", [goblin.id])
    damage = step.rolls()[1]
    assert damage.expression == "4d8" and damage.total == 10
    assert step.summary == "Ysolde the Grey casts Chill Touch at level 3: 10 DAM to Goblin 1"


def test_r8_natural_1_is_a_mishap_on_the_spells_own_table() -> None:
    """Fireball's own d6 mishap table: 3 "A fire bubble expodes in the caster's hand, 1d6
    damage and caster is FRIGHTENED, WISE SAVE" (as typed in the seed): the d6 shows 2 (Ysolde
    4 → 2 HP), her WIS SAVE 2 + 0 + PROF 1 = 3 fails against the ROOM DC 12: FRIGHTENED."""
    enc = _encounter([1, 3, 2, 2])
    ysolde = _pc(enc, "Ysolde")
    step = cast(enc, ysolde.id, "fireball", ["goblin-1"])
    rows = [e for e in step.events if isinstance(e, Row)]
    assert [(r.table, r.value, r.label) for r in rows] == [("mishap_fireball", 3, "3")]
    assert rows[0].text.startswith("A fire bubble expodes in the caster's hand")
    assert enc.combatant("goblin-1").hp == 5
    assert _purposes(step) == ["SPELLCHECK", "mishap", "Fireball damage", "WIS SAVE vs DC 12"]
    sheet = enc.character(ysolde)
    assert sheet.hp == 2 and [c.name for c in ysolde.conditions] == ["FRIGHTENED"]
    enc.undo()
    assert sheet.hp == 4 and ysolde.conditions == ()


def test_r10_a_clerics_natural_1_is_a_disapproval_and_widens_the_range() -> None:
    """DCC: the range starts at 1 and grows by 1 after each failed prayer, so a natural 2
    is a disapproval the second time."""
    enc = _encounter([1, 2, 2])
    maud = _pc(enc, "Sister")
    step = cast(enc, maud.id, "bless", [_pc(enc, "Brannoc").id])
    assert any(n.startswith("Disapproval (natural 1 within 1-1)") for n in _notes(step))
    assert enc.character(maud).caster.disapproval_range == 2
    maud.acted = False
    step = cast(enc, maud.id, "bless", [])
    assert any(n.startswith("Disapproval (natural 2 within 1-2)") for n in _notes(step))
    assert enc.character(maud).caster.disapproval_range == 3
    assert enc.character(maud).caster.spells_cast_since_check == 0  # Clerics do not deplete


def test_r10_depletion_save_after_the_4th_spell_and_a_barred_caster_is_refused() -> None:
    """ "After casting 4 spell, INT SAVE against the ROOM DC": INT 2 + PROF 1 (INT is one of
    Ysolde's saves) + d20 5 = 8 < 12, so casting is barred until a long rest."""
    enc = _encounter([10, 3, 5])
    ysolde = _pc(enc, "Ysolde")
    ch = enc.character(ysolde)
    ch.caster = CasterState(spells_cast_since_check=3)
    step = cast(enc, ysolde.id, "ember_swarm", ["goblin-1"])  # 13: level 1, 1d4 shows 3
    assert _purposes(step) == ["SPELLCHECK", "Ember Swarm damage", "depletion INT SAVE"]
    assert step.rolls()[-1].total == 8
    assert ch.caster.barred_until_long_rest
    ysolde.acted = False
    start = enc.fingerprint()
    with pytest.raises(RuleError, match="long rest"):
        cast(enc, ysolde.id, "fireball", ["goblin-1"])
    assert enc.fingerprint() == start


def test_cantrips_never_roll_and_do_not_count() -> None:
    """Magic-user: "Cantrip: ... NO SPELLCHECK"."""
    enc = _encounter([])  # no dice at all
    ysolde = _pc(enc, "Ysolde")
    step = cast(enc, ysolde.id, "torchlight")
    assert step.rolls() == [] and ysolde.acted
    assert _notes(step)[0].startswith("Torchlight (cantrip, no SPELLCHECK)")
    assert enc.character(ysolde).caster.spells_cast_since_check == 0


@pytest.mark.parametrize(("who", "spell", "where", "message"), [
    ("Brannoc", "fireball", 1, "casts no spells"),
    ("Ysolde", "bless", 1, "does not know"),
    ("Ysolde", "chill_touch", 1, "out of reach"),  # melee: CLOSE only
    ("Ysolde", "fireball", 3, "out of reach"),  # FAR
])
def test_refused_casts_change_nothing(who: str, spell: str, where: int, message: str) -> None:
    enc = _encounter([15, 3])
    enc.combatant("goblin-1").position = where
    start = enc.fingerprint()
    with pytest.raises(RuleError, match=message):
        cast(enc, _pc(enc, who).id, spell, ["goblin-1"])
    assert enc.fingerprint() == start and enc.history == []


def test_a_monster_cannot_cast() -> None:
    enc = _encounter()
    with pytest.raises(RuleError, match="GM's to rule"):
        cast(enc, "goblin-1", "fireball", [])


def test_r29_a_luck_die_lifts_the_level_by_one_at_most() -> None:
    """d20 10 + 3 = 13 (level 1); the Luck Die's 6 makes 19 (level 2: one step up)."""
    enc = _encounter([10, 6, 4])
    ysolde = _pc(enc, "Ysolde")
    enc.character(ysolde).luck = LuckState(dice=1, fail_streak=0)
    step = cast(enc, ysolde.id, "fireball", ["goblin-1"], luck=True)
    assert _purposes(step) == ["SPELLCHECK", "Luck Die", "Fireball damage"]
    assert "at level 2" in step.summary
    assert enc.character(ysolde).luck.dice == 0


def test_r20_a_jostled_casters_declared_spell_is_lost() -> None:
    """WDD: "If an M-U is struck or jostled during casting, the spell is lost"."""
    enc = _encounter([])
    ysolde = _pc(enc, "Ysolde")
    ysolde.declared_spell, ysolde.spell_segment, ysolde.jostled = "fireball", 6, True
    step = cast(enc, ysolde.id, "fireball", ["goblin-1"])
    assert step.rolls() == [] and step.summary == "Ysolde the Grey's spell is lost"
    assert ysolde.declared_spell is None and ysolde.spell_segment is None and ysolde.acted
    assert enc.character(ysolde).caster.spells_cast_since_check == 0


def test_r20_a_declared_spell_resolves_when_not_jostled() -> None:
    enc = _encounter([12])
    ysolde = _pc(enc, "Ysolde")
    ysolde.declared_spell, ysolde.spell_segment = "fireball", 6
    with pytest.raises(RuleError, match="declared fireball"):
        cast(enc, ysolde.id, "chill_touch", ["goblin-1"])
    cast(enc, ysolde.id, "fireball", [])
    assert ysolde.declared_spell is None


def test_r11_lay_on_hands_spends_the_allys_hit_dice_within_its_daily_cap() -> None:
    """ "You can try to HEAL an ally CLOSE to you": 13 + 3 = 16 is 2 HD, but Brannoc (1st
    level, one HD in the pool) is healed 1 HD a day at most; his d10 shows 4."""
    enc = _encounter([13, 4])
    maud, brannoc = _pc(enc, "Sister"), _pc(enc, "Brannoc")
    enc.character(brannoc).hp = 2
    step = lay_on_hands(enc, maud.id, brannoc.id)
    b = enc.character(brannoc)
    assert b.hp == 6 and b.hit_dice == 0 and b.caster.healed_hd_today == 1
    assert step.summary == "Sister Maud lays hands on Brannoc Ironhand: 1 HD, +4 HP"
    assert "limited by its daily cap (R11)" in _notes(step)[-1]
    enc.undo()
    assert b.hp == 2 and b.hit_dice == 1 and b.caster.healed_hd_today == 0


def test_r11_lay_on_hands_needs_an_ally_close_and_a_cleric() -> None:
    enc = _encounter()
    maud, brannoc = _pc(enc, "Sister"), _pc(enc, "Brannoc")
    with pytest.raises(RuleError, match="heals an ally"):
        lay_on_hands(enc, maud.id, maud.id)
    with pytest.raises(RuleError, match="Cleric"):
        lay_on_hands(enc, _pc(enc, "Ysolde").id, brannoc.id)
    brannoc.position = 1
    with pytest.raises(RuleError, match="not CLOSE"):
        lay_on_hands(enc, maud.id, brannoc.id)
