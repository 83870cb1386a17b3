"""Run in a child process by ``test_hostile_markup_resources``: open a Melee Round fight of two
engaged knights, one named ``<img src=SOURCE>Sir B``, and lay out every text it shows.

``python -m tests.gui.open_hostile_fight SOURCE HOME`` saves the campaign under ``HOME`` (the
app's home too), opens it in the main window, opens the fight, the roster and the knight's
sheet, and makes Qt lay out every label and show every tooltip (a widget's, an action's, an
item's), as the GM hovering over everything would. Were the name read as HTML anywhere, Qt
would read SOURCE there: ``/dev/zero`` grows memory without end (the address space is capped
here, so that ends in a crash), a FIFO blocks for ever (the parent's timeout ends that).
Prints ``laid out N texts in S s`` and exits 0 when all went through.
"""

from __future__ import annotations

import os
import resource
import sys
import time
from pathlib import Path

ADDRESS_SPACE = 3 << 30
"""The child's cap: several times what the app needs here, far below what /dev/zero takes."""


def hostile_fight(source: str) -> object:
    from tests.core.melee_campaign import melee_campaign

    campaign = melee_campaign()
    joust = next(r for r in campaign.encounters if r.name == "Joust at the ford")
    knight = campaign.characters[1]  # the second knight: A sees it as the foe engaged
    knight.name = f"<img src={source}>Sir B"
    for combatant in joust.combatants:
        if combatant.get("character_id") == knight.id:
            combatant["name"] = knight.name
    return campaign


def lay_out_everything(root: object) -> int:
    """Every label's layout, every tooltip shown: what a GM's eyes and mouse would ask for."""
    from PySide6.QtCore import QModelIndex, QPoint, Qt
    from PySide6.QtWidgets import QAbstractItemView, QApplication, QLabel, QToolTip, QWidget

    assert isinstance(root, QWidget)
    count = 0

    def show_tip(text: str, where: QWidget) -> None:
        nonlocal count
        if text:
            QToolTip.showText(where.mapToGlobal(QPoint(2, 2)), text, where)
            QApplication.processEvents()
            QToolTip.hideText()
            count += 1

    for widget in [root, *root.findChildren(QWidget)]:
        if isinstance(widget, QLabel):
            widget.sizeHint()
            widget.heightForWidth(200)
            count += 1
        show_tip(widget.toolTip(), widget)
        for action in widget.actions():
            show_tip(action.toolTip(), widget)
        if isinstance(widget, QAbstractItemView) and widget.model() is not None:
            model = widget.model()
            try:
                rows, columns = model.rowCount(QModelIndex()), model.columnCount(QModelIndex())
            except TypeError:  # a list model's counts take no parent
                rows, columns = model.rowCount(), 1
            for row in range(rows):
                for column in range(columns):
                    tip = model.data(model.index(row, column), Qt.ItemDataRole.ToolTipRole)
                    if isinstance(tip, str):
                        show_tip(tip, widget.viewport())
    return count


def main(argv: list[str]) -> int:
    source, home = argv[0], Path(argv[1])
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))
    os.environ["EMBERKEEP_HOME"] = str(home / "home")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    started = time.monotonic()
    from PySide6.QtWidgets import QApplication

    from emberkeep.campaign import saving
    from gui.main_window import MainWindow
    from gui.state import AppState

    app = QApplication([])
    path = home / "knights.json"
    saving.save(hostile_fight(source), path)  # type: ignore[arg-type]
    window = MainWindow(AppState())
    assert window.open_path(path, ask=False)
    window.show()
    document = window.document
    assert document is not None
    joust = next(r for r in document.campaign.encounters if r.name == "Joust at the ford")
    fight = window.encounter_tools.open_encounter(joust.id)
    assert fight is not None and fight.session.melee_round()
    app.processEvents()
    engaged = fight.melee_panel.engaged.text()
    assert source in engaged, f"the knights are not engaged: {engaged!r}"
    count = lay_out_everything(window)
    window.open_sheet(document.campaign.characters[1].id)
    app.processEvents()
    count += lay_out_everything(window)
    window.safety_tools.autosaver.shutdown()
    document.undo_stack.setClean()
    print(f"laid out {count} texts in {time.monotonic() - started:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
