"""The bestiary: the starter monsters, the campaign's own over them, templates made
into monsters by the one monster-making function (HP as written, rolled or typed), a monster
from the form saved back, and every change one recorded, undoable campaign step."""

from __future__ import annotations

import pytest

from emberkeep.campaign.bestiary import (
    MonsterTemplate,
    delete_template,
    find_template,
    new_template_id,
    save_template,
    starter_bestiary,
    templates,
)
from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.recorder import run_recorded
from emberkeep.dice import DiceError, ScriptedRoller
from emberkeep.encounter.bestiary_monsters import monsters_of, stats_of, template_of
from emberkeep.encounter.combatant import MeleeMonster, MonsterStats

COMMON = ("giant-rat", "goblin", "orc", "skeleton", "zombie", "wolf", "bandit", "ogre",
          "knight")


def test_the_starter_bestiary_has_the_common_osr_foes_in_furnace_terms() -> None:
    starters = {t.id: t for t in starter_bestiary()}
    assert len(starters) >= 20
    assert set(COMMON) <= set(starters)
    skeleton = starters["skeleton"]
    assert skeleton.armor_class == skeleton.room_dc == 12  # R30: AC is the ROOM DC
    assert skeleton.morale == 12  # undead never surrender: 2d6 cannot roll over 12
    assert starters["knight"].melee is not None  # R33's numbers for the Melee Round
    assert starters["giant-rat"].hp_text == "2 HP" and starters["ogre"].hp_text == "4 HD"


def test_own_templates_stand_over_the_starters_and_delete_brings_them_back() -> None:
    campaign = Campaign(name="Test")
    goblin = find_template(campaign, "goblin")
    assert goblin is not None and goblin.room_dc == 11
    tougher = goblin.model_copy(update={"room_dc": 13, "notes": "the Red Hand tribe"})
    save_template(campaign, tougher)
    assert find_template(campaign, "goblin") == tougher
    assert len(templates(campaign)) == len(starter_bestiary())
    assert new_template_id(campaign, "Goblin") == "goblin-2"
    delete_template(campaign, "goblin")
    assert find_template(campaign, "goblin") == goblin
    with pytest.raises(ValueError, match="starter"):
        delete_template(campaign, "goblin")
    with pytest.raises(KeyError):
        delete_template(campaign, "no-such-thing")


def test_a_template_needs_hp_or_hit_dice_and_damage_dice() -> None:
    with pytest.raises(ValueError, match="HP"):
        MonsterTemplate(id="x", name="X")
    with pytest.raises(ValueError, match="damage"):
        MonsterTemplate(id="x", name="X", hp=3, damage="lots")


def test_six_of_these_rolled_typed_or_as_written() -> None:
    ogre = find_template(Campaign(name="Test"), "ogre")
    assert ogre is not None and ogre.hit_dice == 4
    faces = [8, 7, 6, 5, 1, 1, 1, 1] + [2] * 16  # 4d8 each: 26, 4, then 8 four times
    rolled = monsters_of(ogre, 6, roller=ScriptedRoller(faces), hp="rolled")
    assert [m.hp for m in rolled] == [26, 4, 8, 8, 8, 8]
    assert [m.name for m in rolled] == [f"Ogre {n}" for n in range(1, 7)]
    assert rolled[0].monster is not None and rolled[0].monster.armor_class == 14
    typed = monsters_of(ogre, 2, roller=ScriptedRoller([]), hp="typed", typed=[30, 12],
                        taken={"ogre-1"})
    assert [(m.id, m.hp) for m in typed] == [("ogre-2", 30), ("ogre-3", 12)]
    with pytest.raises(DiceError):  # 4d8 cannot show 40
        monsters_of(ogre, 1, roller=ScriptedRoller([]), hp="typed", typed=[40])
    with pytest.raises(ValueError, match="one HP for each"):
        monsters_of(ogre, 2, roller=ScriptedRoller([]), hp="typed", typed=[20])
    written = monsters_of(ogre, 1, roller=ScriptedRoller([]), hp="as written")
    assert written[0].hp == 18  # 4 HD's average, 4.5 a die
    assert isinstance(stats_of(ogre, melee_round=True), MeleeMonster)
    assert type(stats_of(ogre)) is MonsterStats and stats_of(ogre).damage == "1d10"


def test_a_monster_from_the_form_is_saved_as_a_recorded_step_and_undone() -> None:
    campaign = build_example_campaign()
    stats = MonsterStats(name="Marsh hag", max_hp=22, room_dc=14, attack_bonus=4,
                         damage="1d8+2", morale=9, weapon="claws", weapon_length_ft=2, level=4)
    template = template_of(stats, new_template_id(campaign, stats.name), notes="bog")
    _, step = run_recorded(campaign, lambda c: save_template(c, template))
    assert find_template(campaign, "marsh-hag") == template
    assert step.change.catalogs  # the views showing the bestiary redraw
    made = monsters_of(template, 1, roller=ScriptedRoller([]), hp="as written")[0]
    assert made.monster == stats.model_copy(update={"initiative_modifier": 0})
    step.undo(campaign)
    assert find_template(campaign, "marsh-hag") is None and campaign.bestiary == []


def test_the_bestiary_is_saved_with_the_campaign_and_left_out_while_empty() -> None:
    from emberkeep.campaign.storage import dumps, loads

    campaign = Campaign(name="Test")
    assert b"bestiary" not in dumps(campaign)  # an older file's bytes stay as they were
    goblin = find_template(campaign, "goblin")
    assert goblin is not None
    save_template(campaign, goblin.model_copy(update={"hit_dice": 2}))
    again = loads(dumps(campaign))
    assert again.bestiary == campaign.bestiary and again.bestiary[0].hit_dice == 2
