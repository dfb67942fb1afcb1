"""When a guest leaves, by cash-out or back to the welcome screen, a summary of the session:
rounds played and won, time played and net result (in the reality check's words)."""

from __future__ import annotations

from reddog_tui.i18n import _, next_language
from reddog_tui.ui.screens.pin import PinScreen
from reddog_tui.ui.screens.summary import SUMMARY_SHOWN_S, SummaryScreen
from reddog_tui.ui.screens.table import TableScreen
from reddog_tui.ui.screens.welcome import WelcomeScreen
from tests.ui.helpers import CONSECUTIVE, SPREAD_4_WIN, HeldTimers, run, screen_text

from .kiosk_helpers import Clock, enter_pin, kiosk_app
from .test_idle_and_reminders import with_credits

SPREAD_4_LOSE = ("5H", "TS", "KD")


def sentence(app) -> str:
    """Time played and net result, as the reality check words them."""
    return str(app.screen.query_one("#summary-text").content)


async def cash_out_and_leave(app, pilot) -> None:
    await enter_pin(pilot)
    await pilot.press("2", "enter")  # cash out, confirmed: the voucher is up
    await pilot.pause()
    assert not any(isinstance(s, SummaryScreen) for s in app.screen_stack)  # not over the attendant's screens
    await pilot.press("escape", "escape")  # the voucher, then the menu
    await pilot.pause()


@run
async def test_a_cash_out_shows_the_session_once_the_attendant_is_done(tmp_path):
    clock = Clock()
    app = kiosk_app(tmp_path, "en", [SPREAD_4_WIN, SPREAD_4_LOSE], clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        app.session.set_setting("reality_check_minutes", 240)  # no reminder in the way
        await pilot.press("enter")
        await with_credits(app, pilot, 100)
        clock.now += 65 * 60
        await pilot.press("right", "plus", "d", "r")  # 5 raised, won 1:1: +10
        await cash_out_and_leave(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        summary = app.screen.summary
        assert (summary.rounds_played, summary.rounds_won, summary.net_result) == (1, 1, 10)
        text = screen_text(app)
        assert "Thank you for playing" in text and "Rounds played  1" in text and "Rounds won     1" in text
        assert sentence(app) == "Time played: 1\u00a0hour and 5\u00a0minutes. Net result: +10\u00a0credits."
        await pilot.press("x")  # any key
        assert isinstance(app.screen, TableScreen)
        # The next guest's summary counts their rounds only.
        await with_credits(app, pilot, 50)
        await pilot.press("plus", "d", "c")  # the 5-chip still chosen: 5 called, the King, lost
        await cash_out_and_leave(app, pilot)
        summary = app.screen.summary
        assert (summary.rounds_played, summary.rounds_won, summary.net_result) == (1, 0, -5)


@run
async def test_back_to_welcome_shows_the_lost_session_and_it_closes_by_itself(tmp_path):
    clock = Clock()
    app = kiosk_app(tmp_path, "pl", [SPREAD_4_WIN, CONSECUTIVE, SPREAD_4_LOSE], clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await with_credits(app, pilot, 5)
        clock.now += 7 * 60
        await pilot.press("right", "plus", "d", "c")  # 5 called, won 1:1: 10
        await pilot.press("n", "right", "plus", "plus", "d")  # 10 on 7 and 8: a push; deal again
        await pilot.press("d", "c")  # 5 and 10 again, the King: lost
        await pilot.pause()
        assert app.session.state.credits == 0
        timers = HeldTimers(app)
        clock.now += app.kiosk_mode.idle_timeout
        app.kiosk_mode.tick()
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        assert isinstance(app.screen_stack[-2], WelcomeScreen)
        summary = app.screen.summary
        # Three deals (the push's counted too), one won; 5 paid in, nothing left.
        assert (summary.rounds_played, summary.rounds_won, summary.net_result) == (3, 1, -5)
        text = screen_text(app)
        assert "Rozegrane rundy  3" in text and "Wygrane rundy    1" in text
        # 7 minutes of play and the 2 minutes idle before the table gave up on the guest.
        assert sentence(app) == "Gra trwała 9\u00a0minut. Twój wynik: −5\u00a0kredytów."
        (timer,) = timers.pending()
        assert timer.delay == SUMMARY_SHOWN_S
        await timers.fire()  # the next guest never finds it
        assert isinstance(app.screen, WelcomeScreen)


@run
async def test_no_summary_without_a_round_played(tmp_path):
    clock = Clock()
    app = kiosk_app(tmp_path, "en", clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await with_credits(app, pilot, 50)
        await enter_pin(pilot)
        await pilot.press("2", "enter", "escape", "escape")  # paid in and straight out
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


@run
async def test_on_the_summary_the_language_key_switches_and_the_attendant_key_opens_the_pin_entry(tmp_path):
    clock = Clock()
    app = kiosk_app(tmp_path, "en", [SPREAD_4_LOSE], clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await with_credits(app, pilot, 5)
        await pilot.press("right", "plus", "d", "c")  # 5 called, the King: lost, no credits left
        await pilot.pause()
        clock.now += app.kiosk_mode.idle_timeout
        app.kiosk_mode.tick()
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("l")
        await pilot.pause()
        assert app.language == next_language("en")
        assert isinstance(app.screen, SummaryScreen)  # still up, in the new language's words
        assert "Thank you for playing" not in screen_text(app)
        assert _("Thank you for playing") in screen_text(app)
        await pilot.press("f12")
        await pilot.pause()
        assert isinstance(app.screen, PinScreen)
        assert not any(isinstance(screen, SummaryScreen) for screen in app.screen_stack)
