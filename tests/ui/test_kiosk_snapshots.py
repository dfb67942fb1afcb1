"""Snapshots of the kiosk-mode screens in five languages at 80×24: the attendant menu (with a
cash-out request), the voucher and the reality-check dialog.

The kiosk's clock is pinned and the voucher's time is shown in UTC, so every run draws the same.
Update with `--snapshot-update` only after looking at the SVGs.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime

import pytest

from reddog_tui.kiosk.attract import HandStep, Tagline, demo_hand
from reddog_tui.store import Store
from tests.kiosk.kiosk_helpers import PIN, Clock, kiosk_app, paying_in

from .helpers import LANGUAGES, SPREAD_4_WIN, HeldTimers

START = 1_800_000_000.0  # 2027-01-15 08:00 UTC


@pytest.fixture(autouse=True)
def pinned_time(monkeypatch):
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    monkeypatch.setattr(Store, "now", lambda self: datetime.fromtimestamp(START + 90, UTC))
    yield
    monkeypatch.undo()
    time.tzset()


def paid_in(amount: int) -> tuple[str, ...]:
    """From the welcome screen: the PIN, then credits through the menu (confirmed), back on the menu."""
    return ("enter", "f12", *PIN, "enter", *paying_in(amount), "escape")


@pytest.mark.parametrize("language", LANGUAGES)
def test_attendant_menu(snap_compare, tmp_path, language):
    """Twelve minutes after 1,250 credits came in, the player asked to cash out: the banner shows it."""
    clock = Clock(START)

    async def asked_to_stop(pilot):
        await pilot.press(*paid_in(1250))
        clock.now += 12 * 60
        pilot.app.kiosk_mode.note_input()  # the attendant at work: the menu left idle would close
        pilot.app.kiosk_mode.cash_out_requested = True
        pilot.app.screen.refresh_view()
        await pilot.pause()

    app = kiosk_app(tmp_path, language, clock=clock)
    assert snap_compare(app, run_before=asked_to_stop, terminal_size=(80, 24))


@pytest.mark.parametrize("language", LANGUAGES)
def test_voucher(snap_compare, tmp_path, language):
    app = kiosk_app(tmp_path, language, clock=Clock(START))
    assert snap_compare(app, press=(*paid_in(1250), "2", "enter"), terminal_size=(80, 24))


@pytest.mark.parametrize("language", LANGUAGES)
def test_reality_check(snap_compare, tmp_path, language):
    clock = Clock(START)
    app = kiosk_app(tmp_path, language, rounds=[SPREAD_4_WIN], clock=clock)

    async def an_hour_later(pilot):
        pilot.app.session.set_setting("reality_check_minutes", "65")  # as the operator settings store it
        await pilot.press(*paid_in(100), "escape", "right", "plus", "d", "r")  # won 10 (R7, R8)
        clock.now += 65 * 60  # an hour and five minutes after the credits came in
        pilot.app.kiosk_mode.tick()
        await pilot.pause()

    assert snap_compare(app, run_before=an_hour_later, terminal_size=(80, 24))


SPREAD_4_LOSE = ("5H", "TS", "KD")  # the King lies outside 5 and 10


@pytest.mark.parametrize("language", LANGUAGES)
def test_zero_credits(snap_compare, tmp_path, language):
    """The last 5 credits lost: the table asks for an attendant, whose F12 still works there."""

    async def lost_it_all(pilot):
        await pilot.press(*paid_in(5), "escape", "right", "plus", "d", "c")
        pilot.app.refresh_session_info()  # the top bar's net result, as the next tick of the clock draws it
        await pilot.pause()

    app = kiosk_app(tmp_path, language, [SPREAD_4_LOSE], clock=Clock(START))
    assert snap_compare(app, run_before=lost_it_all, terminal_size=(80, 24))


def test_zero_credits_at_the_practice_table(snap_compare, tmp_path):
    """Outside kiosk mode a new practice bankroll is offered instead."""
    from tests.ui.test_out_of_credits import table_with

    from .helpers import make_app

    app = make_app(table_with(tmp_path, 5), "de", [SPREAD_4_LOSE])
    assert snap_compare(app, press=("enter", "right", "plus", "d", "c"), terminal_size=(80, 24))


@pytest.mark.parametrize("language", LANGUAGES)
def test_session_summary(snap_compare, tmp_path, language):
    """Paid in 100, won one round of two, cashed out after 47 minutes: the guest's summary."""
    clock = Clock(START)

    async def played_and_cashed_out(pilot):
        pilot.app.session.set_setting("reality_check_minutes", 240)  # no reminder in the way
        await pilot.press(*paid_in(100), "escape", "right", "plus", "d", "r", "d", "c")  # +10, then -5
        clock.now += 47 * 60
        await pilot.press("f12", *PIN, "enter", "2", "enter", "escape", "escape")
        await pilot.pause()

    app = kiosk_app(tmp_path, language, [SPREAD_4_WIN, SPREAD_4_LOSE], clock=clock)
    assert snap_compare(app, run_before=played_and_cashed_out, terminal_size=(80, 24))


async def attract_until(pilot, clock: Clock, timers: HeldTimers, frame) -> None:
    """From the welcome screen: the idle timeout passes with no credits, then attract mode steps to `frame`."""
    await pilot.pause()
    clock.now += pilot.app.kiosk_mode.idle_timeout
    pilot.app.kiosk_mode.tick()
    await pilot.pause()
    while pilot.app.screen.frame != frame:
        await timers.fire()
    await pilot.pause()


@pytest.mark.parametrize("language", LANGUAGES)
def test_attract_tagline(snap_compare, tmp_path, language):
    """An English kiosk's attract mode showing one language's tagline and hint, in that language."""
    clock = Clock(START)
    app = kiosk_app(tmp_path, "en", clock=clock)
    timers = HeldTimers(app)

    async def idle(pilot):
        await attract_until(pilot, clock, timers, Tagline(language))

    assert snap_compare(app, run_before=idle, terminal_size=(80, 24))


def test_attract_demo_hand_large(snap_compare, tmp_path):
    """The demo hand settled at 120×40: 4♥ and A♦, then Q♦ between, told in the kiosk's language."""
    clock = Clock(START)
    app = kiosk_app(tmp_path, "de", clock=clock)
    timers = HeldTimers(app)

    async def idle(pilot):
        await attract_until(pilot, clock, timers, HandStep(demo_hand()[-1]))

    assert snap_compare(app, run_before=idle, terminal_size=(120, 40))
