"""Every engine action has a key or a reason: "A test lists every public action function of
emberkeep/encounter/ and emberkeep/melee_round/ and fails if one has no GUI entry (a key or menu
item) and no written reason." The entries are data (``gui.encounter.entries``); the keys are
the encounter window's registry (an entry's key ``attack`` is the action ``fight.attack``)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import emberkeep.encounter
import emberkeep.melee_round
from gui.encounter.entries import ENTRIES
from gui.encounter.shortcuts import ENCOUNTER_KEYS


def _action_functions() -> set[str]:
    """Public (in ``__all__``) functions taking the encounter first and returning the step(s)
    they made; those taking a ``tx`` are parts of another action, not actions."""
    found = set()
    for package in (emberkeep.encounter, emberkeep.melee_round):
        for info in pkgutil.iter_modules(package.__path__):
            module = importlib.import_module(f"{package.__name__}.{info.name}")
            for name in getattr(module, "__all__", ()):
                function = getattr(module, name)
                if not inspect.isfunction(function) or function.__module__ != module.__name__:
                    continue
                signature = inspect.signature(function)
                params = list(signature.parameters)
                if params[:1] == ["enc"] and "tx" not in params \
                        and "Step" in str(signature.return_annotation):
                    found.add(f"{module.__name__}.{name}")
    return found


def test_every_action_function_has_a_key_or_a_reason() -> None:
    functions = _action_functions()
    assert len(functions) > 40  # the survey found 43: the finder still finds them
    missing = sorted(functions - set(ENTRIES))
    assert not missing, f"no GUI entry and no reason: {missing}"
    assert not sorted(set(ENTRIES) - functions), "entries for functions that are gone"


def test_each_entry_names_a_real_key_or_gives_a_reason() -> None:
    keys = {a.id.removeprefix("fight."): a.key_text() for a in ENCOUNTER_KEYS.actions}
    for function, (kind, value) in ENTRIES.items():
        if kind == "key":
            assert value in keys, f"{function}: no shortcut named {value!r}"
        else:
            assert kind == "reason" and len(value.split()) >= 5, function


@pytest.mark.slow
def test_every_window_key_has_a_handler(qtbot: object, tmp_path: object,
                                        monkeypatch: object) -> None:
    """The keys the entries name are installed on the encounter window."""
    from pathlib import Path

    from emberkeep.dice import RandomRoller
    from tests.gui.test_encounter_window import open_encounter

    _window, ew = open_encounter(Path(str(tmp_path)), qtbot, monkeypatch,  # type: ignore[arg-type]
                                 RandomRoller(3), goblins=1)
    for kind, value in ENTRIES.values():
        if kind == "key":
            assert ew.action(f"fight.{value}").shortcut().toString(), value
