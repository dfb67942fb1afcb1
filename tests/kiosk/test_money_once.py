"""One confirmation per money action, and the action carried out once, however many Enters,
clicks or taps arrive together: on the amount (or the menu entry) and on the confirmation."""

from __future__ import annotations

import pytest
from textual import events
from textual.widgets import Input

from reddog_tui.ui.screens.add_credits import AddCreditsScreen
from reddog_tui.ui.screens.attendant_menu import AttendantMenu
from reddog_tui.ui.screens.voucher import VoucherScreen
from tests.ui.helpers import run, screen_text

from .kiosk_helpers import enter_pin, kiosk_app, paying_in
from .money_bursts import (
    COUNTS,
    WAYS,
    WHERE,
    answer_every_question,
    confirmations,
    journal_actions,
    key_bar_item,
    meters_as_the_command_reads_them,
    pointer_burst,
    post_presses,
    press_burst,
    settle,
)

PAID_IN = 7
CASHED = 40


async def submit(pilot, action: str, way: str, count: int) -> None:
    """`count` submits of the amount typed (add credits) or of the menu's Cash out entry."""
    app = pilot.app
    if way == "keys":
        await press_burst(pilot, "enter", count)
    elif way == "taps" or action == "add_credits":  # the amount's only control is the key bar's Enter
        item = "screen.submit" if action == "add_credits" else "screen.choose"
        await pointer_burst(pilot, key_bar_item(app, item), count, finger=way == "taps")
    else:  # a click on the menu's Cash out line, under the list's top edge
        menu = app.screen.query_one("#menu")
        await pointer_burst(pilot, menu, count, spot=(4, 1 + app.screen.keys.index("cash_out")), finger=False)


async def confirm(pilot, way: str, count: int) -> None:
    """`count` Yes answers to the confirmation shown: Enter, its Yes button, its key bar's Enter."""
    app = pilot.app
    if way == "keys":
        await press_burst(pilot, "enter", count)
    elif way == "clicks":
        await pointer_burst(pilot, app.screen.query_one("#confirm-yes"), count, finger=False)
    else:
        await pointer_burst(pilot, key_bar_item(app, "screen.answer(True)"), count, finger=True)


@pytest.mark.parametrize("count", COUNTS)
@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize("where", WHERE)
@pytest.mark.parametrize("action", ["add_credits", "cash_out"])
@run
async def test_a_burst_opens_one_confirmation_and_moves_the_money_once(tmp_path, action, where, way, count):
    app = kiosk_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await enter_pin(pilot)
        if action == "add_credits":
            await pilot.press("1", *str(PAID_IN))
            assert isinstance(app.screen, AddCreditsScreen)
        else:
            await pilot.press(*paying_in(CASHED), "escape", "down")  # credits to pay out; Cash out lit
            assert isinstance(app.screen, AttendantMenu) and app.screen.highlighted == "cash_out"
        if where == "amount":
            await submit(pilot, action, way, count)
            await settle(pilot)
            shown = confirmations(app)
            answered = await answer_every_question(pilot)
        else:
            await submit(pilot, action, way, 1)
            await settle(pilot)
            shown = confirmations(app)
            await confirm(pilot, way, count)
            await settle(pilot)
            answered = 1 + await answer_every_question(pilot)
        # What was done stays in view: the rest of the burst did not go on to the screen beneath.
        if action == "add_credits":
            assert f"{PAID_IN}\u00a0credits added." in screen_text(app)
        else:
            assert isinstance(app.screen, VoucherScreen)
        assert app.is_running
    meters = meters_as_the_command_reads_them(tmp_path)
    actions = journal_actions(tmp_path)
    if action == "add_credits":
        assert meters["credits_in"] == PAID_IN and meters["credits"] == PAID_IN
        assert actions.count("add_credits") == 1
    else:
        assert meters["credits_out"] == CASHED and meters["credits_in"] == CASHED and meters["credits"] == 0
        assert actions.count("cash_out") == 1
    assert (shown, answered) == (1, 1)  # one question, shown once and answered once


@pytest.mark.parametrize("count", COUNTS)
@run
async def test_taps_on_the_menus_cash_out_line_open_one_confirmation_and_pay_out_once(tmp_path, count):
    """A finger on the menu's Cash out line itself, each tap a cell beside the last (so each is a
    click of its own): the line is chosen once, one question is asked, one voucher is paid."""
    app = kiosk_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await enter_pin(pilot)
        await pilot.press(*paying_in(CASHED), "escape", "down")
        assert isinstance(app.screen, AttendantMenu) and app.screen.highlighted == "cash_out"
        menu = app.screen.query_one("#menu")
        await pointer_burst(pilot, menu, count, spot=(4, 1 + app.screen.keys.index("cash_out")), finger=True)
        await settle(pilot)
        shown = confirmations(app)
        answered = await answer_every_question(pilot)
        assert isinstance(app.screen, VoucherScreen)
    meters = meters_as_the_command_reads_them(tmp_path)
    assert meters["credits_out"] == CASHED and meters["credits"] == 0
    assert journal_actions(tmp_path).count("cash_out") == 1
    assert (shown, answered) == (1, 1)


@pytest.mark.parametrize("action", ["add_credits", "cash_out"])
@run
async def test_a_click_on_yes_and_a_tap_on_the_key_bars_enter_together_answer_once(tmp_path, action):
    """Two controls answer a confirmation: both pressed at once, the second is no second answer
    (a second dismiss would have closed the screen beneath, the voucher or the amount)."""
    app = kiosk_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await enter_pin(pilot)
        if action == "add_credits":
            await pilot.press("1", *str(PAID_IN), "enter")
        else:
            await pilot.press(*paying_in(CASHED), "escape", "2")
        await settle(pilot)
        assert confirmations(app) == 1
        post_presses(app, app.screen.query_one("#confirm-yes"), 1, finger=False)
        post_presses(app, key_bar_item(app, "screen.answer(True)"), 1, finger=True)
        await settle(pilot)
        assert isinstance(app.screen, AddCreditsScreen if action == "add_credits" else VoucherScreen)
    meters = meters_as_the_command_reads_them(tmp_path)
    assert meters["credits_in"] == (PAID_IN if action == "add_credits" else CASHED)
    assert meters["credits_out"] == (0 if action == "add_credits" else CASHED)


def early_presses(way: str, count: int, spot: tuple[int, int]) -> list[events.Event]:
    """Presses made now, to be delivered later: as a driver hands the app what it read while
    the app was busy (a journal commit waits for the disk), each stamped when it was read.
    Taps land at `spot` (the key bar's Enter of the screen beneath), a cell apart."""
    if way == "keys":
        return [events.Key("enter", "\r") for _ in range(count)]
    made: list[events.Event] = []
    for n in range(count):
        x, y = spot[0] + n % 2, spot[1]
        made.extend(
            kind(None, x, y, 0, 0, 1, False, False, False, screen_x=x, screen_y=y)
            for kind in (events.MouseDown, events.MouseUp)
        )
    return made


@pytest.mark.parametrize("count", COUNTS)
@pytest.mark.parametrize(
    "action, way",
    # The taps land on the key bar's Enter of the amount's screen (on the voucher that spot is blank).
    [("add_credits", "keys"), ("add_credits", "taps"), ("cash_out", "keys")],
)
@run
async def test_presses_made_while_the_action_was_confirmed_are_not_taken_after_it(tmp_path, action, way, count):
    """Enters or taps that arrived while the question was open reach the app only after the
    action is done: the screen beneath takes none of them (no refusal over the result, the
    voucher not closed unseen)."""
    app = kiosk_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await enter_pin(pilot)
        if action == "add_credits":
            await pilot.press("1", *str(PAID_IN))
        else:
            await pilot.press(*paying_in(CASHED), "escape", "down")
        item = key_bar_item(app, "screen.submit" if action == "add_credits" else "screen.choose")
        spot = (item.region.x + 1, item.region.y)
        await pilot.press("enter")
        await settle(pilot)
        assert confirmations(app) == 1
        late = early_presses(way, count, spot)  # pressed while the question is open
        await pilot.press("enter")  # Yes
        await settle(pilot)
        for event in late:
            app.post_message(event)
        await settle(pilot)
        if action == "add_credits":
            assert f"{PAID_IN}\u00a0credits added." in screen_text(app)
        else:
            assert isinstance(app.screen, VoucherScreen)
    meters = meters_as_the_command_reads_them(tmp_path)
    assert meters["credits_in"] == (PAID_IN if action == "add_credits" else CASHED)


@pytest.mark.parametrize("action", ["add_credits", "cash_out"])
@run
async def test_a_press_made_before_the_question_was_shown_is_no_answer_to_it(tmp_path, action):
    app = kiosk_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await enter_pin(pilot)
        if action == "add_credits":
            await pilot.press("1", *str(PAID_IN))
        else:
            await pilot.press(*paying_in(CASHED), "escape", "down")
        bounce = events.Key("enter", "\r")  # read with the Enter that asks, handed over after it
        await pilot.press("enter")
        await settle(pilot)
        app.post_message(bounce)
        await settle(pilot)
        assert confirmations(app) == 1  # still asking
        await pilot.press("escape")
        await settle(pilot)
    meters = meters_as_the_command_reads_them(tmp_path)
    assert meters["credits_in"] == (0 if action == "add_credits" else CASHED) and meters["credits_out"] == 0


@run
async def test_a_submit_still_queued_when_the_question_closes_asks_nothing(tmp_path):
    """The race the terminal test meets on some runs, made certain: an Enter the field took
    before the question was shown, its submit still on its way up when Yes has been carried
    out. (Built by hand: no key path holds a message back on demand.)"""
    app = kiosk_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await enter_pin(pilot)
        await pilot.press("1", *str(PAID_IN), "enter")
        await settle(pilot)
        assert confirmations(app) == 1
        field = app.screen_stack[-2].query_one("#amount", Input)
        queued = Input.Submitted(field, str(PAID_IN))
        await pilot.press("enter")  # Yes
        await settle(pilot)
        field.post_message(queued)
        await settle(pilot)
        assert confirmations(app) == 0
        assert f"{PAID_IN}\u00a0credits added." in screen_text(app)
    assert meters_as_the_command_reads_them(tmp_path)["credits_in"] == PAID_IN


@pytest.mark.parametrize("count", COUNTS)
@run
async def test_a_question_takes_no_answer_until_a_moment_after_it_is_shown(tmp_path, answer_after, count):
    """The rest of the burst that asked, arriving just after the question, answers nothing: the
    question waits for the attendant; an Enter after the pause answers it, once."""
    app = kiosk_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await enter_pin(pilot)
        await pilot.press("1", *str(PAID_IN), "enter")
        assert confirmations(app) == 1
        await press_burst(pilot, "enter", count)  # the bounce, within the pause
        await settle(pilot)
        assert confirmations(app) == 1
        assert app.session.store.meters()["credits_in"] == 0
        await pilot.pause(answer_after)
        await press_burst(pilot, "enter", count)  # the attendant's answer, bouncing too
        await settle(pilot)
        assert confirmations(app) == 0
        assert f"{PAID_IN}\u00a0credits added." in screen_text(app)
    assert meters_as_the_command_reads_them(tmp_path)["credits_in"] == PAID_IN
    assert journal_actions(tmp_path).count("add_credits") == 1
