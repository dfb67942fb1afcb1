"""The log: stdlib logging to the real standard error, which a service unit sends to journald.

The log is English, for the people who read the system journal. While the kiosk draws on a
terminal that is also standard error (the plain console unit), log lines would scribble over the
screen: they go to the system log (`/dev/log`, which journald reads) then, so they are kept at
once even if the kiosk is killed; where there is no system log they are held and written once
the screen is given back.
"""

from __future__ import annotations

import logging
import logging.handlers
import socket
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

LOGGER = "reddog_tui"
HELD_AT_MOST = 1000  # records kept while the screen owns the terminal; the oldest go first
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
SYSLOG_ADDRESS = "/dev/log"
SYSLOG_FORMAT = "reddog[%(process)d]: %(levelname)s %(name)s: %(message)s"  # syslog adds the time


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
    if handler is None or stream is None or not _isatty(stream):
        yield
        return
    logger = logging.getLogger(LOGGER)
    system_log = _system_log()
    if system_log is not None:
        logger.removeHandler(handler)
        logger.addHandler(system_log)
    else:
        handler.held = []
    try:
        yield
    finally:
        if system_log is not None:
            logger.removeHandler(system_log)
            system_log.close()
            logger.addHandler(handler)
        else:
            handler.write_held()


def _system_log() -> logging.Handler | None:
    """A handler for the system log, or None where the machine has none."""
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    try:  # SysLogHandler itself accepts an address nobody listens on and then loses every line
        probe.connect(SYSLOG_ADDRESS)
    except OSError:
        return None
    finally:
        probe.close()
    system_log = logging.handlers.SysLogHandler(address=SYSLOG_ADDRESS)
    system_log.setFormatter(logging.Formatter(SYSLOG_FORMAT))
    return system_log


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
