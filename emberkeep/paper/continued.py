"""The play sheet's lists that may run over its page, and the pages that continue them.

A character with many weapons, a long pack, a spellbook or a long list of features has more
rows than the first page holds. No row is ever dropped: the first page shows what fits and ends
the list with a line saying it continues; a following page, headed with the character's name,
carries each list on under "<list>, continued", in the first page's order (attacks, gear,
spells, features), as many pages as it takes.

The attack rows keep their numbers across pages, so a weapon's fields are named the same
wherever it prints (``c1_weapon9_atk``, ``c1_weapon9_notch_1``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from emberkeep.campaign.settings import RepairCosts
from emberkeep.character.catalog import Catalog
from emberkeep.character.model import Character
from emberkeep.character.sheet_numbers import attack_lines
from emberkeep.gear.damage import notch_allowance
from emberkeep.paper.facts import Feature, signed
from emberkeep.paper.layout import A4, GOES_ON, Page

__all__ = ["ATTACK_ROW", "CONTINUES", "MARGIN", "TEXT_SIZE", "Overflow", "attack_head",
           "attack_rows", "draw_continued", "draw_features", "fit_lines", "leading"]

MARGIN = 28.0  # the play sheet's page margin
ATTACK_ROW = 15.0
TEXT_SIZE = 7.5  # gear, spells and features
CONTINUES = "… continued on a following page"
_GOES_ON = GOES_ON  # after a split feature's name, however many pages it takes
_GAP = 6.0
_BAND = 11.0  # a box's title band


def leading(size: float = TEXT_SIZE) -> float:
    return size * 1.22


@dataclass(frozen=True)
class Overflow:
    """What a page of a character's play sheet had no room for: the pages after it print it."""

    attacks: tuple[int, ...] = ()  # the numbers (from 1) of the attack rows left
    gear: str = ""  # the words of the gear list left
    spells: str = ""  # the words of the spell list left
    features: tuple[Feature, ...] = ()  # the features left, the first perhaps a part of one

    def __bool__(self) -> bool:
        return bool(self.attacks or self.gear or self.spells or self.features)


def fit_lines(page: Page, text: str, width: float, size: float,
              most: int) -> tuple[list[str], str]:
    """``text`` wrapped to ``width`` in at most ``most`` lines, and the words left over: when
    it runs over, the last line kept says it continues (:data:`CONTINUES`)."""
    lines = page.wrap(text, width, size) if text else []
    if len(lines) <= most:
        return lines, ""
    kept = max(0, most - 1)
    return [*lines[:kept], CONTINUES][:max(1, most)], " ".join(lines[kept:])


# -- attack rows, on the first page and after it ----------------------------------------------

def _columns(x: float) -> tuple[float, float, float, float, float]:
    return x + 6, x + 128, x + 160, x + 206, x + 236  # weapon, ATK, DAM, crit, notches


def attack_head(page: Page, x: float, w: float, inner: float) -> float:
    """The column heads under an attack box's band; returns the first row's baseline."""
    head = inner - 9
    for col, label in zip(_columns(x), ("Weapon", "ATK", "DAM", "Crit",
                                        "Notches (−1 DAM each)"), strict=True):
        page.text(col, head, label, 6.5, bold=True)
    page.rule(x + 4, head - 3, x + w - 4, 0.4)
    return head - 14


def attack_rows(page: Page, character: Character, catalog: Catalog, costs: RepairCosts,
                numbers: tuple[int, ...], x: float, w: float, y: float) -> float:
    """The attack rows so numbered, from baseline ``y`` down; returns the baseline below them.
    A weapon's notch boxes go on its first row; its two-handed row says it is the same one."""
    lines = attack_lines(character, catalog)
    weapons = {weapon.uid: weapon for weapon in character.inventory.weapons}
    cols = _columns(x)
    for number in numbers:
        line = lines[number - 1]
        page.text(cols[0], y, line.label, 8.5, bold=True, width=cols[1] - cols[0] - 4)
        page.fixed(f"weapon{number}_atk", cols[1], y, signed(line.atk_bonus), 10, align="left")
        page.fixed(f"weapon{number}_dam", cols[2], y, line.damage_text, 9.5, align="left")
        page.text(cols[3], y, line.crit_text, 8)
        weapon = weapons.get(line.uid)
        if weapon is not None and all(o.uid != line.uid for o in lines[:number - 1]):
            allowance = notch_allowance(weapon.quality, costs.allowances())
            after = page.ticks(f"weapon{number}_notch", cols[4], y - 2, allowance,
                               weapon.notches, size=9,
                               tooltip=f"A notch on {weapon.name}: −1 DAM (R17)")
            state = "BROKEN" if line.broken else "DROPPED" if line.dropped else \
                f"{weapon.quality}, one more breaks it"
            page.text(after + 3, y, state, 6.5, bold=line.broken or line.dropped,
                      width=x + w - after - 8)
        elif weapon is not None:
            page.text(cols[4], y, "(the same weapon, in both hands)", 6.5)
        y -= ATTACK_ROW
    return y


# -- the pages after the first ----------------------------------------------------------------

def draw_continued(page: Page, character: Character, catalog: Catalog, costs: RepairCosts,
                   footer: str, left: Overflow) -> Overflow:
    """A page carrying on the lists the page before had no room for; returns what this page
    had no room for either (nothing, but for a list longer than a page)."""
    width, height = A4
    x, w = MARGIN, width - 2 * MARGIN
    top = height - MARGIN
    page.text(x, top - 16, character.name, 16, bold=True, width=w - 150)
    page.text(x + w, top - 16, "Play sheet, continued", 9, align="right")
    page.rule(x, top - 24, x + w, 1.2)
    page.text(width / 2, MARGIN - 14, footer, 6, width=w, align="center")
    y = top - 24 - _GAP
    rest = Overflow()
    if left.attacks:
        y, rest = _more_attacks(page, character, catalog, costs, left.attacks, x, w, y)
    if left.gear:
        if rest:  # an earlier list ran over: this one follows it on the next page, whole
            rest = replace(rest, gear=left.gear)
        else:
            y, gear = _more_text(page, "Gear", left.gear, x, w, y)
            rest = replace(rest, gear=gear)
    if left.spells:
        if rest:
            rest = replace(rest, spells=left.spells)
        else:
            y, spells = _more_text(page, "Spells", left.spells, x, w, y)
            rest = replace(rest, spells=spells)
    if left.features:
        if rest:
            rest = replace(rest, features=left.features)
        else:
            rest = replace(rest, features=_more_features(page, left.features, x, w, y))
    return rest


def _more_attacks(page: Page, character: Character, catalog: Catalog, costs: RepairCosts,
                  numbers: tuple[int, ...], x: float, w: float,
                  top: float) -> tuple[float, Overflow]:
    fits = max(1, int((top - MARGIN - _BAND - 12 - 4) // ATTACK_ROW))
    shown = numbers if len(numbers) <= fits else numbers[:fits - 1]
    rows = len(shown) + (shown != numbers)
    h = _BAND + 12 + rows * ATTACK_ROW + 4
    y = top - h
    inner = page.box(x, y, w, h, "Attacks, continued")
    below = attack_rows(page, character, catalog, costs, shown, x, w,
                        attack_head(page, x, w, inner))
    left = numbers[len(shown):]
    if left:
        page.text(x + 6, below, f"{CONTINUES} ({len(left)} more)", 7.5)
    return y - _GAP, Overflow(attacks=left)


def _more_text(page: Page, title: str, words: str, x: float, w: float,
               top: float) -> tuple[float, str]:
    """A list given as words (gear, spells) in a box of its own; returns the y below the box
    and the words left for the next page."""
    most = int((top - MARGIN - _BAND - 8 - TEXT_SIZE) // leading()) + 1
    if most < 2:  # no room for a line and its "continued": the next page takes it whole
        return top, words
    lines, left = fit_lines(page, words, w - 12, TEXT_SIZE, most)
    h = _BAND + 8 + TEXT_SIZE + (len(lines) - 1) * leading()
    y = top - h
    inner = page.box(x, y, w, h, f"{title}, continued")
    yy = inner - 3 - TEXT_SIZE
    for line in lines:
        page.text(x + 6, yy, line, TEXT_SIZE)
        yy -= leading()
    return y - _GAP, left


def _more_features(page: Page, features: tuple[Feature, ...], x: float, w: float,
                   top: float) -> tuple[Feature, ...]:
    if top - MARGIN < _BAND + 8 + 3 * leading():  # not room for three lines: the next page
        return features
    whole = sum(len(page.wrap(f"{f.name}: {f.text}", w - 12, TEXT_SIZE)) * leading() + 3
                for f in features)
    bottom = max(MARGIN, top - (_BAND + 3 + whole + 6))
    inner = page.box(x, bottom, w, top - bottom, "Features, continued")
    return draw_features(page, features, x, w, inner - 3, bottom)


def draw_features(page: Page, features: Sequence[Feature], x: float, w: float, top: float,
                  bottom: float) -> tuple[Feature, ...]:
    """The features from ``top`` down inside a box whose bottom is ``bottom``: whole where they
    fit, one longer than the room left split at a line (its rest named "<name>, continued"),
    and the line saying the rest continues; returns the features left for the next page."""
    y = top
    for number, feature in enumerate(features):
        head = f"{feature.name}:"
        lines = page.wrap(f"{head} {feature.text}", w - 12, TEXT_SIZE)
        room = _lines_from(y, bottom)
        later = tuple(features[number + 1:])
        # page.paragraph's next top, less the 2 between features
        below = y - TEXT_SIZE * 1.3 - (len(lines) - 1) * leading() - 2
        if len(lines) <= room and (not later or _lines_from(below, bottom) >= 1):
            y = page.paragraph(x + 6, y, feature.text, w - 12, bottom + 3, size=TEXT_SIZE,
                               bold_head=head) - 2
            continue
        if len(lines) < room:  # whole, with the note under it; the next ones go over
            page.paragraph(x + 6, y, feature.text, w - 12, bottom + 3, size=TEXT_SIZE,
                           bold_head=head)
            page.text(x + 6, y - TEXT_SIZE - len(lines) * leading(), CONTINUES, TEXT_SIZE)
            return later
        if room < 2:  # not a line of it and the note: all of it on the next page
            page.text(x + 6, y - TEXT_SIZE, CONTINUES, TEXT_SIZE)
            return (feature, *later)
        kept = " ".join(lines[:room - 1])
        page.paragraph(x + 6, y, kept.removeprefix(head).strip(), w - 12, bottom + 3,
                       size=TEXT_SIZE, bold_head=head)
        page.text(x + 6, y - TEXT_SIZE - (room - 1) * leading(), CONTINUES, TEXT_SIZE)
        name = feature.name if feature.name.endswith(_GOES_ON) else feature.name + _GOES_ON
        part = Feature(feature.source, name, " ".join(lines[room - 1:]))
        return (part, *later)
    return ()


def _lines_from(top: float, bottom: float) -> int:
    """How many lines of text fit from ``top`` down to a box's ``bottom`` (as
    :meth:`Page.paragraph` sets them: the first baseline a size below the top)."""
    return max(0, int((top - TEXT_SIZE - (bottom + 3)) // leading()) + 1)
