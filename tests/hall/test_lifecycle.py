"""A hall voucher after it is issued: a place guessing numbers is locked out (and the console
raises the alarm), an old voucher expires, an operator voids one, the vouchers are listed, and
the audit trail keeps who did what, append-only. Against a real PostgreSQL, in a hall of its own
(its settings are changed here)."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import random
from datetime import UTC, datetime

import psycopg
import pytest

from reddog_tui import i18n
from reddog_tui.cli import main
from reddog_tui.engine import StackedDealer
from reddog_tui.hall import admin, server, tickets
from reddog_tui.hall.floor import read_floor
from reddog_tui.hall.vouchers import RedeemOutcome, VoucherDesk
from reddog_tui.store import GameSession
from reddog_tui.ui.hall_console import HallConsole, lockout_text

from .conftest import login_dsn, own_database
from .test_hall_console import text_of, until

Redemption = server.Redemption
_seqs = itertools.count(1)  # intents of raw kiosk calls: any seq, one per call


@pytest.fixture(scope="module")
def hall(pg_dsn):
    with own_database(pg_dsn, "lifecycle") as dsn:
        yield dsn


def guesses(hall_id: int, count: int, seed: int) -> list[int]:
    """`count` different validation numbers of the hall (right hall, right check digit), none issued."""
    rng = random.Random(seed)
    found: dict[int, None] = {}
    while len(found) < count:
        found[tickets.new_number(hall_id, rng)] = None
    return list(found)


def hall_id_of(conn) -> int:
    return int(conn.execute("SELECT hall_id FROM hall_config").fetchone()[0])


def login(conn, kind: str, who) -> str:
    return admin.role(admin.hall_prefix(conn), kind, who)


def failures(conn, place: str) -> int:
    return int(conn.execute("SELECT count(*) FROM hall_redeem_failure WHERE place = %s", (place,)).fetchone()[0])


def lift(conn, place: str) -> None:
    """The lockout window of `place` and one second more pass, without waiting: every time the
    hall recorded for it (its lockout and its wrong numbers) moved that far back."""
    (window,) = conn.execute("SELECT lockout_window_s FROM hall_config").fetchone()
    gone = f"{window + 1} seconds"
    conn.execute(
        "UPDATE hall_lockout SET locked_at = locked_at - %s::interval, until = until - %s::interval WHERE place = %s",
        (gone, gone, place),
    )
    conn.execute("UPDATE hall_redeem_failure SET at = at - %s::interval WHERE place = %s", (gone, place))


def age(conn, number: int, days: int) -> None:
    """Voucher `number` issued `days` days earlier than it was."""
    conn.execute("UPDATE hall_voucher SET issued_at = issued_at - %s * 86400 WHERE number = %s", (days, number))


def kiosk_desk(hall: str, kiosk_id: int, kiosk_store) -> VoucherDesk:
    session = GameSession(kiosk_store(f"desk-{kiosk_id}"), StackedDealer([]), initial_credits=100)
    return VoucherDesk(session, kiosk_id, login_dsn(hall, "kiosk", kiosk_id))


def cli(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as refused:  # argparse refusing an option
        code = int(refused.code or 0)
    said = capsys.readouterr()
    return code, said.out, said.err


# --- the lockout -----------------------------------------------------------------------------------


def test_a_thousand_guessed_numbers_find_nothing_and_trip_the_lockout_and_the_consoles_alarm(
    hall, admin_conn, kiosk_conn, kiosk_id
):
    conn = kiosk_conn(kiosk_id, hall)
    hall_id = server.register_kiosk(conn, kiosk_id).hall_id
    numbers = guesses(hall_id, 1000, seed=kiosk_id)
    assert all(tickets.hall_of(n) == hall_id and tickets.is_ticket(n) for n in numbers)
    outcomes = [server.redeem(conn, n, next(_seqs)).outcome for n in numbers]
    assert Redemption.REDEEMED not in outcomes
    assert outcomes[:5] == [Redemption.UNKNOWN] * 5  # lockout_failures: 5
    assert set(outcomes[5:]) == {Redemption.LOCKED_OUT}
    place = login(admin_conn, "kiosk", kiosk_id)
    assert failures(admin_conn, place) == 5  # counted though every call refused; none while locked out
    locked_at, ends, counted = admin_conn.execute(
        "SELECT locked_at, until, failures FROM hall_lockout WHERE place = %s", (place,)
    ).fetchone()
    assert (ends - locked_at).total_seconds() == 600 and counted == 5  # as long as the window

    console = login_dsn(hall, "console", "floor")
    with server.connect(console) as floor_conn:
        (lock,) = [x for x in read_floor(floor_conn).lockouts if x.place == place]
    assert lock.kiosk_id == kiosk_id and lock.failures == 5
    app = HallConsole(console, "de")

    async def scenario() -> None:
        async with app.run_test(size=(160, 40)) as pilot:
            await until(pilot, lambda: app.floor is not None)
            alarm = text_of(app, "alarms")
            assert app.query_one("#alarms").display
            assert lockout_text(lock) in alarm.splitlines()
            assert alarm.startswith("⚠ ") and f"Kiosk {kiosk_id} " in alarm and "locked out" not in alarm  # German
            await pilot.press("q")

    asyncio.run(scenario())


def test_the_failure_is_counted_although_the_redemption_refuses(hall, admin_conn, kiosk_conn, kiosk_id):
    conn = kiosk_conn(kiosk_id, hall)
    hall_id = server.register_kiosk(conn, kiosk_id).hall_id
    (wrong,) = guesses(hall_id, 1, seed=kiosk_id + 1)
    place = login(admin_conn, "kiosk", kiosk_id)
    try:
        answer: server.RedemptionResult | None = server.redeem(conn, wrong, next(_seqs))
    except psycopg.Error:  # a refusal raised as an error would undo its own record
        answer = None
    assert failures(admin_conn, place) == 1  # seen from another connection: committed
    assert answer is not None and answer.outcome is Redemption.UNKNOWN
    server.redeem(conn, wrong, next(_seqs))  # the same number again: a typo repeated, not a new guess
    assert failures(admin_conn, place) == 2
    for n in guesses(hall_id, 3, seed=kiosk_id + 2):
        server.redeem(conn, n, next(_seqs))
    assert server.redeem(conn, wrong, next(_seqs)).outcome is Redemption.UNKNOWN  # 4 different so far
    server.redeem(conn, guesses(hall_id, 1, seed=kiosk_id + 3)[0], next(_seqs))
    assert server.redeem(conn, wrong, next(_seqs)).outcome is Redemption.LOCKED_OUT


def test_a_locked_out_kiosk_is_refused_a_valid_voucher_until_the_lockout_ends(
    hall, admin_conn, kiosk_conn, kiosk_id, issue, kiosk_store
):
    valid = issue(kiosk_id + 3000, 40)
    conn = kiosk_conn(kiosk_id, hall)
    hall_id = server.register_kiosk(conn, kiosk_id).hall_id
    for n in guesses(hall_id, 5, seed=kiosk_id):
        assert server.redeem(conn, n, next(_seqs)).outcome is Redemption.UNKNOWN
    desk = kiosk_desk(hall, kiosk_id, kiosk_store)
    refused = desk.redeem(valid)
    assert refused.outcome is RedeemOutcome.LOCKED_OUT
    assert desk._session.state.credits == 100 and desk.pending() is None  # refused and journaled
    assert admin_conn.execute("SELECT redeemed_kiosk FROM hall_voucher WHERE number = %s", (valid,)).fetchone() == (
        None,
    )
    from reddog_tui.ui.screens.redeem_voucher import redemption_text

    i18n.set_language("fr")
    said = i18n._(
        "Voucher {number} was not checked: too many unknown voucher numbers were typed here, and the hall "
        "refuses redemptions at this kiosk for a while. Nothing added."
    )
    assert redemption_text(refused) == said.format(number=tickets.grouped(valid))
    assert not said.startswith("Voucher")
    i18n.set_language("en")

    lift(admin_conn, login(admin_conn, "kiosk", kiosk_id))
    credited = desk.redeem(valid)
    assert credited.outcome is RedeemOutcome.CREDITED and desk._session.state.credits == 140
    # Counting starts again after the lockout: one wrong number is one, not the sixth.
    first, second = guesses(hall_id, 2, seed=kiosk_id + 9)
    assert server.redeem(conn, first, next(_seqs)).outcome is Redemption.UNKNOWN
    assert server.redeem(conn, second, next(_seqs)).outcome is Redemption.UNKNOWN
    place = login(admin_conn, "kiosk", kiosk_id)
    assert admin_conn.execute("SELECT count(*) FROM hall_lockout WHERE place = %s", (place,)).fetchone() == (1,)


def test_an_intent_the_hall_answered_is_answered_the_same_after_a_lockout_and_after_expiry(
    hall, admin_conn, kiosk_conn, kiosk_id, issue
):
    """A kiosk resuming a redemption (after a crash, a lost answer) must hear that it won, or the
    voucher the hall marked for it would never be credited."""
    valid = issue(kiosk_id + 3000, 60)
    conn = kiosk_conn(kiosk_id, hall)
    hall_id = server.register_kiosk(conn, kiosk_id).hall_id
    seq, nonce = next(_seqs), 4242
    won = server.redeem(conn, valid, seq, nonce)
    assert won.outcome is Redemption.REDEEMED
    for n in guesses(hall_id, 5, seed=kiosk_id):
        server.redeem(conn, n, next(_seqs))
    age(admin_conn, valid, 400)
    assert server.redeem(conn, valid, seq, nonce) == won  # locked out and expired meanwhile
    assert server.redeem(conn, valid, next(_seqs), nonce).outcome is Redemption.LOCKED_OUT  # another intent


def test_wrong_numbers_before_a_lockout_ended_never_count_again(hall, admin_conn, kiosk_conn, kiosk_id, capsys):
    """Even when the operator lengthens the window after a lockout, the numbers that caused it are settled."""
    conn = kiosk_conn(kiosk_id, hall)
    hall_id = server.register_kiosk(conn, kiosk_id).hall_id
    for n in guesses(hall_id, 5, seed=kiosk_id):
        server.redeem(conn, n, next(_seqs))
    place = login(admin_conn, "kiosk", kiosk_id)
    lift(admin_conn, place)  # 601 s later
    try:
        assert cli(capsys, "--hall-dsn", hall, "hall", "config", "--lockout-window", "3600")[0] == 0
        first, second = guesses(hall_id, 2, seed=kiosk_id + 1)
        assert server.redeem(conn, first, next(_seqs)).outcome is Redemption.UNKNOWN
        assert server.redeem(conn, second, next(_seqs)).outcome is Redemption.UNKNOWN  # 2, not 7
    finally:
        assert cli(capsys, "--hall-dsn", hall, "hall", "config", "--lockout-window", "600")[0] == 0


def test_a_cash_desk_is_locked_out_on_its_own(hall, admin_conn, kiosk_conn, kiosk_id, issue, capsys):
    valid = issue(kiosk_id, 25)
    hall_id = hall_id_of(admin_conn)
    guessing, other = f"guess{kiosk_id}", f"other{kiosk_id}"
    guessing_dsn = login_dsn(hall, "cashier", guessing)
    with server.connect(guessing_dsn) as desk:
        outcomes = [server.redeem_at_cashier(desk, n).outcome for n in guesses(hall_id, 6, seed=kiosk_id)]
    assert outcomes == [Redemption.UNKNOWN] * 5 + [Redemption.LOCKED_OUT]
    code, out, _ = cli(capsys, "--lang", "pl", "--hall-dsn", guessing_dsn, "hall", "cashier", tickets.grouped(valid))
    assert code == 3
    said = i18n.gettext_in(
        "pl",
        "Voucher {number} was not checked: too many unknown voucher numbers were asked for at this cash "
        "desk, and the hall refuses payments here for a while. Do not pay it; tell the floor manager.",
    )
    assert out.strip() == said.format(number=tickets.grouped(valid)) and not said.startswith("Voucher")
    assert failures(admin_conn, login(admin_conn, "cashier", guessing)) == 5
    # Another desk and the kiosks are not locked out: the valid voucher is paid at the other desk.
    conn = kiosk_conn(kiosk_id + 3000, hall)
    server.register_kiosk(conn, kiosk_id + 3000)
    wrong = guesses(hall_id, 1, seed=kiosk_id + 7)[0]
    assert server.redeem(conn, wrong, next(_seqs)).outcome is Redemption.UNKNOWN
    with server.connect(login_dsn(hall, "cashier", other)) as desk:
        assert server.redeem_at_cashier(desk, valid) == server.RedemptionResult(Redemption.REDEEMED, 25)


# --- expiry and voiding ----------------------------------------------------------------------------


def test_an_expired_voucher_is_refused_at_the_kiosk_and_at_the_cash_desk(
    hall, admin_conn, kiosk_id, issue, kiosk_store, capsys
):
    at_kiosk, at_desk = issue(kiosk_id, 30), issue(kiosk_id, 50)
    age(admin_conn, at_kiosk, 366)
    age(admin_conn, at_desk, 366)
    desk = kiosk_desk(hall, kiosk_id + 3000, kiosk_store)
    assert desk.redeem(at_kiosk).outcome is RedeemOutcome.EXPIRED
    assert desk._session.state.credits == 100
    cashier = login_dsn(hall, "cashier", f"exp{kiosk_id}")
    code, out, _ = cli(capsys, "--lang", "de", "--hall-dsn", cashier, "hall", "cashier", tickets.grouped(at_desk))
    assert code == 3 and tickets.grouped(at_desk) in out
    said = i18n.gettext_in("de", "Voucher {number} has expired. Do not pay it.")
    assert out.strip() == said.format(number=tickets.grouped(at_desk)) and not said.startswith("Voucher")
    # A real voucher, not a guess: not counted against either place.
    assert failures(admin_conn, login(admin_conn, "cashier", f"exp{kiosk_id}")) == 0
    assert failures(admin_conn, login(admin_conn, "kiosk", kiosk_id + 3000)) == 0
    # The setting of now decides: at 400 days it is valid again.
    assert cli(capsys, "--hall-dsn", hall, "hall", "config", "--voucher-expiry-days", "400")[0] == 0
    try:
        with server.connect(cashier) as conn:
            assert server.redeem_at_cashier(conn, at_desk).outcome is Redemption.REDEEMED
    finally:
        assert cli(capsys, "--hall-dsn", hall, "hall", "config", "--voucher-expiry-days", "365")[0] == 0


def test_a_voided_voucher_is_refused_everywhere_and_a_redeemed_one_cannot_be_voided(
    hall, admin_conn, kiosk_id, issue, kiosk_store, capsys
):
    voided, paid = issue(kiosk_id, 70), issue(kiosk_id, 80)
    code, out, _ = cli(capsys, "--hall-dsn", hall, "hall", "void", tickets.grouped(voided), "--reason", "stolen")
    assert code == 0 and tickets.grouped(voided) in out
    row = admin_conn.execute("SELECT void_reason, voided_by FROM hall_voucher WHERE number = %s", (voided,)).fetchone()
    assert row[0] == "stolen" and row[1] == admin_conn.info.user
    desk = kiosk_desk(hall, kiosk_id + 3000, kiosk_store)
    assert desk.redeem(voided).outcome is RedeemOutcome.VOIDED
    cashier = login_dsn(hall, "cashier", f"void{kiosk_id}")
    with server.connect(cashier) as conn:
        assert server.redeem_at_cashier(conn, voided).outcome is Redemption.VOIDED
        assert server.redeem_at_cashier(conn, paid).outcome is Redemption.REDEEMED
    code, out, _ = cli(capsys, "--lang", "it", "--hall-dsn", cashier, "hall", "cashier", tickets.grouped(voided))
    said = i18n.gettext_in("it", "Voucher {number} was voided by the hall. Do not pay it.")
    assert code == 3 and out.strip() == said.format(number=tickets.grouped(voided)) and not said.startswith("Voucher")
    assert failures(admin_conn, login(admin_conn, "cashier", f"void{kiosk_id}")) == 0

    for number, text in (
        (voided, "Voucher {number} was voided already. Nothing was changed."),
        (paid, "Voucher {number} has been redeemed already and cannot be voided."),
        (
            guesses(hall_id_of(admin_conn), 1, seed=kiosk_id)[0],
            "The hall knows no voucher {number}. Nothing was changed.",
        ),
    ):
        code, out, err = cli(capsys, "--lang", "fr", "--hall-dsn", hall, "hall", "void", str(number), "--reason", "x")
        said = i18n.gettext_in("fr", text).format(number=tickets.grouped(number))
        assert (code, out, err.strip()) == (3, "", said)
    assert admin_conn.execute("SELECT voided_at FROM hall_voucher WHERE number = %s", (paid,)).fetchone() == (None,)
    code, _, err = cli(capsys, "--hall-dsn", hall, "hall", "void", str(paid), "--reason", "  ")
    assert code == 2 and "--reason" in err


def test_the_vouchers_are_listed_by_state_and_as_json(hall, admin_conn, kiosk_id, issue, capsys):
    valid, expired, voided, redeemed = (issue(kiosk_id, amount) for amount in (11, 12, 13, 14))
    age(admin_conn, expired, 400)
    assert cli(capsys, "--hall-dsn", hall, "hall", "void", str(voided), "--reason", "damaged")[0] == 0
    with server.connect(login_dsn(hall, "cashier", "desk")) as conn:
        server.redeem_at_cashier(conn, redeemed)
    mine = {valid, expired, voided, redeemed}

    def listed(*flags: str) -> dict[int, dict]:
        code, out, _ = cli(capsys, "--hall-dsn", hall, "hall", "vouchers", *flags, "--json")
        assert code == 0
        return {row["number"]: row for row in json.loads(out) if row["number"] in mine}

    every = listed()
    assert {n: row["state"] for n, row in every.items()} == {
        valid: "open",
        expired: "expired",
        voided: "voided",
        redeemed: "redeemed",
    }
    assert every[valid]["amount"] == 11 and every[valid]["kiosk_id"] == kiosk_id
    assert datetime.fromisoformat(every[valid]["issued_at"]).tzinfo is not None
    assert every[voided]["void_reason"] == "damaged"
    assert list(listed("--unredeemed")) == [valid]
    assert list(listed("--expired")) == [expired]

    code, out, _ = cli(capsys, "--lang", "de", "--hall-dsn", hall, "hall", "vouchers", "--expired")
    (line,) = [line for line in out.splitlines() if tickets.grouped(expired) in line]
    assert code == 0 and i18n.gettext_in("de", "expired") in line and "expired" not in line
    assert "12\u00a0Punkte" in line
    assert tickets.grouped(valid) not in out

    # A console's login reads the floor, never a whole number: the listing is the administrator's.
    console = login_dsn(hall, "console", "floor")
    code, out, err = cli(capsys, "--lang", "de", "--hall-dsn", console, "hall", "vouchers")
    assert (code, out) == (2, "")
    assert err.startswith(
        i18n.gettext_in("de", "The hall server does not allow {role} to do this: {reason}").split("{")[0]
    )


# --- the audit trail -------------------------------------------------------------------------------


def test_the_audit_trail_records_push_payment_void_retire_config_and_lockout(
    hall, admin_conn, kiosk_conn, kiosk_id, issue, capsys
):
    start = admin_conn.execute("SELECT clock_timestamp()").fetchone()[0]
    paid, voided = issue(kiosk_id, 21), issue(kiosk_id, 22)
    me = admin_conn.info.user
    assert cli(capsys, "--hall-dsn", hall, "hall", "push", "--kiosk", str(kiosk_id), "min_bet=5")[0] == 0
    desk = f"audit{kiosk_id}"
    with server.connect(login_dsn(hall, "cashier", desk)) as conn:
        assert server.redeem_at_cashier(conn, paid).outcome is Redemption.REDEEMED
    assert cli(capsys, "--hall-dsn", hall, "hall", "void", str(voided), "--reason", "torn")[0] == 0
    try:
        assert cli(capsys, "--hall-dsn", hall, "hall", "config", "--lockout-failures", "3")[0] == 0
        guesser = kiosk_id + 3000
        conn = kiosk_conn(guesser, hall)
        hall_id = server.register_kiosk(conn, guesser).hall_id
        for n in guesses(hall_id, 3, seed=kiosk_id):
            server.redeem(conn, n, next(_seqs))
    finally:
        assert cli(capsys, "--hall-dsn", hall, "hall", "config", "--lockout-failures", "5")[0] == 0
    assert cli(capsys, "--hall-dsn", hall, "hall", "retire", str(kiosk_id))[0] == 0

    code, out, _ = cli(capsys, "--hall-dsn", hall, "hall", "audit", "--since", start.isoformat(), "--json")
    assert code == 0
    rows = json.loads(out)
    seen = {(row["event"], row["who"], row["subject"]) for row in rows}
    assert ("push", me, str(kiosk_id)) in seen
    assert ("payment", login(admin_conn, "cashier", desk), str(paid)) in seen
    assert ("void", me, str(voided)) in seen
    assert ("retire", me, login(admin_conn, "kiosk", kiosk_id)) in seen
    assert ("lockout", login(admin_conn, "kiosk", guesser), login(admin_conn, "kiosk", guesser)) in seen
    configs = [row["detail"] for row in rows if row["event"] == "config" and row["who"] == me]
    assert len(configs) == 2
    assert (configs[0]["from"]["lockout_failures"], configs[0]["to"]["lockout_failures"]) == (5, 3)
    (push,) = [row for row in rows if row["event"] == "push"]
    assert push["detail"]["settings"] == ["min_bet"]
    assert all(datetime.fromisoformat(row["at"]) >= start for row in rows)
    later = datetime.now(UTC).replace(year=datetime.now(UTC).year + 1).isoformat()
    assert json.loads(cli(capsys, "--hall-dsn", hall, "hall", "audit", "--since", later, "--json")[1]) == []

    code, out, _ = cli(capsys, "--lang", "fr", "--hall-dsn", hall, "hall", "audit", "--since", start.isoformat())
    assert code == 0 and len(out.splitlines()) == len(rows)
    reason_line = next(line for line in out.splitlines() if "torn" in line)
    assert tickets.grouped(voided) in reason_line and me in reason_line and "voided" not in reason_line  # French


def test_the_audit_trail_refuses_update_and_delete_even_for_its_owner(hall, admin_conn):
    admin_conn.execute("UPDATE hall_config SET lockout_window_s = lockout_window_s")  # makes sure a row exists
    assert audit_rows(admin_conn) > 0
    owner = admin.role(admin.hall_prefix(admin_conn), "owner")
    for as_owner in (False, True):
        for statement in ("UPDATE hall_audit SET who = 'someone'", "DELETE FROM hall_audit", "TRUNCATE hall_audit"):
            with admin_conn.transaction():
                if as_owner:
                    admin_conn.execute(psycopg.sql.SQL("SET LOCAL ROLE {}").format(psycopg.sql.Identifier(owner)))
                with (
                    pytest.raises(psycopg.errors.InsufficientPrivilege, match="append-only"),
                    admin_conn.transaction(),
                ):
                    admin_conn.execute(statement)
    assert audit_rows(admin_conn) > 0


def audit_rows(conn) -> int:
    return int(conn.execute("SELECT count(*) FROM hall_audit").fetchone()[0])


def test_a_kiosk_and_a_cash_desk_cannot_read_or_write_the_audit_trail(hall, admin_conn, kiosk_conn, kiosk_id):
    prefix = admin.hall_prefix(admin_conn)
    desk = login_dsn(hall, "cashier", "desk")
    for kind, conn, who in (
        ("kiosk", kiosk_conn(kiosk_id, hall), kiosk_id),
        ("cashier", server.connect(desk), "desk"),
    ):
        with contextlib.closing(conn):
            granted = admin_conn.execute(
                "SELECT grantee, privilege_type FROM information_schema.table_privileges"
                " WHERE table_name IN ('hall_audit', 'hall_lockout', 'hall_redeem_failure')"
                " AND grantee IN (%s, %s, 'PUBLIC')",
                (admin.role(prefix, kind), admin.role(prefix, kind, who)),
            ).fetchall()
            assert granted == []
            for statement in (
                "SELECT * FROM hall_audit",
                "INSERT INTO hall_audit (event) VALUES ('void')",
                "DELETE FROM hall_redeem_failure",
                "DELETE FROM hall_lockout",
            ):
                with pytest.raises(psycopg.errors.InsufficientPrivilege, match="permission denied"):
                    conn.execute(statement)
    console = admin_conn.execute(
        "SELECT privilege_type FROM information_schema.table_privileges WHERE table_name = 'hall_audit'"
        " AND grantee = %s",
        (admin.role(prefix, "console"),),
    ).fetchall()
    assert console == [("SELECT",)]


# --- the settings ----------------------------------------------------------------------------------


def test_config_shows_and_sets_the_settings_within_their_bounds(hall, admin_conn, capsys):
    code, out, _ = cli(capsys, "--lang", "de", "--hall-dsn", login_dsn(hall, "console", "floor"), "hall", "config")
    assert code == 0 and "365" in out and "600" in out and "5" in out and "Vouchers" not in out
    for option, value in (
        ("--voucher-expiry-days", "0"),
        ("--voucher-expiry-days", "3651"),
        ("--lockout-failures", "1"),
        ("--lockout-window", "5"),
        ("--lockout-window", "ten"),
    ):
        code, out, err = cli(capsys, "--lang", "pl", "--hall-dsn", hall, "hall", "config", option, value)
        assert code == 2 and option in err and value in err and "must be" not in err  # in Polish
    assert admin_conn.execute(
        "SELECT voucher_expiry_days, lockout_failures, lockout_window_s FROM hall_config"
    ).fetchone() == (
        365,
        5,
        600,
    )
    with pytest.raises(psycopg.errors.CheckViolation):  # the server holds the same bounds
        admin_conn.execute("UPDATE hall_config SET lockout_failures = 1")
    try:
        code, out, _ = cli(capsys, "--hall-dsn", hall, "hall", "config", "--lockout-window", "120")
        assert code == 0 and "120\u00a0s" in out
        assert admin_conn.execute("SELECT lockout_window_s FROM hall_config").fetchone() == (120,)
    finally:
        cli(capsys, "--hall-dsn", hall, "hall", "config", "--lockout-window", "600")
    # A console's login may read them, not change them.
    code, out, err = cli(
        capsys, "--hall-dsn", login_dsn(hall, "console", "floor"), "hall", "config", "--lockout-window", "60"
    )
    assert code == 2 and out == "" and "permission denied" in err
    assert admin_conn.execute("SELECT lockout_window_s FROM hall_config").fetchone() == (600,)


def test_init_sets_how_long_vouchers_stay_valid(pg_dsn, capsys):
    from .conftest import _admin_dsn

    name = f"{psycopg.conninfo.conninfo_to_dict(pg_dsn)['dbname']}_expiry"
    code, _, err = cli(capsys, "--lang", "it", "--hall-dsn", pg_dsn, "hall", "init", "--voucher-expiry-days", "0")
    assert code == 2 and "--voucher-expiry-days" in err
    with psycopg.connect(_admin_dsn(), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
        dsn = psycopg.conninfo.make_conninfo(_admin_dsn(), dbname=name)
        try:
            assert cli(capsys, "--hall-dsn", dsn, "hall", "init", "--voucher-expiry-days", "90")[0] == 0
            with psycopg.connect(dsn) as hall_conn:
                assert hall_conn.execute("SELECT voucher_expiry_days FROM hall_config").fetchone() == (90,)
                (event,) = hall_conn.execute("SELECT event, detail FROM hall_audit").fetchall()
                assert event[0] == "config" and event[1]["to"]["voucher_expiry_days"] == 90
        finally:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            for role in admin.hall_roles(conn, admin.default_prefix(name)):
                conn.execute(psycopg.sql.SQL("DROP ROLE IF EXISTS {}").format(psycopg.sql.Identifier(role)))
