"""Idle with an injected clock, and the session reminders."""

from __future__ import annotations

import pytest

from reddog_tui.engine import Outcome, Phase
from reddog_tui.kiosk.idle import IdleStep
from reddog_tui.store.settings import Key
from reddog_tui.ui.screens.reality_check import RealityCheckScreen
from reddog_tui.ui.screens.summary import SummaryScreen
from reddog_tui.ui.screens.table import TableScreen
from reddog_tui.ui.screens.welcome import WelcomeScreen
from tests.ui.helpers import SPREAD_4_WIN, run, screen_text

from .kiosk_helpers import Clock, enter_pin, kiosk_app, paying_in


async def with_credits(app, pilot, amount: int) -> None:
    """Credits paid in through the attendant menu, as on the cabinet."""
    await enter_pin(pilot)
    await pilot.press(*paying_in(amount), "escape", "escape")
    await pilot.pause()
    assert isinstance(app.screen, TableScreen) and app.session.state.credits == amount


@run
async def test_an_open_decision_is_called_at_the_idle_timeout(tmp_path):
    clock = Clock()
    app = kiosk_app(tmp_path, rounds=[SPREAD_4_WIN], clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await with_credits(app, pilot, 100)
        await pilot.press("right", "plus", "d")  # a 5 ante; 5 and 10: spread 4 (R6)
        await pilot.pause(0.1)
        assert app.session.state.phase is Phase.DECISION
        clock.now += app.kiosk_mode.idle_timeout - 1
        assert app.kiosk_mode.tick() is IdleStep.NOTHING
        assert app.session.state.phase is Phase.DECISION
        clock.now += 1
        assert app.kiosk_mode.tick() is IdleStep.CALL
        state = app.session.state
        # Called, not raised: the 8 falls between, the ante of 5 wins 1:1 (R7, R8).
        assert state.phase is Phase.SETTLED and state.outcome is Outcome.WIN and state.raised == 0
        assert state.credits + state.on_table == 105
        # With credits left, nothing more happens while it stays idle (before the reality check).
        clock.now += 20 * 60
        assert app.kiosk_mode.tick() is IdleStep.NOTHING
        assert isinstance(app.screen, TableScreen)
        assert app.session.state.credits + app.session.state.on_table == 105


@run
async def test_credits_and_chips_on_the_table_are_never_given_up(tmp_path):
    clock = Clock()
    app = kiosk_app(tmp_path, clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await with_credits(app, pilot, 50)
        await pilot.press("plus", "plus")  # two 1-chips on the ante
        clock.now += 10 * 3600
        assert app.kiosk_mode.tick() is IdleStep.NOTHING
        state = app.session.state
        assert (state.credits, state.ante) == (48, 2)
        assert not any(isinstance(s, WelcomeScreen) for s in app.screen_stack)  # (the reality check is up)


@run
async def test_an_empty_table_returns_to_the_welcome_screen_in_the_default_language(tmp_path):
    clock = Clock()
    app = kiosk_app(tmp_path, "fr", clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        app.session.set_setting("default_language", "de")
        await pilot.press("enter")  # Français chosen: the table in French
        await pilot.pause(0.1)
        assert isinstance(app.screen, TableScreen) and app.language == "fr"
        clock.now += 119
        assert app.kiosk_mode.tick() is IdleStep.NOTHING
        clock.now += 1
        assert app.kiosk_mode.tick() is IdleStep.WELCOME
        await pilot.pause(0.1)
        assert isinstance(app.screen, WelcomeScreen)
        assert app.language == "de"
        await pilot.pause(0.1)
        assert "Das Casino-Kartenspiel" in screen_text(app) and "Spielregeln" in screen_text(app)
        assert app.session.state.credits == 0
        clock.now += 600
        # Already there: not pushed twice; with no credits the welcome screen turns to attract mode.
        assert app.kiosk_mode.tick() is IdleStep.ATTRACT
        await pilot.pause(0.1)
        assert sum(isinstance(s, WelcomeScreen) for s in app.screen_stack) == 1


@run
async def test_time_and_net_result_are_on_the_table_and_the_reality_check_offers_to_stop(tmp_path):
    clock = Clock()
    app = kiosk_app(tmp_path, rounds=[SPREAD_4_WIN], clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await with_credits(app, pilot, 100)
        await pilot.press("right", "plus", "d", "r")  # 5 raised to 10 and won 1:1 (R7, R8)
        await pilot.pause(0.1)
        clock.now += 25 * 60
        app.kiosk_mode.tick()
        await pilot.pause(0.1)
        top = screen_text(app).splitlines()[0]
        assert "Played 0:25" in top and "Net +10" in top
        clock.now += 5 * 60
        app.kiosk_mode.tick()
        await pilot.pause(0.1)
        assert isinstance(app.screen, RealityCheckScreen)
        text = screen_text(app)
        assert "You have played for 30\u00a0minutes." in text and "Your net result is" in text
        assert "+10\u00a0credits." in text  # the amount keeps its unit, on the next line if need be
        await pilot.press("right", "enter")  # Stop and cash out
        await pilot.pause(0.1)
        assert isinstance(app.screen, TableScreen)
        assert "Cash-out requested" in screen_text(app).splitlines()[0]
        assert app.session.state.credits + app.session.state.on_table == 110  # stopping pays nothing by itself
        await enter_pin(pilot)
        assert "The player asked to cash out." in screen_text(app)
        await pilot.press("2")
        await pilot.pause(0.1)
        assert "110\u00a0credits" in screen_text(app)  # the amount, asked to be confirmed
        await pilot.press("enter", "enter", "escape")  # confirmed, the voucher read, out of the menu
        await pilot.pause(0.1)
        assert isinstance(app.screen, SummaryScreen)  # the guest's session, once the attendant is done
        await pilot.press("enter")
        assert isinstance(app.screen, TableScreen)
        assert "Cash-out requested" not in screen_text(app)
        assert app.session.state.credits == 0


# --- the operator's own intervals, with input during the wait -------------------------------


async def open_decision(app, pilot) -> None:
    await pilot.press("enter")
    await with_credits(app, pilot, 100)
    await pilot.press("plus", "d")  # a 1 ante; 5 and 10: spread 4 (R6)
    await pilot.pause(0.1)
    assert app.session.state.phase is Phase.DECISION


@run
async def test_a_short_configured_idle_timeout_calls_the_decision_at_that_time(tmp_path):
    clock = Clock()
    app = kiosk_app(tmp_path, rounds=[SPREAD_4_WIN], clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        app.session.set_setting(Key.IDLE_TIMEOUT, "45")  # not the default of 120 s
        await open_decision(app, pilot)
        clock.now += 44
        assert app.kiosk_mode.tick() is IdleStep.NOTHING
        clock.now += 1
        assert app.kiosk_mode.tick() is IdleStep.CALL
        assert app.session.state.phase is Phase.SETTLED and app.session.state.raised == 0


@run
async def test_a_long_configured_idle_timeout_leaves_the_decision_open_past_the_default(tmp_path):
    clock = Clock()
    app = kiosk_app(tmp_path, rounds=[SPREAD_4_WIN], clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        app.session.set_setting(Key.IDLE_TIMEOUT, "600")
        await open_decision(app, pilot)
        clock.now += 599
        assert app.kiosk_mode.tick() is IdleStep.NOTHING
        assert app.session.state.phase is Phase.DECISION
        clock.now += 1
        assert app.kiosk_mode.tick() is IdleStep.CALL


@pytest.mark.parametrize("key", ["x", "left"])
@run
async def test_a_key_press_restarts_the_idle_time_so_an_active_player_decides_himself(tmp_path, key):
    clock = Clock()
    app = kiosk_app(tmp_path, rounds=[SPREAD_4_WIN], clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        app.session.set_setting(Key.IDLE_TIMEOUT, "60")
        await open_decision(app, pilot)
        clock.now += 50
        assert app.kiosk_mode.tick() is IdleStep.NOTHING
        await pilot.press(key)  # the player is there (a key that changes nothing at the table)
        await pilot.pause()
        clock.now += 59  # 109 s since the deal, 59 s since the key
        assert app.kiosk_mode.tick() is IdleStep.NOTHING
        assert app.session.state.phase is Phase.DECISION
        clock.now += 1
        assert app.kiosk_mode.tick() is IdleStep.CALL


@run
async def test_a_click_restarts_the_idle_time(tmp_path):
    clock = Clock()
    app = kiosk_app(tmp_path, rounds=[SPREAD_4_WIN], clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        app.session.set_setting(Key.IDLE_TIMEOUT, "60")
        await open_decision(app, pilot)
        clock.now += 50
        await pilot.click(offset=(1, 1))
        clock.now += 59
        assert app.kiosk_mode.tick() is IdleStep.NOTHING
        assert app.session.state.phase is Phase.DECISION


@run
async def test_the_configured_reality_check_interval_is_kept_while_the_player_plays(tmp_path):
    clock = Clock()
    app = kiosk_app(tmp_path, rounds=[SPREAD_4_WIN] * 4, clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        app.session.set_setting(Key.REALITY_CHECK, "10")  # not the default of 30 minutes
        await pilot.press("enter")
        await with_credits(app, pilot, 100)
        for _ in range(9):  # a player busy every minute: input does not move the reality check
            clock.now += 60
            await pilot.press("left")
            app.kiosk_mode.tick()
            await pilot.pause()
            assert not isinstance(app.screen, RealityCheckScreen)
        clock.now += 59
        app.kiosk_mode.tick()
        await pilot.pause()
        assert not isinstance(app.screen, RealityCheckScreen)
        clock.now += 1  # ten minutes since the credits came in
        app.kiosk_mode.tick()
        await pilot.pause(0.1)
        assert isinstance(app.screen, RealityCheckScreen)
        assert "You have played for 10\u00a0minutes." in screen_text(app)
        await pilot.press("enter")  # continue playing
        await pilot.pause(0.1)
        clock.now += 9 * 60 + 59
        app.kiosk_mode.tick()
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        clock.now += 1  # the next one ten minutes later
        app.kiosk_mode.tick()
        await pilot.pause(0.1)
        assert isinstance(app.screen, RealityCheckScreen)
        assert "You have played for 20\u00a0minutes." in screen_text(app)


@run
async def test_a_tick_that_comes_as_the_kiosk_closes_does_nothing(tmp_path):
    """The once-a-second tick can run once more while the app closes, its screens already gone."""
    app = kiosk_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.kiosk_mode is not None and isinstance(app.screen, WelcomeScreen)
    assert not app.screen_stack and app.session is not None
    app.kiosk_mode.second()  # no "No screens on stack": it would stop Red Dog on its way out
