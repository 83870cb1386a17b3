"""The combatants a combo box offers: the model signals exactly what changed (texts, one run of
rows in or out, a reset only when nothing kept its place), and the attack panel's boxes follow
a step without being refilled."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import EncounterRecord
from emberkeep.dice import RandomRoller
from emberkeep.encounter.attack import attack
from emberkeep.encounter.combatant import MonsterStats
from emberkeep.encounter.setup import pc_combatants
from emberkeep.encounter.turns import start
from gui.document import CampaignDocument
from gui.encounter.attack_panel import typed_action
from gui.encounter.choice_model import ChoiceModel
from gui.encounter.monster_form import make_monsters
from gui.encounter.session import EncounterSession
from gui.encounter.window import EncounterWindow

ORC = MonsterStats(name="Orc", max_hp=5, room_dc=8, attack_bonus=3, damage="1d8")


class Spy:
    """What a model told its views, in order."""

    def __init__(self, model: ChoiceModel) -> None:
        self.said: list[tuple[str, int, int]] = []
        model.modelReset.connect(lambda: self.said.append(("reset", -1, -1)))
        model.rowsRemoved.connect(
            lambda _p, first, last: self.said.append(("removed", first, last)))
        model.rowsInserted.connect(
            lambda _p, first, last: self.said.append(("inserted", first, last)))
        model.dataChanged.connect(
            lambda top, bottom, _roles: self.said.append(("changed", top.row(), bottom.row())))


def rows(*ids: str) -> list[tuple[str, str]]:
    return [(f"{cid} (foes)", cid) for cid in ids]


def shown(model: ChoiceModel) -> list[tuple[object, object]]:
    user = Qt.ItemDataRole.UserRole
    return [(model.data(model.index(r)), model.data(model.index(r), user))
            for r in range(model.rowCount())]


def test_the_same_rows_again_say_nothing(qtbot: QtBot) -> None:
    model = ChoiceModel()
    model.set_rows(rows("a", "b", "c"))
    spy = Spy(model)
    model.set_rows(rows("a", "b", "c"))
    assert spy.said == []
    assert model.rowCount(model.index(0)) == 0  # a list: no row has children


def test_a_combatant_down_removes_its_row_and_renumbers_only_those_after(qtbot: QtBot) -> None:
    model = ChoiceModel()
    model.set_rows([("1 · a", "a"), ("2 · b", "b"), ("3 · c", "c"), ("x", "x")])
    spy = Spy(model)
    model.set_rows([("1 · a", "a"), ("2 · c", "c"), ("x", "x")])
    assert spy.said == [("removed", 1, 1), ("changed", 1, 1)]
    assert shown(model) == [("1 · a", "a"), ("2 · c", "c"), ("x", "x")]
    assert model.row_of("c") == 1 and model.row_of("b") == -1 and model.row_of(None) == -1


def test_a_combatant_back_up_is_one_row_inserted(qtbot: QtBot) -> None:
    model = ChoiceModel()
    model.set_rows(rows("a", "c"))
    spy = Spy(model)
    model.set_rows(rows("a", "b", "c"))
    assert spy.said == [("inserted", 1, 1)]
    assert [cid for _, cid in shown(model)] == ["a", "b", "c"] == model.ids()
    assert model.row_of("c") == 2


def test_a_new_order_resets_and_a_renamed_row_changes_alone(qtbot: QtBot) -> None:
    model = ChoiceModel()
    model.set_rows(rows("a", "b", "c"))
    spy = Spy(model)
    model.set_rows(rows("c", "b", "a"))
    assert spy.said == [("reset", -1, -1)]
    spy.said.clear()
    model.set_rows([("c (foes)", "c"), ("Bob (foes)", "b"), ("a (foes)", "a")])
    assert spy.said == [("changed", 1, 1)]
    assert model.data(model.index(1)) == "Bob (foes)"
    assert model.data(QModelIndex()) is None
    assert model.data(model.index(1), Qt.ItemDataRole.ToolTipRole) is None


def test_a_combo_box_keeps_its_choice_when_rows_come_and_go(qtbot: QtBot) -> None:
    model = ChoiceModel()
    box = QComboBox()
    qtbot.addWidget(box)
    box.setModel(model)
    model.set_rows(rows("a", "b", "c", "d"))
    box.setCurrentIndex(2)
    model.set_rows(rows("a", "c", "d"))
    assert box.currentData() == "c" and box.currentText() == "c (foes)"
    model.set_rows(rows("a", "b", "c", "d"))
    assert box.currentData() == "c" and box.findData("d") == 3


def fight(qtbot: QtBot) -> EncounterWindow:
    campaign = build_example_campaign()
    record = EncounterRecord(name="Orcs")
    campaign.encounters.append(record)
    document = CampaignDocument(campaign)
    session = EncounterSession(document, record, RandomRoller(3), document)
    party = [c for c in campaign.characters if c.level == 1]
    session.add_combatants([*pc_combatants(party), *make_monsters(ORC, 12, position=0)],
                           "setup")
    window = EncounterWindow(session, session.enc.roller)
    qtbot.addWidget(window)
    session.run("start", typed_action({("initiative", "party"): 6, ("initiative", "foes"): 1},
                                      lambda enc: start(enc, surprise=[])))
    return window


def test_a_foe_felled_leaves_the_target_list_without_refilling_it(qtbot: QtBot) -> None:
    """The PC's foes first, numbered (the digits pick them), then the rest; the orc cut down
    goes from the list by one removed row, the numbers after it move up, the box keeps the
    target chosen, and nothing else is said."""
    window = fight(qtbot)
    panel, enc = window.panel, window.enc
    actor = window.session.current_id()
    assert actor is not None and enc.combatants[actor].kind == "pc"
    orcs = [c.id for c in enc.enemies(enc.combatants[actor])]
    assert len(orcs) == 12
    texts = [panel.target.itemText(r) for r in range(panel.target.count())]
    assert texts[0] == f"1 · {enc.combatants[orcs[0]].name} (foes)"
    assert texts[9].startswith("0 · ") and not texts[10][0].isdigit()
    assert [panel.target.itemData(r) for r in range(12)] == orcs
    panel.target.setCurrentIndex(panel.targets.row_of(orcs[5]))
    spy = Spy(panel.targets)
    attackers = Spy(panel.attackers)
    error = window.session.run("cut down", typed_action(
        {"attack": 19, "damage": 8}, lambda e: attack(e, actor, orcs[2])))
    assert error is None and enc.is_down(enc.combatants[orcs[2]])
    assert ("reset", -1, -1) not in spy.said and ("removed", 2, 2) in spy.said
    assert {what for what, _, _ in spy.said} <= {"removed", "changed"}
    assert attackers.said == [("removed", attackers.said[0][1], attackers.said[0][1])]
    assert panel.target.currentData() == orcs[5]
    assert panel.target.itemText(2) == f"3 · {enc.combatants[orcs[3]].name} (foes)"
    assert panel.target.findData(orcs[2]) == -1
    assert panel.pick_numbered(3) is None and panel.target.currentData() == orcs[3]


def test_the_hidden_melee_round_panel_is_left_alone_in_another_fight(qtbot: QtBot) -> None:
    """Not a Melee Round: a step that fells a foe, and its undo, leave A and B and the panel's
    labels as they were (the panel is refilled when a Melee Round shows it)."""
    window = fight(qtbot)
    assert not window.session.melee_round()
    melee, enc = window.melee_panel, window.enc
    actor = window.session.current_id()
    assert actor is not None
    orc = enc.enemies(enc.combatants[actor])[0].id
    spies = [Spy(melee._choices(side)) for side in (0, 1)]
    melee.engaged.setText("untouched")
    assert window.session.run("cut down", typed_action(
        {"attack": 19, "damage": 8}, lambda e: attack(e, actor, orc))) is None
    assert enc.is_down(enc.combatants[orc])
    window.document.undo_stack.undo()
    assert not enc.is_down(enc.combatants[orc])
    assert [spy.said for spy in spies] == [[], []]
    assert melee.engaged.text() == "untouched"
