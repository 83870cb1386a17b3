"""A name that makes Qt read a file, opened for real: the Melee Round fight whose knight is
called ``<img src=/dev/zero>Sir B`` made memory grow by a gigabyte every four seconds, and one
called ``<img src=FIFO>`` blocked the app for ever. Each runs in a child process
(``tests.gui.open_hostile_fight``) with its address space capped and a timeout, so a regression
fails here in seconds instead of hanging the suite or eating the machine's memory.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 60  # seconds; the fight opens in a few


def _open_in_child(source: str, home: Path) -> str:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    try:
        done = subprocess.run([sys.executable, "-m", "tests.gui.open_hostile_fight", source,
                               str(home)], cwd=ROOT, env=env, capture_output=True, text=True,
                              timeout=TIMEOUT, check=False)
    except subprocess.TimeoutExpired:
        pytest.fail(f"opening the fight with <img src={source}> still ran after {TIMEOUT} s "
                    "(Qt reading the file the name points at?)")
    assert done.returncode == 0, (f"the child failed ({done.returncode}; out of memory reading "
                                  f"{source}?):\n{done.stdout}\n{done.stderr[-3000:]}")
    return done.stdout


@pytest.mark.slow
def test_a_knight_named_after_dev_zero(tmp_path: Path) -> None:
    assert "laid out" in _open_in_child("/dev/zero", tmp_path)


@pytest.mark.slow
def test_a_knight_named_after_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert "laid out" in _open_in_child(str(fifo), tmp_path)
