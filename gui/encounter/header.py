"""The encounter window's header: whose turn it is, big, beside the fight's heading (its name,
the round or segment, the initiative and the ROOM DC); under them the setup bar (hidden once
the fight begins), the banner (morale checks due, timers, the dying and their countdowns) and
the deadliness meter (the party's odds, the GM's eyes only).

Each line keeps its height whatever it says: a name appearing, a banner growing to two lines
or emptying never shifts the table and the panels below.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from emberkeep.campaign.settings import InitiativeMode
from emberkeep.encounter.recap import mode_name
from gui.encounter.meter import DeadlinessMeter
from gui.encounter.session import EncounterSession
from gui.encounter.setup_bar import SetupBar
from gui.encounter.status import dying_text, morale_text, timers_text
from gui.palette import tone
from gui.screen_fit import ElidedLabel, elastic, reserve_lines, tip_full_text

if TYPE_CHECKING:
    from gui.encounter.window import EncounterWindow

__all__ = ["FightHeader", "bigger", "plain"]


def plain(parent: QWidget, point_delta: int = 0, bold: bool = False) -> QLabel:
    """A plain-text label (names are the campaign's), bigger or bold if asked."""
    label = QLabel(parent)
    label.setTextFormat(Qt.TextFormat.PlainText)
    return bigger(label, point_delta, bold)


def bigger(label: QLabel, point_delta: int, bold: bool) -> QLabel:
    if point_delta or bold:
        font = label.font()
        font.setPointSize(font.pointSize() + point_delta)
        font.setBold(bold)
        label.setFont(font)
    return label


class FightHeader(QWidget):
    """The two lines on top of the encounter window."""

    def __init__(self, window: EncounterWindow) -> None:
        super().__init__(window)
        self.session: EncounterSession = window.session
        self.heading = bigger(ElidedLabel(self), 2, True)  # its name and ROOM DC stay in sight
        self.heading.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.acting = plain(self, 8, True)
        elastic(self.heading)
        elastic(self.acting)
        self.banner = reserve_lines(plain(self, 1, True), 2)  # room kept: nothing jumps
        tone(self.banner, "error")
        self.meter = DeadlinessMeter(self.session, self)
        self.setup_bar = SetupBar(window)  # it tells the window's message line what it refused
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        head = QHBoxLayout()
        head.addWidget(self.acting, 2)
        head.addWidget(self.heading, 3)
        layout.addLayout(head)
        setup = QHBoxLayout()
        setup.addWidget(self.setup_bar)
        setup.addWidget(self.banner, 1)
        setup.addWidget(self.meter)
        layout.addLayout(setup)

    def refresh(self) -> str:
        """The heading, whose turn it is and the setup bar as the fight stands; returns what
        a screen reader says for the "▶" (the views that show the turn describe themselves
        by it)."""
        session = self.session
        st = session.enc.state
        mode = mode_name(st.mode, melee_round=session.melee_round())
        if st.phase == "setup":
            where = "setting up"
        elif st.phase == "over":
            where = f"over — {st.winner} won" if st.winner else "over — nobody standing"
        elif st.phase == "surprise":
            where = "surprise checked — I rolls initiative"
        else:
            where = f"round {st.round}" + (f" · segment {st.segment}"
                                           if st.mode == InitiativeMode.SEGMENTS else "")
        self.heading.setText(f"{session.title} · {where} · {mode} · ROOM DC {st.room_dc}")
        tip_full_text(self.heading)
        actor = session.current_id()
        c = session.enc.combatants.get(actor) if actor else None
        self.acting.setText(f"▶ {c.name}" if c is not None else "")
        self.setup_bar.refresh()
        self.update_banner()
        return f"Acting: {c.name}" if c is not None else ""

    def update_banner(self) -> None:
        """Morale checks due, timers, the dying with their countdowns: one line the GM reads
        at a glance, whole in its tooltip should two lines not hold it."""
        enc = self.session.enc
        parts = [morale_text(enc), timers_text(enc)]
        dying = dying_text(enc)
        if dying:
            parts.append(f"Dying: {dying} (B: stabilize, H: heal)")
        text = "   ·   ".join(p for p in parts if p)
        if text != self.banner.text():  # a step that changes none of it lays nothing out
            self.banner.setText(text)
            tip_full_text(self.banner)
