"""load(save(c)) == c for generated campaigns, through the real file path."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from emberkeep.campaign.model import Campaign
from emberkeep.campaign.saving import save
from emberkeep.campaign.storage import dumps, load, loads
from tests.strategies import campaigns


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(campaigns)
def test_load_of_save_is_the_same_campaign(campaign: Campaign) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "c.json"
        save(campaign, path)
        save(campaign, path)  # the second save goes through the backup path too
        assert load(path) == campaign


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(campaigns)
def test_serialization_is_stable(campaign: Campaign) -> None:
    assert dumps(loads(dumps(campaign))) == dumps(campaign)
