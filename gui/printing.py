"""Print or export character sheets: one black-and-white page per character.

The page is painted with ``QPainter`` onto any paged device: a ``QPdfWriter`` (Export PDF,
Export all) or a ``QPrinter`` from the print dialog (:mod:`gui.print_dialog`). Every number comes
from the core (:mod:`emberkeep.character.sheet_numbers`, :mod:`emberkeep.repairs.condition`), the
same as on screen. User text (names, notes) is drawn with ``drawText``, which never reads HTML.
Black ink on white only, no colour, so a page reads the same from any printer. Long notes are cut
at the foot of the page with an ellipsis.

the page shows what the table needs between sessions — encumbrance, each damaged,
broken or dropped piece of gear, the conditions — and uses the page: the sheet is laid out
once to measure it, then drawn larger (up to 1.5×) until it fills the paper, whatever its size.
Layout is measured against a 72 dpi reference, so a sheet reads the same on any device.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QBuffer, QMarginsF, QRectF, Qt
from PySide6.QtGui import (
    QFont,
    QFontMetricsF,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
    QPicture,
)
from PySide6.QtWidgets import QFileDialog, QWidget

from emberkeep.campaign.atomic import remove_quietly, temporary_for
from emberkeep.campaign.settings import RepairCosts
from emberkeep.character.abilities import ABILITIES, Ability
from emberkeep.character.catalog import Catalog
from emberkeep.character.model import Character
from emberkeep.character.sheet_numbers import (
    armor_class_parts,
    attack_lines,
    load_and_limit,
    save_lines,
    skill_lines,
    spellcheck_bonus,
    spells_known_limit,
)
from emberkeep.file_names import suggested_path
from emberkeep.gear.purse import format_coins
from emberkeep.repairs.condition import condition_of
from gui import dialogs
from gui.document import CampaignDocument
from gui.labels import class_name, knight_hp_text, race_name

__all__ = ["class_line", "export_dialog", "fill_scale", "page_points", "paint_sheets",
           "write_pdf"]

_WIDTH, _HEIGHT = 595.0, 842.0  # A4 in points (the writer works at 72 dpi)
_MARGIN = 36.0
_MAX_SCALE = 1.5  # a short sheet grows to fill the page, but no larger than this
# one 72 dpi device every layout is measured against, with the buffer it would write to (held
# here too: the writer keeps a bare pointer to it)
_reference: list[tuple[QPdfWriter, QBuffer]] = []


def _metrics(font: QFont) -> QFontMetricsF:
    if not _reference:
        buffer = QBuffer()
        writer = QPdfWriter(buffer)
        writer.setResolution(72)
        _reference.append((writer, buffer))
    return QFontMetricsF(font, _reference[0][0])


def class_line(character: Character, catalog: Catalog) -> str:
    archetype = ""
    if character.archetype is not None:
        archetype = f" ({catalog.archetype(character.archetype).name})"
    return (f"Level {character.level} {class_name(character)}{archetype} · "
            f"{race_name(character, catalog)} · XP {character.xp}"
            + (f" · Player: {character.player}" if character.player else ""))


class _Page:
    """A cursor down one page: headings, lines and wrapped blocks, all plain text."""

    def __init__(self, painter: QPainter, left: float, width: float, top: float) -> None:
        self.painter = painter
        self.left, self.width, self.y = left, width, top

    def font(self, size: float, bold: bool = False) -> QFontMetricsF:
        font = QFont("Helvetica")
        font.setPointSizeF(size)
        font.setBold(bold)
        self.painter.setFont(font)
        return _metrics(font)

    def heading(self, text: str) -> None:
        self.y += 6
        metrics = self.font(11, bold=True)
        self.painter.drawText(QRectF(self.left, self.y, self.width, metrics.height()),
                              Qt.AlignmentFlag.AlignLeft, text)
        self.y += metrics.height()
        self.painter.drawLine(int(self.left), int(self.y), int(self.left + self.width),
                              int(self.y))
        self.y += 3

    def block(self, text: str, size: float = 8.5, bold: bool = False,
              limit: float | None = None) -> None:
        metrics = self.font(size, bold)
        flags = int(Qt.AlignmentFlag.AlignLeft) | int(Qt.TextFlag.TextWordWrap)
        bound = metrics.boundingRect(QRectF(self.left, self.y, self.width, 10_000), flags, text)
        height = bound.height()
        if limit is not None and self.y + height > limit:
            height = max(0.0, limit - self.y)
            text = _fit(text, metrics, self.width, height)
        self.painter.drawText(QRectF(self.left, self.y, self.width, height + 2), flags, text)
        self.y += height + 2


def _fit(text: str, metrics: QFontMetricsF, width: float, height: float) -> str:
    """Cut text to the lines that fit in ``height``, ending with an ellipsis."""
    lines = max(1, int(height // metrics.lineSpacing()))
    words, out, line = text.split(), [], ""
    for word in words:
        trial = f"{line} {word}".strip()
        if metrics.horizontalAdvance(trial) > width and line:
            out.append(line)
            line = word
            if len(out) == lines:
                break
        else:
            line = trial
    else:
        out.append(line)
        return "\n".join(out)
    out[-1] = out[-1] + " …"
    return "\n".join(out[:lines])


def _gear_lines(character: Character, costs: RepairCosts) -> list[str]:
    """Each damaged, broken, dropped or destroyed piece, in the repair tracker's words."""
    lines = []
    for item in character.inventory.all_gear():
        condition = condition_of(character, item, costs)
        if condition is not None:
            effect = f" ({condition.effect})" if condition.effect else ""
            lines.append(f"{condition.item}: {condition.condition}{effect}")
    return lines


def _state_lines(character: Character, catalog: Catalog, costs: RepairCosts) -> list[str]:
    """Encumbrance (R14), conditions (R28) and gear damage (R15-R17): what changes at the table."""
    carried, limit = load_and_limit(character)
    heavy = character.inventory.is_encumbered(character.modifier(Ability.STR))
    lines = [f"Load {carried} / {limit}" + (" — ENCUMBERED" if heavy else " — not encumbered")]
    conditions = [c.name + (f" ({c.source})" if c.source else "") for c in character.conditions]
    lines.append("Conditions: " + (", ".join(conditions) if conditions else "none"))
    gear = _gear_lines(character, costs)
    lines.append("Gear damage: " + ("; ".join(gear) if gear else "none"))
    return lines


def _paint_one(painter: QPainter, character: Character, catalog: Catalog,
               costs: RepairCosts, width: float = _WIDTH, height: float = _HEIGHT,
               cut_notes: bool = True) -> float:
    """Draw the sheet on a ``width`` × ``height`` page (points); returns how far down it went."""
    painter.setPen(QPen(Qt.GlobalColor.black, 0.8))
    column = (width - 2 * _MARGIN - 18) / 2
    top = _Page(painter, _MARGIN, width - 2 * _MARGIN, _MARGIN)
    top.block(character.name, 18, bold=True)
    top.block(class_line(character, catalog), 10)
    parts = armor_class_parts(character, catalog)
    carried, limit = load_and_limit(character)
    top.block(f"AC {parts.total}    HP {character.hp} / {character.max_hp}    "
              f"HD {character.hit_dice} / {character.max_hit_dice}"
              + (f" × d{character.hit_die_at(catalog, character.level)}"
                 if character.class_id else "")
              + f"    PROF {character.prof:+d}    Luck dice {character.luck.dice}    "
              f"Load {carried} / {limit}    Dead at {character.death_threshold} HP", 10.5,
              bold=True)
    if character.knight is not None:  # R39: the knight's own track, labelled apart
        top.block(knight_hp_text(character.knight), 10.5, bold=True)
    ac = [f"{parts.armor_name or 'no armor'} {parts.armor_base}"]
    if parts.armor_damage:
        ac.append(f"-{parts.armor_damage} armor damage")
    if parts.dex_applied:
        ac.append(f"DEX {parts.dex_applied:+d}")
    if parts.shield_bonus:
        ac.append(f"shield +{parts.shield_bonus}")
    if parts.shield_damage:
        ac.append(f"-{parts.shield_damage} shield damage")
    if parts.style_bonus:
        ac.append("Defense +1")
    top.block("AC: " + ", ".join(ac) + (". Stealth HARD." if parts.stealth_hard else ""), 8.5)
    top.heading("Condition")
    for state in _state_lines(character, catalog, costs):
        top.block(state, 9)
    start = top.y
    left = _Page(painter, _MARGIN, column, start)
    left.heading("Abilities")
    for ability in ABILITIES:
        score = character.scores.get(ability)
        loss = f"  (injury -{score.loss})" if score.loss else ""
        left.block(f"{ability.value}  {score.effective:>2}   {character.modifier(ability):+d}"
                   f"{loss}", 10)
    left.heading("Saves")
    left.block("   ".join(f"{s.ability.value} {s.bonus:+d}{'*' if s.proficient else ''}"
                           for s in save_lines(character, catalog)) + "   (* PROF)")
    left.heading("Skills")
    for line in skill_lines(character, catalog):
        mark = " (Expertise)" if line.expertise else (" *" if line.proficient else "")
        left.block(f"{line.name} ({line.ability.value}) {line.bonus:+d}{mark}", 8)
    right = _Page(painter, _MARGIN + column + 18, column, start)
    right.heading("Attacks")
    for attack in attack_lines(character, catalog):
        notes = f", crit {attack.crit_text}" if attack.crit_low < 20 else ""
        if attack.notches:
            notes += f", {attack.notches} notch{'es' if attack.notches != 1 else ''}"
        notes += ", BROKEN" if attack.broken else ""
        notes += ", DROPPED" if attack.dropped else ""
        right.block(f"{attack.label}: ATK {attack.atk_bonus:+d}, DAM {attack.damage_text}"
                    f"{notes}", 9)
    right.heading("Inventory")
    gear = [f"{g.name}" + (f" ×{quantity}" if (quantity := getattr(g, "quantity", 1)) != 1
                           else "")
            for g in character.inventory.all_gear()]
    right.block(", ".join(gear) or "—", 8.5)
    right.block(f"Coins: {format_coins(character.inventory.purse.total_cp)}", 8.5)
    limit_known = spells_known_limit(character, catalog)
    if limit_known is not None:
        right.heading("Magic")
        right.block(f"SPELLCHECK d20 {spellcheck_bonus(character):+d}; spells known "
                    f"{len(character.spells_known)} / {limit_known}; disapproval range "
                    f"{character.caster.disapproval_range}; spells since SAVE "
                    f"{character.caster.spells_cast_since_check}", 8.5)
        right.block("Spells: " + (", ".join(_spell_names(character.spells_known)) or "—"), 8.5)
        if character.cantrips:
            right.block("Cantrips: " + ", ".join(_spell_names(character.cantrips)), 8.5)
    right.heading("Features")
    from gui.sheet.panels import NotesPanel

    right.block(NotesPanel.feature_text(character, catalog), 8.5)
    right.heading("Notes")
    right.block(character.notes or "—", 8.5,
                limit=height - _MARGIN if cut_notes else None)
    return max(left.y, right.y)


def fill_scale(character: Character, catalog: Catalog, costs: RepairCosts,
               width: float, height: float) -> float:
    """How much larger than its natural size the sheet is drawn to fill a page of ``width`` ×
    ``height`` points: laid out again at each guess (a narrower virtual page wraps more)."""
    scale = 1.0
    for _ in range(4):
        picture = QPicture()
        painter = QPainter(picture)
        try:
            bottom = _paint_one(painter, character, catalog, costs, width / scale,
                                height / scale, cut_notes=False)
        finally:
            painter.end()
        room = (height / scale - _MARGIN) / bottom  # > 1: space left at the foot
        if abs(room - 1) < 0.02:
            break
        scale = min(_MAX_SCALE, max(1.0, scale * room ** 0.5))
        if scale in (1.0, _MAX_SCALE) and (room < 1) == (scale == 1.0):
            break
    return scale


def _spell_names(ids: Sequence[str]) -> list[str]:
    from emberkeep.magic.spells import load_spells

    catalog = load_spells()
    names = {s.id: s.name for s in catalog.spells} | {c.id: c.name for c in catalog.cantrips}
    return [names.get(i, i) for i in ids]


def page_points(device: QPagedPaintDevice) -> tuple[float, float]:
    """The whole sheet of paper, in points (A4, Letter... as the GM chose)."""
    rect = device.pageLayout().fullRectPoints()
    return float(rect.width()), float(rect.height())


def paint_sheets(device: QPagedPaintDevice, characters: Sequence[Character],
                 catalog: Catalog, costs: RepairCosts | None = None) -> None:
    """One page per character on ``device`` (a QPdfWriter or a QPrinter painting the full
    page); ``catalog``: their campaign's; ``costs``: its repair settings (the notches a
    weapon of each quality takes before it breaks)."""
    costs = costs or RepairCosts()
    width, height = page_points(device)
    painter = QPainter(device)
    try:
        dpi = device.logicalDpiX() / 72.0
        for number, character in enumerate(characters):
            if number:
                device.newPage()
            scale = fill_scale(character, catalog, costs, width, height)
            painter.save()
            painter.scale(dpi * scale, dpi * scale)
            _paint_one(painter, character, catalog, costs, width / scale, height / scale)
            painter.restore()
    finally:
        painter.end()


def write_pdf(path: Path | str, characters: Sequence[Character], catalog: Catalog,
              title: str = "", costs: RepairCosts | None = None) -> None:
    """Write the sheets to ``path`` whole or not at all; ``OSError`` when it cannot be written
    (Qt's PDF writer fails silently, so the file it made is looked for)."""
    path = Path(path)
    tmp = temporary_for(path)
    writer = QPdfWriter(str(tmp))
    writer.setResolution(72)
    writer.setTitle(title or ", ".join(c.name for c in characters))
    writer.setCreator("Emberkeep")
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4),
                                     QPageLayout.Orientation.Portrait, QMarginsF(0, 0, 0, 0)))
    try:
        paint_sheets(writer, characters, catalog, costs)
        del writer  # Qt closes the file when the writer goes
        if not tmp.is_file() or tmp.stat().st_size == 0:
            raise OSError(errno.EACCES, f"the PDF could not be written in {path.parent}")
        os.replace(tmp, path)
    finally:
        remove_quietly(tmp)


def export_dialog(parent: QWidget | None, document: CampaignDocument,
                  character_ids: list[str] | None) -> Path | None:
    """Ask for a PDF file and write the sheets (all of the party when ``character_ids`` is
    None); returns the path written, or None when the GM cancelled."""
    characters = (list(document.campaign.characters) if character_ids is None
                  else [document.character(cid) for cid in character_ids])
    if not characters:
        return None
    stem = document.title if character_ids is None or len(characters) > 1 \
        else characters[0].name
    folder = document.path.parent if document.path else Path.home()
    suggestion = suggested_path(folder, stem, ".pdf", "sheets")
    name, _ = QFileDialog.getSaveFileName(parent, "Export sheets as PDF", str(suggestion),
                                          "PDF (*.pdf)")
    if not name:
        return None
    path = Path(name) if name.lower().endswith(".pdf") else Path(name + ".pdf")
    try:
        write_pdf(path, characters, Catalog(document.campaign), document.title,
                  document.campaign.settings.repair)
    except OSError as exc:
        dialogs.show_error(parent, "Cannot export the sheets",
                           f"{path.name} could not be written ({exc.strerror or exc}). "
                           "Choose another folder, one you may write to.")
        return None
    return path
