"""Class features and fighting styles that change an attack (Furnace, "Class Features").

- Cleave (Fighter): "If you score a lethal blow, you can deal the remaining DAM to a second
  target in CLOSE of the killed one." The remaining DAM is what the blow did beyond the HP the
  foe had left; the second target takes it with no roll.
- Sneak Attack (Rogue): "if target is unaware, it is EASY to hit, and the hit scores automatic
  CRIT" (R15 counts it as a critical hit, so it also dents armor).
- Fighting styles (Fighter): Archery "+1 ATK with ranged weapons"; Defense "+1 AC" (already in
  the sheet's armor class); Dueling "+1 DAM, when using one-handed weapons"; 2H weapon master
  "you can roll 1s one time" (damage dice showing 1 are rerolled once); Protection "once a fight
  a NEAR ally is HARD to hit" (one use per fight, kept in ``Combatant.used``); 2 weapon fighting
  "add ability mod to off-hand DAM" (an off-hand attack adds no positive STR otherwise, as 5e).
- Barbarian "Melee CRIT range 19-20": an archetype feature with a ``crit_range`` effect.
"""

from __future__ import annotations

from emberkeep.character import bonuses
from emberkeep.dice import Purpose, RollRecord, parse
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.engine import Encounter, RuleError, Tx
from emberkeep.encounter.unaware import is_unaware_of
from emberkeep.encounter.zones import Band

__all__ = [
    "ARCHERY",
    "DUELING",
    "GREAT_WEAPON_MASTER",
    "PROTECTION",
    "TWO_WEAPON_FIGHTING",
    "cleave_candidates",
    "crit_low",
    "fighting_style",
    "has_class_feature",
    "protection_candidates",
    "reroll_ones",
    "sneak_attack_applies",
    "use_protection",
]

ARCHERY = "archery"
DUELING = "dueling"
GREAT_WEAPON_MASTER = "great_weapon_master"
PROTECTION = "protection"
TWO_WEAPON_FIGHTING = "two_weapon_fighting"
PROTECTION_USED = "protection"  # the entry in Combatant.used once a fight


def fighting_style(enc: Encounter, c: Combatant) -> str | None:
    return enc.character(c).fighting_style if c.kind == "pc" else None


def has_class_feature(enc: Encounter, c: Combatant, feature_id: str) -> bool:
    """Whether a PC's class has a feature (``cleave``, ``sneak_attack``); 0-levels have none."""
    if c.kind != "pc":
        return False
    cls = enc.character(c).class_def
    return cls is not None and any(f.id == feature_id for f in cls.features)


def crit_low(enc: Encounter, c: Combatant, melee: bool) -> int:
    """The lowest natural roll that crits: 20, or the Barbarian's 19 with a melee weapon (R15:
    a widened crit range is a critical hit like a natural 20)."""
    if c.kind != "pc":
        return 20
    # the sheet's crit range; an archetype's CritRange effect can widen it
    return bonuses.crit_low(enc.character(c), enc.catalog, ranged=not melee)


def sneak_attack_applies(enc: Encounter, attacker: Combatant, target: Combatant) -> bool:
    """Rogue's Sneak Attack: the target is unaware of this attacker (R35)."""
    return is_unaware_of(target, attacker) and has_class_feature(enc, attacker, "sneak_attack")


def protection_candidates(enc: Encounter, target: Combatant) -> list[Combatant]:
    """Fighters with the Protection style who can still use it for ``target``: standing, on its
    side, NEAR it (CLOSE counts too) and not yet used this fight."""
    return [c for c in enc.allies(target)
            if fighting_style(enc, c) == PROTECTION and PROTECTION_USED not in c.used
            and enc.band(c, target) <= Band.NEAR]


def use_protection(enc: Encounter, tx: Tx, protector_id: str, target: Combatant) -> None:
    """Spend the protector's once-a-fight Protection: the attack on ``target`` is HARD."""
    protector = enc.combatant(protector_id)
    if protector not in protection_candidates(enc, target):
        raise RuleError(f"{protector.name} cannot protect {target.name} now (Protection: once "
                        "a fight, a NEAR ally)")
    tx.set(("c", protector.id), "used", (*protector.used, PROTECTION_USED))
    tx.note(f"{protector.name} protects {target.name}: the attack is HARD")


def cleave_candidates(enc: Encounter, attacker: Combatant, killed: Combatant) -> list[Combatant]:
    """Foes of the attacker still standing and CLOSE to the one it killed."""
    return [c for c in enc.enemies(attacker)
            if c.id != killed.id and enc.band(c, killed) == Band.CLOSE]


def reroll_ones(tx: Tx, record: RollRecord, who: str) -> int:
    """2H weapon master: every damage die showing 1 is rolled once more (the new face stands).

    Returns the new dice total (without the roll's modifier); the reroll is recorded.
    """
    ones = sum(1 for f in record.faces if f == 1)
    if not ones or record.typed or not record.faces:
        return record.dice_total
    sides = parse(record.expression).sides
    again = tx.roll(f"{ones}d{sides}", who, "2H weapon master: reroll 1s",
                    purpose=Purpose.DAMAGE_REROLL)
    return record.dice_total - ones + again.dice_total
