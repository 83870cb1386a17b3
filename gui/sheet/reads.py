"""What each part of a sheet reads of its character, so a change redraws only what it touches.

A sheet shows fields as they are (the HP, the name) and numbers the core derives from several
fields (AC from the armor, DEX, the fighting style, a switched-on Rage...). Which fields a
derived number reads is the core's business, not a list kept here: each part of the sheet is
redrawn by a function of the character (:class:`Watch`) run on a view of the character that
notes every field read (:func:`reading`), the core's own functions doing the reading. The next
:class:`~emberkeep.campaign.changes.Change` redraws a part again only when it names one of the
fields its last run read, or the rules every number is read with (the campaign's settings and
catalogs, ``Change.rules``). A field not read last time cannot change what the function
returns, so nothing is missed, and a new read (a weapon now held) is noted when it happens.

A function that reads the character whole (``model_dump``, ``model_copy``, its ``__dict__``)
is taken to read every field.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from emberkeep.campaign.changes import Change
from emberkeep.character.model import Character

__all__ = ["EVERY_FIELD", "Watch", "Watches", "reading"]

EVERY_FIELD = frozenset(Character.model_fields)
_WHOLE = frozenset({"__dict__", "model_dump", "model_dump_json", "model_copy", "__copy__",
                    "__deepcopy__", "__getstate__", "__iter__", "__repr_args__"})


class _Noting(Character):
    """The character read through a view that notes each field read (see :func:`reading`)."""

    __slots__ = ("_noted",)

    def __getattribute__(self, name: str) -> Any:
        if name in EVERY_FIELD:
            object.__getattribute__(self, "_noted").add(name)
        elif name in _WHOLE:
            object.__getattribute__(self, "_noted").update(EVERY_FIELD)
        return object.__getattribute__(self, name)


def reading(character: Character) -> tuple[Character, set[str]]:
    """``(view, reads)``: ``view`` is ``character`` (the same values, live: it shares their
    storage) and every field read through it is added to ``reads``. The view is for reading:
    it compares unequal to the character (another class) and is dropped after the run."""
    view = object.__new__(_Noting)
    object.__setattr__(view, "__dict__", character.__dict__)
    for slot in ("__pydantic_fields_set__", "__pydantic_extra__", "__pydantic_private__"):
        object.__setattr__(view, slot, object.__getattribute__(character, slot))
    reads: set[str] = set()
    object.__setattr__(view, "_noted", reads)
    return view, reads


class Watch:
    """A part of the sheet: ``show(character)`` redraws it; ``name`` says which (for tests and
    for reading a trace); ``also``: what it shows that is not a field of the character but is
    announced as one (the fight's conditions, as ``conditions``)."""

    __slots__ = ("also", "name", "reads", "show")

    def __init__(self, name: str, show: Callable[[Character], None],
                 also: Iterable[str] = ()) -> None:
        self.name = name
        self.show = show
        self.also = frozenset(also)
        self.reads: frozenset[str] | None = None  # None: never shown yet

    def run(self, character: Character) -> None:
        view, reads = reading(character)
        self.show(view)
        self.reads = frozenset(reads) | self.also

    def concerned(self, fields: frozenset[str]) -> bool:
        return self.reads is None or not self.reads.isdisjoint(fields)


class Watches:
    """The parts of one sheet, redrawn in the order they were added. ``last``: the names of
    the parts the last change redrew."""

    def __init__(self) -> None:
        self.parts: list[Watch] = []
        self.last: list[str] = []

    def add(self, name: str, show: Callable[[Character], None],
            also: Iterable[str] = ()) -> Watch:
        watch = Watch(name, show, also)
        self.parts.append(watch)
        return watch

    def show_all(self, character: Character) -> None:
        for watch in self.parts:
            watch.run(character)

    def follow(self, change: Change, character_id: str,
               character: Callable[[], Character]) -> None:
        """Redraw the parts ``change`` concerns: all of them when the rules changed, else
        those that read a field of this character it names."""
        if change.rules:
            due = list(self.parts)
        else:
            fields = change.fields_of(character_id)
            due = [w for w in self.parts if w.concerned(fields)] if fields else []
        self.last = [w.name for w in due]
        if due:
            now = character()
            for watch in due:
                watch.run(now)
