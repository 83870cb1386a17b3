"""The one error a campaign file can give: a plain message saying where the file is broken."""

from __future__ import annotations

from pathlib import Path


class CampaignFileError(Exception):
    """A campaign file that cannot be read or written; ``str()`` is fit to show a GM.

    ``line``/``column`` locate malformed JSON; ``field`` is the path to invalid data
    (``characters[2].hp``). The file itself is never changed by a failed load or save.
    """

    def __init__(self, path: Path | str, reason: str, *, line: int | None = None,
                 column: int | None = None, field: str | None = None,
                 problems: tuple[tuple[str, str], ...] = ()) -> None:
        self.path = Path(path)
        self.reason = reason
        self.line = line
        self.column = column
        self.field = field
        self.problems = problems
        """Every problem found as (field path, reason), the first one included: ``emberkeep
        check`` lists them all."""
        super().__init__(self._message())

    def _message(self) -> str:
        where = ""
        if self.line is not None:
            where = f" (line {self.line}, column {self.column})"
        elif self.field:
            where = f" (at {self.field})"
        return f"{self.path.name}{where}: {self.reason}"


class CampaignSaveError(CampaignFileError):
    """Saving failed; the previous file is left exactly as it was."""
