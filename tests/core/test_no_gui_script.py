"""A script with no Qt and no GUI module loads a campaign, rebuilds every saved encounter, resolves
an attack and saves (DESIGN: "A script or another front end can ``import emberkeep`` ... without
Qt"). Each runs in a fresh interpreter, so nothing another test imported helps."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.core.melee_campaign import write_melee_campaign

ROOT = Path(__file__).resolve().parents[2]


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


@pytest.mark.slow
def test_a_melee_round_encounter_rebuilds_from_a_script(tmp_path: Path) -> None:
    """Its steps hold whole ``KnightProfile`` values; the decoder knows them without the
    Melee Round bridge (or the GUI that imports it) having been imported."""
    path = write_melee_campaign(tmp_path)
    result = _run(f"""
        import sys
        from emberkeep.campaign.storage import load
        from emberkeep.character.catalog import Catalog
        from emberkeep.dice import ScriptedRoller
        from emberkeep.encounter.persist import build_encounter
        campaign = load({str(path)!r})
        record = campaign.encounters[0]
        enc = build_encounter(record, {{c.id: c for c in campaign.characters}},
                              ScriptedRoller([]), campaign.settings, Catalog(campaign))
        assert len(enc.history) == 2, enc.history
        knight = enc.history[-1].sets()[0].after
        print(type(knight).__name__, knight.glory)
        """)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["KnightProfile", "100"]


@pytest.mark.slow
def test_a_script_without_qt_loads_rebuilds_every_fight_attacks_and_saves(
        tmp_path: Path) -> None:
    """The bundled example (it keeps no encounter) and a campaign
    with a Melee Round fight and a Furnace one: each loads, every saved encounter rebuilds, a
    Furnace attack is resolved and recorded, and the campaign is saved and loads again."""
    melee = write_melee_campaign(tmp_path)
    saved = tmp_path / "after.json"
    result = _run(f"""
        import sys
        from emberkeep.campaign.storage import load
        from emberkeep.campaign.saving import save
        from emberkeep.character.catalog import Catalog
        from emberkeep.dice import RandomRoller
        from emberkeep.encounter import persist
        from emberkeep.encounter.attack import attack
        from emberkeep.encounter.surprise import check_surprise
        from emberkeep.encounter.turns import begin_round, current
        from emberkeep.resources import resource_path

        example = load(resource_path("example_campaign.json"))
        print("example", example.name, len(example.encounters))
        campaign = load({str(melee)!r})
        roller = RandomRoller(16)
        characters = {{c.id: c for c in campaign.characters}}
        fights = [persist.build_encounter(r, characters, roller, campaign.settings,
                                          Catalog(campaign))
                  for r in campaign.encounters]
        print("rebuilt", [persist.resolution(r, campaign.settings).value
                          for r in campaign.encounters], [len(f.history) for f in fights])

        record, enc = campaign.encounters[1], fights[1]
        for act in (lambda: check_surprise(enc, surprised=[]), lambda: begin_round(enc)):
            act()
            persist.push_step(record, enc, enc.history[-1])
        attacker = current(enc)
        target = next(c for c in enc.combatants.values() if c.side != attacker.side)
        persist.push_step(record, enc, attack(enc, attacker.id, target.id))
        print("attack", enc.history[-1].action, len(enc.history[-1].rolls()) > 0)
        save(campaign, {str(saved)!r})

        again = load({str(saved)!r})
        enc2 = persist.build_encounter(again.encounters[1], {{c.id: c for c in again.characters}},
                                       roller, again.settings, Catalog(again))
        assert enc2.fingerprint()["combatants"] == enc.fingerprint()["combatants"]
        print("qt", sorted(m for m in sys.modules
                           if m.split(".")[0] in ("PySide6", "shiboken6", "gui")))
        """)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "example The Embers of Hollowmere 0",
        "rebuilt ['melee_round', 'furnace'] [2, 0]",
        "attack attack True",
        "qt []",
    ]
