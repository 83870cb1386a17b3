"""The engine's refusal: :class:`RuleError`, an action the rules do not allow now.

In a module of its own, below the engine and its transactions, so that they and every rule
module refuse the same way (``engine`` hands it on as ``engine.RuleError``).
"""

from __future__ import annotations

from emberkeep.refusal import Refused

__all__ = ["RuleError"]


class RuleError(Refused):
    """An action the rules do not allow now, with the reason (nothing was changed)."""
