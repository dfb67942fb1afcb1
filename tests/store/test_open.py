"""Opening the store: each bad input is refused with its code, and the user's file stays byte-for-byte."""

import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import platformdirs
import pytest

from reddog_tui.engine import Action
from reddog_tui.store import GameSession, Store, StoreError, database, resolve_data_dir
from reddog_tui.store.paths import DB_FILENAME
from reddog_tui.store.schema import APPLICATION_ID, SCHEMA_VERSION

from .conftest import FakeClock, file_digest, stacked


def snapshot(directory: Path) -> dict[str, str]:
    """Every file in the directory with its hash: what 'left untouched' means."""
    return {p.name: file_digest(p) for p in sorted(directory.iterdir()) if p.is_file()}


def played_database(data_dir: Path, rounds: int = 3) -> Path:
    """A closed database with a few settled rounds in it."""
    store = Store.open(data_dir, clock=FakeClock())
    session = GameSession(store, stacked(*["2H 9S 5D"] * rounds))
    session.act(Action.ADD_CHIP, 10)
    session.act(Action.DEAL)
    session.act(Action.CALL)
    for _ in range(rounds - 1):
        session.act(Action.REBET)
        session.act(Action.CALL)
    store.close()
    return data_dir / DB_FILENAME


def raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None)


def assert_refused(data_dir: Path, code: str, **open_args) -> StoreError:
    before = snapshot(data_dir)
    with pytest.raises(StoreError) as info:
        Store.open(data_dir, **open_args)
    assert info.value.code == code, info.value
    assert snapshot(data_dir) == before  # not a byte changed, nothing added or removed
    assert str(data_dir) in str(info.value)  # the English text for logs names the file
    return info.value


# --- the data directory ---------------------------------------------------------


def test_resolve_data_dir_prefers_the_flag_then_the_environment(tmp_path):
    assert resolve_data_dir(str(tmp_path / "cli"), str(tmp_path / "env")) == tmp_path / "cli"
    assert resolve_data_dir(None, str(tmp_path / "env")) == tmp_path / "env"
    assert resolve_data_dir("", "") == Path(platformdirs.user_data_dir("reddog-tui"))
    assert resolve_data_dir("~/reddog", None) == Path.home() / "reddog"


def test_a_new_database_records_its_schema(data_dir):
    Store.open(data_dir).close()
    conn = raw(data_dir / DB_FILENAME)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()
    assert {p.name for p in data_dir.iterdir()} <= {DB_FILENAME, DB_FILENAME + "-wal", DB_FILENAME + "-shm"}


def test_data_dir_below_a_file_is_unwritable(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    with pytest.raises(StoreError) as info:
        Store.open(blocker / "data")
    assert info.value.code == "unwritable"
    assert info.value.path == blocker / "data"
    assert blocker.read_text() == "not a directory"


def test_data_dir_that_is_a_file_is_not_a_folder(tmp_path):
    blocker = tmp_path / "data"
    blocker.write_bytes(b"\x00\x01user data")
    with pytest.raises(StoreError) as info:
        Store.open(blocker)
    assert info.value.code == "not_a_folder"
    assert blocker.read_bytes() == b"\x00\x01user data"


# A read-only data folder, for root too: test_refused_files.py


# --- files that are not ours -----------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [b"", b"credits=1000\n", bytes(range(256)) * 40, b"SQLite format 3\x00" + b"\xff" * 4000],
    ids=["empty", "text", "binary", "fake-header"],
)
def test_not_a_database(data_dir, content):
    data_dir.mkdir()
    (data_dir / DB_FILENAME).write_bytes(content)
    assert_refused(data_dir, "not_a_database")


def test_another_programs_sqlite_file_is_not_ours(data_dir):
    data_dir.mkdir()
    conn = raw(data_dir / DB_FILENAME)
    conn.execute("CREATE TABLE notes (text TEXT)")
    conn.execute("INSERT INTO notes VALUES ('keep me')")
    conn.close()
    assert_refused(data_dir, "not_a_database")


# A folder, a pipe or a device in place of the file: test_refused_files.py


# --- schema version --------------------------------------------------------------


def test_newer_schema_is_refused(data_dir):
    path = played_database(data_dir)
    conn = raw(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    assert_refused(data_dir, "newer_schema")


def test_current_schema_opens(data_dir):
    played_database(data_dir)
    with Store.open(data_dir) as store:
        assert len(store.recent_rounds(10)) == 3


# --- integrity -------------------------------------------------------------------


def test_an_identity_that_does_not_add_up_is_refused(data_dir):
    path = played_database(data_dir)
    conn = raw(path)
    conn.execute("UPDATE meters SET value = value + 1 WHERE name = 'total_paid'")  # one credit too many
    conn.close()
    error = assert_refused(data_dir, "integrity")
    assert "off by -1" in str(error)


def test_a_changed_credit_balance_is_refused(data_dir):
    path = played_database(data_dir)
    conn = raw(path)
    state = conn.execute("SELECT state FROM table_state").fetchone()[0]
    conn.execute("UPDATE table_state SET state = ?", (state.replace('"credits":', '"credits":1', 1),))
    conn.close()
    assert_refused(data_dir, "integrity")


def test_an_unreadable_table_state_is_refused(data_dir):
    path = played_database(data_dir)
    conn = raw(path)
    conn.execute("UPDATE table_state SET state = '{\"credits\": 5}'")
    conn.close()
    assert_refused(data_dir, "integrity")


def scribble_on_page(path: Path, page: int) -> None:
    page_size = raw(path).execute("PRAGMA page_size").fetchone()[0]
    with open(path, "r+b") as f:
        f.seek((page - 1) * page_size + 8)  # past the page header's first bytes
        f.write(b"\xa5" * 64)


def root_page(path: Path, table: str) -> int:
    conn = raw(path)
    try:
        return conn.execute("SELECT rootpage FROM sqlite_schema WHERE name = ?", (table,)).fetchone()[0]
    finally:
        conn.close()


def test_a_damaged_table_state_page_is_refused(data_dir):
    path = played_database(data_dir)
    scribble_on_page(path, root_page(path, "table_state"))
    error = assert_refused(data_dir, "integrity")
    assert error.path == path


def test_a_damaged_history_page_is_found_by_the_full_check(data_dir):
    path = played_database(data_dir, rounds=200)
    pages = path.stat().st_size // raw(path).execute("PRAGMA page_size").fetchone()[0]
    scribble_on_page(path, pages // 2)  # deep in the journal of transitions
    assert_refused(data_dir, "integrity", full_check=True)
    with Store.open(data_dir) as store:  # the start-up check covers the table and meters only
        with pytest.raises(StoreError) as info:
            store.check_history()
        assert info.value.code == "integrity"
    assert_refused(data_dir, "integrity", full_check=True)  # and the open did not repair or hide it


# --- locks -----------------------------------------------------------------------


def test_a_second_store_on_the_same_file_is_locked(data_dir):
    first = Store.open(data_dir)
    try:
        GameSession(first, stacked())
        path = data_dir / DB_FILENAME
        with pytest.raises(StoreError) as info:
            Store.open(data_dir)
        assert info.value.code == "locked" and info.value.path == path
        assert first.load_table() is not None  # the first one plays on
    finally:
        first.close()


HOLD_WRITE_LOCK = textwrap.dedent(
    """
    import sqlite3, sys, time
    conn = sqlite3.connect(sys.argv[1], isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    print("locked", flush=True)
    time.sleep(60)
    """
)


def test_a_write_lock_held_by_another_program_is_busy(data_dir):
    path = played_database(data_dir)
    holder = subprocess.Popen([sys.executable, "-c", HOLD_WRITE_LOCK, str(path)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        digest = file_digest(path)
        with pytest.raises(StoreError) as info:
            Store.open(data_dir)
        assert info.value.code == "busy"  # SQLite's lock: not another Red Dog, which its flock tells
        assert file_digest(path) == digest
    finally:
        holder.kill()
        holder.wait()
    with Store.open(data_dir) as store:  # free again once the other process is gone
        assert len(store.recent_rounds(10)) == 3


# --- WAL and synchronous=FULL ---------------------------------------------------------


class _NoWal:
    """A connection whose journal stays in rollback mode, like a file system without WAL support."""

    def __init__(self, conn):
        self._conn = conn

    def execute(self, sql, *args):
        if sql.replace(" ", "").upper() == "PRAGMAJOURNAL_MODE=WAL":
            return self._conn.execute("PRAGMA journal_mode")  # still 'delete'
        return self._conn.execute(sql, *args)

    def __getattr__(self, name):
        return getattr(self._conn, name)


def test_a_journal_that_is_not_wal_is_refused(data_dir, monkeypatch):
    conn = raw(played_database(data_dir))
    assert conn.execute("PRAGMA journal_mode = DELETE").fetchone()[0] == "delete"
    conn.close()
    real_connect = sqlite3.connect
    monkeypatch.setattr(database.sqlite3, "connect", lambda *a, **k: _NoWal(real_connect(*a, **k)))
    assert_refused(data_dir, "journal_mode")
