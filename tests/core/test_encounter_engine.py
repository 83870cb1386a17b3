"""The engine's plumbing: steps of events, undo, replay, refused actions leave no trace."""

from __future__ import annotations

import pytest

from emberkeep.campaign.example import build_example_campaign
from emberkeep.character.luck import LuckState
from emberkeep.dice import Purpose, ScriptedRoller
from emberkeep.encounter.combatant import Combatant, MonsterStats
from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.events import Step
from emberkeep.encounter.setup import monster_combatants, pc_combatants

GOBLIN = MonsterStats(name="Goblin", max_hp=5, room_dc=12, attack_bonus=2, damage="1d6")


def _encounter(faces: list[int] | None = None) -> Encounter:
    campaign = build_example_campaign()
    party = [c for c in campaign.characters if c.level == 1]
    combatants = [*pc_combatants(party), *monster_combatants(GOBLIN, 3)]
    return Encounter(combatants, {c.id: c for c in party}, ScriptedRoller(faces or []))


def test_combatants_are_set_up_with_ids_sides_and_hp() -> None:
    enc = _encounter()
    assert [c.name for c in enc.standing("foes")] == ["Goblin 1", "Goblin 2", "Goblin 3"]
    goblin = enc.combatant("goblin-2")
    assert goblin.hp == 5 and enc.armor_class(goblin) == 12  # R30: AC is the ROOM DC
    assert GOBLIN.save_bonus == 2 and GOBLIN.enemy_morale == 6
    fighter = next(c for c in enc.standing("party") if c.name == "Brannoc Ironhand")
    assert enc.armor_class(fighter) == 17 and enc.hp(fighter) == 7


def test_a_step_records_results_and_undo_restores_them() -> None:
    enc = _encounter([4])
    goblin = enc.combatant("goblin-1")
    start = enc.fingerprint()
    with enc.action("goblin-1", "test") as tx:
        record = tx.roll("d6", goblin.name, "damage", purpose=Purpose.DAMAGE)
        tx.set(("c", goblin.id), "hp", goblin.hp - record.total)
        tx.set(("c", goblin.id), "conditions", (ActiveCondition("PRONE"),))
    assert goblin.hp == 1 and goblin.conditions[0].name == "PRONE"
    step = enc.history[-1]
    assert [type(e).__name__ for e in step.events] == ["Rolled", "Set", "Set"]
    enc.undo()
    assert enc.fingerprint() == start
    enc.redo(step)
    assert goblin.hp == 1


def test_a_failed_action_leaves_no_trace() -> None:
    enc = _encounter()
    start = enc.fingerprint()
    with pytest.raises(RuleError), enc.action("goblin-1", "test") as tx:
        tx.set(("c", "goblin-1"), "hp", 0)
        raise RuleError("refused half-way")
    assert enc.fingerprint() == start and enc.history == []


def test_steps_survive_json_and_replay_to_the_same_state() -> None:
    enc = _encounter([6])
    fighter = next(c for c in enc.standing("party") if c.name == "Brannoc Ironhand")
    character = enc.character(fighter)
    with enc.action(fighter.id, "test") as tx:
        tx.roll("d6", fighter.name, "luck", purpose=Purpose.LUCK)
        tx.set(("pc", character.id), "hp", 3)
        tx.set(("pc", character.id), "luck", LuckState(dice=1, fail_streak=2))
        tx.set(("c", "goblin-1"), "conditions", (ActiveCondition("STUNNED", 2, "rounds"),))
        tx.row("fumble", 4, "4", "Your weapon is damaged")
        tx.note("the GM rules the goblin flinches")
    after = enc.fingerprint()
    saved = [s.to_json() for s in enc.history]
    fresh = _encounter()
    fresh_fighter = next(c for c in fresh.standing("party") if c.name == "Brannoc Ironhand")
    # the fresh encounter's characters have new ids: map the recorded ones onto them
    fresh.characters = {character.id: fresh.character(fresh_fighter),
                        **{k: v for k, v in fresh.characters.items()}}
    fresh.combatants = {cid: Combatant.from_json(c.to_json()) for cid, c in
                        _encounter().combatants.items()}
    for data in saved:
        fresh.redo(Step.from_json(data))
    assert fresh.combatant("goblin-1").conditions == enc.combatant("goblin-1").conditions
    assert fresh.characters[character.id].hp == 3
    assert fresh.characters[character.id].luck == LuckState(dice=1, fail_streak=2)
    assert after["combatants"]["goblin-1"] == fresh.fingerprint()["combatants"]["goblin-1"]


def test_duplicate_ids_and_missing_characters_are_refused() -> None:
    goblins = monster_combatants(GOBLIN, 1)
    with pytest.raises(RuleError, match="share the id"):
        Encounter([*goblins, *goblins], {}, ScriptedRoller([]))
    ghost = Combatant(id="pc-x", name="Ghost", side="party", kind="pc", character_id="nobody")
    with pytest.raises(RuleError, match="no character"):
        Encounter([ghost], {}, ScriptedRoller([]))
