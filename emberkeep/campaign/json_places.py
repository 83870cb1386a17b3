"""Where in a JSON text a refusal lies (every load error carries a location).

Python's JSON reader tells the line and column of a syntax error, but not of what the loader
refuses on top of it (a key given twice, NaN, nesting too deep, a number too long to read): its
hooks are called without a position. These find the place again with one pass over the text's
tokens. They run only on the error path, on text the reader has already taken apart once.
"""

from __future__ import annotations

import json
import re

__all__ = ["constant_at", "deep_at", "duplicate_key_at", "line_column", "long_number_at"]

# Strings first, so nothing inside one is taken for a bracket, a constant or a number.
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\]]|-?Infinity|NaN|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?')
_COLON = re.compile(r"\s*:")


def line_column(text: str, pos: int) -> tuple[int, int]:
    line = text.count("\n", 0, pos) + 1
    return line, pos - (text.rfind("\n", 0, pos) + 1) + 1


def constant_at(text: str) -> int | None:
    """The first NaN, Infinity or -Infinity outside a string."""
    for token in _TOKEN.finditer(text):
        if token[0] in ("NaN", "Infinity", "-Infinity"):
            return token.start()
    return None


def deep_at(text: str, depth: int) -> int | None:
    """The first bracket that opens more than ``depth`` levels deep."""
    level = 0
    for token in _TOKEN.finditer(text):
        char = token[0]
        if char in "[{":
            level += 1
            if level > depth:
                return token.start()
        elif char in "]}":
            level -= 1
    return None


def long_number_at(text: str, digits: int) -> int | None:
    """The first number with more than ``digits`` digits."""
    for token in _TOKEN.finditer(text):
        if token[0][0] in "-0123456789" and len(token[0]) > digits:
            return token.start()
    return None


def duplicate_key_at(text: str, key: str) -> int | None:
    """Where ``key`` is given the second time in one object."""
    seen: list[set[str] | None] = []  # per open container: keys so far (None for an array)
    for token in _TOKEN.finditer(text):
        char = token[0]
        if char == "{":
            seen.append(set())
        elif char == "[":
            seen.append(None)
        elif char in "]}":
            if seen:
                seen.pop()
        elif char[0] == '"' and seen and seen[-1] is not None \
                and _COLON.match(text, token.end()):
            try:
                name = json.loads(char)
            except ValueError:
                continue
            if name == key and name in seen[-1]:
                return token.start()
            seen[-1].add(name)
    return None
