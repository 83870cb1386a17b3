"""The main window and start-up: title marker, open errors, close prompt, recent files, first run.

No modal dialog is ever shown: ``QMessageBox.exec`` is replaced by a fake that records the text
and answers with a chosen button.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from emberkeep.campaign import saving, storage
from emberkeep.campaign.model import Campaign
from emberkeep.character.abilities import ABILITIES, AbilityScores
from emberkeep.character.model import Character
from gui import app, dialogs, paths
from gui.main_window import MainWindow
from gui.roster_model import COLUMNS
from gui.state import MAX_RECENT, AppState
from tests.gui.windows import open_campaign_window

NAME = [c.title for c in COLUMNS].index("Name")


def make_campaign(name: str = "The Ember Road") -> Campaign:
    scores = AbilityScores.from_bases({a: 12 for a in ABILITIES})
    return Campaign(name=name, characters=[
        Character(name="Brannoc", player="Ada", race="dwarf", hp=5, max_hp=6, scores=scores),
        Character(name="<b>Wren</b>", player="Tom", race="elf", hp=3, max_hp=3, scores=scores),
    ])


class Boxes:
    """Stands in for ``QMessageBox.exec``: records each box's text, answers ``answer``."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.answer = QMessageBox.StandardButton.Ok

    def exec(self, box: QMessageBox) -> int:
        self.texts.append(box.text())
        assert box.textFormat() == Qt.TextFormat.PlainText  # user text is never HTML
        return int(self.answer.value)


@pytest.fixture(autouse=True)
def boxes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Boxes:
    monkeypatch.setenv("EMBERKEEP_HOME", str(tmp_path / "home"))
    fake = Boxes()
    monkeypatch.setattr(QMessageBox, "exec", lambda box: fake.exec(box))
    return fake


@pytest.fixture
def campaign_file(tmp_path: Path) -> Path:
    path = tmp_path / "ember.json"
    saving.save(make_campaign(), path)
    return path


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    win = MainWindow(AppState())
    qtbot.addWidget(win)
    return win


def test_title_shows_the_modified_marker_driven_by_the_stack(window: MainWindow,
                                                             campaign_file: Path) -> None:
    assert window.open_path(campaign_file)
    assert window.windowTitle() == "Emberkeep — The Ember Road [*]"
    assert not window.isWindowModified()
    assert window.model is not None and window.document is not None
    window.model.setData(window.model.index(0, NAME), "Bran")
    assert window.isWindowModified()
    window.document.undo_stack.undo()
    assert window.model.data(window.model.index(0, NAME)) == "Brannoc"
    assert not window.isWindowModified()


def test_a_literal_placeholder_in_a_name_is_escaped(window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "odd.json"
    saving.save(make_campaign("Odd [*] Name"), path)
    window.open_path(path)
    assert window.windowTitle() == "Emberkeep — Odd [*][*] Name [*]"


def test_edit_menu_undo_redo_come_from_the_stack(window: MainWindow, campaign_file: Path) -> None:
    window.open_path(campaign_file)
    undo, redo = window.action("edit.undo"), window.action("edit.redo")
    assert window.menu("edit").actions()[:2] == [undo, redo]
    assert (undo.text(), redo.text()) == ("&Undo", "&Redo")
    assert QKeySequence("Ctrl+Z") in undo.shortcuts()
    assert {QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")} <= set(redo.shortcuts())
    assert not undo.isEnabled()
    assert window.model is not None
    window.model.setData(window.model.index(0, NAME), "Bran")
    assert undo.isEnabled()
    assert window.document is not None  # the entry names the step it takes back
    assert undo.text() == f"&Undo {window.document.undo_stack.undoText()}" != "&Undo "
    undo.trigger()
    assert window.model.data(window.model.index(0, NAME)) == "Brannoc"
    redo.trigger()
    assert window.model.data(window.model.index(0, NAME)) == "Bran"


def test_status_bar_counts_characters_and_shows_the_fund(window: MainWindow,
                                                         campaign_file: Path) -> None:
    window.open_path(campaign_file)
    text = window.status_label.text()
    assert str(campaign_file.resolve()) in text and "2 characters" in text
    assert "party fund 0 cp" in text
    window.add_character()
    assert "3 characters" in window.status_label.text()


def test_a_broken_file_shows_its_message_and_stays_byte_for_byte(
        window: MainWindow, campaign_file: Path, tmp_path: Path, boxes: Boxes) -> None:
    window.open_path(campaign_file)
    broken = tmp_path / "broken.json"
    original = b'{"schema_version": 1, "name": "Broken", "characters": [\n'
    broken.write_bytes(original)
    assert not window.open_path(broken)
    assert len(boxes.texts) == 1 and boxes.texts[0].startswith("broken.json (line 2")
    assert broken.read_bytes() == original
    assert window.document is not None and window.document.title == "The Ember Road"
    assert str(broken.resolve()) not in window.state.recent


def test_saving_a_new_campaign_asks_for_a_name(window: MainWindow, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "fresh.json"
    asked: list[Path] = []

    def ask_save_path(_parent: object, suggestion: Path) -> Path:
        asked.append(suggestion)
        return target

    monkeypatch.setattr(dialogs, "ask_save_path", ask_save_path)
    window.add_character()
    assert window.isWindowModified()
    assert window.save()
    assert asked == [paths.campaigns_dir() / "Untitled campaign.emberkeep.json"]
    assert storage.load(target).characters[0].name == "Funnel character 1"
    assert not window.isWindowModified()
    assert window.state.recent[0] == str(target.resolve())


@pytest.mark.parametrize(("answer", "closes", "saved"), [
    (QMessageBox.StandardButton.Save, True, True),
    (QMessageBox.StandardButton.Discard, True, False),
    (QMessageBox.StandardButton.Cancel, False, False),
])
def test_close_prompt(window: MainWindow, campaign_file: Path, boxes: Boxes,
                      answer: QMessageBox.StandardButton, closes: bool, saved: bool) -> None:
    window.open_path(campaign_file)
    assert window.model is not None
    window.model.setData(window.model.index(0, NAME), "Bran")
    boxes.answer = answer
    event = QCloseEvent()
    window.closeEvent(event)
    assert event.isAccepted() is closes
    assert boxes.texts == ["The campaign “The Ember Road” has unsaved changes."]
    assert (storage.load(campaign_file).characters[0].name == "Bran") is saved


def test_clean_campaign_closes_without_asking(window: MainWindow, campaign_file: Path,
                                              boxes: Boxes) -> None:
    window.open_path(campaign_file)
    event = QCloseEvent()
    window.closeEvent(event)
    assert event.isAccepted() and boxes.texts == []


def test_new_over_a_modified_campaign_asks_first(window: MainWindow, campaign_file: Path,
                                                 boxes: Boxes) -> None:
    window.open_path(campaign_file)
    window.add_character()
    boxes.answer = QMessageBox.StandardButton.Cancel
    assert not window.new_campaign()
    assert window.document is not None and window.document.title == "The Ember Road"
    boxes.answer = QMessageBox.StandardButton.Discard
    assert window.new_campaign()
    assert window.document.title == "Untitled campaign"
    assert not window.isWindowModified()
    assert len(storage.load(campaign_file).characters) == 2  # discarded, not saved


def test_recent_files_keep_ten_and_drop_stale_entries_with_a_message(
        window: MainWindow, tmp_path: Path, boxes: Boxes) -> None:
    files = []
    for n in range(MAX_RECENT + 2):
        path = tmp_path / f"c{n}.json"
        saving.save(make_campaign(f"Campaign {n}"), path)
        files.append(path)
        assert window.open_path(path)
    assert len(window.state.recent) == MAX_RECENT
    assert window.state.recent[0] == str(files[-1].resolve())
    entries = [a for a in window.menu("file.recent").actions() if a.data()]
    assert len(entries) == MAX_RECENT

    gone = window.state.recent[3]
    Path(gone).unlink()
    assert not window.open_recent(gone)
    assert gone not in window.state.recent
    assert "no longer exists" in boxes.texts[-1]
    assert AppState.load().recent == window.state.recent  # persisted under EMBERKEEP_HOME

    assert window.open_recent(window.state.recent[5])
    assert window.document is not None


def test_state_file_is_under_emberkeep_home(tmp_path: Path) -> None:
    assert paths.state_file() == tmp_path / "home" / "config" / "state.json"
    assert paths.campaigns_dir() == tmp_path / "home" / "campaigns"


def test_a_broken_state_file_is_a_fresh_start(tmp_path: Path) -> None:
    paths.state_file().parent.mkdir(parents=True)
    paths.state_file().write_text("{not json", encoding="utf-8")
    assert AppState.load() == AppState()


# -- start-up ------------------------------------------------------------------------------------


@pytest.fixture
def example(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A bundled example stand-in (the real one is the lead's resources/example_campaign.json)."""
    bundled = tmp_path / "bundle" / app.EXAMPLE_NAME
    bundled.parent.mkdir()
    saving.save(make_campaign("Example"), bundled)
    monkeypatch.setattr(app, "resource_path", lambda *parts: bundled.parent.joinpath(*parts))
    return bundled


def test_first_start_copies_the_example_and_later_starts_reopen_the_last(
        example: Path, qtbot: QtBot) -> None:
    before = example.read_bytes()
    state = AppState.load()
    first = app.open_window(None, state)
    qtbot.addWidget(first)
    copy = paths.campaigns_dir() / app.EXAMPLE_NAME
    assert copy.is_file()
    assert first.document is not None and first.document.path == copy.resolve()
    assert first.windowTitle() == "Emberkeep — Example [*]"

    assert first.model is not None
    first.model.setData(first.model.index(0, NAME), "Brannoc II")
    assert first.save()
    assert example.read_bytes() == before  # the bundled file is never saved in place

    again = app.open_window(None, AppState.load())
    qtbot.addWidget(again)
    assert again.document is not None and again.document.path == copy.resolve()
    assert again.document.campaign.characters[0].name == "Brannoc II"


def test_a_file_argument_wins_and_the_example_is_copied_only_once(
        example: Path, campaign_file: Path) -> None:
    state = AppState()
    assert app.startup_path(str(campaign_file), state) == campaign_file
    assert app.startup_path(None, state) == paths.campaigns_dir() / app.EXAMPLE_NAME
    assert state.example_copied
    (paths.campaigns_dir() / app.EXAMPLE_NAME).unlink()  # the GM deleted it
    assert app.startup_path(None, state) is None  # a new campaign, no second copy


def test_an_existing_copy_is_never_overwritten(example: Path) -> None:
    target = paths.campaigns_dir() / app.EXAMPLE_NAME
    target.parent.mkdir(parents=True)
    target.write_text("my own notes", encoding="utf-8")
    assert app.startup_path(None, AppState()) == target
    assert target.read_text(encoding="utf-8") == "my own notes"


def test_a_broken_last_campaign_opens_an_empty_window(tmp_path: Path, boxes: Boxes,
                                                      qtbot: QtBot) -> None:
    broken = tmp_path / "last.json"
    broken.write_text(json.dumps({"schema_version": 1, "name": ""}), encoding="utf-8")
    original = broken.read_bytes()
    state = AppState(last_opened=str(broken), example_copied=True)
    window = app.open_window(None, state)
    qtbot.addWidget(window)
    assert len(boxes.texts) == 1 and "last.json (at name)" in boxes.texts[0]
    assert window.document is not None and window.document.path is None
    assert window.document.campaign.characters == []
    assert broken.read_bytes() == original


@pytest.mark.skipif(not (Path(__file__).parents[2] / "resources" / app.EXAMPLE_NAME).is_file(),
                    reason="the lead adds resources/example_campaign.json")
def test_the_bundled_example_loads() -> None:
    from emberkeep.resources import resource_path

    assert storage.load(resource_path(app.EXAMPLE_NAME)).characters


def test_add_rolls_a_real_funnel_character(window: MainWindow) -> None:
    """The roster's Add rolls through the core's funnel rules (R5: 1d4 HP, 3d6 in order)."""
    from emberkeep.dice import ScriptedRoller

    window.roller = ScriptedRoller([6, 6, 6, 1, 1, 1, 3, 3, 3, 4, 4, 4, 5, 5, 5, 2, 2, 2, 3, 1])
    window.add_character()
    assert window.document is not None
    added = window.document.campaign.characters[-1]
    assert added.level == 0 and added.max_hp == added.hp == 3
    assert added.scores.bases()[next(iter(added.scores.bases()))] == 18
    assert added.occupation is not None
    count = len(window.document.campaign.characters)
    window.document.undo_stack.undo()
    assert len(window.document.campaign.characters) == count - 1


GOLDEN_BAD = Path(__file__).resolve().parents[1] / "files" / "bad"


@pytest.mark.parametrize("name", sorted(p.name for p in GOLDEN_BAD.iterdir()))
def test_every_golden_bad_file_gives_its_clean_error_through_file_open(
        name: str, window: MainWindow, campaign_file: Path, tmp_path: Path,
        boxes: Boxes) -> None:
    """Each bad file gives the same plain error through File → Open as through
    ``emberkeep check``, the open campaign stays, and the file is untouched."""
    from emberkeep.campaign.errors import CampaignFileError

    window.open_path(campaign_file)
    bad = tmp_path / name
    bad.write_bytes((GOLDEN_BAD / name).read_bytes())
    with pytest.raises(CampaignFileError) as expected:
        storage.load(bad)
    assert not window.open_path(bad)
    assert boxes.texts == [str(expected.value)]
    assert bad.read_bytes() == (GOLDEN_BAD / name).read_bytes()
    assert window.document is not None and window.document.path == campaign_file.resolve()


def test_an_empty_roster_says_what_to_do(window: MainWindow) -> None:
    window.new_campaign()
    hint = window.roster_pane.empty_hint
    assert hint is not None and hint.isVisibleTo(window)
    assert "New Character (Ctrl+Shift+N)" in hint.text()
    assert hint.parent() is window.roster.viewport()  # where the rows would be
    window.add_character()
    assert not hint.isVisibleTo(window)


def test_a_roster_with_characters_never_makes_the_empty_hint(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    # made on first need: wrapping the viewport costs start-up the enums of thirty-odd classes
    _, path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    window = MainWindow(AppState(), open_first=path)  # as the app starts on a campaign
    qtbot.addWidget(window)
    assert window.document is not None and window.document.campaign.characters
    assert window.roster_pane.empty_hint is None


def test_no_two_window_actions_share_a_shortcut(window: MainWindow) -> None:
    """A key given to two window-wide actions fires neither (Qt calls it ambiguous)."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QAction

    seen: dict[str, str] = {}
    clashes = []
    for action in window.findChildren(QAction):
        if action.shortcutContext() != Qt.ShortcutContext.WindowShortcut:
            continue  # the encounter window's keys work only inside it
        for key in action.shortcuts():
            text = key.toString()
            if text in seen and seen[text] != action.text():
                clashes.append((text, seen[text], action.text()))
            seen.setdefault(text, action.text())
    assert clashes == []


@pytest.mark.parametrize(("typed", "saved_as"), [
    ("Barrowmaze", "Barrowmaze.emberkeep.json"),  # no suffix: the campaign's own type
    ("Barrowmaze.json", "Barrowmaze.json"),  # a suffix the GM typed is kept
])
def test_save_as_gives_a_bare_name_the_campaign_suffix(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       typed: str, saved_as: str) -> None:
    """Desktops that trust extensions open NAME.emberkeep.json as a campaign, not as any JSON."""
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *args: (str(tmp_path / typed), dialogs.FILE_FILTER))
    assert dialogs.ask_save_path(None, tmp_path / "x.emberkeep.json") == tmp_path / saved_as
