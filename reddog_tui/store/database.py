"""The SQLite file: opening it safely, and one committed transaction per transition."""

from __future__ import annotations

import errno
import json
import os
import re
import sqlite3
import stat
import threading
import time
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

try:
    import fcntl
except ImportError:  # not on Windows: there a start does not wait for another start
    fcntl = None  # type: ignore[assignment]

from ..engine import HandKind, Outcome, TableState
from ..engine.cards import Card
from .accounting import ZERO_METERS, RoundRecord, Transition, identity_gap
from .errors import IntentCarriedOut, StoreError
from .paths import database_path
from .schema import (
    APPLICATION_ID,
    DDL,
    METER_NAMES,
    METERS_CARRIED_ACTION,
    MIGRATE_1_TO_2,
    MIGRATE_2_TO_3,
    MIGRATE_3_TO_4,
    SCHEMA_VERSION,
)
from .settings import stored_text

BUSY_TIMEOUT_S = 0.25  # waiting longer would only freeze the screen
SQLITE_MAGIC = b"SQLite format 3\x00"
SYNCHRONOUS_FULL = 2
SIDE_SUFFIXES = ("-wal", "-shm")
# Every name SQLite may open beside the journal: WAL's two files and a rollback journal.
WORKING_FILE_SUFFIXES = (*SIDE_SUFFIXES, "-journal")
FOLDER_LOCK_WAIT_S = 5.0  # another start in the same folder takes milliseconds; a check can take longer
# Voucher numbers a kiosk on its own issues: 1, 2, 3… up to this. A hall issues numbers above
# it (hall/numbers.py), so a kiosk that leaves a hall goes on with its own numbers.
STANDALONE_LAST = 99_999_999
# SQLite's primary result codes (https://sqlite.org/rescode.html) and what each means for the kiosk.
_SQLITE_CODES = {
    5: "busy",
    6: "busy",
    8: "read_only_file",
    11: "integrity",
    13: "disk_full",
    14: "unwritable",
    26: "not_a_database",
}
# Extended result codes that say more than their primary code.
_SQLITE_EXTENDED_CODES = {
    776: "stray_journal",  # SQLITE_READONLY_ROLLBACK: a hot rollback journal that only a writer could play back
}
# An error of these codes means the file is in use by someone else: not ours to tidy.
IN_USE_CODES = ("locked", "busy")
ROUND_COLUMNS = (
    "round, time, card1, card2, card3, ante, raised, kind, spread, outcome, paid, credits_before, credits_after"
)
# Checked at every start. The history (journal, rounds) grows with play, so a full check of
# it would make start-up grow too; it runs with full_check=True or Store.check_history().
TABLES_CHECKED_AT_START = ("sqlite_schema", "table_state", "meters", "settings", "vouchers")


@dataclass(frozen=True, slots=True)
class JournalEntry:
    """One committed journal entry, as it is shipped to a hall server."""

    seq: int
    time: float  # seconds since the epoch, UTC
    action: str
    value: int | None
    voucher: int | None  # the validation number a cash-out issued or a redemption concerns
    meters: dict[str, int]  # what this entry added to the meters
    state: str  # the table after the entry, as JSON
    note: str | None = None  # a refused hall push: why, as the settings model said it (JSON)


class Store:
    """One open Red Dog database. Open it with `Store.open(data_dir)`; one Store per file at a time."""

    def __init__(
        self, conn: sqlite3.Connection, path: Path, clock: Callable[[], float], journal_lock: int | None = None
    ) -> None:
        self._conn = conn
        self.path = path
        self._clock = clock
        self._lock = threading.Lock()
        self._journal_lock = journal_lock  # a descriptor of the journal, flock()ed while this Store is open
        self._synced = True  # commits wait for the disk: the connection opens with synchronous=FULL

    # --- opening ------------------------------------------------------------
    @classmethod
    def open(cls, data_dir: Path | str, clock: Callable[[], float] = time.time, full_check: bool = False) -> Store:
        """Create or open the database in `data_dir`; raise StoreError with a code if it cannot be played.

        Before anything is written: PRAGMA integrity_check of the table state, meters, settings
        and vouchers (of the whole file with `full_check`) and the accounting identity.
        """
        data_dir = Path(data_dir)
        path = database_path(data_dir)
        refuse_unless_folder(data_dir)
        try:
            data_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise _os_error(exc, data_dir) from None
        if not data_dir.is_dir() or not os.access(data_dir, os.W_OK | os.X_OK):
            raise StoreError("unwritable", data_dir)
        with _folder_lock(data_dir, path):  # before any look at the file: one start at a time
            side_files_before = side_files(path)
            _remove_drafts(path)
            if not os.path.lexists(path):
                _create(path)
            journal_lock = _hold_journal(path)  # one kiosk per journal, until close()
            try:
                _check_read_only(path, full_check)  # before anything is written to an existing file
                conn = _connect_for_play(path)
            except BaseException as error:
                if journal_lock is not None:
                    os.close(journal_lock)
                if isinstance(error, StoreError) and error.code not in IN_USE_CODES:  # not ours to tidy
                    remove_empty_side_files(path, side_files_before)
                raise
            try:
                _migrate(conn, path, clock)
            except BaseException:
                conn.close()
                if journal_lock is not None:
                    os.close(journal_lock)
                raise
        return cls(conn, path, clock, journal_lock)

    def close(self) -> None:
        with self._lock:
            self._conn.close()  # first: closing our other descriptor must not drop SQLite's own locks
            if self._journal_lock is not None:
                os.close(self._journal_lock)  # releases the flock
                self._journal_lock = None

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def check_history(self) -> None:
        """PRAGMA integrity_check of the whole file, history included; StoreError("integrity") if it fails."""
        problems = [row[0] for row in self._read("PRAGMA integrity_check")]
        if problems != ["ok"]:
            raise StoreError("integrity", self.path, "; ".join(problems[:3]), at_start=False)

    def now(self) -> datetime:
        return datetime.fromtimestamp(self._clock(), UTC)

    # --- reading ------------------------------------------------------------
    def load_table(self) -> tuple[TableState, int, int] | None:
        """(state, journal seq, balance when the open round was dealt), or None for a new database."""
        row = self._read("SELECT state, seq, round_balance_before FROM table_state WHERE id = 1")
        if not row:
            return None
        state, seq, balance_before = row[0]
        try:
            return table_state(state), seq, balance_before
        except ValueError as exc:
            raise StoreError("integrity", self.path, f"unreadable table state: {exc}") from None

    def meters(self) -> dict[str, int]:
        meters = dict(ZERO_METERS)
        meters.update(self._read("SELECT name, value FROM meters"))
        return meters

    def recent_rounds(self, limit: int = 10) -> list[RoundRecord]:
        rows = self._read(f"SELECT {ROUND_COLUMNS} FROM rounds ORDER BY round DESC LIMIT ?", (limit,))
        try:
            return [settled_round(r) for r in rows]
        except ValueError as exc:
            raise StoreError("integrity", self.path, f"unreadable settled round: {exc}", at_start=False) from None

    def journal_actions(self, limit: int = 20) -> list[tuple[datetime, str, int | None]]:
        rows = self._read("SELECT time, action, value FROM journal ORDER BY seq DESC LIMIT ?", (limit,))
        return [(datetime.fromtimestamp(t, UTC), action, value) for t, action, value in rows]

    def journal_entries_after(self, seq: int, limit: int = 500) -> list[JournalEntry]:
        """The committed entries after `seq`, oldest first, at most `limit` of them."""
        rows = self._read(
            "SELECT seq, time, action, value, voucher, meters, state, note FROM journal"
            " WHERE seq > ? ORDER BY seq LIMIT ?",
            (seq, limit),
        )
        return [JournalEntry(s, t, a, v, n, json.loads(m), st, note) for s, t, a, v, n, m, st, note in rows]

    def last_journal_entry(self, actions: tuple[str, ...]) -> JournalEntry | None:
        """The newest entry whose action is one of `actions`, or None."""
        marks = ", ".join("?" * len(actions))
        rows = self._read(
            "SELECT seq, time, action, value, voucher, meters, state FROM journal"
            f" WHERE action IN ({marks}) ORDER BY seq DESC LIMIT 1",
            actions,
        )
        return next((JournalEntry(s, t, a, v, n, json.loads(m), st) for s, t, a, v, n, m, st in rows), None)

    def journal_intent(self, seq: int) -> str | None:
        """The identity entry `seq` carries out (IntentCarriedOut), or None."""
        rows = self._read("SELECT intent FROM journal WHERE seq = ?", (seq,))
        return rows[0][0] if rows else None

    def last_voucher_number(self, low: int, high: int) -> int | None:
        """The highest voucher number issued in [low, high], or None."""
        row = self._read("SELECT max(number) FROM vouchers WHERE number BETWEEN ? AND ?", (low, high))
        return row[0][0]

    def journal_entries(self, actions: Collection[str], limit: int) -> list[tuple[float, str, int | None]]:
        """The newest journal entries of these actions first: (seconds since the epoch, action, value)."""
        marks = ", ".join("?" * len(actions))
        return self._read(
            f"SELECT time, action, value FROM journal WHERE action IN ({marks}) ORDER BY seq DESC LIMIT ?",
            (*actions, limit),
        )

    def journal_values(self, actions: Collection[str]) -> set[int]:
        """The values of every journal entry of these actions (a whole scan: for a start, not for play)."""
        marks = ", ".join("?" * len(actions))
        rows = self._read(
            f"SELECT DISTINCT value FROM journal WHERE action IN ({marks}) AND value IS NOT NULL", (*actions,)
        )
        return {int(value) for (value,) in rows}

    def get_setting(self, key: str) -> str | None:
        row = self._read("SELECT value FROM settings WHERE key = ?", (key,))
        return row[0][0] if row else None

    def settings_rows(self) -> dict[str, str]:
        """The settings table as stored, every row, unchecked (`settings.read_settings` types it)."""
        return dict(self._read("SELECT key, value FROM settings"))

    def set_setting(self, key: str, value: object, *, wait_for_disk: bool = True) -> None:
        """Store one setting; a value the settings model refuses raises SettingRefused, nothing written.
        Without `wait_for_disk` the commit is not synced to the disk (see `commit`)."""
        text = stored_text(key, value)
        with self._transaction(synced=wait_for_disk) as conn:
            _write_settings(conn, {str(key): text})

    # --- writing ------------------------------------------------------------
    def commit(
        self,
        transition: Transition,
        expected_seq: int,
        settings: Mapping[str, object] | None = None,
        *,
        wait_for_disk: bool = True,
    ) -> tuple[int, int | None]:
        """Write a transition in one transaction; return (its journal seq, voucher number or None).

        `expected_seq` is the seq the caller's state came from (0 for a new table): if another
        writer moved the table on, nothing is written and StoreError("locked") is raised.
        `settings` are written in the same transaction (each checked first: SettingRefused).
        Without `wait_for_disk` the commit is not synced to the disk (`synchronous=NORMAL`): it
        survives the process being killed, and a power cut may undo it together with the commits
        after it up to the next synced one, which syncs them all (WAL keeps their order).
        """
        rows = {str(key): stored_text(key, value) for key, value in (settings or {}).items()}
        seq = expected_seq + 1
        state_json = transition.state.to_json()
        t = self._clock()
        voucher = None
        with self._transaction(synced=wait_for_disk) as conn:
            current = conn.execute("SELECT seq FROM table_state WHERE id = 1").fetchone()
            if (current[0] if current else 0) != expected_seq:
                raise StoreError("locked", self.path, "the table was changed by another writer", at_start=False)
            if transition.voucher_amount:
                number = transition.voucher
                if number is None:  # a kiosk on its own: the next of its own numbers, whatever a hall issued here
                    row = conn.execute(
                        "SELECT coalesce(max(number), 0) + 1 FROM vouchers WHERE number <= ?", (STANDALONE_LAST,)
                    ).fetchone()
                    number = row[0]
                voucher = conn.execute(
                    "INSERT INTO vouchers (number, time, amount) VALUES (?, ?, ?)",
                    (number, t, transition.voucher_amount),
                ).lastrowid
            try:
                conn.execute(
                    "INSERT INTO journal (seq, time, action, value, state, meters, voucher, intent, note)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        seq,
                        t,
                        transition.action,
                        transition.value,
                        state_json,
                        json.dumps(transition.meters, sort_keys=True),
                        voucher if voucher is not None else transition.voucher,
                        transition.intent,
                        transition.note,
                    ),
                )
            except sqlite3.IntegrityError as exc:  # the unique index: this money action is in the journal already
                if transition.intent is not None and "journal.intent" in str(exc):
                    raise IntentCarriedOut(transition.intent) from None
                raise
            conn.execute(
                "INSERT INTO table_state (id, seq, state, round_balance_before) VALUES (1, ?, ?, ?)"
                " ON CONFLICT (id) DO UPDATE SET seq = excluded.seq, state = excluded.state,"
                " round_balance_before = excluded.round_balance_before",
                (seq, state_json, transition.round_balance_before),
            )
            conn.executemany(
                "UPDATE meters SET value = value + ? WHERE name = ?",
                [(amount, name) for name, amount in transition.meters.items()],
            )
            r = transition.settled_round
            if r is not None:
                try:
                    conn.execute(
                        "INSERT INTO rounds VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (
                            r.number,
                            r.time.timestamp(),
                            *r.cards,
                            r.ante,
                            r.raised,
                            r.kind.value,
                            r.spread,
                            r.outcome.value,
                            r.paid,
                            r.credits_before,
                            r.credits_after,
                        ),
                    )
                except sqlite3.IntegrityError:
                    raise StoreError(
                        "integrity", self.path, f"round {r.number} is already settled", at_start=False
                    ) from None
            _write_settings(conn, rows)
        return seq, voucher

    # --- plumbing -----------------------------------------------------------
    def _read(self, sql: str, args: tuple = ()) -> list[tuple]:
        with self._lock:
            try:
                return self._conn.execute(sql, args).fetchall()
            except sqlite3.Error as exc:
                raise _store_error(exc, self.path, at_start=False) from None

    @contextmanager
    def _transaction(self, synced: bool = True) -> Iterator[sqlite3.Connection]:
        """BEGIN IMMEDIATE ... COMMIT; any error rolls back and nothing is written. `synced`: the
        commit waits until the disk has it (`synchronous=FULL`, as the journal opens)."""
        with self._lock:
            try:
                if synced is not self._synced:
                    self._conn.execute(f"PRAGMA synchronous = {'FULL' if synced else 'NORMAL'}")
                    self._synced = synced
                self._conn.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise _store_error(exc, self.path, at_start=False) from None
            try:
                yield self._conn
                self._conn.execute("COMMIT")
            except BaseException as exc:
                if self._conn.in_transaction:
                    try:
                        self._conn.execute("ROLLBACK")
                    except sqlite3.Error:
                        pass  # the connection rolls back itself when it cannot
                if isinstance(exc, sqlite3.Error):
                    raise _store_error(exc, self.path, at_start=False) from None
                raise


# --- module helpers: creating and checking the file ---------------------------


def _store_error(exc: sqlite3.Error, path: Path, at_start: bool = True) -> StoreError:
    """The code for an SQLite error; `at_start` tells opening from playing."""
    extended = getattr(exc, "sqlite_errorcode", None)
    if extended is None:
        code = "write_failed"
    else:
        code = _SQLITE_EXTENDED_CODES.get(extended) or _SQLITE_CODES.get(extended & 0xFF, "write_failed")
    if not at_start and code in ("unwritable", "read_only_file"):
        code = "write_failed"  # during play the fix is an attendant's, not another --data-dir
    return StoreError(code, path, str(exc), at_start)


def _os_error(exc: OSError, path: Path) -> StoreError:
    """The code for a file-system error while creating the folder or the journal."""
    code = "disk_full" if exc.errno in (errno.ENOSPC, errno.EDQUOT) else "unwritable"
    return StoreError(code, path, str(exc))


def refuse_unless_folder(data_dir: Path) -> None:
    """A data folder that exists must be a folder (or a link to one): a file or a pipe holds no journal."""
    if os.path.lexists(data_dir) and not os.path.isdir(data_dir):
        raise StoreError("not_a_folder", data_dir)


def table_state(text: str) -> TableState:
    """A table state as stored; ValueError for text no release writes (not JSON, or not a table)."""
    try:
        return TableState.from_json(text)
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"{type(exc).__name__}: {exc}") from None


def settled_round(row: Sequence) -> RoundRecord:
    """A row of `rounds` (its ROUND_COLUMNS) as play reads it back: the one test of a settled
    round, for the recall screen and `reddog check --full` alike. ValueError for a row no
    release writes (a card that is no card, an unknown hand or outcome, an impossible time)."""
    try:
        return RoundRecord(
            number=row[0],
            time=datetime.fromtimestamp(row[1], UTC),
            cards=tuple(Card.from_code(code).code for code in row[2:5]),  # type: ignore[arg-type]
            ante=row[5],
            raised=row[6],
            kind=HandKind(row[7]),
            spread=row[8],
            outcome=Outcome(row[9]),
            paid=row[10],
            credits_before=row[11],
            credits_after=row[12],
        )
    except (ValueError, TypeError, AttributeError, OverflowError, OSError) as exc:
        raise ValueError(f"round {row[0]}: {exc}") from None


def _write_settings(conn: sqlite3.Connection, rows: Mapping[str, str]) -> None:
    conn.executemany(
        "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        list(rows.items()),
    )


def _read_meters(conn: sqlite3.Connection) -> dict[str, int]:
    meters = dict(ZERO_METERS)
    meters.update(conn.execute("SELECT name, value FROM meters").fetchall())
    return meters


@contextmanager
def _folder_lock(data_dir: Path, path: Path) -> Iterator[None]:
    """Hold an exclusive lock on the data folder while its journal is created and checked.

    Two copies started together would otherwise both see no journal and both build one. The
    lock is an flock on the folder itself, so no lock file is left in it; it ends with the fd.
    """
    if fcntl is None:
        yield
        return
    try:
        fd = os.open(data_dir, os.O_RDONLY | os.O_DIRECTORY)
    except OSError as exc:
        raise StoreError("unwritable", data_dir, str(exc)) from None
    try:
        deadline = time.monotonic() + FOLDER_LOCK_WAIT_S
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise StoreError("locked", path, "another Red Dog is opening this folder") from None
                time.sleep(0.01)
        yield
    finally:
        os.close(fd)


def _hold_journal(path: Path) -> int | None:
    """An exclusive flock on the journal file for as long as the Store is open: a second kiosk
    is refused at once ("locked"), while readers (`reddog check`, the exports) still read the
    file through SQLite, which locks with fcntl, not flock. Returns the descriptor, or None
    where there is no flock or the path is no regular file (the checks refuse that one)."""
    if fcntl is None:
        return None
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)  # a pipe must not make us wait
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            return None
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise StoreError("locked", path, "another Red Dog has this journal open") from None
    return fd


def _draft_pattern(path: Path) -> re.Pattern[str]:
    """The names a creation builds beside `path`, with SQLite's side files (and the old fixed name)."""
    return re.compile(rf"{re.escape(path.name)}\.(?:[0-9a-f]{{16}}\.)?new(?:-wal|-shm|-journal)?")


def _remove_drafts(path: Path) -> None:
    """Under the folder lock no creation runs: a draft found beside `path` was left by one that
    was cut short (also after its link into place), and goes at every open."""
    pattern = _draft_pattern(path)
    try:
        for leftover in path.parent.iterdir():
            if pattern.fullmatch(leftover.name):
                leftover.unlink(missing_ok=True)
    except OSError as exc:
        raise _os_error(exc, path) from None


def _create(path: Path) -> None:
    """Build a new database under a unique name and link it into place; never replaces a file.

    Runs under the folder lock, after `_remove_drafts`.
    """
    import secrets  # only a new journal needs it (and it imports hmac and hashlib): not every start

    draft = path.with_name(f"{path.name}.{secrets.token_hex(8)}.new")
    try:
        os.close(os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))  # ours alone
        conn = sqlite3.connect(draft, isolation_level=None)
        try:
            conn.executescript(
                "BEGIN;"
                + DDL
                + "".join(f"INSERT INTO meters VALUES ('{m}', 0);" for m in METER_NAMES)
                + f"PRAGMA user_version = {SCHEMA_VERSION}; PRAGMA application_id = {APPLICATION_ID}; COMMIT;"
            )
            conn.execute("PRAGMA journal_mode = WAL")
        finally:
            conn.close()
        with open(draft, "rb") as f:
            os.fsync(f.fileno())
        try:
            os.link(draft, path)  # atomic, and fails if a file appeared meanwhile: that one is checked
        except FileExistsError:
            pass
        _fsync_dir(path.parent)
    except OSError as exc:
        raise _os_error(exc, path) from None
    except sqlite3.Error as exc:
        raise _store_error(exc, path) from None
    finally:
        for name in (draft, *(Path(f"{draft}{s}") for s in SIDE_SUFFIXES)):
            try:
                name.unlink(missing_ok=True)
            except OSError:
                pass  # removed at the next open


def _fsync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return  # not possible on every platform
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _check_read_only(path: Path, full_check: bool) -> None:
    """Every check that can refuse the file, through a read-only connection."""
    check_file(path)
    if not os.access(path, os.W_OK):  # checked here, so SQLite never adds -wal/-shm beside it
        raise StoreError("read_only_file", path)
    side_files_before = side_files(path)
    try:
        conn = connect_read_only(path)
        try:
            for _name, check in START_CHECKS:
                check(conn, path, full_check)
        finally:
            conn.close()
    except (sqlite3.Error, StoreError) as exc:
        error = exc if isinstance(exc, StoreError) else _store_error(exc, path)
        if error.code not in IN_USE_CODES:  # a file in use by another process is not ours to tidy
            remove_empty_side_files(path, side_files_before)
        raise error from None


def check_header(path: Path) -> None:
    """A regular file that starts like a SQLite file."""
    if _read_header(path) != SQLITE_MAGIC:
        raise StoreError("not_a_database", path)


def check_file(path: Path) -> None:
    """What the journal must be before SQLite opens it, for the kiosk and `reddog check` alike:
    its header (`check_header`), and under each name SQLite may open beside it nothing or a
    regular file (SQLite cannot keep its working files in a folder or a pipe)."""
    check_header(path)
    for suffix in WORKING_FILE_SUFFIXES:
        beside = Path(f"{path}{suffix}")
        if not os.path.lexists(beside):
            continue
        try:
            regular = stat.S_ISREG(os.stat(beside).st_mode)
        except OSError:  # a link that points nowhere
            regular = False
        if not regular:
            raise StoreError("side_file", beside)


def connect_read_only(path: Path) -> sqlite3.Connection:
    """A connection that cannot write; in WAL mode it reads while a kiosk plays on the same file."""
    return sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True, timeout=BUSY_TIMEOUT_S, isolation_level=None)


def _read_header(path: Path) -> bytes:
    """The first bytes of a regular file; anything else (folder, pipe, socket, device) is refused unopened.

    Opening a named pipe to read would wait for a writer for ever: its kind is checked first, and
    the open is non-blocking in case it was swapped in between.
    """
    try:
        _refuse_unless_regular(path, os.stat(path).st_mode)
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except FileNotFoundError:  # a link that points nowhere, or gone since it was seen
        raise StoreError("dangling_link" if os.path.islink(path) else "not_a_regular_file", path) from None
    except PermissionError:
        raise StoreError("read_only_file", path) from None
    except OSError as exc:
        raise StoreError("write_failed", path, str(exc)) from None
    try:
        _refuse_unless_regular(path, os.fstat(fd).st_mode)
        return os.read(fd, len(SQLITE_MAGIC))
    except OSError as exc:
        raise StoreError("write_failed", path, str(exc)) from None
    finally:
        os.close(fd)


def _refuse_unless_regular(path: Path, mode: int) -> None:
    if stat.S_ISDIR(mode):
        raise StoreError("is_a_directory", path)
    if not stat.S_ISREG(mode):
        raise StoreError("not_a_regular_file", path)


def _check_format(conn: sqlite3.Connection, path: Path, full_check: bool) -> None:
    """Written by Red Dog, in a schema version this release reads."""
    if conn.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
        raise StoreError("not_a_database", path, "not written by Red Dog")
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise StoreError("newer_schema", path, f"schema {version}, this version reads up to {SCHEMA_VERSION}")
    if version < 1:
        raise StoreError("not_a_database", path, "no Red Dog schema")


def _check_integrity(conn: sqlite3.Connection, path: Path, full_check: bool) -> None:
    """PRAGMA integrity_check of the tables play depends on, or of the whole file."""
    checks = (
        ["PRAGMA integrity_check"]
        if full_check
        else [f"PRAGMA integrity_check({table})" for table in TABLES_CHECKED_AT_START]
    )
    try:
        problems = [row[0] for check in checks for row in conn.execute(check)]
    except sqlite3.OperationalError as exc:  # a table of ours is missing
        raise StoreError("integrity", path, str(exc)) from None
    problems = [p for p in problems if p != "ok"]
    if problems:
        raise StoreError("integrity", path, "; ".join(problems[:3]))


def _check_identity(conn: sqlite3.Connection, path: Path, full_check: bool) -> None:
    """The meters and the table satisfy the accounting identity."""
    try:
        meters = _read_meters(conn)
        row = conn.execute("SELECT state FROM table_state WHERE id = 1").fetchone()
        state = table_state(row[0]) if row else None
    except ValueError as exc:
        raise StoreError("integrity", path, f"unreadable table state: {exc}") from None
    if state is None:
        gap = sum(meters.values())  # no table yet: nothing may have been counted
    else:
        gap = identity_gap(state, meters)
    if gap != 0:
        raise StoreError("integrity", path, f"accounting identity is off by {gap}")


# The checks every start makes, in order (a later one needs the earlier ones to pass).
# `reddog check` runs the same functions and reports each one.
START_CHECKS: tuple[tuple[str, Callable[[sqlite3.Connection, Path, bool], None]], ...] = (
    ("format", _check_format),
    ("integrity", _check_integrity),
    ("identity", _check_identity),
)


def side_files(path: Path) -> set[str]:
    """Which of SQLite's working files (SIDE_SUFFIXES) stand beside `path` now, of any kind."""
    return {s for s in SIDE_SUFFIXES if os.path.lexists(f"{path}{s}")}


def remove_empty_side_files(path: Path, existed_before: set[str]) -> None:
    """Remove the empty -wal/-shm files our read-only look created, so a refused file is left as found.

    Best effort: where the folder cannot be changed nothing was created either, and the refusal
    that brought us here is what the caller reports.
    """
    try:
        wal = Path(f"{path}-wal")
        if "-wal" in existed_before or (wal.exists() and wal.stat().st_size > 0):
            return
        for suffix in SIDE_SUFFIXES:
            if suffix not in existed_before:
                Path(f"{path}{suffix}").unlink(missing_ok=True)
    except OSError:
        pass


def _migrate(conn: sqlite3.Connection, path: Path, clock: Callable[[], float]) -> None:
    """Bring an older schema up to SCHEMA_VERSION in one transaction; nothing changes if it fails."""
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version >= SCHEMA_VERSION:
        return
    try:
        conn.execute("BEGIN IMMEDIATE")
        try:
            if version < 2:
                for statement in filter(str.strip, MIGRATE_1_TO_2.split(";")):
                    conn.execute(statement)
                _carry_meters(conn, clock())
            if version < 3:
                for statement in filter(str.strip, MIGRATE_2_TO_3.split(";")):
                    conn.execute(statement)
            if version < 4:
                for statement in filter(str.strip, MIGRATE_3_TO_4.split(";")):
                    conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    except sqlite3.Error as exc:
        raise _store_error(exc, path) from None


def _carry_meters(conn: sqlite3.Connection, now: float) -> None:
    """One entry carrying the meters of a journal whose entries did not record their increments."""
    meters = {name: value for name, value in _read_meters(conn).items() if value}
    row = conn.execute("SELECT seq, state FROM table_state WHERE id = 1").fetchone()
    if row is None or not meters:
        return
    seq = row[0] + 1
    conn.execute(
        "INSERT INTO journal (seq, time, action, value, state, meters) VALUES (?, ?, ?, NULL, ?, ?)",
        (seq, now, METERS_CARRIED_ACTION, row[1], json.dumps(meters, sort_keys=True)),
    )
    conn.execute("UPDATE table_state SET seq = ? WHERE id = 1", (seq,))


def _connect_for_play(path: Path) -> sqlite3.Connection:
    """The read-write connection: WAL, synchronous=FULL, both confirmed. Readers may look in (WAL);
    a second kiosk is kept out by the journal's flock (by SQLite's exclusive mode where there is no flock)."""
    try:
        conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False)
    except sqlite3.Error as exc:
        raise _store_error(exc, path) from None
    try:
        if fcntl is None:
            conn.execute("PRAGMA locking_mode = EXCLUSIVE")  # no folder lock here: the file keeps a second kiosk out
        journal = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        conn.execute("PRAGMA synchronous = FULL")
        synchronous = conn.execute("PRAGMA synchronous").fetchone()[0]
        if str(journal).lower() != "wal" or synchronous != SYNCHRONOUS_FULL:
            raise StoreError("journal_mode", path, f"journal_mode={journal}, synchronous={synchronous}")
        conn.execute("BEGIN IMMEDIATE")  # a writer holding the file now is refused now, not at the first chip
        conn.execute("COMMIT")
    except StoreError:
        conn.close()
        raise
    except sqlite3.Error as exc:
        conn.close()
        raise _store_error(exc, path) from None
    return conn
