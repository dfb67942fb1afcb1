"""Signals and the kiosk: the ones a locked kiosk ignores, and the ones that end it cleanly."""

from __future__ import annotations

import signal
from collections.abc import Callable
from typing import Any

# Ctrl+C, Ctrl+Z and Ctrl+\ when the terminal turns them into signals, and `kill -INT/-TSTP/-QUIT`.
EXIT_SIGNALS: tuple[signal.Signals, ...] = (signal.SIGINT, signal.SIGTSTP, signal.SIGQUIT)

# Signals whose default action ends the process at once, leaving the terminal in full-screen
# mode: the terminal hung up, `kill`/`systemctl stop`, and (outside kiosk mode) Ctrl+C and Ctrl+\
# sent as signals. Each is turned into an orderly end instead.
ENDING_SIGNALS: tuple[signal.Signals, ...] = (signal.SIGHUP, signal.SIGTERM, signal.SIGINT, signal.SIGQUIT)


class ExitSignalLock:
    """Ignore the exit signals; `release()` puts back the handlers found by the first `hold()`.

    `hold()` may be called again (Textual's driver installs its own Ctrl+Z handler when it
    starts, so the app ignores SIGTSTP once more after that); only the first call saves.
    """

    def __init__(self) -> None:
        self._saved: dict[signal.Signals, Any] | None = None

    @property
    def held(self) -> bool:
        return self._saved is not None

    def hold(self) -> None:
        if self._saved is None:
            self._saved = {number: signal.getsignal(number) for number in EXIT_SIGNALS}
        for number in EXIT_SIGNALS:
            signal.signal(number, signal.SIG_IGN)

    def release(self) -> None:
        if self._saved is None:
            return
        for number, handler in self._saved.items():
            signal.signal(number, handler if handler is not None else signal.SIG_DFL)
        self._saved = None


class OrderlyEnd:
    """While installed, an ending signal calls `end(signal number)` instead of killing the
    process, so the app can close its journal and give the terminal back; `received` keeps
    the first such signal for the exit status. Signals ignored at install time stay ignored
    (the kiosk lock's, or a `nohup`)."""

    def __init__(self, end: Callable[[int], None]) -> None:
        self._end = end
        self._saved: dict[signal.Signals, Any] = {}
        self.received: int | None = None

    def _on_signal(self, number: int, _frame: Any) -> None:
        if self.received is None:
            self.received = number
        self._end(number)

    def install(self) -> None:
        for number in ENDING_SIGNALS:
            current = signal.getsignal(number)
            if current is signal.SIG_IGN:
                continue
            self._saved[number] = current
            signal.signal(number, self._on_signal)

    def uninstall(self) -> None:
        for number, handler in self._saved.items():
            signal.signal(number, handler if handler is not None else signal.SIG_DFL)
        self._saved = {}

    @property
    def exit_status(self) -> int | None:
        """128 + the signal, as a shell reports a process that a signal ended."""
        return None if self.received is None else 128 + self.received
