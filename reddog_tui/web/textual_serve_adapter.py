"""Everything `reddog serve` takes from textual-serve, and the one place it reaches past its
public API.

textual-serve's `AppService` starts the kiosk's process, relays it to the browser and asks it
to quit (`start`, `send_bytes`, `set_terminal_size`, `blur`, `focus`, `stop`: all public). It
offers no public way to the process itself, which the server needs: to know that the kiosk has
ended (its journal closed) before the next one opens the journal, and to kill one that does
not end. textual-serve 1.1 keeps it as `AppService._process`; `KioskAppService.process` is the
only reader of that name. The version is held to 1.1 (pyproject.toml), `start` refuses to go
on if the process is not where it was, and tests/web/test_textual_serve_adapter.py fails as
soon as an upgrade moves any of it.

The page's own script (static/seat.js) starts textual.js's terminal through `window.onload`,
which textual.js sets; the browser test plays through it.
"""

from __future__ import annotations

from asyncio.subprocess import Process
from pathlib import Path

import textual_serve
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

__all__ = ["TEXTUAL_STATIC", "DownloadManager", "KioskAppService", "TextualServeChanged"]

TEXTUAL_STATIC = Path(textual_serve.__file__).with_name("static")  # xterm.js, textual.js and their CSS


class TextualServeChanged(RuntimeError):
    """textual-serve no longer keeps the app's process where version 1.1 does."""


class KioskAppService(AppService):
    """textual-serve's AppService, with the kiosk's process in reach."""

    @property
    def process(self) -> Process:
        """The kiosk's process, once `start` has started it."""
        process = getattr(self, "_process", None)
        if not isinstance(process, Process):
            raise TextualServeChanged(
                f"textual-serve's AppService keeps no process in _process (found {process!r}); "
                "reddog serve works with textual-serve 1.1 only"
            )
        return process

    async def start(self, width: int, height: int) -> None:
        await super().start(width, height)
        self.process  # noqa: B018 — fail now, not when the kiosk is to be ended
