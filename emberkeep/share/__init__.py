"""Sharing the players' view with their phones: a read-only page served on the table's network.

:mod:`.sheet_view` (a character's sheet as its player reads it), :mod:`.snapshot` (what is
served, encoded once), :mod:`.page` (the HTML, its script and its Content-Security-Policy),
:mod:`.server` (the standard library's HTTP server in a thread, with the event stream) and
:mod:`.addresses` (where it may listen). What the players may know of a fight is the
encounter's own rule (:mod:`emberkeep.encounter.table_view`).
"""
