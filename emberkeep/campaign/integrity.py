"""A loaded campaign is whole: every id it names exists, every id it holds is its own.

The schema checks each value's type and range; this checks what the rules later rely on and
pydantic cannot see alone: the class, race, occupation, archetype (and its features), spells
and gear a sheet names exist in the campaign's catalog (the shipped entries with the GM's own
over them: ``Catalog(campaign)``); characters, encounters, ledger and timeline entries and each
character's gear have ids of their own, given in the file (a missing id would be a fresh random
one on each load, and the timeline, the ledger and recorded fights would point at nothing);
weapon damage is dice notation the roller reads; a base score under 3 has its cause, the race's
-1 (R2: a 3 rolled, less 1); the ledger and the timeline name only characters the campaign
holds; each combatant a fight keeps reads as strictly as a sheet
(:mod:`emberkeep.campaign.kept_combatants`). Each problem comes with its field path, as a type
error does. Every check is one pass over what it reads, and the common sheet, naming only what
is known, is answered by one test that builds nothing; only the others are looked at field by
field, so a large campaign loads in about the time it did without them (bench/campaign_io.py).
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Iterator, Sequence
from dataclasses import dataclass
from operator import attrgetter, methodcaller
from typing import Protocol

from pydantic import BaseModel

from emberkeep.campaign.kept_combatants import KeptCombatantError, kept_combatant
from emberkeep.campaign.model import PARTY, REMOVED, Campaign, EncounterRecord
from emberkeep.character.abilities import ABILITIES
from emberkeep.character.catalog import Catalog
from emberkeep.character.classes import classes
from emberkeep.character.model import Character
from emberkeep.character.occupations import occupation_table
from emberkeep.character.races import ROLLED_LOW, Race, lowest_base
from emberkeep.dice import DiceError, parse
from emberkeep.gear.catalog import GearCatalog, GearError
from emberkeep.gear.owned import OwnedGear, OwnedWeapon
from emberkeep.magic.spells import load_spells

__all__ = ["Problem", "campaign_problems"]


@dataclass(frozen=True, slots=True)
class Problem:
    field: str
    reason: str

    def __str__(self) -> str:
        return f"{self.reason} (at {self.field})"


class _Named(Protocol):
    @property
    def id(self) -> str: ...


def campaign_problems(campaign: Campaign) -> list[Problem]:
    """Every reference or value in ``campaign`` the rules could not use, in file order."""
    catalog = Catalog(campaign)
    problems: list[Problem] = []
    problems += _missing_ids("characters", campaign.characters)
    problems += _duplicates("characters", campaign.characters, "character")
    problems += _missing_ids("encounters", campaign.encounters)
    problems += _duplicates("encounters", campaign.encounters, "encounter")
    problems += _missing_ids("ledger", campaign.ledger)
    problems += _duplicates("ledger", campaign.ledger, "ledger entry")
    problems += _missing_ids("timeline", campaign.timeline)
    problems += _duplicates("timeline", campaign.timeline, "timeline entry")
    for field, label in (("archetypes", "archetype"), ("spells", "spell"),
                         ("magic_items", "magic item")):
        problems += _duplicates(field, getattr(campaign, field), label)
    known = _Known.of(catalog)
    for index, character in enumerate(campaign.characters):
        if not _plain_sheet(character, known):
            problems += _character_problems(f"characters[{index}]", character, known)
    for index, record in enumerate(campaign.encounters):
        problems += _combatant_problems(f"encounters[{index}]", record)
    problems += _reference_problems(campaign)
    return problems


def _reference_problems(campaign: Campaign) -> Iterator[Problem]:
    """The ledger and the timeline name only characters the campaign holds: a repair paid by
    no one, a condition that would end on no one, means nothing (removing a character detaches
    what named it: ``emberkeep.campaign.recorder.remove_step``)."""
    ids = set(map(_ID, campaign.characters))
    payers = ids | {PARTY, REMOVED}
    owners = ids | {None}
    if payers.issuperset(map(_PAID_BY, campaign.ledger)) \
            and owners.issuperset(map(_CHARACTER_ID, campaign.ledger)) \
            and owners.issuperset(map(_CHARACTER_ID, campaign.timeline)):
        return  # the common case, in three set tests
    for index, entry in enumerate(campaign.ledger):
        if entry.paid_by not in payers:
            yield Problem(f"ledger[{index}].paid_by", "names as its payer no character of this "
                                                      "campaign, nor the party")
        if entry.character_id is not None and entry.character_id not in ids:
            yield Problem(f"ledger[{index}].character_id", "names as the owner no character of "
                                                           "this campaign")
    for index, timed in enumerate(campaign.timeline):
        if timed.character_id is not None and timed.character_id not in ids:
            yield Problem(f"timeline[{index}].character_id", "names no character of this "
                                                             "campaign")


def _combatant_problems(at: str, record: EncounterRecord) -> Iterator[Problem]:
    for index, data in enumerate(record.combatants):
        try:
            kept_combatant(data)
        except KeptCombatantError as exc:
            for field, reason in exc.problems:
                yield Problem(f"{at}.combatants[{index}]" + (f".{field}" if field else ""),
                              reason)


# The whole-list tests below run in C (map over attrgetter and a set's __contains__): every
# entry is asked, no Python frame per entry; the loops that name the entry run only on a miss.
_ID = attrgetter("id")
_PAID_BY = attrgetter("paid_by")
_CHARACTER_ID = attrgetter("character_id")
_FIELDS_SET = attrgetter("__pydantic_fields_set__")  # model_fields_set, without a property
_HOLDS_ID = methodcaller("__contains__", "id")


def _missing_ids(field: str, entries: Sequence[BaseModel]) -> Iterator[Problem]:
    if all(map(_HOLDS_ID, map(_FIELDS_SET, entries))):
        return
    for index, entry in enumerate(entries):
        if "id" not in entry.__pydantic_fields_set__:  # model_fields_set, without a property
            yield Problem(f"{field}[{index}].id", "has no id: every entry keeps the one it was "
                                                  "given, or what points at it is lost")


def _duplicates(field: str, entries: Sequence[_Named], label: str) -> Iterator[Problem]:
    if len(set(map(_ID, entries))) == len(entries):
        return
    first: dict[str, int] = {}
    for index, entry in enumerate(entries):
        if entry.id in first:
            yield Problem(f"{field}[{index}].id",
                          f"the {label} id {entry.id!r} is already used by {field}"
                          f"[{first[entry.id]}]")
        else:
            first[entry.id] = index


@dataclass(frozen=True, slots=True)
class _Known:
    """What the sheets may name, looked up once for the whole roster (the GM's own entries over
    the shipped ones): building the gear catalog for each sheet took most of the check's time."""

    catalog: Catalog
    races: dict[str, Race]
    classes: Container[str]
    occupations: list[str]
    occupation_ids: frozenset[str]
    spells: frozenset[str]
    cantrips: list[str]
    cantrip_ids: frozenset[str]
    gear: GearCatalog
    gear_ids: frozenset[str]
    magic_items: Container[str]
    dice: set[str]
    """Damage texts already read as dice in this load: a roster repeats a handful of them."""

    @classmethod
    def of(cls, catalog: Catalog) -> _Known:
        occupations = [row.id for row in occupation_table().rows]
        cantrips = [c.id for c in load_spells().cantrips]
        gear = catalog.gear()
        gear_ids = frozenset().union(gear.armor, gear.shields, gear.weapons, gear.items,
                                     gear.magic_items, gear.kits)  # what kind_of knows
        return cls(catalog, catalog.races(), classes(), occupations, frozenset(occupations),
                   frozenset(catalog.spells()), cantrips, frozenset(cantrips), gear, gear_ids,
                   catalog.magic_items(), set())


def _plain_sheet(character: Character, known: _Known) -> bool:
    """Whether the sheet names only what is known and holds nothing worth a closer look: the
    common sheet, answered in one pass that builds nothing (the load checks some 500 of them);
    anything else goes through :func:`_character_problems`, which says what is wrong."""
    scores = character.scores
    if (character.race not in known.races or character.archetype is not None
            or min(scores.STR.base, scores.DEX.base, scores.CON.base, scores.INT.base,
                   scores.WIS.base, scores.CHA.base) < ROLLED_LOW
            or (character.class_id is not None and character.class_id not in known.classes)
            or (character.occupation is not None
                and character.occupation not in known.occupation_ids)
            or not known.spells.issuperset(character.spells_known)
            or not known.cantrip_ids.issuperset(character.cantrips)):
        return False
    inventory = character.inventory
    gear_ids, dice = known.gear_ids, known.dice
    for pieces in (inventory.armor, inventory.shields, inventory.items):
        for piece in pieces:
            if "uid" not in piece.__pydantic_fields_set__ or piece.catalog_id not in gear_ids \
                    or piece.magic is not None:
                return False
    for weapon in inventory.weapons:  # and dice this load has read before
        if "uid" not in weapon.__pydantic_fields_set__ or weapon.catalog_id not in gear_ids \
                or weapon.magic is not None or weapon.damage not in dice \
                or (weapon.versatile_damage is not None and weapon.versatile_damage not in dice):
            return False
    return True


def _character_problems(at: str, character: Character, known: _Known) -> Iterator[Problem]:
    race = known.races.get(character.race)
    scores = character.scores
    if race is None:
        yield Problem(f"{at}.race", _unknown("race", character.race, known.races))
    elif min(scores.STR.base, scores.DEX.base, scores.CON.base, scores.INT.base,
             scores.WIS.base, scores.CHA.base) < ROLLED_LOW:  # the rare sheet worth a look
        yield from _score_problems(at, character, race)
    if character.class_id is not None and character.class_id not in known.classes:
        yield Problem(f"{at}.class_id", _unknown("class", character.class_id, classes()))
    if character.occupation is not None and character.occupation not in known.occupations:
        yield Problem(f"{at}.occupation", _unknown("occupation", character.occupation,
                                                   known.occupations))
    yield from _archetype_problems(at, character, known.catalog)
    for index, spell_id in enumerate(character.spells_known):
        if spell_id not in known.spells:
            yield Problem(f"{at}.spells_known[{index}]",
                          _unknown("spell", spell_id, known.spells))
    for index, cantrip_id in enumerate(character.cantrips):
        if cantrip_id not in known.cantrips:
            yield Problem(f"{at}.cantrips[{index}]",
                          _unknown("cantrip", cantrip_id, known.cantrips))
    yield from _gear_problems(f"{at}.inventory", character, known)


def _score_problems(at: str, character: Character, race: Race) -> Iterator[Problem]:
    """A base score starts at 3d6's 3 at least, 2 under the race's -1 (R2), and only goes up;
    what injuries take is a loss kept apart (R29)."""
    for ability in ABILITIES:
        base = character.scores.get(ability).base
        if base < ROLLED_LOW and base < lowest_base(race, ability):
            yield Problem(f"{at}.scores.{ability.value}.base",
                          f"a base {ability.value} of {base} has no cause: scores start at 3 "
                          f"(3d6), 2 only where the race takes 1 (R2); a score lost to an "
                          f"injury is kept as a loss (R29)")


def _archetype_problems(at: str, character: Character, catalog: Catalog) -> Iterator[Problem]:
    if character.archetype is None:
        return
    archetype = catalog.find_archetype(character.archetype)
    if archetype is None:
        yield Problem(f"{at}.archetype", _unknown("archetype", character.archetype,
                                                  catalog.archetypes()))
        return
    features = {f.id for f in archetype.features}
    for index, chosen in enumerate(character.archetype_features):
        if chosen.feature_id not in features:
            yield Problem(f"{at}.archetype_features[{index}].feature_id",
                          _unknown(f"feature of {archetype.name}", chosen.feature_id, features))


def _gear_problems(at: str, character: Character, known: _Known) -> Iterator[Problem]:
    inventory = character.inventory
    for field in ("armor", "shields", "weapons", "items"):
        pieces: list[OwnedGear] = getattr(inventory, field)
        for index, piece in enumerate(pieces):
            yield from _piece_problems(f"{at}.{field}[{index}]", piece, known)


def _piece_problems(where: str, piece: OwnedGear, known: _Known) -> Iterator[Problem]:
    if "uid" not in piece.model_fields_set:  # a shared uid: Inventory refuses it
        yield Problem(f"{where}.uid", "has no uid: the ledger and recorded fights "
                                      "name each piece by it")
    try:
        known.gear.kind_of(piece.catalog_id)
    except GearError:
        yield Problem(f"{where}.catalog_id", f"unknown gear id {piece.catalog_id!r}")
    magic = piece.magic
    if magic is not None and magic.magic_item_id is not None \
            and magic.magic_item_id not in known.magic_items:
        yield Problem(f"{where}.magic.magic_item_id",
                      f"unknown magic item {magic.magic_item_id!r}")
    if isinstance(piece, OwnedWeapon):
        yield from _dice_problems(where, piece, known.dice)


def _dice_problems(where: str, weapon: OwnedWeapon, read: set[str]) -> Iterator[Problem]:
    for field in ("damage", "versatile_damage"):
        text = getattr(weapon, field)
        if text is None or text in read:
            continue
        try:
            parse(text)
        except DiceError as exc:
            yield Problem(f"{where}.{field}", f"the damage {exc}")
        else:
            read.add(text)


def _unknown(kind: str, value: str, known: Iterable[str]) -> str:
    names = sorted(known)
    shown = ", ".join(names[:12]) + (", ..." if len(names) > 12 else "")
    return f"unknown {kind} {value!r} (known: {shown})"
