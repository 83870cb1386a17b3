"""Error wording: every load error says where (duplicate keys, NaN and nesting had
no place), a truncated file says it is cut short, Python's advice to programmers
("use sys.set_int_max_str_digits()") never reaches the GM, and plurals are right."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from emberkeep.campaign.errors import CampaignFileError
from emberkeep.campaign.storage import loads

GOLDEN = (Path(__file__).parent.parent / "files" / "campaign_v1.json").read_text("utf-8")
HEAD = '{"schema_version": 1, "name": "x", '


def refusal(text: str) -> CampaignFileError:
    with pytest.raises(CampaignFileError) as caught:
        loads(text.encode("utf-8"), "party.json")
    return caught.value


@pytest.mark.parametrize(("text", "line", "column", "words"), [
    (HEAD + '"notes": "a",\n "notes": "b"}', 2, 2, "the key 'notes' appears twice"),
    (HEAD + '"party_fund": {"gp": 1,\n  "sp": 2, "gp": 3}}', 2, 12, "'gp' appears twice"),
    (HEAD + '"notes": "NaN",\n"time": NaN}', 2, 9, "holds NaN"),
    (HEAD + '"time": -Infinity}', 1, 44, "holds -Infinity"),
    (HEAD + '"notes": ' + "[" * 3000 + "]" * 3000 + "}", 1, 144, "nested too deeply"),
    (HEAD + '"notes": ' + "[" * 300 + "]" * 300 + "}", 1, 245, "nested too deeply"),
    (HEAD + '"time": ' + "1" * 5000 + "}", 1, 44, "a number too large for any field"),
    (GOLDEN[:1000], 41, 4, "is cut short"),
    (HEAD + '"notes": "the end is mis', 1, 45, "is cut short"),
])
def test_each_refusal_carries_its_line_and_column(text: str, line: int, column: int,
                                                  words: str) -> None:
    error = refusal(text)
    assert words in error.reason
    assert (error.line, error.column) == (line, column)
    assert f"(line {line}, column {column})" in str(error)
    assert "sys." not in str(error)


@pytest.mark.parametrize(("text", "field"), [
    ("[1]", "the top level"), ('{"schema_version": 99, "name": "x"}', "schema_version")])
def test_refusals_without_a_line_name_the_field(text: str, field: str) -> None:
    assert refusal(text).field == field


def test_the_rest_of_the_problems_are_counted_in_good_english() -> None:
    one_more = json.loads(GOLDEN)
    one_more["time"] = "noon"
    one_more["notes"] = 5
    assert refusal(json.dumps(one_more)).reason.endswith("(and 1 more problem)")
    one_more["name"] = ""
    assert refusal(json.dumps(one_more)).reason.endswith("(and 2 more problems)")
