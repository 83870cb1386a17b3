"""Shared test set-up: every test runs headless on Qt's offscreen platform.

The offscreen platform gets two screens, the laptops of issue #19: 1366×768 (the primary) and
1280×800 beside it, so window-fitting tests run against real screen geometry.
"""

from __future__ import annotations

import os
from pathlib import Path

_SCREENS = Path(__file__).with_name("screens.json")
os.environ.setdefault("QT_QPA_PLATFORM", f"offscreen:configfile={_SCREENS}")

from emberkeep.campaign import recorder as _record  # noqa: E402  after the platform is chosen

_record.CHECK_SCOPES = True
"""Every recorded operation in the tests is also checked against the whole campaign: a scope
that forgets a part it changes fails the test that ran it, instead of costing a GM an undo."""
