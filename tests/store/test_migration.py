"""Older journals open under the current schema: schema 1's history kept and its meters carried,
schema 2's entries kept as they were, with the money actions' identities taken once from then on."""

from __future__ import annotations

import sqlite3

import pytest

from reddog_tui.engine import StackedDealer
from reddog_tui.store import GameSession, IntentCarriedOut, Store
from reddog_tui.store.database import database_path
from reddog_tui.store.schema import METERS_CARRIED_ACTION, SCHEMA_VERSION
from reddog_tui.store.session import refusal_from_note

from .conftest import FakeClock


def _downgrade_to_schema_3(path) -> None:
    """The file as schema 3 wrote it: no note in the journal."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.executescript("BEGIN; ALTER TABLE journal DROP COLUMN note; PRAGMA user_version = 3; COMMIT;")
    finally:
        conn.close()


def _downgrade_to_schema_2(path) -> None:
    """The file as schema 2 wrote it: no money action's identity in the journal."""
    _downgrade_to_schema_3(path)
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.executescript(
            "BEGIN; DROP INDEX journal_intent_once; ALTER TABLE journal DROP COLUMN intent;"
            " PRAGMA user_version = 2; COMMIT;"
        )
    finally:
        conn.close()


def _downgrade_to_schema_1(path) -> None:
    """The file as schema 1 wrote it: no meters or voucher in the journal."""
    _downgrade_to_schema_2(path)
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.executescript(
            "BEGIN; ALTER TABLE journal DROP COLUMN meters; ALTER TABLE journal DROP COLUMN voucher;"
            " PRAGMA user_version = 1; COMMIT;"
        )
    finally:
        conn.close()


def test_a_schema_1_journal_is_migrated_and_its_meters_carried(data_dir, open_session):
    store, session = open_session("2H 9S 5C", credits=500)
    session.act("add_chip", 10)
    session.act("deal")
    session.act("call")
    session.act("new_bet")
    session.cash_out()
    meters, state, seq = store.meters(), session.state, session.seq
    store.close()
    _downgrade_to_schema_1(database_path(data_dir))

    store = Store.open(data_dir, clock=FakeClock())
    try:
        loaded_state, loaded_seq, _ = store.load_table()
        assert loaded_state == state and loaded_seq == seq + 1
        entries = store.journal_entries_after(0, 1000)
        assert [e.seq for e in entries] == list(range(1, seq + 2))
        carried = entries[-1]
        assert carried.action == METERS_CARRIED_ACTION
        assert carried.meters == {k: v for k, v in meters.items() if v}
        assert all(e.meters == {} for e in entries[:-1])
        assert store.meters() == meters
        conn = sqlite3.connect(database_path(data_dir).resolve().as_uri() + "?mode=ro", uri=True)
    finally:
        store.close()
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    finally:
        conn.close()


def test_a_schema_1_journal_with_nothing_metered_gets_no_carried_entry(data_dir, open_session):
    # A table opened with no credits has counted nothing: there are no meters to carry, so the
    # migration adds no entry and the table stays at the entry it was.
    store, session = open_session(credits=0)
    state, seq = session.state, session.seq
    before = store.journal_entries_after(0, 1000)
    store.close()
    _downgrade_to_schema_1(database_path(data_dir))

    store = Store.open(data_dir, clock=FakeClock())
    try:
        loaded_state, loaded_seq, _ = store.load_table()
        assert loaded_state == state and loaded_seq == seq
        entries = store.journal_entries_after(0, 1000)
        assert [e.seq for e in entries] == [e.seq for e in before]
        assert all(e.action != METERS_CARRIED_ACTION for e in entries)
        assert store.meters() == dict.fromkeys(store.meters(), 0)
    finally:
        store.close()


def test_each_entry_records_its_meter_increments_and_they_add_up_to_the_meters(open_session):
    store, session = open_session("2H 9S 5C", "3D 3C 3H", credits=500)
    session.act("add_chip", 10)
    session.act("deal")
    session.act("raise")
    session.act("new_bet")
    session.act("add_chip", 5)
    session.act("deal")  # three of a kind: settled at once
    session.act("new_bet")
    voucher = session.cash_out()
    totals: dict[str, int] = {}
    for entry in store.journal_entries_after(0, 1000):
        for name, amount in entry.meters.items():
            totals[name] = totals.get(name, 0) + amount
    assert totals == {k: v for k, v in store.meters().items() if v}
    assert store.journal_entries_after(session.seq - 1, 1)[0].voucher == voucher.number


def test_a_schema_2_journal_is_migrated_and_then_takes_each_money_action_once(data_dir, open_session):
    store, session = open_session("2H 9S 5C", credits=500)
    session.add_credits(20)
    session.cash_out()
    before = store.journal_entries_after(0, 1000)
    store.close()
    _downgrade_to_schema_2(database_path(data_dir))

    store = Store.open(data_dir, clock=FakeClock())
    try:
        assert store.journal_entries_after(0, 1000) == before  # nothing added, nothing changed
        session = GameSession(store, StackedDealer([]))
        session.add_credits(7, intent="paid-in-once")
        with pytest.raises(IntentCarriedOut):
            session.add_credits(7, intent="paid-in-once")
        assert session.state.credits == 7 and store.meters()["credits_in"] == 527
    finally:
        store.close()
    conn = sqlite3.connect(database_path(data_dir).resolve().as_uri() + "?mode=ro", uri=True)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    finally:
        conn.close()


def test_a_schema_3_journal_is_migrated_and_then_keeps_why_a_hall_push_was_refused(data_dir, open_session):
    store, session = open_session("2H 9S 5C", credits=500)
    session.add_credits(20)
    before = store.journal_entries_after(0, 1000)
    store.close()
    _downgrade_to_schema_3(database_path(data_dir))

    store = Store.open(data_dir, clock=FakeClock())
    try:
        assert store.journal_entries_after(0, 1000) == before
        session = GameSession(store, StackedDealer([]))
        refused = session.apply_hall_settings(4, {"min_bet": "600"})
        assert refused is not None
        entry = store.journal_entries_after(session.seq - 1, 1)[0]
        assert (entry.action, entry.value) == ("hall_settings_refused", 4)
        assert refusal_from_note(entry.note).reason is refused.reason
    finally:
        store.close()
