"""The campaign calendar (R27): months of equal length (30 days by default, 12 of them, named by
the GM), 24-hour days, 7-day weeks. Time 0 is midnight starting day 1 of month 1 of year 1."""

from __future__ import annotations

from dataclasses import dataclass

from emberkeep.campaign.settings import TimeSettings

__all__ = ["DAY", "HOUR", "MINUTE", "WEEK", "Calendar", "CalendarDate", "format_duration"]

MINUTE = 60
HOUR = 60 * MINUTE
DAY = 24 * HOUR
WEEK = 7 * DAY


@dataclass(frozen=True, slots=True)
class CalendarDate:
    year: int
    month: int
    day: int
    hour: int = 0
    minute: int = 0
    second: int = 0


class Calendar:
    def __init__(self, settings: TimeSettings | None = None) -> None:
        settings = settings or TimeSettings()
        self.month_names = list(settings.month_names)
        self.days_per_month = settings.days_per_month
        self.month_seconds = self.days_per_month * DAY
        self.year_seconds = len(self.month_names) * self.month_seconds

    def to_date(self, t: int) -> CalendarDate:
        if t < 0:
            raise ValueError(f"game time starts at 0, not {t}")
        year, rest = divmod(t, self.year_seconds)
        month, rest = divmod(rest, self.month_seconds)
        day, rest = divmod(rest, DAY)
        hour, rest = divmod(rest, HOUR)
        minute, second = divmod(rest, MINUTE)
        return CalendarDate(year + 1, month + 1, day + 1, hour, minute, second)

    def from_date(self, year: int, month: int, day: int, hour: int = 0, minute: int = 0,
                  second: int = 0) -> int:
        if year < 1:
            raise ValueError(f"the calendar starts in year 1, not {year}")
        if not 1 <= month <= len(self.month_names):
            raise ValueError(f"a year has months 1 to {len(self.month_names)}, not {month}")
        if not 1 <= day <= self.days_per_month:
            raise ValueError(f"a month has days 1 to {self.days_per_month}, not {day}")
        if not (0 <= hour < 24 and 0 <= minute < 60 and 0 <= second < 60):
            raise ValueError(f"{hour:02d}:{minute:02d}:{second:02d} is not a time of day")
        return ((year - 1) * self.year_seconds + (month - 1) * self.month_seconds
                + (day - 1) * DAY + hour * HOUR + minute * MINUTE + second)

    def format(self, t: int, *, seconds: bool = False) -> str:
        """``Day 14 of Thawmoon, year 1023, 08:00``."""
        d = self.to_date(t)
        clock = f"{d.hour:02d}:{d.minute:02d}" + (f":{d.second:02d}" if seconds else "")
        return f"Day {d.day} of {self.month_names[d.month - 1]}, year {d.year}, {clock}"

    @staticmethod
    def midnights_between(start: int, end: int) -> range:
        """The midnights in (start, end]: when daily limits reset."""
        first = (start // DAY + 1) * DAY
        return range(first, end + 1, DAY)

    def year_ends_between(self, start: int, end: int) -> range:
        first = (start // self.year_seconds + 1) * self.year_seconds
        return range(first, end + 1, self.year_seconds)


def format_duration(seconds: int) -> str:
    """``90`` → ``1 min 30 s``; ``93600`` → ``1 day 2 h``."""
    if seconds <= 0:
        return "now"
    parts = []
    for size, unit in ((WEEK, "wk"), (DAY, "day"), (HOUR, "h"), (MINUTE, "min"), (1, "s")):
        count, seconds = divmod(seconds, size)
        if count:
            parts.append(f"{count} {unit}" + ("s" if unit in ("wk", "day") and count > 1 else ""))
        if len(parts) == 2:
            break
    return " ".join(parts)
