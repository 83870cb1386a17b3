"""Dark and high-DPI: the WCAG formula against known pairs, then every main view
rendered in a light and a dark palette with its text against its background at 4.5:1 or more —
the current row, the selection, disabled and down rows, the WDD segment strip, the HP bars, the
banners — using the colours the models return and the delegates actually paint."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QAbstractListModel, QModelIndex, QPoint, Qt
from PySide6.QtGui import QBrush, QColor, QPalette
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QDialog,
    QLabel,
    QWidget,
)
from pytestqt.qtbot import QtBot

from emberkeep.campaign.example import build_example_campaign
from emberkeep.campaign.model import Campaign
from emberkeep.campaign.settings import InitiativeMode, Resolution
from emberkeep.dice import RandomRoller
from emberkeep.encounter.combatant import MonsterStats
from gui.color_scheme import (
    apply_scheme,
    dark_palette,
    follow_system,
    is_dark,
    light_palette,
    wants_dark,
)
from gui.contrast import AA, contrast, luminance, mix, readable_on
from gui.encounter import actions
from gui.encounter.combatants import HP_COLUMN, HpFractionRole
from gui.encounter.monster_form import make_monsters
from gui.encounter.window import EncounterWindow
from gui.main_window import MainWindow
from gui.palette import fixed_up, tone, tones
from gui.preferences import PreferencesDialog
from gui.roster_model import COLUMNS, CharacterIdRole
from tests.gui.fit import on_modal
from tests.gui.windows import open_campaign_window

GOBLIN = MonsterStats(name="Goblin", max_hp=5, room_dc=12, attack_bonus=2, damage="1d6")
Key = Qt.Key
Role = QPalette.ColorRole
MODES = {"group": {"initiative": InitiativeMode.GROUP},
         "simultaneous": {"initiative": InitiativeMode.SIMULTANEOUS},
         "WDD segments": {"initiative": InitiativeMode.SEGMENTS},
         "Melee Round": {"resolution": Resolution.MELEE_ROUND}}


# -- the formula -----------------------------------------------------------------------------

@pytest.mark.parametrize(("a", "b", "ratio"), [
    ("#000000", "#ffffff", 21.0),       # the extremes
    ("#ffffff", "#ffffff", 1.0),
    ("#767676", "#ffffff", 4.54),       # the lightest grey that passes AA on white
    ("#777777", "#ffffff", 4.48),       # one step lighter fails
    ("#0000ff", "#ffffff", 8.59),       # WebAIM's checker
    ("#ff0000", "#ffffff", 4.00),
    ("#ffe7a3", "#e8e8e8", 1.00),       # dark text colour on the old amber row
])
def test_wcag_contrast_of_known_pairs(a: str, b: str, ratio: float) -> None:
    assert contrast(QColor(a), QColor(b)) == pytest.approx(ratio, abs=0.01)
    assert contrast(QColor(b), QColor(a)) == pytest.approx(ratio, abs=0.01)


def test_luminance_mix_and_readable_on() -> None:
    assert luminance(QColor("#000000")) == 0.0 and luminance(QColor("#ffffff")) == 1.0
    assert mix(QColor(0, 0, 0), QColor(200, 100, 50), 0.5) == QColor(100, 50, 25)
    assert readable_on(QColor("#ffe7a3"), QColor("#e8e8e8")) == QColor(0, 0, 0)
    assert readable_on(QColor("#1e1e1e"), QColor("#e8e8e8")) == QColor("#e8e8e8")


@pytest.mark.parametrize("name", ["light", "dark"])
def test_palettes_and_their_tones_meet_aa(name: str) -> None:
    palette = light_palette() if name == "light" else dark_palette()
    t = tones(palette)
    for text, ground in [
            (palette.color(Role.HighlightedText), palette.color(Role.Highlight)),
            (palette.color(QPalette.ColorGroup.Disabled, Role.Text),
             palette.color(QPalette.ColorGroup.Disabled, Role.Base)),
            (palette.color(Role.PlaceholderText), palette.color(Role.Base)),
            (t.current_fg, t.current_bg), (t.muted, t.base), (t.muted, t.alternate_base),
            (t.muted, t.current_bg), (t.error, t.window), (t.error, t.base),
            (t.hp_text, t.hp_track), *((t.hp_text, fill) for fill in t.hp_fills),
            (t.text, t.segment_head)]:
        assert contrast(text, ground) >= AA, (text.name(), ground.name())


def test_a_platform_palette_short_of_aa_is_fixed_up() -> None:
    """Fusion's own light selection (#308cc6 under white) is 3.7:1; the app's is ≥ 4.5:1."""
    palette = light_palette()
    palette.setColor(Role.Highlight, QColor("#308cc6"))
    assert contrast(QColor("#308cc6"), QColor("#ffffff")) < AA
    fixed = fixed_up(palette)
    assert contrast(fixed.color(Role.Highlight), fixed.color(Role.HighlightedText)) >= AA


# -- the views, light and dark ---------------------------------------------------------------

@pytest.fixture(params=["light", "dark"])
def scheme(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    before = QPalette(qapp.palette())
    assert apply_scheme(qapp, request.param) is (request.param == "dark")
    yield str(request.param)
    qapp.setPalette(before)


def _fg(view: QAbstractItemView, index: QModelIndex) -> QColor:
    brush = index.data(Qt.ItemDataRole.ForegroundRole)
    if isinstance(brush, QColor):
        return brush
    return brush.color() if isinstance(brush, QBrush) else view.palette().color(Role.Text)


def _bg(view: QAbstractItemView, index: QModelIndex) -> QColor:
    brush = index.data(Qt.ItemDataRole.BackgroundRole)
    if isinstance(brush, QColor):
        return brush
    if isinstance(brush, QBrush):
        return brush.color()
    alternate = view.alternatingRowColors() and index.row() % 2
    return view.palette().color(Role.AlternateBase if alternate else Role.Base)


def _rows_read(view: QAbstractItemView) -> int:
    """Every cell's text against its background; the selection's pair too. Returns the count."""
    model = view.model()
    checked = 0
    for row in range(model.rowCount(QModelIndex())):
        columns = 1 if isinstance(model, QAbstractListModel) else model.columnCount(QModelIndex())
        for column in range(columns):
            index = model.index(row, column)
            if index.data(Qt.ItemDataRole.DisplayRole) in (None, ""):
                continue
            fg, bg = _fg(view, index), _bg(view, index)
            assert contrast(fg, bg) >= AA, (row, column, fg.name(), bg.name())
            checked += 1
    palette = view.palette()
    assert contrast(palette.color(Role.HighlightedText), palette.color(Role.Highlight)) >= AA
    assert contrast(palette.color(QPalette.ColorGroup.Disabled, Role.Text),
                    palette.color(QPalette.ColorGroup.Disabled, Role.Base)) >= AA
    return checked


def _label_reads(label: QLabel) -> None:
    ground = label.parentWidget().palette().color(Role.Window)  # type: ignore[union-attr]
    assert contrast(label.palette().color(Role.WindowText), ground) >= AA


def _fight(window: MainWindow, mode: str) -> EncounterWindow:
    window.roller = RandomRoller(3)
    ew = window.encounter_tools.new_encounter(f"Ambush ({mode})")
    assert ew is not None and window.document is not None
    ew.session.set_setup(mode, **MODES[mode])  # type: ignore[arg-type]
    ew.add_pcs([c.id for c in window.document.campaign.characters if c.level == 1])
    ew.add_monsters(make_monsters(GOBLIN, 4, taken=set(ew.enc.combatants)))
    window.activateWindow()
    assert QTest.qWaitForWindowActive(window)
    ew.table.setFocus()
    QTest.keyClick(ew.table, Key.Key_I)
    assert ew.enc.state.phase == "fighting"
    goblins = [c.id for c in ew.enc.combatants.values() if c.kind != "pc"]
    hurt, down = goblins[0], goblins[1]
    ew.run("hurt", actions.change_hp_action(hurt, -2))   # an amber bar
    ew.run("down", actions.change_hp_action(down, -9))   # a down row
    ew.banner.setText("Morale: the goblins check (M)")
    ew.message.setText("select a combatant first")
    return ew


def _sample(widget: QWidget, point: QPoint) -> QColor:
    color: QColor = widget.grab().toImage().pixelColor(point)
    return color


@pytest.mark.slow
@pytest.mark.parametrize("mode", list(MODES))
def test_encounter_views_read_in_light_and_dark(
        scheme: str, mode: str, tmp_path: Path, qtbot: QtBot,
        monkeypatch: pytest.MonkeyPatch) -> None:
    window, _ = open_campaign_window(tmp_path, qtbot, monkeypatch)
    window.show()
    ew = _fight(window, mode)
    QApplication.processEvents()
    t = tones()
    assert (t.base.lightness() < 128) is (scheme == "dark")
    # the current row: its own text colour on its background, never the palette's bare text
    current = ew.session.current_id()
    if current is not None:
        row = ew.model.row_of(current)
        assert row is not None
        index = ew.model.index(row, 0)
        assert _bg(ew.table, index) == t.current_bg
        assert contrast(_fg(ew.table, index), t.current_bg) >= AA
    assert _rows_read(ew.table) >= 10
    assert _rows_read(ew.order_view) >= (0 if mode == "Melee Round" else 6)
    assert _rows_read(ew.log_view) >= 3
    down = [ew.model.index(r, 0) for r in range(ew.model.rowCount())
            if ew.enc.is_down(ew.model.combatant_at(r))]  # type: ignore[arg-type]
    assert down and all(_fg(ew.table, i) == t.muted for i in down)
    # the HP bars: what the delegate paints is the tones' fill and track, read by their text
    ew.table.selectionModel().clear()
    for r in range(ew.model.rowCount()):
        index = ew.model.index(r, HP_COLUMN)
        fraction = index.data(HpFractionRole)
        rect = ew.table.visualRect(index)
        bar = rect.adjusted(3, 4, -3, -4)
        if fraction > 0.1:
            painted = _sample(ew.table.viewport(), QPoint(bar.left() + 1, bar.top() + 1))
            assert painted == t.hp_fill(fraction), (r, painted.name())
            assert contrast(t.hp_text, painted) >= AA
        if fraction < 0.9:
            painted = _sample(ew.table.viewport(), QPoint(bar.right() - 1, bar.top() + 1))
            assert painted == t.hp_track and contrast(t.hp_text, painted) >= AA
    # the banners: morale/dying above, the refusal line on the right
    for label in (ew.banner, ew.message, ew.heading, ew.acting):
        _label_reads(label)
    if mode == "WDD segments":
        strip = ew.timeline
        segment = ew.enc.state.segment
        width = strip.width() / 11
        head = QPoint(int((segment - 1) * width) + 2, 2)
        assert _sample(strip, head) == t.current_bg
        assert contrast(t.current_fg, t.current_bg) >= AA
        other = QPoint(int((segment % 10) * width) + 2, 2)
        assert _sample(strip, other) == t.segment_head
        assert contrast(t.text, t.segment_head) >= AA and contrast(t.muted, t.base) >= AA
    # the player view, the players' screen, in the same scheme
    view = ew.toggle_player_view()
    QApplication.processEvents()
    assert (view.palette().color(Role.Window).lightness() < 128) is (scheme == "dark")
    assert _rows_read(view.table) >= 6
    view.close()


def test_the_empty_roster_hint_reads_in_light_and_dark(
        scheme: str, tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window, _ = open_campaign_window(tmp_path, qtbot, monkeypatch, Campaign(name="Empty"))
    window.show()
    hint = window.roster_pane.empty_hint
    assert hint is not None and hint.isVisible()
    _label_reads(hint)


@pytest.mark.slow
def test_roster_sheet_and_repairs_read_in_light_and_dark(
        scheme: str, tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    campaign = build_example_campaign()
    campaign.characters[4].hp = 0    # dying (R21): the roster's red
    campaign.characters[5].hp = -10  # dead (R22): muted
    window, _ = open_campaign_window(tmp_path, qtbot, monkeypatch, campaign)
    window.show()
    window.roster.selectRow(1)
    t = tones()
    assert _rows_read(window.roster) >= 40
    assert window.model is not None
    rows = {window.model.data(window.model.index(r, 0), CharacterIdRole): r
            for r in range(window.model.rowCount())}
    hp_column = [c.title for c in COLUMNS].index("HP")
    dying = window.model.index(rows[campaign.characters[4].id], hp_column)
    assert _fg(window.roster, dying) == t.error
    assert _fg(window.roster, window.model.index(rows[campaign.characters[5].id], 0)) == t.muted
    sheet = window.open_sheet(campaign.characters[0].id)
    labels = [w for w in sheet.findChildren(QLabel) if w.isVisible() and w.text()]
    assert len(labels) > 20
    for label in labels:  # the sheet's text uses the palette's: it reads on its window
        assert contrast(label.palette().color(Role.WindowText),
                        label.palette().color(Role.Window)) >= AA
    repairs = window.campaign_tools.show_repairs()
    views = repairs.findChildren(QAbstractItemView)
    assert views
    for view in views:
        _rows_read(view)


def test_preferences_force_dark_then_back_to_the_system(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
        qapp: QApplication) -> None:
    before = QPalette(qapp.palette())
    window, _ = open_campaign_window(tmp_path, qtbot, monkeypatch)
    window.show()
    assert QTest.qWaitForWindowActive(window)
    note = QLabel("Not changed", window)
    tone(note, "error")
    light_error = tones(light_palette()).error
    apply_scheme(qapp, "light")
    assert note.palette().color(Role.WindowText) == light_error

    def choose_dark(dialog: QDialog) -> None:
        combo = dialog.findChild(QComboBox, "color_scheme")
        assert combo is not None
        combo.setFocus()
        while combo.currentData() != "dark":
            QTest.keyClick(combo, Key.Key_Down)
        dialog.accept()

    try:
        seen = on_modal(choose_dark)
        window.settings_tools.open_preferences()
        assert seen and not seen[0].startswith("FAILED")
        assert window.state.color_scheme == "dark"
        assert qapp.palette().color(Role.Window).lightness() < 128
        assert note.palette().color(Role.WindowText) == tones().error != light_error
        assert PreferencesDialog(window).editors["color_scheme"].get() == "dark"
        # System: the offscreen platform says "unknown", so its own (light) palette decides
        assert not is_dark(qapp, "system")
        apply_scheme(qapp, "system")
        assert qapp.palette().color(Role.Window).lightness() >= 128
    finally:
        qapp.setPalette(before)


@pytest.mark.parametrize(("scheme", "hint", "platform_dark", "dark"), [
    ("system", Qt.ColorScheme.Dark, False, True),     # the desktop says dark
    ("system", Qt.ColorScheme.Light, True, False),    # the desktop says light
    ("system", Qt.ColorScheme.Unknown, True, True),   # no hint: the desktop's palette decides
    ("system", Qt.ColorScheme.Unknown, False, False),
    ("light", Qt.ColorScheme.Dark, True, False),      # the GM's choice wins
    ("dark", Qt.ColorScheme.Light, False, True),
])
def test_which_scheme_is_dark(scheme: str, hint: Qt.ColorScheme, platform_dark: bool,
                              dark: bool) -> None:
    platform = dark_palette() if platform_dark else light_palette()
    assert wants_dark(scheme, hint, platform) is dark  # type: ignore[arg-type]


def test_the_desktop_switching_to_dark_is_followed_in_system_mode_only(
        qapp: QApplication, qtbot: QtBot) -> None:
    """What Qt's colorSchemeChanged does when the desktop switches (the offscreen platform
    never announces one, so the connected slot is called as Qt would call it)."""
    before = QPalette(qapp.palette())
    choice = ["system"]
    label = QLabel("Dying: Brannoc")
    qtbot.addWidget(label)
    tone(label, "error")
    try:
        apply_scheme(qapp, "system")
        assert qapp.palette().color(Role.Window).lightness() >= 128
        changed = follow_system(qapp, lambda: choice[0])  # type: ignore[arg-type,return-value]
        changed(Qt.ColorScheme.Dark)
        assert qapp.palette().color(Role.Window).lightness() < 128
        assert label.palette().color(Role.WindowText) == tones(dark_palette()).error
        choice[0] = "dark"
        changed(Qt.ColorScheme.Light)  # forced dark: the desktop going light changes nothing
        assert qapp.palette().color(Role.Window).lightness() < 128
        choice[0] = "system"
        changed(Qt.ColorScheme.Light)
        assert qapp.palette().color(Role.Window).lightness() >= 128
        assert label.palette().color(Role.WindowText) == tones().error
        qapp.styleHints().colorSchemeChanged.disconnect(changed)
    finally:
        qapp.setPalette(before)
