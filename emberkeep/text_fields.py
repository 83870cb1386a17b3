"""The GM's words a campaign file keeps: names on one line, notes of plain text, both bounded.

A campaign file is untrusted: anyone may have written it. A name is one line the app shows in a
table cell, a title, a combo box or a file name, so it holds no control character at all, tabs
and line breaks included (a NUL cut names short in Qt's widgets and in the PDF). A note is
paragraphs the GM typed: it keeps its line breaks and tabs and no other control character.
Both have a length no GM reaches in play (a 50 MB character note froze the sheet for 11 s):
names 200 characters, notes 100,000, as the campaign's other names and notes already were.

Control characters are Unicode's "Cc": U+0000 to U+001F, U+007F and U+0080 to U+009F.
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import AfterValidator, Field
from pydantic_core import PydanticCustomError

__all__ = ["NAME_LENGTH", "NOTE_LENGTH", "Name", "Note", "OneLine", "PlainText",
           "control_character", "mended_name", "mended_note", "note_control_character"]

NAME_LENGTH = 200
NOTE_LENGTH = 100_000

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_NOTE_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")  # \t, \n and \r kept
_SHOWN = {"\t": "a tab", "\n": "a line break", "\r": "a line break", "\x00": "a NUL"}


def control_character(text: str) -> re.Match[str] | None:
    """The first control character of a would-be name, if any."""
    if text.isprintable():  # the common case, at C speed (no Cc is printable)
        return None
    return _CONTROL.search(text)


def note_control_character(text: str) -> re.Match[str] | None:
    """The first control character a note may not hold (not a tab or a line break), if any."""
    return _NOTE_CONTROL.search(text)


def mended_name(text: str) -> str:
    """``text`` as a name: each control character a space, the ends stripped (unchanged when
    nothing would be left, for the loader to refuse)."""
    if control_character(text) is None:
        return text
    return _CONTROL.sub(" ", text).strip() or text


def mended_note(text: str) -> str:
    """``text`` as a note: the control characters other than line breaks and tabs dropped."""
    return _NOTE_CONTROL.sub("", text)


def _what(found: re.Match[str]) -> str:
    char = found[0]
    shown = _SHOWN.get(char, "a control character")
    return f"{shown} (U+{ord(char):04X}) at character {found.start() + 1}"


def _one_line(text: str) -> str:
    if text.isprintable():  # the common case at C speed, without a call (a load checks ~3,000)
        return text
    found = _CONTROL.search(text)
    if found is not None:
        raise PydanticCustomError(
            "control_character", "holds {what}: a name is one line of plain text",
            {"what": _what(found)})
    return text


def _plain(text: str) -> str:
    if text.isprintable():  # no control character at all: the common case, as in _one_line
        return text
    found = _NOTE_CONTROL.search(text)
    if found is not None:
        raise PydanticCustomError(
            "control_character",
            "holds {what}: a note is plain text (line breaks and tabs are kept)",
            {"what": _what(found)})
    return text


OneLine = Annotated[str, AfterValidator(_one_line)]
"""One line of text; its length is the field's own (``Field(max_length=...)``: a length given
here as well would win over the field's, silently)."""

PlainText = Annotated[str, AfterValidator(_plain)]
"""Text with line breaks and tabs; its length is the field's own, as :data:`OneLine`'s."""

Name = Annotated[str, Field(min_length=1, max_length=NAME_LENGTH), AfterValidator(_one_line)]
"""A name a GM gives: one line, 1 to 200 characters."""

Note = Annotated[str, Field(max_length=NOTE_LENGTH), AfterValidator(_plain)]
"""A note: plain text of up to 100,000 characters, line breaks and tabs kept."""
