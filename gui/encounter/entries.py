"""Every public action of the fight's core and where the GM reaches it.

One line per action function of ``emberkeep.encounter`` and ``emberkeep.melee_round`` (a
function in a module's ``__all__`` that takes the encounter first and returns the step it
made): the name of its key in :mod:`gui.encounter.shortcuts` (F1 lists the key), or, where the
encounter window has none, the reason why. ``tests/gui/test_action_entries.py`` finds every
such function and fails on one missing here, on a key name that does not exist, and on an empty
reason. Data only: no Qt, no rules.
"""

from __future__ import annotations

__all__ = ["ENTRIES", "Entry"]

Entry = tuple[str, str]  # ("key", shortcut name) or ("reason", why there is no key)

ENTRIES: dict[str, Entry] = {
    # Furnace / WDD encounter
    "emberkeep.encounter.actions.dodge": ("key", "dodge"),
    "emberkeep.encounter.actions.move_and_attack": ("key", "attack"),  # A on a NEAR target
    "emberkeep.encounter.actions.move_and_cast": ("key", "go_near_cast"),
    "emberkeep.encounter.attack.attack": ("key", "attack"),
    "emberkeep.encounter.casting.cast": ("key", "cast"),
    "emberkeep.encounter.casting.lay_on_hands": ("key", "lay_on_hands"),
    "emberkeep.encounter.durations.clear_fired_timers": ("key", "timers_seen"),
    "emberkeep.encounter.durations.start_timer": ("key", "timer"),
    "emberkeep.encounter.dying.stabilize": ("key", "stabilize"),
    "emberkeep.encounter.finish.end_fight": ("key", "finish"),
    "emberkeep.encounter.feature_actions.declare_hp_to_damage": ("key", "features"),
    "emberkeep.encounter.feature_actions.toggle_state": ("key", "features"),  # Rage
    "emberkeep.encounter.feature_actions.grant_ally_easy": ("key", "features"),
    "emberkeep.encounter.feature_actions.mark_reroll": ("key", "features"),
    "emberkeep.encounter.reveal.set_hidden": ("key", "hide"),
    "emberkeep.encounter.fending.fend": ("key", "fend"),
    "emberkeep.encounter.grapple.break_free": ("key", "break_free"),
    "emberkeep.encounter.grapple.declare_grapple": ("key", "grapple_intent"),
    "emberkeep.encounter.grapple.grapple": ("key", "grapple"),
    "emberkeep.encounter.grapple.shove": ("key", "shove_higher"),  # and Q, Shift+S; Q, K
    "emberkeep.encounter.grip.break_free": ("key", "break_free"),
    "emberkeep.encounter.grip.grip_attacks": ("key", "grip"),
    "emberkeep.encounter.halberd.choose_halberd_use": ("key", "halberd"),
    "emberkeep.encounter.items.use_item": ("key", "use_item"),
    "emberkeep.encounter.morale.dismiss_morale": ("key", "skip_morale"),
    "emberkeep.encounter.morale.pc_morale": ("key", "morale"),
    "emberkeep.encounter.morale.resolve_morale": ("key", "morale"),
    "emberkeep.encounter.mounts.mount": ("key", "mount"),
    "emberkeep.encounter.movement.disengage": ("key", "disengage_lower"),  # and Q, ]
    "emberkeep.encounter.movement.move": ("key", "closer"),  # and ]
    "emberkeep.encounter.movement.stand_up": ("key", "stand_up"),
    "emberkeep.encounter.rearm.draw_weapon": ("key", "draw"),
    "emberkeep.encounter.rearm.pick_up_weapon": ("key", "pick_up"),
    "emberkeep.encounter.ruling.gm_ruling": ("key", "ruling"),
    "emberkeep.encounter.simultaneous.resolve_simultaneous_melee": ("key", "simultaneous"),
    "emberkeep.encounter.surprise.check_surprise": ("key", "surprise"),
    "emberkeep.encounter.surprise.declare_spell": ("key", "declare_spell"),
    "emberkeep.encounter.turns.begin_round": ("key", "initiative"),
    "emberkeep.encounter.turns.next_turn": ("key", "next"),
    "emberkeep.encounter.turns.start": ("reason", "the headless start (surprise, then the "
                                                  "first round): the window runs its two "
                                                  "halves, S or Shift+S and I"),
    "emberkeep.encounter.unaware.mark_unaware": ("key", "unaware"),
    # The Melee Round: its panel's tactic (W) rolled with A
    "emberkeep.melee_round.engine_bridge.begin_melee_round": ("key", "initiative"),
    "emberkeep.melee_round.engine_bridge.melee_exchange": ("key", "attack"),
    "emberkeep.melee_round.engine_bridge.mount": ("key", "melee_mount"),
    "emberkeep.melee_round.engine_bridge.movement_phase": ("key", "melee_movement"),
    "emberkeep.melee_round.engine_bridge.rearm": ("key", "melee_rearm"),
    "emberkeep.melee_round.tactic_steps.award_glory": ("key", "melee_tactic"),
    "emberkeep.melee_round.tactic_steps.dodge_step": ("key", "melee_tactic"),
    "emberkeep.melee_round.tactic_steps.evade_step": ("key", "melee_tactic"),
    "emberkeep.melee_round.tactic_steps.melee_several": ("key", "melee_tactic"),
    "emberkeep.melee_round.tactic_steps.unopposed_step": ("key", "melee_tactic"),
}
