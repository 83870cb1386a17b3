"""The encounter's setup: initiative mode and resolution (R20: per encounter, the campaign's
by default), the ROOM DC, PCs from the roster and monsters from the quick form.

Every change is an undo command (:meth:`EncounterSession.add_combatants`, ``set_setup``); the
mode, resolution and ROOM DC are fixed once the first step is taken.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QPushButton, QSpinBox, QWidget

from emberkeep.campaign.model import Campaign
from emberkeep.campaign.scope import Scope
from emberkeep.campaign.settings import InitiativeMode, Resolution
from emberkeep.character.knight import KnightProfile
from emberkeep.encounter import persist
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.engine import RuleError
from emberkeep.encounter.setup import pc_combatant
from gui.settings_labels import choice_label

if TYPE_CHECKING:
    from gui.encounter.window import EncounterWindow

__all__ = ["SHORT_CHOICES", "SetupBar"]

SHORT_CHOICES = {"group": "Group d6", "simultaneous": "Simultaneous",
                 "segments": "WDD segments (d10)", "furnace": "Furnace d20",
                 "melee_round": "Melee Round (R23)"}


class SetupBar(QWidget):
    def __init__(self, window: EncounterWindow) -> None:
        super().__init__(window)
        self.window_ = window
        self.session = window.session
        bar = QHBoxLayout(self)
        bar.setContentsMargins(0, 0, 0, 0)
        self.mode = QComboBox(self)
        self.resolution = QComboBox(self)
        # short words in the bar, the ones Settings uses in full in each choice's tooltip
        for combo, choices in ((self.mode, InitiativeMode), (self.resolution, Resolution)):
            for choice in choices:
                combo.addItem(SHORT_CHOICES.get(choice.value, choice_label(choice)), choice.value)
                combo.setItemData(combo.count() - 1, choice_label(choice),
                                  Qt.ItemDataRole.ToolTipRole)
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.mode.setAccessibleName("Initiative")
        self.resolution.setAccessibleName("Resolution")
        self.room_dc = QSpinBox(self)
        self.room_dc.setRange(1, 40)
        self.room_dc.setPrefix("ROOM DC ")
        self.room_dc.setAccessibleName("ROOM DC")
        self.add_pcs_button = QPushButton("Add &PCs…", self)
        self.add_monsters_button = QPushButton("Add &monsters…", self)
        self.remove_button = QPushButton("Remove", self)
        for w in (self.mode, self.resolution, self.room_dc, self.add_pcs_button,
                  self.add_monsters_button, self.remove_button):
            bar.addWidget(w)
        bar.addStretch(1)
        self.mode.activated.connect(self.changed)
        self.resolution.activated.connect(self.changed)
        self.room_dc.editingFinished.connect(self.changed)
        self.add_pcs_button.clicked.connect(self.ask_pcs)
        self.add_monsters_button.clicked.connect(self.ask_monsters)
        self.remove_button.clicked.connect(self.remove_selected)

    def refresh(self) -> None:
        enc, record = self.session.enc, self.session.record
        setup = not enc.history
        # once the fight begins they are fixed, and the heading names them: hidden, they give
        # their room to the morale and dying banner beside them
        for w in (self.mode, self.resolution, self.room_dc, self.remove_button):
            w.setEnabled(setup)
            w.setVisible(setup)
        settings = self.session.document.campaign.settings
        self.mode.setCurrentIndex(self.mode.findData(enc.state.mode.value))
        self.resolution.setCurrentIndex(self.resolution.findData(
            persist.resolution(record, settings).value))
        self.room_dc.setValue(record.room_dc)
        for combo in (self.mode, self.resolution):
            combo.setToolTip(combo.currentData(Qt.ItemDataRole.ToolTipRole) or "")

    def changed(self, *_: object) -> None:
        enc, record = self.session.enc, self.session.record
        if enc.history:
            return
        values: dict[str, object] = {}
        mode = InitiativeMode(self.mode.currentData())
        if mode != enc.state.mode:
            values["initiative"] = mode
        res = Resolution(self.resolution.currentData())
        if res != persist.resolution(record, self.session.document.campaign.settings):
            values["resolution"] = res
        if self.room_dc.value() != record.room_dc:
            values["room_dc"] = self.room_dc.value()
        if values:
            self.session.set_setup("Encounter setup", **values)

    def add_pcs(self, character_ids: list[str]) -> None:
        document = self.session.document
        taken = {c.character_id for c in self.session.enc.combatants.values()}
        new = [pc_combatant(document.character(cid)) for cid in character_ids
               if cid not in taken]
        if new:
            self.session.add_combatants(new, f"Add {', '.join(c.name for c in new)}")
        if self.session.enc.knight_hp:  # said when they join, not at their first blow
            bare = [c.name for c in new
                    if c.character_id and document.character(c.character_id).knight is None]
            if bare:
                self.window_.message.setText(
                    f"No knight profile: {', '.join(bare)} — a Melee Round needs one to fight "
                    "(the sheet's Knight profile, Add knight profile)")

    def add_knight_profiles(self, character_ids: list[str]) -> None:
        """A default knight profile for each of them, one undo step (R39: the Furnace HP
        stays; a new profile starts at full knight HP)."""
        document = self.session.document
        names = [document.character(cid).name for cid in character_ids]

        def add(campaign: Campaign) -> None:
            for ch in campaign.characters:
                if ch.id in character_ids and ch.knight is None:
                    ch.knight = KnightProfile()

        document.run(f"Add knight profile: {', '.join(names)}", add,
                     scope=Scope.of(character_ids))

    def add_monsters(self, monsters: list[Combatant]) -> None:
        if monsters:
            kind = monsters[0].monster.name if monsters[0].monster else "monster"
            self.session.add_combatants(monsters, f"Add {len(monsters)} × {kind}")

    def ask_pcs(self) -> None:
        from gui.encounter.dialogs import PcPicker

        taken = {c.character_id for c in self.session.enc.combatants.values()}
        free = [ch for ch in self.session.document.campaign.characters if ch.id not in taken]
        dialog = PcPicker(free, self, knight_hp=self.session.enc.knight_hp)
        if dialog.exec():
            knights = dialog.knights_to_add()
            if knights:
                self.add_knight_profiles(knights)
            self.add_pcs(dialog.chosen())

    def ask_monsters(self) -> None:
        from gui.encounter.monster_form import MonsterForm

        melee = self.resolution.currentData() == Resolution.MELEE_ROUND.value
        form = MonsterForm(self.session.record.room_dc, self, melee_round=melee)
        if form.exec():
            self.add_monsters(form.monsters(self.window_.roller, set(self.session.enc.combatants)))
            if form.keep.isChecked():
                from gui.bestiary.keep import keep_in_bestiary

                rolled = form.hd.value() if form.hp.value() == 0 else 0
                keep_in_bestiary(self.session.document, form.stats(), rolled)

    def remove_selected(self) -> None:
        c = self.window_.selected()
        if c is not None:
            try:
                self.session.remove_combatant(c.id)
            except RuleError as exc:
                self.window_.message.setText(str(exc))
