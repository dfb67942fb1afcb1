"""Standard output of the commands that print: a write it does not take ends the command with
one line on standard error and status 74, a reader that has gone (`reddog par | head -5`) with
none and status 141."""

from __future__ import annotations

import errno
import os
import sys

from ..i18n import _

EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE: what a shell reports for a writer whose reader has gone
EXIT_OUTPUT_FAILED = 74  # sysexits' EX_IOERR: the command ran, but its output could not be written


class OutputFailed(Exception):
    """Standard output took no more of the command's text; the argument says why, localized."""


class GuardedOutput:
    """Standard output for the commands that print: a write it does not take (a full disk, a
    closed descriptor, a character set without the text's letters) becomes OutputFailed."""

    def __init__(self, stream) -> None:
        self.stream = stream  # None when the command was started with standard output closed

    def write(self, text: str) -> int:
        return self._guarded(lambda stream: stream.write(text))

    def flush(self) -> None:
        self._guarded(lambda stream: stream.flush())

    def _guarded(self, call):
        if self.stream is None:
            raise OutputFailed(_("The output could not be written: standard output is closed."))
        try:
            return call(self.stream)
        except BrokenPipeError:
            raise
        except UnicodeEncodeError:
            raise OutputFailed(
                _(
                    "The output could not be written: its character set, {encoding}, cannot show this text. "
                    "Use a UTF-8 locale, for example LANG=C.UTF-8."
                ).format(encoding=self.stream.encoding)
            ) from None
        except OSError as error:
            if error.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
                raise OutputFailed(_("The output could not be written: the disk is full.")) from None
            if error.errno == errno.EBADF:
                raise OutputFailed(_("The output could not be written: standard output is closed.")) from None
            raise OutputFailed(_("The output could not be written.")) from None

    def __getattr__(self, name: str):
        return getattr(self.stream, name)


def output_failed(failure: OutputFailed) -> int:
    """One line on standard error; what is still buffered for the output is dropped."""
    if isinstance(sys.stdout, GuardedOutput):
        sys.stdout = sys.stdout.stream
    if sys.stdout is not None:
        quiet_broken_pipe()
    print(f"reddog: {failure}", file=sys.stderr)
    return EXIT_OUTPUT_FAILED


def quiet_broken_pipe() -> int:
    """The reader went away (`reddog par | head -5`): stop without a word. Whatever is still
    buffered for it goes nowhere, so the interpreter's last flush cannot complain either."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    return EXIT_BROKEN_PIPE
