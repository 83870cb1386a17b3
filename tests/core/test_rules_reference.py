"""The rules reference: every ruling the code cites has an entry, every shipped table row is
rendered, docs/rules.md is what the reference renders today, and the search finds by words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from emberkeep.resources import resource_path
from emberkeep.rules_reference import (
    entries,
    reference,
    render_markdown,
    search,
    table,
    table_ids,
)

ROOT = Path(__file__).resolve().parents[2]
CITED = re.compile(r"\bR(\d{1,2})\b")


def _cited_numbers() -> dict[int, str]:
    """Each ruling number cited in a .py file of emberkeep/, gui/ or tests/, with one place."""
    found: dict[int, str] = {}
    for folder in ("emberkeep", "gui", "tests"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for match in CITED.finditer(path.read_text(encoding="utf-8")):
                found.setdefault(int(match.group(1)), str(path.relative_to(ROOT)))
    return found


def test_every_ruling_the_code_cites_has_an_entry() -> None:
    cited = _cited_numbers()
    assert len(cited) > 30  # the scan reads the code, not an empty folder
    numbers = {r.number for r in reference().rulings}
    assert {n: where for n, where in cited.items() if n not in numbers} == {}


def test_the_reference_holds_r1_to_r41_each_with_a_question_and_what_the_app_does() -> None:
    rulings = reference().rulings
    assert [r.number for r in rulings] == list(range(1, 42))
    assert reference().ruling(22).title == "Dead"
    for ruling in rulings:
        assert ruling.question.endswith("?"), ruling.number
        assert len(ruling.app) > 40, ruling.number
    with pytest.raises(KeyError, match="R1…R41"):
        reference().ruling(42)


def test_every_table_file_is_in_the_reference_once() -> None:
    shipped = sorted(p.stem for p in resource_path("tables").glob("*.json"))
    assert sorted(table_ids()) == shipped
    listed = [t for game in reference().games for t in game.tables]
    assert sorted(listed) == shipped


def test_the_markdown_renders_every_row_of_every_shipped_table() -> None:
    markdown = render_markdown()
    for table_id in table_ids():
        rendered = table(table_id)
        assert f"### {rendered.name}\n" in markdown
        assert rendered.rows
        for row in rendered.rows:
            line = "| " + " | ".join(c.replace("|", "\\|") for c in row) + " |"
            assert line in markdown, (table_id, row)


def test_a_rolled_table_reads_the_rows_the_core_rolls_on() -> None:
    from emberkeep.tables.combat import fumble_table

    rendered = table("fumble")
    assert rendered.die == "d12"
    assert rendered.rows == tuple((r.label, r.text) for r in fumble_table().rows)
    assert ("8", "You accidentally smash your weapon") in rendered.rows


def test_docs_rules_md_is_up_to_date() -> None:
    on_disk = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert on_disk == render_markdown(), (
        "docs/rules.md is stale: run `uv run python -m emberkeep.rules_reference > docs/rules.md`")


def test_search_finds_dead_in_r22_and_a_number_first() -> None:
    assert "R22" in [e.key for e in search("dead")]
    assert search("R22")[0].key == "R22"
    assert search("22")[0].key == "R22"
    assert "table:fumble" in [e.key for e in search("smash weapon")]
    assert search("") == entries()
    assert search("no such words anywhere xyzzy") == ()


def test_entries_group_by_game_then_rulings() -> None:
    groups = list(dict.fromkeys(e.group for e in entries()))
    assert groups == ["Furnace", "Wounds, Dismemberment and Death", "The Melee Round", "Rulings"]
    keys = [e.key for e in entries()]
    assert len(keys) == len(set(keys))
