"""Keys and clicks at a person's pace: a flood (a paste, a stuck key, a script) is dropped, not queued.

Every key the app takes may commit a transition to the journal, which waits for the
disk. A flood of thousands of keys or clicks would keep the kiosk busy for minutes and hold
every waiting one in memory; a person never types or clicks that fast, so such input is
dropped as it arrives and the queue stays short.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Protocol

from textual import events
from textual.driver import Driver
from textual.message import Message

# Key auto-repeat runs at about 30 keys a second; a person types well below that.
KEYS_PER_SECOND = 30.0
# A short run of keys typed quickly still passes whole (a PIN, a few chips).
KEY_BURST = 40
# A quick person taps about eight times a second; a run of taps on the digit pad passes whole.
CLICKS_PER_SECOND = 10.0
CLICK_BURST = 20


class KeyPace:
    """A token bucket: each key takes a token; tokens come back at `per_second`, up to `burst`."""

    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        per_second: float = KEYS_PER_SECOND,
        burst: int = KEY_BURST,
    ) -> None:
        self.clock = clock
        self.per_second = per_second
        self.burst = burst
        self.tokens = float(burst)
        self.last = clock()
        self.dropped = 0

    def admit(self) -> bool:
        """True if a key arriving now is within a person's pace; False drops it."""
        now = self.clock()
        elapsed = max(0.0, now - self.last)  # a clock set back gives no tokens
        self.tokens = min(float(self.burst), self.tokens + elapsed * self.per_second)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        self.dropped += 1
        return False


def event_clock() -> float:
    """Now, on the clock Textual stamps its events with when they are made (a key when the
    driver reads it): a message's `time`. Compared with a key's `time`, it tells a key that
    arrived before a moment from one that came after."""
    return Message().time


class HasPaces(Protocol):  # what the driver needs of the app
    key_pace: KeyPace
    click_pace: KeyPace


def paced_driver(base: type[Driver]) -> type[Driver]:
    """`base` (the terminal's driver), dropping keys and clicks the app's `key_pace` and
    `click_pace` do not admit; a click is a press and its release, dropped together.

    Textual calls `process_message` in the driver's input thread for every event it reads,
    before anything is queued for the app: a dropped key costs no task, no queue entry and
    no memory (the paces are only ever asked from this one thread).
    """

    class PacedDriver(base):  # type: ignore[valid-type, misc]
        press_dropped = False  # the last mouse press was dropped: so is its release

        def __init__(self, app: HasPaces, *args: Any, **kwargs: Any) -> None:
            super().__init__(app, *args, **kwargs)  # a driver is made with the app it drives (Driver.__init__)
            self.paces = app

        def process_message(self, message: Any) -> None:
            app = self.paces
            if isinstance(message, events.Key) and not app.key_pace.admit():
                return
            if isinstance(message, events.MouseDown):
                self.press_dropped = not app.click_pace.admit()
                if self.press_dropped:
                    return
            if isinstance(message, events.MouseUp) and self.press_dropped:
                self.press_dropped = False
                return
            super().process_message(message)

    PacedDriver.__name__ = PacedDriver.__qualname__ = f"Paced{base.__name__}"
    return PacedDriver
