"""WDD's volleys (R31).

"Missile Weapons attack in a Volley, which is to say the target is randomized. (Within about 30
degrees of arc in the shooting direction) If a character is armed with a shield, they can
voluntarily become the target of a volley shot against an adjacent character."

R31 in zones: a volley shot lands on a random combatant among the intended target and those
CLOSE to it (friend or foe, the shooter excepted); a shield bearer CLOSE to the intended target
may take the shot instead (``volunteer``). Thrown weapons are not missiles: they go where aimed.
On when the campaign's ``volleys`` option is (WDD); the random pick is a recorded dN.
"""

from __future__ import annotations

from emberkeep.dice import Purpose
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.damage import Wielded
from emberkeep.encounter.engine import Encounter, RuleError, Tx

__all__ = ["bears_shield", "land", "may_volunteer", "shield_volunteers"]

def bears_shield(enc: Encounter, c: Combatant) -> bool:
    if c.kind != "pc":
        return False
    shield = enc.character(c).inventory.shield
    return shield is not None and not getattr(shield, "destroyed", False)


def may_volunteer(enc: Encounter, shooter: Combatant, target: Combatant,
                  v: Combatant) -> bool:
    """R31: a standing shield bearer CLOSE to the target (not the shooter, not the target)
    may take a shot meant for it."""
    return not (v.id in (shooter.id, target.id) or v.position != target.position
                or enc.is_down(v) or not bears_shield(enc, v))


def shield_volunteers(enc: Encounter, shooter_id: str, target_id: str) -> list[str]:
    """Who may take a shot at ``target_id`` (:func:`may_volunteer`), for the GM to pick."""
    shooter, target = enc.combatants.get(shooter_id), enc.combatants.get(target_id)
    if target is None or shooter is None:
        return []
    return [c.id for c in enc.combatants.values() if may_volunteer(enc, shooter, target, c)]


def land(enc: Encounter, tx: Tx, shooter: Combatant, target: Combatant, weapon: Wielded,
         volunteer: str | None = None) -> Combatant:
    """Whom a missile shot at ``target`` lands on (see the module notes)."""
    if volunteer is not None:
        v = enc.combatant(volunteer)
        if not may_volunteer(enc, shooter, target, v):
            raise RuleError(f"{v.name} cannot take the shot: a shield bearer CLOSE to "
                            f"{target.name} may")
        tx.note(f"{v.name} raises a shield and takes the shot meant for {target.name}")
        return v
    if not weapon.ranged or weapon.thrown or not enc.settings.rules.volleys:
        return target
    pos, tid, sid, is_down = target.position, target.id, shooter.id, enc.is_down
    options = [target] + [c for c in enc.combatants.values()
                          if c.position == pos and c.id not in (tid, sid) and not is_down(c)]
    if len(options) == 1:
        return target
    landed = options[tx.roll(f"d{len(options)}", shooter.name, "volley: where it lands",
                             purpose=Purpose.CHOICE).total - 1]
    if landed is not target:
        tx.note(f"Volley: the shot at {target.name} lands on {landed.name}")
    return landed
