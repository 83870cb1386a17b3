"""Repairs and picking up as campaign operations, each naming what it may change: the owners'
sheets, the payer's purse, the ledger, the party fund and (at the smith) the timeline (R16)."""

from __future__ import annotations

from collections.abc import Sequence

from emberkeep.campaign.model import Campaign
from emberkeep.campaign.operation import Operation, Refused
from emberkeep.campaign.scope import Scope
from emberkeep.gear.mending import repair_units
from emberkeep.repairs.condition import damaged_gear
from emberkeep.repairs.ledger import PARTY, pick_up, repair

__all__ = ["pick_up_weapons", "repair_affordable", "repair_gear"]

Piece = tuple[str, str]
"""(owner id, item uid)"""

_PAYING = ("ledger", "party_fund", "timeline")


def _scope(owners: Sequence[str], paid_by: str | None) -> Scope:
    payer = None if paid_by in (None, PARTY) else paid_by
    return Scope.of([*owners, payer], _PAYING)


def repair_gear(pieces: Sequence[Piece], *, units: int | None = None,
                paid_by: str | None = None, at_smith: bool = False,
                text: str = "Repair the selected gear") -> Operation[None]:
    """Mend each piece that still needs it (``units`` of it, all when None), paid by its owner
    or ``paid_by``; a piece the rules refuse refuses the whole operation."""
    chosen = list(pieces)

    def run(campaign: Campaign) -> None:
        for owner_id, uid in chosen:
            if repair_units(campaign.character(owner_id).inventory.find(uid)):
                repair(campaign, owner_id, uid, units=units, paid_by=paid_by,
                       at_smith=at_smith)

    return Operation(text, run, _scope([owner for owner, _ in chosen], paid_by))


def repair_affordable(*, paid_by: str | None = None, at_smith: bool = False,
                      text: str = "Repair all affordable gear") -> Operation[list[str]]:
    """Mend, in the list's order, every damaged piece the purse can still pay for; the names
    of those mended. Refused when none is affordable."""
    def run(campaign: Campaign) -> list[str]:
        done = []
        for condition in damaged_gear(campaign):
            item = campaign.character(condition.owner_id).inventory.find(condition.uid)
            if not repair_units(item) or item.at_smith:
                continue
            try:
                repair(campaign, condition.owner_id, condition.uid, paid_by=paid_by,
                       at_smith=at_smith)
            except ValueError:
                continue  # this one is not affordable: leave it, try the next
            done.append(condition.item)
        if not done:
            raise Refused("nothing is affordable with the chosen purse")
        return done

    return Operation(text, run, lambda c: _scope([g.owner_id for g in damaged_gear(c)],
                                                 paid_by))


def pick_up_weapons(pieces: Sequence[Piece], text: str = "Pick up dropped weapons"
                    ) -> Operation[None]:
    chosen = list(pieces)

    def run(campaign: Campaign) -> None:
        for owner_id, uid in chosen:
            pick_up(campaign, owner_id, uid)

    return Operation(text, run, Scope.of(owner for owner, _ in chosen))
