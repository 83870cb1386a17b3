"""What a spell's Success Level and a mishap row *do*, as typed data.

Like the crit tables' rows (``tables/effects.py``), each spell level and each mishap row keeps
the seed's words in ``text`` and lists its effects here; the engine applies them
(:mod:`emberkeep.encounter.spell_effects`) inside the cast's step, so undo takes them back. Each
effect is flat (no nesting) so the spell editor edits it with a plain form:

- ``area`` says who: "targets chosen by area": the ``target`` (the first
  the GM chose), the chosen targets ``close`` to it (the same zone) or ``near`` it (CLOSE or
  NEAR), or the ``caster``. The GM chooses whom a Fireball engulfs (allies too, if the GM
  says so); the level bounds how far from its target they may be. ``centre`` ``caster`` (a
  mishap's explosion) and a backfire take everyone in the area around the caster, nobody
  having chosen; the caster itself only in a backfire. A spell level centred on the caster
  ("+2d4 ATK for all allies NEAR") takes those the GM left in its area, or everyone in it if
  the GM chose nobody. ``foes_only`` keeps the caster's allies out ("set your enemies on
  fire"), ``allies_only`` its foes ("for all allies NEAR").
- ``save`` names the SAVE the row asks for ("Caster falls PRONE, DEX SAVE"): each subject
  makes it against the ROOM DC and the effect lands only on a failure; ``save_hard``: the
  seed's "its WIS SAVE is HARD". A SAVE against magic counts as one for the archetypes' "SAVE
  vs. magical EFFECTS are EASY" (context ``magic``).
- Durations are the crit tables' (:class:`~emberkeep.tables.effects.Duration`): rounds rolled
  now, the next round, the encounter, until removed or cured, until REST.

Kinds: ``damage`` (the level's damage dice unless ``dice`` is given; rolled once for the whole
area; ``each_round`` repeats that total each round for the rolled duration, the Ember Swarm's
"fire DAM for 1d4 turns"); ``condition`` (R28's PRONE, FRIGHTENED, PARALYSED, WEAK, STUNNED,
BLINDED, or the tables' plain ones such as ``attacks_hard``); ``no_healing`` ("the target can't
be healed"); ``cant_cast`` (the caster, until REST: this spell or any); ``random_target`` and
``backfire`` (the spell's level lands on a random combatant, or on the caster); ``random_spell``
(one of the caster's spells, at the rolled level); ``nothing`` (the seed's "(Nothing)"); and
``gm_call``, which says in the data why the GM applies it by hand (a summoned zombie, a
polymorph: the fight has no rules for new creatures).
"""

# The annotations are objects, not strings (no ``from __future__ import annotations``): these
# models are built when a campaign first loads, and pydantic parses a string annotation
# as code, one field at a time.

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from emberkeep.tables.duration import Duration
from emberkeep.tables.notation import DiceText

__all__ = [
    "SPELL_CONDITIONS",
    "Backfire",
    "CantCast",
    "GmCall",
    "NoHealing",
    "Nothing",
    "RandomSpell",
    "RandomTarget",
    "SpellCondition",
    "SpellDamage",
    "SpellEffect",
    "SpellEffectKind",
]

Area = Literal["target", "close", "near", "caster"]
Centre = Literal["target", "caster"]
SaveAbility = Literal["STR", "DEX", "CON", "INT", "WIS", "CHA"]

SPELL_CONDITIONS = ("PRONE", "FRIGHTENED", "PARALYSED", "WEAK", "STUNNED", "BLINDED",
                    "INCAPACITATED", "attacks_hard", "cant_act", "cant_attack", "polymorphed")
"""The conditions the shipped spells and mishaps put on (R28's, and the tables' plain ones)."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _Aimed(_Model):
    area: Area = "target"
    centre: Centre = "target"
    foes_only: bool = False
    # the caster's side ("for all allies NEAR"); left out of the file while off, so files from
    # before it save back as they were
    allies_only: bool = Field(False, exclude_if=lambda on: not on)
    save: SaveAbility | None = None
    save_hard: bool = False


class SpellDamage(_Aimed):
    kind: Literal["damage"] = "damage"
    dice: DiceText | None = None  # None: the level's own damage dice
    each_round: Duration | None = None


class SpellCondition(_Aimed):
    kind: Literal["condition"] = "condition"
    name: str = Field(min_length=1, max_length=60)
    duration: Duration


class NoHealing(_Aimed):
    kind: Literal["no_healing"] = "no_healing"
    duration: Duration


class CantCast(_Model):
    kind: Literal["cant_cast"] = "cant_cast"
    spell: Literal["this", "any"] = "any"
    save: SaveAbility | None = None


class RandomTarget(_Model):
    """The spell lands on a random combatant (not the caster) at the rolled Success Level, or
    at level 1 where the row rolls none (house reading: the least a spell does)."""

    kind: Literal["random_target"] = "random_target"


class Backfire(_Model):
    """The spell lands on its caster at the rolled Success Level."""

    kind: Literal["backfire"] = "backfire"


class RandomSpell(_Model):
    """One of the caster's known spells, chosen by a die, at the rolled Success Level."""

    kind: Literal["random_spell"] = "random_spell"


class Nothing(_Model):
    kind: Literal["nothing"] = "nothing"


class GmCall(_Model):
    """Applied by the GM's hand; ``reason`` says why the engine cannot."""

    kind: Literal["gm_call"] = "gm_call"
    reason: str = Field(min_length=1, max_length=1000)


SpellEffect = Annotated[
    SpellDamage | SpellCondition | NoHealing | CantCast | RandomTarget | Backfire | RandomSpell
    | Nothing | GmCall,
    Field(discriminator="kind"),
]

SpellEffectKind = Literal["damage", "condition", "no_healing", "cant_cast", "random_target",
                          "backfire", "random_spell", "nothing", "gm_call"]

EFFECT_MODELS: dict[str, type[BaseModel]] = {
    "damage": SpellDamage, "condition": SpellCondition, "no_healing": NoHealing,
    "cant_cast": CantCast, "random_target": RandomTarget, "backfire": Backfire,
    "random_spell": RandomSpell, "nothing": Nothing, "gm_call": GmCall,
}
"""Each kind's model (the spell editor's Add effect builds one from its kind)."""
