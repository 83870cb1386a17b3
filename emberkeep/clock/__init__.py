"""One game clock, from a WDD segment to a week (R27).

Game time is a whole number of seconds since the first moment of year 1 of the campaign's
calendar. Everything with a duration is an entry on the campaign's timeline with the second it
ends (or the rest that ends it); advancing the clock expires entries, crosses midnights (daily
limits reset) and year ends, in the order they fall, and says what changed.
"""
