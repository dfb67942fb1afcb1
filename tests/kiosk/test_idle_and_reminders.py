"""Issue 6, points 3 and 4: idle with an injected clock, and the session reminders."""

from __future__ import annotations

from reddog_tui.engine import Outcome, Phase
from reddog_tui.kiosk.idle import IdleStep
from reddog_tui.ui.screens.reality_check import RealityCheckScreen
from reddog_tui.ui.screens.table import TableScreen
from reddog_tui.ui.screens.welcome import WelcomeScreen
from tests.ui.helpers import SPREAD_4_WIN, run, screen_text

from .kiosk_helpers import Clock, enter_pin, kiosk_app


async def with_credits(app, pilot, amount: int) -> None:
    """Credits paid in through the attendant menu, as on the cabinet."""
    await enter_pin(pilot)
    await pilot.press("1", *str(amount), "enter", "escape", "escape")
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
        assert app.kiosk_mode.tick() is IdleStep.NOTHING  # already there: not pushed twice
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
        assert "You have played for 30 minutes." in text and "net result is +10" in text
        await pilot.press("right", "enter")  # Stop and cash out
        await pilot.pause(0.1)
        assert isinstance(app.screen, TableScreen)
        assert "Cash-out requested" in screen_text(app).splitlines()[0]
        assert app.session.state.credits + app.session.state.on_table == 110  # stopping pays nothing by itself
        await enter_pin(pilot)
        assert "The player asked to cash out." in screen_text(app)
        await pilot.press("2")
        await pilot.pause(0.1)
        assert "110 credits" in screen_text(app)
        await pilot.press("enter", "escape")
        await pilot.pause(0.1)
        assert isinstance(app.screen, TableScreen)
        assert "Cash-out requested" not in screen_text(app)
        assert app.session.state.credits == 0
