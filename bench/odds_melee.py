"""The odds of a Melee Round encounter: two knights (the knight profile's defaults:
Sword 15, chainmail and shield, 28 HP) against three bandits (R33: skill 12, armor 6, SIZ 12,
4d6, 24 HP, morale 7) eight yards off, played from the start by ``melee_round.sim``.

Timed as the dialog runs them (chunks in the warm worker pool) and in this one process; the
machine is shared: each figure is the best of three runs.

Run: ``uv run python bench/odds_melee.py [fights]``.
"""

from __future__ import annotations

import sys

from odds import timed

from emberkeep.campaign.example import build_example_campaign
from emberkeep.character.knight import KnightProfile
from emberkeep.dice import RandomRoller
from emberkeep.encounter import odds
from emberkeep.encounter.combatant import MeleeMonster
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.setup import monster_combatants, pc_combatant
from emberkeep.melee_round.sim import melee_setup

BANDIT = MeleeMonster(name="Bandit", max_hp=24, skill=12, armor_points=6, siz=12,
                      damage="4d6", weapon_id="sword", morale=7)


def _setup() -> odds.OddsSetup:
    knights = [c for c in build_example_campaign().characters if c.level == 1][:2]
    for ch in knights:
        ch.knight = KnightProfile()  # R39: at full knight HP, its own track
    combatants = [*(pc_combatant(ch, position=0) for ch in knights),
                  *monster_combatants(BANDIT, 3, position=8)]
    enc = Encounter(combatants, {ch.id: ch for ch in knights}, RandomRoller(1))
    return melee_setup(enc)


def main() -> None:
    fights = int(next((a for a in sys.argv[1:] if a.isdigit()), str(odds.DEFAULT_FIGHTS)))
    setup = _setup()
    best_pool, best_one, here, workers = timed(setup, fights)
    figures = odds.odds_of(setup, here)
    print("\n".join(odds.summary_lines(figures)))
    for pc in figures.pcs:
        print(f"  {pc.name}: taken out {pc.dropped.text()}, HP lost {pc.hp_lost:.1f}")
    print(f"{workers} worker processes: {best_pool:.2f} s ({fights / best_pool:.0f} fights/s)")
    print(f"one process      : {best_one:.2f} s ({fights / best_one:.0f} fights/s)")


if __name__ == "__main__":
    main()
