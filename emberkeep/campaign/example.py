"""The bundled example campaign: four 1st-level characters, one of each class, and a funnel.

It is built by the same creation rules a GM uses, with the shipped archetypes, from dice "typed
in" here so the result is fixed, then written to ``resources/example_campaign.json``
(``uv run python -m emberkeep.campaign.example``). A test rebuilds it and compares, so the
shipped file can never drift from the rules.
"""

from __future__ import annotations

import sys
from pathlib import Path

from emberkeep.campaign.calendar import Calendar
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.storage import dumps
from emberkeep.character.abilities import Ability
from emberkeep.character.catalog import SHIPPED
from emberkeep.character.classes import EquipmentSelection as Pick
from emberkeep.character.creation import create_character
from emberkeep.character.funnel import roll_zero_level
from emberkeep.character.leveling import ClassChoices
from emberkeep.character.model import Character
from emberkeep.character.skills import Skill
from emberkeep.dice import Purpose, ScriptedRoller, TypedRoller
from emberkeep.gear.purse import Purse
from emberkeep.resources import resource_path

STR, DEX, CON, INT, WIS, CHA = (Ability.STR, Ability.DEX, Ability.CON, Ability.INT,
                                Ability.WIS, Ability.CHA)


def _typed(*faces: tuple[int, int, int], hp: int) -> TypedRoller:
    """The dice as the GM read them off the table: 3d6 per ability in order, then the hit die.
    Nothing else may be rolled (the base roller has no face to give)."""
    return TypedRoller(ScriptedRoller([]), {Purpose.ABILITY: list(faces), Purpose.HIT_DIE: hp})


def _first_level() -> list[Character]:
    brannoc = create_character(
        _typed((6, 5, 4), (3, 4, 5), (5, 5, 4), (2, 3, 4), (4, 4, 3), (3, 3, 2), hp=7),
        catalog=SHIPPED, name="Brannoc Ironhand", player="Ada", race="dwarf",
        choices=ClassChoices(
            class_id="fighter", save=CON, skills=(Skill.ATHLETICS,), fighting_style="defense",
            archetype="barbarian",
            equipment=(Pick(alternative="a", picks=("arming_sword",)),
                       Pick(alternative="a", picks=("crossbow",)), Pick(alternative="b"), Pick())))
    sister = create_character(
        _typed((6, 6, 4), (2, 5, 3), (4, 4, 4), (3, 3, 4), (2, 3, 4), (5, 4, 3), hp=5),
        catalog=SHIPPED, name="Sister Maud", player="Ben", race="human",
        swap=(STR, WIS), race_skill=Skill.MEDICINE,
        choices=ClassChoices(
            class_id="cleric", save=CHA, skills=(Skill.RELIGION,),
            equipment=(Pick(alternative="a"), Pick(alternative="a", picks=("sling",)),
                       Pick(alternative="b"), Pick())))
    sister.spells_known = ["bless", "shield"]
    wren = create_character(
        _typed((3, 3, 3), (6, 5, 5), (4, 3, 4), (5, 4, 3), (3, 4, 4), (4, 4, 4), hp=6),
        catalog=SHIPPED, name="Wren Quickfingers", player="Cal", race="halfling",
        choices=ClassChoices(
            class_id="rogue", save=INT,
            skills=(Skill.STEALTH, Skill.SLEIGHT_OF_HAND, Skill.ACROBATICS),
            expertise=(Skill.PERCEPTION, Skill.DECEPTION), archetype="arcane_trickster",
            equipment=(Pick(alternative="a", picks=("arming_sword",)),
                       Pick(alternative="a", picks=("sling",)), Pick(), Pick(),
                       Pick(picks=("thieves_tools",)), Pick())))
    ysolde = create_character(
        _typed((2, 3, 4), (4, 4, 3), (4, 5, 3), (6, 5, 4), (4, 3, 5), (3, 4, 4), hp=4),
        catalog=SHIPPED, name="Ysolde the Grey", player="Dee", race="elf",
        choices=ClassChoices(
            class_id="magic_user", save=WIS,
            skills=(Skill.NATURE, Skill.INVESTIGATION, Skill.INSIGHT),
            archetype="wizard", cantrips=("torchlight", "mending"),
            equipment=(Pick(picks=("dagger",)), Pick(), Pick(), Pick())))
    ysolde.spells_known = ["fireball", "chill_touch", "ember_swarm", "polymorph"]
    purses = [Purse(gp=12, sp=4), Purse(gp=8, sp=7, cp=5), Purse(gp=21, cp=3), Purse(gp=5, sp=9)]
    party = [brannoc, sister, wren, ysolde]
    for character, purse, xp in zip(party, purses, (14, 12, 17, 11), strict=True):
        character.inventory.purse = purse
        character.xp = xp
    return party


def _funnel() -> list[Character]:
    # 3d6 × 6, 1d4 HP and the occupation's die, for each peasant, as rolled at the table.
    faces = [
        [4, 3, 5, 2, 6, 4, 3, 3, 1, 5, 2, 2, 4, 4, 4, 6, 1, 3, 3, 7],
        [6, 5, 3, 2, 2, 4, 5, 5, 6, 1, 3, 2, 3, 4, 2, 2, 5, 1, 2, 22],
        [2, 2, 3, 6, 4, 5, 1, 4, 4, 3, 3, 5, 6, 6, 2, 4, 4, 4, 4, 31],
        [3, 4, 4, 5, 3, 1, 2, 6, 6, 4, 2, 4, 3, 1, 1, 5, 5, 3, 1, 12],
    ]
    names = ["Old Mag the Beekeeper", "Tobin the Fisher", "Elsa of the Mill",
             "Cuthbert Cheesewright"]
    return [roll_zero_level(ScriptedRoller(f), name=n, player=p)
            for f, n, p in zip(faces, names, ["Ada", "Ben", "Cal", "Dee"], strict=True)]


def build_example_campaign() -> Campaign:
    return Campaign(
        name="The Embers of Hollowmere",
        characters=[*_first_level(), *_funnel()],
        party_fund=Purse(gp=40, sp=5),
        time=Calendar().from_date(1023, 3, 14, 8),
        notes="The party met at the Ember Gate inn. The funnel peasants fled the burning mill "
              "of Hollowmere and follow the adventurers into the barrow.",
    )


def main(argv: list[str]) -> int:
    target = Path(argv[0]) if argv else resource_path("example_campaign.json")
    target.write_bytes(dumps(build_example_campaign()))
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
