"""Shared test set-up: every test runs headless on Qt's offscreen platform, with a home of its own.

The offscreen platform gets two screens, two common laptops: 1366×768 (the primary) and
1280×800 beside it, so window-fitting tests run against real screen geometry.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

_SCREENS = Path(__file__).with_name("screens.json")
os.environ.setdefault("QT_QPA_PLATFORM", f"offscreen:configfile={_SCREENS}")

from emberkeep.campaign import recorder as _record  # noqa: E402  after the platform is chosen
from gui.paths import HOME_ENV  # noqa: E402  (no Qt in it)

_record.CHECK_SCOPES = True
"""Every recorded operation in the tests is also checked against the whole campaign: a scope
that forgets a part it changes fails the test that ran it, instead of costing a GM an undo."""


@pytest.fixture(autouse=True)
def _a_home_of_its_own(tmp_path_factory: pytest.TempPathFactory,
                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The app's state file, backups and logs go to a folder of this test's own, never the real
    home: no test reads what an earlier one left, and tests running side by side (pytest-xdist)
    never write the same file. A test that sets ``EMBERKEEP_HOME`` itself wins over this."""
    monkeypatch.setenv(HOME_ENV, str(tmp_path_factory.mktemp("home")))


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto`` (in pyproject's addopts): a run of the whole suite or of a folder uses every
    core, a run of named test files stays in this one process. Starting the workers (each
    imports Qt and the app) costs seconds a few files would not win back. None leaves the
    count to pytest-xdist (``PYTEST_XDIST_AUTO_NUM_WORKERS``, else the machine's cores)."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    here = config.invocation_params.dir
    named = [here / str(arg).split("::", 1)[0] for arg in config.args]
    if named and all(path.is_file() for path in named):
        return 0
    return None
