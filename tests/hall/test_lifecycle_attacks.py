"""A place holding a kiosk's (or a cash desk's) login and a plain SQL client of its own, against the
voucher lifecycle of migration 5: the lockout must hold whatever transactions it opens, no other
function may answer whether a number is a voucher, no login may stall another's redemptions, and
no voucher a kiosk ships may blind the hall's listing or its console. Each test fails while the
hall lets the attack through."""

from __future__ import annotations

import itertools
import json
import random
import secrets

import psycopg
import pytest

from reddog_tui.engine import StackedDealer
from reddog_tui.hall import chain, lifecycle, server, tickets
from reddog_tui.hall.floor import read_floor
from reddog_tui.store import GameSession

from .conftest import hall_number, login_dsn, own_database, ship_all
from .test_lifecycle import guesses, login

Redemption = server.Redemption
_seqs = itertools.count(10_000)


@pytest.fixture(scope="module")
def hall(pg_dsn):
    with own_database(pg_dsn, "attacks") as dsn:
        yield dsn


@pytest.fixture
def admin_conn(hall):
    with server.connect(hall) as conn:
        yield conn


@pytest.fixture
def issue(hall, kiosk_store):
    """issue(kiosk_id, amount) -> the number of a hall voucher that kiosk issued and shipped."""
    sessions: dict[int, GameSession] = {}

    def make(kiosk_id: int, amount: int) -> int:
        if kiosk_id not in sessions:
            sessions[kiosk_id] = GameSession(kiosk_store(f"issuer-{kiosk_id}"), StackedDealer([]), initial_credits=0)
        session = sessions[kiosk_id]
        session.add_credits(amount)
        with server.connect(login_dsn(hall, "kiosk", kiosk_id)) as conn:
            number = hall_number(conn, kiosk_id)
            session.cash_out(voucher_number=number)
            ship_all(conn, kiosk_id, session.store)
        return number

    return make


def own_client(hall: str, kind: str, who) -> psycopg.Connection:
    """The login's connection as a client of the attacker's own makes it: no autocommit, no limits."""
    return psycopg.connect(login_dsn(hall, kind, who))


def redeem_or_refused(conn: psycopg.Connection, number: int) -> Redemption | None:
    """The hall's answer to a kiosk's redemption of `number`, None if the call was refused."""
    try:
        return server.redeem(conn, number, next(_seqs), next(_seqs)).outcome
    except psycopg.Error:
        conn.rollback()
        return None


def test_wrong_numbers_asked_in_transactions_rolled_back_still_lock_the_place_out(hall, admin_conn, kiosk_id, issue):
    valid = issue(kiosk_id + 3000, 40)
    with own_client(hall, "kiosk", kiosk_id) as conn:
        hall_id = server.register_kiosk(conn, kiosk_id).hall_id
        conn.commit()
        answered = 0
        for n in guesses(hall_id, 5, seed=kiosk_id):
            answered += redeem_or_refused(conn, n) is Redemption.UNKNOWN
            conn.rollback()  # the record of the wrong number goes with it
    if answered < 5:
        pytest.skip("the hall no longer answers a redemption inside a transaction")
    with server.connect(login_dsn(hall, "kiosk", kiosk_id)) as conn:
        assert server.redeem(conn, valid, next(_seqs), next(_seqs)).outcome is Redemption.LOCKED_OUT


def test_reserving_numbers_does_not_tell_an_issued_voucher_from_a_free_number(hall, kiosk_id, issue):
    valid = issue(kiosk_id + 3000, 40)
    with own_client(hall, "kiosk", kiosk_id) as conn:
        hall_id = server.register_kiosk(conn, kiosk_id).hall_id
        conn.commit()
        (free,) = guesses(hall_id, 1, seed=kiosk_id)
        held = set(server.reserve_voucher_numbers(conn, [valid, free]))
        conn.rollback()  # nothing reserved, nothing recorded
    assert (valid in held) == (free in held)


def test_wrong_numbers_asked_at_once_under_repeatable_read_still_lock_the_place_out(hall, admin_conn, kiosk_id, issue):
    valid = issue(kiosk_id + 3000, 40)
    conns = [own_client(hall, "kiosk", kiosk_id) for _ in range(6)]
    try:
        hall_id = server.register_kiosk(conns[0], kiosk_id).hall_id
        conns[0].commit()
        for conn in conns:  # each transaction's snapshot is taken before any of them commits
            conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            conn.execute("SELECT 1")
        answered = 0
        for conn, n in zip(conns, guesses(hall_id, 6, seed=kiosk_id)):
            answered += redeem_or_refused(conn, n) is Redemption.UNKNOWN
            conn.commit()
    finally:
        for conn in conns:
            conn.close()
    if answered < 5:
        pytest.skip("the hall no longer answers these redemptions")
    with server.connect(login_dsn(hall, "kiosk", kiosk_id)) as conn:
        assert server.redeem(conn, valid, next(_seqs), next(_seqs)).outcome is Redemption.LOCKED_OUT


def test_a_login_holding_another_places_lockout_lock_does_not_stall_its_redemptions(hall, admin_conn, kiosk_id):
    victim = kiosk_id
    with server.connect(login_dsn(hall, "kiosk", kiosk_id + 3000)) as holder:
        held = holder.execute(
            "SELECT pg_advisory_lock(hashtext('reddog hall lockout ' || %s))", (login(admin_conn, "kiosk", victim),)
        )
        assert held is not None
        with server.connect(login_dsn(hall, "kiosk", victim)) as conn:
            hall_id = server.register_kiosk(conn, victim).hall_id
            (wrong,) = guesses(hall_id, 1, seed=victim)
            outcome: Redemption | str
            try:
                outcome = server.redeem(conn, wrong, next(_seqs), next(_seqs)).outcome
            except psycopg.Error as exc:  # the lock timeout: the kiosk's intent stays pending
                outcome = type(exc).__name__
        assert outcome is Redemption.UNKNOWN


def test_undoing_a_void_by_hand_leaves_a_trace_in_the_audit_trail(hall, admin_conn, kiosk_id, issue):
    number = issue(kiosk_id + 3000, 40)
    assert lifecycle.void(admin_conn, number, "stolen")[0] is lifecycle.VoidOutcome.VOIDED
    (before,) = admin_conn.execute("SELECT count(*) FROM hall_audit").fetchone()
    admin_conn.execute(
        "UPDATE hall_voucher SET voided_at = NULL, voided_by = NULL, void_reason = NULL WHERE number = %s", (number,)
    )
    assert lifecycle.vouchers(admin_conn, lifecycle.VoucherState.OPEN)[-1].number == number  # payable again
    (after,) = admin_conn.execute("SELECT count(*) FROM hall_audit").fetchone()
    assert after > before


@pytest.mark.parametrize("stamp", ["1e13", '"Infinity"'])
def test_a_voucher_stamped_out_of_range_does_not_blind_the_listing_or_the_console(pg_dsn, stamp):
    """A kiosk ships a cash-out whose time is beyond any date (its own entries, its own chain)."""
    with own_database(pg_dsn, f"stamp{abs(hash(stamp)) % 1000}") as hall:
        kiosk = 1
        with server.connect(login_dsn(hall, "kiosk", kiosk)) as conn:
            registration = server.register_kiosk(conn, kiosk)
            number = tickets.new_number(registration.hall_id, random.Random(secrets.randbits(64)))
            assert server.reserve_voucher_numbers(conn, [number]) == [number]
            state_in = {"ante": 0, "credits": 30, "phase": "betting", "raised": 0, "winnings": 0}
            bodies = [
                (1, "add_credits", None, {"credits_in": 30}, state_in),
                (2, "cash_out", number, {"credits_out": 30}, dict(state_in, credits=0)),
            ]
            items, link = [], chain.GENESIS
            for seq, action, voucher, meters, state in bodies:
                body = (
                    f'{{"action":"{action}","kiosk":{kiosk},"meters":{json.dumps(meters, separators=(",", ":"))},'
                    f'"seq":{seq},"state":{json.dumps(state, sort_keys=True, separators=(",", ":"))},'
                    f'"time":{stamp},"value":30,"voucher":{json.dumps(voucher)}}}'
                )
                items.append({"seq": seq, "prev": link, "entry": body})
                link = chain.link(link, body)
            conn.execute("SELECT * FROM hall_ship(%s::jsonb)", (json.dumps(items),))
        with server.connect(hall) as admin:
            lifecycle.vouchers(admin)
        with server.connect(login_dsn(hall, "console", "floor")) as console:
            read_floor(console)
