"""Why the journal cannot be used, in the person's language: for the kiosk's screen and the
attendant's command line alike."""

from __future__ import annotations

from ..i18n import _


def store_error_text(code: str, path: str, at_start: bool = True) -> str:
    """Why the journal cannot be used, naming what is wrong: the folder, the file, or the disk."""
    texts = {
        "unwritable": _("The data folder {path} cannot be written to. Choose another one with --data-dir."),
        "read_only_file": _(
            "The journal file {path} is write-protected, so Red Dog cannot record play in it. It has been "
            "left untouched. Allow writing to it or choose another folder with --data-dir."
        ),
        "is_a_directory": _(
            "{path} is a folder, not a Red Dog journal. It has been left untouched. "
            "Move it away or choose another folder with --data-dir."
        ),
        "not_a_regular_file": _(
            "{path} is not an ordinary file (it is a pipe, a device or a socket), so it cannot be a "
            "Red Dog journal. It has been left untouched. Move it away or choose another folder with --data-dir."
        ),
        "dangling_link": _(
            "{path} is a link to a file that does not exist, so there is no journal to open. It has been left "
            "untouched. Restore the file it points to or choose another folder with --data-dir."
        ),
        "side_file": _(
            "{path} is not an ordinary file, but SQLite keeps the journal's working files under this name. "
            "Everything has been left untouched. Move it away or choose another folder with --data-dir."
        ),
        "stray_journal": _(
            "Beside the journal {path} lies an unfinished change left by another program (a file ending in "
            "-journal). Both files have been left untouched. Keep them and call technical support."
        ),
        "not_a_folder": _(
            "{path} is not a folder, so Red Dog cannot keep its journal in it. It has been left untouched. "
            "Choose a folder with --data-dir."
        ),
        "not_a_database": _("The file {path} is not a Red Dog journal. It has been left untouched."),
        "newer_schema": _("The journal {path} was written by a newer version of Red Dog. It has been left untouched."),
        "locked": _("The journal {path} is in use by another Red Dog. Close that one first."),
        "busy": _("The journal {path} is held by another program. Close that program first."),
        "integrity": _(
            "The journal {path} failed its integrity check. Play is refused and the file is kept as it is. Please call an attendant."
        ),
        "journal_mode": _("The journal {path} cannot promise safe writes (WAL and full sync). Play is refused."),
        "disk_full": _(
            "The disk that holds the journal {path} is full. Free some space or choose another folder with --data-dir."
        )
        if at_start
        else _(
            "The disk that holds the journal {path} is full. The last action was not recorded; everything "
            "recorded before it is kept. Please call an attendant."
        ),
        "write_failed": _(
            "Red Dog could not read or write the journal {path}. Play is refused and the file is kept as it is. "
            "Please call an attendant."
        )
        if at_start
        else _(
            "Red Dog could not read or write the journal {path}. Nothing more can be recorded, so play has "
            "stopped; everything recorded so far is kept. Please call an attendant."
        ),
    }
    return texts.get(code, _("The journal {path} cannot be used.")).format(path=path)


def store_error_title(at_start: bool) -> str:
    return _("Red Dog cannot start") if at_start else _("Play has stopped")
