"""The app's state is built at start-up, before the first paint: its field annotations are
objects, which pydantic reads as they are instead of parsing each one as code."""

from __future__ import annotations

from gui.state import AppState


def test_every_app_state_field_annotation_is_an_object() -> None:
    strings = [field for field, annotation in vars(AppState)["__annotations__"].items()
               if isinstance(annotation, str)]
    assert strings == []
