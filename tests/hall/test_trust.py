"""The hall knows who is calling: a kiosk writes only through the schema's functions, as itself;
the journal chain refuses a forged or replaced entry and a voucher with no cash-out behind it,
and raises each as a discrepancy; tickets are the hall's own and typed with a check digit."""

from __future__ import annotations

import dataclasses
import json
import random

import psycopg
import pytest

from benchmarks.hall_kiosk import AutoPlayer, new_session
from reddog_tui.cli import main
from reddog_tui.cli.hall import EXIT_UNREACHABLE
from reddog_tui.engine import Action, StackedDealer
from reddog_tui.hall import admin, chain, server, tickets
from reddog_tui.hall.meters import hall_meters
from reddog_tui.kiosk.money import AttendantMoney, VoucherNumberRefused
from reddog_tui.store import GameSession

from .conftest import hall_number, ship_all


def played(store, seed: int, steps: int = 20):
    player = AutoPlayer(new_session(store, seed=seed), seed=seed)
    for _ in range(steps):
        player.step()
    return player.session


def flagged(pg, kiosk_id: int) -> str | None:
    (mine,) = [k for k in hall_meters(pg).kiosks if k.kiosk_id == kiosk_id]
    assert mine.discrepancy == (mine.conflict is not None or mine.identity_gap != 0 or mine.credit_mismatches > 0)
    return mine.conflict


# --- who may do what --------------------------------------------------------------------------


def test_the_kiosk_role_holds_no_write_privilege_on_any_table(pg, kiosk_conn, kiosk_id):
    conn = kiosk_conn(kiosk_id)
    rows = conn.execute(
        "SELECT table_name, privilege_type FROM information_schema.table_privileges"
        " WHERE grantee IN (session_user, %s) AND privilege_type IN ('INSERT', 'UPDATE', 'DELETE', 'TRUNCATE')",
        (admin.role(admin.hall_prefix(pg), "kiosk"),),
    ).fetchall()
    assert rows == []
    for statement in (
        "INSERT INTO hall_kiosk (kiosk_id) VALUES (7777)",
        "UPDATE hall_voucher SET amount = 5000",
        "DELETE FROM hall_journal",
        "SELECT * FROM hall_voucher",
    ):
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute(statement)


def test_the_console_reads_and_writes_nothing(console_dsn):
    with server.connect(console_dsn) as conn:
        assert conn.execute("SELECT count(*) FROM hall_kiosk_status").fetchone() is not None
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("UPDATE hall_kiosk SET conflict = NULL")
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("SELECT hall_cashier_ask(1)")


@pytest.mark.parametrize(
    "query",
    [
        "SELECT number FROM hall_voucher",
        "SELECT voucher FROM hall_journal",
        "SELECT voucher FROM hall_credit_mismatch",
        "SELECT settings FROM hall_push",  # may carry an attendant PIN's hash
        "SELECT number FROM hall_voucher_reserved",
        "SELECT number FROM hall_number_question",
    ],
)
def test_the_console_reads_no_whole_voucher_number_and_no_push(console_dsn, query):
    with server.connect(console_dsn) as conn:
        assert conn.execute("SELECT count(*) FROM hall_floor_voucher").fetchone() is not None
        assert conn.execute("SELECT count(time) FROM hall_journal").fetchone() is not None
        assert conn.execute("SELECT count(names) FROM hall_push_named").fetchone() is not None
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute(query)


def test_a_kiosk_cannot_act_as_another_kiosk(pg, kiosk_conn, kiosk_id, kiosk_store):
    conn = kiosk_conn(kiosk_id)
    with pytest.raises(server.KioskConflict, match="login is kiosk"):
        server.register_kiosk(conn, kiosk_id + 1)  # its login says which kiosk it is
    other = kiosk_id + 8000
    kiosk_conn(other)  # enrolled: a real kiosk of the hall
    server.register_kiosk(conn, kiosk_id)
    store = kiosk_store()
    played(store, seed=40)
    # Entries written in the other kiosk's name, sent on this kiosk's login: refused and raised here.
    with pytest.raises(server.KioskConflict, match=f"written for kiosk {other}"):
        server.ship(conn, other, store.journal_entries_after(0, 100))
    assert pg.execute("SELECT count(*) FROM hall_journal WHERE kiosk_id IN (%s, %s)", (kiosk_id, other)).fetchone() == (
        0,
    )
    assert "written for kiosk" in flagged(pg, kiosk_id)


def test_the_cashier_function_refuses_a_kiosk_and_an_administrator(pg, kiosk_conn, kiosk_id):
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        server.redeem_at_cashier(kiosk_conn(kiosk_id), 1)
    with pytest.raises(psycopg.errors.InsufficientPrivilege):  # no hall login: not a cash desk
        server.redeem_at_cashier(pg, 1)


def test_a_retired_kiosk_is_refused_at_once(pg, pg_dsn, kiosk_dsn, kiosk_conn, kiosk_id, capsys):
    conn = kiosk_conn(kiosk_id)
    server.register_kiosk(conn, kiosk_id)
    assert main(["--hall-dsn", pg_dsn, "hall", "retire", str(kiosk_id)]) == 0
    assert "retired" in capsys.readouterr().out
    with pytest.raises(psycopg.OperationalError):  # its open session was ended
        server.touch(conn)
    with pytest.raises(psycopg.OperationalError):  # and it can no longer log in
        server.connect(kiosk_dsn(kiosk_id))
    # A login marked retired whose role could still connect (say, restored from a backup) is
    # refused by every function.
    role = admin.role(admin.hall_prefix(pg), "kiosk", kiosk_id)
    pg.execute(psycopg.sql.SQL("ALTER ROLE {} LOGIN").format(psycopg.sql.Identifier(role)))
    with server.connect(kiosk_dsn(kiosk_id)) as again, pytest.raises(psycopg.errors.InsufficientPrivilege):
        server.register_kiosk(again, kiosk_id)


def test_enroll_writes_a_service_and_a_private_password_file_and_prints_no_secret(pg_dsn, pg, tmp_path, capsys):
    assert main(["--hall-dsn", pg_dsn, "hall", "enroll", "--kiosk", "8123", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    role = admin.role(admin.hall_prefix(pg), "kiosk", 8123)
    (pgpass,) = tmp_path.glob("*.pgpass")
    (service,) = tmp_path.glob("*.pg_service.conf")
    assert pgpass.stat().st_mode & 0o777 == 0o600 and service.stat().st_mode & 0o777 == 0o600
    secret = pgpass.read_text().strip().rsplit(":", 1)[1]
    assert len(secret) >= 40 and secret not in out and secret not in service.read_text()
    assert f"user={role}" in service.read_text() and str(pgpass) in out
    assert pg.execute("SELECT kind, kiosk_id FROM hall_login WHERE role = %s", (role,)).fetchone() == ("kiosk", 8123)


def test_enroll_writes_files_a_kiosk_can_use_where_it_is_installed(pg_dsn, pg, tmp_path, capsys):
    """The files go to another machine: the host it will reach, the TLS check asked for, and no
    passfile line (it would win over the PGPASSFILE the kiosk's unit sets, and name this folder)."""
    argv = ["--hall-dsn", pg_dsn, "hall", "enroll", "--kiosk", "8124", "--out", str(tmp_path)]
    assert main([*argv, "--host", "hall.example.net", "--sslmode", "verify-full"]) == 0
    capsys.readouterr()
    (service,) = tmp_path.glob("*.pg_service.conf")
    (pgpass,) = tmp_path.glob("*.pgpass")
    lines = service.read_text().splitlines()
    assert "host=hall.example.net" in lines and "sslmode=verify-full" in lines
    assert not any(line.startswith("passfile=") for line in lines)
    assert pgpass.read_text().startswith("hall.example.net:")
    parsed = psycopg.conninfo.conninfo_to_dict(" ".join(lines[1:]))  # what libpq reads from the section
    assert parsed["user"] == admin.role(admin.hall_prefix(pg), "kiosk", 8124)


def test_ordinary_connections_say_the_server_needs_setting_up(capsys, pg_dsn):
    from .conftest import _admin_dsn

    bare = psycopg.conninfo.make_conninfo(_admin_dsn())  # a database that is no hall
    assert main(["--lang", "de", "--hall-dsn", bare, "hall", "meters"]) == EXIT_UNREACHABLE  # nothing could be read
    err = capsys.readouterr().err
    assert "reddog hall init" in err and not err.startswith("The hall")  # in German


# --- the journal chain ----------------------------------------------------------------------------


def test_a_replaced_entry_is_refused_and_raised(pg, kiosk_conn, kiosk_id, kiosk_store):
    store = kiosk_store()
    played(store, seed=41)
    entries = store.journal_entries_after(0, 100)
    conn = kiosk_conn(kiosk_id)
    server.register_kiosk(conn, kiosk_id)
    server.ship(conn, kiosk_id, entries[:10])
    forged = list(entries)
    forged[5] = dataclasses.replace(entries[5], meters={"credits_in": 2500})  # an entry the server holds
    with pytest.raises(server.KioskConflict, match="entry 6 was sent again"):
        server.ship(conn, kiosk_id, forged)
    assert "entry 6" in flagged(pg, kiosk_id)
    assert pg.execute("SELECT shipped_seq FROM hall_kiosk WHERE kiosk_id = %s", (kiosk_id,)).fetchone() == (10,)


def test_a_next_entry_that_does_not_continue_the_chain_is_refused_and_raised(pg, kiosk_conn, kiosk_id, kiosk_store):
    store = kiosk_store()
    played(store, seed=42)
    entries = store.journal_entries_after(0, 100)
    conn = kiosk_conn(kiosk_id)
    server.register_kiosk(conn, kiosk_id)
    server.ship(conn, kiosk_id, entries[:10])
    # Entry 11 sent on its own with a made-up "previous" hash: someone else's next entry.
    with pytest.raises(server.KioskConflict, match="does not continue"):
        server.ship(conn, kiosk_id, entries[10:11], prev="f" * 64)
    assert flagged(pg, kiosk_id) is not None
    # With the right hash it would have been taken: the chain, not the seq, is what counts.
    right = list(chain.links(kiosk_id, entries[:10]))[-1].hash
    assert right != "f" * 64


def test_a_voucher_with_no_cash_out_behind_it_is_refused_and_raised(pg, kiosk_conn, kiosk_id, kiosk_store):
    store = kiosk_store()
    session = GameSession(store, StackedDealer([]), initial_credits=10)
    conn = kiosk_conn(kiosk_id)
    number = hall_number(conn, kiosk_id)
    session.cash_out(voucher_number=number)
    entries = store.journal_entries_after(0, 100)
    last = entries[-1]
    assert last.action == "cash_out" and last.value == 10
    # The same cash-out claiming 5,000 credits: more than the table held, and not its credits out.
    entries[-1] = dataclasses.replace(last, value=5000, meters={"credits_out": 5000})
    with pytest.raises(server.KioskConflict, match="no matching cash-out"):
        ship_all_entries(conn, kiosk_id, entries)
    assert pg.execute("SELECT count(*) FROM hall_voucher WHERE number = %s", (number,)).fetchone() == (0,)
    assert "no matching cash-out" in flagged(pg, kiosk_id)


def test_a_cash_out_with_chips_left_on_the_ante_is_a_matching_voucher(pg, kiosk_conn, kiosk_id, kiosk_store):
    """R3: chips on the ante are still the player's, so a cash-out pays them with the credits;
    the hall takes that voucher as matching its cash-out."""
    store = kiosk_store()
    session = GameSession(store, StackedDealer([]), initial_credits=10)
    session.act(Action.ADD_CHIP, 5)
    conn = kiosk_conn(kiosk_id)
    number = hall_number(conn, kiosk_id)
    assert session.cash_out(voucher_number=number).amount == 10
    ship_all(conn, kiosk_id, store)
    assert pg.execute("SELECT amount FROM hall_voucher WHERE number = %s", (number,)).fetchone() == (10,)
    assert flagged(pg, kiosk_id) is None


def ship_all_entries(conn, kiosk_id, entries):
    return server.ship(conn, kiosk_id, entries)


def test_the_server_hashes_what_it_received(pg, kiosk_conn, kiosk_id, kiosk_store):
    store = kiosk_store()
    played(store, seed=43, steps=5)
    conn = kiosk_conn(kiosk_id)
    server.register_kiosk(conn, kiosk_id)
    ship_all(conn, kiosk_id, store)
    mine = list(chain.links(kiosk_id, store.journal_entries_after(0, 100)))
    held = pg.execute("SELECT seq, hash FROM hall_journal WHERE kiosk_id = %s ORDER BY seq", (kiosk_id,)).fetchall()
    assert held == [(x.seq, x.hash) for x in mine]
    assert server.register_kiosk(conn, kiosk_id).chain == mine[-1].hash
    assert json.loads(mine[0].text)["kiosk"] == kiosk_id


# --- tickets --------------------------------------------------------------------------------------


def test_reserved_numbers_are_drawn_by_the_hall_as_its_own_tickets_and_held_once(pg, kiosk_conn, kiosk_id):
    conn = kiosk_conn(kiosk_id)
    hall_id = server.register_kiosk(conn, kiosk_id).hall_id
    mine = server.reserve_voucher_numbers(conn, 5)
    assert len(mine) == len(set(mine)) == 5
    assert all(tickets.is_ticket(n) and tickets.hall_of(n) == hall_id for n in mine)
    other = kiosk_conn(kiosk_id + 8500)
    server.register_kiosk(other, kiosk_id + 8500)
    theirs = server.reserve_voucher_numbers(other, 5)
    assert not set(theirs) & set(mine)
    held = pg.execute("SELECT kiosk_id, number FROM hall_voucher_reserved WHERE kiosk_id IN (%s, %s)",
                      (kiosk_id, kiosk_id + 8500)).fetchall()  # fmt: skip
    assert sorted(held) == sorted([(kiosk_id, n) for n in mine] + [(kiosk_id + 8500, n) for n in theirs])


def test_the_halls_numbers_are_not_sequential_and_spread_over_all_digits(pg, kiosk_conn, kiosk_id):
    """Thirteen random digits: of 20 numbers no two share their first six random digits, and
    every digit shows up in every random place somewhere across a few hundred."""
    conn = kiosk_conn(kiosk_id)
    server.register_kiosk(conn, kiosk_id)
    drawn = [int(r[0]) for r in pg.execute("SELECT hall_new_ticket(4242) FROM generate_series(1, 400)").fetchall()]
    assert all(tickets.is_ticket(n) and tickets.hall_of(n) == 4242 for n in drawn)
    randoms = [f"{n:018d}"[4:17] for n in drawn]
    assert len({r[:6] for r in randoms[:20]}) == 20
    for place in range(13):
        assert {r[place] for r in randoms} == set("0123456789")


def test_a_kiosk_holds_at_most_twenty_reserved_numbers(pg, kiosk_conn, kiosk_id):
    conn = kiosk_conn(kiosk_id)
    server.register_kiosk(conn, kiosk_id)
    assert len(server.reserve_voucher_numbers(conn, 25)) == 20
    assert server.reserve_voucher_numbers(conn, 1) == []


def test_a_voucher_of_another_hall_is_refused_at_the_cashier_and_at_the_kiosk(pg, cashier_dsn, capsys, kiosk_store):
    hall_id = pg.execute("SELECT hall_id FROM hall_config").fetchone()[0]
    elsewhere = tickets.new_number(1000 if hall_id != 1000 else 1001, random.Random(12))
    assert main(["--hall-dsn", cashier_dsn, "hall", "cashier", tickets.grouped(elsewhere)]) == 3
    assert "another hall" in capsys.readouterr().out
    money = AttendantMoney(new_session(kiosk_store(), seed=1), hall_id=lambda: hall_id)
    with pytest.raises(VoucherNumberRefused) as refused:
        money.ask_to_redeem(tickets.grouped(elsewhere))
    assert refused.value.reason == "other_hall"


def test_a_mistyped_number_is_refused_before_the_hall_is_asked(capsys, kiosk_store):
    number = tickets.new_number(4321, random.Random(13))
    text = str(number)
    wrong = text[:7] + str((int(text[7]) + 1) % 10) + text[8:]
    unreachable = "host=127.0.0.1 port=1 dbname=nothing connect_timeout=1"
    with pytest.raises(SystemExit) as refused:
        main(["--lang", "fr", "--hall-dsn", unreachable, "hall", "cashier", wrong])
    assert refused.value.code == 2
    err = capsys.readouterr().err
    assert wrong in err and "injoignable" not in err  # refused here, the server never asked
    money = AttendantMoney(new_session(kiosk_store(), seed=1), hall_id=lambda: 4321)
    with pytest.raises(VoucherNumberRefused) as typo:
        money.ask_to_redeem(tickets.grouped(int(wrong)))
    assert typo.value.reason == "check"
    assert money.ask_to_redeem(tickets.grouped(number).replace("-", " ")).voucher == number
