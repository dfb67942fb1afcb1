"""The journal's side of a voucher redeemed at this kiosk: one redemption pending at a time, its
outcome only for the voucher it names, and a credit of a whole number of at least one."""

from __future__ import annotations

import pytest

from reddog_tui.engine import errors

from .test_money_intents import everything


def test_a_second_redemption_is_refused_while_one_is_pending_and_nothing_is_written(data_dir, open_session):
    _store, session = open_session(credits=100)
    seq = session.begin_voucher_redemption(7)
    before = everything(data_dir)
    with pytest.raises(errors.ActionNotAllowed):
        session.begin_voucher_redemption(8)
    assert everything(data_dir) == before
    assert session.pending_voucher_redemption() == (seq, 7)


@pytest.mark.parametrize("outcome", ["credit", "refuse"])
def test_an_outcome_for_another_voucher_than_the_pending_one_is_refused(data_dir, open_session, outcome):
    _store, session = open_session(credits=100)
    seq = session.begin_voucher_redemption(7)
    before = everything(data_dir)
    with pytest.raises(errors.ActionNotAllowed):
        if outcome == "credit":
            session.credit_redeemed_voucher(8, 50)
        else:
            session.refuse_voucher_redemption(8)
    assert everything(data_dir) == before and session.state.credits == 100
    assert session.pending_voucher_redemption() == (seq, 7)


@pytest.mark.parametrize("amount", [0, -5, True])
def test_a_voucher_credit_of_no_whole_positive_amount_is_refused(data_dir, open_session, amount):
    _store, session = open_session(credits=100)
    session.begin_voucher_redemption(7)
    before = everything(data_dir)
    with pytest.raises(errors.InvalidSetting):
        session.credit_redeemed_voucher(7, amount)
    assert everything(data_dir) == before and session.state.credits == 100


def test_the_pending_voucher_credited_once_ends_the_redemption(open_session):
    _store, session = open_session(credits=100)
    session.begin_voucher_redemption(7)
    session.credit_redeemed_voucher(7, 1)
    assert session.state.credits == 101 and session.pending_voucher_redemption() is None
