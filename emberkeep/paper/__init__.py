"""Sheets on paper, as PDF files with form fields: the play sheet, the party sheet, the GM screen.

Pure Python over reportlab (no Qt): the command line prints them without starting the app, and
the app's File menu writes the same files. Nothing imports this package at start-up; each
module imports reportlab itself, when a sheet is first written. Every number comes from the
rules core (:mod:`emberkeep.character.sheet_numbers` and the table loaders), the same functions
the sheet on screen and the encounter engine use.

- :mod:`emberkeep.paper.play_sheet`: one page per character, to write on (fillable fields);
  :mod:`emberkeep.paper.continued` carries a list too long for it over the pages after it.
- :mod:`emberkeep.paper.party_sheet`: the party in play on one page (more for a large party).
- :mod:`emberkeep.paper.gm_screen`: the tables a GM looks up at the table, landscape;
  :mod:`emberkeep.paper.columns` flows them down columns and over pages.
- :mod:`emberkeep.paper.command`: ``emberkeep print``.
"""
