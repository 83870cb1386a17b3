"""Spells and mishaps with typed effects, applied by the engine with scripted dice
and undone with the step.

The party is the example's: Ysolde (Magic-user, INT +2, PROF +1: SPELLCHECK d20 + 3, WIS SAVE
+1, CON SAVE +0, DEX +0), Brannoc, Maud and Wren in zone 0; goblins (5 HP, ROOM DC 12, SAVE
+2) in zone 1. Zones: the same zone is CLOSE, the next NEAR, two apart NEAR, three FAR.
"""

from __future__ import annotations

import pytest

from emberkeep.encounter.actions import cast
from emberkeep.encounter.durations import round_upkeep
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.events import Note, Rolled, Step
from emberkeep.encounter.ruling import NO_HEALING, change_hp
from emberkeep.encounter.spell_effects import apply_level
from emberkeep.magic.mishaps import MISHAP_TABLES, load_mishap_table
from emberkeep.magic.spells import Spell, load_spells, shipped_spells
from tests.core.test_encounter_actions import _encounter, _pc


def _notes(step: Step) -> list[str]:
    return [e.text for e in step.events if isinstance(e, Note)]


def _purposes(step: Step) -> list[str]:
    return [e.purpose for e in step.events if isinstance(e, Rolled)]


def _names(enc: Encounter, cid: str) -> list[str]:
    return [c.name for c in enc.combatant(cid).conditions]


def _level(enc: Encounter, spell_id: str, level: int, targets: list[str]) -> Step:
    """The engine's application of a reached level, as the cast's step does it (levels 4-6
    are out of a 1st-level caster's d20 reach, R8's bands)."""
    ysolde = _pc(enc, "Ysolde")
    spell = shipped_spells()[spell_id]
    with enc.action(ysolde.id, "cast") as tx:
        apply_level(enc, tx, ysolde, spell, spell.levels[level - 1],
                    [enc.combatant(t) for t in targets])
        tx.summary(f"{spell.name} at level {level}")
    return enc.history[-1]


# --- every row typed or with its reason ---------------------------------------------------

@pytest.mark.parametrize("spell", load_spells().spells, ids=lambda s: s.id)
def test_every_spell_level_has_typed_effects_or_fails(spell: Spell) -> None:
    for level in spell.levels:
        assert level.effects or level.fails, f"{spell.id} level {level.level}"
        for effect in level.effects:
            assert effect.kind != "gm_call" or len(effect.reason) > 40  # a stated reason


@pytest.mark.parametrize("table_id", MISHAP_TABLES)
def test_every_mishap_row_has_typed_effects(table_id: str) -> None:
    for row in load_mishap_table(table_id).rows:
        assert row.effects, f"{table_id} {row.low}-{row.high}: {row.text}"
        if row.save is not None:  # a row that names a SAVE types it
            saves = [getattr(e, "save", None) for e in row.effects]
            assert row.save in saves, f"{table_id} {row.low}: {row.text}"


# --- Fireball: targets chosen by area ------------------------------------------------------

def test_fireball_level_1_burns_only_its_target() -> None:
    """d20 9 + 3 = 12: level 1, "1d6 fire DAM": the first chosen goblin only, 4 DAM."""
    enc = _encounter([9, 4])
    step = cast(enc, _pc(enc, "Ysolde").id, "fireball", ["goblin-1", "goblin-2"])
    assert [enc.combatant(g).hp for g in ("goblin-1", "goblin-2")] == [1, 5]
    assert step.summary == "Ysolde the Grey casts Fireball at level 1: 4 DAM to Goblin 1"


def test_fireball_level_4_reaches_near_of_the_target_not_far() -> None:
    """Level 4, "5d6 fire DAM in NEAR of the target": goblin-2 one zone from goblin-1 is hit,
    goblin-3 three zones away is beyond NEAR and untouched; one roll (1+1+1+1+1 = 5) for all."""
    enc = _encounter([1, 1, 1, 1, 1])
    enc.combatant("goblin-2").position = 2
    enc.combatant("goblin-3").position = 4
    step = _level(enc, "fireball", 4, ["goblin-1", "goblin-2", "goblin-3"])
    assert [enc.combatant(f"goblin-{n}").hp for n in (1, 2, 3)] == [0, 0, 5]
    assert "Goblin 3 is beyond NEAR of Goblin 1: untouched" in _notes(step)


def test_fireball_level_5_knocks_the_survivors_prone_for_1d4_rounds_and_undo() -> None:
    """7d6 (all 1s: 7) drops goblin-2 (5 HP); goblin-1, given 20 HP, keeps 13 and goes PRONE
    for the d4's 3 rounds; the fallen are not knocked PRONE."""
    enc = _encounter([1] * 7 + [3])
    goblin = enc.combatant("goblin-1")
    goblin.hp = 20
    start = enc.fingerprint()
    step = _level(enc, "fireball", 5, ["goblin-1", "goblin-2"])
    assert goblin.hp == 13 and enc.is_down(enc.combatant("goblin-2"))
    prone = goblin.conditions[0]
    assert (prone.name, prone.rounds_left) == ("PRONE", 3)
    assert _names(enc, "goblin-2") == []  # the fallen are not knocked PRONE
    assert _purposes(step) == ["Fireball damage", "PRONE: rounds"]
    enc.undo()
    assert enc.fingerprint() == start


# --- Chill Touch: can't be healed, paralysed -------------------------------------------------

def test_chill_touch_level_2_no_healing_for_a_round() -> None:
    """d20 13 + 3 = 16: level 2, 1d8 (3) cold DAM and "can't be healed for 1 turn": Brannoc
    (an ally, by the GM's choice) is healed for nothing while it lasts; undo clears it all."""
    enc = _encounter([13, 3])
    ysolde, brannoc = _pc(enc, "Ysolde"), _pc(enc, "Brannoc")
    start = enc.fingerprint()
    cast(enc, ysolde.id, "chill_touch", [brannoc.id])
    assert enc.character(brannoc).hp == 4 and _names(enc, brannoc.id) == [NO_HEALING]
    with enc.action("gm", "heal") as tx:
        assert change_hp(enc, tx, brannoc, 5) == 4
    assert enc.character(brannoc).hp == 4
    enc.undo()
    enc.undo()
    assert enc.fingerprint() == start


def test_chill_touch_level_4_paralyses_for_one_round() -> None:
    enc = _encounter([2, 2, 2, 2])  # 3d8 = 6, can't be healed for 1d4 = 2
    goblin = enc.combatant("goblin-1")
    goblin.hp = 30
    _level(enc, "chill_touch", 4, ["goblin-1"])
    held = {c.name: c.rounds_left for c in goblin.conditions}
    assert goblin.hp == 24 and held == {NO_HEALING: 2, "PARALYSED": 1}


# --- Ember Swarm: damage each round, HARD attacks ----------------------------------------------

def test_ember_swarm_level_2_burns_again_each_round_it_lasts() -> None:
    """"1d4 fire DAM (1d) for 1d4 turn": 2 DAM now (the d4 shows 2), for 3 rounds; the round's
    upkeep takes the 2 again (hp_loss:2, as the lingering Open wound does)."""
    enc = _encounter([2, 3])
    goblin = enc.combatant("goblin-1")
    _level(enc, "ember_swarm", 2, ["goblin-1"])
    assert goblin.hp == 3
    assert [(c.name, c.rounds_left) for c in goblin.conditions] == [("hp_loss:2", 3)]
    with enc.action("gm", "round") as tx:
        round_upkeep(enc, tx, enc.state.round + 1)
    assert goblin.hp == 1


def test_ember_swarm_level_5_makes_foes_close_attack_hard_not_allies() -> None:
    """"target's and others' in MELEE ATK is HARD": the goblins CLOSE to the target (chosen),
    not Brannoc, whom the GM chose too (foes only)."""
    enc = _encounter([1, 1, 1, 1] + [2] * 8)
    brannoc = _pc(enc, "Brannoc")
    brannoc.position = 1
    for n in (1, 2):
        g = enc.combatant(f"goblin-{n}")
        g.hp = 30
    _level(enc, "ember_swarm", 5, ["goblin-1", "goblin-2", brannoc.id])
    assert "attacks_hard" in _names(enc, "goblin-1") and "attacks_hard" in _names(enc,
                                                                                  "goblin-2")
    assert "attacks_hard" not in _names(enc, brannoc.id)


# --- Polymorph and Animate Dead: a SAVE, and the GM's call -----------------------------------

def test_polymorph_level_2_wis_save_and_the_gms_numbers() -> None:
    """"A creature CLOSE becomes a harmless critter (1d), WIS SAVE for 1d4 turn": the goblin's
    SAVE d20 5 + 2 = 7 fails against 12; polymorphed for the d4's 4 rounds; the note says the
    critter's numbers are the GM's."""
    enc = _encounter([5, 4])
    step = _level(enc, "polymorph", 2, ["goblin-1"])
    assert [(c.name, c.rounds_left) for c in enc.combatant("goblin-1").conditions] == [
        ("polymorphed", 4)]
    assert any(n.startswith("For the GM: A polymorphed creature's new numbers") for n in
               _notes(step))


@pytest.mark.parametrize(("easy", "polymorphed"), [(False, ["polymorphed"]), (True, [])])
def test_polymorph_save_is_easy_for_the_arcane_trickster_against_magic(
        easy: bool, polymorphed: list[str]) -> None:
    """Arcane Trickster's "SAVE vs. magical EFFECTS are EASY" (R7: DC 12 − 3 = 9): Wren's WIS
    SAVE (WIS 11, not one of her saves: + 0) rolls 9: it fails against 12 and succeeds with
    the feature; the SAVE is against magic (context ``magic``)."""
    from emberkeep.character.archetypes import ChosenFeature

    enc = _encounter([9, 3])
    wren = _pc(enc, "Wren")
    if easy:
        enc.character(wren).archetype_features.append(
            ChosenFeature(feature_id="easy_magic_saves", level=2))
    _level(enc, "polymorph", 2, [wren.id])
    assert _names(enc, wren.id) == polymorphed


def test_animate_dead_is_the_gms_to_rule() -> None:
    enc = _encounter([])
    step = _level(enc, "animate_dead", 2, [])
    assert _notes(step)[0].startswith("For the GM: Risen dead are new combatants")


# --- the General Mishap table ----------------------------------------------------------------

def _mishap(enc: Encounter, spell: str = "chill_touch") -> Step:
    """Ysolde casts at goblin-1, brought CLOSE (zone 0) for Chill Touch's touch."""
    enc.combatant("goblin-1").position = 0
    return cast(enc, _pc(enc, "Ysolde").id, spell, ["goblin-1"])


def test_general_2_prone_on_a_failed_dex_save() -> None:
    """Natural 1, d20 mishap 3: "Caster falls PRONE, DEX SAVE": 4 + 0 = 4 fails."""
    enc = _encounter([1, 3, 4])
    ysolde = _pc(enc, "Ysolde")
    _mishap(enc)
    assert _names(enc, ysolde.id) == ["PRONE"]


def test_general_8_cant_cast_this_spell_until_rest_but_others_yes() -> None:
    """d20 8: "Caster can't attempt the spell until REST, INT SAVE": 2 + INT 2 + PROF 1 = 5
    fails: Chill Touch is barred, Fireball (d20 9 + 3 = 12, 1d6 shows 4) is not."""
    enc = _encounter([1, 8, 2, 9, 4])
    ysolde = _pc(enc, "Ysolde")
    _mishap(enc)
    assert _names(enc, ysolde.id) == ["cant_cast:chill_touch"]
    ysolde.acted = False
    with pytest.raises(RuleError, match="can't cast Chill Touch until a REST"):
        cast(enc, ysolde.id, "chill_touch", ["goblin-1"])
    step = cast(enc, ysolde.id, "fireball", ["goblin-1"])
    assert step.summary == "Ysolde the Grey casts Fireball at level 1: 4 DAM to Goblin 1"
    sheet = [c.name for c in enc.character(ysolde).conditions]
    assert "cant_cast:chill_touch" in sheet  # until REST: kept on the sheet after the fight


def test_general_14_cant_cast_any_spell_on_a_failed_cha_save() -> None:
    enc = _encounter([1, 14, 3])
    ysolde = _pc(enc, "Ysolde")
    _mishap(enc)
    ysolde.acted = False
    with pytest.raises(RuleError, match="can't cast Fireball"):
        cast(enc, ysolde.id, "fireball", ["goblin-1"])


def test_general_16_a_random_target_at_level_1() -> None:
    """"The spell affects a random target": no level is rolled, so level 1 (1d8 cold DAM);
    the d6 of six combatants (not the caster) picks the 2nd: Sister Maud takes 3."""
    enc = _encounter([1, 16, 2, 3])
    maud = _pc(enc, "Sister")
    step = _mishap(enc)
    assert enc.character(maud).hp == 5 - 3
    assert "Chill Touch at Success Level 1 on Sister Maud: 1d8 cold DAM (1d)" in _notes(step)


def test_general_20_backfires_at_the_rolled_level() -> None:
    """"Backfires on the caster (roll d6 for Success Level)": d6 2 → Chill Touch level 2 on
    Ysolde herself: 1d8 (1) cold DAM and she can't be healed for a round."""
    enc = _encounter([1, 20, 2, 1])
    ysolde = _pc(enc, "Ysolde")
    _mishap(enc)
    assert enc.character(ysolde).hp == 3 and _names(enc, ysolde.id) == [NO_HEALING]


def test_general_1_a_random_known_spell_at_the_rolled_level() -> None:
    """d20 1: "A random spell is cast (roll d6 for Success Level)": d6 1 → level 1; d4 of her
    four spells → 1, Fireball: 1d6 (5) to the goblin she aimed at."""
    enc = _encounter([1, 1, 1, 1, 5])
    step = _mishap(enc)
    assert enc.combatant("goblin-1").hp == 0
    assert "Fireball at Success Level 1 on Goblin 1: 1d6 fire DAM (1d)" in _notes(step)


# --- the Fireball and Polymorph mishap tables -----------------------------------------------

def test_fireball_mishap_4_blinds_everyone_near_the_caster_on_failed_con_saves() -> None:
    """"Light explosion: everyone NEAR become blinded, CON SAVE": the caster is the centre and
    spared; Brannoc, Maud, Wren (zone 0) and the goblins (zone 1) save: only 20s succeed."""
    enc = _encounter([1, 4, 2, 20, 2, 2, 2, 2])
    _mishap(enc, "fireball")
    blinded = sorted(c.name for c in enc.combatants.values()
                     if "BLINDED" in [x.name for x in c.conditions])
    assert blinded == ["Brannoc Ironhand", "Goblin 1", "Goblin 2", "Goblin 3",
                       "Wren Quickfingers"]


def test_polymorph_mishap_2_the_caster_cant_cast_next_round() -> None:
    enc = _encounter([1, 2])
    ysolde = _pc(enc, "Ysolde")
    step = _mishap(enc, "polymorph")
    assert [(c.name, c.rounds_left) for c in ysolde.conditions] == [("cant_cast", 1)]
    assert step.summary.startswith("Ysolde the Grey's Polymorph fails")
