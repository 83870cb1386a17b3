"""What the log, the preview, the combatants table and the player view show of a few scripted
fights: the GM's words only (no engine key), each condition once with its time, a death said
once and shown as dead."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from pytestqt.qtbot import QtBot

from emberkeep.encounter.attack import attack
from emberkeep.encounter.conditions import ActiveCondition
from emberkeep.encounter.dying import bleed
from emberkeep.encounter.engine import Encounter
from emberkeep.encounter.events import Step
from emberkeep.encounter.ruling import AddCondition, SetHp, gm_ruling
from gui.encounter.combatants import COLUMNS, CombatantsModel
from gui.encounter.log import LogModel
from gui.encounter.player_view import PlayerView
from gui.encounter.preview_panel import PreviewPanel
from gui.encounter.session import EncounterSession
from gui.encounter.status import dying_text
from tests.core.test_screen_words import FacesThenTwos, internal_keys
from tests.gui.test_encounter_views import _session

CONDITIONS = [c[0] for c in COLUMNS].index("Conditions")
STATUS = [c[0] for c in COLUMNS].index("Status")


def _pc(session: EncounterSession, first: str) -> str:
    return next(c.id for c in session.enc.combatants.values() if c.name.startswith(first))


def _log(model: LogModel) -> list[str]:
    return [str(model.data(model.index(r, 2))) for r in range(model.rowCount())]


def _cell(model: CombatantsModel, cid: str, column: int) -> str:
    row = model.row_of(cid)
    assert row is not None
    return str(model.data(model.index(row, column)))


def _everything(log: LogModel, table: CombatantsModel, view: PlayerView) -> list[str]:
    texts = _log(log) + view.texts()
    texts += [str(table.data(table.index(r, c))) for r in range(table.rowCount())
              for c in range(table.columnCount())]
    return texts


def test_a_crit_unaware_five_times_and_a_death_read_in_the_gms_words(qtbot: QtBot) -> None:
    session = _session(2)
    log, table = LogModel(session), CombatantsModel(session)
    view = PlayerView(session)
    qtbot.addWidget(view)
    brannoc, maud, wren = (_pc(session, name) for name in ("Brannoc", "Sister", "Wren"))

    # a crit: natural 20 and a crit die of 3, every other die 2
    def crit(enc: Encounter) -> Step:
        enc.combatant("ogre-1").position = enc.combatant(brannoc).position
        enc.roller = FacesThenTwos([20, 3])
        return attack(enc, brannoc, "ogre-1")

    assert session.run("crit", crit) is None
    rows = [line for line in _log(log) if "Crit table" in line]
    assert len(rows) == 1 and rows[0].lstrip().startswith("Crit table (")
    preview = PreviewPanel(session)
    qtbot.addWidget(preview)
    shown = preview.describe(session.enc.history[-1:])
    assert "Crit table (" in shown and internal_keys(shown) == []

    # UNAWARE put on five times: one copy, the latest time, in the log and the table
    for rounds in range(1, 6):
        hide = AddCondition("ogre-2", ActiveCondition("UNAWARE", rounds, "rounds"))
        assert session.run("hide", partial(gm_ruling, note="It hides", changes=[hide])) is None
    assert _cell(table, "ogre-2", CONDITIONS) == "UNAWARE (5 rounds)"
    unaware = [line for line in _log(log) if "UNAWARE" in line]
    assert unaware == ["   Ogre 2 is now UNAWARE (1 round)",
                       *[f"   Ogre 2 is again UNAWARE ({n} rounds)" for n in range(2, 6)]]
    assert not any("UNAWARE" in text for text in view.texts())  # the GM's secret (R35)

    # an ogre's blow leaves Wren dying, with the unit; another's kills Sister Maud outright
    def blow(ogre: str, who: str, faces: list[int]) -> Callable[[Encounter], Step]:
        def hit(enc: Encounter) -> Step:
            enc.combatant(ogre).position = enc.combatant(who).position
            enc.roller = FacesThenTwos(faces)
            return attack(enc, ogre, who)
        return hit

    assert session.run("hurt", lambda enc: gm_ruling(enc, "hurt", [
        SetHp(wren, 1), SetHp(maud, 1)])) is None
    assert session.run("down", blow("ogre-1", wren, [15, 1, 1])) is None  # 2 DAM: 1 → -1 HP
    assert _cell(table, wren, STATUS) == "dying, 2 rounds left"  # R21's 1d4 shows 2
    assert dying_text(session.enc) == "Wren Quickfingers dies in 2 rounds"
    # 12 DAM: 1 → -11 HP, below R22's -(3 + LVL + CON)
    assert session.run("dead", blow("ogre-2", maud, [15, 6, 6])) is None
    deaths = [line for line in _log(log) if "Sister Maud dies" in line]
    assert len(deaths) == 1, deaths

    # Wren bleeds out (R21: a d20 short of 20 each new round, the countdown runs out)
    def bleeds(enc: Encounter) -> Step:
        enc.roller = FacesThenTwos([5])
        with enc.action("gm", "round") as tx:
            bleed(enc, tx, enc.combatant(wren))
        return enc.history[-1]

    assert session.run("round", bleeds) is None
    assert _cell(table, wren, STATUS) == "dying, 1 round left"
    assert dying_text(session.enc) == "Wren Quickfingers dies in 1 round"
    assert session.run("round", bleeds) is None
    deaths = [line for line in _log(log) if "Wren Quickfingers dies" in line]
    assert len(deaths) == 1, deaths
    assert not any("no longer dying" in line for line in _log(log))
    for pc in (maud, wren):
        assert _cell(table, pc, STATUS) == "dead"
        assert _cell(table, pc, CONDITIONS) == ""  # not UNCONSCIOUS: dead
        row = view.model.rows.index(pc)
        assert view.model.data(view.model.index(row, 2)) == "dead"
        assert view.model.data(view.model.index(row, 3)) == ""

    found = {text: keys for text in _everything(log, table, view)
             if (keys := internal_keys(text))}
    assert found == {}
