"""Hypothesis strategies for the campaign document, built from our own models.

They generate what a long campaign can hold: any unicode but control characters in names and
notes (notes keep line breaks and tabs), characters of every level and class with damaged gear
and purses, encounters with logs, ledger entries, every setting.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from emberkeep.campaign.model import (
    Campaign,
    EncounterRecord,
    EncounterStatus,
    LedgerEntry,
    LedgerKind,
    LogEvent,
)
from emberkeep.campaign.settings import (
    CampaignSettings,
    CritDamage,
    InitiativeMode,
    MonsterCrits,
    OptionalRules,
    RepairCosts,
    Resolution,
    TimeSettings,
)
from emberkeep.campaign.timeline import EndsOn, Timed, TimedKind
from emberkeep.character.abilities import Ability, AbilityScore, AbilityScores
from emberkeep.character.archetypes import shipped_archetypes
from emberkeep.character.luck import LuckState
from emberkeep.character.model import Character
from emberkeep.character.rest import max_hit_dice
from emberkeep.character.sheet_conditions import CharacterCondition
from emberkeep.character.skills import Skill
from emberkeep.gear.catalog import gear_catalog
from emberkeep.gear.inventory import Inventory
from emberkeep.gear.purse import Purse
from emberkeep.magic.spells import load_spells
from emberkeep.optional_rules.advantage import AdvantageMode
from emberkeep.optional_rules.contested import BothFail
from emberkeep.optional_rules.effort import EffortTask
from emberkeep.optional_rules.skill_challenge import ChallengeAttempt, SkillChallenge

CLASSES = ["fighter", "cleric", "rogue", "magic_user"]
RACES = ["human", "dwarf", "elf", "halfling", "half_orc"]

# What a GM types: any character but a control one (names are one line, the loader refuses a
# NUL or a tab in them); notes keep their line breaks and tabs.
_typed = st.characters(blacklist_categories=("Cc", "Cs"))
text = st.text(_typed, max_size=40)
names = st.text(_typed, min_size=1, max_size=40)
notes = st.text(st.characters(blacklist_categories=("Cc", "Cs"), whitelist_characters="\n\t"),
                max_size=200)
small = st.integers(0, 1000)

dates = st.integers(0, 10**11)
purses = st.builds(Purse, gp=small, sp=small, cp=small)


@st.composite
def inventories(draw: st.DrawFn) -> Inventory:
    catalog = gear_catalog()
    ids = sorted({*catalog.armor, *catalog.shields, *catalog.weapons, *catalog.items,
                  *catalog.magic_items})
    inventory = Inventory.from_catalog(draw(st.lists(st.sampled_from(ids), max_size=8)),
                                       equip=draw(st.booleans()))
    for armor in inventory.armor:
        armor.damage_points = draw(st.integers(0, armor.armor_bonus))
    for weapon in inventory.weapons:
        weapon.notches = draw(st.integers(0, 3))
        weapon.broken = draw(st.booleans())
        weapon.dropped = draw(st.booleans())
        weapon.note = draw(text)
    for shield in inventory.shields:
        shield.destroyed = draw(st.booleans())
    inventory.purse = draw(purses)
    return Inventory.model_validate(inventory.model_dump())


@st.composite
def characters(draw: st.DrawFn) -> Character:
    level = draw(st.integers(0, 10))
    max_hp = draw(st.integers(1, 150))
    bases = {a: draw(st.integers(3, 20)) for a in Ability}  # 3d6 and what raises it
    scores = AbilityScores(**{a.value: AbilityScore(base=base,  # a loss takes it to 0 at most
                                                    loss=draw(st.integers(0, min(6, base))))
                              for a, base in bases.items()})
    data: dict[str, Any] = dict(
        name=draw(names), player=draw(text), race=draw(st.sampled_from(RACES)),
        class_id=None if level == 0 else draw(st.sampled_from(CLASSES)), level=level,
        xp=draw(st.integers(0, 5000)), scores=scores, max_hp=max_hp,
        hp=draw(st.integers(-20, max_hp)), hit_dice=draw(st.integers(0, max_hit_dice(level))),
        save_proficiencies=draw(st.lists(st.sampled_from(list(Ability)), max_size=2,
                                         unique=True)),
        skill_proficiencies=draw(st.lists(st.sampled_from(list(Skill)), max_size=5,
                                          unique=True)),
        luck=LuckState(dice=draw(st.integers(0, 3)), fail_streak=draw(st.integers(0, 5))),
        inventory=draw(inventories()), notes=draw(notes),
        conditions=draw(st.lists(st.builds(CharacterCondition, name=names, source=text,
                                           timed_id=st.none() | st.just("d" * 32)),
                                 max_size=2)),
        feats=draw(st.lists(names, max_size=2)),
        alive=draw(st.booleans()),
    )
    return Character(**data)


log_events = st.builds(
    LogEvent, seq=st.integers(0, 10**6), round=st.integers(0, 1000), kind=names, text=text,
    data=st.dictionaries(st.text(max_size=10),
                         st.one_of(st.none(), st.booleans(), st.integers(-10**9, 10**9), text),
                         max_size=4))

encounters = st.builds(
    EncounterRecord, name=names, room_dc=st.integers(1, 40), at=dates,
    status=st.sampled_from(list(EncounterStatus)), notes=notes,
    log=st.lists(log_events, max_size=5))

def ledger_entries(people: list[str]) -> st.SearchStrategy[LedgerEntry]:
    """Entries paid by the party, one of ``people`` (character ids) or one since removed."""
    owners = st.none() | st.sampled_from(people) if people else st.none()
    return st.builds(
        LedgerEntry, at=dates, kind=st.sampled_from(list(LedgerKind)), description=text,
        cost_cp=st.integers(-10**6, 10**6),
        paid_by=st.sampled_from(["party", "removed", *people]),
        character_id=owners, item_uid=st.none() | st.just("c" * 32))


def timed(people: list[str]) -> st.SearchStrategy[Timed]:
    """Timeline entries about nobody or one of ``people``."""
    return st.builds(
        Timed, kind=st.sampled_from(list(TimedKind)), label=text, starts_at=dates,
        ends_at=st.none() | dates, ends_on=st.sampled_from(list(EndsOn)),
        character_id=st.none() | st.sampled_from(people) if people else st.none(),
        condition=st.none() | st.just("PRONE"), cost_cp=st.integers(0, 10**6))

settings = st.builds(
    CampaignSettings,
    rules=st.builds(OptionalRules, **{name: st.booleans()
                                      for name, f in OptionalRules.model_fields.items()
                                      if f.annotation is bool},
                    advantage_mode=st.sampled_from(list(AdvantageMode)),
                    contested_both_fail=st.sampled_from(list(BothFail))),
    initiative=st.sampled_from(list(InitiativeMode)),
    resolution=st.sampled_from(list(Resolution)),
    crit_damage=st.sampled_from(list(CritDamage)),
    monster_crits=st.sampled_from(list(MonsterCrits)),
    default_room_dc=st.integers(1, 40),
    repair=st.builds(RepairCosts, armor_point_pct=st.integers(0, 100),
                     weapon_notch_pct=st.integers(0, 100), broken_weapon_pct=st.integers(0, 100)),
    time=st.builds(TimeSettings, month_names=st.lists(names, min_size=12, max_size=12)),
)

# The GM's own entries (shipped ones renamed) and the table rules in play.
custom_archetypes = st.builds(
    lambda a, name: a.model_copy(update={"name": name}),
    st.sampled_from(sorted(shipped_archetypes().values(), key=lambda a: a.id)), names)
custom_spells = st.builds(lambda sp, name: sp.model_copy(update={"name": name}),
                          st.sampled_from(load_spells().spells), names)
custom_items = st.sampled_from(sorted(gear_catalog().magic_items.values(), key=lambda m: m.id))
skill_challenges = st.builds(
    SkillChallenge, id=names, name=names, dc=st.integers(1, 40),
    successes_needed=st.integers(1, 50), failure_limit=st.integers(1, 50),
    log=st.lists(st.builds(ChallengeAttempt, who=text, skill=text, total=st.integers(-100, 200),
                           dc=st.integers(-20, 60), success=st.booleans()), max_size=3))
efforts = st.builds(EffortTask, id=names, name=names, attempt_dc=st.integers(1, 40),
                    effort_needed=st.integers(1, 1000), progress=st.integers(0, 2000))

@st.composite
def _campaigns(draw: st.DrawFn) -> Campaign:
    """A campaign whose ledger and timeline name its own characters (the loader refuses an
    entry naming one it does not hold)."""
    people = draw(st.lists(characters(), max_size=3))
    ids = [c.id for c in people]
    return draw(st.builds(
        Campaign, name=names, settings=settings, characters=st.just(people),
        party_fund=purses, encounters=st.lists(encounters, max_size=2),
        ledger=st.lists(ledger_entries(ids), max_size=3), time=dates,
        timeline=st.lists(timed(ids), max_size=4), notes=notes,
        archetypes=st.lists(custom_archetypes, max_size=2, unique_by=lambda a: a.id),
        spells=st.lists(custom_spells, max_size=2, unique_by=lambda s: s.id),
        magic_items=st.lists(custom_items, max_size=2, unique_by=lambda m: m.id),
        skill_challenges=st.lists(skill_challenges, max_size=2),
        efforts=st.lists(efforts, max_size=2)))


campaigns = _campaigns()
