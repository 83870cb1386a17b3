"""The campaign document, its undo commands and the roster model (Foundation II, app shell)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from emberkeep.campaign import saving, storage
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.operation import Refused
from emberkeep.character.abilities import ABILITIES, AbilityScores
from emberkeep.character.model import Character
from gui.document import CampaignDocument
from gui.roster_model import COLUMNS, CharacterIdRole, RosterModel, SortRole, status_of

NAME, PLAYER, XP, HP, STATUS = (
    [c.title for c in COLUMNS].index(t) for t in ("Name", "Player", "XP", "HP", "Status"))


def make_character(name: str, player: str = "", *, hp: int = 4, max_hp: int = 4,
                   xp: int = 0, alive: bool = True) -> Character:
    return Character(name=name, player=player, race="dwarf", hp=hp, max_hp=max_hp, xp=xp,
                     alive=alive, scores=AbilityScores.from_bases({a: 10 for a in ABILITIES}))


def make_campaign() -> Campaign:
    return Campaign(name="The Ember Road", characters=[
        make_character("Brannoc", "Ada", xp=12),
        make_character("Wren", "Tom", hp=0),
        make_character("Old Mag", "", hp=-2, alive=False),
    ])


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EMBERKEEP_HOME", str(tmp_path / "home"))


@pytest.fixture
def campaign_file(tmp_path: Path) -> Path:
    path = tmp_path / "ember.json"
    saving.save(make_campaign(), path)
    return path


@pytest.fixture
def document(campaign_file: Path, qtbot: QtBot) -> CampaignDocument:
    return CampaignDocument.open(campaign_file)


@pytest.fixture
def model(document: CampaignDocument) -> RosterModel:
    return RosterModel(document)


def test_model_wraps_the_core_list_without_copying(model: RosterModel,
                                                   document: CampaignDocument) -> None:
    assert model.characters is document.campaign.characters
    assert model.rowCount() == 3
    assert model.data(model.index(0, NAME)) == "Brannoc"
    assert model.data(model.index(0, HP)) == "4/4"
    assert model.data(model.index(0, HP), SortRole) == 4
    assert model.data(model.index(1, NAME),
                      CharacterIdRole) == document.campaign.characters[1].id
    assert model.data(model.index(0, XP), Qt.ItemDataRole.TextAlignmentRole) is not None
    assert model.data(model.index(0, NAME), Qt.ItemDataRole.TextAlignmentRole) is None


def test_status_column_r21_dying_at_zero_and_r22_dead(model: RosterModel) -> None:
    assert [model.data(model.index(r, STATUS)) for r in range(3)] == ["alive", "dying", "dead"]
    assert status_of(make_character("X", hp=1)) == "alive"
    foreground = Qt.ItemDataRole.ForegroundRole
    assert model.data(model.index(0, HP), foreground) is None
    assert model.data(model.index(1, HP), foreground) is not None  # dying: HP in red
    assert model.data(model.index(1, NAME), foreground) is None
    assert model.data(model.index(2, NAME), foreground) is not None  # dead: the row greyed


@pytest.mark.parametrize("force_py", [True, False])
def test_roster_model_passes_both_model_testers(model: RosterModel, qtmodeltester: ModelTester,
                                                force_py: bool) -> None:
    qtmodeltester.check(model, force_py=force_py)


def test_only_name_player_and_xp_are_editable(model: RosterModel) -> None:
    editable = [c.title for n, c in enumerate(COLUMNS)
                if model.flags(model.index(0, n)) & Qt.ItemFlag.ItemIsEditable]
    assert editable == ["Name", "Player", "XP"]


def test_rename_is_undoable_and_marks_the_stack(model: RosterModel, document: CampaignDocument,
                                                qtbot: QtBot) -> None:
    index = model.index(0, NAME)
    changes: list[tuple[int, int, int, int, list[int]]] = []
    model.dataChanged.connect(lambda tl, br, roles: changes.append(
        (tl.row(), tl.column(), br.row(), br.column(), roles)))
    resets: list[bool] = []
    model.modelReset.connect(lambda: resets.append(True))

    assert model.setData(index, "  Brannoc the Bold ", Qt.ItemDataRole.EditRole)
    assert document.campaign.characters[0].name == "Brannoc the Bold"  # stripped, in the core
    assert document.is_modified
    last = model.columnCount() - 1  # the character's whole row (a name shows in tooltips)
    assert changes == [(0, 0, 0, last, changes[0][4])] and not resets  # not a reset
    assert Qt.ItemDataRole.DisplayRole in changes[0][4]
    assert resets == []

    document.undo_stack.undo()
    assert model.data(index) == "Brannoc"
    assert not document.is_modified
    document.undo_stack.redo()
    assert model.data(index) == "Brannoc the Bold"
    assert document.is_modified


def test_invalid_values_are_refused_and_change_nothing(model: RosterModel,
                                                       document: CampaignDocument) -> None:
    reasons: list[str] = []
    model.editRefused.connect(reasons.append)
    before = document.campaign.model_dump()
    assert not model.setData(model.index(0, NAME), "   ")  # min_length 1 after stripping
    assert not model.setData(model.index(0, XP), -5)  # XP ge=0
    assert not model.setData(model.index(0, XP), "lots")
    assert not model.setData(model.index(0, HP), 3)  # read-only column
    assert document.campaign.model_dump() == before
    assert document.undo_stack.count() == 0 and document.undo_stack.isClean()
    assert len(reasons) == 3 and "XP not changed" in reasons[1]


def test_validation_covers_the_whole_sheet(document: CampaignDocument) -> None:
    wren = document.campaign.characters[1]
    with pytest.raises(Refused, match="above max HP"):
        document.edit_character(wren.id, "hp", 9)  # Character's cross-field check
    assert wren.hp == 0 and document.undo_stack.count() == 0


def test_each_committed_cell_is_its_own_undo_step(model: RosterModel,
                                                  document: CampaignDocument) -> None:
    """A cell edit is committed with Enter: one GM action, one undo step, never merged with
    the one before (only a visit's typing into a sheet field merges)."""
    for xp in (20, 35, 50):
        assert model.setData(model.index(0, XP), xp)
    assert document.undo_stack.count() == 3
    assert model.setData(model.index(0, NAME), "Bran")
    assert model.setData(model.index(1, XP), 7)
    assert document.undo_stack.count() == 5
    document.undo_stack.undo()
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert document.campaign.characters[0].xp == 35
    assert document.campaign.characters[0].name == "Brannoc"
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert document.campaign.characters[0].xp == 12
    assert document.undo_stack.isClean()


def test_same_value_pushes_nothing(model: RosterModel, document: CampaignDocument) -> None:
    assert model.setData(model.index(0, NAME), "Brannoc")
    assert document.undo_stack.count() == 0


def test_add_and_remove_insert_and_remove_rows(model: RosterModel, document: CampaignDocument,
                                               qtbot: QtBot) -> None:
    inserted: list[tuple[int, int]] = []
    removed: list[tuple[int, int]] = []
    model.rowsInserted.connect(lambda _p, first, last: inserted.append((first, last)))
    model.rowsRemoved.connect(lambda _p, first, last: removed.append((first, last)))

    document.add_character(make_character("Newt"))
    assert inserted == [(3, 3)] and model.data(model.index(3, NAME)) == "Newt"
    ids = [document.campaign.characters[r].id for r in (0, 2)]
    document.remove_characters(ids)
    assert removed == [(2, 2), (0, 0)]
    assert [c.name for c in document.campaign.characters] == ["Wren", "Newt"]
    document.undo_stack.undo()  # the two removals are one step
    assert [c.name for c in document.campaign.characters] == [
        "Brannoc", "Wren", "Old Mag", "Newt"]
    document.undo_stack.undo()
    assert model.rowCount() == 3


def test_roster_model_stays_valid_through_edits(model: RosterModel, document: CampaignDocument,
                                             qtmodeltester: ModelTester) -> None:
    qtmodeltester.check(model, force_py=True)
    document.add_character(make_character("Newt"))
    model.setData(model.index(0, XP), 30)
    document.remove_characters([document.campaign.characters[1].id])
    document.undo_stack.undo()
    assert model.rowCount() == 4
    assert not model.index(0, 0).parent().isValid()
    assert model.rowCount(model.index(0, 0)) == 0
    assert model.rowCount(QModelIndex()) == 4


def test_save_writes_the_file_and_cleans_the_stack(model: RosterModel,
                                                   document: CampaignDocument,
                                                   campaign_file: Path) -> None:
    model.setData(model.index(1, NAME), "Wren Ashdown")
    document.save()
    assert not document.is_modified
    assert storage.load(campaign_file).characters[1].name == "Wren Ashdown"
    # the previous file goes to the rotating backups folder, not NAME.bak
    from emberkeep.campaign.backups import backup_folder_for, list_backups
    from gui import paths

    kept = list_backups(backup_folder_for(campaign_file, paths.backups_dir()))
    assert len(kept) == 1 and storage.load(kept[0].path).characters[1].name != "Wren Ashdown"


def test_failed_save_leaves_stack_and_file_alone(model: RosterModel, document: CampaignDocument,
                                                 tmp_path: Path) -> None:
    from emberkeep.campaign.errors import CampaignFileError

    model.setData(model.index(1, NAME), "Wren Ashdown")
    with pytest.raises(CampaignFileError):
        document.save(tmp_path / "no such folder" / "x.json")
    assert document.is_modified
    assert document.path is not None and document.path.name == "ember.json"


def test_new_document_needs_a_name_to_save() -> None:
    document = CampaignDocument.new()
    with pytest.raises(ValueError, match="save as"):
        document.save()
