"""Emberkeep's rules core: pure Python and pydantic, never Qt.

A script or another front end can ``import emberkeep``, load a campaign, resolve an attack
and save it without a display.
"""

__version__ = "0.1.0"
