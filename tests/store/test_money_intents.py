"""A money action carried out twice under one identity: the journal itself refuses the second
time, and nothing of it is written (no entry, no meter, no voucher, no change to the table)."""

from __future__ import annotations

import sqlite3

import pytest

from reddog_tui.store import IntentCarriedOut
from reddog_tui.store.accounting import Transition
from reddog_tui.store.database import database_path
from reddog_tui.store.session import REDEEMED, redemption_outcome

TABLES = ("journal", "meters", "table_state", "vouchers", "settings", "rounds")


def everything(data_dir) -> dict[str, list[tuple]]:
    """Every row of every table, read beside the open store."""
    conn = sqlite3.connect(database_path(data_dir).resolve().as_uri() + "?mode=ro", uri=True)
    try:
        return {table: conn.execute(f"SELECT * FROM {table} ORDER BY 1").fetchall() for table in TABLES}
    finally:
        conn.close()


def money_entry(session, action: str) -> Transition:
    """The transition each money action commits, as the session builds it."""
    state = session.state
    if action == "add_credits":
        return Transition("add_credits", 7, state._replace(credits=state.credits + 7), 0, {"credits_in": 7}, intent="T")
    if action == "cash_out":
        amount = state.credits
        return Transition(
            "cash_out", amount, state._replace(credits=0), 0, {"credits_out": amount}, voucher_amount=amount, intent="T"
        )
    return Transition(
        REDEEMED, 30, state._replace(credits=state.credits + 30), 0, {"credits_in": 30}, voucher=5, intent="T"
    )


@pytest.mark.parametrize("action", ["add_credits", "cash_out", "voucher_redeemed"])
def test_one_money_intent_replayed_is_refused_by_the_journal_with_nothing_written(data_dir, open_session, action):
    store, session = open_session(credits=100)
    entry = money_entry(session, action)
    seq, _ = store.commit(entry, session.seq)
    before = everything(data_dir)
    with pytest.raises(IntentCarriedOut) as refused:
        store.commit(entry, seq)  # the very same entry again, as the table stands after it
    assert refused.value.intent == "T"
    assert everything(data_dir) == before


def test_the_database_itself_holds_an_identity_once(data_dir, open_session):
    """Not only the store's code: a second row with the same identity breaks the file's own constraint."""
    _store, session = open_session(credits=100)
    session.add_credits(7, intent="T")
    conn = sqlite3.connect(database_path(data_dir))
    try:
        with pytest.raises(sqlite3.IntegrityError, match=r"journal\.intent"):
            conn.execute(
                "INSERT INTO journal (seq, time, action, value, state, intent) SELECT seq + 1, time, action, value,"
                " state, intent FROM journal WHERE intent = 'T'"
            )
    finally:
        conn.close()


def test_each_money_action_of_the_session_is_taken_once(data_dir, open_session):
    store, session = open_session(credits=0)
    session.add_credits(40, intent="in")
    with pytest.raises(IntentCarriedOut):
        session.add_credits(40, intent="in")
    voucher = session.cash_out(intent="out")
    session.add_credits(25, intent="in again")
    before = everything(data_dir)
    with pytest.raises(IntentCarriedOut):
        session.cash_out(intent="out")  # credits to pay, but this payout was made
    assert everything(data_dir) == before and session.state.credits == 25
    assert store.meters()["credits_in"] == 65 and store.meters()["credits_out"] == voucher.amount == 40

    seq = session.begin_voucher_redemption(12, intent="ticket")
    session.refuse_voucher_redemption(12)
    with pytest.raises(IntentCarriedOut):
        session.begin_voucher_redemption(12, intent="ticket")
    assert session.pending_voucher_redemption() is None
    intents = [row[7] for row in everything(data_dir)["journal"]]  # the journal's intent column
    assert intents.count("ticket") == 1 and intents.count(redemption_outcome(seq)) == 1
    # A credit for the redemption that was refused: the journal holds its one outcome already.
    state = session.state
    credit = Transition(
        REDEEMED, 30, state._replace(credits=state.credits + 30), 0, {"credits_in": 30}, voucher=12,
        intent=redemption_outcome(seq),
    )  # fmt: skip
    before = everything(data_dir)
    with pytest.raises(IntentCarriedOut):
        store.commit(credit, session.seq)
    assert everything(data_dir) == before


def test_play_and_operator_entries_carry_no_identity_and_never_collide(open_session):
    store, session = open_session("2H 9S 5C", credits=100)
    session.act("add_chip", 10)
    session.act("deal")
    session.act("call")
    session.add_credits(5)  # without an identity (a caller that has none): as before
    session.add_credits(5)
    assert session.state.credits == 100 and store.meters()["credits_in"] == 110
