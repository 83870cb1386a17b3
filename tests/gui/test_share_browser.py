"""The players' page in a real browser (Debian's headless chromium, over the DevTools
protocol): the turn and order follow N and Ctrl+Z within a second, a monster's HP never reaches
the page nor its event stream, a bad token is refused, a hostile name is text, and the page
fits a 360 px phone in light and dark."""

from __future__ import annotations

import http.client
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from emberkeep.dice import RandomRoller
from emberkeep.encounter.combatant import MonsterStats
from gui.encounter.actions import change_hp_action
from gui.encounter.monster_form import make_monsters
from gui.encounter.window import EncounterWindow
from gui.main_window import MainWindow
from tests.gui.share_browser import CHROMIUM, Browser
from tests.gui.test_encounter_window import key, open_encounter
from tests.gui.test_share_dialog import share_and_play

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed "
                       "(.ci/run installs it: apt-get install -y chromium)"),
]

HOSTILE = '<img src=x onerror="document.title=\'pwned\'">Grub'
LIVE = "document.getElementById('status').textContent === 'Live'"


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    with Browser(tmp_path_factory.mktemp("chromium"), 360, 740) as running:
        yield running


def _text(browser: Browser, selector: str) -> str:
    return str(browser.evaluate(
        f"(document.querySelector({json.dumps(selector)}) || {{}}).textContent || ''"))


def _names(browser: Browser) -> list[str]:
    return list(browser.evaluate(
        "[...document.querySelectorAll('.order .name')].map(e => e.textContent)"))


def _acting(ew: EncounterWindow) -> str:
    return ew.enc.combatants[str(ew.session.current_id())].name


def _follows(browser: Browser, expression: str) -> float:
    """Seconds from now until the page shows ``expression`` true, the GUI's events running
    meanwhile (the window publishes on its next turn of the event loop)."""
    started = time.monotonic()
    while time.monotonic() - started < 5:
        QApplication.processEvents()
        if browser.evaluate(expression):
            return time.monotonic() - started
        time.sleep(0.01)
    raise AssertionError(f"the page never showed {expression}")


def _open(tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch, browser: Browser,
          goblins: int = 2) -> tuple[MainWindow, EncounterWindow]:
    window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(3), goblins=goblins)
    share_and_play(window)
    browser.open(window.share_tools.url, ready=LIVE)
    ew.table.setFocus()
    return window, ew


def test_the_turn_and_order_follow_n_and_undo_within_a_second(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch, browser: Browser) -> None:
    _window, ew = _open(tmp_path, qtbot, monkeypatch, browser)
    assert _text(browser, ".stage") == "about to begin"
    started = time.monotonic()
    key(ew, Qt.Key.Key_I)
    first = _acting(ew)
    _follows(browser, f"document.querySelector('.turn').textContent === "
                      f"{json.dumps(first + '’s turn')}")
    assert time.monotonic() - started < 1.0
    order = _names(browser)
    assert order[0].endswith(first) and _text(browser, ".order li.now .name").endswith(first)
    started = time.monotonic()
    key(ew, Qt.Key.Key_N)
    second = _acting(ew)
    assert second != first
    _follows(browser, f"document.querySelector('.order li.now .name').textContent"
                      f".endsWith({json.dumps(second)})")
    assert time.monotonic() - started < 1.0
    started = time.monotonic()
    QTest.keyClick(ew.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # undo
    _follows(browser, f"document.querySelector('.turn').textContent === "
                      f"{json.dumps(first + '’s turn')}")
    assert time.monotonic() - started < 1.0
    assert _names(browser) == order
    assert _text(browser, ".next") == f"Next: {second}"


def test_monster_hp_never_reaches_the_page_or_its_stream(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch, browser: Browser) -> None:
    window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(3), goblins=1)
    ew.add_monsters(make_monsters(MonsterStats(name="Ogre", max_hp=37, room_dc=12,
                                               attack_bonus=2, damage="1d6"), 1,
                                  taken=set(ew.enc.combatants)))
    share_and_play(window)
    browser.open(window.share_tools.url, ready=LIVE)
    ew.table.setFocus()
    server = window.share_tools.server
    assert server is not None
    window.share_tools.set_log_count(10)  # even with every shareable log line shown
    key(ew, Qt.Key.Key_I)
    stream = http.client.HTTPConnection(server.host, server.port, timeout=5)
    stream.request("GET", f"/{server.token}/events")
    events = stream.getresponse()
    ogre = next(c.id for c in ew.enc.combatants.values() if c.name.startswith("Ogre"))
    assert ew.session.run("Damage the ogre", change_hp_action(ogre, -11)) is None  # 26 left
    _follows(browser, "[...document.querySelectorAll('.order li')].some("
                      "li => li.textContent.includes('Ogre') && "
                      "li.textContent.includes('wounded'))")
    seen: list[bytes] = []
    while not seen or b"wounded" not in seen[-1]:  # up to the damage's snapshot
        seen.append(events.readline())
        assert seen[-1], "the stream ended"
    stream.close()
    page = str(browser.evaluate(  # what it shows, its title, and the data it came with
        "[document.title, document.getElementById('main').innerText,"
        " document.getElementById('data').textContent].join(' ')"))
    for text in (page, b"".join(seen).decode()):
        assert "Ogre" in text and "wounded" in text
        assert "26" not in text and "37" not in text  # its HP and its maximum
        assert "takes 11 damage" not in text  # D's log line, which says the HP left


def test_a_bad_token_is_refused(tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch,
                                browser: Browser) -> None:
    window, _ew = _open(tmp_path, qtbot, monkeypatch, browser)
    server = window.share_tools.server
    assert server is not None
    # from the page itself: a stream with another token is refused for good
    state = browser.evaluate(
        "new Promise(done => { const e = new EventSource('/not-the-token/events');"
        " e.onerror = () => done(e.readyState); })")
    assert state == 2  # CLOSED: a 404 is not retried
    wrong = f"http://{server.host}:{server.port}/{'x' * len(server.token)}/"
    browser.open(wrong)
    assert browser.evaluate("document.body.innerText").strip() == "Not found"
    assert not browser.evaluate("!!document.getElementById('main')")


def test_a_hostile_name_is_text(tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch,
                                browser: Browser) -> None:
    window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(3), goblins=1)
    ew.add_monsters(make_monsters(MonsterStats(name=HOSTILE, max_hp=5, room_dc=12,
                                               attack_bonus=2, damage="1d6"), 1,
                                  taken=set(ew.enc.combatants)))
    share_and_play(window)
    browser.open(window.share_tools.url, ready=LIVE)
    assert any(HOSTILE in name for name in _names(browser))
    assert browser.evaluate("document.querySelectorAll('img').length") == 0
    assert browser.evaluate("document.title") != "pwned"


def test_the_page_fits_a_phone_and_a_tablet_light_and_dark(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch, browser: Browser) -> None:
    window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(3), goblins=3)
    ew.add_monsters(make_monsters(MonsterStats(
        name="Grubnak the Unpronounceably Long-Named Chieftain of the Western Hills",
        max_hp=9, room_dc=12, attack_bonus=2, damage="1d6"), 1, taken=set(ew.enc.combatants)))
    share_and_play(window)
    browser.open(window.share_tools.url, ready=LIVE)
    try:
        for width, height in ((360, 740), (800, 1280)):
            browser.call("Emulation.setDeviceMetricsOverride", width=width, height=height,
                         deviceScaleFactor=1, mobile=width < 700)
            for dark in (False, True):
                browser.dark(dark)
                assert browser.evaluate("document.documentElement.scrollWidth") <= width
                colors = browser.evaluate(
                    "[getComputedStyle(document.body).backgroundColor,"
                    " getComputedStyle(document.body).color]")
                background = colors[0]
                assert (background == "rgb(21, 20, 19)") == dark, colors
    finally:
        browser.dark(False)
        browser.call("Emulation.setDeviceMetricsOverride", width=360, height=740,
                     deviceScaleFactor=1, mobile=True)
