"""Tables flowing down columns over landscape pages, as the GM screen prints them.

Each table (a :class:`Block`) is a title band, a note on how it is rolled and its rows, each a
roll and what it does. They go down a column and on into the next one, and on to a new page
after the last column: nothing is shrunk to fit and nothing is dropped.

- A title wraps in its band, however long (a spell of the GM's with a long name).
- A table starts where its title, note and first row fit together, else at the next column.
- A row is never split while it fits a column whole: one that does not fit what is left of a
  column goes on to the next. Only a row longer than a whole column (a GM's mishap of many
  paragraphs) is split at a line, its roll printed again where it resumes.
- Where a table goes on in another column its title is printed again with ", continued" (the
  title cut with "…" to one line, the whole of it being at the table's start).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from emberkeep.paper.layout import A4_LANDSCAPE, GOES_ON, GREY, Page

__all__ = ["LEADING", "SIZE", "Block", "Placed", "draw_placed", "flow"]

_M = 24.0
_COLUMNS = 4
_GUTTER = 10.0
SIZE = 6.9  # the rows' text: small, but a screen is read up close
LEADING = 8.1
_TITLE_SIZE = 6.8
_TITLE_H = 10.0  # a band of one line; each more line adds a leading
_TITLE_LEADING = 8.0
_TOP = A4_LANDSCAPE[1] - _M - 16
_BOTTOM = _M + 4
COLUMN_WIDTH = (A4_LANDSCAPE[0] - 2 * _M - (_COLUMNS - 1) * _GUTTER) / _COLUMNS


@dataclass(frozen=True)
class Block:
    """One table on the screen: its title, a line on how it is rolled, and its rows as
    (roll, what it does); the rolls' column is as wide as its widest."""

    title: str
    note: str
    rows: tuple[tuple[str, str], ...]
    label_width: float = 0.0


@dataclass(frozen=True)
class _Item:
    """One thing a page draws at (x, y): a table's ``title`` band (its lines in ``text``,
    one a line), a ``note`` line, a ``row`` line (its roll in ``label`` where the row starts
    or resumes) or the ``rule`` under a row."""

    kind: str
    x: float
    y: float
    text: str = ""
    label: str = ""
    width: float = 0.0  # a title's or rule's width, a row's roll column


@dataclass
class Placed:
    """What one page draws."""

    items: list[_Item] = field(default_factory=list)


def _band(lines: int) -> float:
    return _TITLE_H + (lines - 1) * _TITLE_LEADING


class _Flow:
    """Where the next line goes: the page, the column and the height in it."""

    def __init__(self) -> None:
        self.pages = [Placed()]
        self.column = 0
        self.y = _TOP

    @property
    def x(self) -> float:
        return _M + self.column * (COLUMN_WIDTH + _GUTTER)

    @property
    def at_top(self) -> bool:
        return self.y >= _TOP

    def room(self) -> float:
        return self.y - _BOTTOM

    def next_column(self) -> None:
        self.column += 1
        self.y = _TOP
        if self.column == _COLUMNS:
            self.pages.append(Placed())
            self.column = 0

    def put(self, item: _Item) -> None:
        self.pages[-1].items.append(item)

    def title(self, lines: list[str]) -> None:
        self.put(_Item("title", self.x, self.y, "\n".join(lines), width=COLUMN_WIDTH))
        self.y -= _band(len(lines))

    def carry_on(self, page: Page, title: str) -> None:
        """The next column, headed with the table's title ", continued" on one line."""
        self.next_column()
        self.title([page.fit_keeping(title.upper(), GOES_ON.upper(), COLUMN_WIDTH - 6,
                                     _TITLE_SIZE, bold=True)])
        self.y -= 3


def flow(page: Page, blocks: list[Block]) -> list[Placed]:
    """The blocks laid out down the columns and over as many pages as they take."""
    at = _Flow()
    whole_column = _TOP - _BOTTOM - _band(1) - 3  # a column under a ", continued" title
    for block in blocks:
        labels = max((page.width_of(label, SIZE, bold=True) for label, _ in block.rows),
                     default=0.0)
        block = replace(block, label_width=max(18.0, labels + 5))
        title = page.wrap(block.title.upper(), COLUMN_WIDTH - 6, _TITLE_SIZE, bold=True)
        note = page.wrap(block.note, COLUMN_WIDTH - 4, SIZE - 0.5) if block.note else []
        rows = [(label, page.wrap(text, COLUMN_WIDTH - block.label_width - 4, SIZE))
                for label, text in block.rows]
        head = _band(len(title)) + 1 + len(note) * LEADING + 2
        first = len(rows[0][1]) * LEADING if rows else 0.0
        if not at.at_top and head + min(first, whole_column) > at.room():
            at.next_column()
        at.title(title)
        at.y -= 1
        for line in note:
            if at.room() < LEADING:
                at.carry_on(page, block.title)
            at.y -= LEADING
            at.put(_Item("note", at.x + 2, at.y, line))
        at.y -= 2
        for label, lines in rows:
            need = len(lines) * LEADING
            if need > at.room() and (need <= whole_column or at.room() < 3 * LEADING):
                at.carry_on(page, block.title)  # whole in the next column, or begun there
            shown = label
            for line in lines:
                if at.room() < LEADING:  # a row longer than a column: on in the next
                    at.carry_on(page, block.title)
                    shown = label
                at.y -= LEADING
                at.put(_Item("row", at.x, at.y, line, shown, block.label_width))
                shown = ""
            at.y -= 1.6
            at.put(_Item("rule", at.x, at.y + 0.8, width=COLUMN_WIDTH))
        at.y -= 6
    return at.pages


def draw_placed(page: Page, placed: Placed) -> None:
    """Draw what :func:`flow` placed on this page."""
    for item in placed.items:
        x, y = item.x, item.y
        if item.kind == "title":
            lines = item.text.split("\n")
            band = _band(len(lines))
            page.canvas.setFillColor(GREY)
            page.canvas.rect(x, y - band, item.width, band, stroke=0, fill=1)
            page.canvas.setFillColor((0, 0, 0))
            for number, line in enumerate(lines):
                page.text(x + 3, y - _TITLE_H + 2.6 - number * _TITLE_LEADING, line,
                          _TITLE_SIZE, bold=True, width=item.width - 6)
        elif item.kind == "note":
            page.text(x, y, item.text, SIZE - 0.5)
        elif item.kind == "row":
            if item.label:
                page.text(x + 1, y, item.label, SIZE, bold=True, width=item.width - 2)
            page.text(x + item.width, y, item.text, SIZE)
        else:  # the rule under a row
            page.canvas.setStrokeColor((0.7, 0.7, 0.7))
            page.rule(x, y, x + item.width, 0.3)
            page.canvas.setStrokeColor((0, 0, 0))
