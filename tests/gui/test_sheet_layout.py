"""The sheet read at a glance: blocks that do not apply are hidden (and come back when they start
to apply), it fits the laptops without a sideways scroll bar (a knight's too, light and dark),
the header band stays in sight, the skills that matter come first, every derived number is
marked for its explanation, and Tab walks it in reading order."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from emberkeep.campaign import storage
from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import Campaign
from emberkeep.character.abilities import ABILITIES
from emberkeep.character.catalog import Catalog
from emberkeep.character.knight import KnightProfile
from emberkeep.character.leveling import level_up
from emberkeep.character.sheet_numbers import attack_lines
from emberkeep.character.skills import Skill
from emberkeep.character.status import character_armor_class
from emberkeep.dice import ScriptedRoller
from emberkeep.resources import resource_path
from gui.color_scheme import apply_scheme
from gui.document import CampaignDocument
from gui.main_window import MainWindow
from gui.sheet import CharacterSheet
from gui.sheet.explained import EXPLAINS, STATIC_KEYS, explained
from tests.gui.fit import LAPTOPS, assert_fits
from tests.gui.windows import open_campaign_window

KNIGHT = KnightProfile(SIZ=15, DEX=10, STR=10, CON=13,
                       skills={"Sword": 15, "Lance": 12, "Spear": 6})
KEY = re.compile(r"^(ac|prof|hp_max|load|spellcheck|spells_known|dead_at|hp_gain:[0-9]+"
                 r"|atk:.+|damage:.+|save:(STR|DEX|CON|INT|WIS|CHA)|skill:[a-z_]+)$")


@pytest.fixture
def document() -> CampaignDocument:
    return CampaignDocument(storage.load(resource_path("example_campaign.json")))


def _id(document: CampaignDocument, name: str) -> str:
    return next(c.id for c in document.campaign.characters if c.name.startswith(name))


def _sheet(qtbot: QtBot, document: CampaignDocument, name: str) -> CharacterSheet:
    sheet = CharacterSheet(document, _id(document, name))
    qtbot.addWidget(sheet)
    return sheet


def _shown(widget: QWidget, sheet: CharacterSheet) -> bool:
    return widget.isVisibleTo(sheet)


# -- blocks that apply, and only those ---------------------------------------------------------

@pytest.mark.slow
def test_no_spell_panel_for_a_fighter_one_for_a_magic_user_and_a_cleric(
        qtbot: QtBot, document: CampaignDocument) -> None:
    """R8: a Fighter casts nothing: no Magic block at all (no disabled combos, no Forget, no
    Disapproval). The Magic-user has SPELLCHECK INT + PROF, spells and cantrips, no disapproval;
    the Cleric WIS + PROF, spells and disapproval (R10), no cantrips."""
    brannoc = _sheet(qtbot, document, "Brannoc")
    assert not _shown(brannoc.magic, brannoc)
    ysolde = _sheet(qtbot, document, "Ysolde")
    magic = ysolde.magic
    assert _shown(magic, ysolde) and _shown(magic.spells_half, ysolde)
    assert _shown(magic.cantrips_half, ysolde) and not _shown(magic.disapproval, ysolde)
    assert magic.spellcheck.text() == "+3" and magic.known.text() == "4 / 4"
    assert not magic.forget_button.isEnabled()  # nothing selected, nothing to forget
    magic.spells.setCurrentRow(0)
    assert magic.forget_button.isEnabled()
    maud = _sheet(qtbot, document, "Sister Maud")
    assert _shown(maud.magic, maud) and _shown(maud.magic.disapproval, maud)
    assert not _shown(maud.magic.cantrips_half, maud)
    assert maud.magic.spellcheck.text() == "+3"  # WIS +2, PROF +1


def test_magic_shows_when_a_level_up_brings_a_cantrip_and_goes_with_undo(
        qtbot: QtBot, document: CampaignDocument) -> None:
    """Wren, an Arcane Trickster, casts nothing at 1st level; Level Up to 2nd with Trickster
    ("Learn one cantrip") brings the cantrips half, still no SPELLCHECK; undo takes it away."""
    sheet = _sheet(qtbot, document, "Wren")
    assert not _shown(sheet.magic, sheet)
    work = sheet.character.model_copy(deep=True)
    level_up(work, Catalog(document.campaign), ScriptedRoller([4]),
             archetype_feature="trickster")
    document.replace_character(work, "Level up Wren to 2")  # the Level Up dialog's write
    magic = sheet.magic
    assert _shown(magic, sheet) and _shown(magic.cantrips_half, sheet)
    assert magic.learn_cantrip_button.isEnabled()
    assert not _shown(magic.spells_half, sheet) and not _shown(magic.spellcheck, sheet)
    document.undo_stack.undo()
    assert not _shown(sheet.magic, sheet)


@pytest.mark.slow
def test_fighting_style_only_for_a_class_that_has_styles(
        qtbot: QtBot, document: CampaignDocument) -> None:
    brannoc = _sheet(qtbot, document, "Brannoc")
    assert _shown(brannoc.style_combo, brannoc) and brannoc.style_combo.currentText() == "Defense"
    ysolde = _sheet(qtbot, document, "Ysolde")
    assert not _shown(ysolde.style_combo, ysolde)


def test_the_knight_block_only_with_a_profile(qtbot: QtBot, document: CampaignDocument) -> None:
    sheet = _sheet(qtbot, document, "Brannoc")
    assert not _shown(sheet.knight, sheet) and _shown(sheet.add_knight_button, sheet)
    sheet.add_knight_button.click()
    assert _shown(sheet.knight, sheet) and not _shown(sheet.add_knight_button, sheet)
    assert sheet.knight.knight_hp.text() == "Knight HP (Melee Round) 28 / 28"
    assert document.undo_stack.undoText() == "Edit Add knight profile of Brannoc Ironhand"
    sheet.knight.remove_button.click()
    assert not _shown(sheet.knight, sheet) and _shown(sheet.add_knight_button, sheet)
    document.undo_stack.undo()
    assert _shown(sheet.knight, sheet)


# -- fitting the laptops -------------------------------------------------------------------------

@pytest.fixture(params=["light", "dark"])
def scheme(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    before = QPalette(qapp.palette())
    apply_scheme(qapp, request.param)
    yield str(request.param)
    qapp.setPalette(before)


def _knights() -> Campaign:
    """The example party, every 1st-level character a knight too (R39: HP as they were)."""
    campaign = build_example_campaign()
    for character in campaign.characters:
        if character.level == 1:
            character.knight = KNIGHT
    return campaign


def _on(laptop: str, tmp_path: Path, qtbot: QtBot,
        monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    window, _path = open_campaign_window(tmp_path, qtbot, monkeypatch, _knights())
    screen = next(s for s in QGuiApplication.screens() if s.name() == laptop)
    window.setGeometry(screen.availableGeometry())
    window.show()
    qtbot.waitExposed(window)
    return window


def _whole(widget: QWidget) -> bool:
    """Every pixel of ``widget`` is on screen, none clipped by a scroll area."""
    return widget.isVisible() and widget.visibleRegion().boundingRect() == widget.rect()


@pytest.mark.slow
@pytest.mark.parametrize("laptop", LAPTOPS)
def test_a_knights_sheet_fits_the_laptop_without_a_sideways_scroll_bar(
        laptop: str, scheme: str, tmp_path: Path, qtbot: QtBot,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A knight Fighter, a knight Cleric (Magic and Knight blocks both) and a knight Magic-user:
    no horizontal scroll bar, the blocks' least width inside the viewport, Magic whole in width;
    the header's numbers whole on screen, and still after scrolling to the bottom."""
    window = _on(laptop, tmp_path, qtbot, monkeypatch)
    assert window.document is not None
    for name in ("Brannoc", "Sister Maud", "Ysolde"):
        sheet = window.open_sheet(_id(window.document, name))
        QApplication.processEvents()
        assert _shown(sheet.knight, sheet)
        bar = sheet.blocks.horizontalScrollBar()
        assert not bar.isVisible() and bar.maximum() == 0, (name, bar.maximum())
        assert sheet.body.minimumSizeHint().width() <= sheet.blocks.viewport().width()
        assert sheet.minimumSizeHint().width() <= sheet.width()
        if sheet.magic.isVisible():
            left = sheet.magic.mapTo(sheet.blocks.viewport(), sheet.magic.rect().topLeft())
            assert left.x() + sheet.magic.width() <= sheet.blocks.viewport().width()
        header: list[QWidget] = [sheet.fields[k] for k in ("name", "hp", "max_hp", "luck")]
        header += [sheet.labels[k] for k in ("ac", "prof", "level", "class", "death")]
        header += [w for pair in sheet.header.attack_labels.values() for w in pair]
        assert len(header) > 9
        assert all(_whole(w) for w in header), [w.accessibleName() for w in header
                                                 if not _whole(w)]
        sheet.blocks.verticalScrollBar().setValue(sheet.blocks.verticalScrollBar().maximum())
        QApplication.processEvents()
        assert all(_whole(w) for w in header)
        assert_fits(window)


def test_a_long_weapon_name_gives_way_in_the_header(qtbot: QtBot,
                                                   document: CampaignDocument) -> None:
    """A weapon the GM named at length is cut in the header (whole in its tooltip): the band,
    and so the sheet, is no wider for it."""
    sheet = _sheet(qtbot, document, "Brannoc")
    before = sheet.minimumSizeHint().width()
    inventory = sheet.character.inventory.model_copy(deep=True)
    long_name = "The Sword of the Seven Sorrows of the Drowned King Beneath the Ember Hills"
    inventory.weapons[0].name = long_name
    document.edit_character(sheet.character_id, "inventory", inventory)
    label = next(w for w in sheet.header.findChildren(QLabel) if w.toolTip()
                 and long_name in w.toolTip())
    assert label.text().endswith("…") and label.sizeHint().width() <= 200
    assert sheet.minimumSizeHint().width() == before


# -- skills ------------------------------------------------------------------------------------

@pytest.mark.slow
def test_skills_that_differ_from_the_bare_modifier_first_every_one_on_request(
        qtbot: QtBot, document: CampaignDocument) -> None:
    """Brannoc: PROF in Athletics, Intimidation and Survival (R7) are shown; the other 15, at
    the bare modifier, come below them with Show every skill (Alt+V), in the core's order."""
    sheet = _sheet(qtbot, document, "Brannoc")
    skills = sheet.skills
    assert skills.shown() == ["athletics", "intimidation", "survival"]
    assert skills.rest.text() == "15 more at the bare ability modifier"
    assert skills.rows["athletics"].bonus.text() == "+2"
    skills.show_all.click()
    rest = [s.value for s in Skill if s.value not in ("athletics", "intimidation", "survival")]
    assert skills.shown() == ["athletics", "intimidation", "survival", *rest]
    assert not _shown(skills.rest, sheet)
    skills.show_all.click()
    skills.rows["history"].prof.click()  # PROF in History: it moves up among the first
    assert document.character(sheet.character_id).is_proficient(Skill.HISTORY)
    assert skills.shown() == ["athletics", "history", "intimidation", "survival"]
    assert skills.rows["history"].bonus.text() == "+1"
    document.undo_stack.undo()
    assert skills.shown() == ["athletics", "intimidation", "survival"]


@pytest.mark.slow
def test_ready_to_level_up_reads_green_and_bold(qtbot: QtBot,
                                                document: CampaignDocument) -> None:
    """R32 at 50 XP: the guide's green (the palette's own, AA on the window), muted before."""
    from gui.palette import tones

    sheet = _sheet(qtbot, document, "Brannoc")
    ready = sheet.labels["ready"]
    assert ready.palette().color(QPalette.ColorRole.WindowText) == tones().muted
    document.edit_character(sheet.character_id, "xp", 50)
    assert ready.text() == "ready to level up to 2nd (50 XP, R32)"
    assert ready.palette().color(QPalette.ColorRole.WindowText) == tones().good
    assert ready.font().bold()


@pytest.mark.slow
def test_a_funnel_character_says_every_skill_is_at_the_modifier(
        qtbot: QtBot, document: CampaignDocument) -> None:
    sheet = _sheet(qtbot, document, "Old Mag")
    assert sheet.skills.shown() == []
    assert sheet.skills.rest.text() == "All 18 skills at the bare ability modifier"


# -- every number marked for its explanation ------------------------------------------------------

def test_every_derived_number_is_a_marked_focusable_widget(
        qtbot: QtBot, document: CampaignDocument) -> None:
    """Ysolde (a caster with two weapons) as a knight: AC, PROF, HP max, load, SPELLCHECK,
    spells known, dead-at, each weapon's ATK and damage, each SAVE and skill carry an
    ``explains`` key, take Tab focus, and show the core's number."""
    ysolde = _id(document, "Ysolde")
    document.edit_character(ysolde, "knight", KNIGHT)
    sheet = _sheet(qtbot, document, "Ysolde")
    character = sheet.character
    assert character.id == sheet.character_id  # what the explanations read
    marked = explained(sheet)
    weapons = [line.uid for line in attack_lines(character, sheet.catalog)]
    assert len(weapons) == 2
    wanted = {*STATIC_KEYS, *(f"atk:{uid}" for uid in weapons),
              *(f"damage:{uid}" for uid in weapons),
              *(f"save:{a.value}" for a in ABILITIES), *(f"skill:{s.value}" for s in Skill),
              *(f"hp_gain:{e.level}" for e in character.hp_history)}
    assert character.hp_history  # each level's gain explains itself too
    assert set(marked) == wanted
    for key, widgets in marked.items():
        assert KEY.match(key), key
        for widget in widgets:
            assert widget.focusPolicy() & Qt.FocusPolicy.TabFocus, key
            assert widget.property(EXPLAINS) == key

    def text(key: str) -> str:
        widget = marked[key][0]
        assert isinstance(widget, QLabel | QLineEdit), key
        return widget.text()

    assert text("ac") == str(character_armor_class(character, sheet.catalog))
    assert text("hp_max") == str(character.max_hp)  # typed: the field is the number
    assert text("dead_at").startswith(str(character.death_threshold))
    assert text("save:INT") == "+3" and text("skill:arcana") == "+3"
    dagger = weapons[0]
    assert (text(f"atk:{dagger}"), text(f"damage:{dagger}")) == ("+1", "1d6")


def test_a_versatile_weapons_two_grips_share_its_key_with_the_grip_said(
        qtbot: QtBot, document: CampaignDocument) -> None:
    """A versatile weapon has a one-handed and a two-handed line; both explain that weapon, the
    second marked ``grip`` = ``two_handed``."""
    for character in document.campaign.characters:
        lines = attack_lines(character, Catalog(document.campaign))
        versatile = [line for line in lines if line.grip == "two_handed"]
        if versatile:
            break
    else:
        pytest.skip("no versatile weapon in the example party")
    sheet = CharacterSheet(document, character.id)
    qtbot.addWidget(sheet)
    uid = versatile[0].uid
    atk = explained(sheet)[f"atk:{uid}"]
    assert len(atk) == 2 and [w.property("grip") for w in atk].count("two_handed") == 1


# -- keys only -----------------------------------------------------------------------------------

@pytest.mark.slow
def test_tab_walks_the_header_then_each_column_and_reaches_every_field(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """From the name, Tab goes through the header band (name, Level Up, HP, max, dead-at, AC,
    PROF, Luck Dice, the attacks), then the blocks column by column; every field and marked
    number on screen is reached."""
    window = _on("laptop", tmp_path, qtbot, monkeypatch)
    assert window.document is not None
    sheet = window.open_sheet(_id(window.document, "Ysolde"))
    window.activateWindow()
    assert QTest.qWaitForWindowActive(window)
    name = sheet.fields["name"]
    name.setFocus()
    qtbot.waitUntil(name.hasFocus)
    walked: list[QWidget] = []
    for _ in range(200):
        focus = QApplication.focusWidget()
        assert focus is not None
        if walked and focus is walked[0]:
            break
        walked.append(focus)
        QTest.keyClick(focus, Qt.Key.Key_Tab)
    inside = [w for w in walked if sheet.isAncestorOf(w)]
    head = [sheet.fields["name"], sheet.level_up_button, sheet.fields["hp"],
            sheet.fields["max_hp"], sheet.labels["death"], sheet.labels["ac"],
            sheet.labels["prof"], sheet.fields["luck"]]
    assert inside[:len(head)] == head
    attacks = [w for pair in sheet.header.attack_labels.values() for w in pair]
    assert inside[len(head):len(head) + len(attacks)] == attacks
    blocks = [_column_of(sheet, w) for w in inside]
    assert blocks == sorted(blocks), blocks
    wanted = [w for w in sheet.findChildren(QWidget)
              if w.isVisible() and w.isEnabled() and w.focusPolicy() & Qt.FocusPolicy.TabFocus
              and not w.focusProxy() and w.window() is window and w.isVisibleTo(sheet)]
    missing = [w.accessibleName() or type(w).__name__ for w in wanted if w not in inside]
    assert missing == []


@pytest.mark.slow
def test_mnemonics_reach_their_fields_and_clash_with_no_window_key(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """A knight Cleric shows every block at once: no Alt key answers two things; Alt+M the name,
    Alt+P HP, Alt+K Luck Dice, Alt+Y player, Alt+X XP, Alt+B the STR score, Alt+Z the knight's
    SIZ, and Alt+V shows every skill."""
    from tests.gui.key_scopes import clashes, window_keys

    window = _on("laptop", tmp_path, qtbot, monkeypatch)
    assert window.document is not None
    sheet = window.open_sheet(_id(window.document, "Sister Maud"))
    window.activateWindow()
    assert QTest.qWaitForWindowActive(window)
    assert _shown(sheet.magic, sheet) and _shown(sheet.knight, sheet)
    assert clashes(window_keys(window)) == []
    targets = {Qt.Key.Key_M: sheet.fields["name"], Qt.Key.Key_P: sheet.fields["hp"],
               Qt.Key.Key_K: sheet.fields["luck"], Qt.Key.Key_Y: sheet.fields["player"],
               Qt.Key.Key_X: sheet.fields["xp"], Qt.Key.Key_B: sheet.fields["STR_base"],
               Qt.Key.Key_Z: sheet.knight.fields["SIZ"]}
    for key, field in targets.items():
        focus = QApplication.focusWidget() or window
        QTest.keyClick(focus, key, Qt.KeyboardModifier.AltModifier)
        qtbot.waitUntil(field.hasFocus)
        assert _whole(field), field.accessibleName()  # scrolled into sight below the fold
    assert not sheet.skills.show_all.isChecked()
    QTest.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_V,
                   Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(sheet.skills.show_all.isChecked)
    assert len(sheet.skills.shown()) == len(Skill)


def _column_of(sheet: CharacterSheet, widget: QWidget) -> int:
    """0 for the header, then 1-3 for the blocks' columns left to right, 4 for the knight."""
    if sheet.header.isAncestorOf(widget):
        return 0
    if sheet.knight.isAncestorOf(widget):
        return 4
    x = widget.mapTo(sheet.body, widget.rect().topLeft()).x()
    middle = sheet.skills.mapTo(sheet.body, sheet.skills.rect().topLeft()).x()
    right = sheet.gear.mapTo(sheet.body, sheet.gear.rect().topLeft()).x()
    return 1 if x < middle else 2 if x < right else 3
