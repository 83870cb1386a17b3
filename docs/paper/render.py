"""Write the README's paper samples: the example campaign's play sheets (a Fighter, a
Magic-user, a Cleric, and the Fighter again with a knight profile for the Melee Round), its
party sheet and its GM screen (the knight makes the campaign play the Melee Round, so its
modifiers print too), then each PDF page as a PNG at 80 dpi with ``pdftoppm``; the Fighter's
PDF is kept beside them, a sample to fill in. Not part of the app.

    uv run python docs/paper/render.py
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

from emberkeep.campaign import storage
from emberkeep.character.knight import KnightProfile
from emberkeep.paper.gm_screen import write_gm_screen
from emberkeep.paper.party_sheet import write_party_sheet
from emberkeep.paper.play_sheet import write_play_sheets
from emberkeep.resources import resource_path

HERE = Path(__file__).resolve().parent


def main() -> None:
    campaign = storage.load(resource_path("example_campaign.json"))
    by_class = {c.class_id: c for c in campaign.characters}
    fighter, wizard, cleric = by_class["fighter"], by_class["magic_user"], by_class["cleric"]
    knight = fighter.model_copy(deep=True, update={
        "id": "f" * 32, "name": "Sir Brannoc of the Ford",
        "knight": KnightProfile(horse_name="Thunder")})
    campaign.characters.append(knight)
    sheets = {"play_sheet_fighter": fighter, "play_sheet_magic_user": wizard,
              "play_sheet_cleric": cleric, "play_sheet_knight": knight}
    out = Path(tempfile.mkdtemp())
    for stem, character in sheets.items():
        write_play_sheets(out / f"{stem}.pdf", campaign, [character])
    write_party_sheet(out / "party_sheet.pdf", campaign)
    write_gm_screen(out / "gm_screen.pdf", campaign)
    for pdf in sorted(out.glob("*.pdf")):
        subprocess.run(["pdftoppm", "-png", "-r", "80", str(pdf), str(HERE / pdf.stem)],
                       check=True)
    shutil.copy(out / "play_sheet_fighter.pdf", HERE / "play_sheet_fighter.pdf")


if __name__ == "__main__":
    main()
