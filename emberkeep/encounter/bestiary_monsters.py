"""From a bestiary template to monsters in an encounter, and back.

The monsters are made by the one monster-making function, ``setup.monster_combatants`` (its
numbering, its d8 a Hit Die per monster). HP are the template's number, rolled (its Hit Dice,
each monster its own), or typed by the GM: the typed numbers answer the Hit Die rolls in order
(``TypedRoller``), so a number the dice could not show is refused as any typed die is.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Literal

from emberkeep.campaign.bestiary import MeleeNumbers, MonsterTemplate
from emberkeep.dice import Purpose, Roller, TypedRoller
from emberkeep.encounter.combatant import Combatant, MeleeMonster, MonsterStats
from emberkeep.encounter.setup import monster_combatants

__all__ = ["HpMode", "monsters_of", "stats_of", "template_of"]

HpMode = Literal["as written", "rolled", "typed"]


def stats_of(template: MonsterTemplate, *, melee_round: bool = False) -> MonsterStats:
    """The template's stat block; with ``melee_round`` and R33 numbers, a Melee Round monster
    (which carries the further weapons too, but fights the Melee Round with its one weapon)."""
    common = dict(name=template.name, max_hp=max(1, template.hp or template.hit_dice * 8),
                  room_dc=template.room_dc, attack_bonus=template.attack_bonus,
                  morale=template.morale, weapon=template.weapon,
                  weapon_length_ft=template.weapon_length_ft, ranged=template.ranged,
                  other_weapons=template.other_weapons,
                  level=min(10, template.level or template.hit_dice),
                  initiative_modifier=template.initiative_modifier)
    melee = template.melee
    if melee_round and melee is not None:
        return MeleeMonster(damage=melee.damage, skill=melee.skill,
                            armor_points=melee.armor_points, siz=melee.siz, dex=melee.dex,
                            **common)
    return MonsterStats(damage=template.damage, **common)


def monsters_of(template: MonsterTemplate, count: int, *, roller: Roller,
                hp: HpMode = "rolled", typed: Sequence[int] = (), side: str = "foes",
                position: int = 1, taken: Collection[str] = (),
                melee_round: bool = False) -> list[Combatant]:
    """``count`` monsters of ``template``. ``hp``: the template's HP ("as written"; a template
    with only Hit Dice gets their average), "rolled" (its Hit Dice per monster) or "typed"
    (``typed``: one number per monster, for its Hit Dice roll)."""
    stats = stats_of(template, melee_round=melee_round)
    if hp == "as written" or not template.hit_dice:
        if template.hp == 0:  # Hit Dice only: their average, 4.5 a die rounded down
            stats = stats.model_copy(update={"max_hp": max(1, template.hit_dice * 9 // 2)})
        return monster_combatants(stats, count, side=side, position=position, taken=taken)
    if hp == "typed":
        if len(typed) != count:
            raise ValueError(f"type one HP for each of the {count} monsters "
                             f"({len(typed)} typed)")
        roller = TypedRoller(roller, {Purpose.HIT_DIE: list(typed)})
    return monster_combatants(stats, count, side=side, position=position, taken=taken,
                              hit_dice=template.hit_dice, roller=roller)


def template_of(stats: MonsterStats, template_id: str, *, hit_dice: int = 0,
                notes: str = "") -> MonsterTemplate:
    """A monster made on the fly (the monster form's stat block) as a bestiary template."""
    melee = None
    damage = stats.damage
    if isinstance(stats, MeleeMonster):
        melee = MeleeNumbers(skill=stats.skill, armor_points=stats.armor_points, siz=stats.siz,
                             dex=stats.dex, damage=stats.damage)
        damage = "1d6"  # its Furnace damage is not among R33's numbers: the form's default
    return MonsterTemplate(id=template_id, name=stats.name, room_dc=stats.room_dc,
                           hp=0 if hit_dice else stats.max_hp, hit_dice=hit_dice,
                           attack_bonus=stats.attack_bonus, damage=damage,
                           weapon=stats.weapon, weapon_length_ft=stats.weapon_length_ft,
                           ranged=stats.ranged, other_weapons=stats.other_weapons,
                           morale=stats.morale,
                           initiative_modifier=stats.initiative_modifier, level=stats.level,
                           melee=melee, notes=notes)
