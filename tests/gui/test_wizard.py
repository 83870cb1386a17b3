"""New character wizard, funnel, Advance to 1st level and Level Up (R2, R5, R6)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from emberkeep.campaign import storage
from emberkeep.character.abilities import ABILITIES, Ability
from emberkeep.character.catalog import SHIPPED
from emberkeep.character.model import Character
from emberkeep.dice import RandomRoller, ScriptedRoller
from emberkeep.resources import resource_path
from gui.casting import LAY_ON_HANDS, CastDialog
from gui.document import CampaignDocument
from gui.wizard import NewCharacterWizard
from gui.wizard.level_up import LevelUpDialog
from tests.gui.windows import cell


@pytest.fixture
def document() -> CampaignDocument:
    return CampaignDocument(storage.load(resource_path("example_campaign.json")))


def by_name(document: CampaignDocument, name: str) -> Character:
    return next(c for c in document.campaign.characters if c.name.startswith(name))


def check(view: object, names: list[str]) -> None:
    from PySide6.QtWidgets import QListWidget

    assert isinstance(view, QListWidget)
    for row in range(view.count()):
        item = view.item(row)
        if item.text() in names:
            item.setCheckState(Qt.CheckState.Checked)


def test_wizard_builds_a_valid_first_level_character_from_typed_dice(qtbot: QtBot) -> None:
    """3d6 in order as typed; the Human swaps STR and INT (R2); Fighter d10 typed 2 with CON
    +1: R5 gain max(2, min(1 + 1, 5)) = 2."""
    wizard = NewCharacterWizard(RandomRoller(1), catalog=SHIPPED)
    qtbot.addWidget(wizard)
    faces = {Ability.STR: (6, 6, 4), Ability.DEX: (3, 3, 3), Ability.CON: (5, 5, 3),
             Ability.INT: (1, 2, 3), Ability.WIS: (4, 4, 4), Ability.CHA: (2, 2, 2)}
    for ability, dice in faces.items():
        for spin, face in zip(wizard.scores_page.dice[ability], dice, strict=True):
            spin.setValue(face)
    assert wizard.scores_page.totals[Ability.STR].text() == "= 16"
    wizard.scores_page.name.setText("Aldo")
    race = wizard.race_page
    race.race.setCurrentIndex(race.race.findData("human"))
    race.swap_a.setCurrentIndex(race.swap_a.findData("STR"))
    race.swap_b.setCurrentIndex(race.swap_b.findData("INT"))
    race.skill.setCurrentIndex(race.skill.findData("survival"))
    assert race.final_scores()[Ability.INT] == 16 and race.final_scores()[Ability.STR] == 6
    wizard.class_page.initializePage()
    form = wizard.class_page.form
    form.class_combo.setCurrentIndex(form.class_combo.findData("fighter"))
    form.style_combo.setCurrentIndex(form.style_combo.findData("defense"))
    # 1 + INT (+2) = 3 skills (R7)
    assert not wizard.class_page.validatePage()
    assert "choose 3 skills" in wizard.class_page.error.text()
    check(form.skills, ["Athletics", "History", "Arcana"])
    wizard.class_page.hp_typed.setValue(2)
    assert wizard.class_page.validatePage(), wizard.class_page.error.text()
    [character] = wizard.characters()
    Character.model_validate(character.model_dump())
    assert (character.class_id, character.level, character.max_hp) == ("fighter", 1, 2)
    assert character.scores.effective(Ability.INT) == 16 and character.race_swap is not None
    assert character.inventory.worn_armor is not None  # starting equipment taken


def test_wizard_funnel_of_four(qtbot: QtBot) -> None:
    wizard = NewCharacterWizard(RandomRoller(7), catalog=SHIPPED)
    qtbot.addWidget(wizard)
    wizard.path_page.funnel.setChecked(True)
    assert wizard.path_page.count.value() == 4  # the text's default
    wizard.funnel_page.initializePage()
    cell(wizard.funnel_page.table, 0, 0).setText("Hob")
    party = wizard.characters()
    assert len(party) == 4 and party[0].name == "Hob"
    for character in party:
        assert character.level == 0 and 1 <= character.max_hp <= 4  # R5: 1d4
        assert character.occupation is not None
        assert all(3 <= character.scores.get(a).base <= 18 for a in ABILITIES)


def test_level_up_applies_r5_floor_with_a_scripted_die(qtbot: QtBot,
                                                       document: CampaignDocument) -> None:
    """Brannoc, Fighter d10, CON 15 (+1): a 1 gains max(1, min(2, 5)) = 2; PROF stays +1 at
    2nd; the 2nd level brings an archetype feature (R6). Undo restores the sheet."""
    brannoc = by_name(document, "Brannoc")
    before = brannoc.max_hp
    dialog = LevelUpDialog(document, brannoc.id, ScriptedRoller([1]))
    qtbot.addWidget(dialog)
    assert dialog.feature is not None and dialog.feature.count() == 5
    dialog.apply()
    assert dialog.error.text() == ""
    assert (brannoc.level, brannoc.max_hp, brannoc.prof) == (2, before + 2, 1)
    assert brannoc.hp_history[-1].faces == (1,) and "R5 floor" in dialog.summary
    assert len(brannoc.archetype_features) == 1 and brannoc.hit_dice == 2
    document.undo_stack.undo()
    assert (brannoc.level, brannoc.max_hp, brannoc.archetype_features) == (1, before, [])


def test_advance_funnel_survivor_to_first_level(qtbot: QtBot,
                                                document: CampaignDocument) -> None:
    """R5: a survivor adds the 1st-level gain to its 1d4 HP (Cleric d8 typed 6)."""
    mag = by_name(document, "Old Mag")
    zero_hp = mag.max_hp
    dialog = LevelUpDialog(document, mag.id, RandomRoller(3))
    qtbot.addWidget(dialog)
    assert dialog.choices is not None
    dialog.choices.class_combo.setCurrentIndex(dialog.choices.class_combo.findData("cleric"))
    picks = dialog.choices.choices().skills
    assert picks == ()
    count = get_count(dialog)
    skills = [s for s in ("Religion", "Medicine", "Insight", "History", "Nature")
              if s.lower() not in {p.value for p in mag.skill_proficiencies}][:count]
    check(dialog.choices.skills, skills)
    dialog.hp_typed.setValue(6)
    dialog.apply()
    assert dialog.error.text() == "", dialog.error.text()
    assert (mag.class_id, mag.level, mag.max_hp) == ("cleric", 1, zero_hp + 6)
    document.undo_stack.undo()
    assert mag.level == 0 and mag.max_hp == zero_hp


def get_count(dialog: LevelUpDialog) -> int:
    assert dialog.choices is not None
    text = dialog.choices.skill_hint.text()
    return int(text.split("Choose ")[1].split()[0])


def test_cast_from_the_sheet_spellcheck_typed(qtbot: QtBot, document: CampaignDocument) -> None:
    """R8: Ysolde (INT +2, PROF +1) types 14: total 17 → Success Level 2, base + 1d = 2 dice;
    the depletion count goes up by one (R10); undo puts it back."""
    ysolde = by_name(document, "Ysolde")
    dialog = CastDialog(document, ysolde.id, ScriptedRoller([]))
    qtbot.addWidget(dialog)
    dialog.spell.setCurrentIndex(dialog.spell.findData("fireball"))
    dialog.typed.setValue(14)
    text = dialog.cast()
    assert "= 17" in text and "Success Level 2" in text and "Spell dice: 2 × d6" in text
    assert text.startswith("Rolled 14 (typed) + 3 SPELLCHECK = 17 against DC 12: succeeds")
    assert ysolde.caster.spells_cast_since_check == 1
    document.undo_stack.undo()
    assert ysolde.caster.spells_cast_since_check == 0


def test_cast_natural_one_mishap_and_lay_on_hands(qtbot: QtBot,
                                                  document: CampaignDocument) -> None:
    """R8: a Magic-user's natural 1 rolls the mishap (General table d20: 16 → random target).
    R11: Maud (WIS +2, PROF +1) typed 13 → 16 → 2 HD; Brannoc has 1 HD, so 1 is spent."""
    ysolde = by_name(document, "Ysolde")
    dialog = CastDialog(document, ysolde.id, ScriptedRoller([16]))
    qtbot.addWidget(dialog)
    dialog.spell.setCurrentIndex(dialog.spell.findData("chill_touch"))
    dialog.typed.setValue(1)
    assert "Mishap" in dialog.cast()
    maud, brannoc = by_name(document, "Sister Maud"), by_name(document, "Brannoc")
    brannoc.hp = 2
    heal = CastDialog(document, maud.id, ScriptedRoller([5]))
    qtbot.addWidget(heal)
    heal.spell.setCurrentIndex(heal.spell.findData(LAY_ON_HANDS))
    heal.target.setCurrentIndex(heal.target.findData(brannoc.id))
    heal.typed.setValue(13)
    text = heal.cast()
    assert "2 HD granted, 1 spent" in text and "heals 5 HP" in text
    assert (brannoc.hp, brannoc.hit_dice, brannoc.caster.healed_hd_today) == (7, 0, 1)
    document.undo_stack.undo()  # one step: the cast and the heal
    assert (brannoc.hp, brannoc.hit_dice) == (2, 1)
