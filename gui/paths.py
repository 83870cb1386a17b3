"""Where Emberkeep keeps the GM's files: campaigns in the documents folder, state in config.

Campaigns live in the user's documents folder under ``Emberkeep/`` (they are the GM's files, to
back up and sync); the small JSON state file (recent files, last opened) lives in the user config
folder. ``EMBERKEEP_HOME`` moves both under one folder, so tests and portable installs never
touch the real home. Bundled data is found through :func:`emberkeep.resources.resource_path`.

No Qt here: this module is imported before the application exists.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["APP_NAME", "HOME_ENV", "backups_dir", "campaigns_dir", "config_dir", "data_dir",
           "recovery_dir", "state_file"]

APP_NAME = "Emberkeep"
HOME_ENV = "EMBERKEEP_HOME"


def _home_override() -> Path | None:
    value = os.environ.get(HOME_ENV, "").strip()
    return Path(value).expanduser() if value else None


def campaigns_dir() -> Path:
    """The folder new campaigns and the first-start example copy go to (not created here)."""
    home = _home_override()
    if home is not None:
        return home / "campaigns"
    import platformdirs  # lazily: only needed once per start

    return Path(platformdirs.user_documents_dir()) / APP_NAME


def config_dir() -> Path:
    home = _home_override()
    if home is not None:
        return home / "config"
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def state_file() -> Path:
    return config_dir() / "state.json"


def data_dir() -> Path:
    """The app's own files that are not settings: backups and recovery files (not created)."""
    home = _home_override()
    if home is not None:
        return home / "data"
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def backups_dir() -> Path:
    """The root of the rotating backups: one subfolder per campaign file."""
    return data_dir() / "backups"


def recovery_dir() -> Path:
    """Autosaved recovery files: never the GM's own file."""
    return data_dir() / "recovery"
