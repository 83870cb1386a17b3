"""The one refusal of the rules: a ``ValueError`` whose message is the reason a GM reads.

Every rule that refuses (an attack out of reach, a die face the die cannot show, a repair the
purse cannot pay) raises a :class:`Refused` or a subclass, and nothing was changed. It lives in
a module of its own, importing nothing, so the lowest layers (the dice) can raise it too.
"""

from __future__ import annotations

__all__ = ["Refused"]


class Refused(ValueError):
    """The rules refuse; ``str()`` is the reason, in the GM's words. Nothing was changed."""
