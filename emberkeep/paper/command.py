"""``emberkeep print FILE.json --sheet NAME | --sheets | --party | --gm-screen --out OUT.pdf``.

For a GM who prints before a session, without starting the app (no Qt is imported). The campaign
is loaded as the app loads it (:func:`emberkeep.check.load_whole`), and nothing is written to it.
A refusal (an unknown name, a file that does not load, a PDF that cannot be written) is one line
on stderr, naming what was wrong and what would do, and the exit status 1.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from emberkeep.campaign.errors import CampaignFileError
from emberkeep.campaign.model import Campaign
from emberkeep.character.model import Character

__all__ = ["main", "pick_characters"]


class Refused(Exception):
    """What the GM asked for cannot be printed; ``str()`` says why."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="emberkeep print",
        description="Write a campaign's sheets as a PDF to print or fill in: play sheets (a "
                    "page per character, more for a long list, with form fields), the party "
                    "sheet, or the GM screen. The campaign file is only read.")
    parser.add_argument("file", metavar="FILE.json", help="the campaign file")
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--sheet", metavar="NAME", action="append",
                      help="the play sheet of the character so named (repeat for more)")
    what.add_argument("--sheets", action="store_true",
                      help="a play sheet for every character of the campaign")
    what.add_argument("--party", action="store_true",
                      help="the party sheet: a row for each character in play, going on over "
                           "more pages for a large party")
    what.add_argument("--gm-screen", action="store_true", help="the GM screen's tables")
    parser.add_argument("--out", metavar="OUT.pdf", required=True, help="the PDF to write")
    return parser


def pick_characters(campaign: Campaign, names: Sequence[str]) -> list[Character]:
    """The characters named (exactly, else ignoring case and surrounding spaces); ``Refused``
    listing the known names when one matches none, or more than one."""
    picked = []
    for name in names:
        found = [c for c in campaign.characters if c.name == name]
        if not found:
            wanted = name.strip().casefold()
            found = [c for c in campaign.characters if c.name.strip().casefold() == wanted]
        if len(found) != 1:
            known = ", ".join(repr(c.name) for c in campaign.characters) or "none"
            problem = "no character is named" if not found else "more than one character is named"
            raise Refused(f"{problem} {name!r}; the characters are: {known}")
        picked.append(found[0])
    return picked


def main(argv: Sequence[str], stdout: TextIO | None = None,
         stderr: TextIO | None = None) -> int:
    out, err = stdout or sys.stdout, stderr or sys.stderr
    options = _parser().parse_args(list(argv))
    try:
        written = _write(options)
    except Refused as exc:
        print(f"emberkeep print: {exc}", file=err)
        return 1
    print(written, file=out)
    return 0


def _write(options: argparse.Namespace) -> str:
    from emberkeep.check import load_whole

    try:
        campaign = load_whole(options.file)
    except CampaignFileError as exc:
        raise Refused(str(exc)) from None
    except OSError as exc:  # a folder given as the file, say
        raise Refused(f"{options.file} cannot be read ({exc.strerror or exc})") from None
    out = Path(options.out)
    if out.is_dir():
        raise Refused(f"{out} is a folder; give the PDF's file name (OUT.pdf)")
    try:
        return _draw(options, campaign, out)
    except OSError as exc:
        raise Refused(f"{out} could not be written ({exc.strerror or exc}); choose a folder "
                      "you may write to") from None


def _draw(options: argparse.Namespace, campaign: Campaign, out: Path) -> str:
    if options.gm_screen:
        from emberkeep.paper.gm_screen import write_gm_screen

        return f"{out}: the GM screen, {_pages(write_gm_screen(out, campaign))}"
    if options.party:
        from emberkeep.paper.party_sheet import NoParty, write_party_sheet

        try:
            pages = write_party_sheet(out, campaign)
        except NoParty as exc:
            raise Refused(str(exc)) from None
        return f"{out}: the party sheet, {_pages(pages)}"
    from emberkeep.paper.play_sheet import write_play_sheets

    characters = list(campaign.characters) if options.sheets \
        else pick_characters(campaign, options.sheet)
    if not characters:
        raise Refused(f"{options.file} has no characters")
    write_play_sheets(out, campaign, characters)
    count = len(characters)
    return f"{out}: {count} play sheet{'s' if count != 1 else ''}"


def _pages(count: int) -> str:
    return f"{count} page{'s' if count != 1 else ''}"
