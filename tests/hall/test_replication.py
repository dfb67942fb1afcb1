"""Replication of a kiosk's journal to the hall server: every entry once, in order, whatever the network does."""

from __future__ import annotations

import json
import threading
import time

import psycopg
import pytest

from benchmarks.hall_kiosk import AutoPlayer, new_session
from reddog_tui.hall import admin, schema, server
from reddog_tui.hall.replicator import Replicator
from reddog_tui.store import Store

from .proxy import CuttableProxy


def server_journal(conn, kiosk_id: int) -> list[tuple]:
    rows = conn.execute(
        "SELECT seq, time, action, value, voucher, meters, state FROM hall_journal WHERE kiosk_id = %s ORDER BY seq",
        (kiosk_id,),
    ).fetchall()
    return [(s, t, a, v, n, m, st) for s, t, a, v, n, m, st in rows]


def local_journal(store: Store) -> list[tuple]:
    return [
        (e.seq, e.time, e.action, e.value, e.voucher, e.meters, json.loads(e.state))
        for e in store.journal_entries_after(0, 1_000_000)
    ]


def play(player: AutoPlayer, steps: int) -> None:
    for _ in range(steps):
        player.step()


@pytest.fixture
def replicators(kiosk_dsn):
    started: list[Replicator] = []

    def make(store: Store, kiosk_id: int, dsn: str | None = None, **kw) -> Replicator:
        r = Replicator(store, kiosk_id, dsn or kiosk_dsn(kiosk_id), poll_s=0.02, **kw)
        r.start()
        started.append(r)
        return r

    yield make
    for r in started:
        r.stop()


def test_every_committed_entry_reaches_the_server_once_in_order(pg_dsn, pg, kiosk_id, kiosk_store, replicators):
    store = kiosk_store()
    player = AutoPlayer(new_session(store, seed=1), seed=1)
    replicator = replicators(store, kiosk_id)
    play(player, 300)
    assert replicator.wait_shipped(player.session.seq, timeout=30)
    assert server_journal(pg, kiosk_id) == local_journal(store)
    status = pg.execute(
        "SELECT shipped_seq, identity_gap FROM hall_kiosk_status WHERE kiosk_id = %s", (kiosk_id,)
    ).fetchone()
    assert status == (player.session.seq, 0)


def test_a_repeated_shipment_adds_nothing(pg, kiosk_conn, kiosk_id, kiosk_store):
    store = kiosk_store()
    play(AutoPlayer(new_session(store, seed=2), seed=2), 40)
    entries = store.journal_entries_after(0, 1000)
    conn = kiosk_conn(kiosk_id)
    server.register_kiosk(conn, kiosk_id)
    assert server.ship(conn, kiosk_id, entries[:25]) == 25
    # The reply was lost: the kiosk sends from the start again, and more.
    assert server.ship(conn, kiosk_id, entries) == len(entries)
    assert server.ship(conn, kiosk_id, entries) == len(entries)
    assert server_journal(pg, kiosk_id) == local_journal(store)
    meters = dict(pg.execute("SELECT name, value FROM hall_meter WHERE kiosk_id = %s", (kiosk_id,)).fetchall())
    assert meters == {k: v for k, v in store.meters().items() if v}


def test_entries_that_skip_a_sequence_number_are_refused(pg, kiosk_conn, kiosk_id, kiosk_store):
    store = kiosk_store()
    play(AutoPlayer(new_session(store, seed=3), seed=3), 10)
    entries = store.journal_entries_after(0, 1000)
    conn = kiosk_conn(kiosk_id)
    server.register_kiosk(conn, kiosk_id)
    with pytest.raises(server.KioskConflict):
        server.ship(conn, kiosk_id, entries[2:])
    assert server_journal(pg, kiosk_id) == []


@pytest.mark.parametrize("rounds", [30, 20])
def test_a_second_journal_under_the_same_kiosk_id_is_flagged_and_not_shipped(
    pg_dsn, pg, kiosk_id, kiosk_store, replicators, rounds
):
    """Longer than the journal the server holds (entries to ship, which the server refuses), or
    exactly as long: with nothing new to ship, the server's newest entry itself is compared,
    hash for hash, with this journal's entry of that number."""
    first = kiosk_store("first")
    play(AutoPlayer(new_session(first, seed=4), seed=4), 20)
    held = first.journal_entries_after(0, 1000)[-1].seq
    r1 = replicators(first, kiosk_id)
    assert r1.wait_shipped(held, timeout=30)
    r1.stop()
    other = kiosk_store("other")
    play(AutoPlayer(new_session(other, seed=5), seed=5), rounds)
    assert (other.journal_entries_after(0, 1000)[-1].seq == held) is (rounds == 20)
    r2 = replicators(other, kiosk_id)
    deadline = time.monotonic() + 30
    while r2.status.conflict is None and time.monotonic() < deadline:
        time.sleep(0.02)
    assert r2.status.conflict is not None
    assert server_journal(pg, kiosk_id) == local_journal(first)
    conflict = pg.execute("SELECT conflict FROM hall_kiosk WHERE kiosk_id = %s", (kiosk_id,)).fetchone()[0]
    assert conflict is not None


def test_server_cut_during_play_loses_and_doubles_nothing_and_play_goes_on(
    pg_dsn, pg, kiosk_dsn, kiosk_id, kiosk_store, replicators
):
    info = psycopg.conninfo.conninfo_to_dict(pg_dsn)
    proxy = CuttableProxy(info.get("host", "127.0.0.1"), int(info.get("port", 5432)))
    try:
        dsn = psycopg.conninfo.make_conninfo(kiosk_dsn(kiosk_id), host="127.0.0.1", port=proxy.port)
        store = kiosk_store()
        player = AutoPlayer(new_session(store, seed=6), seed=6)
        replicator = replicators(store, kiosk_id, dsn)
        play(player, 100)
        assert replicator.wait_shipped(player.session.seq, timeout=30)

        proxy.cut()
        cut_at = player.session.seq
        slowest = 0.0
        for _ in range(300):  # play on while the server is away, shipping or not
            started = time.monotonic()
            player.step()
            slowest = max(slowest, time.monotonic() - started)
        deadline = time.monotonic() + 10
        while replicator.status.connected and time.monotonic() < deadline:
            time.sleep(0.02)
        assert not replicator.status.connected
        assert replicator.status.error
        for _ in range(50):
            player.step()
        held = pg.execute("SELECT shipped_seq FROM hall_kiosk WHERE kiosk_id = %s", (kiosk_id,)).fetchone()[0]
        assert cut_at <= held < player.session.seq  # the server was cut off from the rest
        # A step never waits for the network (the replicator's retries run beside play).
        assert slowest < server.CONNECT_TIMEOUT_S

        proxy.restore()
        assert replicator.wait_shipped(player.session.seq, timeout=60)
        assert server_journal(pg, kiosk_id) == local_journal(store)
        gap = pg.execute("SELECT identity_gap FROM hall_kiosk_status WHERE kiosk_id = %s", (kiosk_id,)).fetchone()[0]
        assert gap == 0
    finally:
        proxy.close()


def test_a_kiosk_restarted_after_an_outage_catches_up(pg_dsn, pg, kiosk_id, tmp_path, replicators):
    store = Store.open(tmp_path / "k")
    player = AutoPlayer(new_session(store, seed=7), seed=7)
    play(player, 50)  # no hall configured yet, or the server down: nothing shipped
    store.close()
    store = Store.open(tmp_path / "k")
    try:
        player = AutoPlayer(new_session(store, seed=8), seed=8)
        replicator = replicators(store, kiosk_id)
        play(player, 50)
        assert replicator.wait_shipped(player.session.seq, timeout=30)
        replicator.stop()
        assert server_journal(pg, kiosk_id) == local_journal(store)
    finally:
        store.close()


def test_migrations_run_once_even_when_administrators_migrate_together(pg_dsn):
    versions: list[int] = []
    errors: list[BaseException] = []

    def start() -> None:
        try:
            with server.connect(pg_dsn) as conn:
                versions.append(admin.migrate(conn).version)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=start) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert versions == [len(schema.MIGRATIONS)] * 4
    with server.connect(pg_dsn) as conn:
        rows = conn.execute("SELECT version FROM hall_schema_version ORDER BY version").fetchall()
    assert [r[0] for r in rows] == list(range(1, len(schema.MIGRATIONS) + 1))


def test_a_server_migrated_by_a_newer_version_is_refused(pg_dsn):
    with server.connect(pg_dsn) as conn, conn.transaction(force_rollback=True):
        conn.execute("INSERT INTO hall_schema_version (version) VALUES (%s)", (len(schema.MIGRATIONS) + 1,))
        with pytest.raises(RuntimeError, match="newer"):
            schema.migrate(conn)
        with pytest.raises(schema.HallNotReady) as refused:
            schema.require_current(conn)
        assert refused.value.needs == "upgrade"
