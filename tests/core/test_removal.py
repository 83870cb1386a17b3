"""A character a kept encounter names cannot leave the roster: its fights replay on its sheet,
so removing it would write a file the app then refuses to open."""

from __future__ import annotations

from pathlib import Path

import pytest

from emberkeep.campaign import saving, storage
from emberkeep.campaign.recorder import remove_step
from emberkeep.check import loads_whole
from emberkeep.refusal import Refused

GOLDEN = Path(__file__).parents[1] / "files" / "campaign_v3.json"


def test_removing_a_pc_who_fought_is_refused_with_the_way_out(tmp_path: Path) -> None:
    campaign = storage.load(GOLDEN)
    fighter_id = str(campaign.encounters[0].combatants[0]["character_id"])
    fighter = campaign.character(fighter_id)
    before = campaign.model_dump()
    with pytest.raises(Refused, match=f"{fighter.name} is in the encounters '") as refused:
        remove_step(campaign, [fighter_id])
    assert "delete those encounters first" in str(refused.value)
    assert "dead or retired" in str(refused.value) and fighter_id not in str(refused.value)
    assert campaign.model_dump() == before
    path = tmp_path / "still.json"
    saving.save(campaign, path)
    loads_whole(path.read_bytes(), path)  # still opens, every fight rebuilt


def test_a_character_in_no_encounter_leaves_and_the_file_opens(tmp_path: Path) -> None:
    campaign = storage.load(GOLDEN)
    named = {str(c.get("character_id")) for r in campaign.encounters for c in r.combatants}
    free = next(c for c in campaign.characters if c.id not in named)
    remove_step(campaign, [free.id]).redo(campaign)
    assert free.id not in {c.id for c in campaign.characters}
    path = tmp_path / "left.json"
    saving.save(campaign, path)
    loads_whole(path.read_bytes(), path)
