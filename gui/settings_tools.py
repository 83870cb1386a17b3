"""The main window's settings: Campaign → Settings… (Ctrl+,), Campaign → Party Fund…
(Ctrl+Shift+G) and Edit → Preferences…, declared below for the window's registry. The part
follows the window's campaign through its document hooks, like :mod:`gui.campaign_tools`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence

from emberkeep.campaign.changes import Change
from gui.action_registry import ActionSpec, Place
from gui.document import CampaignDocument

# Start-up: the three dialogs (with the settings' field editors and labels) load when first
# opened, not with the first window (bench/startup.py)
if TYPE_CHECKING:
    from gui.campaign_settings import CampaignSettingsDialog
    from gui.main_window import MainWindow
    from gui.party_fund import PartyFundDialog
    from gui.preferences import PreferencesDialog

__all__ = ["ACTIONS", "SettingsTools"]


class SettingsTools(QObject):
    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.document: CampaignDocument | None = None
        window.document_hooks.append(self.follow)

    def follow(self, document: CampaignDocument) -> None:
        self.document = document
        # the status bar shows the fund: a fund change (or its undo) updates it
        document.campaignChanged.connect(self._fund_changed)

    def _fund_changed(self, change: Change) -> None:
        if change.fund and self.window.document is not None:
            self.window.update_status()

    def open_settings(self) -> CampaignSettingsDialog:
        from gui.campaign_settings import CampaignSettingsDialog

        assert self.window.document is not None
        dialog = CampaignSettingsDialog(self.window.document, self.window)
        if dialog.exec():
            self.window.statusBar().showMessage("Campaign settings changed; Undo puts them "
                                                "back", 6000)
        return dialog

    def open_party_fund(self) -> PartyFundDialog:
        from gui.party_fund import PartyFundDialog

        assert self.window.document is not None
        dialog = PartyFundDialog(self.window.document, self.window)
        dialog.exec()
        return dialog

    def open_preferences(self) -> PreferencesDialog:
        from gui.preferences import PreferencesDialog

        dialog = PreferencesDialog(self.window)
        if dialog.exec():
            self.window.statusBar().showMessage("Preferences saved", 4000)
        return dialog


ACTIONS: tuple[ActionSpec[MainWindow], ...] = (
    ActionSpec("campaign.settings", "&Settings…", lambda w: w.settings_tools.open_settings(),
               tip="Optional rules, house defaults, the calendar, the campaign's name and notes",
               keys=("Ctrl+,",), role=QAction.MenuRole.NoRole,  # not the app's Preferences
               places=(Place("campaign", 1, 0),)),
    ActionSpec("campaign.party_fund", "Party &Fund…",
               lambda w: w.settings_tools.open_party_fund(),
               tip="Put coins into the party fund or take them out", keys=("Ctrl+Shift+G",),
               places=(Place("campaign", 1, 1),)),
    # Linux desktops define no Preferences key: the fallback is free everywhere
    ActionSpec("edit.preferences", "&Preferences…", lambda w: w.settings_tools.open_preferences(),
               tip="Autosave and backups (this computer, every campaign)",
               keys=(QKeySequence.StandardKey.Preferences,), fallback="Ctrl+Shift+,",
               role=QAction.MenuRole.PreferencesRole, places=(Place("edit", 3, 0),)),
)
