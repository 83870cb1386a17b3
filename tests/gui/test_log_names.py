"""The encounter log names who rolled: the Melee Round rolls under a combatant's id (the key of
the GM's typed d20s), and that id never reaches the screen (it showed ``pc-d5f33258``)."""

from __future__ import annotations

from emberkeep.dice import Purpose, ScriptedRoller, roll
from emberkeep.encounter.events import Rolled, Step
from gui.encounter.log import lines_of


def test_a_roll_under_a_combatants_id_shows_its_name() -> None:
    record = roll("1d20", ScriptedRoller([8]), purpose=Purpose.ATTACK, who="pc-d5f33258")
    step = Step("pc-d5f33258", "melee", "Sister Maud wins", [
        Rolled("pc-d5f33258", "Sword (against 15)", record),
        Rolled("Bandits", "morale vs 7", record)])  # a side's roll keeps its own name
    lines = lines_of(step, 0, 1, {"pc-d5f33258": "Brannoc Ironhand"})
    assert [(line.kind, line.who) for line in lines] == [
        ("step", "Brannoc Ironhand"), ("roll", "Brannoc Ironhand"), ("roll", "Bandits")]
