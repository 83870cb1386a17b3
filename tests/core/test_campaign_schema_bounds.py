"""Every number a campaign file holds has bounds, so a huge number is refused with the field's
path instead of being taken in (issue #3: "huge numbers are refused")."""

from __future__ import annotations

from typing import Any

from emberkeep.campaign.model import Campaign


def _unbounded(schema: dict[str, Any]) -> list[str]:
    found: list[str] = []
    defs = schema.get("$defs", {})

    def walk(node: Any, where: str) -> None:
        if isinstance(node, dict):
            if node.get("type") == "integer":
                has_low = "minimum" in node or "exclusiveMinimum" in node
                has_high = "maximum" in node or "exclusiveMaximum" in node
                if not (has_low and has_high):
                    found.append(where)
            for key, value in node.items():
                if key != "$defs":
                    walk(value, f"{where}.{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, f"{where}[{i}]")

    walk({k: v for k, v in schema.items() if k != "$defs"}, "Campaign")
    for name, definition in defs.items():
        walk(definition, name)
    return found


def test_every_integer_in_the_file_has_both_bounds() -> None:
    assert _unbounded(Campaign.model_json_schema()) == []
