"""Encounter → Share with Players (Shift+F5): off until the GM starts it, on the address and
port chosen, with its address as text and a QR code; it follows the fight's steps and undo,
shares the sheets ticked, and stops with Stop Sharing, another campaign, and the app."""

from __future__ import annotations

import json
import socket
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QDialogButtonBox, QWidget

from emberkeep.dice import RandomRoller
from emberkeep.share.addresses import LOOPBACK, Address, kind_of, local_addresses
from gui import share_dialog
from gui.encounter.actions import change_hp_action
from gui.main_window import MainWindow
from gui.share_dialog import ShareDialog
from tests.gui.test_encounter_window import key, open_encounter
from tests.gui.windows import open_campaign_window

ORDER = {"private": 0, "loopback": 1, "public": 2}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        return int(probe.getsockname()[1])


def start_sharing(window: MainWindow) -> ShareDialog:
    """What the GM does: Shift+F5, this computer's address, a port, Start Sharing."""
    QTest.keyClick(window, Qt.Key.Key_F5, Qt.KeyboardModifier.ShiftModifier)
    dialog = window.share_tools.dialog
    assert dialog is not None and dialog.isVisible()
    hosts = [dialog.interfaces.itemData(i).host for i in range(dialog.interfaces.count())]
    dialog.interfaces.setCurrentIndex(hosts.index(LOOPBACK))
    dialog.port.setValue(_free_port())
    dialog.start.click()
    assert window.share_tools.sharing, dialog.state.text()
    return dialog


def share_and_play(window: MainWindow) -> ShareDialog:
    """Start sharing, then close the dialog (the share goes on) and back to the fight."""
    dialog = start_sharing(window)
    dialog.close()
    window.activateWindow()
    assert QTest.qWaitForWindowActive(window)
    assert window.share_tools.sharing
    return dialog


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=5) as answer:
        return str(answer.read().decode())


def page_data(url: str) -> dict[str, Any]:
    """The snapshot embedded in the page (what its script draws first)."""
    page = fetch(url)
    start = page.index('type="application/json">') + len('type="application/json">')
    data: dict[str, Any] = json.loads(page[start:page.index("</script>", start)])
    return data


def test_nothing_is_served_until_the_gm_starts_and_stop_closes_it(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(3), goblins=2)
    assert not window.share_tools.sharing  # off by default
    dialog = start_sharing(window)
    url = window.share_tools.url
    assert url.startswith(f"http://{LOOPBACK}:{dialog.port.value()}/")
    assert dialog.address.text() == url and dialog.address.isVisible()
    pixmap = dialog.qr.pixmap()
    assert not pixmap.isNull() and pixmap.width() >= 150  # the QR code of the address
    assert not dialog.port.isEnabled() and not dialog.interfaces.isEnabled()
    fight = page_data(url)["fight"]
    assert fight["title"] == "Goblin ambush"
    assert {row["name"] for row in fight["rows"]} >= {"Goblin 1", "Goblin 2"}
    dialog.stop.click()
    assert not window.share_tools.sharing and not dialog.address.isVisible()
    with pytest.raises(OSError):
        fetch(url)
    assert ew is not None


def test_the_page_follows_next_and_undo(tmp_path: Path, qtbot: Any,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(3), goblins=2)
    share_and_play(window)
    url = window.share_tools.url
    ew.table.setFocus()
    key(ew, Qt.Key.Key_I)
    QApplication.processEvents()
    first = page_data(url)["fight"]["acting"]
    assert first and first == ew.enc.combatants[str(ew.session.current_id())].name
    key(ew, Qt.Key.Key_N)
    QApplication.processEvents()
    second = page_data(url)["fight"]["acting"]
    assert second == ew.enc.combatants[str(ew.session.current_id())].name != first
    QTest.keyClick(ew.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    QApplication.processEvents()
    assert page_data(url)["fight"]["acting"] == first


def test_the_ticked_sheets_are_shared_read_only(tmp_path: Path, qtbot: Any,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(3), goblins=1)
    dialog = start_sharing(window)
    url = window.share_tools.url
    assert window.document is not None
    assert page_data(url)["sheets"] == []  # none until the GM ticks them
    item = dialog.sheets.item(0)
    name = item.text()
    item.setCheckState(Qt.CheckState.Checked)
    QApplication.processEvents()
    sheets = page_data(url)["sheets"]
    assert [s["name"] for s in sheets] == [name]
    rows = page_data(url)["fight"]["rows"]
    assert [r["sheet"] for r in rows if r["name"] == name] == [sheets[0]["key"]]
    sheet = page_data(url + "sheet/" + sheets[0]["key"])["sheet"]
    assert sheet["name"] == name and dict(sheet["numbers"])["HP"]
    character = next(c for c in window.document.campaign.characters if c.name == name)
    pc = next(c.id for c in ew.enc.combatants.values() if c.character_id == character.id)
    before = dict(sheet["numbers"])["HP"]
    assert ew.session.run("Damage", change_hp_action(pc, -1)) is None  # the sheet follows,
    hp = f"{character.hp} / {character.max_hp}"  # built again a few frames after the step
    assert hp != before

    def sheet_hp() -> str:
        return str(dict(page_data(url + "sheet/" + sheets[0]["key"])["sheet"]["numbers"])["HP"])

    qtbot.waitUntil(lambda: sheet_hp() == hp, timeout=1000)
    item.setCheckState(Qt.CheckState.Unchecked)
    QApplication.processEvents()
    with pytest.raises(urllib.error.HTTPError):
        fetch(url + "sheet/" + sheets[0]["key"])


def test_sharing_stops_with_the_campaign(tmp_path: Path, qtbot: Any,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    window, _ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(3), goblins=1)
    start_sharing(window)
    url = window.share_tools.url
    window.new_campaign()  # the old campaign closes (its changes discarded in this test)
    assert not window.share_tools.sharing and window.share_tools.session is None
    with pytest.raises(OSError):
        fetch(url)
    start_sharing(window)
    window.close()  # and with the app's window
    assert not window.share_tools.sharing


def test_the_log_lines_are_the_gm_s_choice(tmp_path: Path, qtbot: Any,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(3), goblins=2)
    dialog = share_and_play(window)
    url = window.share_tools.url
    ew.table.setFocus()
    key(ew, Qt.Key.Key_I)
    key(ew, Qt.Key.Key_N)
    QApplication.processEvents()
    assert page_data(url)["fight"]["log"] == []
    dialog.log.setValue(2)
    QApplication.processEvents()
    assert len(page_data(url)["fight"]["log"]) == 2


def test_a_public_address_is_never_first_and_says_so(tmp_path: Path, qtbot: Any,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    found = [Address("198.51.100.7", "public", "wan0"), Address(LOOPBACK, "loopback", "lo"),
             Address("192.168.1.20", "private", "wlan0")]
    monkeypatch.setattr(share_dialog, "local_addresses",
                        lambda: sorted(found, key=lambda a: ORDER[a.kind]))
    window, _ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(3), goblins=1)
    dialog = window.share_tools.open_dialog()
    assert dialog.chosen_address() == found[2]  # the room's network, first
    assert dialog.start.text() == "S&tart Sharing"
    dialog.interfaces.setCurrentIndex(dialog.interfaces.count() - 1)
    assert dialog.chosen_address() == found[0]
    assert "PUBLIC" in dialog.state.text() and "Publicly" in dialog.start.text()
    assert not window.share_tools.sharing  # picking it starts nothing


def test_addresses_are_listed_private_first() -> None:
    kinds = [a.kind for a in local_addresses()]
    assert "loopback" in kinds and kinds == sorted(kinds, key=ORDER.__getitem__)
    assert kind_of("192.168.4.2") == "private" and kind_of("10.0.0.3") == "private"
    assert kind_of("127.0.0.1") == "loopback" and kind_of("8.8.8.8") == "public"


def test_a_fight_whose_tab_closes_leaves_the_page_and_comes_back(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window, ew = open_encounter(tmp_path, qtbot, monkeypatch, RandomRoller(3), goblins=1)
    share_and_play(window)
    url = window.share_tools.url
    record_id = ew.session.record.id
    assert page_data(url)["fight"]["title"] == "Goblin ambush"
    window.close_tab(window.tabs.indexOf(ew))
    QApplication.processEvents()
    assert page_data(url)["fight"] is None  # the page says no fight is shared
    assert window.share_tools.sharing  # the share itself goes on (the sheets stay)
    window.encounter_tools.open_encounter(record_id)
    QApplication.processEvents()
    assert page_data(url)["fight"]["title"] == "Goblin ambush"


def _tab_chain(dialog: ShareDialog) -> list[QWidget]:
    """The widgets Tab visits, in order, from the dialog's first."""
    chain: list[QWidget] = []
    widget: QWidget | None = dialog.nextInFocusChain()
    while widget is not None and widget is not dialog:
        if (widget.focusPolicy() & Qt.FocusPolicy.TabFocus and widget.isEnabled()
                and widget.isVisibleTo(dialog) and widget.focusProxy() is None
                and not isinstance(widget.parent(), QAbstractSpinBox)):
            chain.append(widget)
        widget = widget.nextInFocusChain()
    return chain


def test_keys_alone_go_as_the_eye_reads_and_land_on_what_comes_next(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window, _path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    dialog = window.share_tools.open_dialog()
    box = dialog.findChild(QDialogButtonBox)
    assert box is not None
    close = box.button(QDialogButtonBox.StandardButton.Close)
    assert _tab_chain(dialog) == [dialog.interfaces, dialog.port, dialog.fight, dialog.sheets,
                                  dialog.log, dialog.start, close]
    narrow = dialog.width()
    hosts = [dialog.interfaces.itemData(i).host for i in range(dialog.interfaces.count())]
    dialog.interfaces.setCurrentIndex(hosts.index(LOOPBACK))
    dialog.port.setValue(_free_port())
    dialog.start.setFocus()
    QTest.keyClick(dialog.start, Qt.Key.Key_Space)
    assert window.share_tools.sharing, dialog.state.text()
    # the Copy button sits under the code, right of the choices: after them, before the row
    assert _tab_chain(dialog) == [dialog.fight, dialog.sheets, dialog.log, dialog.copy,
                                  dialog.stop, close]
    assert dialog.focusWidget() is dialog.copy  # not Close, next after the disabled Start
    assert dialog.width() > narrow  # room for the code
    QTest.keyClick(dialog.copy, Qt.Key.Key_Tab)
    assert dialog.focusWidget() is dialog.stop
    QTest.keyClick(dialog.stop, Qt.Key.Key_Space)
    assert not window.share_tools.sharing
    assert dialog.focusWidget() is dialog.start
    assert dialog.width() == narrow  # the code's column gone, no stretched fields left


def _listed(dialog: ShareDialog) -> list[tuple[str, bool]]:
    return [(item.text(), item.checkState() == Qt.CheckState.Checked)
            for row in range(dialog.sheets.count()) if (item := dialog.sheets.item(row))]


def test_the_open_dialog_follows_the_roster_and_the_fights(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window, _path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    document = window.document
    assert document is not None
    dialog = window.share_tools.open_dialog()
    dialog.sheets.item(1).setCheckState(Qt.CheckState.Checked)
    dialog.sheets.setCurrentRow(2)  # where the GM's keys are
    first, second, third = document.campaign.characters[:3]
    document.edit_character(second.id, "name", "Maud the Bold")
    document.remove_characters([first.id])
    assert dialog.sheets.count() == len(document.campaign.characters) + 1  # not yet: next turn
    qtbot.waitUntil(lambda: dialog.sheets.count() == len(document.campaign.characters))
    assert _listed(dialog)[0] == ("Maud the Bold", True)  # renamed, still ticked
    assert dialog.sheets.currentItem().data(Qt.ItemDataRole.UserRole) == third.id
    assert first.name not in [name for name, _ticked in _listed(dialog)]

    fight = window.encounter_tools.new_encounter("Goblin ambush")
    assert fight is not None
    qtbot.waitUntil(lambda: dialog.fight.count() == 2)
    assert dialog.fight.itemData(1) is fight.session


def test_another_campaign_resets_the_open_dialog(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window, _path = open_campaign_window(tmp_path, qtbot, monkeypatch)
    dialog = window.share_tools.open_dialog()
    hosts = [dialog.interfaces.itemData(i).host for i in range(dialog.interfaces.count())]
    dialog.interfaces.setCurrentIndex(hosts.index(LOOPBACK))
    dialog.port.setValue(_free_port())
    dialog.start.click()
    assert window.share_tools.sharing and dialog.qr.isVisible()
    window.new_campaign()
    # it no longer says it shares, nor shows the old campaign's characters to tick
    assert not window.share_tools.sharing
    assert dialog.state.text().startswith("Not sharing") and not dialog.qr.isVisible()
    assert dialog.sheets.count() == 0 and dialog.start.isEnabled()
