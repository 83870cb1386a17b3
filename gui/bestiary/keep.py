"""A monster made on the fly (the monster form) kept in the bestiary: one recorded step."""

from __future__ import annotations

from emberkeep.campaign import bestiary
from emberkeep.campaign.scope import Scope
from emberkeep.encounter.bestiary_monsters import template_of
from emberkeep.encounter.combatant import MonsterStats
from gui.document import CampaignDocument

__all__ = ["keep_in_bestiary"]


def keep_in_bestiary(document: CampaignDocument, stats: MonsterStats, hit_dice: int) -> str:
    """Save ``stats`` as a new template (its own id; a name already kept gets a number);
    ``hit_dice``: the Hit Dice its HP are rolled with (0: its HP as they are)."""
    campaign = document.campaign
    template = template_of(stats, bestiary.new_template_id(campaign, stats.name),
                           hit_dice=hit_dice)
    document.run(f"Keep {stats.name} in the bestiary",
                 lambda c: bestiary.save_template(c, template),
                 scope=Scope.of(fields=("bestiary",)))
    return template.id
