"""R36: "Where WDD counts "HD" (fending: one opponent per two HD, rounded up) ... A monster's
HD is set in its form (default 1)."
"""

from __future__ import annotations

from emberkeep.encounter.combatant import MonsterStats
from emberkeep.encounter.setup import monster_combatants
from tests.core.test_encounter_initiative import make_encounter


def test_r36_a_monsters_hd_from_its_form_sets_how_many_it_fends() -> None:
    """R36: "A monster's HD is set in its form (default 1)": one opponent per two HD, rounded
    up: HD 0 or 1 fends one, HD 3 two, HD 5 three."""
    from emberkeep.encounter.fending import fend_limit

    for hd, fended in ((0, 1), (1, 1), (3, 2), (5, 3)):
        pike = MonsterStats(name="Pikeman", max_hp=8, room_dc=12, weapon="pike",
                            weapon_length_ft=10, level=hd)
        enc = make_encounter([], monster_combatants(pike, 1))
        assert fend_limit(enc, enc.combatant("pikeman-1")) == fended
