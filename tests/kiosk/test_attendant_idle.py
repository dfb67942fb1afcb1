"""The attendant's side left alone: it closes at the idle timeout, and the guest's reminders wait for it.

Driven by keys through the pilot; the kiosk's clock is the test's, moved by hand (no real waits).
"""

from __future__ import annotations

import threading

import pytest

from reddog_tui.kiosk.idle import IdleStep
from reddog_tui.store import Store
from reddog_tui.store.settings import Key
from reddog_tui.ui.screens.add_credits import AddCreditsScreen
from reddog_tui.ui.screens.attendant_base import AttendantScreen
from reddog_tui.ui.screens.attendant_menu import AttendantMenu
from reddog_tui.ui.screens.confirm import ConfirmScreen
from reddog_tui.ui.screens.journal_check import JournalCheckScreen
from reddog_tui.ui.screens.pin import PinScreen
from reddog_tui.ui.screens.reality_check import RealityCheckScreen
from reddog_tui.ui.screens.table import TableScreen
from tests.ui.helpers import run, screen_text, wait_until

from .kiosk_helpers import PIN, Clock, enter_pin, kiosk_app, paying_in, with_pin

IDLE_S = 30  # the shortest idle timeout an operator can set


def idle_after(data_dir, seconds: int = IDLE_S):
    with Store.open(with_pin(data_dir)) as store:
        store.set_setting(Key.IDLE_TIMEOUT, seconds)
    return data_dir


def journal(app) -> list[str]:
    """The newest entries first, read through the running kiosk's own store."""
    return [action for _, action, _ in app.store.journal_actions(50)]


def attendant_open(app) -> bool:
    return any(isinstance(screen, (AttendantScreen, PinScreen, ConfirmScreen)) for screen in app.screen_stack)


async def at_the_table_with(app, pilot, amount: int) -> None:
    """English chosen, credits paid in through the menu, the menu left: a guest at the table."""
    await pilot.press("enter")
    await enter_pin(pilot)
    await pilot.press(*paying_in(amount), "escape", "escape")
    await pilot.pause()
    assert isinstance(app.screen, TableScreen) and app.session.state.credits == amount


@run
async def test_the_attendant_menu_left_open_returns_to_the_guest_at_the_idle_timeout(tmp_path):
    clock = Clock()
    app = kiosk_app(idle_after(tmp_path), clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await at_the_table_with(app, pilot, 100)
        await enter_pin(pilot)
        assert isinstance(app.screen, AttendantMenu)
        clock.now += IDLE_S - 1
        app.kiosk_mode.tick()
        await pilot.pause()
        assert isinstance(app.screen, AttendantMenu)  # not a second early
        clock.now += 75 - (IDLE_S - 1)
        await wait_until(pilot, lambda: not attendant_open(app))  # the kiosk's own once-a-second check
        assert isinstance(app.screen, TableScreen)
        assert app.session.state.credits == 100  # nothing moved
        assert journal(app)[0] == "attendant_menu_timed_out"
        await pilot.press("f12")  # the next person meets the PIN entry, not the menu
        await pilot.pause()
        assert isinstance(app.screen, PinScreen)


@pytest.mark.parametrize(
    "left_at", [("1", "5", "0"), ("1", "5", "0", "enter")], ids=["amount-half-typed", "confirmation-open"]
)
@run
async def test_add_credits_left_open_closes_and_nothing_is_added(tmp_path, left_at):
    clock = Clock()
    app = kiosk_app(idle_after(tmp_path), clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await at_the_table_with(app, pilot, 100)
        await enter_pin(pilot)
        await pilot.press(*left_at)
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen if "enter" in left_at else AddCreditsScreen)
        added_before = journal(app).count("add_credits")
        clock.now += IDLE_S
        assert app.kiosk_mode.tick() is IdleStep.ATTENDANT_CLOSED
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and not attendant_open(app)
        assert app.session.state.credits == 100
        await pilot.press("enter")  # a guest's Enter on the table answers no question left behind
        await pilot.pause()
        assert app.session.state.credits == 100
        assert journal(app).count("add_credits") == added_before
        await enter_pin(pilot)
        await pilot.press("1")  # Add credits again: the half-typed amount is gone
        await pilot.pause()
        assert isinstance(app.screen, AddCreditsScreen) and app.screen.query_one("#amount").value == ""


@run
async def test_the_pin_entry_left_open_closes_and_forgets_the_digits(tmp_path):
    clock = Clock()
    app = kiosk_app(idle_after(tmp_path), clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await at_the_table_with(app, pilot, 100)
        await pilot.press("f12", *PIN[:2])
        await pilot.pause()
        clock.now += IDLE_S
        app.kiosk_mode.tick()
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert journal(app)[0] == "attendant_menu_closed"  # nobody had signed in: nothing more journaled
        await pilot.press("f12", *PIN[2:], "enter")  # the first two digits were not kept
        await pilot.pause(0.1)
        assert isinstance(app.screen, PinScreen) and "Wrong PIN." in screen_text(app)


@run
async def test_an_attendant_at_work_is_not_closed(tmp_path):
    clock = Clock()
    app = kiosk_app(idle_after(tmp_path), clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await at_the_table_with(app, pilot, 100)
        await enter_pin(pilot)
        for _ in range(4):  # a key every 20 s of a 30 s timeout
            clock.now += 20
            await pilot.press("down")
            app.kiosk_mode.tick()
            await pilot.pause()
        assert isinstance(app.screen, AttendantMenu)


@run
async def test_a_journal_check_under_way_is_shown_before_the_attendant_side_closes(tmp_path, monkeypatch):
    """Closing under a running check would drop its verdict: the kiosk waits for it, then closes."""
    from reddog_tui.store import health

    released = threading.Event()
    real_check = health.check_journal

    def slow_check(*args, **kwargs):
        released.wait(30)
        return real_check(*args, **kwargs)

    monkeypatch.setattr(health, "check_journal", slow_check)
    clock = Clock()
    app = kiosk_app(idle_after(tmp_path), clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await at_the_table_with(app, pilot, 100)
        await enter_pin(pilot)
        await pilot.press("5")  # Check the journal
        await pilot.pause()
        clock.now += 10 * IDLE_S
        app.kiosk_mode.tick()
        await pilot.pause()
        assert isinstance(app.screen, JournalCheckScreen)
        released.set()
        # The kiosk's own once-a-second tick may close the side as soon as the verdict is in.
        await wait_until(
            pilot, lambda: not isinstance(app.screen, JournalCheckScreen) or app.screen.results is not None
        )
        app.kiosk_mode.tick()
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


@run
async def test_the_reality_check_due_while_the_attendant_confirms_waits_until_the_attendant_leaves(tmp_path):
    clock = Clock()
    app = kiosk_app(tmp_path, clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await at_the_table_with(app, pilot, 100)
        clock.now += app.kiosk_mode.reality_minutes * 60 - 10  # not due yet
        await enter_pin(pilot)
        await pilot.press("1", "5", "0", "enter")  # Add credits: 50, to be confirmed
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        clock.now += 10  # due now, while the attendant confirms
        app.kiosk_mode.tick()
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert not app.shows(RealityCheckScreen)
        await pilot.press("enter")  # the attendant's Enter answers the attendant's question
        await pilot.pause()
        assert app.session.state.credits == 150
        assert not app.shows(RealityCheckScreen)
        await pilot.press("escape", "escape")  # the attendant leaves
        await pilot.pause()
        app.kiosk_mode.tick()
        await pilot.pause()
        assert isinstance(app.screen, RealityCheckScreen)  # the guest's, now
