"""``emberkeep print``'s help and report say what it wrote: the party sheet goes on over as many
pages as the party takes, and the report counts them as the PDF holds them."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from emberkeep.campaign import storage
from emberkeep.campaign.saving import save
from emberkeep.character.groups import CharacterGroup
from emberkeep.paper.command import main
from emberkeep.resources import resource_path

EXAMPLE = str(resource_path("example_campaign.json"))


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def large_party(tmp_path: Path, count: int) -> Path:
    """The example campaign with ``count`` characters in the party in play."""
    campaign = storage.load(resource_path("example_campaign.json"))
    models = campaign.characters
    campaign.characters = [
        models[number % len(models)].model_copy(update={
            "id": f"{number + 1:032x}", "name": f"{models[number % len(models)].name} {number}",
            "group": CharacterGroup.PARTY})
        for number in range(count)]
    path = tmp_path / "large.json"
    save(campaign, path, keep_backup=False)
    return path


def test_the_party_sheet_report_counts_its_pages(tmp_path: Path) -> None:
    one, two = tmp_path / "one.pdf", tmp_path / "two.pdf"
    assert run(EXAMPLE, "--party", "--out", str(one)) == (
        0, f"{one}: the party sheet, 1 page\n", "")
    assert len(PdfReader(one).pages) == 1
    status, said, _ = run(str(large_party(tmp_path, 40)), "--party", "--out", str(two))
    assert status == 0 and len(PdfReader(two).pages) == 2
    assert said == f"{two}: the party sheet, 2 pages\n"


def test_the_gm_screen_report_counts_its_pages(tmp_path: Path) -> None:
    out = tmp_path / "screen.pdf"
    status, said, _ = run(EXAMPLE, "--gm-screen", "--out", str(out))
    assert status == 0
    assert said == f"{out}: the GM screen, {len(PdfReader(out).pages)} pages\n"


def test_the_help_no_longer_promises_one_page(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    said = " ".join(capsys.readouterr().out.split())  # argparse wraps the help to the width
    assert "on one page" not in said
    assert "--party the party sheet: a row for each character in play, going on over more " \
           "pages for a large party" in said
