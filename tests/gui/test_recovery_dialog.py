"""The recovery dialog tells the truth about each offer: newer or older than the saved file, from
when to the second, written by which Emberkeep session; restoring older work is never the
default (Enter keeps the saved file), and two offers from the same minute never look alike."""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

import emberkeep
from emberkeep.campaign import recovery, saving, storage
from emberkeep.campaign.model import SCHEMA_VERSION, Campaign
from gui.recovery_dialog import RecoveryChoice, RecoveryDialog, describe, describe_all, when

WORK = datetime(2024, 6, 10, 21, 14, 3, tzinfo=UTC)
SESSION = datetime(2024, 6, 10, 20, 58, 40, tzinfo=UTC)


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    path = tmp_path / "ember.json"
    saving.save(Campaign(name="The Ember Road"), path)  # written now: after WORK
    return path


def autosave(folder: Path, original: Path | None, name: str, token: str, *,
             now: datetime = WORK, session: datetime = SESSION,
             base: str | None = None) -> Path:
    spot = recovery.recovery_file_for(folder, original, token)
    recovery.write_recovery(spot, storage.dumps(Campaign(name=name)), original=original,
                            base_sha256=base, now=now, session_started=session)
    return spot


def dialog_for(qtbot: Any, folder: Path) -> RecoveryDialog:
    dialog = RecoveryDialog(recovery.find_offers(folder))
    qtbot.addWidget(dialog)
    return dialog


def chosen(dialog: RecoveryDialog) -> RecoveryChoice:
    return dialog.choice


def test_older_work_is_worded_older_and_enter_keeps_the_saved_file(
        qtbot: Any, tmp_path: Path, saved: Path) -> None:
    folder = tmp_path / "rec"
    autosave(folder, saved, "Old work", "aaaaaaaaaaaa")  # the file was saved after it
    dialog = dialog_for(qtbot, folder)
    (offer,) = dialog.offers
    text = dialog.list.item(0).text()
    assert text.splitlines()[2] == (f"Older than the saved file (saved "
                                     f"{when(offer.file_saved_at or WORK)}): restoring it goes "
                                     "back on that later save.")
    assert "changed by another program" not in text and "Newer" not in text
    assert dialog.question.text() == (f"The saved file is newer than this unsaved work from "
                                      f"{when(WORK)}.")
    assert not dialog.restore_button.isDefault() and dialog.later_button.isDefault()
    assert dialog.restore_button.text() == "Restore older work"
    dialog.show()
    qtbot.keyClick(dialog.list, Qt.Key.Key_Return)
    assert chosen(dialog) is RecoveryChoice.LATER  # a reflexive Enter restores nothing
    dialog.restore_button.click()
    assert chosen(dialog) is RecoveryChoice.RESTORE  # still possible, on purpose


def test_newer_work_is_worded_newer_and_restore_is_the_default(
        qtbot: Any, tmp_path: Path, saved: Path) -> None:
    folder = tmp_path / "rec"
    autosave(folder, saved, "New work", "aaaaaaaaaaaa", base=recovery.sha256_of_file(saved))
    dialog = dialog_for(qtbot, folder)
    (offer,) = dialog.offers
    assert offer.file_saved_at is not None
    assert dialog.list.item(0).text().splitlines() == [
        "New work (ember.json): renamed the campaign",
        f"Unsaved work from {when(WORK)}, written by Emberkeep {emberkeep.__version__} in the "
        f"session started {when(SESSION)}",
        f"Newer than the saved file (saved {when(offer.file_saved_at)})."]
    assert dialog.question.text() == f"Restore unsaved work from {when(WORK)}?"
    assert dialog.restore_button.isDefault() and not dialog.later_button.isDefault()
    dialog.show()
    qtbot.keyClick(dialog.list, Qt.Key.Key_Return)
    assert chosen(dialog) is RecoveryChoice.RESTORE


def test_the_default_follows_the_selected_offer(qtbot: Any, tmp_path: Path,
                                                saved: Path) -> None:
    folder = tmp_path / "rec"
    autosave(folder, saved, "Old work", "aaaaaaaaaaaa", now=WORK.replace(hour=23))
    autosave(folder, None, "Never saved", "bbbbbbbbbbbb")
    dialog = dialog_for(qtbot, folder)
    assert [o.campaign.name for o in dialog.offers] == ["Never saved", "Old work"]
    assert dialog.restore_button.isDefault()  # the newer work comes first, though not later
    dialog.list.setCurrentRow(1)
    assert dialog.later_button.isDefault() and not dialog.restore_button.isDefault()
    assert dialog.question.text().startswith("The saved file is newer")
    dialog.list.setCurrentRow(0)
    assert dialog.restore_button.isDefault() and dialog.restore_button.text() == "Restore"


def test_two_offers_from_the_same_minute_look_different(qtbot: Any, tmp_path: Path,
                                                        saved: Path) -> None:
    folder = tmp_path / "rec"
    base = recovery.sha256_of_file(saved)
    autosave(folder, saved, "Work", "aaaaaaaaaaaa", base=base)
    autosave(folder, saved, "Work", "bbbbbbbbbbbb", base=base, now=WORK.replace(second=41),
             session=SESSION.replace(minute=59))
    dialog = dialog_for(qtbot, folder)
    first, second = (dialog.list.item(i).text() for i in range(2))
    assert first != second
    assert "21:14:41" in first and "20:59:40" in first  # newest first, to the second
    assert "21:14:03" in second and "20:58:40" in second


def test_offers_alike_to_the_second_are_numbered(tmp_path: Path, saved: Path) -> None:
    folder = tmp_path / "rec"
    for token in ("aaaaaaaaaaaa", "bbbbbbbbbbbb"):
        autosave(folder, saved, "Work", token, base=recovery.sha256_of_file(saved))
    offers = recovery.find_offers(folder)
    assert describe(offers[0]) == describe(offers[1])  # same second, same session start
    texts = describe_all(offers)
    assert texts[0] != texts[1]
    assert [t.splitlines()[0][-14:] for t in texts] == ["(1 of 2 alike)", "(2 of 2 alike)"]


def test_work_from_before_the_header_named_its_writer_is_said_so(
        qtbot: Any, tmp_path: Path) -> None:
    body = storage.dumps(Campaign(name="Old header"))
    header = {"format": recovery.FORMAT, "original_path": None,
              "schema_version": SCHEMA_VERSION, "saved_at": WORK.isoformat(),
              "campaign_name": "Old header", "size": len(body),
              "sha256": hashlib.sha256(body).hexdigest()}
    folder = tmp_path / "rec"
    folder.mkdir()
    spot = recovery.recovery_file_for(folder, None, "cccccccccccc")
    spot.write_bytes(json.dumps(header).encode() + b"\n" + body)
    dialog = dialog_for(qtbot, folder)
    assert dialog.list.item(0).text().splitlines()[1:] == [
        f"Unsaved work from {when(WORK)}, written by an earlier Emberkeep",
        "Never saved to a file."]


def test_times_carry_seconds_and_the_date_when_not_today() -> None:
    today = datetime(2024, 6, 10, 23, 0, tzinfo=UTC).astimezone()
    moment = today.replace(hour=21, minute=14, second=3)
    assert when(moment, today) == "21:14:03"
    assert when(moment.replace(day=9), today) == "Sun 09 Jun 21:14:03"
    assert when(moment.replace(year=2023), today) == "Sat 10 Jun 2023 21:14:03"


def test_two_offers_fit_a_laptop_screen(qtbot: Any, tmp_path: Path, saved: Path) -> None:
    folder = tmp_path / "rec"
    autosave(folder, saved, "Old work", "aaaaaaaaaaaa")
    autosave(folder, None, "Never saved", "bbbbbbbbbbbb")
    dialog = dialog_for(qtbot, folder)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.width() <= 1366 and dialog.height() <= 768
    view = dialog.list
    assert not view.horizontalScrollBar().isVisible()
    assert not view.verticalScrollBar().isVisible()  # both offers in view, all their lines
    for row in range(view.count()):
        shown = view.visualItemRect(view.item(row))
        assert view.viewport().rect().contains(shown)
