"""Every row of the Injuries and Lingering Injuries tables, applied with scripted dice
(issue #6; R15, R21, R22, R26, R29).

Furnace: "When you are stabilized, roll from the table, and apply that injury to your
character." The subject is Brannoc Ironhand (fighter 1, 7 HP, STR 15, CON +1 with CON save
PROF: a SAVE is d20 + 2; d10 hit die; arming sword in hand; scale mail, AC 17 with his shield);
ROOM DC 12. What lasts is checked on the sheet (``Character.conditions``), where it persists.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.settings import CampaignSettings
from emberkeep.campaign.timeline import EndsOn, TimedKind
from emberkeep.character.abilities import Ability
from emberkeep.character.catalog import SHIPPED
from emberkeep.character.status import character_armor_class
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.durations import round_upkeep
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.events import Rolled, Step
from emberkeep.encounter.injuries import roll_injuries
from emberkeep.encounter.lasting import schedule_rest_conditions, sheet_conditions
from emberkeep.encounter.setup import pc_combatant
from emberkeep.tables.base import TableRow
from emberkeep.tables.combat import injuries_table, lingering_injuries_table
from tests.core.test_encounter_attack import make, pc

Check = Callable[[Encounter, Combatant], None]


def names(c: Combatant) -> set[str]:
    return {x.name for x in c.conditions}


def sheet(enc: Encounter, c: Combatant) -> set[tuple[str, str]]:
    return {(x.name, x.lasts) for x in enc.character(c).conditions}


def injure(faces: list[int], *, settings: CampaignSettings | None = None,
           hp: int = 0) -> tuple[Encounter, Combatant, Step]:
    enc = make(faces, settings=settings)
    brannoc = pc(enc, "Brannoc")
    enc.character(brannoc).hp = hp
    with enc.action("gm", "injury") as tx:
        roll_injuries(enc, tx, brannoc)
    assert isinstance(enc.roller, ScriptedRoller) and enc.roller.remaining == 0
    return enc, brannoc, enc.history[-1]


# --- the Injuries table ----------------------------------------------------------------------

def test_injuries_1_a_false_hope_is_death() -> None:
    """R21: "A false hope, you're dead"."""
    enc, brannoc, _ = injure([1])
    assert not enc.character(brannoc).alive


@pytest.mark.parametrize(("face", "ability"), [(2, "STR"), (3, "DEX"), (4, "CON"), (5, "INT"),
                                               (6, "WIS"), (7, "CHA")])
def test_injuries_2_to_7_lose_1d6_of_a_score_kept_apart_on_the_sheet(face: int,
                                                                     ability: str) -> None:
    """"Lose 1d6 <score>": R29 keeps the loss apart from the score (``AbilityScore.loss``)."""
    enc, brannoc, _ = injure([face, 4])
    score = enc.character(brannoc).scores.get(Ability(ability))
    before = build_example_campaign().characters[0].scores.get(Ability(ability)).base
    assert score.loss == 4 and score.base == before and score.effective == before - 4
    assert enc.character(brannoc).alive


def test_a_score_lost_to_0_is_death() -> None:
    """R22: "When any of your ability scores goes to 0": CHA 7, 2 lost already, then 5."""
    enc = make([7, 5])
    brannoc = pc(enc, "Brannoc")
    enc.character(brannoc).scores.CHA.loss = 2
    with enc.action("gm", "injury") as tx:
        roll_injuries(enc, tx, brannoc)
    assert enc.character(brannoc).scores.CHA.effective == 0
    assert not enc.character(brannoc).alive


@pytest.mark.parametrize("face", [8, 13])
def test_injuries_8_to_13_roll_the_lingering_table(face: int) -> None:
    """"Roll from the Lingering Injury table": lingering 17 "Minor Scar. Nothing."."""
    enc, brannoc, step = injure([face, 17])
    assert [r.record.total for r in step.events if isinstance(r, Rolled)] == [face, 17]
    assert enc.character(brannoc).conditions == []


@pytest.mark.parametrize("face", [14, 19])
def test_injuries_14_to_19_all_checks_hard_until_rest(face: int) -> None:
    """Appendix: "All CHECKs are HARD until rest" (R21), on the sheet until a rest."""
    enc, brannoc, _ = injure([face])
    assert "HARD:all" in names(brannoc) and sheet(enc, brannoc) == {("HARD:all", "rest")}


def test_injuries_14_to_19_is_disadvantage_with_the_advantage_option() -> None:
    """R21: "or disadvantage where the campaign uses advantage and disadvantage"."""
    settings = CampaignSettings()
    settings.rules.advantage_disadvantage = True
    enc, brannoc, step = injure([15], settings=settings)
    assert sheet(enc, brannoc) == {("DISADVANTAGE:all", "rest")}
    rows = [e for e in step.events if type(e).__name__ == "Row"]
    assert rows[0].text == "Disadvantage all CHECKs until rest"  # type: ignore[union-attr]


def test_injuries_20_instantly_heals_1_hd() -> None:
    """"Instantly heal 1 HD": Brannoc's d10 shows 6 (R29: what the die shows, no CON)."""
    enc, brannoc, _ = injure([20, 6])
    assert enc.character(brannoc).hp == 6 and enc.character(brannoc).hit_dice == 1


def test_the_injuries_option_off_rolls_nothing() -> None:
    settings = CampaignSettings()
    settings.rules.injuries = False
    enc, brannoc, step = injure([], settings=settings)
    assert step.rolls() == [] and enc.character(brannoc).alive


# --- the Lingering Injuries table, row by row ------------------------------------------------

def _shocking_fail(enc: Encounter, c: Combatant) -> None:
    assert "UNCONSCIOUS" in names(c) and sheet(enc, c) == set()


def _stunning_fail(enc: Encounter, c: Combatant) -> None:
    stunned = next(x for x in c.conditions if x.name == "STUNNED")
    assert (stunned.rounds_left, stunned.until) == (3, "rounds") and sheet(enc, c) == set()


def _one_eye(enc: Encounter, c: Combatant) -> None:
    assert {"HARD:sight", "HARD:ranged_attacks", "lost_eye"} <= names(c)
    assert sheet(enc, c) == {("HARD:sight", "permanent"), ("HARD:ranged_attacks", "permanent"),
                             ("lost_eye", "permanent")}


def _foot(enc: Encounter, c: Combatant) -> None:
    assert sheet(enc, c) == {("move_near_only", "permanent"), ("lost_foot", "permanent")}


def _hand(enc: Encounter, c: Combatant) -> None:
    assert sheet(enc, c) == {("one_hand", "permanent"), ("lost_hand", "permanent")}


def _torso(enc: Encounter, c: Combatant) -> None:
    assert "cant_act" in names(c)  # the failed first SAVE
    assert sheet(enc, c) == {("save_each_round:CON", "permanent")}


def _open_wound(enc: Encounter, c: Combatant) -> None:
    assert sheet(enc, c) == {("hp_loss:1", "permanent")}


def _scar(enc: Encounter, c: Combatant) -> None:
    assert sheet(enc, c) == {("HARD:persuasion", "permanent"),
                             ("EASY:intimidation", "permanent")}


def _broken_weapon(enc: Encounter, c: Combatant) -> None:
    sword = next(w for w in enc.character(c).inventory.weapons if w.name == "Arming sword")
    assert sword.broken and enc.character(c).conditions == []


def _damaged_armor(enc: Encounter, c: Combatant) -> None:
    armor = enc.character(c).inventory.worn_armor
    assert armor is not None and armor.damage_points == 2
    assert character_armor_class(enc.character(c), SHIPPED) == 15  # R15: -2 AC until repaired


def _minor_scar(enc: Encounter, c: Combatant) -> None:
    assert enc.character(c).conditions == [] and enc.character(c).alive


# (lingering face, the dice after it, the check): SAVEs fail with a natural 1 (1 + 2 < 12).
LINGERING: list[tuple[int, list[int], Check]] = [
    (1, [1], _shocking_fail), (2, [1, 3], _stunning_fail), (3, [], _one_eye), (4, [], _foot),
    (5, [], _foot), (6, [], _hand), (7, [], _hand), (8, [1], _torso), (11, [1], _torso),
    (12, [], _open_wound), (13, [], _open_wound), (14, [], _scar), (15, [], _broken_weapon),
    (16, [], _damaged_armor), (17, [], _minor_scar), (20, [], _minor_scar),
]


def _faces(row: TableRow) -> tuple[int, int]:
    assert row.low is not None and row.high is not None  # a die table: every row has its faces
    return row.low, row.high


def test_every_lingering_row_is_covered() -> None:
    table = lingering_injuries_table()
    covered = {face for face, _, _ in LINGERING}
    assert all(any(low <= f <= high for f in covered) for low, high in map(_faces, table.rows))
    assert [(r.low, r.high) for r in injuries_table().rows][7:] == [(8, 13), (14, 19), (20, 20)]


@pytest.mark.parametrize(("face", "dice", "check"), LINGERING)
def test_lingering_row(face: int, dice: list[int], check: Check) -> None:
    """Lingering Injuries: each row applied to the character as the appendix writes it."""
    enc, brannoc, _ = injure([10, face, *dice])
    check(enc, brannoc)


@pytest.mark.parametrize("face", [1, 2])
def test_lingering_shocking_and_stunning_blows_are_saved_against(face: int) -> None:
    """"CON SAVE or go unconscious" / "against being STUNNED": 10 + 2 meets DC 12."""
    _, brannoc, _ = injure([10, face, 10])
    assert not names(brannoc) & {"UNCONSCIOUS", "STUNNED"}


def test_a_second_lost_eye_blinds() -> None:
    """"If no eyes left, you are BLINDED"."""
    enc, brannoc, _ = injure([10, 3])
    enc.roller = ScriptedRoller([10, 3])
    with enc.action("gm", "injury") as tx:
        roll_injuries(enc, tx, brannoc)
    assert "BLINDED" in names(brannoc) and ("BLINDED", "permanent") in sheet(enc, brannoc)


def test_the_open_wound_bleeds_1_hp_every_round() -> None:
    """"Open wound. Lose 1 HP every round the wound persists" (a new round's upkeep)."""
    enc, brannoc, _ = injure([10, 12], hp=7)
    with enc.action("gm", "round") as tx:
        round_upkeep(enc, tx, 2)
    assert enc.character(brannoc).hp == 6


@pytest.mark.parametrize(("face", "acts"), [(9, False), (10, True)])
def test_the_torso_con_save_every_turn(face: int, acts: bool) -> None:
    """"Torso. CON SAVE every turn. Fail: can't act on your turn" (9 + 2 < 12; 10 + 2 = 12)."""
    enc, brannoc, _ = injure([10, 8, 15], hp=7)
    enc.roller = ScriptedRoller([face])
    enc.state.round = 2
    with enc.action("gm", "round") as tx:
        round_upkeep(enc, tx, 2)
    assert enc.can_act(brannoc) is acts


def test_lasting_injuries_come_back_in_the_next_fight_and_rest_ones_go_on_the_timeline() -> None:
    """Kept on the sheet until healed: the next fight's combatant carries them; the "until
    rest" ones are put on the campaign's timeline, ended by any rest."""
    enc, brannoc, _ = injure([10, 3])
    ch = enc.character(brannoc)
    assert {x.name for x in sheet_conditions(ch)} == {"HARD:sight", "HARD:ranged_attacks",
                                                      "lost_eye"}
    assert "HARD:ranged_attacks" in names(pc_combatant(ch))
    enc2, brannoc2, _ = injure([16])
    campaign = build_example_campaign()
    made = schedule_rest_conditions(campaign, enc2.character(brannoc2))
    assert [(e.kind, e.ends_on, e.condition) for e in made] == [
        (TimedKind.INJURY, EndsOn.ANY_REST, "HARD:all")]
    assert enc2.character(brannoc2).conditions[0].timed_id == made[0].id


def test_injuries_survive_json_replay() -> None:
    """The sheet's condition list is recorded whole in the step and comes back from JSON."""
    enc, brannoc, step = injure([10, 3])
    again = Step.from_json(step.to_json())
    enc.undo()
    assert enc.character(brannoc).conditions == []
    enc.redo(again)
    assert isinstance(enc.character(brannoc).conditions, list)
    assert ("lost_eye", "permanent") in sheet(enc, brannoc)
