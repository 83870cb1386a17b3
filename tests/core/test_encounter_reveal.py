"""Hidden combatants: a free GM step, saved with the fight, undone like any step."""

from __future__ import annotations

import pytest

from emberkeep.campaign.example import build_example_campaign
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.combatant import Combatant, MonsterStats
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.reveal import set_hidden, shown_to_players
from emberkeep.encounter.setup import monster_combatants, pc_combatants

GOBLIN = MonsterStats(name="Goblin", max_hp=5, room_dc=12, attack_bonus=2, damage="1d6")


def _encounter() -> Encounter:
    party = [c for c in build_example_campaign().characters if c.level == 1]
    combatants = [*pc_combatants(party), *monster_combatants(GOBLIN, 3)]
    return Encounter(combatants, {c.id: c for c in party}, ScriptedRoller([]))


def test_hiding_is_a_free_gm_step_that_undoes() -> None:
    enc = _encounter()
    start = enc.fingerprint()
    everyone = list(enc.combatants)
    step = set_hidden(enc, ["goblin-2", "goblin-3"], True)
    assert step.actor == "gm" and step.summary == \
        "GM: Goblin 2, Goblin 3 hidden from the players"
    assert shown_to_players(enc, everyone) == [c for c in everyone
                                               if c not in ("goblin-2", "goblin-3")]
    assert not any(c.acted for c in enc.combatants.values())  # nobody's turn spent
    set_hidden(enc, ["goblin-2"], False)
    assert "goblin-2" in shown_to_players(enc, everyone)
    enc.undo()
    enc.undo()
    assert enc.fingerprint() == start and shown_to_players(enc, everyone) == everyone


def test_the_hidden_flag_is_saved_with_the_combatant_and_old_saves_load() -> None:
    goblin = monster_combatants(GOBLIN, 1)[0]
    goblin.hidden = True
    assert Combatant.from_json(goblin.to_json()).hidden
    old = goblin.to_json()
    del old["hidden"]  # a fight saved before the flag existed
    assert Combatant.from_json(old).hidden is False


def test_hiding_nobody_is_refused() -> None:
    with pytest.raises(RuleError, match="select a combatant"):
        set_hidden(_encounter(), [], True)
