"""A locked kiosk for tests: a data dir with an attendant PIN, a clock the test moves."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from reddog_tui.kiosk.pin import hash_pin
from reddog_tui.store import Store
from tests.ui.helpers import make_app, wait_until

PIN = "2468"
# The PIN's hash at a test's cost: `verify_pin` reads the cost from the hash, so every check takes
# the kiosk's path in well under a millisecond instead of the real cost's tens of milliseconds, each
# of them waited for by the key press that enters a PIN. The real cost is tested in test_pin.py.
TEST_HASH_COST = 2**4


class Clock:
    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now


def with_pin(data_dir: Path, pin: str = PIN) -> Path:
    with Store.open(data_dir) as store:
        store.set_setting("attendant_pin_hash", hash_pin(pin, cost=TEST_HASH_COST))
    return data_dir


def kiosk_app(data_dir: Path, language: str = "en", rounds=(), clock: Clock | None = None, pin: bool = True):
    if pin:
        with_pin(data_dir)
    app = make_app(data_dir, language, rounds, kiosk=True)
    app.clock = clock or Clock()  # the kiosk's clock, and the store's where the app passes it on
    return app


async def enter_pin(pilot, pin: str = PIN) -> None:
    """Sign the attendant in: F12, the PIN put into its field, Enter. The tests whose subject is
    the PIN type it key by key (test_attendant.py, test_pin_lock_restart.py); here each of its
    keys would only cost a key press's wait."""
    from reddog_tui.ui.screens.pin import PinScreen

    await pilot.press("f12")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, PinScreen))  # from a summary, one step later
    pilot.app.screen.query_one("#pin", Input).value = pin
    await pilot.press("enter")
    await pilot.pause()


def paying_in(amount: int) -> tuple[str, ...]:
    """Keys on the attendant menu: Add credits, the amount, Enter, then Yes on the confirmation."""
    return ("1", *str(amount), "enter", "enter")
