"""Vouchers across the hall: numbered by the server (or the kiosk's own range offline), redeemed once."""

from __future__ import annotations

import random
import threading

import pytest

from benchmarks.hall_kiosk import new_session
from reddog_tui.hall import server, tickets
from reddog_tui.hall.replicator import Replicator
from reddog_tui.hall.vouchers import RedeemOutcome, VoucherDesk
from reddog_tui.store import GameSession
from reddog_tui.store.settings import Key

from .conftest import hall_number, ship_all

UNREACHABLE_DSN = "host=127.0.0.1 port=1 dbname=nothing connect_timeout=1"


class Kiosk:
    """A kiosk of the hall: its session, replicator and voucher desk."""

    def __init__(self, store, kiosk_id: int, dsn: str) -> None:
        self.kiosk_id = kiosk_id
        self.session: GameSession = new_session(store, seed=kiosk_id)  # 1000 credits
        self.replicator = Replicator(store, kiosk_id, dsn, poll_s=0.02)
        self.replicator.start()
        self.desk = VoucherDesk(self.session, kiosk_id, dsn, self.replicator)

    def synced(self) -> None:
        assert self.replicator.wait_shipped(self.session.seq, timeout=30)

    def stop(self) -> None:
        self.replicator.stop()


@pytest.fixture
def kiosks(kiosk_store, kiosk_dsn):
    made: list[Kiosk] = []

    def make(kiosk_id: int, dsn: str | None = None) -> Kiosk:
        k = Kiosk(kiosk_store(f"k{kiosk_id}"), kiosk_id, dsn or kiosk_dsn(kiosk_id))
        made.append(k)
        return k

    yield make
    for k in made:
        k.stop()


def wait_for_pool(kiosk: Kiosk) -> None:
    assert kiosk.replicator.wait_shipped(kiosk.session.seq, timeout=30)


def voucher_row(pg, number: int):
    return pg.execute(
        "SELECT kiosk_id, amount, issued_offline, redeemed_kiosk, redeemed_seq FROM hall_voucher WHERE number = %s",
        (number,),
    ).fetchone()


def test_a_voucher_issued_online_carries_a_server_number_and_is_redeemed_at_another_kiosk(pg, kiosk_id, kiosks):
    issuer, other = kiosks(kiosk_id), kiosks(kiosk_id + 5000)
    wait_for_pool(issuer)
    voucher = issuer.desk.cash_out()
    hall_id = pg.execute("SELECT hall_id FROM hall_config").fetchone()[0]
    assert not voucher.offline and tickets.hall_of(voucher.number) == hall_id and voucher.amount == 1000
    issuer.synced()
    assert voucher_row(pg, voucher.number) == (kiosk_id, 1000, False, None, None)

    result = other.desk.redeem(voucher.number)
    assert result.outcome is RedeemOutcome.CREDITED and result.amount == 1000
    assert other.session.state.credits == 2000
    assert other.session.meters()["credits_in"] == 2000
    assert other.session.pending_voucher_redemption() is None
    _kiosk, amount, _, by_kiosk, by_seq = voucher_row(pg, voucher.number)
    assert (by_kiosk, amount) == (kiosk_id + 5000, 1000)
    assert other.session.store.journal_entries_after(by_seq - 1, 1)[0].action == "voucher_redeeming"

    again = other.desk.redeem(voucher.number)
    elsewhere = issuer.desk.redeem(voucher.number)
    assert again.outcome is elsewhere.outcome is RedeemOutcome.ALREADY_REDEEMED
    assert other.session.state.credits == 2000 and issuer.session.state.credits == 0


def test_an_offline_voucher_carries_the_hall_and_is_redeemable_once_synced(
    pg, kiosk_dsn, cashier, kiosk_id, kiosk_store
):
    store = kiosk_store("offline")
    session = new_session(store, seed=1)
    hall_id = pg.execute("SELECT hall_id FROM hall_config").fetchone()[0]
    store.set_setting(Key.HALL_ID, hall_id)  # kept from an earlier contact with the hall
    desk = VoucherDesk(session, kiosk_id, UNREACHABLE_DSN)  # no replicator: no server numbers held
    first = desk.cash_out()
    session.add_credits(30)
    second = desk.cash_out()
    assert first.offline and second.offline
    assert tickets.hall_of(first.number) == tickets.hall_of(second.number) == hall_id
    assert first.number != second.number
    assert voucher_row(pg, first.number) is None  # the hall does not know it yet

    replicator = Replicator(store, kiosk_id, kiosk_dsn(kiosk_id), poll_s=0.02)
    replicator.start()
    try:
        assert replicator.wait_shipped(session.seq, timeout=30)
    finally:
        replicator.stop()
    assert voucher_row(pg, first.number) == (kiosk_id, 1000, True, None, None)
    assert voucher_row(pg, second.number) == (kiosk_id, 30, True, None, None)
    assert server.redeem_at_cashier(cashier, second.number) == server.RedemptionResult(server.Redemption.REDEEMED, 30)
    assert server.redeem_at_cashier(cashier, second.number).outcome is server.Redemption.ALREADY_REDEEMED


def test_a_kiosk_that_never_reached_its_hall_numbers_its_vouchers_as_on_its_own(kiosk_id, kiosk_store):
    session = new_session(kiosk_store("never"), seed=1)
    voucher = VoucherDesk(session, kiosk_id, UNREACHABLE_DSN).cash_out()
    assert voucher.offline and voucher.number == 1 and not tickets.is_ticket(voucher.number)


def test_a_voucher_from_before_the_hall_is_not_a_hall_voucher(pg, kiosk_conn, kiosk_id, kiosk_store):
    store = kiosk_store()
    session = new_session(store, seed=2)
    local = session.cash_out()  # a standalone kiosk's own numbering
    assert not tickets.is_ticket(local.number)
    conn = kiosk_conn(kiosk_id)
    server.register_kiosk(conn, kiosk_id)
    ship_all(conn, kiosk_id, store)
    assert voucher_row(pg, local.number) is None


def test_an_unknown_voucher_is_refused_and_nothing_credited(kiosk_id, kiosks):
    kiosk = kiosks(kiosk_id)
    result = kiosk.desk.redeem(tickets.new_number(1234, random.Random(5)))
    assert result.outcome is RedeemOutcome.UNKNOWN
    assert kiosk.session.state.credits == 1000
    assert kiosk.session.pending_voucher_redemption() is None
    assert kiosk.session.journal_actions(1)[0][1] == "voucher_refused"


def test_a_redemption_with_the_server_away_stays_pending_and_is_credited_once_when_it_is_back(
    pg, kiosk_dsn, kiosk_id, kiosks, kiosk_store
):
    issuer = kiosks(kiosk_id)
    wait_for_pool(issuer)
    voucher = issuer.desk.cash_out()
    issuer.synced()

    store = kiosk_store("cut-off")
    session = new_session(store, seed=3)
    away = VoucherDesk(session, kiosk_id + 5000, UNREACHABLE_DSN)
    assert away.redeem(voucher.number).outcome is RedeemOutcome.UNREACHABLE
    assert session.pending_voucher_redemption() is not None
    assert away.redeem(voucher.number).outcome is RedeemOutcome.UNREACHABLE  # no second intent
    assert away.resolve_pending().outcome is RedeemOutcome.UNREACHABLE
    assert session.state.credits == 1000

    back = VoucherDesk(session, kiosk_id + 5000, kiosk_dsn(kiosk_id + 5000))
    resolved = back.resolve_pending()
    assert resolved.outcome is RedeemOutcome.CREDITED and resolved.amount == voucher.amount
    assert back.resolve_pending() is None
    assert session.state.credits == 1000 + voucher.amount
    actions = [a for _, a, _ in session.journal_actions(10)]
    assert actions.count("voucher_redeemed") == 1 and actions.count("voucher_redeeming") == 1


def test_two_kiosks_redeeming_one_voucher_at_once_make_exactly_one_winner(kiosk_conn, kiosk_dsn, kiosk_id, kiosk_store):
    issuer_store = kiosk_store("issuer")
    issuer = new_session(issuer_store, seed=4)
    a = new_session(kiosk_store("a"), seed=5)
    b = new_session(kiosk_store("b"), seed=6)
    desks = [
        VoucherDesk(a, kiosk_id + 5000, kiosk_dsn(kiosk_id + 5000)),
        VoucherDesk(b, kiosk_id + 6000, kiosk_dsn(kiosk_id + 6000)),
    ]
    conn = kiosk_conn(kiosk_id)
    server.register_kiosk(conn, kiosk_id)
    for round_ in range(100):
        if issuer.state.credits:
            issuer.cash_out()  # the opening credits: a local voucher, not part of this count
        issuer.add_credits(1)
        voucher = issuer.cash_out(voucher_number=hall_number(conn, kiosk_id))
        ship_all(conn, kiosk_id, issuer_store)
        barrier = threading.Barrier(2)
        results = [None, None]

        def redeem(i: int) -> None:
            barrier.wait()
            results[i] = desks[i].redeem(voucher.number)

        threads = [threading.Thread(target=redeem, args=(i,)) for i in (0, 1)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        outcomes = sorted(r.outcome for r in results)
        assert outcomes == [RedeemOutcome.ALREADY_REDEEMED, RedeemOutcome.CREDITED], round_
    # Each voucher was worth 1 credit: 100 credited between the two kiosks, once each.
    assert (a.state.credits - 1000) + (b.state.credits - 1000) == 100
    assert a.meters()["credits_in"] + b.meters()["credits_in"] == 2000 + 100


def test_a_late_answer_never_settles_another_intent(kiosk_dsn, kiosk_id, issue_voucher, kiosk_store):
    """A 300-credit voucher is credited once on this kiosk, even when the answer to its first
    intent arrives after a second intent for the same number began."""
    from reddog_tui.engine import RedDogError

    number = issue_voucher(300)
    session = new_session(kiosk_store("redeemer"), seed=7)  # 1000 credits
    desk = VoucherDesk(session, kiosk_id + 5000, kiosk_dsn(kiosk_id + 5000))
    first = desk.begin(number)
    late = desk.ask(first, number, desk.nonce(first))  # the answer is on its way back, slowly
    assert desk.resolve_pending().outcome is RedeemOutcome.CREDITED  # finished by asking again
    second = desk.begin(number)  # the attendant tries the same voucher once more
    with pytest.raises(RedDogError):
        desk.settle(second, number, late)  # the late answer names the first intent
    assert session.state.credits == 1300
    assert desk.resolve_pending().outcome is RedeemOutcome.ALREADY_REDEEMED
    assert session.state.credits == 1300 and session.meters()["credits_in"] == 1300


def test_a_journal_restored_from_before_a_redemption_is_not_credited_the_voucher_again(
    kiosk_dsn, kiosk_id, issue_voucher, kiosk_store
):
    """The server binds a voucher to the intent's seq and to a nonce drawn from its identity: a
    journal copied back from before the redemption journals its own intent under the same seq,
    and the server's answer to the first intent is not its answer."""
    from reddog_tui.engine import RedDogError

    number = issue_voucher(300)
    login = kiosk_id + 5000
    session = new_session(kiosk_store("redeemer"), seed=7)
    desk = VoucherDesk(session, login, kiosk_dsn(login))
    seq = desk.begin(number)
    first = desk.ask(seq, number, desk.nonce(seq))
    assert desk.settle(seq, number, first).outcome is RedeemOutcome.CREDITED
    restored = new_session(kiosk_store("restored"), seed=7)  # the same history up to the intent
    again = VoucherDesk(restored, login, kiosk_dsn(login))
    assert again.begin(number) == seq and again.nonce(seq) != desk.nonce(seq)
    with pytest.raises(RedDogError):  # the first intent's answer, arriving here, settles nothing
        again.settle(seq, number, first)
    answer = again.ask(seq, number, again.nonce(seq))
    assert answer is not None and answer.outcome is server.Redemption.ALREADY_REDEEMED
    assert again.settle(seq, number, answer).outcome is RedeemOutcome.ALREADY_REDEEMED
    assert restored.state.credits == 1000 and restored.meters()["credits_in"] == 1000


def test_a_hall_pay_out_carried_out_twice_is_refused_by_the_journal_and_the_hall_holds_one_voucher(
    pg, kiosk_id, kiosks
):
    """A pay-out at a kiosk of the hall goes through the hall's desk with the attendant's intent:
    the same intent again is refused by the journal itself, nothing is written, one voucher ships."""
    from reddog_tui.store import IntentCarriedOut

    kiosk = kiosks(kiosk_id)
    wait_for_pool(kiosk)
    voucher = kiosk.desk.cash_out(intent="pay-out-once")
    kiosk.session.add_credits(30)  # credits a second pay-out could take
    seq = kiosk.session.seq
    with pytest.raises(IntentCarriedOut):
        kiosk.desk.cash_out(intent="pay-out-once")
    assert kiosk.session.seq == seq and kiosk.session.state.credits == 30  # nothing journaled, nothing paid
    kiosk.synced()
    rows = pg.execute("SELECT number, amount FROM hall_voucher WHERE kiosk_id = %s", (kiosk_id,)).fetchall()
    assert rows == [(voucher.number, 1000)]
