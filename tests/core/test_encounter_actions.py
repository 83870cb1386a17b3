"""Move, DODGE, DISENGAGE, grapple, shove, items and the GM's ruling (Furnace "Combat", R28,
R31). Furnace: "Everyone does one thing a turn by large. Examples: ATK/SPELLCHECK; Go NEAR and
ATK/SPELLCHECK; Go RANGED; DODGE (You are HARD to hit); DISENGAGE and go NEAR"."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from emberkeep.campaign.example import build_example_campaign
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.actions import (
    AddCondition,
    MarkOut,
    MoveTo,
    RemoveCondition,
    SetHp,
    break_free,
    disengage,
    dodge,
    gm_ruling,
    grapple,
    move,
    move_and_attack,
    move_and_cast,
    shove,
    stand_up,
    use_item,
)
from emberkeep.encounter.combatant import Combatant, MonsterStats
from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.events import Note, Step
from emberkeep.encounter.setup import monster_combatants, pc_combatants

GOBLIN = MonsterStats(name="Goblin", max_hp=5, room_dc=12, attack_bonus=2, damage="1d6")


def _encounter(faces: list[int] | None = None, *, supplies: bool = False) -> Encounter:
    """The example party's four 1st-level characters in zone 0, three goblins in zone 1.

    ``supplies``: Wren also carries 5 torches and 5 rations (R34: the class kit's adventuring
    gear is one item, not its parts)."""
    party = [c for c in build_example_campaign().characters if c.level == 1]
    if supplies:
        wren = next(c for c in party if c.name.startswith("Wren"))
        for _ in range(5):
            wren.inventory.add("torch")
            wren.inventory.add("rations")
    combatants = [*pc_combatants(party), *monster_combatants(GOBLIN, 3)]
    return Encounter(combatants, {c.id: c for c in party}, ScriptedRoller(faces or []))


def _pc(enc: Encounter, first_name: str) -> Combatant:
    return next(c for c in enc.combatants.values() if c.name.startswith(first_name))


def _conditions(c: Combatant) -> list[str]:
    return [x.name for x in c.conditions]


# --- moving -----------------------------------------------------------------------------------

def test_go_near_is_one_zone_and_spends_the_turn() -> None:
    enc = _encounter()
    brannoc = _pc(enc, "Brannoc")
    step = move(enc, brannoc.id, 1)
    assert brannoc.position == 1 and brannoc.acted
    assert step.summary == "Brannoc Ironhand moves to zone 1"
    enc.undo()
    assert brannoc.position == 0 and not brannoc.acted


def test_go_ranged_is_two_zones_and_no_more() -> None:
    """ "Go RANGED" is the whole turn: two zones; three is FAR, out of one turn's reach."""
    enc = _encounter()
    wren = _pc(enc, "Wren")
    with pytest.raises(RuleError, match="only RANGED"):
        move(enc, wren.id, -3)
    move(enc, wren.id, -2)
    assert wren.position == -2


def test_can_move_only_near_refuses_a_ranged_move() -> None:
    """Crit row: "foe can move only NEAR"."""
    enc = _encounter()
    wren = _pc(enc, "Wren")
    wren.conditions = (ActiveCondition("move_near_only", 3, "rounds"),)
    with pytest.raises(RuleError, match="only NEAR"):
        move(enc, wren.id, -2)
    move(enc, wren.id, -1)
    assert wren.position == -1


def test_leaving_close_of_an_enemy_needs_disengage() -> None:
    """ "DISENGAGE and go NEAR (you can let the players and the NPCs disengage freely)"."""
    enc = _encounter()
    goblin = enc.combatant("goblin-1")
    brannoc = _pc(enc, "Brannoc")
    goblin.position = 0
    start = enc.fingerprint()
    with pytest.raises(RuleError, match="DISENGAGE"):
        move(enc, brannoc.id, -1)
    assert enc.fingerprint() == start
    with pytest.raises(RuleError, match="only NEAR"):
        disengage(enc, brannoc.id, -2)
    step = disengage(enc, brannoc.id, -1)
    assert brannoc.position == -1 and step.action == "disengage"
    wren = _pc(enc, "Wren")
    move(enc, wren.id, -1, free_disengage=True)  # the house option
    assert wren.position == -1


def test_a_stunned_enemy_does_not_hold_anyone_in_close() -> None:
    enc = _encounter()
    goblin = enc.combatant("goblin-1")
    goblin.position = 0
    goblin.conditions = (ActiveCondition("STUNNED", 1, "rounds"),)
    for other in ("goblin-2", "goblin-3"):
        enc.combatant(other).position = 5
    brannoc = _pc(enc, "Brannoc")
    move(enc, brannoc.id, -1)
    assert brannoc.position == -1


def test_cant_move_and_prone_stop_a_move() -> None:
    """R28: "can't move" as written; PRONE: "standing up takes the move"."""
    enc = _encounter()
    brannoc, wren = _pc(enc, "Brannoc"), _pc(enc, "Wren")
    brannoc.conditions = (ActiveCondition("cant_move", 1, "rounds"),)
    with pytest.raises(RuleError, match="can't move"):
        move(enc, brannoc.id, 1)
    with pytest.raises(RuleError, match="can't move"):
        disengage(enc, brannoc.id, 1)
    wren.conditions = (ActiveCondition("PRONE"),)
    with pytest.raises(RuleError, match="PRONE"):
        move(enc, wren.id, 1)
    stand_up(enc, wren.id)
    assert not wren.conditions and wren.acted
    with pytest.raises(RuleError, match="already acted"):
        move(enc, wren.id, 1)


# --- DODGE and who may act ----------------------------------------------------------------------

def test_dodge_makes_one_hard_to_hit_until_its_next_turn() -> None:
    """ "DODGE (You are HARD to hit)": the flag the attack roll reads; begin_round clears it."""
    enc = _encounter()
    wren = _pc(enc, "Wren")
    step = dodge(enc, wren.id)
    assert wren.dodging and wren.acted and step.summary == "Wren Quickfingers dodges"
    with pytest.raises(RuleError, match="already acted"):
        dodge(enc, wren.id)


@pytest.mark.parametrize("why", ["down", "stunned", "surprised", "out", "over"])
def test_a_combatant_who_cannot_act_is_refused_and_nothing_changes(why: str) -> None:
    enc = _encounter()
    brannoc = _pc(enc, "Brannoc")
    if why == "down":
        enc.character(brannoc).hp = 0  # R21: at 0 HP, unconscious
    elif why == "stunned":
        brannoc.conditions = (ActiveCondition("STUNNED", 1, "rounds"),)  # R28: no actions
    elif why == "surprised":
        brannoc.surprised = True  # Furnace: "the suprised side doesn't act"
        enc.state.round = 1
    elif why == "out":
        brannoc.out = True
    else:
        enc.state.phase = "over"
    start = enc.fingerprint()
    refused: tuple[Callable[[], Step], ...] = (
        lambda: move(enc, brannoc.id, 1), lambda: dodge(enc, brannoc.id),
        lambda: grapple(enc, brannoc.id, "goblin-1"), lambda: disengage(enc, brannoc.id, -1))
    for action in refused:
        with pytest.raises(RuleError):
            action()
    assert enc.fingerprint() == start and enc.history == []


# --- grapple and shove (R31) -------------------------------------------------------------------

def test_r31_grapple_a_monster_against_the_room_dc() -> None:
    """R31: "A grapple is an action: STR check against the target's STR (or ROOM DC)".
    Brannoc: d20 10 + STR 1 + PROF 1 (Athletics) = 12 against the goblin's ROOM DC 12."""
    enc = _encounter([10])
    brannoc, goblin = _pc(enc, "Brannoc"), enc.combatant("goblin-1")
    brannoc.position = 1
    step = grapple(enc, brannoc.id, goblin.id)
    assert step.rolls()[0].total == 12
    assert _conditions(goblin) == ["GRAPPLED"] and goblin.conditions[0].source == brannoc.id
    assert goblin.jostled  # R31: "Jostled" means hit, grappled or shoved
    assert step.summary == "Brannoc Ironhand grapples Goblin 1 (12 vs 12)"
    with pytest.raises(RuleError, match="grappled by Brannoc"):
        move(enc, goblin.id, 2)


def test_r31_a_failed_grapple_holds_nothing() -> None:
    enc = _encounter([9])  # 9 + 2 = 11 < 12
    brannoc, goblin = _pc(enc, "Brannoc"), enc.combatant("goblin-1")
    brannoc.position = 1
    grapple(enc, brannoc.id, goblin.id)
    assert goblin.conditions == () and not goblin.jostled and brannoc.acted


def test_r31_a_monster_grapples_a_character_against_its_str_score() -> None:
    """A goblin rolls d20 + (ROOM DC − 10) = d20 + 2 (R30) against Ysolde's STR score 9."""
    enc = _encounter([6, 7])
    ysolde = _pc(enc, "Ysolde")
    goblin, goblin2 = enc.combatant("goblin-1"), enc.combatant("goblin-2")
    goblin.position = goblin2.position = 0
    grapple(enc, goblin.id, ysolde.id)  # 6 + 2 = 8 < 9
    assert ysolde.conditions == ()
    grapple(enc, goblin2.id, ysolde.id)  # 7 + 2 = 9
    assert _conditions(ysolde) == ["GRAPPLED"]


def test_r31_breaking_free_is_a_str_check_against_the_grappler() -> None:
    """The goblin breaks free with d20 13 + 2 = 15 against Brannoc's STR 15."""
    enc = _encounter([10, 12, 13])
    brannoc, goblin = _pc(enc, "Brannoc"), enc.combatant("goblin-1")
    brannoc.position = 1
    grapple(enc, brannoc.id, goblin.id)
    break_free(enc, goblin.id)  # 12 + 2 = 14 < 15
    assert _conditions(goblin) == ["GRAPPLED"]
    goblin.acted = False
    step = break_free(enc, goblin.id)
    assert goblin.conditions == () and step.summary == "Goblin 1 breaks free (15 vs 15)"


def test_a_grappler_who_moves_away_lets_go() -> None:
    enc = _encounter([15])
    brannoc, goblin = _pc(enc, "Brannoc"), enc.combatant("goblin-1")
    for gid in ("goblin-2", "goblin-3"):
        enc.combatant(gid).position = 5
    brannoc.position = 1
    grapple(enc, brannoc.id, goblin.id)
    brannoc.acted = False
    goblin.conditions = (*goblin.conditions, ActiveCondition("STUNNED", 1, "rounds"))
    move(enc, brannoc.id, 0)
    assert _conditions(goblin) == ["STUNNED"]


def test_shove_pushes_or_knocks_prone_and_jostles() -> None:
    enc = _encounter([10, 10])
    brannoc, wren = _pc(enc, "Brannoc"), _pc(enc, "Wren")
    g1, g2 = enc.combatant("goblin-1"), enc.combatant("goblin-2")
    brannoc.position = wren.position = 1
    shove(enc, brannoc.id, g1.id, direction=1)
    assert g1.position == 2 and g1.jostled
    shove(enc, wren.id, g2.id, result="prone")  # 10 − 1 = 9 < 12: fails
    assert g2.conditions == () and not g2.jostled


def test_grapple_needs_the_target_close() -> None:
    enc = _encounter()
    with pytest.raises(RuleError, match="not CLOSE"):
        grapple(enc, _pc(enc, "Brannoc").id, "goblin-1")


# --- items -------------------------------------------------------------------------------------

def test_using_a_stackable_item_takes_one_and_undo_gives_it_back() -> None:
    enc = _encounter(supplies=True)
    wren = _pc(enc, "Wren")
    torch = next(i for i in enc.character(wren).inventory.items if i.catalog_id == "torch")
    assert torch.quantity == 5
    step = use_item(enc, wren.id, torch.uid, note="thrown at the goblin's face")
    assert torch.quantity == 4
    assert [e.text for e in step.events if isinstance(e, Note)] == [
        "thrown at the goblin's face"]
    enc.undo()
    assert torch.quantity == 5


def test_an_item_with_none_left_or_a_weapon_cannot_be_used_up() -> None:
    enc = _encounter(supplies=True)
    wren = _pc(enc, "Wren")
    inventory = enc.character(wren).inventory
    torch = next(i for i in inventory.items if i.catalog_id == "torch")
    torch.quantity = 0
    start = enc.fingerprint()
    with pytest.raises(RuleError, match="no Torch left"):
        use_item(enc, wren.id, torch.uid)
    with pytest.raises(RuleError, match="not an item"):
        use_item(enc, wren.id, inventory.weapons[0].uid)
    with pytest.raises(RuleError, match="no item"):
        use_item(enc, wren.id, "nope")
    assert enc.fingerprint() == start


def test_healing_the_gm_states_stops_at_the_maximum() -> None:
    enc = _encounter(supplies=True)
    wren, brannoc = _pc(enc, "Wren"), _pc(enc, "Brannoc")
    enc.character(brannoc).hp = 3
    rations = next(i for i in enc.character(wren).inventory.items if i.catalog_id == "rations")
    use_item(enc, wren.id, rations.uid, heal=10, target_id=brannoc.id, note="a healing draught")
    assert enc.character(brannoc).hp == 7  # max 7


# --- the GM's ruling ---------------------------------------------------------------------------

def test_gm_ruling_changes_numbers_by_hand_and_undo_restores_them() -> None:
    enc = _encounter()
    brannoc, goblin = _pc(enc, "Brannoc"), enc.combatant("goblin-2")
    goblin.conditions = (ActiveCondition("PRONE"),)
    start = enc.fingerprint()
    step = gm_ruling(enc, "the ceiling falls in", [
        SetHp(brannoc.id, 2), SetHp(goblin.id, 1),
        AddCondition(brannoc.id, ActiveCondition("BLINDED", 2, "rounds", "dust")),
        RemoveCondition(goblin.id, "PRONE"), MoveTo("goblin-3", 4), MarkOut("goblin-1")])
    assert step.actor == "gm" and step.summary == "GM: the ceiling falls in"
    assert enc.character(brannoc).hp == 2 and goblin.hp == 1
    assert _conditions(brannoc) == ["BLINDED"] and not goblin.conditions
    assert enc.combatant("goblin-3").position == 4 and enc.combatant("goblin-1").out
    assert not brannoc.acted  # a free action
    enc.undo()
    assert enc.fingerprint() == start


def test_gm_ruling_refuses_hp_above_the_maximum_and_changes_nothing() -> None:
    enc = _encounter()
    brannoc = _pc(enc, "Brannoc")
    start = enc.fingerprint()
    with pytest.raises(RuleError, match="above the maximum 7"):
        gm_ruling(enc, "too generous", [MoveTo("goblin-1", 3), SetHp(brannoc.id, 8)])
    assert enc.fingerprint() == start and enc.history == []


# --- "Go NEAR and ATK/SPELLCHECK": one step ------------------------------------------------------

def test_go_near_and_attack_is_one_step_with_the_attack_module() -> None:
    """Brannoc goes NEAR into the goblins' zone and strikes: d20 15 + STR 1 + PROF 1 = 17
    against AC 12 (R30: the ROOM DC); the GM typed every die, so nothing else is rolled."""
    enc = _encounter([])
    brannoc, goblin = _pc(enc, "Brannoc"), enc.combatant("goblin-1")
    with enc.typed({"attack": 15, "damage": 4}):
        step = move_and_attack(enc, brannoc.id, 1, goblin.id)
    assert brannoc.position == 1 and brannoc.acted
    assert step.action == "move and attack" and step.rolls()[0].total == 17
    assert goblin.hp == 0 and goblin.jostled
    assert step.summary == "Brannoc Ironhand goes to zone 1 and hits Goblin 1 for 5"
    enc.undo()
    assert brannoc.position == 0 and goblin.hp == 5 and not brannoc.acted


def test_go_near_and_attack_refuses_a_ranged_move_and_changes_nothing() -> None:
    enc = _encounter([])
    brannoc = _pc(enc, "Brannoc")
    enc.combatant("goblin-1").position = 2
    start = enc.fingerprint()
    with pytest.raises(RuleError, match="only NEAR"), enc.typed({"attack": 15}):
        move_and_attack(enc, brannoc.id, 2, "goblin-1")
    assert enc.fingerprint() == start


def test_go_near_and_spellcheck_reaches_from_where_the_caster_arrives() -> None:
    """Chill Touch is a melee spell (R9): Ysolde must go CLOSE first. 14 + 3 = 17, level 2
    "1d8 cold DAM"; the d8 shows 6."""
    enc = _encounter([14, 6])
    ysolde, goblin = _pc(enc, "Ysolde"), enc.combatant("goblin-1")
    step = move_and_cast(enc, ysolde.id, 1, "chill_touch", [goblin.id])
    assert ysolde.position == 1 and goblin.hp == -1
    assert step.summary == ("Ysolde the Grey goes to zone 1; Ysolde the Grey casts Chill Touch "
                            "at level 2: 6 DAM to Goblin 1")
