"""What the engine uses for a character's numbers, asked the engine's own way.

For one character, :func:`engine_numbers` builds an encounter with it as a combatant against a
plain monster and asks the engine: the ATK modifier a real attack roll carries, the damage a
maximum-damage blow does (so the flat number shows), the crit range, the AC a monster's attack
meets, each SAVE's modifier, Athletics as the grapple rolls it, each skill as a CHECK rolls it,
the SPELLCHECK's modifier. The parity tests compare these with what the sheet, the roster, the
PDF and the repairs tracker show.

Each weapon line of the sheet is asked in its own grip: the engine holds a versatile weapon in
two hands only when nothing else is in hand, so a copy of the character holds just that weapon
(and, for the one-handed line, a second one in the other hand). A broken or dropped weapon is
mended and picked up in that copy: the sheet still shows its numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

from emberkeep.character.abilities import ABILITIES, Ability
from emberkeep.character.bonuses import state_damage
from emberkeep.character.catalog import SHIPPED, Catalog
from emberkeep.character.checks import skill_check
from emberkeep.character.model import Character
from emberkeep.character.sheet_numbers import AttackLine, attack_lines
from emberkeep.character.skills import Skill
from emberkeep.dice import ScriptedRoller, parse
from emberkeep.encounter.attack import roll_attack
from emberkeep.encounter.combatant import MonsterStats
from emberkeep.encounter.damage import strike_damage
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.feature_actions import extra_damage
from emberkeep.encounter.features import crit_low
from emberkeep.encounter.grapple import str_check_bonus
from emberkeep.encounter.saves import save_modifier
from emberkeep.encounter.setup import monster_combatants, pc_combatant

TARGET = MonsterStats(name="Target", max_hp=500, room_dc=30, attack_bonus=0, damage="1d4")


@dataclass(frozen=True)
class WeaponNumbers:
    atk: int
    max_damage: int  # a blow at maximum dice, floors and states included
    crit_low: int


@dataclass(frozen=True)
class EngineNumbers:
    armor_class: int
    saves: dict[Ability, int]
    athletics: int
    skills: dict[Skill, int]


def fighting_copy(character: Character) -> Character:
    """The character standing (the engine refuses attacks by the fallen): numbers unchanged."""
    return character.model_copy(update={"hp": max(1, character.max_hp), "alive": True},
                                deep=True)


def _encounter(character: Character, catalog: Catalog,
               distance: int) -> tuple[Encounter, str, str]:
    pc = pc_combatant(character)
    (foe,) = monster_combatants(TARGET, 1, position=distance)
    enc = Encounter([pc, foe], {character.id: character}, ScriptedRoller([10] * 50),
                    room_dc=12, catalog=catalog)
    return enc, pc.id, foe.id


def _holding_only(character: Character, line: AttackLine) -> Character:
    copy = fighting_copy(character)
    inv = copy.inventory
    weapon = next(w for w in inv.weapons if w.uid == line.uid)
    weapon.broken = weapon.dropped = False
    for w in inv.weapons:
        w.equipped = w is weapon
    if line.grip == "two_handed":
        for s in inv.shields:
            s.equipped = False
    elif weapon.versatile:  # the one-handed line: something in the other hand
        inv.weapons.append(weapon.model_copy(update={"uid": "other-hand-" + weapon.uid}))
    return copy


def weapon_numbers(character: Character, line: AttackLine, *,
                   catalog: Catalog = SHIPPED) -> WeaponNumbers:
    """The engine's ATK, maximum damage and crit range for one sheet line."""
    copy = _holding_only(character, line)
    weapon = next(w for w in copy.inventory.weapons if w.uid == line.uid)
    distance = 1 if weapon.kind == "ranged" else 0
    enc, pc_id, foe_id = _encounter(copy, catalog, distance)
    pc = enc.combatants[pc_id]
    with enc.action(pc_id, "parity") as tx:
        roll = roll_attack(enc, tx, pc, foe_id, weapon_uid=line.uid)
        assert roll.weapon.grip == line.grip, (roll.weapon, line)
        damage = strike_damage(enc, tx, pc, roll.weapon, mode="max")
        damage += extra_damage(enc, tx, pc, roll.weapon)
    return WeaponNumbers(roll.record.modifier, damage,
                         crit_low(enc, pc, not roll.weapon.ranged))


def sheet_max_damage(character: Character, line: AttackLine, *,
                     catalog: Catalog = SHIPPED) -> int:
    """What the sheet's damage text promises at maximum dice: dice + the flat number, a hit
    at least 1 before a switched-on state's damage (R29), which the engine adds after."""
    state = state_damage(character, catalog, ranged=_is_ranged(character, line))
    return max(1, parse(line.dice).maximum + line.damage_modifier - state) + state


def _is_ranged(character: Character, line: AttackLine) -> bool:
    weapon = next(w for w in character.inventory.weapons if w.uid == line.uid)
    return weapon.kind == "ranged"


def engine_numbers(character: Character, *, catalog: Catalog = SHIPPED) -> EngineNumbers:
    copy = fighting_copy(character)
    enc, pc_id, foe_id = _encounter(copy, catalog, 0)
    pc, foe = enc.combatants[pc_id], enc.combatants[foe_id]
    with enc.action(foe_id, "parity") as tx:
        ac = roll_attack(enc, tx, foe, pc).target_ac  # the AC a blow meets
    saves = {a: save_modifier(enc, pc, a) for a in ABILITIES}
    skills = {s: skill_check(copy, catalog, s, 10, ScriptedRoller([10])).roll.modifier
              for s in Skill}
    return EngineNumbers(ac, saves, str_check_bonus(enc, pc), skills)


def lines(character: Character, *, catalog: Catalog = SHIPPED) -> list[AttackLine]:
    return attack_lines(character, catalog)
