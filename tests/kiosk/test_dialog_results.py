"""The guest's dialogs only ask: each dismisses its answer to the callback its caller gave, and
the app decides what the answer does."""

from __future__ import annotations

import pytest

from reddog_tui.ui.screens.reality_check import RealityCheckScreen, RealityChoice
from reddog_tui.ui.screens.summary import SummaryScreen
from reddog_tui.ui.screens.table import TableScreen
from tests.ui.helpers import run, screen_text

from .kiosk_helpers import Clock, kiosk_app
from .test_idle_and_reminders import with_credits


async def answers_of(app, pilot, screen) -> list:
    answers: list = []
    app.push_screen(screen, answers.append)
    await pilot.pause()
    assert app.screen is screen
    return answers


@pytest.mark.parametrize(
    ("keys", "choice"),
    [
        (("enter",), RealityChoice.CONTINUE),
        (("escape",), RealityChoice.CONTINUE),
        (("right", "enter"), RealityChoice.STOP),
    ],
)
@run
async def test_the_reality_check_dismisses_the_guests_answer_and_changes_nothing_itself(tmp_path, keys, choice):
    app = kiosk_app(tmp_path, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await with_credits(app, pilot, 50)
        answers = await answers_of(app, pilot, RealityCheckScreen())
        await pilot.press(*keys)
        await pilot.pause()
        assert answers == [choice]
        assert isinstance(app.screen, TableScreen)
        # The answer went to this test's callback, not the app's: no cash-out was asked for.
        assert not app.kiosk_mode.cash_out_requested
        assert "Cash-out requested" not in screen_text(app)


@pytest.mark.parametrize(
    ("button", "choice"), [("#reality-continue", RealityChoice.CONTINUE), ("#reality-stop", RealityChoice.STOP)]
)
@run
async def test_a_tap_on_the_reality_checks_buttons_dismisses_the_same_answers(tmp_path, button, choice):
    app = kiosk_app(tmp_path, "de")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await with_credits(app, pilot, 50)
        answers = await answers_of(app, pilot, RealityCheckScreen())
        await pilot.click(button)
        await pilot.pause()
        assert answers == [choice]


@run
async def test_the_app_turns_stop_into_a_cash_out_request_and_continue_into_nothing(tmp_path):
    app = kiosk_app(tmp_path, "en", clock=Clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await with_credits(app, pilot, 50)
        app.kiosk_mode.reality_check_answered(RealityChoice.CONTINUE)
        app.kiosk_mode.reality_check_answered(None)  # closed from outside (the guest left): no answer
        await pilot.pause()
        assert not app.kiosk_mode.cash_out_requested
        app.kiosk_mode.reality_check_answered(RealityChoice.STOP)
        await pilot.pause()
        assert app.kiosk_mode.cash_out_requested
        assert "Cash-out requested" in screen_text(app).splitlines()[0]


@run
async def test_the_session_summary_dismisses_on_any_key(tmp_path):
    app = kiosk_app(tmp_path, "en", clock=Clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await with_credits(app, pilot, 50)
        summary = app.guest_summary()
        answers = await answers_of(app, pilot, SummaryScreen(summary))
        await pilot.press("x")
        await pilot.pause()
        assert answers == [None]
        assert isinstance(app.screen, TableScreen)
