"""Campaign files: bad files give one clean error and stay untouched; saves are atomic."""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

import pytest

from emberkeep.campaign.errors import CampaignFileError, CampaignSaveError
from emberkeep.campaign.model import SCHEMA_VERSION, Campaign
from emberkeep.campaign.saving import backup_path, save
from emberkeep.campaign.storage import load
from emberkeep.check import check_files

BAD = Path(__file__).resolve().parents[1] / "files" / "bad"

# file -> (words the message must contain, where it must point)
BAD_FILES: dict[str, tuple[str, dict[str, object]]] = {
    "malformed.json": ("not valid JSON", {"line": 2, "column": 17}),
    "truncated.json": ("cut short", {"line": 4}),
    "empty.json": ("is empty", {}),
    "bom.json": ("byte-order mark", {}),
    "nan.json": ("NaN", {}),
    "duplicate_keys.json": ("'name' appears twice", {}),
    "deep_nesting.json": ("nested too deeply", {"line": 1}),
    "huge_number.json": ("too large", {}),
    "newer_schema.json": ("made by a newer Emberkeep (schema 99; this one reads up to "
                          f"{SCHEMA_VERSION})", {}),
    "wrong_types.json": ("valid integer", {"field": "encounters[0].room_dc"}),
    "unknown_key.json": ("Extra inputs are not permitted", {"field": "favourite_colour"}),
    "not_an_object.json": ("expected an object", {}),
    "not_utf8.json": ("not UTF-8", {"line": 1, "column": 35}),
    # what no rule can mean, each at its field
    "loss_over_score.json": ("CON has lost 12 of a score of 11",
                             {"field": "characters[0].scores.CON.loss"}),
    "low_score_no_cause.json": ("a base INT of 2 has no cause",
                                {"field": "characters[0].scores.INT.base"}),
    "ledger_names_nobody.json": ("names as its payer no character of this campaign",
                                 {"field": "ledger[0].paid_by"}),
    "timeline_names_nobody.json": ("names no character of this campaign",
                                   {"field": "timeline[0].character_id"}),
    "nul_in_name.json": ("holds a NUL (U+0000) at character 5", {"field": "characters[0].name"}),
    "tab_in_name.json": ("holds a tab (U+0009)", {"field": "encounters[0].name"}),
    "huge_note.json": ("at most 100000 characters", {"field": "characters[0].notes"}),
    "control_in_note.json": ("holds a control character (U+0007)",
                             {"field": "characters[0].notes"}),
    "hp_over_max.json": ("current HP 9 is above max HP 6", {"field": "characters[0].hp"}),
    "combatant_mistyped.json": ("valid integer", {"field": "encounters[0].combatants[0].hp"}),
    "combatant_hp_over_max.json": ("9 HP is above the maximum 5",
                                   {"field": "encounters[0].combatants[0].hp"}),
}


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_every_bad_file_is_in_the_golden_set() -> None:
    assert sorted(p.name for p in BAD.iterdir()) == sorted(BAD_FILES)


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_bad_file_gives_one_clean_error_and_stays_untouched(name: str, tmp_path: Path) -> None:
    words, where = BAD_FILES[name]
    path = tmp_path / name
    shutil.copyfile(BAD / name, path)
    before = _digest(path)
    with pytest.raises(CampaignFileError) as caught:
        load(path)
    error = caught.value
    assert words in str(error)
    assert str(error).startswith(name)
    for attribute, value in where.items():
        assert getattr(error, attribute) == value, str(error)
    assert _digest(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_check_reports_bad_file_and_fails(name: str) -> None:
    before = _digest(BAD / name)
    lines, status = check_files([BAD / name])
    assert status == 1
    assert len(lines) == 1 and "ERROR" in lines[0] and BAD_FILES[name][0] in lines[0]
    assert _digest(BAD / name) == before


def test_missing_file_and_folder(tmp_path: Path) -> None:
    with pytest.raises(CampaignFileError, match="does not exist"):
        load(tmp_path / "nowhere.json")
    with pytest.raises(CampaignFileError, match="folder"):
        load(tmp_path)


def test_save_then_load_round_trips_and_keeps_backup(tmp_path: Path) -> None:
    path = tmp_path / "camp.json"
    first = Campaign(name="First")
    save(first, path)
    assert load(path) == first
    assert not backup_path(path).exists()
    second = Campaign(name="Second")
    save(second, path)
    assert load(path) == second
    assert load(backup_path(path)) == first
    assert sorted(p.name for p in tmp_path.iterdir()) == ["camp.json", "camp.json.bak"]


def test_failed_save_leaves_old_file_byte_for_byte_and_no_temp(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "camp.json"
    save(Campaign(name="Old"), path)
    before = path.read_bytes()

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(CampaignSaveError) as caught:
        save(Campaign(name="New"), path)
    assert "No space left on device" in str(caught.value)
    assert "unchanged" in str(caught.value)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["camp.json"]


def test_failed_replace_leaves_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "camp.json"
    save(Campaign(name="Old"), path)
    before = path.read_bytes()
    real_replace = os.replace

    def refuse(src: str | Path, dst: str | Path) -> None:
        if Path(dst) == path:
            raise PermissionError(13, "Permission denied")
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(CampaignSaveError, match="Permission denied"):
        save(Campaign(name="New"), path)
    assert path.read_bytes() == before
    assert not any(p.name.endswith(".tmp") for p in tmp_path.iterdir())


def test_save_into_missing_folder_says_why(tmp_path: Path) -> None:
    with pytest.raises(CampaignSaveError, match="No such file"):
        save(Campaign(name="Lost"), tmp_path / "gone" / "camp.json")


def test_backup_by_copy_when_hard_links_fail(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "camp.json"
    save(Campaign(name="Old"), path)

    def no_links(src: str | Path, dst: str | Path) -> None:
        raise OSError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    save(Campaign(name="New"), path)
    assert load(backup_path(path)).name == "Old"
    assert load(path).name == "New"


def test_load_never_writes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "camp.json"
    save(Campaign(name="Readonly"), path)
    before = path.read_bytes()

    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("load tried to write")

    real_open = os.open

    def read_only_open(file: object, flags: int, *args: object) -> int:
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND):
            raise AssertionError("load tried to open for writing")
        return real_open(file, flags, *args)  # type: ignore[arg-type]

    for name in ("replace", "link", "unlink", "fsync"):
        monkeypatch.setattr(os, name, forbidden)
    monkeypatch.setattr(os, "open", read_only_open)  # the load reads with os.open
    monkeypatch.setattr(shutil, "copyfile", forbidden)
    assert load(path).name == "Readonly"
    assert path.read_bytes() == before


def test_check_ok_line(tmp_path: Path) -> None:
    path = tmp_path / "good.json"
    save(Campaign(name="Good"), path)
    lines, status = check_files([path])
    assert status == 0
    assert lines == [f"{path}: OK ('Good', schema {SCHEMA_VERSION}, 0 characters, 0 encounters)"]


def test_check_mixed_files_fails(tmp_path: Path) -> None:
    path = tmp_path / "good.json"
    save(Campaign(name="Good"), path)
    lines, status = check_files([path, BAD / "empty.json"])
    assert status == 1 and len(lines) == 2


@pytest.mark.parametrize(("number", "words"), [
    ("1" + "0" * 15, "less than or equal to"), ("-" + "9" * 16, "greater than or equal to 0"),
    ("1e400", "valid integer"), ("-1e400", "valid integer"), ("12.5", "valid integer")])
def test_numbers_too_large_for_any_field_are_refused(number: str, words: str,
                                                     tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_text('{"schema_version": 1, "name": "Big", "notes": "", "party_fund": {"gp": '
                    + number + "}}")
    with pytest.raises(CampaignFileError, match=words) as caught:
        load(path)
    assert caught.value.field == "party_fund.gp"


def test_long_digit_runs_in_text_are_fine(tmp_path: Path) -> None:
    path = tmp_path / "digits.json"
    path.write_text('{"schema_version": 1, "name": "Call 12345678901234567890"}')
    assert load(path).name == "Call 12345678901234567890"


@pytest.mark.parametrize(("text", "words"), [
    ('{"name": "No version"}', "no schema_version"),
    ('{"schema_version": "1", "name": "Text"}', "whole number"),
    ('{"schema_version": 0, "name": "Zero"}', "whole number"),
])
def test_missing_or_odd_schema_versions(text: str, words: str, tmp_path: Path) -> None:
    path = tmp_path / "odd.json"
    path.write_text(text)
    with pytest.raises(CampaignFileError, match=words) as caught:
        load(path)
    assert caught.value.field == "schema_version"
