"""The engine knows no single rule: Furnace's rules plug in where it asks (``hooks.py``), and an
encounter built without them takes damage, heals and loses combatants with no rule reacting.

Brannoc (fighter, 7 HP, death at -5) of the example party against a goblin; ROOM DC 12.
"""

from __future__ import annotations

import pytest

from emberkeep.campaign.example import build_example_campaign
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter import dying, morale
from emberkeep.encounter.combatant import Combatant, MonsterStats
from emberkeep.encounter.crits import RowContext, apply_effects
from emberkeep.encounter.damage import Wielded
from emberkeep.encounter.engine import Encounter, Tx
from emberkeep.encounter.hooks import RULES, Hooks
from emberkeep.encounter.ruling import SetHp, change_hp, gm_ruling
from emberkeep.encounter.setup import monster_combatants, pc_combatants
from emberkeep.tables.effects import Dead

GOBLIN = MonsterStats(name="Goblin", max_hp=5, room_dc=12, attack_bonus=2, damage="1d6")


def _encounter(faces: list[int], *, hooks: Hooks | None = None, recording: bool = True,
               goblins: int = 3) -> Encounter:
    party = [c for c in build_example_campaign().characters if c.level == 1]
    combatants = [*pc_combatants(party), *monster_combatants(GOBLIN, goblins)]
    enc = Encounter(combatants, {c.id: c for c in party}, ScriptedRoller(faces), hooks=hooks,
                    recording=recording)
    enc.state.phase = "fighting"
    return enc


def _brannoc(enc: Encounter) -> Combatant:
    return next(c for c in enc.combatants.values() if c.name.startswith("Brannoc"))


def _names(c: Combatant) -> set[str]:
    return {x.name for x in c.conditions}


def test_the_package_plugs_furnaces_rules_in_before_any_encounter_is_built() -> None:
    assert dying.hp_lost in RULES.hp_lost
    assert dying.healed in RULES.hp_regained
    assert morale.watch in RULES.standing_changed
    enc = _encounter([])
    assert enc.hooks.hp_lost == RULES.hp_lost and enc.hooks is not RULES


def test_damage_tells_the_rules_the_hp_before_and_after_and_healing_only_when_it_rose() -> None:
    told: list[tuple[str, int, int]] = []

    def lost(enc: Encounter, tx: Tx, c: Combatant, before: int, after: int) -> None:
        told.append(("lost", before, after))

    def regained(enc: Encounter, tx: Tx, c: Combatant, before: int, after: int) -> None:
        told.append(("regained", before, after))

    enc = _encounter([], hooks=Hooks([lost], [regained]))
    brannoc = _brannoc(enc)
    with enc.action("gm", "blow") as tx:
        assert enc.lose_hp(tx, brannoc, 3) == (7, 4)
        assert enc.regain_hp(tx, brannoc, 10) == 7  # never above the maximum
        assert enc.regain_hp(tx, brannoc, 2) == 7  # at the maximum: nothing rose
        enc.lose_hp(tx, brannoc, -4)  # no negative damage
    assert told == [("lost", 7, 4), ("regained", 4, 7), ("lost", 7, 7)]


def test_without_the_rules_a_pc_at_0_hp_is_only_down() -> None:
    enc = _encounter([], hooks=Hooks())  # no die is rolled: the script is empty
    brannoc = _brannoc(enc)
    with enc.action("gm", "blow") as tx:
        enc.lose_hp(tx, brannoc, 9)
    assert enc.is_down(brannoc) and brannoc.conditions == ()
    assert enc.character(brannoc).alive and enc.state.morale_pending == ()


def test_with_the_rules_the_same_blow_starts_r21s_countdown() -> None:
    enc = _encounter([3])  # the 1d4 of rounds left
    brannoc = _brannoc(enc)
    with enc.action("gm", "blow") as tx:
        enc.lose_hp(tx, brannoc, 9)
    assert {dying.UNCONSCIOUS, dying.DYING} <= _names(brannoc)
    assert dying.dying_rounds(brannoc) == 3


def test_a_gms_number_set_by_hand_is_no_damage_so_no_rule_reacts() -> None:
    enc = _encounter([])  # a countdown would need a die
    brannoc = _brannoc(enc)
    gm_ruling(enc, "the bridge gives way", [SetHp(brannoc.id, 0)])
    assert enc.hp(brannoc) == 0 and brannoc.conditions == ()


def test_healing_the_dying_stabilizes_through_the_plugged_rule() -> None:
    enc = _encounter([2, 17])  # the countdown's 1d4; then the Injuries d20 (17: HARD checks)
    brannoc = _brannoc(enc)
    with enc.action("gm", "blow") as tx:
        enc.lose_hp(tx, brannoc, 8)  # -1 HP: dying
    with enc.action("gm", "potion") as tx:
        change_hp(enc, tx, brannoc, 3)
    assert enc.hp(brannoc) == 2 and dying.DYING not in _names(brannoc)
    assert dying.UNCONSCIOUS not in _names(brannoc)  # back above 0 HP: awake


def _pending(enc: Encounter) -> list[str]:
    return list(enc.state.morale_pending)


@pytest.mark.parametrize("recording", [True, False], ids=["recording", "quiet"])
def test_the_morale_prompt_is_part_of_the_step_that_felled_the_first_goblin(
        recording: bool) -> None:
    enc = _encounter([], recording=recording)
    goblin = enc.combatant("goblin-1")
    with enc.action("gm", "blow") as tx:
        enc.lose_hp(tx, goblin, 5)
    assert _pending(enc) == ["foes:first"]
    if recording:
        enc.undo()
    else:
        enc.rewind()
    assert _pending(enc) == [] and goblin.hp == 5


def test_a_table_row_that_kills_a_dying_pc_ends_its_countdown() -> None:
    """Injuries 1, "a false hope, you're dead", a crit row's instant death: ``death.kill``,
    the one way the rules kill, marks the sheet dead and ends R21's countdown."""
    enc = _encounter([2])
    brannoc = _brannoc(enc)
    with enc.action("gm", "blow") as tx:
        enc.lose_hp(tx, brannoc, 8)
    assert dying.DYING in _names(brannoc)
    with enc.action("gm", "row") as tx:
        ctx = RowContext(enc, tx, brannoc, brannoc, brannoc,
                         Wielded(None, "fist", "1", "fist", False), 1)
        apply_effects(ctx, [Dead()])
    assert not enc.character(brannoc).alive and dying.DYING not in _names(brannoc)
    assert dying.life_state(enc, brannoc) == "dead"
