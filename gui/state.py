"""The application's small memory between runs: recent campaigns, whether it ran before, and the
fights each campaign had open in tabs.

Kept as JSON in :func:`gui.paths.state_file`. It is a convenience, not the GM's data: a missing or
unreadable state file just means a fresh start, never an error dialog. Writes go through a
temporary file and ``os.replace`` so a crash never leaves half a file.
"""

# The annotations are objects, not strings (no ``from __future__ import annotations``): these
# models are built when a campaign first loads, and pydantic parses a string annotation
# as code, one field at a time.

import contextlib
import json
import os
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from gui import paths

__all__ = ["MAX_OPEN_FIGHT_FILES", "MAX_RECENT", "MAX_SHARE_FILES", "AppState", "share_files_gone"]

MAX_RECENT = 10
MAX_OPEN_FIGHT_FILES = 50  # campaign files whose open fights are remembered; the oldest go
MAX_SHARE_FILES = 50  # campaign files whose shared sheets are remembered; the oldest go


class AppState(BaseModel):
    model_config = ConfigDict(extra="ignore")  # a newer Emberkeep's keys are not an error here

    recent: list[str] = []
    """Most recent first, absolute paths, at most :data:`MAX_RECENT`."""
    last_opened: str | None = None
    example_copied: bool = False
    """Set once the first start has copied the bundled example: later starts never copy again."""
    # Never lose a session: how often to autosave, how many backups to keep.
    autosave_seconds: int = Field(60, ge=5, le=3600)
    backups_keep_last: int = Field(10, ge=1, le=1000)
    backups_keep_days: int = Field(14, ge=0, le=3650)
    # light or dark (or as the desktop is), and where the window was on each screen
    color_scheme: Literal["system", "light", "dark"] = "system"
    window_geometry: dict[str, list[int]] = {}
    """Screen key (:func:`gui.screen_fit.screen_key`) → ``[x, y, width, height, maximized]``."""
    window_screen: str | None = None
    """The screen key the main window was last closed on: it opens there if still connected."""
    window_layout: dict[str, dict[str, str]] = {}
    """Screen key → the main window's docks and toolbars (``main``) and its tabs' splitters
    (``EncounterWindow/0``...) as Qt's saveState wrote them, base64 (:mod:`gui.window_layout`)."""
    open_fights: dict[str, list[str]] = {}
    """Campaign file (absolute path) → the encounters shown in tabs when it was last closed, in
    tab order: they reopen where they stood the next time that file opens."""
    # Share with Players: the GM's last choices (never the token: the players' key is new
    # each time); the sheets per campaign file, by character id.
    share_port: int | None = None
    share_host: str | None = None
    share_log_lines: int = 0
    share_sheets: dict[str, list[str]] = {}
    """Campaign file (absolute path) → the characters whose sheets were last shared, the most
    recently shared file last, at most :data:`MAX_SHARE_FILES` (:meth:`prune_share_sheets`)."""
    loaded_sha256: dict[str, str] = {}
    """Campaign file (absolute path) → the SHA-256 of the bytes this app last saved there or
    loaded from it whole: the same bytes load again without the strict parse they passed
    (``storage.loads(saved_sha256=...)``); any other bytes go the whole way."""

    @classmethod
    def load(cls, path: Path | None = None) -> "AppState":
        path = paths.state_file() if path is None else path
        try:
            return cls.model_validate(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, ValidationError):
            return cls()

    def save(self, path: Path | None = None) -> None:
        """Best effort: failing to remember recent files must never stop the GM's work."""
        path = paths.state_file() if path is None else path
        tmp = path.with_name(path.name + ".tmp")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp.write_text(self.model_dump_json(indent=1), encoding="utf-8")
            os.replace(tmp, path)
        except OSError:
            with contextlib.suppress(OSError):
                tmp.unlink()

    def note_opened(self, path: Path) -> None:
        """Put ``path`` at the top of the recent list and remember it as the last opened."""
        text = str(path.resolve())
        self.recent = [text, *(p for p in self.recent if p != text)][:MAX_RECENT]
        self.last_opened = text

    def set_open_fights(self, path: Path, record_ids: list[str]) -> None:
        """Remember the encounters ``path`` shows in tabs (none: forget it); the most recently
        touched file last, so the oldest are the ones dropped past the limit."""
        text = str(path.resolve())
        self.open_fights.pop(text, None)
        if record_ids:
            self.open_fights[text] = list(record_ids)
        while len(self.open_fights) > MAX_OPEN_FIGHT_FILES:
            del self.open_fights[next(iter(self.open_fights))]

    def fights_of(self, path: Path) -> list[str]:
        return list(self.open_fights.get(str(path.resolve()), []))

    def note_sha256(self, path: Path, digest: str | None) -> None:
        """Remember the digest of what ``path`` holds as this app last read or wrote it."""
        text = str(path.resolve())
        self.loaded_sha256.pop(text, None)
        if digest:
            self.loaded_sha256[text] = digest
        while len(self.loaded_sha256) > MAX_RECENT:
            del self.loaded_sha256[next(iter(self.loaded_sha256))]

    def sha256_of(self, path: Path) -> str | None:
        return self.loaded_sha256.get(str(path.resolve()))

    def set_share_sheets(self, path: Path, character_ids: list[str]) -> None:
        """Remember the sheets shared for ``path`` (none: forget the file); the most recently
        shared file last, so the oldest are the ones dropped past the limit."""
        text = str(path.resolve())
        self.share_sheets.pop(text, None)
        if character_ids:
            self.share_sheets[text] = list(character_ids)
        while len(self.share_sheets) > MAX_SHARE_FILES:
            del self.share_sheets[next(iter(self.share_sheets))]

    def share_sheets_of(self, path: Path) -> list[str]:
        return list(self.share_sheets.get(str(path.resolve()), []))

    def forget_share_files(self, names: list[str]) -> bool:
        """Forget the shared sheets of these files (named as kept); True if any was known."""
        known = [name for name in names if name in self.share_sheets]
        for name in known:
            del self.share_sheets[name]
        return bool(known)

    def forget(self, path: str) -> None:
        self.recent = [p for p in self.recent if p != path]
        if self.last_opened == path:
            self.last_opened = None


def share_files_gone(names: list[str], keep: Path | None = None) -> list[str]:
    """Of the files whose shared sheets are remembered (``AppState.share_sheets``' keys), those
    deleted or renamed outside the app: each one's folder is there and it is not.

    A whole folder missing may be a drive or a network share not mounted right now, so its
    files count as there (the cap, :data:`MAX_SHARE_FILES`, still bounds them). ``keep``: the
    open campaign's file, never gone: the next save writes it again, with the sheets
    the GM sees ticked. Only reads the file system, so it may run off the GUI thread: a stat on
    a network share that stopped answering can block for minutes.
    """
    kept = None if keep is None else str(keep.resolve())
    return [name for name in names
            if name != kept and not (path := Path(name)).exists() and path.parent.is_dir()]
