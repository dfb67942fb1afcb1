"""A fresh PostgreSQL database for the hall tests, made at the start of the run and dropped after.

The server is REDDOG_TEST_PG_DSN (default the local one). Where none answers the tests are
skipped, saying so, unless REDDOG_REQUIRE_PG=1 (CI), which makes that a failure. The database
is set up as an operator would, with `reddog hall init`; kiosks, the cashier and the console
connect with logins `reddog hall enroll` made (the test server trusts local connections, so
the role is what counts, not the secret). Every role a run makes is dropped after it.
"""

from __future__ import annotations

import contextlib
import io
import os
import secrets
import tempfile
from pathlib import Path

import pytest

psycopg = pytest.importorskip("psycopg", reason="psycopg is not installed (pip install '.[hall]')")


from benchmarks.hall_kiosk import new_session  # noqa: E402
from reddog_tui.cli import main  # noqa: E402
from reddog_tui.engine import StackedDealer  # noqa: E402
from reddog_tui.hall import admin, server  # noqa: E402
from reddog_tui.hall.numbers import MAX_KIOSK_ID  # noqa: E402
from reddog_tui.store import GameSession, Store  # noqa: E402

DEFAULT_DSN = "host=127.0.0.1 port=5432 dbname=postgres"


def _admin_dsn() -> str:
    return os.environ.get("REDDOG_TEST_PG_DSN", DEFAULT_DSN)


@contextlib.contextmanager
def hall_database(name: str):
    """A database `name` set up by `reddog hall init`; it and every role of its hall dropped after."""
    with psycopg.connect(_admin_dsn(), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
        dsn = psycopg.conninfo.make_conninfo(_admin_dsn(), dbname=name)
        try:
            said = io.StringIO()
            with contextlib.redirect_stdout(said):
                assert main(["--hall-dsn", dsn, "hall", "init"]) == 0, said.getvalue()
            yield dsn
        finally:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            for role in admin.hall_roles(conn, admin.default_prefix(name)):
                conn.execute(psycopg.sql.SQL("DROP ROLE IF EXISTS {}").format(psycopg.sql.Identifier(role)))
            _enrolled.difference_update({key for key in _enrolled if key[0] == dsn})


@pytest.fixture(scope="session")
def pg_dsn():
    """The administrator's DSN of a database made for this run and set up as a hall."""
    admin_dsn = _admin_dsn()
    try:
        psycopg.connect(admin_dsn, autocommit=True, connect_timeout=3).close()
    except psycopg.Error as exc:
        reason = f"no PostgreSQL server at REDDOG_TEST_PG_DSN={admin_dsn!r}: {exc}".strip()
        if os.environ.get("REDDOG_REQUIRE_PG") == "1":
            pytest.fail(reason + " (REDDOG_REQUIRE_PG=1: the hall tests must run)", pytrace=False)
        pytest.skip(reason)
    with hall_database(f"reddog_test_{os.getpid()}_{secrets.token_hex(4)}") as dsn:
        yield dsn


_enrolled: set[tuple[str, str]] = set()  # (hall DSN, role) enrolled this run


def login_dsn(hall_dsn: str, kind: str, who: int | str) -> str:
    """The DSN of the hall's login for kiosk `who` (or cashier / console `who`), enrolled once."""
    with psycopg.connect(hall_dsn, autocommit=True) as conn:
        role = admin.role(admin.hall_prefix(conn), kind, who)
        if (hall_dsn, role) not in _enrolled:
            with tempfile.TemporaryDirectory() as out:
                admin.enroll(conn, kind, who, Path(out))
            _enrolled.add((hall_dsn, role))
    return psycopg.conninfo.make_conninfo(hall_dsn, user=role)


@pytest.fixture
def kiosk_dsn(pg_dsn):
    """kiosk_dsn(kiosk_id[, hall_dsn]) -> the DSN an enrolled kiosk connects with."""
    return lambda kiosk_id, hall_dsn=None: login_dsn(hall_dsn or pg_dsn, "kiosk", kiosk_id)


@pytest.fixture
def kiosk_conn(kiosk_dsn):
    """kiosk_conn(kiosk_id[, hall_dsn]) -> an open connection as that kiosk; all closed after."""
    opened: list[psycopg.Connection] = []

    def make(kiosk_id: int, hall_dsn: str | None = None) -> psycopg.Connection:
        conn = server.connect(kiosk_dsn(kiosk_id, hall_dsn))
        opened.append(conn)
        return conn

    yield make
    for conn in opened:
        conn.close()


@pytest.fixture
def cashier_dsn(pg_dsn):
    return login_dsn(pg_dsn, "cashier", "desk")


@pytest.fixture
def console_dsn(pg_dsn):
    return login_dsn(pg_dsn, "console", "floor")


@pytest.fixture
def cashier(cashier_dsn):
    with server.connect(cashier_dsn) as conn:
        yield conn


@pytest.fixture
def pg(pg_dsn):
    with server.connect(pg_dsn) as conn:
        yield conn


_next_kiosk = iter(range(1, MAX_KIOSK_ID + 1))


@pytest.fixture
def kiosk_id() -> int:
    """A kiosk id no other test of this run uses: the tests share one database."""
    return next(_next_kiosk)


@pytest.fixture
def kiosk_store(tmp_path: Path):
    """kiosk_store(name) -> an open Store in its own directory; all closed at the end."""
    stores: list[Store] = []

    def make(name: str = "kiosk") -> Store:
        store = Store.open(tmp_path / name)
        stores.append(store)
        return store

    yield make
    for store in stores:
        with contextlib.suppress(Exception):
            store.close()


@contextlib.contextmanager
def own_database(pg_dsn: str, suffix: str):
    """A hall database of its own beside the run's, set up by `reddog hall init`, dropped after
    with its roles: for tests that see every kiosk of their server, or push to every kiosk."""
    with hall_database(f"{psycopg.conninfo.conninfo_to_dict(pg_dsn)['dbname']}_{suffix}") as dsn:
        yield dsn


def ship_all(conn, kiosk_id: int, store: Store) -> int:
    """The whole journal of `store` shipped on kiosk `kiosk_id`'s connection."""
    return server.ship(conn, kiosk_id, store.journal_entries_after(0, 1_000_000))


def hall_number(conn, kiosk_id: int) -> int:
    """A validation number the hall drew and reserved for kiosk `kiosk_id` (`conn`: its connection)."""
    server.register_kiosk(conn, kiosk_id)
    (number,) = server.reserve_voucher_numbers(conn, 1)
    return number


@pytest.fixture
def issue_voucher(kiosk_conn, kiosk_id, kiosk_store):
    """issue(amount) -> the number of a shipped hall voucher of kiosk `kiosk_id`."""
    store = kiosk_store("issuer")
    session = new_session(store, seed=1)
    conn = kiosk_conn(kiosk_id)
    server.register_kiosk(conn, kiosk_id)

    def issue(amount: int) -> int:
        if session.state.credits:
            session.cash_out()
        session.add_credits(amount)
        number = hall_number(conn, kiosk_id)
        session.cash_out(voucher_number=number)
        ship_all(conn, kiosk_id, store)
        return number

    return issue


# The two fixtures below stand on the `hall` fixture of the module that uses them: the database
# that module's tests share (test_lifecycle.py, test_lifecycle_attacks.py).


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
