"""The app state's empty lists and maps are its own: the defaults are values pydantic copies for
each state, whether validated from a file that leaves them out or constructed."""

from __future__ import annotations

import pytest

from gui.state import AppState

EMPTY = ("recent", "window_geometry", "window_layout", "open_fights", "share_sheets",
         "loaded_sha256")


@pytest.mark.parametrize("name", EMPTY)
def test_two_states_share_no_list_nor_map(name: str) -> None:
    first = AppState.model_validate({})
    value = getattr(first, name)
    if isinstance(value, list):
        value.append("/tmp/a.json")
    else:
        value["/tmp/a.json"] = []
    assert getattr(AppState.model_validate({}), name) == type(value)()
    assert getattr(AppState(), name) == type(value)()
    assert getattr(AppState.model_construct(), name) == type(value)()
