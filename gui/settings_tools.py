"""The main window's settings menus: Campaign → Settings… (Ctrl+,), Campaign → Party Fund…
(Ctrl+Shift+G) and Edit → Preferences…. Installed with one line (:func:`install_settings_tools`);
it follows the window's campaign through its document hooks, like :mod:`gui.campaign_tools`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

from emberkeep.campaign.changes import Change
from gui.campaign_settings import CampaignSettingsDialog
from gui.document import CampaignDocument
from gui.party_fund import PartyFundDialog
from gui.preferences import PreferencesDialog

if TYPE_CHECKING:
    from gui.main_window import MainWindow

__all__ = ["SettingsTools", "install_settings_tools"]


class SettingsTools(QObject):
    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.settings_action = QAction("&Settings…", window)
        self.settings_action.setShortcut(QKeySequence("Ctrl+,"))
        self.settings_action.setMenuRole(QAction.MenuRole.NoRole)  # not the app's Preferences
        self.settings_action.setStatusTip("Optional rules, house defaults, the calendar, the "
                                          "campaign's name and notes")
        self.settings_action.triggered.connect(self.open_settings)
        self.fund_action = QAction("Party &Fund…", window)
        self.fund_action.setShortcut(QKeySequence("Ctrl+Shift+G"))
        self.fund_action.setStatusTip("Put coins into the party fund or take them out")
        self.fund_action.triggered.connect(self.open_party_fund)
        self.preferences_action = QAction("&Preferences…", window)
        preferences = QKeySequence(QKeySequence.StandardKey.Preferences)
        # Linux desktops define no Preferences key: fall back to one that is free everywhere
        self.preferences_action.setShortcut(preferences if not preferences.isEmpty()
                                            else QKeySequence("Ctrl+Shift+,"))
        self.preferences_action.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.preferences_action.setStatusTip("Autosave and backups (this computer, every "
                                             "campaign)")
        self.preferences_action.triggered.connect(self.open_preferences)
        campaign_menu = self._menu("&Campaign")
        campaign_menu.addSeparator()
        campaign_menu.addAction(self.settings_action)
        campaign_menu.addAction(self.fund_action)
        window.edit_menu.addSeparator()
        window.edit_menu.addAction(self.preferences_action)
        self.document: CampaignDocument | None = None
        window.document_hooks.append(self.follow)

    def _menu(self, title: str) -> QMenu:
        for action in self.window.menuBar().actions():
            menu = action.menu()
            if isinstance(menu, QMenu) and menu.title() == title:
                return menu
        return self.window.menuBar().addMenu(title)

    def follow(self, document: CampaignDocument) -> None:
        self.document = document
        # the status bar shows the fund: a fund change (or its undo) updates it
        document.campaignChanged.connect(self._fund_changed)

    def _fund_changed(self, change: Change) -> None:
        if change.fund and self.window.document is not None:
            self.window.update_status()

    def open_settings(self) -> CampaignSettingsDialog:
        assert self.window.document is not None
        dialog = CampaignSettingsDialog(self.window.document, self.window)
        if dialog.exec():
            self.window.statusBar().showMessage("Campaign settings changed; Undo puts them "
                                                "back", 6000)
        return dialog

    def open_party_fund(self) -> PartyFundDialog:
        assert self.window.document is not None
        dialog = PartyFundDialog(self.window.document, self.window)
        dialog.exec()
        return dialog

    def open_preferences(self) -> PreferencesDialog:
        dialog = PreferencesDialog(self.window)
        if dialog.exec():
            self.window.statusBar().showMessage("Preferences saved", 4000)
        return dialog


def install_settings_tools(window: MainWindow) -> SettingsTools:
    tools = SettingsTools(window)
    window.settings_tools = tools  # type: ignore[attr-defined]
    return tools
