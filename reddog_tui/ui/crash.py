"""What Textual prints as it ends the app after an unexpected error goes to the log, not the screen."""

from __future__ import annotations

import io
import logging

from rich.console import Console
from rich.segment import Segments

log = logging.getLogger(__name__)

LOCALS_TITLE = " locals "  # the title of the box Rich draws a frame's local variables in


def without_locals(report: str) -> str:
    """Textual's traceback of an unhandled error, without the boxes of each frame's local variables:
    they may hold a PIN or a voucher number, which never go to a log."""
    kept = []
    closing = -1  # the column of the corner that closes the box being left out
    for line in report.splitlines():
        if closing >= 0:
            if line[closing : closing + 1] == "╰":
                closing = -1
            continue
        if LOCALS_TITLE in line and "╭" in line:
            closing = line.index("╭")
            continue
        kept.append(line.rstrip())
    return "\n".join(kept)


class CrashReport(Console):
    """The app's `error_console`, where Textual prints what ended it (its traceback of an unhandled
    error): written to the log instead, and remembered. Nothing of it reaches the terminal; the
    launcher shows one localized line in its place."""

    def __init__(self) -> None:
        super().__init__(file=io.StringIO(), markup=False, highlight=False)
        self.crashed = False  # an unexpected error ended the app

    def print(self, *objects: object, **kwargs: object) -> None:
        for item in objects:
            if isinstance(item, Segments):  # Textual's traceback, drawn
                self.crashed = True
                report = "".join(segment.text for segment in item.segments)
                log.critical("unexpected error, Red Dog stops\n%s", without_locals(report))
            else:  # Textual's note of how many errors there were
                log.error("%s", item)
