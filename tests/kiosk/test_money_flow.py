"""The attendant's money actions without a screen (`kiosk.money`): asked with what would be done
and an identity, refused with the reason and nothing written, carried out once."""

from __future__ import annotations

import itertools

import pytest

from reddog_tui.engine import StackedDealer, errors
from reddog_tui.engine.validation import check_digit, grouped
from reddog_tui.kiosk.money import AttendantMoney, MoneyAction, VoucherNumberRefused
from reddog_tui.store import GameSession, IntentCarriedOut, Store
from reddog_tui.store.settings import SettingRefused


@pytest.fixture
def session(tmp_path):
    store = Store.open(tmp_path)
    yield GameSession(store, StackedDealer([["2H", "9S", "5C"]]), initial_credits=0)
    store.close()


def tokens():
    counter = itertools.count(1)
    return lambda: f"intent-{next(counter)}"


def test_each_question_has_its_own_identity_and_nothing_is_written_until_it_is_carried_out(session):
    money = AttendantMoney(session, token=tokens())
    seq = session.seq
    first, second = money.ask_to_add("7"), money.ask_to_add("7")
    assert (first.action, first.amount, first.token) == (MoneyAction.ADD_CREDITS, 7, "intent-1")
    assert second.token == "intent-2"
    assert session.seq == seq and session.state.credits == 0
    assert money.add(first) == 7
    with pytest.raises(IntentCarriedOut):
        money.add(first)  # the same confirmation carried out again
    money.add(second)  # another question, answered on its own
    assert session.state.credits == 14 and session.meters()["credits_in"] == 14


@pytest.mark.parametrize("typed", ["", "0", "-5", "7.5", "١٢", "1000000001"])
def test_an_amount_that_is_none_is_refused_with_the_reason(session, typed):
    with pytest.raises(SettingRefused):
        AttendantMoney(session).ask_to_add(typed)


def test_credits_are_not_asked_for_while_a_decision_is_open(session):
    session.add_credits(50)
    session.act("add_chip", 10)
    session.act("deal")
    with pytest.raises(errors.ActionNotAllowed):
        AttendantMoney(session).ask_to_add("7")


def test_a_cash_out_is_asked_with_everything_held_and_paid_once(session):
    money = AttendantMoney(session, token=tokens())
    with pytest.raises(errors.InsufficientCredits):
        money.ask_to_cash_out()
    session.add_credits(40)
    session.act("add_chip", 10)
    intent = money.ask_to_cash_out()
    assert (intent.action, intent.amount) == (MoneyAction.CASH_OUT, 40)
    voucher = money.cash_out(intent)
    assert voucher.amount == 40 and session.state.credits == session.state.ante == 0
    session.add_credits(5)
    with pytest.raises(IntentCarriedOut):
        money.cash_out(intent)
    assert session.state.credits == 5 and session.meters()["credits_out"] == 40


@pytest.mark.parametrize("typed", ["", "0", "00", "12a"])
def test_a_voucher_number_that_is_none_is_refused(session, typed):
    with pytest.raises(VoucherNumberRefused):
        AttendantMoney(session).ask_to_redeem(typed)


def validation_number(hall: int, body: str = "4711000012345") -> str:
    digits = f"{hall}{body}"
    return digits + str(check_digit(digits))


def test_a_mistyped_validation_number_is_refused_as_a_typo_before_the_hall_is_asked(session):
    right = validation_number(1234)
    typo = right[:7] + str((int(right[7]) + 1) % 10) + right[8:]  # one digit wrong
    money = AttendantMoney(session, hall_id=lambda: 1234)
    with pytest.raises(VoucherNumberRefused) as refused:
        money.ask_to_redeem(typo)
    assert refused.value.reason == "check"
    assert money.ask_to_redeem(grouped(int(right))).voucher == int(right)  # as printed, separators and all
    assert session.pending_voucher_redemption() is None  # asking writes nothing


def test_another_halls_validation_number_is_refused_with_its_number(session):
    other = validation_number(4321)
    with pytest.raises(VoucherNumberRefused) as refused:
        AttendantMoney(session, hall_id=lambda: 1234).ask_to_redeem(other)
    assert (refused.value.reason, refused.value.voucher) == ("other_hall", int(other))
    # a kiosk that never reached its hall cannot tell: the hall decides
    assert AttendantMoney(session).ask_to_redeem(other).voucher == int(other)


def test_a_redemption_is_begun_once_per_confirmation(session):
    money = AttendantMoney(session, token=tokens())
    intent = money.ask_to_redeem("000123")
    assert (intent.action, intent.voucher) == (MoneyAction.REDEEM, 123)
    seq = money.begin_redemption(intent)
    assert session.pending_voucher_redemption() == (seq, 123)
    session.refuse_voucher_redemption(123)
    with pytest.raises(IntentCarriedOut):
        money.begin_redemption(intent)
    assert session.pending_voucher_redemption() is None


def test_an_intent_is_carried_out_only_as_what_it_was_asked_for(session):
    money = AttendantMoney(session)
    with pytest.raises(ValueError):
        money.cash_out(money.ask_to_add("7"))
    assert session.state.credits == 0
