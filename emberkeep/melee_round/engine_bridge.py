"""The Melee Round through the encounter engine: every exchange is one undoable, logged step.

An exchange takes both combatants' rolls (rolled, or typed by the GM) in one step and applies
the Resolution, Winner's and Loser's phases with ``tx.set``; the Movement Phase is another step.
State lives where the engine keeps it: a knight's HP on its own track (R39: ``KnightProfile.hp``,
R24's SIZ + CON less its wounds, never the sheet's Furnace HP; the encounter, built as a Melee
Round one, reads and sets it with ``Encounter.hp`` and ``set_hp``), a monster's on its
combatant; fight state as combatant conditions (MOUNTED; PRONE when knocked down, R28's name;
UNCONSCIOUS; INCAPACITATED by a Major Wound, R33: "a Major Wound knocks it out of the fight"); a
lost weapon on the gear piece (``weapon_uid``) or ``Combatant.weapon_dropped`` (R26).

The tactic steps (several foes, unopposed blows, dodging, evasion, Glory) build on the helpers
here (a side of an exchange, the loser's phase, gear losses) and live in ``tactic_steps``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from emberkeep.encounter.combatant import Combatant, MeleeMonster
from emberkeep.encounter.conditions import ActiveCondition, names
from emberkeep.encounter.engine import Encounter, RuleError, Tx
from emberkeep.encounter.events import Step
from emberkeep.encounter.ruling import has_condition
from emberkeep.gear.owned import OwnedWeapon
from emberkeep.melee_round.catalog import MeleeWeapon, weapon
from emberkeep.melee_round.fighter import Fighter, from_knight, from_monster
from emberkeep.melee_round.modifiers import Stance, fatigue_penalty
from emberkeep.melee_round.movement import Plan, engaged, move_simultaneously
from emberkeep.melee_round.phases import (
    CHARGE_YARDS,
    Exchange,
    GearLoss,
    LoserResult,
    Side,
    resolve_exchange,
)
from emberkeep.melee_round.report import phase_lines
from emberkeep.melee_round.round_marks import BRAWLED, EVADED, FOUGHT, mark, marked
from emberkeep.melee_round.tactics import split_skill

__all__ = ["MELEE_ACTIONS", "Declared", "able", "apply_gear_losses", "apply_loser",
           "begin_melee_round", "fall_down", "fighter_of", "melee_exchange", "melee_over",
           "mount", "movement_phase", "rearm", "rounds_fought", "side_of"]

MOUNTED, PRONE, UNCONSCIOUS, OUT = "MOUNTED", "PRONE", "UNCONSCIOUS", "INCAPACITATED"
MELEE_ACTIONS = frozenset({"melee", "melee-several", "dodge", "evade", "unopposed"})
_KNOCKDOWN = "knocked down in round "


@dataclass(frozen=True, slots=True)
class Declared:
    """What one combatant declared this round (Determination Phase) and its situation."""

    weapon: str | None = None  # catalog id; None: the knight's usual weapon or the monster's
    weapon_uid: str | None = None  # the PC's gear piece, for R26 gear damage
    charge: bool = False  # a lance charge (moves and fights this round)
    charge_yards: int | None = None  # how far the horse ran; default: the distance it closes
    rebated: bool = False  # rebated weapon or pulled blows
    brawl: bool = False
    cover: bool = False
    immobilized: bool = False
    poor_visibility: bool = False
    higher_ground: bool = False
    height_yards: int = 0  # standing on a wall: how far a fall would be
    fatigue: int | None = None  # None: R33 from the rounds it has fought


def fighter_of(enc: Encounter, c: Combatant) -> Fighter:
    if c.kind == "pc":
        knight = enc.character(c).knight
        if knight is None:
            raise RuleError(f"{c.name} has no knight profile for the Melee Round")
        return from_knight(c.name, knight)
    if not isinstance(c.monster, MeleeMonster):
        raise RuleError(f"{c.name} has no Melee Round numbers (R33: skill, armor, SIZ, Damage)")
    return from_monster(c.monster)


def _weapon(enc: Encounter, c: Combatant, d: Declared) -> MeleeWeapon:
    if d.weapon is not None:
        return weapon(d.weapon)
    if c.kind == "pc":
        knight = enc.character(c).knight
        assert knight is not None
        return weapon(knight.weapon)
    assert isinstance(c.monster, MeleeMonster)
    if c.monster.weapon_id is not None:
        return weapon(c.monster.weapon_id)
    return MeleeWeapon(id="natural", name=c.monster.weapon, skill="weapon")


def rounds_fought(enc: Encounter, c: Combatant) -> int:
    """Earlier rounds in which ``c`` fought, for R33's fatigue: its FOUGHT marks (one a round,
    however many foes it faced), read from the combatant rather than the log, so an encounter
    that records nothing (the odds) tires its fighters as the window's does."""
    now = enc.state.round
    return sum(1 for key in c.used if key.partition("@")[0] == FOUGHT
               and int(key.partition("@")[2]) < now)


def side_of(enc: Encounter, c: Combatant, d: Declared) -> Side:
    """One side of an exchange: the combatant's fighter, weapon and stance from what it
    declared, with R33's fatigue counted from the rounds it has fought."""
    if not able(enc, c):
        raise RuleError(f"{c.name} is out of the fight")
    f = fighter_of(enc, c)
    w = _weapon(enc, c, d)
    if not d.brawl:
        _require_armed(enc, c, d)
    fatigue = d.fatigue
    if fatigue is None:
        con = f.major_wound if f.major_wound is not None else 99
        fatigue = fatigue_penalty(rounds_fought(enc, c) + 1, con)
    unburdened = f.knight and f.armor == 0
    stance = Stance(weapon=w, mounted=has_condition(c, MOUNTED), charging=d.charge,
                    knocked_down=has_condition(c, PRONE), immobilized=d.immobilized,
                    in_cover=d.cover,
                    unburdened=unburdened, poor_visibility=d.poor_visibility,
                    higher_ground=d.higher_ground, fatigue=fatigue)
    return Side(c.id, f, stance, enc.hp(c), d.rebated, d.brawl, d.height_yards)


def _require_armed(enc: Encounter, c: Combatant, d: Declared) -> None:
    if d.weapon_uid is not None:
        piece = enc.gear(enc.character(c).id, d.weapon_uid)
        if not isinstance(piece, OwnedWeapon):
            raise RuleError(f"{piece.name} is not a weapon")
        if piece.broken or piece.dropped:
            raise RuleError(f"{c.name}'s {piece.name} is {'broken' if piece.broken else 'dropped'}"
                            ": re-arm first")
    elif c.weapon_dropped:
        raise RuleError(f"{c.name} has lost its weapon: re-arm first (R23)")


def _add(tx: Tx, c: Combatant, condition: ActiveCondition) -> None:
    if condition.name not in names(c.conditions):
        tx.set(("c", c.id), "conditions", (*c.conditions, condition))


def _drop(tx: Tx, c: Combatant, name: str) -> None:
    if name in names(c.conditions):
        tx.set(("c", c.id), "conditions", tuple(x for x in c.conditions if x.name != name))


def apply_gear_losses(enc: Encounter, tx: Tx, losses: Sequence[GearLoss],
                      uids: Mapping[str, str | None]) -> None:
    """R26's broken or dropped weapons: on the PC's gear piece (``uids``: the one it fights
    with), else the combatant's ``weapon_dropped``."""
    for loss in losses:
        c = enc.combatant(loss.who)
        uid = uids.get(loss.who)
        if uid is not None:
            tx.set(("gear", enc.character(c).id, uid), loss.what, True)
        else:
            tx.set(("c", c.id), "weapon_dropped", True)
        tx.note(f"{c.name}: {loss.reason}")


def fall_down(enc: Encounter, tx: Tx, c: Combatant) -> None:
    """Knocked down (PRONE, R28's name) and off any horse; the footing is regained in a later
    round's Movement Phase."""
    _add(tx, c, ActiveCondition(PRONE, source=f"{_KNOCKDOWN}{enc.state.round}"))
    _drop(tx, c, MOUNTED)


def apply_loser(enc: Encounter, tx: Tx, c: Combatant, res: LoserResult) -> str:
    """The Loser's Phase on the engine's state (HP, knockdown, R33's Major Wound, unconscious,
    dying); returns the log's words for it."""
    enc.set_hp(tx, c, res.hp_after)  # R39: a PC's knight track, never its Furnace HP
    if res.fell:
        fall_down(enc, tx, c)
    if res.dismounted:
        _drop(tx, c, MOUNTED)
    words = [f"{res.actual} wound" + (f" + {res.fall_damage} fall" if res.fall_damage else "")]
    if res.knockdown in ("fell", "automatic"):
        words.append("knocked down")
    if res.major_wound:
        _add(tx, c, ActiveCondition(OUT, source="Major Wound (R33)"))
        words.append("Major Wound")
    if res.unconscious and res.hp_after > 0:
        _add(tx, c, ActiveCondition(UNCONSCIOUS, source="at or below Unconscious (R33)"))
        words.append("unconscious")
    if res.dying:
        tx.note(f"{c.name} is dying: first aid within the hour or death (R33)")
        words.append("dying")
    return ", ".join(words)


def _tick(enc: Encounter, tx: Tx, c: Combatant, skill: str) -> None:
    """R32: "after a notable success the GM may tick the weapon skill"."""
    knight = enc.character(c).knight if c.kind == "pc" else None
    if knight is not None and skill not in knight.ticks:
        tx.set(("pc", enc.character(c).id), "knight", knight.ticked(skill))
        tx.note(f"{c.name}: experience check for {skill} (R32)")


def _honor(enc: Encounter, tx: Tx, c: Combatant, delta: int, why: str) -> None:
    if c.kind != "pc":
        return
    knight = enc.character(c).knight
    if knight is not None:
        honor = max(0, min(40, knight.honor + delta))
        tx.set(("pc", enc.character(c).id), "knight", knight.model_copy(update={"honor": honor}))
        tx.note(f"{c.name}: {delta:+d} Honor ({why})")


def _charge(enc: Encounter, tx: Tx, a: Combatant, b: Combatant, da: Declared,
            db: Declared) -> None:
    """The lance charge moves and fights in the Resolution Phase: the horse "must move at
    least 6 yards in a roughly straight line"; the charger ends engaged (within 1 yard)."""
    gap = abs(a.position - b.position) - 1
    direction = 1 if b.position >= a.position else -1
    runs = {a.id: 0, b.id: 0}
    if da.charge and db.charge:
        runs[a.id], runs[b.id] = (gap + 1) // 2, gap // 2
    elif da.charge:
        runs[a.id] = gap
    else:
        runs[b.id] = gap
    for c, d, sign in ((a, da, direction), (b, db, -direction)):
        if not d.charge:
            continue
        run = d.charge_yards if d.charge_yards is not None else runs[c.id]
        if run < CHARGE_YARDS:
            raise RuleError(f"{c.name}'s horse runs {run} yards: a lance charge needs at least "
                            f"{CHARGE_YARDS}")
        tx.set(("c", c.id), "position", c.position + sign * runs[c.id])


def _skill_notes(tx: Tx, pair: tuple[Combatant, Combatant], ex: Exchange) -> None:
    """R25: each modified skill the d20 went under, said part by part."""
    for c, skill in zip(pair, ex.skills, strict=True):
        if len(skill.parts) > 1:
            tx.note(f"{c.name}: skill after modifiers {skill.text()}")


def melee_exchange(enc: Encounter, a_id: str, b_id: str, a: Declared | None = None,
                   b: Declared | None = None, *, tick: bool | None = None,
                   a_share: int | None = None) -> Step:
    """One opposed exchange between ``a`` and ``b``: both rolls in one step, each phase's result
    applied (R23-R25, R33). ``a_share`` is a's portion of its skill against several foes. The
    GM's typed d20s are found under ``("attack", combatant id)`` (``phases.resolve_exchange``)."""
    da, db = a or Declared(), b or Declared()
    ca, cb = enc.combatant(a_id), enc.combatant(b_id)
    if ca.side == cb.side:
        raise RuleError(f"{ca.name} and {cb.name} are on the same side")
    with enc.action(a_id, "melee") as tx:
        if da.charge or db.charge:
            _charge(enc, tx, ca, cb, da, db)
        elif not engaged(ca.position, cb.position):
            raise RuleError(f"{ca.name} and {cb.name} are not engaged (within 1 yard): move "
                            "first")
        sa, sb = side_of(enc, ca, da), side_of(enc, cb, db)
        extra = (0, 0)
        if a_share is not None:
            full = sa.skill()[1]
            split_skill(full, [a_share])
            extra = (a_share - full, 0)
        ex = resolve_exchange(tx, sa, sb, extra=extra,
                              extra_reason=f"share {a_share} of the skill")
        for reason in ex.mods.reasons:
            tx.note(reason)
        _skill_notes(tx, (ca, cb), ex)
        for line in phase_lines(ex, {ca.id: ca.name, cb.id: cb.name}):
            tx.note(line)
        apply_gear_losses(enc, tx, ex.gear, {a_id: da.weapon_uid, b_id: db.weapon_uid})
        for who in ex.fell:
            fall_down(enc, tx, enc.combatant(who))
            tx.note(f"{enc.combatant(who).name} fumbled and fell down clumsily")
        for c in (ca, cb):
            mark(enc, tx, c, FOUGHT)  # "either fight ... or move ..., but not both"
        if da.brawl or db.brawl:
            for c, d in ((ca, da), (cb, db)):
                if d.brawl:
                    _honor(enc, tx, c, -1, "brawling is most unchivalrous")
                    mark(enc, tx, c, BRAWLED)  # "Glory cannot be gained from brawling"
        result = ex.result
        if ex.winner is not None and ex.loser is not None and ex.blow is not None:
            loser_side = ex.loser_side
            assert loser_side is not None
            win, lose = enc.combatant(ex.winner.who), enc.combatant(loser_side.who)
            what = apply_loser(enc, tx, lose, ex.loser)
            # R32: a critical is a notable success (ticked unless tick=False); tick=True: the
            # GM rules this success notable anyway (a noteworthy foe).
            skill = ex.tick or (ex.winner.skill()[0] if tick and not ex.winner.brawling else None)
            if skill is not None and tick is not False:
                _tick(enc, tx, win, skill)
            crit = " critical," if ex.blow.doubled else ""
            tx.summary(f"{win.name} wins,{crit} {ex.blow.rolled} damage to {lose.name}: {what}")
        elif result.tie:
            tx.summary(f"{ca.name} and {cb.name} tie: no damage")
        else:
            tx.summary(f"{ca.name} and {cb.name} both miss")
    return enc.history[-1]


def begin_melee_round(enc: Encounter) -> Step:
    """A new melee round (its Determination Phase begins); the round counter counts them."""
    if melee_over(enc):
        raise RuleError("the fight is over")
    with enc.action("gm", "melee-round") as tx:
        tx.set(("enc",), "round", enc.state.round + 1)
        tx.set(("enc",), "phase", "fighting")
        tx.summary(f"Melee round {enc.state.round}")
    return enc.history[-1]


def mount(enc: Encounter, cid: str, mounted: bool = True) -> Step:
    """Put a knight on its horse (or take it off): riders fight and move as the text says."""
    c = enc.combatant(cid)
    with enc.action(cid, "mount") as tx:
        if mounted:
            if fighter_of(enc, c).horse is None:
                raise RuleError(f"{c.name} has no horse")
            _add(tx, c, ActiveCondition(MOUNTED))
        else:
            _drop(tx, c, MOUNTED)
        tx.summary(f"{c.name} {'mounts' if mounted else 'dismounts'}")
    return enc.history[-1]


def rearm(enc: Encounter, cid: str, weapon_uid: str | None = None) -> Step:
    """Re-arm after a dropped or broken weapon: pick it up or draw another (the round's
    action)."""
    c = enc.combatant(cid)
    with enc.action(cid, "rearm") as tx:
        if weapon_uid is not None:
            tx.set(("gear", enc.character(c).id, weapon_uid), "dropped", False)
        tx.set(("c", cid), "weapon_dropped", False)
        tx.summary(f"{c.name} re-arms")
    return enc.history[-1]


def _move_rate(enc: Encounter, c: Combatant) -> int:
    f = fighter_of(enc, c)
    if has_condition(c, MOUNTED) and f.horse is not None:
        return f.horse.move  # "Riders can move up to their mount's Movement Rate"
    if c.kind == "pc":
        knight = enc.character(c).knight
        assert knight is not None
        return knight.derived.move
    assert isinstance(c.monster, MeleeMonster)
    return c.monster.move


def movement_phase(enc: Encounter, goals: Mapping[str, int], *,
                   evaded: Sequence[str] = ()) -> Step:
    """The Movement Phase: those knocked down in an earlier round regain their footing, then
    everyone moving moves yard by yard at once. Leaving an engaged foe needs a won evasion, unless
    a rider leaves a footman (R33)."""
    with enc.action("gm", "movement") as tx:
        for c in enc.combatants.values():
            for cond in c.conditions:
                if cond.name == PRONE and cond.source.startswith(_KNOCKDOWN) \
                        and int(cond.source[len(_KNOCKDOWN):]) < enc.state.round \
                        and able(enc, c):
                    _drop(tx, c, PRONE)
                    tx.note(f"{c.name} regains his footing")
        plans: dict[str, Plan] = {}
        for cid, goal in goals.items():
            c = enc.combatant(cid)
            if has_condition(c, PRONE) or not able(enc, c):
                raise RuleError(f"{c.name} cannot move now")
            if marked(enc, c, FOUGHT):
                raise RuleError(f"{c.name} fought this round: a knight can \"either fight ... or "
                                "move ..., but not both\"")
            foes = [o for o in enc.enemies(c) if engaged(o.position, c.position)
                    and not (has_condition(o, UNCONSCIOUS) or has_condition(o, OUT))]
            free = has_condition(c, MOUNTED) and not any(has_condition(o, MOUNTED) for o in foes)
            got_away = cid in evaded or marked(enc, c, EVADED)  # a won evasion this round
            if foes and not free and not got_away and abs(goal - c.position) > 0:
                raise RuleError(f"{c.name} is engaged: evade first (or ride away from a footman)")
            plans[cid] = Plan(goal, _move_rate(enc, c))
        sides = {c.id: c.side for c in enc.combatants.values()}
        positions = {c.id: c.position for c in enc.combatants.values()}
        final, why = move_simultaneously(positions, sides, plans)
        for cid, yard in final.items():
            if yard != positions[cid]:
                tx.set(("c", cid), "position", yard)
        tx.summary("Movement: " + ", ".join(f"{enc.combatant(c).name} to {final[c]} ({why[c]})"
                                            for c in plans) if plans else "Movement: none")
    return enc.history[-1]


def able(enc: Encounter, c: Combatant) -> bool:
    return not (enc.is_down(c) or has_condition(c, UNCONSCIOUS) or has_condition(c, OUT))


def melee_over(enc: Encounter) -> bool:
    """Over when at most one side has anyone still able to fight."""
    return len({c.side for c in enc.combatants.values() if able(enc, c)}) <= 1
