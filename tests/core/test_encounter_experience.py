"""R32: "an encounter awards each survivor 0-4 XP (the GM picks, the app suggests by danger)"."""

from __future__ import annotations

import pytest

from emberkeep.campaign.example import build_example_campaign
from emberkeep.dice import ScriptedRoller
from emberkeep.encounter.combatant import MonsterStats
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.experience import award_xp, suggest_xp, survivors
from emberkeep.encounter.setup import monster_combatants, pc_combatants


def _fight(monster_hp: int, count: int) -> tuple[Encounter, list[str]]:
    campaign = build_example_campaign()
    party = [c for c in campaign.characters if c.level == 1]  # 7 + 5 + 6 + 4 = 22 HP
    foe = MonsterStats(name="Bandit", max_hp=monster_hp, room_dc=12)
    enc = Encounter([*pc_combatants(party), *monster_combatants(foe, count)],
                    {c.id: c for c in party}, ScriptedRoller([]))
    return enc, [c.id for c in party]


@pytest.mark.parametrize(("hp", "count", "award"), [(5, 2, 1), (5, 4, 2), (5, 6, 3), (11, 4, 4)])
def test_the_suggestion_grows_with_the_foes_against_the_party(hp: int, count: int,
                                                              award: int) -> None:
    enc, _ = _fight(hp, count)
    assert suggest_xp(enc) == award


def test_a_fallen_pc_makes_it_one_more_and_four_is_the_most() -> None:
    enc, ids = _fight(5, 2)
    enc.characters[ids[0]].hp = 0
    assert suggest_xp(enc) == 2
    enc, ids = _fight(11, 4)
    enc.characters[ids[0]].hp = 0
    assert suggest_xp(enc) == 4


def test_no_foes_no_xp() -> None:
    campaign = build_example_campaign()
    party = [c for c in campaign.characters if c.level == 1]
    enc = Encounter(pc_combatants(party), {c.id: c for c in party}, ScriptedRoller([]))
    assert suggest_xp(enc) == 0


def test_the_living_survivors_get_the_gms_number() -> None:
    campaign = build_example_campaign()
    party = [c for c in campaign.characters if c.level == 1]
    party[1].alive = False
    enc = Encounter(pc_combatants(party), {c.id: c for c in party}, ScriptedRoller([]))
    before = [c.xp for c in party]
    names = award_xp(campaign, survivors(enc), 3)
    assert names == [party[0].name, party[2].name, party[3].name]
    assert [c.xp - b for c, b in zip(party, before, strict=True)] == [3, 0, 3, 3]
    with pytest.raises(ValueError, match="0 to 4 XP"):
        award_xp(campaign, survivors(enc), 5)
