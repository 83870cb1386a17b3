"""R37: the halberd, thrust or swung — the wielder's choice for the fight.

WDD lists the halberd twice: "-1 for using long, thrusting weapon (can be a Halberd, without
extra damage)" and "+1 for two-handed weapon (ex. Halberd with extra damage)". R37: "The wielder
chooses per fight how to use it: thrusting (−1, no R12 two-handed bonus) or two-handed (+1, with
R12's bonus); never both." ``Combatant.halberd_use`` keeps the choice (``""``: two-handed, the
default); ``segments.segment_modifiers`` and ``weapon_choice`` read it through
:func:`thrusting`.
"""

from __future__ import annotations

from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.engine import Encounter, RuleError
from emberkeep.encounter.events import Step
from emberkeep.gear.owned import OwnedWeapon

__all__ = ["HALBERD", "THRUST", "choose_halberd_use", "is_halberd", "thrusting"]

HALBERD = "halberd"  # the catalog id
THRUST = "thrust"


def is_halberd(weapon: OwnedWeapon | None) -> bool:
    return weapon is not None and weapon.catalog_id == HALBERD


def thrusting(c: Combatant, weapon: OwnedWeapon | None) -> bool:
    """``c`` uses ``weapon``, a halberd, as a long thrusting weapon this fight (R37)."""
    return c.halberd_use == THRUST and is_halberd(weapon)


def choose_halberd_use(enc: Encounter, cid: str, thrust: bool) -> Step:
    """R37: the wielder's choice for this fight (a free step: it takes no turn)."""
    c = enc.combatant(cid)
    if c.kind != "pc" or not any(is_halberd(w) for w in enc.character(c).inventory.weapons):
        raise RuleError(f"{c.name} carries no halberd")
    use = THRUST if thrust else ""
    if c.halberd_use == use:
        raise RuleError(f"{c.name} already uses the halberd that way")
    with enc.action(cid, "halberd") as tx:
        tx.set(("c", c.id), "halberd_use", use)
        how = ("thrusting: -1 segment, no two-handed DAM bonus" if thrust
               else "two-handed: +1 segment, the two-handed DAM bonus")
        tx.summary(f"{c.name} uses the halberd {how} (R37)")
    return enc.history[-1]
