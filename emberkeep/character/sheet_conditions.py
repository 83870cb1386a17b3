"""A condition kept on a character's sheet outside a fight (R21's injuries "until rest", a
switched-on feature such as Rage, FRIGHTENED...).

Its own module, below the sheet: the archetypes' effects make and read these conditions, and the
sheet (:mod:`emberkeep.character.model`) holds them, so neither needs the other for it.
"""

# The annotations are objects, not strings (no ``from __future__ import annotations``): these
# models are built when a campaign first loads, and pydantic parses a string annotation
# as code, one field at a time.

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from emberkeep.text_fields import NAME_LENGTH, OneLine

__all__ = ["CharacterCondition"]


class CharacterCondition(BaseModel):
    """A condition that stays on the sheet outside a fight ("HARD until rest", FRIGHTENED...);
    ``timed_id`` names the timeline entry that ends it, if any."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: OneLine = Field(min_length=1, max_length=64)
    source: OneLine = Field("", max_length=NAME_LENGTH)
    timed_id: str | None = Field(None, max_length=64)
    # Engine II: an injury's condition the next fight puts back on the combatant ("rest": until
    # a rest ends it; "permanent": until magic or the GM); "removed" is not brought into fights.
    lasts: Literal["removed", "rest", "permanent"] = "removed"
