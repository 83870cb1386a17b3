"""Furnace's "A set of optional rules", each switchable per campaign.

advantage (5e), contested roll-under CHECKs (OSR), effort (ICRPG), skill challenges (4e); the
ICRPG timer is the clock's (:func:`emberkeep.clock.schedule.start_timer`).
"""
