"""Campaign → Settings…, Party Fund… and Edit → Preferences… (RULINGS: every "house default" is a
campaign setting the GM can change)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel
from PySide6.QtWidgets import QCheckBox, QComboBox, QDialog, QSpinBox
from pytestqt.qtbot import QtBot

from emberkeep.campaign import saving
from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import LedgerKind
from emberkeep.campaign.operation import Refused
from emberkeep.campaign.settings import CampaignSettings, CritDamage
from gui import dialogs
from gui.campaign_settings import CampaignSettingsDialog
from gui.main_window import MainWindow
from gui.party_fund import PartyFundDialog, change_party_fund
from gui.preferences import PreferencesDialog
from gui.state import AppState


@pytest.fixture
def window(tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    monkeypatch.setenv("EMBERKEEP_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(dialogs, "ask_save_changes",
                        lambda *args, **kwargs: dialogs.SaveChoice.DISCARD)
    campaign = build_example_campaign()
    fighter = next(c for c in campaign.characters if c.class_id == "fighter")
    armor = fighter.inventory.worn_armor
    assert armor is not None
    armor.damage_points = 2  # scale mail worth 50 gp, two crits taken (R15)
    path = tmp_path / "c.json"
    saving.save(campaign, path)
    win = MainWindow(AppState())
    qtbot.addWidget(win)
    win.open_path(path, ask=False)
    return win


def _dialog(window: MainWindow) -> CampaignSettingsDialog:
    assert window.document is not None
    return CampaignSettingsDialog(window.document, window)


@pytest.mark.slow
def test_editors_come_from_the_models_with_their_bounds(window: MainWindow) -> None:
    dialog = _dialog(window)
    tabs = [dialog.tabs.tabText(i).replace("&&", "&") for i in range(dialog.tabs.count())]
    assert tabs == ["Rules", "Combat", "Repairs", "Time & calendar", "Downtime", "Campaign"]
    pct = dialog.editor("repair.armor_point_pct").widget
    assert isinstance(pct, QSpinBox) and (pct.minimum(), pct.maximum()) == (0, 1000)
    assert isinstance(dialog.editor("rules.luck_dice").widget, QCheckBox)
    crit = dialog.editor("crit_damage").widget
    assert isinstance(crit, QComboBox) and crit.count() == len(CritDamage)
    assert len(dialog.editor("time.month_names").parts) == 12
    # every field of every settings model has an editor (none is left without a screen)
    def leaves(model: type[BaseModel], prefix: str = "") -> set[str]:
        out: set[str] = set()
        for name, info in model.model_fields.items():
            sub = info.annotation
            if isinstance(sub, type) and issubclass(sub, BaseModel):
                out |= leaves(sub, f"{prefix}{name}.")
            else:
                out.add(prefix + name)
        return out
    assert {".".join(p) for p in dialog.editors} == leaves(CampaignSettings)
    assert "R16" in pct.toolTip() and "Default: 10" in pct.toolTip()


def test_r16_armor_repair_percentage_changes_the_repairs_cost_and_undo_restores_it(
        window: MainWindow) -> None:
    """R16: "Armor: 10% of the armor's value for each crit it took" is a house default."""
    repairs = window.campaign_tools.show_repairs()
    cost = repairs.model.index(0, 5)
    assert repairs.model.data(cost) == "10 gp"  # 2 points × 10% of 50 gp
    dialog = _dialog(window)
    dialog.editor("repair.armor_point_pct").set(25)
    dialog.accept()
    assert dialog.error.text() == ""
    assert repairs.model.data(repairs.model.index(0, 5)) == "25 gp"
    assert window.document is not None
    assert window.document.undo_stack.count() == 1  # one undo step
    window.document.undo_stack.undo()
    assert window.document.campaign.settings.repair.armor_point_pct == 10
    assert repairs.model.data(repairs.model.index(0, 5)) == "10 gp"
    window.document.undo_stack.redo()
    assert repairs.model.data(repairs.model.index(0, 5)) == "25 gp"


def test_r27_a_month_without_a_name_is_refused_with_the_reason(window: MainWindow) -> None:
    assert window.document is not None
    before = window.document.campaign.settings.model_copy(deep=True)
    dialog = _dialog(window)
    dialog.editor("repair.armor_point_pct").set(30)
    dialog.editor("time.month_names").parts[4].setText("   ")
    dialog.accept()
    assert dialog.error.text() == ("Not changed. Month names (R27), number 5: String should "
                                   "have at least 1 character")
    assert window.document.campaign.settings == before
    assert window.document.undo_stack.count() == 0
    dialog.editor("time.month_names").parts[4].setText("Thawmonth")
    dialog.accept()
    assert window.document.campaign.settings.time.month_names[4] == "Thawmonth"


def test_month_names_show_in_the_status_bar_date(window: MainWindow) -> None:
    tools = window.campaign_tools
    assert tools.date_label.text() == "Day 14 of Month 3, year 1023, 08:00"
    dialog = _dialog(window)
    dialog.editor("time.month_names").parts[2].setText("Greening")
    dialog.accept()
    assert tools.date_label.text() == "Day 14 of Greening, year 1023, 08:00"


def test_rename_changes_the_title_and_notes_in_one_undo_step(window: MainWindow) -> None:
    assert window.document is not None
    dialog = _dialog(window)
    dialog.name_edit.setText("  The Ashen Road ")
    dialog.notes_edit.setPlainText("Session 4: the barrow.")
    dialog.accept()
    assert window.document.campaign.name == "The Ashen Road"
    assert window.document.campaign.notes == "Session 4: the barrow."
    assert "The Ashen Road" in window.windowTitle()
    window.document.undo_stack.undo()
    assert "The Embers of Hollowmere" in window.windowTitle()
    assert window.document.campaign.notes != "Session 4: the barrow."
    empty = _dialog(window)
    empty.name_edit.setText("  ")
    empty.accept()
    assert empty.error.text() == "Not changed. Campaign name: String should have at least 1 " \
                                 "character"


def test_ok_without_a_change_pushes_nothing(window: MainWindow) -> None:
    assert window.document is not None
    _dialog(window).accept()
    assert window.document.undo_stack.count() == 0


def test_the_menu_item_opens_the_dialog(window: MainWindow,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[QDialog] = []

    def fake_exec(dialog: QDialog) -> int:
        seen.append(dialog)
        return 0

    monkeypatch.setattr(QDialog, "exec", fake_exec)
    assert window.action("campaign.settings").shortcut().toString() == "Ctrl+,"
    window.trigger("campaign.settings")
    window.trigger("campaign.party_fund")
    window.trigger("edit.preferences")
    assert [type(d) for d in seen] == [CampaignSettingsDialog, PartyFundDialog, PreferencesDialog]


def test_party_fund_add_and_take_write_the_ledger_and_undo(window: MainWindow) -> None:
    document = window.document
    assert document is not None
    assert document.campaign.party_fund.total_cp == 4050  # the example's 40 gp 5 sp
    dialog = PartyFundDialog(document, window)
    dialog.coins["gp"].setValue(12)
    dialog.coins["sp"].setValue(3)
    dialog.note.setText("Barrow treasure")
    assert dialog.change(take=False)
    assert document.campaign.party_fund.total_cp == 4050 + 1230
    income = document.campaign.ledger[-1]
    assert (income.kind, income.cost_cp, income.paid_by, income.description) == (
        LedgerKind.INCOME, -1230, "party", "Barrow treasure")
    assert "party fund 52 gp 8 sp" in window.status_label.text()
    entry = change_party_fund(document, take=True, gp=5, note="Inn")
    assert (entry.kind, entry.cost_cp, entry.paid_by) == (LedgerKind.EXPENSE, 500, "party")
    assert document.campaign.party_fund.total_cp == 4780
    document.undo_stack.undo()
    assert document.campaign.party_fund.total_cp == 5280
    assert document.campaign.ledger[-1].description == "Barrow treasure"
    assert dialog.fund.text() == "The party fund holds 52 gp 8 sp"


def test_taking_more_than_the_fund_holds_is_refused(window: MainWindow) -> None:
    document = window.document
    assert document is not None
    ledger = len(document.campaign.ledger)
    dialog = PartyFundDialog(document, window)
    dialog.coins["gp"].setValue(41)
    assert not dialog.change(take=True)
    assert dialog.message.text() == ("Not changed: cannot take 41 gp: the party fund holds "
                                     "only 40 gp 5 sp.")
    assert document.campaign.party_fund.total_cp == 4050
    assert len(document.campaign.ledger) == ledger
    assert document.undo_stack.count() == 0
    with pytest.raises(Refused, match="enter an amount"):
        change_party_fund(document, take=False)


def test_preferences_are_saved_and_applied(window: MainWindow, tmp_path: Path) -> None:
    autosaver = window.safety_tools.autosaver
    dialog = PreferencesDialog(window)
    dialog.editors["autosave_seconds"].set(30)
    dialog.editors["backups_keep_last"].set(4)
    dialog.editors["backups_keep_days"].set(0)
    dialog.accept()
    assert autosaver.timer.interval() == 30_000
    assert window.document is not None
    assert (window.document.keep_last, window.document.keep_days) == (4, 0)
    stored = AppState.load()  # EMBERKEEP_HOME is the test's folder
    assert (stored.autosave_seconds, stored.backups_keep_last, stored.backups_keep_days) == (
        30, 4, 0)
    spin = dialog.editors["autosave_seconds"].widget
    assert isinstance(spin, QSpinBox) and (spin.minimum(), spin.maximum()) == (5, 3600)
    # a campaign opened later gets the same backup numbers (the safety tools' hook)
    window.new_campaign()
    assert (window.document.keep_last, window.document.keep_days) == (4, 0)
