"""Crit and injury rows whose words must do something at the table (issue #17)."""

from __future__ import annotations

from emberkeep.campaign.settings import CampaignSettings, InitiativeMode, MonsterCrits
from emberkeep.encounter.act_last import LAST_TO_ACT
from emberkeep.encounter.attack import attack
from emberkeep.encounter.events import Row
from emberkeep.encounter.initiative import Slot
from emberkeep.encounter.turns import begin_round
from tests.core.test_encounter_attack import make, pc


def _zero_level_crit_4(mode: InitiativeMode, faces: list[int]) -> tuple[object, str]:
    """The goblin's natural 20 on the 0-level table (R30), d4 row 4: "Inflict +1d6 DAM and foe
    is last to act next turn" (+3)."""
    enc = make(faces, settings=CampaignSettings(monster_crits=MonsterCrits.CLASS_TABLES),
               mode=mode)
    brannoc = pc(enc, "Brannoc")
    enc.character(brannoc).max_hp = enc.character(brannoc).hp = 30
    begin_round(enc)
    step = attack(enc, "goblin-1", brannoc.id)
    assert [(r.table, r.label) for r in step.events if isinstance(r, Row)] == [
        ("crit_zero_level", "4-5")]
    assert LAST_TO_ACT in {x.name for x in brannoc.conditions}
    for c in enc.combatants.values():
        c.acted = True
    begin_round(enc)
    return enc, brannoc.id


def test_last_to_act_next_turn_puts_the_foe_after_everyone_in_group_initiative() -> None:
    """Round 2's d6s: the party 6, the goblins 1 — the party first, but Brannoc last of all."""
    enc, brannoc = _zero_level_crit_4(InitiativeMode.GROUP, [5, 3, 20, 4, 3, 6, 1])
    order = [Slot.parse(e).cid for e in enc.state.order]  # type: ignore[attr-defined]
    assert order[-1] == brannoc and order[0] != brannoc
    assert order.index("goblin-1") < order.index(brannoc)


def test_last_to_act_in_segments_takes_the_rounds_last_segment() -> None:
    """WDD: round 2's d10s put Brannoc on segment 3 (his 1 and his modifiers) and the goblin on
    9, the round's last; Brannoc goes on segment 9, after the goblin."""
    faces = [3, 5, 7, 8, 9, 20, 4, 3, 1, 4, 5, 6, 9]
    enc, brannoc = _zero_level_crit_4(InitiativeMode.SEGMENTS, faces)
    slots = [Slot.parse(e) for e in enc.state.order]  # type: ignore[attr-defined]
    assert slots[-1].cid == brannoc
    assert [(s.cid, s.segment) for s in slots[-2:]] == [("goblin-1", 9), (brannoc, 9)]
