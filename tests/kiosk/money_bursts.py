"""Bursts of Enters, clicks and taps on an attendant's money action, as a bouncing key, a
double click or a double tap delivers them: every event of the burst is queued before the
app has handled the first, as a terminal's driver queues what it reads in one go."""

from __future__ import annotations

import asyncio
import io
import json
from pathlib import Path

from textual import events
from textual.widget import Widget

from reddog_tui.cli.journal import run_meters
from reddog_tui.store import Store
from reddog_tui.ui.screens.confirm import ConfirmScreen
from reddog_tui.ui.widgets.buttons import KeyButton

COUNTS = (2, 3, 10, 20)  # all within the app's key pace (a burst of 40 passes whole)
WAYS = ("keys", "clicks", "taps")
WHERE = ("amount", "confirmation")


def key_bar_item(app, action: str) -> KeyButton:
    (button,) = [b for b in app.screen.query(KeyButton) if b.item.action == action]
    return button


async def press_burst(pilot, key: str, count: int) -> None:
    """`count` presses of `key`, all sent before the app takes the first (Pilot's own press,
    started together: each sends its key through the driver, then waits)."""
    await asyncio.gather(*(pilot.press(key) for _ in range(count)))


async def pointer_burst(
    pilot, widget: Widget, count: int, *, spot: tuple[int, int] | None = None, finger: bool
) -> None:
    """`count` presses of the pointer on `widget`, queued together as the terminal reports them.

    A mouse clicks at one spot, so Textual counts a double, triple… click; a finger lands a
    cell beside the last tap, so each tap is a click of its own. The events go to the app as
    the driver sends them (Pilot's click hands its events to the screen on top when it starts,
    which a burst that opens a dialog would outlast).
    """
    post_presses(pilot.app, widget, count, spot=spot, finger=finger)
    await pilot.pause()


def post_presses(app, widget: Widget, count: int, *, spot: tuple[int, int] | None = None, finger: bool) -> None:
    """The events of `pointer_burst`, queued on the app and not waited for."""
    x, y = spot if spot is not None else (widget.region.width // 2, 0)
    for n in range(count):
        at_x = widget.region.x + x + (n % 2 if finger else 0)
        at_y = widget.region.y + y
        for kind in (events.MouseDown, events.MouseUp):
            app.post_message(kind(None, at_x, at_y, 0, 0, 1, False, False, False, screen_x=at_x, screen_y=at_y))


async def settle(pilot) -> None:
    for _ in range(3):
        await pilot.pause(0.05)


def confirmations(app) -> int:
    return sum(isinstance(screen, ConfirmScreen) for screen in app.screen_stack)


async def answer_every_question(pilot, limit: int = 25) -> int:
    """The attendant confirms each question shown, one Enter at a time; returns how many."""
    answered = 0
    while isinstance(pilot.app.screen, ConfirmScreen) and answered < limit:
        await pilot.press("enter")
        await settle(pilot)
        answered += 1
    return answered


def meters_as_the_command_reads_them(data_dir: Path) -> dict[str, int]:
    """What `reddog attendant meters --json` prints, read from the journal beside the running kiosk."""
    out = io.StringIO()
    assert run_meters(data_dir, "json", out) == 0
    return json.loads(out.getvalue())


def journal_actions(data_dir: Path) -> list[str]:
    with Store.open(data_dir) as store:
        return [action for _, action, _ in store.journal_actions(1000)]
