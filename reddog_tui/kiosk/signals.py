"""The signals that could end or stop a kiosk from its keyboard, ignored while it is locked."""

from __future__ import annotations

import signal
from typing import Any

# Ctrl+C, Ctrl+Z and Ctrl+\ when the terminal turns them into signals, and `kill -INT/-TSTP/-QUIT`.
EXIT_SIGNALS: tuple[signal.Signals, ...] = (signal.SIGINT, signal.SIGTSTP, signal.SIGQUIT)


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
