"""The log: stdlib logging to the real standard error, which the README's unit sends to journald.

The log is English, for the people who read the system journal. While the kiosk draws on a
terminal that is also standard error, log lines would scribble over the screen: they are held
then, and written once the screen is given back.
"""

from __future__ import annotations

import logging
import sys
from contextlib import contextmanager
from typing import Iterator, TextIO

LOGGER = "reddog_tui"
HELD_AT_MOST = 1000  # records kept while the screen owns the terminal; the oldest go first
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class StderrHandler(logging.StreamHandler):
    """Writes to the real standard error, or holds the records while the screen owns it."""

    def __init__(self, stream: TextIO | None) -> None:
        super().__init__(stream)
        self.held: list[logging.LogRecord] | None = None

    def emit(self, record: logging.LogRecord) -> None:
        if self.held is None:
            super().emit(record)
            return
        if len(self.held) >= HELD_AT_MOST:
            del self.held[0]
        self.held.append(record)

    def write_held(self) -> None:  # not release(): that is logging.Handler's lock
        held, self.held = self.held or [], None
        for record in held:
            super().emit(record)


_handler: StderrHandler | None = None


def setup_logging(level: str = "info", stream: TextIO | None = None) -> logging.Logger:
    """Send the package's log to `stream` (the real stderr by default) from `level` up."""
    global _handler
    logger = logging.getLogger(LOGGER)
    if _handler is not None:
        logger.removeHandler(_handler)
        _handler = None
    stream = stream if stream is not None else sys.__stderr__
    if stream is not None:  # no standard error at all (a windowed start): nothing to write to
        _handler = StderrHandler(stream)
        _handler.setFormatter(logging.Formatter(FORMAT))
        logger.addHandler(_handler)
    logger.setLevel(level.upper())
    return logger


@contextmanager
def held_while_drawing() -> Iterator[None]:
    """Hold log lines while the app draws, if standard error is the terminal it draws on."""
    handler = _handler
    stream = getattr(handler, "stream", None)
    owns_terminal = handler is not None and stream is not None and _isatty(stream)
    if owns_terminal:
        handler.held = []
    try:
        yield
    finally:
        if owns_terminal:
            handler.write_held()


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
