"""The summary before Finish: the new sheet's HP and numbers, for the wizard's last
page and the Level Up dialog's second step, so the GM reads what Finish will make before it is
made. Every number comes from the core (the sheet's own properties and ``sheet_numbers``).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFormLayout, QLabel, QVBoxLayout, QWidget, QWizardPage

from emberkeep.character.abilities import ABILITIES
from emberkeep.character.catalog import Catalog
from emberkeep.character.level_preview import describe_hp
from emberkeep.character.model import Character
from emberkeep.character.sheet_numbers import armor_class_parts, attack_lines, save_lines
from emberkeep.character.skills import skill_name

__all__ = ["SummaryPage", "SummaryView", "describe_hp", "summary_rows"]


def _was(now: object, before: object | None) -> str:
    return f"{now}" if before is None or before == now else f"{now} (was {before})"


def summary_rows(character: Character, catalog: Catalog,
                 before: Character | None = None) -> list[tuple[str, str]]:
    """(label, text) rows of the sheet's numbers; with ``before``, what changed says so."""
    from gui.printing import class_line

    gained = describe_hp(character.hp_history[-1]) if character.hp_history else ""
    rows = [
        ("Character", f"{character.name} — {class_line(character, catalog)}"),
        ("HP", _was(f"{character.hp} / {character.max_hp}",
                    None if before is None else f"{before.hp} / {before.max_hp}")
         + (f"; {gained}" if gained else "")),
        ("Hit dice", _was(f"{character.hit_dice} in the pool",
                          None if before is None else f"{before.hit_dice} in the pool")),
        ("AC", _was(armor_class_parts(character, catalog).total,
                    None if before is None else armor_class_parts(before, catalog).total)),
        ("PROF", _was(f"{character.prof:+d}", None if before is None else f"{before.prof:+d}")),
        ("Scores", "  ".join(f"{a.value} {character.scores.effective(a)} "
                             f"({character.modifier(a):+d})" for a in ABILITIES)),
        ("Saves", "  ".join(f"{s.ability.value} {s.bonus:+d}{'*' if s.proficient else ''}"
                            for s in save_lines(character, catalog))),
    ]
    skills = sorted(skill_name(s) for s in character.skill_proficiencies)
    rows.append(("Skills", ", ".join(skills) or "none"))
    attacks = [f"{a.label} ATK {a.atk_bonus:+d}, DAM {a.damage_text}"
               for a in attack_lines(character, catalog)]
    rows.append(("Attacks", "; ".join(attacks) or "none"))
    names: dict[str, str] = {}
    if character.archetype is not None:
        found = catalog.find_archetype(character.archetype)
        names = {f.id: f.name for f in found.features} if found is not None else {}
    features = [f"{names.get(f.feature_id, f.feature_id)} (level {f.level})"
                for f in character.archetype_features]
    if features:
        rows.append(("Archetype features", ", ".join(features)))
    return rows


class SummaryView(QWidget):
    """The rows as a read-only form (plain text: names are never HTML)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.form = QFormLayout(self)
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.setMinimumWidth(560)  # long lines wrap inside the dialog instead of running off
        self.rows: list[tuple[str, str]] = []

    def show_rows(self, rows: list[tuple[str, str]]) -> None:
        while self.form.rowCount():
            self.form.removeRow(0)
        self.rows = rows
        for label, text in rows:
            value = QLabel(text, self)
            value.setTextFormat(Qt.TextFormat.PlainText)
            value.setWordWrap(True)
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self.form.addRow(f"{label}:", value)

    def text(self) -> str:
        return "\n".join(f"{label}: {text}" for label, text in self.rows)


class SummaryPage(QWizardPage):
    """The wizard's last page for a 1st-level character: the sheet the class page built."""

    def __init__(self, wizard: object) -> None:
        super().__init__()
        self.owner = wizard
        self.setTitle("Summary")
        self.setSubTitle("Check the numbers; Back changes a choice, Finish adds the character.")
        layout = QVBoxLayout(self)
        self.view = SummaryView(self)
        layout.addWidget(self.view)
        layout.addStretch(1)
        self.setFinalPage(True)

    def initializePage(self) -> None:
        built = getattr(self.owner, "built", None)
        catalog = getattr(self.owner, "catalog", None)
        if isinstance(built, Character) and isinstance(catalog, Catalog):
            self.view.show_rows(summary_rows(built, catalog))

    def nextId(self) -> int:
        return -1
