"""A purse of gold, silver and copper pieces: 10 cp = 1 sp, 10 sp = 1 gp.

Coins are kept as counts (not one total) because coins weigh: 1000 of them are one load (R14),
whatever their metal. Spending pays with the smallest coins first and takes change in smaller
coins, as a character counting out a price would; a price the purse cannot meet is refused with
a plain :class:`ValueError` and the purse is left as it was.
"""

# The annotations are objects, not strings (no ``from __future__ import annotations``): the
# purse's model is built when a campaign first loads, and pydantic parses a string annotation
# as code, one field at a time.

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["CP_PER_GP", "CP_PER_SP", "Purse", "format_coins", "to_cp"]

CP_PER_SP = 10
MAX_COINS = 10**12  # far beyond any hoard; refuses absurd numbers in a hand-edited file
CP_PER_GP = 100


def to_cp(gp: int = 0, sp: int = 0, cp: int = 0) -> int:
    """An amount in copper pieces; negative amounts are refused."""
    if gp < 0 or sp < 0 or cp < 0:
        raise ValueError(f"an amount of money cannot be negative ({gp} gp {sp} sp {cp} cp)")
    return gp * CP_PER_GP + sp * CP_PER_SP + cp


def format_coins(total_cp: int) -> str:
    """``1520`` → ``"15 gp 2 sp"``; ``0`` → ``"0 cp"``. For prices and ledger lines."""
    sign = "-" if total_cp < 0 else ""
    gp, rest = divmod(abs(total_cp), CP_PER_GP)
    sp, cp = divmod(rest, CP_PER_SP)
    parts = [f"{n:,} {unit}" for n, unit in ((gp, "gp"), (sp, "sp"), (cp, "cp")) if n]
    return sign + (" ".join(parts) if parts else "0 cp")


class Purse(BaseModel):
    """Coins a character (or the party fund) holds."""

    model_config = ConfigDict(extra="forbid")

    gp: int = Field(default=0, ge=0, le=MAX_COINS)
    sp: int = Field(default=0, ge=0, le=MAX_COINS)
    cp: int = Field(default=0, ge=0, le=MAX_COINS)

    @property
    def total_cp(self) -> int:
        """The purse's worth in copper pieces."""
        return self.gp * CP_PER_GP + self.sp * CP_PER_SP + self.cp

    @property
    def coin_count(self) -> int:
        """How many coins, of any metal: what encumbrance counts (R14)."""
        return self.gp + self.sp + self.cp

    def can_afford(self, gp: int = 0, sp: int = 0, cp: int = 0) -> bool:
        return self.total_cp >= to_cp(gp, sp, cp)

    def add(self, gp: int = 0, sp: int = 0, cp: int = 0) -> None:
        """Put coins in the purse."""
        to_cp(gp, sp, cp)  # refuses negatives
        self.gp += gp
        self.sp += sp
        self.cp += cp

    def spend(self, gp: int = 0, sp: int = 0, cp: int = 0) -> None:
        """Pay a price, copper first, then silver, then gold, taking change in smaller coins.

        Raises :class:`ValueError` ("costs 15 gp, the purse holds 9 gp 8 sp") when the purse
        holds too little; it is then unchanged.
        """
        self.spend_cp(to_cp(gp, sp, cp))

    def spend_cp(self, price: int) -> None:
        """Pay a price given in copper pieces (see :meth:`spend`)."""
        if price < 0:
            raise ValueError(f"a price cannot be negative ({price} cp)")
        if price > self.total_cp:
            raise ValueError(
                f"not enough money: it costs {format_coins(price)}, "
                f"the purse holds {format_coins(self.total_cp)}"
            )
        owed = price
        paid_cp = min(self.cp, owed)
        self.cp -= paid_cp
        owed -= paid_cp
        paid_sp = min(self.sp, -(-owed // CP_PER_SP))
        self.sp -= paid_sp
        owed -= paid_sp * CP_PER_SP
        if owed < 0:  # change from a silver piece
            self.cp += -owed
            owed = 0
        if owed > 0:
            paid_gp = -(-owed // CP_PER_GP)
            self.gp -= paid_gp
            change = paid_gp * CP_PER_GP - owed
            self.sp += change // CP_PER_SP
            self.cp += change % CP_PER_SP

    @classmethod
    def from_cp(cls, total_cp: int) -> "Purse":
        """The fewest coins worth ``total_cp``."""
        if total_cp < 0:
            raise ValueError(f"a purse cannot hold a negative amount ({total_cp} cp)")
        gp, rest = divmod(total_cp, CP_PER_GP)
        sp, cp = divmod(rest, CP_PER_SP)
        return cls(gp=gp, sp=sp, cp=cp)

    def __str__(self) -> str:
        return f"{self.gp} gp {self.sp} sp {self.cp} cp"
