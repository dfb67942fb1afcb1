"""A fresh PostgreSQL database for the hall tests, made at the start of the run and dropped after.

The server is REDDOG_TEST_PG_DSN (default the local one). Where none answers the tests are
skipped, saying so, unless REDDOG_REQUIRE_PG=1 (CI), which makes that a failure.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path

import pytest

psycopg = pytest.importorskip("psycopg", reason="psycopg is not installed (pip install '.[hall]')")


from benchmarks.hall_kiosk import new_session  # noqa: E402
from reddog_tui.hall import schema, server  # noqa: E402
from reddog_tui.hall.numbers import MAX_KIOSK_ID  # noqa: E402
from reddog_tui.store import Store  # noqa: E402

DEFAULT_DSN = "host=127.0.0.1 port=5432 dbname=postgres"


def _admin_dsn() -> str:
    return os.environ.get("REDDOG_TEST_PG_DSN", DEFAULT_DSN)


@pytest.fixture(scope="session")
def pg_dsn():
    """The DSN of a database made for this run, with the hall schema migrated."""
    admin = _admin_dsn()
    try:
        conn = psycopg.connect(admin, autocommit=True, connect_timeout=3)
    except psycopg.Error as exc:
        reason = f"no PostgreSQL server at REDDOG_TEST_PG_DSN={admin!r}: {exc}".strip()
        if os.environ.get("REDDOG_REQUIRE_PG") == "1":
            pytest.fail(reason + " (REDDOG_REQUIRE_PG=1: the hall tests must run)", pytrace=False)
        pytest.skip(reason)
    name = f"reddog_test_{os.getpid()}_{secrets.token_hex(4)}"
    with conn:
        conn.execute(f'CREATE DATABASE "{name}"')
        dsn = psycopg.conninfo.make_conninfo(admin, dbname=name)
        try:
            with psycopg.connect(dsn, autocommit=True) as c:
                schema.migrate(c)
            yield dsn
        finally:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


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
    """A hall database of its own beside the run's, migrated, dropped after: for tests that see
    every kiosk of their server, or push to every kiosk."""
    name = f"{psycopg.conninfo.conninfo_to_dict(pg_dsn)['dbname']}_{suffix}"
    with psycopg.connect(_admin_dsn(), autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
        dsn = psycopg.conninfo.make_conninfo(_admin_dsn(), dbname=name)
        try:
            with server.connect(dsn) as conn:
                schema.migrate(conn)
            yield dsn
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def issue_voucher(pg, kiosk_id, kiosk_store):
    """issue(amount) -> the number of a shipped hall voucher of kiosk `kiosk_id`."""
    store = kiosk_store("issuer")
    session = new_session(store, seed=1)
    server.register_kiosk(pg, kiosk_id)

    def issue(amount: int) -> int:
        if session.state.credits:
            session.cash_out()
        session.add_credits(amount)
        number = server.reserve_voucher_numbers(pg, kiosk_id, 1)[0]
        session.cash_out(voucher_number=number)
        server.ship(pg, kiosk_id, store.journal_entries_after(0, 100_000))
        return number

    return issue
