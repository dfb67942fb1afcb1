"""A place holding a kiosk's (or a cash desk's) login and a plain SQL client of its own, against the
voucher lifecycle (migrations 5 and 6): the lockout must hold whatever isolation the client asks
for and however many calls it queues, no login may stall another's redemptions, no voucher a
kiosk ships may blind the hall's listing or its console, and the command line refuses what
would forge a line of the audit trail or reach the server as no number. Each test fails while the
hall lets the attack through."""

from __future__ import annotations

import itertools
import json
import threading
import time

import psycopg
import pytest

from reddog_tui import i18n
from reddog_tui.hall import chain, lifecycle, server, tickets
from reddog_tui.hall.floor import read_floor

from .conftest import login_dsn, own_database
from .test_lifecycle import cli, failures, guesses, login

Redemption = server.Redemption
_seqs = itertools.count(10_000)


@pytest.fixture(scope="module")
def hall(pg_dsn):
    with own_database(pg_dsn, "attacks") as dsn:
        yield dsn


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


def refusal_of(conn: psycopg.Connection, number: int) -> str | None:
    """The SQLSTATE the hall refused a kiosk's redemption of `number` with, None if it answered."""
    try:
        server.redeem(conn, number, next(_seqs), next(_seqs))
    except psycopg.Error as exc:
        conn.rollback()
        return exc.sqlstate
    conn.commit()
    return None


def ask(conn: psycopg.Connection, number: int | None) -> int:
    """A kiosk's question about `number` (a fresh intent), committed: its id."""
    (asked,) = conn.execute("SELECT hall_redeem_ask(%s, %s, %s)", (number, next(_seqs), next(_seqs))).fetchone()
    conn.commit()
    return int(asked)


def answer(conn: psycopg.Connection, asked: int) -> str:
    (outcome,) = conn.execute("SELECT outcome FROM hall_redeem_answer(%s)", (asked,)).fetchone()
    return str(outcome)


def waiting_on_a_lock(admin_conn: psycopg.Connection, pid: int) -> bool:
    """Whether backend `pid` waits for a lock; looked for up to about twenty seconds."""
    for _ in range(400):
        row = admin_conn.execute("SELECT wait_event_type FROM pg_stat_activity WHERE pid = %s", (pid,)).fetchone()
        if row is not None and row[0] == "Lock":
            return True
        time.sleep(0.05)
    return False


# --- the lockout against a client's own transactions and queued calls -----------------------------


@pytest.mark.parametrize("level", ["REPEATABLE READ", "SERIALIZABLE"])
def test_wrong_numbers_asked_at_once_under_repeatable_read_still_lock_the_place_out(hall, admin_conn, kiosk_id, level):
    """A snapshot taken before the others commit cannot see their wrong numbers: the hall answers
    no redemption under it (an error, SQLSTATE 25000), so none goes uncounted."""
    conns = [own_client(hall, "kiosk", kiosk_id) for _ in range(6)]
    try:
        hall_id = server.register_kiosk(conns[0], kiosk_id).hall_id
        conns[0].commit()
        for conn in conns:  # each transaction's snapshot is taken before any of them commits
            conn.execute(f"SET TRANSACTION ISOLATION LEVEL {level}")
            conn.execute("SELECT 1")
        refusals = [refusal_of(conn, n) for conn, n in zip(conns, guesses(hall_id, 6, seed=kiosk_id))]
    finally:
        for conn in conns:
            conn.close()
    assert refusals == ["25000"] * 6
    assert failures(admin_conn, login(admin_conn, "kiosk", kiosk_id)) == 0


def test_a_redemption_queued_behind_the_one_that_locks_the_place_out_is_refused_as_locked_out(
    hall, admin_conn, kiosk_id
):
    settings = lifecycle.read_settings(admin_conn)
    with own_client(hall, "kiosk", kiosk_id) as first, server.connect(login_dsn(hall, "kiosk", kiosk_id)) as second:
        hall_id = server.register_kiosk(first, kiosk_id).hall_id
        first.commit()
        *wrong, queued_number = guesses(hall_id, settings.lockout_failures + 1, seed=kiosk_id)
        for n in wrong:  # the last answer locks the place out, not yet committed
            assert answer(first, ask(first, n)) == Redemption.UNKNOWN.value
            if n != wrong[-1]:
                first.commit()
        answers: list[Redemption] = []
        queued = threading.Thread(
            target=lambda: answers.append(server.redeem(second, queued_number, next(_seqs), next(_seqs)).outcome)
        )
        queued.start()
        try:
            assert waiting_on_a_lock(admin_conn, second.info.backend_pid)
        finally:
            first.commit()
            queued.join()
    assert answers == [Redemption.LOCKED_OUT]
    assert failures(admin_conn, login(admin_conn, "kiosk", kiosk_id)) == settings.lockout_failures


def test_a_missing_number_is_a_counted_refusal_at_the_kiosk_and_at_the_cash_desk(hall, admin_conn, kiosk_id):
    with server.connect(login_dsn(hall, "kiosk", kiosk_id)) as conn:
        server.register_kiosk(conn, kiosk_id)
        assert server.redeem(conn, None, next(_seqs), next(_seqs)).outcome is Redemption.UNKNOWN  # type: ignore[arg-type]
    assert failures(admin_conn, login(admin_conn, "kiosk", kiosk_id)) == 1
    desk = f"desk{kiosk_id}"
    with server.connect(login_dsn(hall, "cashier", desk)) as conn:
        assert server.redeem_at_cashier(conn, None).outcome is Redemption.UNKNOWN  # type: ignore[arg-type]
    assert failures(admin_conn, login(admin_conn, "cashier", desk)) == 1


# --- no answer before the question is on record (migration 7) -----------------------------------


@pytest.mark.parametrize("answered", ["rolled back", "never"])
def test_wrong_numbers_whose_answers_are_not_committed_still_lock_the_place_out(
    hall, admin_conn, kiosk_id, issue, answered
):
    """Each question committed, its answer rolled back (the refusal and its count go with it) or
    never asked for: the questions stay, and count."""
    valid = issue(kiosk_id + 3000, 40)
    settings = lifecycle.read_settings(admin_conn)
    with own_client(hall, "kiosk", kiosk_id) as conn:
        hall_id = server.register_kiosk(conn, kiosk_id).hall_id
        conn.commit()
        for n in guesses(hall_id, settings.lockout_failures, seed=kiosk_id):
            asked = ask(conn, n)
            if answered == "rolled back":
                assert answer(conn, asked) == "unknown"
                conn.rollback()
    with server.connect(login_dsn(hall, "kiosk", kiosk_id)) as conn:
        assert server.redeem(conn, valid, next(_seqs), next(_seqs)).outcome is Redemption.LOCKED_OUT


@pytest.mark.parametrize("savepoint", [False, True])
def test_a_question_is_answered_only_once_the_transaction_that_asked_it_has_committed(
    hall, admin_conn, kiosk_id, issue, savepoint
):
    valid = issue(kiosk_id + 3000, 40)
    with own_client(hall, "kiosk", kiosk_id) as conn:
        server.register_kiosk(conn, kiosk_id)
        conn.commit()
        if savepoint:
            conn.execute("SAVEPOINT probe")
        (asked,) = conn.execute("SELECT hall_redeem_ask(%s, %s, %s)", (valid, next(_seqs), 1)).fetchone()
        if savepoint:
            conn.execute("RELEASE SAVEPOINT probe")
        with pytest.raises(psycopg.errors.InvalidTransactionState):
            answer(conn, asked)
        conn.rollback()
    assert lifecycle.vouchers(admin_conn, lifecycle.VoucherState.OPEN)[-1].number == valid  # still payable


def test_a_login_is_answered_only_its_own_questions(hall, admin_conn, kiosk_id, issue):
    valid = issue(kiosk_id + 3000, 40)
    with server.connect(login_dsn(hall, "kiosk", kiosk_id)) as mine:
        server.register_kiosk(mine, kiosk_id)
        (asked,) = mine.execute("SELECT hall_redeem_ask(%s, %s, %s)", (valid, next(_seqs), 1)).fetchone()
    with server.connect(login_dsn(hall, "kiosk", kiosk_id + 6000)) as other:
        server.register_kiosk(other, kiosk_id + 6000)
        with pytest.raises(psycopg.errors.InvalidParameterValue):
            answer(other, asked)
    with (
        server.connect(login_dsn(hall, "cashier", f"desk{kiosk_id}")) as desk,
        pytest.raises(psycopg.errors.InvalidParameterValue),
    ):
        desk.execute("SELECT * FROM hall_cashier_answer(%s)", (asked,))


def test_no_login_reaches_the_steps_behind_the_questions(hall, admin_conn, kiosk_id):
    calls = (
        "SELECT * FROM hall_redeem_now(1, 1, 1)",
        "SELECT * FROM hall_cashier_redeem_now(1)",
        "SELECT * FROM hall_ship_now('[]'::jsonb)",
        "SELECT hall_ask('redeem', 1, 1, 1)",
        "SELECT hall_count_wrong(session_user)",
        "SELECT hall_new_ticket(1234)",
    )
    for kind, who in (("kiosk", kiosk_id), ("cashier", f"desk{kiosk_id}"), ("console", "floor")):
        with server.connect(login_dsn(hall, kind, who)) as conn:
            for call in calls:
                with pytest.raises(psycopg.errors.InsufficientPrivilege):
                    conn.execute(call)


def test_reserving_numbers_takes_no_number_from_the_kiosk(hall, kiosk_id, issue):
    """A kiosk that proposed numbers would learn which of them are vouchers already."""
    valid = issue(kiosk_id + 3000, 40)
    with server.connect(login_dsn(hall, "kiosk", kiosk_id)) as conn:
        server.register_kiosk(conn, kiosk_id)
        with pytest.raises(psycopg.errors.UndefinedFunction):
            conn.execute("SELECT hall_reserve_numbers(%s::bigint[])", ([valid],))
        held = server.reserve_voucher_numbers(conn, 20)
    assert valid not in held and len(held) == 20


def test_shipping_a_number_drawn_offline_puts_it_on_record_before_the_hall_says_anything(hall, admin_conn, issue):
    """The hall answers an issued number and a free one alike until the question is committed;
    probing issued numbers by shipping them and rolling back locks the place out."""
    kiosk = 4242
    taken = issue(kiosk + 1, 40)
    settings = lifecycle.read_settings(admin_conn)
    with own_client(hall, "kiosk", kiosk) as conn:
        hall_id = server.register_kiosk(conn, kiosk).hall_id
        conn.commit()
        probes = [taken, *guesses(hall_id, settings.lockout_failures - 1, seed=kiosk)]
        first_words = []
        for number in probes:
            first_words.append(
                conn.execute("SELECT * FROM hall_ship(%s::jsonb)", (cash_out(kiosk, number),)).fetchone()
            )
            conn.commit()
            conn.execute("SELECT * FROM hall_ship(%s::jsonb)", (cash_out(kiosk, number),)).fetchone()
            conn.rollback()  # what the hall said of the number goes with it; the question stays
    assert first_words == [(0, server.ASKED)] * len(probes)
    with server.connect(login_dsn(hall, "kiosk", kiosk)) as conn:
        assert server.redeem(conn, taken, next(_seqs), next(_seqs)).outcome is Redemption.LOCKED_OUT


def test_a_voucher_drawn_offline_is_shipped_and_its_question_answered(hall, admin_conn):
    kiosk = 4343
    with server.connect(login_dsn(hall, "kiosk", kiosk)) as conn:
        hall_id = server.register_kiosk(conn, kiosk).hall_id
        (number,) = guesses(hall_id, 1, seed=kiosk)
        assert server.ship(conn, kiosk, []) == 0
        items = cash_out(kiosk, number)
        assert conn.execute("SELECT * FROM hall_ship(%s::jsonb)", (items,)).fetchone() == (0, server.ASKED)
        assert conn.execute("SELECT * FROM hall_ship(%s::jsonb)", (items,)).fetchone() == (2, None)
    (offline,) = admin_conn.execute("SELECT issued_offline FROM hall_voucher WHERE number = %s", (number,)).fetchone()
    assert offline is True
    unanswered = admin_conn.execute(
        "SELECT count(*) FROM hall_number_question WHERE place = %s AND answer IS NULL",
        (login(admin_conn, "kiosk", kiosk),),
    ).fetchone()
    assert unanswered == (0,)


# --- the place's lock -----------------------------------------------------------------------------


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


def test_no_login_can_read_or_lock_the_rows_that_keep_the_places_apart(hall, admin_conn, kiosk_id):
    with server.connect(login_dsn(hall, "kiosk", kiosk_id)) as conn:
        server.register_kiosk(conn, kiosk_id)
        assert server.redeem(conn, 1, next(_seqs), next(_seqs)).outcome is Redemption.UNKNOWN  # its row exists
    for kind, who in (("kiosk", kiosk_id + 3000), ("cashier", f"desk{kiosk_id}"), ("console", "floor")):
        with server.connect(login_dsn(hall, kind, who)) as conn:
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute("SELECT place FROM hall_place_lock FOR UPDATE")
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute("SELECT hall_lock_place(%s)", (login(admin_conn, "kiosk", kiosk_id),))


# --- a voucher's time ------------------------------------------------------------------------------


def cash_out(kiosk: int, number: int, stamp: str = "1700000000") -> str:
    """A shipment of kiosk `kiosk`'s first two entries, of its own making, chain included: 30
    credits in, then a cash-out of them on voucher `number` at time `stamp` (JSON)."""
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
    return json.dumps(items)


def ship_stamped(hall: str, kiosk: int, stamp: str) -> tuple[int, str | None]:
    """Kiosk `kiosk` (of its own hall) ships a cash-out on a number the hall reserved for it
    whose time is `stamp`: the voucher's number and the hall's refusal (None: taken)."""
    with server.connect(login_dsn(hall, "kiosk", kiosk)) as conn:
        server.register_kiosk(conn, kiosk)
        (number,) = server.reserve_voucher_numbers(conn, 1)
        ((_, refused),) = conn.execute(
            "SELECT * FROM hall_ship(%s::jsonb)", (cash_out(kiosk, number, stamp),)
        ).fetchall()
    return number, refused


@pytest.mark.parametrize("stamp", ["1e13", '"Infinity"'])
def test_a_voucher_stamped_out_of_range_does_not_blind_the_listing_or_the_console(pg_dsn, stamp):
    """A kiosk ships a cash-out whose time is beyond any date (its own entries, its own chain)."""
    with own_database(pg_dsn, f"stamp{abs(hash(stamp)) % 1000}") as hall:
        _, refused = ship_stamped(hall, 1, stamp)
        with server.connect(hall) as admin:
            lifecycle.vouchers(admin)
        with server.connect(login_dsn(hall, "console", "floor")) as console:
            read_floor(console)
        assert refused is not None and "no plausible time" in refused


def test_a_cash_out_is_taken_at_any_time_since_2000_up_to_a_day_ahead_and_at_no_other(pg_dsn):
    now = time.time()
    stamps = {  # the time shipped: whether the hall takes the voucher
        f"{now - 30 * 86400}": True,  # a kiosk offline for a month ships late
        f"{now + 20 * 3600}": True,  # a kiosk's clock a little ahead
        f"{now + 2 * 86400}": False,
        "946684799": False,  # 1999
        '"NaN"': False,
        '"-Infinity"': False,
    }
    with own_database(pg_dsn, "stamps") as hall, server.connect(hall) as admin:
        for kiosk, (stamp, taken) in enumerate(stamps.items(), start=1):
            number, refused = ship_stamped(hall, kiosk, stamp)
            held = admin.execute("SELECT count(*) FROM hall_voucher WHERE number = %s", (number,)).fetchone()
            assert (refused is None, held) == (taken, (int(taken),)), stamp


@pytest.mark.parametrize("stamp", ["1e13", "Infinity", "-Infinity", "NaN"])
def test_a_voucher_stored_with_a_time_out_of_range_is_listed_shown_and_refused_or_paid_without_an_error(
    hall, admin_conn, kiosk_id, issue, capsys, stamp
):
    """As a hall migrated from before the check may hold it: the listing, the console's floor and
    the command line show it, and the cash desk answers for it."""
    number = issue(kiosk_id + 3000, 40)
    (was,) = admin_conn.execute("SELECT issued_at FROM hall_voucher WHERE number = %s", (number,)).fetchone()
    admin_conn.execute("UPDATE hall_voucher SET issued_at = %s::double precision WHERE number = %s", (stamp, number))
    try:
        listed = {v.number: v for v in lifecycle.vouchers(admin_conn)}
        expired = stamp == "-Infinity"
        assert listed[number].state is (lifecycle.VoucherState.EXPIRED if expired else lifecycle.VoucherState.OPEN)
        with server.connect(login_dsn(hall, "console", "floor")) as console:
            shown = {(v.kiosk_id, v.number_end) for v in read_floor(console).vouchers}
            assert ((kiosk_id + 3000, str(number)[-4:]) in shown) is not expired
        code, out, _ = cli(capsys, "--lang", "en", "--hall-dsn", hall, "hall", "vouchers")
        assert code == 0 and tickets.grouped(number) in out
        with server.connect(login_dsn(hall, "cashier", f"desk{kiosk_id}")) as desk:
            outcome = server.redeem_at_cashier(desk, number).outcome
        assert outcome is (Redemption.EXPIRED if expired else Redemption.REDEEMED)
    finally:
        admin_conn.execute("UPDATE hall_voucher SET issued_at = %s WHERE number = %s", (was, number))


# --- the command line -------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", sorted(i18n.LANGUAGES))
@pytest.mark.parametrize(
    "reason", ["stolen\n2026-12-05 admin void 1 reason: none", "torn\tbadly", "x\x1b[2Jy", "a\u2028b"]
)
def test_a_void_reason_of_more_than_one_line_is_refused_in_the_persons_language(capsys, lang, reason):
    code, _, err = cli(
        capsys, "--lang", lang, "--hall-dsn", "host=127.0.0.1 port=1", "hall", "void", "1", "--reason", reason
    )
    assert code == 2
    i18n.set_language(lang)
    assert i18n._("--reason must be one line, without tabs or other control characters.") in err


@pytest.mark.parametrize("lang", sorted(i18n.LANGUAGES))
@pytest.mark.parametrize("typed", ["²", "12³4", "9223372036854775808", "1" * 40])
@pytest.mark.parametrize("task", [["cashier"], ["void", "--reason", "stolen"]])
def test_a_number_the_hall_cannot_hold_is_refused_as_no_voucher_number_before_the_server_is_asked(
    capsys, lang, typed, task
):
    argv = ["--lang", lang, "--hall-dsn", "host=127.0.0.1 port=1", "hall", task[0], typed, *task[1:]]
    code, out, err = cli(capsys, *argv)
    assert code == 2 and out == ""
    i18n.set_language(lang)
    assert i18n._("{given} is not a voucher number.").format(given=typed) in err
    assert "invalid" not in err and "Traceback" not in err
