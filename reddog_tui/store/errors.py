"""The errors the store raises: a code the UI turns into a localized screen, and a money
action refused because the journal has carried it out already."""

from __future__ import annotations

from pathlib import Path

_LOG_TEXT = {
    "unwritable": "the data directory cannot be written",
    "read_only_file": "the database file is write-protected",
    "is_a_directory": "a directory stands where the database file belongs",
    "not_a_regular_file": "the database path is not a regular file (a pipe, socket or device)",
    "dangling_link": "the database path is a symbolic link to a file that does not exist",
    "side_file": "a file SQLite keeps beside the database is not a regular file",
    "stray_journal": "another program left a rollback journal beside the database",
    "not_a_folder": "the data directory is not a directory",
    "not_a_database": "the file is not a Red Dog database",
    "newer_schema": "the database was written by a newer version of Red Dog",
    "locked": "the database is in use by another Red Dog",
    "busy": "the database is locked by another program",
    "integrity": "the database failed its integrity check",
    "unmatched_credit": "a voucher credit has no matching redemption in the journal",  # `reddog check --full`
    "journal_mode": "the database did not confirm WAL journal and synchronous=FULL",
    "disk_full": "the disk holding the database is full",
    "write_failed": "the database could not be read or written",
}
CODES = tuple(_LOG_TEXT)


class StoreError(Exception):
    """Why the store refuses to open or write. `str()` is English, for logs only.

    `at_start` tells a refusal while opening (nothing was played) from a failure during play
    (the last action was not recorded); the screens word the two differently.
    """

    def __init__(self, code: str, path: Path | str, detail: str = "", at_start: bool = True) -> None:
        if code not in CODES:
            raise ValueError(f"unknown store error code {code!r}")
        self.code = code
        self.path = Path(path)
        self.detail = detail
        self.at_start = at_start
        text = f"{_LOG_TEXT[code]}: {self.path}"
        super().__init__(f"{text} ({detail})" if detail else text)


class IntentCarriedOut(Exception):
    """A money action whose identity the journal holds already: nothing was written.

    Not a fault of the journal (play goes on): the same action arrived a second time.
    """

    def __init__(self, intent: str) -> None:
        self.intent = intent
        super().__init__(f"money action {intent} is in the journal already")
