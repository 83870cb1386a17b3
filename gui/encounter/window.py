"""The encounter window: run a fight at the table, keyboard first.

Layout: the round, segment and whose turn it is on top, with the morale prompts, timers and
the dying countdowns in a banner (:mod:`gui.encounter.header`); the order (and WDD's segment
timeline) on the left; the combatants table with HP bars, zones and conditions in the middle;
the attack panel, the number field (damage, healing) and the GM's ruling on the right; the
filterable log below. Every key is in :mod:`gui.encounter.shortcuts`. Every change is one undo
command on the campaign's stack (:mod:`gui.encounter.session`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLineEdit,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from emberkeep.campaign.atomic import atomic_write
from emberkeep.campaign.settings import InitiativeMode
from emberkeep.dice import Roller
from emberkeep.encounter.combatant import Combatant
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.recap import recap_markdown
from emberkeep.encounter.surprise import check_surprise
from emberkeep.encounter.turns import begin_round, next_turn
from emberkeep.file_names import suggested_path
from gui import dialogs
from gui.action_registry import WindowActions
from gui.document import CampaignDocument
from gui.encounter import actions
from gui.encounter.attack_panel import AttackPanel
from gui.encounter.combatants import combatants_table
from gui.encounter.header import FightHeader, plain
from gui.encounter.log_pane import LOG_ROWS, LogPane
from gui.encounter.melee_panel import MeleePanel
from gui.encounter.order import OrderModel, OrderView, SegmentTimeline
from gui.encounter.player_view import PlayerView
from gui.encounter.session import EncounterSession
from gui.encounter.shortcuts import ENCOUNTER_KEYS, ShortcutsDialog, run_key
from gui.encounter.typed_entry import TypedDiceEntry
from gui.palette import tone
from gui.screen_fit import narrow_panel, reserve_lines

__all__ = ["LOG_ROWS", "EncounterWindow"]

PANEL_WIDTH = 480  # the attack form's two fields a row; the Melee Round's two sides
ORDER_WIDTH = 150  # names elide, their tooltips give them whole


class EncounterWindow(QWidget):
    def __init__(self, session: EncounterSession, roller: Roller,
                 parent: QWidget | None = None) -> None:
        """``session`` outlives the window (it belongs to the document): the undo stack keeps
        commands over it after the tab is closed, and reopening the tab shows it again."""
        super().__init__(parent)
        self.document: CampaignDocument = session.document
        self.roller = roller
        self.session = session
        self.player_view: PlayerView | None = None
        self.amount_mode = "damage"
        # Furnace's simultaneous melee (R20): attacker id → target id, declared with Shift+A
        # and resolved at once with U (not engine state until resolved)
        self.melee_declared: dict[str, str] = {}
        self._standing: tuple[str, ...] = ()
        self._build()
        # one action per key of the registry, live while the window or a child has the focus
        self.commands = WindowActions(self, ENCOUNTER_KEYS, invoke=run_key)
        s = self.session
        s.stateChanged.connect(self.refresh)
        s.combatantsChanged.connect(self._combatants_changed)
        s.combatantsReset.connect(self.refresh)
        self.document.undo_stack.indexChanged.connect(self.panel.drop)
        self.document.undo_stack.indexChanged.connect(self._drop_melee)
        # an undone step that gives back a fallen foe or the attacker's dropped weapon names
        # them: _combatants_changed refills what it must (the turn going back: refresh)
        self.refresh()

    @property
    def enc(self) -> Encounter:
        return self.session.enc

    def action(self, action_id: str) -> QAction:
        """The action of the key declared as ``action_id`` (``fight.next``)."""
        return self.commands.action(action_id)

    def trigger(self, action_id: str) -> None:
        """Do what the key does (a refusal shows in the message line, as when pressed)."""
        self.commands.trigger(action_id)

    # -- building -----------------------------------------------------------------------------

    def _build(self) -> None:
        self.message = reserve_lines(plain(self), 2)  # the refusal line, always on screen
        tone(self.message, "error")
        self.header = FightHeader(self)  # whose turn, the heading, setup, banner and meter
        h = self.header
        self.heading, self.acting, self.banner = h.heading, h.acting, h.banner
        self.meter, self.setup_bar = h.meter, h.setup_bar
        self.mode, self.remove_button = self.setup_bar.mode, self.setup_bar.remove_button

        self.timeline = SegmentTimeline(self.session, self)
        self.order_model = OrderModel(self.session, self)
        self.order_view = OrderView(self)
        self.order_view.setModel(self.order_model)
        self.order_view.setFocusPolicy(Qt.FocusPolicy.NoFocus)

        self._build_table()
        self.panel = AttackPanel(self.session, self)
        self.melee_panel = MeleePanel(self.session, self)  # the Melee Round's exchange
        self.amount_label = reserve_lines(plain(self), 1)
        self.amount = QLineEdit(self)
        self.amount.setPlaceholderText("D damage · H heal: the number, Enter")
        self.ruling = QLineEdit(self)
        self.ruling.setPlaceholderText("G: the GM's ruling, Enter")
        self.ruling.setMaxLength(2000)
        self.typed_dice = TypedDiceEntry(self.session, self)  # what physical dice showed

        self._build_log()
        self._lay_out()

    def _build_table(self) -> None:
        """The combatants, sortable by a header click, with their filter."""
        self.model, self.table = combatants_table(self.session, self)
        self.table.selectionModel().currentRowChanged.connect(self._row_chosen)
        self.combatant_filter = QLineEdit(self)
        self.combatant_filter.setPlaceholderText("filter combatants")
        self.combatant_filter.textChanged.connect(
            lambda text: self.model.set_filter(text, hide_down=self.model.hide_down))

    def _build_log(self) -> None:
        """The fight's log with its filter and kind (``log_pane``); its parts named here as the
        rest of the window (and its tests) know them."""
        self.log_pane = LogPane(self.session, self)
        self.log_model, self.log_view = self.log_pane.model, self.log_pane.view
        self.log_filter, self.log_kind = self.log_pane.filter, self.log_pane.kind
        for widget, name in ((self.log_view, "Log"), (self.log_filter, "Filter the log"),
                             (self.log_kind, "Log kind")):
            if not widget.accessibleName():  # a screen reader's name where the pane gave none
                widget.setAccessibleName(name)

    def _lay_out(self) -> None:
        """Whose turn and the heading on top, the setup beside the banner; then order |
        combatants, with the number, ruling and typed dice in one strip under them | the attack (or
        Melee Round) panel, whose outcome takes the column's height; the log below. At 1366×768
        nothing the GM reads during a turn scrolls (no scroll area around the panels)."""
        left = QWidget(self)
        lv = QVBoxLayout(left)
        lv.setContentsMargins(0, 0, 0, 0)
        self.order_label = plain(left, 0, True)
        self.order_label.setText("Order")
        self.order_label.setBuddy(self.order_view)
        lv.addWidget(self.order_label)
        lv.addWidget(self.order_view)
        left.setMinimumWidth(ORDER_WIDTH)
        left.setMaximumWidth(ORDER_WIDTH + 60)
        middle = QWidget(self)
        mv = QVBoxLayout(middle)
        mv.setContentsMargins(0, 0, 0, 0)
        mv.addWidget(self.combatant_filter)
        mv.addWidget(self.table)
        # the number, ruling and typed dice under the table, not under the panel: the panel's
        # outcome gets the column's whole height (a crit with a volley and Cleave: ~16 lines)
        mv.addWidget(self._entry_strip())
        panels = QWidget(self)
        pv = QVBoxLayout(panels)
        pv.setContentsMargins(0, 0, 0, 0)
        pv.addWidget(self.panel, 1)
        pv.addWidget(self.melee_panel, 1)
        narrow_panel(panels, letters=8)
        self.panels = panels
        top = QSplitter(Qt.Orientation.Horizontal, self)
        for pane in (left, middle, panels):
            top.addWidget(pane)
        top.setChildrenCollapsible(False)
        # shared in proportion: the table's every column in view, the rest to the panel
        top.setSizes([ORDER_WIDTH, 720, PANEL_WIDTH])
        self.top_split = top
        split = QSplitter(Qt.Orientation.Vertical, self)
        split.addWidget(top)
        split.addWidget(self.log_pane)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 0)
        split.setChildrenCollapsible(False)
        split.setSizes([10_000, 1])  # the log at its six rows, the fight above it
        layout = QVBoxLayout(self)
        layout.setSpacing(4)
        layout.addWidget(self.header)
        layout.addWidget(self.timeline)
        layout.addWidget(split, 1)
        self.setFocusProxy(self.table)

    def _entry_strip(self) -> QWidget:
        """The number (D, H), the ruling (G) and the typed dice (Shift+D) side by side, each
        with its line under it: the refusal line under the ruling."""
        strip = QWidget(self)
        row = QHBoxLayout(strip)
        row.setContentsMargins(0, 0, 0, 0)
        self.amount.setAccessibleName("Damage or healing amount")
        self.ruling.setAccessibleName("GM's ruling")
        self.typed_dice.edit.setAccessibleName("Typed dice")
        self.combatant_filter.setAccessibleName("Filter combatants")
        self.table.setAccessibleName("Combatants")
        self.order_view.setAccessibleName("Order")
        reserve_lines(self.typed_dice.ahead, 1).setWordWrap(False)  # the rest: its tooltip
        for top, under in ((self.amount, self.amount_label), (self.ruling, self.message)):
            column = QVBoxLayout()
            column.setSpacing(0)
            column.addWidget(top)
            column.addWidget(under)
            row.addLayout(column, 1)
        row.addWidget(self.typed_dice, 1, Qt.AlignmentFlag.AlignTop)
        return strip

    # -- what is shown ------------------------------------------------------------------------

    def refresh(self) -> None:
        enc, st = self.enc, self.enc.state
        said = self.header.refresh()  # a screen reader's "▶": the views say who is acting
        for view in (self.order_view, self.table):
            view.setAccessibleDescription(said)
        self.timeline.setVisible(st.mode == InitiativeMode.SEGMENTS)
        # a Melee Round has no turns: its column says who is engaged with whom
        self.order_label.setText("Engaged" if self.order_model.engaged is not None else "Order")
        self._standing = tuple(x.id for x in enc.standing())
        self.panel.refill()
        self._show_panel()

    def _show_panel(self) -> None:
        """The Melee Round's exchange panel replaces the attack panel."""
        melee = self.session.melee_round()
        self.panel.setVisible(not melee)
        self.melee_panel.setVisible(melee)
        if melee:
            self.melee_panel.refill()

    def _combatants_changed(self, ids: list[str]) -> None:
        standing = tuple(x.id for x in self.enc.standing())
        if standing != self._standing:
            self._standing = standing
            self.panel.refill()
            if self.session.melee_round():
                self.melee_panel.refill()
        else:
            if str(self.panel.attacker.currentData()) in ids:  # a notch, a dropped weapon
                keep = self.panel.weapon.currentData()
                self.panel.fill_weapons()
                self.panel.weapon.setCurrentIndex(max(0, self.panel.weapon.findData(keep)))
            self.panel.fill_volunteers()  # a move: who stands CLOSE to the target may change
        self._drop_melee()
        self.header.update_banner()

    def _drop_melee(self, *_: object) -> None:
        """A step drops the Melee Round's preview and relabels its buttons; the panel is hidden
        in any other fight (and refilled when it is shown: ``_show_panel``), so left alone."""
        if self.session.melee_round():
            self.melee_panel.drop()

    def _row_chosen(self, *_: object) -> None:
        c = self.selected()
        if c is not None:
            self.panel.choose_target(c.id)

    def selected(self) -> Combatant | None:
        index = self.table.currentIndex()
        return self.model.combatant_at(index.row()) if index.isValid() else None

    def select(self, cid: str) -> None:
        row = self.model.row_of(cid)
        if row is not None:
            self.table.selectionModel().setCurrentIndex(
                self.model.index(row, 0),
                QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows)

    # -- the fight ----------------------------------------------------------------------------

    def run(self, text: str, action: Callable[[Encounter], object]) -> str | None:
        return self.session.run(text, action)

    def roll_surprise(self) -> str | None:
        return self.run("Surprise", lambda enc: check_surprise(enc))

    def roll_initiative(self) -> str | None:
        if self.session.melee_round():
            from emberkeep.melee_round.engine_bridge import begin_melee_round

            def melee(enc: Encounter) -> None:  # the Melee Round has no initiative order
                if enc.state.phase == "setup":
                    check_surprise(enc, surprised=[])
                begin_melee_round(enc)

            return self.run("New melee round", melee)

        def roll(enc: Encounter) -> None:
            if enc.state.phase == "setup":
                check_surprise(enc, surprised=[])
            begin_round(enc, reroll=True if enc.state.phase == "fighting" else None)

        return self.run("Roll initiative", roll)

    def next_turn(self) -> str | None:
        return self.run("Next turn", next_turn)

    def attack(self) -> str | None:
        if self.session.melee_round():
            return self.melee_panel.roll()
        return self.panel.roll()

    def confirm(self) -> str | None:
        focus = self.focusWidget()
        if focus is self.typed_dice.edit:  # the typed dice wait for the step's key
            self.table.setFocus()
            return self.typed_dice.read(self.typed_dice.edit.text())
        if self._previews_on_enter(focus):
            return self.attack()  # the typed d20 and Enter previews the attack
        if focus is self.amount or (self.amount.text().strip() and focus is not self.ruling):
            return self.apply_amount()
        if focus is self.ruling:
            return self.apply_ruling()
        if self.panel.apply() or self.melee_panel.apply():
            self.table.setFocus()
            return None
        return None

    def _previews_on_enter(self, focus: QWidget | None) -> bool:
        """Enter in a die field of the panel shown, nothing previewed yet: the typed dice are
        rolled into a preview (the attack, or the Melee Round's exchange with both d20s)."""
        if self.session.melee_round():
            m = self.melee_panel
            return m.pending is None and focus in (*m.die, m.damage, m.knockdown, m.fall,
                                                   m.gentle)
        return self.panel.pending is None and focus in (self.panel.die, self.panel.damage)

    def cancel(self) -> None:
        self.panel.drop()
        self.melee_panel.drop()
        self.amount.clear()
        self.amount_label.clear()
        self.table.setFocus()

    def ask_amount(self, mode: str) -> str | None:
        c = self.selected()
        if c is None:
            return "select a combatant first (F, then the arrows)"
        self.amount_mode = mode
        self.amount_label.setText(f"{'Damage to' if mode == 'damage' else 'Healing for'} "
                                  f"{c.name}:")
        self.amount.clear()
        self.amount.setFocus()
        return None

    def apply_amount(self) -> str | None:
        c = self.selected()
        text = self.amount.text().strip()
        if c is None or not text:
            return "select a combatant and type a number"
        if not text.isdigit() or int(text) == 0:
            return "type a whole number above 0"
        n = int(text)
        err = self.run(f"{n} {self.amount_mode} to {c.name}",
                       actions.change_hp_action(c.id, n if self.amount_mode == "heal" else -n))
        if err is None:
            self.amount.clear()
            self.amount_label.clear()
            self.table.setFocus()
        return err

    def apply_ruling(self) -> str | None:
        note = self.ruling.text().strip()
        if not note:
            return "type the ruling first"
        err = self.run(f"GM: {note}", actions.ruling_action(note))
        if err is None:
            self.ruling.clear()
            self.table.setFocus()
        return err

    def actor(self) -> Combatant | None:
        """Who acts: the combatant whose turn it is, else the one picked as attacker."""
        cid = self.session.current_id() or self.panel.attacker.currentData()
        return self.enc.combatants.get(str(cid)) if cid else None

    def cast(self) -> str | None:
        return actions.ask_cast(self)

    def dodge(self) -> str | None:
        c = self.actor()
        if c is None:
            return "nobody is acting"
        return self.run(f"{c.name} dodges", actions.dodge_action(c.id))

    def move_selected(self, step: int) -> str | None:
        c = self.selected() or self.actor()
        if c is None:
            return "select a combatant first"
        mine = c.id == self.session.current_id() and not c.acted
        return self.run(f"Move {c.name}", actions.move_action(c.id, c.position + step, mine))

    def stabilize(self) -> str | None:
        helper, patient = self.actor(), self.selected()
        if helper is None or patient is None:
            return "select the dying ally; the one acting stabilizes"
        return self.run(f"{helper.name} stabilizes {patient.name}",
                        actions.stabilize_action(helper.id, patient.id))

    def condition(self) -> str | None:
        return actions.ask_condition(self)

    def toggle_out(self) -> str | None:
        c = self.selected()
        if c is None:
            return "select a combatant first"
        return self.run(f"{c.name} {'back in' if c.out else 'out'}",
                        actions.out_action(c.id, not c.out))

    def morale(self) -> str | None:
        return actions.roll_morale(self)

    def timer(self) -> str | None:
        label = self.ruling.text().strip() or f"timer {len(self.enc.state.timers) + 1}"
        err = self.run(f"Timer: {label}", actions.timer_action(label))
        if err is None:
            self.ruling.clear()
        return err

    # -- setup (gui.encounter.setup_bar) -----------------------------------------------------

    def add_pcs(self, character_ids: list[str]) -> None:
        self.setup_bar.add_pcs(character_ids)

    def add_monsters(self, monsters: list[Combatant]) -> None:
        self.setup_bar.add_monsters(monsters)

    # -- other windows --------------------------------------------------------------------------

    def toggle_player_view(self) -> PlayerView:
        view = self.open_player_view()
        view.setVisible(not view.isVisible())
        return view

    def open_player_view(self) -> PlayerView:
        """The player view (made the first time; not shown by this)."""
        if self.player_view is None:
            self.player_view = PlayerView(self.session, self)
        return self.player_view

    def recap(self) -> str:
        record = self.session.record
        return recap_markdown(self.enc, record.name, notes=record.notes,
                              melee_round=self.session.melee_round())

    def export_recap(self, path: Path | None = None) -> Path | None:
        if path is None:
            folder = self.document.path.parent if self.document.path else Path.home()
            suggestion = suggested_path(folder, self.session.title, ".md", "encounter")
            name, _ = QFileDialog.getSaveFileName(self, "Export the fight as Markdown",
                                                  str(suggestion), "Markdown (*.md)")
            if not name:
                return None
            path = Path(name)
        try:  # whole or not at all, and a failure is said, never swallowed
            atomic_write(path, self.recap().encode("utf-8"))
        except OSError as exc:
            dialogs.show_error(self, "Cannot export the recap",
                               f"{path.name} could not be written ({exc.strerror or exc}). "
                               "Choose another folder, one you may write to.")
            return None
        self.message.setText(f"Recap written to {path}")
        return path

    def show_shortcuts(self) -> None:
        ShortcutsDialog(self, melee=self.session.melee_round()).exec()

    def closeEvent(self, event: object) -> None:
        if self.player_view is not None:
            self.player_view.close()
        super().closeEvent(event)  # type: ignore[arg-type]
