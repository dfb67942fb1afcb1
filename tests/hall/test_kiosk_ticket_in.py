"""Ticket in at a kiosk of the hall: the attendant redeems a voucher from the menu, once."""

from __future__ import annotations

import pytest

from reddog_tui.i18n.formatting import voucher_number
from reddog_tui.store import Store
from reddog_tui.ui.screens.attendant_menu import AttendantMenu
from reddog_tui.ui.screens.confirm import ConfirmScreen
from reddog_tui.ui.screens.redeem_voucher import RedeemVoucherScreen
from tests.kiosk.kiosk_helpers import enter_pin, with_pin
from tests.kiosk.money_bursts import (
    COUNTS,
    WAYS,
    WHERE,
    answer_every_question,
    confirmations,
    journal_actions,
    key_bar_item,
    meters_as_the_command_reads_them,
    pointer_burst,
    press_burst,
    settle,
)
from tests.ui.helpers import run, screen_text, wait_until

from .test_hall_cli import UNREACHABLE_DSN


def hall_kiosk(data_dir, dsn: str, kiosk_id: int, language: str = "en"):
    from reddog_tui.ui.app import RedDogApp

    with_pin(data_dir)
    app = RedDogApp(language=language, data_dir=data_dir, kiosk=True, push_pause=None, hall=(dsn, kiosk_id))
    app.animation_level = "none"
    return app


async def open_redeem(pilot) -> None:
    await enter_pin(pilot)
    assert isinstance(pilot.app.screen, AttendantMenu)
    assert "Redeem a voucher" in screen_text(pilot.app)
    await pilot.press("2")  # the second entry, after adding credits
    await pilot.pause(0.1)
    assert isinstance(pilot.app.screen, RedeemVoucherScreen)


async def open_redeem_any_language(pilot) -> None:
    await enter_pin(pilot)
    await pilot.press("2")
    await pilot.pause(0.1)
    assert isinstance(pilot.app.screen, RedeemVoucherScreen)


async def redeem(pilot, number: int) -> None:
    """The number typed, Enter, then Yes on the confirmation that names it."""
    await pilot.press(*voucher_number(number), "enter")  # as printed, hyphens and all
    await pilot.pause(0.1)
    assert isinstance(pilot.app.screen, ConfirmScreen)
    assert voucher_number(number) in screen_text(pilot.app), screen_text(pilot.app)
    await pilot.press("enter")


async def wait_answer(pilot) -> None:
    for _ in range(200):
        await pilot.pause(0.05)
        if not pilot.app.screen.asking:
            return
    raise AssertionError("the hall did not answer")


@run
async def test_the_attendant_redeems_a_voucher_once(tmp_path, pg, kiosk_dsn, kiosk_id, issue_voucher):
    number = issue_voucher(120)
    app = hall_kiosk(tmp_path / "kiosk", kiosk_dsn(kiosk_id + 5000), kiosk_id + 5000)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_redeem(pilot)
        await redeem(pilot, number)
        await wait_answer(pilot)
        assert f"Voucher {voucher_number(number)}: 120 credits added." in screen_text(app).replace("\u00a0", " ")
        assert app.session.state.credits == 120
        await redeem(pilot, number)
        await wait_answer(pilot)
        assert f"Voucher {voucher_number(number)} has already been redeemed. Nothing was added." in screen_text(app)
        assert app.session.state.credits == 120
    with Store.open(tmp_path / "kiosk") as store:
        assert store.meters()["credits_in"] == 120


@run
async def test_a_redemption_the_server_cannot_answer_stays_pending_and_is_finished_at_the_next_start(
    tmp_path, pg, kiosk_dsn, kiosk_id, issue_voucher
):
    number = issue_voucher(75)
    data_dir = tmp_path / "kiosk"
    app = hall_kiosk(data_dir, UNREACHABLE_DSN, kiosk_id + 5000, language="de")
    async with app.run_test(size=(80, 24)) as pilot:
        await enter_pin(pilot)
        await pilot.press("2")
        await pilot.pause(0.1)
        await redeem(pilot, number)
        await wait_answer(pilot)
        assert "nicht erreichbar" in screen_text(app)
        assert app.session.pending_voucher_redemption() is not None
        assert app.session.state.credits == 0

    app = hall_kiosk(data_dir, kiosk_dsn(kiosk_id + 5000), kiosk_id + 5000)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            await pilot.pause(0.05)
            if app.session.pending_voucher_redemption() is None:
                break
        assert app.session.state.credits == 75
    row = pg.execute("SELECT redeemed_kiosk FROM hall_voucher WHERE number = %s", (number,)).fetchone()
    assert row == (kiosk_id + 5000,)


@run
async def test_a_voucher_numbered_offline_says_so(tmp_path, kiosk_id):
    from reddog_tui.hall import tickets
    from reddog_tui.store.settings import Key
    from reddog_tui.ui.screens.voucher import VoucherScreen

    with Store.open(tmp_path / "kiosk") as store:
        store.set_setting(Key.HALL_ID, 4321)  # the kiosk reached its hall once
    app = hall_kiosk(tmp_path / "kiosk", UNREACHABLE_DSN, kiosk_id, language="it")
    async with app.run_test(size=(80, 24)) as pilot:
        app.session.add_credits(50)
        await enter_pin(pilot)
        await pilot.press("3")  # cash out, after the voucher redemption
        await pilot.pause(0.1)
        await pilot.press("enter")  # confirmed
        await pilot.pause(0.1)
        assert isinstance(app.screen, VoucherScreen)
        text = screen_text(app)
        issued = app.session.store.journal_entries_after(0, 1000)[-1].voucher
        assert tickets.hall_of(issued) == 4321 and tickets.grouped(issued) in text
        assert "Ricevuta emessa offline: utilizzabile sulle altre postazioni" in text


@run
async def test_an_empty_voucher_number_is_refused_with_a_message(tmp_path, kiosk_id):
    app = hall_kiosk(tmp_path / "kiosk", UNREACHABLE_DSN, kiosk_id, language="fr")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_redeem_any_language(pilot)
        await pilot.press("enter")
        await pilot.pause(0.1)
        assert "Saisissez le numéro imprimé sur le bon de paiement." in screen_text(app)
        assert app.session.pending_voucher_redemption() is None


@pytest.mark.parametrize("count", COUNTS)
@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize("where", WHERE)
@run
async def test_a_burst_redeems_a_voucher_once_after_one_confirmation(
    tmp_path, pg, kiosk_dsn, kiosk_id, issue_voucher, where, way, count
):
    """Enters, clicks or taps together on the number typed, or on the confirmation: one question,
    one intent, one credit (the hall is asked once; nothing is refused as redeemed already)."""
    number = issue_voucher(30)
    data_dir = tmp_path / "kiosk"
    app = hall_kiosk(data_dir, kiosk_dsn(kiosk_id + 5000), kiosk_id + 5000)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_redeem(pilot)
        await pilot.press(*str(number))  # plain digits: the hyphens may be left out
        if where == "amount":
            if way == "keys":
                await press_burst(pilot, "enter", count)
            else:  # the number's only control is the key bar's Enter
                await pointer_burst(pilot, key_bar_item(app, "screen.submit"), count, finger=way == "taps")
            await settle(pilot)
            shown = confirmations(app)
            answered = await answer_every_question(pilot)
        else:
            await pilot.press("enter")
            await settle(pilot)
            shown = confirmations(app)
            if way == "keys":
                await press_burst(pilot, "enter", count)
            elif way == "clicks":
                await pointer_burst(pilot, app.screen.query_one("#confirm-yes"), count, finger=False)
            else:
                await pointer_burst(pilot, key_bar_item(app, "screen.answer(True)"), count, finger=True)
            await settle(pilot)
            answered = 1 + await answer_every_question(pilot)
        await wait_until(pilot, lambda: not app.screen.asking and app.session.pending_voucher_redemption() is None)
        await settle(pilot)
        assert f"Voucher {voucher_number(number)}: 30 credits added." in screen_text(app).replace("\u00a0", " ")
    assert meters_as_the_command_reads_them(data_dir)["credits_in"] == 30
    actions = journal_actions(data_dir)
    assert [actions.count(a) for a in ("voucher_redeeming", "voucher_redeemed", "voucher_refused")] == [1, 1, 0]
    assert (shown, answered) == (1, 1)
    row = pg.execute("SELECT redeemed_kiosk FROM hall_voucher WHERE number = %s", (number,)).fetchone()
    assert row == (kiosk_id + 5000,)
