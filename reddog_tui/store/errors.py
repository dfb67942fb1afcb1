"""The one error the store raises: a code the UI turns into a localized screen."""

from __future__ import annotations

from pathlib import Path

CODES = ("unwritable", "not_a_database", "newer_schema", "locked", "integrity", "journal_mode")

_LOG_TEXT = {
    "unwritable": "the data directory or database cannot be written",
    "not_a_database": "the file is not a Red Dog database",
    "newer_schema": "the database was written by a newer version of Red Dog",
    "locked": "the database is in use by another process",
    "integrity": "the database failed its integrity check",
    "journal_mode": "the database did not confirm WAL journal and synchronous=FULL",
}


class StoreError(Exception):
    """Why the store refuses to open or write. `str()` is English, for logs only."""

    def __init__(self, code: str, path: Path | str, detail: str = "") -> None:
        if code not in CODES:
            raise ValueError(f"unknown store error code {code!r}")
        self.code = code
        self.path = Path(path)
        self.detail = detail
        text = f"{_LOG_TEXT[code]}: {self.path}"
        super().__init__(f"{text} ({detail})" if detail else text)
