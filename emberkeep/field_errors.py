"""A refusal put on the field to blame, when the rule that refuses reads several fields.

A pydantic validator of a whole model reports at the model (``characters[3]``); a GM needs the
field (``characters[3].hp``). :func:`refused_at` makes the error pydantic would have made for
that field, so the campaign's loader gives its full path like any type error's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError
from pydantic_core import InitErrorDetails, PydanticCustomError

__all__ = ["Refusal", "refused_at"]

Refusal = tuple[tuple[str | int, ...], str, Any]
"""Where (the field's place in the model), why (a plain sentence) and the value refused."""


def refused_at(model: type, refusals: Sequence[Refusal]) -> ValidationError:
    """One error per refusal, each at its own field of ``model``."""
    return ValidationError.from_exception_data(model.__name__, [
        InitErrorDetails(type=PydanticCustomError("refused", "{reason}", {"reason": reason}),
                         loc=loc, input=value)
        for loc, reason, value in refusals])
