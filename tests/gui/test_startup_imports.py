"""The first window imports what it shows: the encounter window, the fight engine, the checks,
the players' share, a character's sheet, the creation rules and the Repairs tab load when first
used, not at start-up (bench/startup.py measures it).

Run in a fresh interpreter (a child process): in the test process every module some other test
imported is already there.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCREENS = ROOT / "tests" / "screens.json"

NOT_AT_START = (
    "gui.encounter.window",  # the encounter window and its panels: Encounter → New or Open
    "gui.encounter.session",
    "gui.encounter.meter",  # its odds, with their worker processes
    "emberkeep.encounter",  # the fight engine and its rules: a fight opened, shared or replayed
    "emberkeep.melee_round.sim",
    "emberkeep.check",  # the checks, with the fights' replay: a campaign with fights to rebuild
    "emberkeep.share.server",  # the players' share: when the GM starts it
    "emberkeep.tables.combat",  # the crit, fumble and injury tables: a fight, or the reference
    "gui.sheet.widget",  # a character's sheet and its panels: the first sheet opened
    "emberkeep.character.funnel",  # the creation rules: the first character rolled
    "emberkeep.character.creation",
    "emberkeep.character.leveling",  # and a level gained
    "emberkeep.character.checks",  # a check rolled, a fight, a spell cast (the campaign's effort
    # tasks and skill challenges need only the difficulty, emberkeep.character.difficulty)
    "gui.repairs_window",  # Campaign → Repairs
    "gui.campaign_settings",  # Campaign → Settings…, Party Fund… and Preferences…
    "gui.settings_fields",
    "gui.party_fund",
    "gui.preferences",
    "gui.backups_dialog",  # a backup to restore, or to offer for a file that did not open
    "gui.recovery_dialog",  # work a crash left, to offer
    "emberkeep.magic.spell_names",  # Tools → Random Spell Name…
    "emberkeep.magic.spellcheck",  # the SPELLCHECK, its table and mishaps: the first cast, a
    "emberkeep.magic.mishaps",  # ruling's tooltip or the rules window (a character carries only
    "emberkeep.magic.lay_on_hands",  # its CasterState, the effort tasks only a Difficulty)
    "emberkeep.character.casting",
    "emberkeep.rules_reference",  # the rulings' words: the first tooltip citing one
    "emberkeep.character.reaction",  # its table: a reaction rolled, or the reference
    "emberkeep.character.sheet_numbers",  # a sheet's derived numbers: the first sheet, a
    "emberkeep.character.explain",  # number's tooltip (Ctrl+I) or a spell learned
    "emberkeep.character.bonuses",
    "gui.clock",  # the clock's controller, timeline and rules: the clock first moved, the
    "emberkeep.clock.advance",  # timeline shown or Advance to a Date… (the status bar's date
    "emberkeep.clock.operations",  # needs only the calendar)
    "gui.list_table",
    "emberkeep.character.rest",  # the rests and hit-dice healing: the first rest
    "emberkeep.dice_notation",  # the dice tray's first roll
    "emberkeep.file_names",  # a name suggested: Save As…, an export
    "gui.rules_window",  # Help → Rules Reference… (Shift+F1), a ruling opened
    "gui.about_dialog",  # Help → About Emberkeep
    "concurrent.futures",  # the autosave's worker: its first write
    "html.entities",  # a tooltip's escape needs three replacements, not the entities table
    "logging.handlers",  # the log's rotation is its own (socket, pickle and queue stay out)
    "pickle",
    "subprocess",  # the log's first line names the system without platform's `uname -p`
)
"""Still imported at start, by what the first window needs of them: the spells and their
effects (a campaign's own spells are validated with it) and the sheet's package, for its
actions (not its widget)."""

CHILD = """
import json, sys
from PySide6.QtWidgets import QApplication
app = QApplication([])
from gui.app import open_window, window_icon
from gui.state import AppState
app.setWindowIcon(window_icon())
window = open_window(None, AppState.load(), offer_recovery=False)
window.show()
app.processEvents()
models = {name: getattr(sys.modules[module], name) for module, name in (
    ("emberkeep.rules_reference", "Reference"), ("emberkeep.rules_reference", "Ruling"),
    ("emberkeep.character.reaction", "ReactionTable"),
    ("emberkeep.magic.mishaps", "MishapTable"), ("emberkeep.magic.spellcheck", "SpellcheckTable"))
    if module in sys.modules}
print(json.dumps({"characters": window.model.rowCount(), "title": window.windowTitle(),
                  "loaded": sorted(sys.modules),
                  "built": sorted(n for n, m in models.items() if m.__pydantic_complete__),
                  "deferred": sorted(models),
                  "svg": "libQt6Svg" in open("/proc/self/maps").read()}))
"""


def test_the_first_window_with_the_example_campaign_imports_no_fight_or_checks(
        tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={SCREENS}",
           "EMBERKEEP_HOME": str(tmp_path / "home")}
    done = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=240, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    shown = json.loads(done.stdout.strip().splitlines()[-1])
    assert shown["characters"] == 8, shown["title"]  # the example campaign is open
    assert "gui.main_window" in shown["loaded"]
    assert [m for m in NOT_AT_START if m in shown["loaded"]] == []
    # not even imported now (the rulings' first tooltip, a first cast); built when first read
    assert shown["deferred"] == []
    assert shown["built"] == []
    assert shown["svg"] is False  # the window icon is PNGs: Qt's SVG module stays unloaded


SCAN_CHILD = """
import json, linecache, sys
import PySide6.QtCore
from gui.lean_start import skip_pyside_source_scan
spared = skip_pyside_source_scan() if sys.argv[1] == "skip" else False
from gui.about_dialog import AboutDialog  # an import statement naming the module
print(json.dumps({"spared": spared,
                  "read": [f for f in linecache.cache if f.endswith("about_dialog.py")]}))
"""


def _scan(how: str) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-c", SCAN_CHILD, how], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_pyside_reads_no_module_source_after_start_up_tells_it() -> None:
    """gui.app.run spares each import PySide6's read of the module's source into linecache (its
    check for a ``__feature__`` selection): 5 MiB of the start's peak. Left alone, this PySide6
    reads it; told, it reads nothing."""
    assert _scan("leave") == {"spared": False, "read": [str(ROOT / "gui" / "about_dialog.py")]}
    assert _scan("skip") == {"spared": True, "read": []}


def test_no_module_selects_a_pyside_feature() -> None:
    """What sparing that read assumes: no module of the app selects a PySide6 ``__feature__``
    (snake_case, true_property), so every module keeps the default selection."""
    selecting = [str(path.relative_to(ROOT)) for folder in ("gui", "emberkeep")
                 for path in sorted((ROOT / folder).rglob("*.py"))
                 if "from __feature__ import" in path.read_text(encoding="utf-8")]
    assert selecting == []


AS_STARTED = """
import importlib.util, json, sys
seen = {}


def report(real_report, window):
    from PySide6.QtCore import QEvent, QObject

    class Snapshot(QObject):
        def eventFilter(self, watched, event):
            if event.type() == QEvent.Type.Paint and not seen:
                seen["loaded"] = sorted(sys.modules)
                seen["widget_types"] = sorted(vars(sys.modules["PySide6.QtWidgets"]))
            return False

    window.installEventFilter(Snapshot(window))
    real_report(window)


class WatchFirstPaint:  # gui.app is patched as it loads: importing it here would build models
    def find_spec(self, name, path=None, target=None):
        if name != "gui.app":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        run_module = spec.loader.exec_module

        def exec_module(module):
            run_module(module)
            real = module._report_first_paint
            module._report_first_paint = lambda window: report(real, window)

        spec.loader.exec_module = exec_module
        return spec


sys.meta_path.insert(0, WatchFirstPaint())
from gui.cli import main
status = main(["--smoke-test"])
loader = sys.modules["pydantic.plugin._loader"]
import gc, linecache
from gui import app_filters
print(json.dumps({"status": status, "loaded": seen["loaded"], "widget_types": seen["widget_types"],
                  "after_paint": [app_filters._held is None, gc.isenabled()],
                  "read": [f for f in linecache.cache if "/gui/" in f or "pydantic" in f],
                  "plugins": list(loader.get_plugins()), "stub": loader.__spec__ is None}))
"""

LATER = ("importlib.metadata", "email", "logging.handlers", "pickle", "subprocess",
         "html.entities", "hashlib", "hmac", "_hashlib", "gui.encounter.window",
         "emberkeep.encounter")
"""Not imported by the time the console script's first window paints: the package's
metadata (pydantic's plugin search, the version) read after it, OpenSSL when a large file is
hashed or :mod:`secrets` first used, the rest on first use."""

UNTYPED = ("QWizard", "QFontDialog", "QColorDialog", "QCalendarWidget", "QSlider")
"""QtWidgets classes PySide6 has not made (with their enums) by the first paint: it makes one
when Python first meets it, and types the first plain QWidget Qt hands to Python by trying every
widget class (a view's viewport, a ``findChild`` without a name)."""


@pytest.mark.parametrize("first", ["", "import PySide6.QtCore\n"], ids=["script", "bundle"])
def test_the_console_script_paints_its_first_window_before_reading_any_metadata(
        tmp_path: Path, first: str) -> None:
    """Started as the console script, or as the bundle, whose start-up hook imports PySide6
    before the app (PySide6 would then read the source of every module the app imports)."""
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={SCREENS}",
           "EMBERKEEP_HOME": str(tmp_path / "home")}
    done = subprocess.run([sys.executable, "-c", first + AS_STARTED], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=240, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "smoke test: window 'Emberkeep" in done.stdout
    shown = json.loads(done.stdout.strip().splitlines()[-1])
    assert shown["status"] == 0
    assert "gui.main_window" in shown["loaded"]
    assert [m for m in LATER if m in shown["loaded"]] == []
    assert [t for t in UNTYPED if t in shown["widget_types"]] == []
    assert shown["after_paint"] == [True, True]  # the app's filter on, the collector back on
    assert shown["plugins"] == [] and shown["stub"] is True  # pydantic told: no plugins
    assert "pydantic.plugin._loader" in shown["loaded"]  # told before its first model
    # no module's source read by PySide6 past the two that import the console script's main
    assert sorted(shown["read"]) == ([] if not first else
                             [str(ROOT / "gui" / "__init__.py"), str(ROOT / "gui" / "cli.py")])
