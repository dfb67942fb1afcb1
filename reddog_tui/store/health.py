"""`reddog check`: the start-up checks, run read-only and reported one by one.

Opens the journal with a read-only connection (never the kiosk's lock), so it works while a
kiosk plays on the same file: in WAL mode a reader sees the last committed state.
With `full`, the whole file is checked and the history is compared with the meters.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from ..engine import Outcome, Phase, TableState
from .accounting import ZERO_METERS, at_risk
from .database import (
    ROUND_COLUMNS,
    START_CHECKS,
    check_file,
    check_header,
    connect_read_only,
    refuse_unless_folder,
    remove_empty_side_files,
    settled_round,
    side_files,
    table_state,
)
from .database import _store_error as store_error  # the store's own mapping of SQLite errors
from .errors import StoreError
from .paths import database_path
from .session import REDEEMED, REDEEMING, REDEMPTION_ACTIONS, redemption_outcome

# A reader waits this long for a writer in the middle of a checkpoint; longer than the kiosk's
# own wait, since nobody is looking at a frozen screen here.
READ_TIMEOUT_S = 2.0
# Causes that mean "could not look", as opposed to "looked and found damage".
CANNOT_READ = frozenset(
    {
        "missing",
        "not_a_folder",
        "dangling_link",
        "unwritable",
        "read_only_file",
        "write_failed",
        "locked",
        "busy",
        "newer_schema",
        "stray_journal",
    }
)
# The check of the format: the exports read only what this release can read.
_CHECK_FORMAT = dict(START_CHECKS)["format"]


class Status(Enum):
    PASSED = "passed"
    FAILED = "failed"
    SKIPPED = "skipped"  # an earlier check failed, so this one could not run


class Verdict(Enum):
    """The exit status of `reddog check`."""

    HEALTHY = 0
    DAMAGED = 1
    CANNOT_READ = 2


@dataclass(frozen=True, slots=True)
class CheckResult:
    name: str  # file, format, integrity, identity, history
    status: Status
    cause: str = ""  # a StoreError code, or "missing"; empty when passed
    detail: str = ""  # English, for logs and --json


def check_names(full: bool) -> tuple[str, ...]:
    return ("file", *(name for name, _check in START_CHECKS), *(("history",) if full else ()))


@contextmanager
def read_only(data_dir: Path | str, as_check_reads: bool = False) -> Iterator[sqlite3.Connection]:
    """A read-only connection to the journal in `data_dir`: FileNotFoundError if there is none,
    StoreError if it cannot be read. `as_check_reads`: refused as `reddog check` refuses what
    stands beside the journal and a format this release does not read (the exports); without
    it, whatever SQLite can read is read (a refused kiosk's PIN hash)."""
    path = database_path(Path(data_dir))
    refuse_unless_folder(Path(data_dir))
    if not os.path.lexists(path):
        raise FileNotFoundError(path)
    (check_file if as_check_reads else check_header)(path)
    try:
        conn = _connect(path)
    except sqlite3.Error as exc:
        raise _cannot_read(exc, path) from None
    try:
        if as_check_reads:
            _CHECK_FORMAT(conn, path, False)
        yield conn
    except sqlite3.Error as exc:
        raise _cannot_read(exc, path) from None
    finally:
        conn.close()


def _cannot_read(exc: sqlite3.Error, path: Path) -> StoreError:
    """The store's code for an SQLite error of a reader. SQLite cannot even read a WAL journal
    where it may not create its working files: "unwritable" only when the folder is write-protected."""
    error = store_error(exc, path)
    if error.code == "unwritable" and os.access(path.parent, os.W_OK):
        return StoreError("write_failed", path, error.detail)
    return error


def _connect(path: Path) -> sqlite3.Connection:
    conn = connect_read_only(path)
    conn.execute(f"PRAGMA busy_timeout = {int(READ_TIMEOUT_S * 1000)}")
    return conn


def check_journal(data_dir: Path | str, full: bool = False) -> list[CheckResult]:
    """Every check in order; after the first failure the rest are SKIPPED."""
    path = database_path(Path(data_dir))
    names = check_names(full)
    results: list[CheckResult] = []

    def fail(name: str, cause: str, detail: str) -> list[CheckResult]:
        results.append(CheckResult(name, Status.FAILED, cause, detail))
        return results + [CheckResult(n, Status.SKIPPED) for n in names[len(results) :]]

    try:
        refuse_unless_folder(Path(data_dir))
        if not os.path.lexists(path):
            return fail("file", "missing", str(path))
        check_file(path)
    except StoreError as error:
        return fail("file", error.code, error.detail or str(error))
    try:
        conn = _connect(path)
    except sqlite3.Error as exc:
        return fail("file", _cannot_read(exc, path).code, str(exc))
    results.append(CheckResult("file", Status.PASSED))
    try:
        checks = [*START_CHECKS, *((("history", _check_history),) if full else ())]
        for name, check in checks:
            try:
                # One read transaction per check: each sees one committed state of a playing kiosk.
                conn.execute("BEGIN")
                try:
                    check(conn, path, full)
                finally:
                    conn.execute("COMMIT")
            except sqlite3.Error as exc:
                return fail(name, _cannot_read(exc, path).code, str(exc))
            except StoreError as error:
                return fail(name, error.code, error.detail or str(error))
            results.append(CheckResult(name, Status.PASSED))
    finally:
        conn.close()
    return results


def verdict(results: list[CheckResult]) -> Verdict:
    failed = [r for r in results if r.status is Status.FAILED]
    if not failed:
        return Verdict.HEALTHY
    return Verdict.CANNOT_READ if failed[0].cause in CANNOT_READ else Verdict.DAMAGED


def _check_history(conn: sqlite3.Connection, path: Path, full_check: bool) -> None:
    """The settled rounds, vouchers and journal agree with the meters and the table."""
    meters = dict(ZERO_METERS)
    meters.update(conn.execute("SELECT name, value FROM meters").fetchall())
    row = conn.execute("SELECT seq, state FROM table_state WHERE id = 1").fetchone()
    problems: list[str] = []
    for record in conn.execute(f"SELECT {ROUND_COLUMNS} FROM rounds ORDER BY round"):
        try:
            settled_round(record)  # as the kiosk reads it back
        except ValueError as exc:
            raise StoreError("integrity", path, f"unreadable settled round: {exc}") from None
    if row is None:
        if conn.execute("SELECT count(*) FROM journal").fetchone()[0]:
            problems.append("journal entries but no table")
        state, seq = None, 0
    else:
        seq, state = row[0], _state_or_damage(row[1], path, "the table")
    count, first, last = conn.execute("SELECT count(*), min(seq), max(seq) FROM journal").fetchone()
    if count and (first != 1 or last != count):
        problems.append(f"journal numbers {first}..{last} for {count} entries")
    if (last or 0) != seq:
        problems.append(f"table at entry {seq}, journal ends at {last}")
    elif state is not None:
        (last_state,) = conn.execute("SELECT state FROM journal WHERE seq = ?", (seq,)).fetchone()
        if _state_or_damage(last_state, path, f"journal entry {seq}") != state:
            problems.append("the table differs from the journal's last entry")
    bad_round = conn.execute(
        "SELECT round FROM rounds WHERE credits_after - credits_before != paid - ante - raised LIMIT 1"
    ).fetchone()
    if bad_round:
        problems.append(f"round {bad_round[0]}: credits before and after disagree with the stake and payment")
    rounds, staked, paid, won, pushes = conn.execute(
        "SELECT count(*), coalesce(sum(ante + raised), 0), coalesce(sum(paid), 0),"
        " count(*) FILTER (WHERE outcome = ?), count(*) FILTER (WHERE outcome = ?) FROM rounds",
        (Outcome.WIN.value, Outcome.PUSH.value),
    ).fetchone()
    open_ante = at_risk(state) if state is not None else 0
    open_round = 1 if state is not None and state.phase is Phase.DECISION else 0
    (vouchers,) = conn.execute("SELECT coalesce(sum(amount), 0) FROM vouchers").fetchone()
    expected = {
        "games_played": rounds + open_round,
        "games_won": won,
        "pushes": pushes,
        "total_wagered": staked + open_ante,
        "total_paid": paid,
        "credits_out": vouchers,
    }
    for name, value in expected.items():
        if meters[name] != value:
            problems.append(f"meter {name} is {meters[name]}, the history says {value}")
    if problems:
        raise StoreError("integrity", path, "; ".join(problems[:3]))
    unmatched = unmatched_credit(conn)
    if unmatched is not None:
        raise StoreError("unmatched_credit", path, unmatched)


def unmatched_credit(conn: sqlite3.Connection) -> str | None:
    """The first voucher credit with no redemption of this journal behind it, described; None if
    every credit follows its intent (journaled before it, for the same voucher, named by the
    credit where it names one) and no intent was answered twice."""
    pending: tuple[int, int] | None = None  # (seq, voucher) of the intent not yet answered
    rows = conn.execute(
        "SELECT seq, action, voucher, intent FROM journal WHERE action IN (?, ?, ?) ORDER BY seq", REDEMPTION_ACTIONS
    )
    for seq, action, voucher, intent in rows:
        if action == REDEEMING:
            pending = (seq, voucher)
            continue
        matched = (
            pending is not None
            and pending[1] == voucher
            and (intent is None or intent == redemption_outcome(pending[0]))  # older entries name none
        )
        if action == REDEEMED and not matched:
            return f"entry {seq} credits voucher {voucher} with no matching redemption before it"
        if matched:
            pending = None
    return None


def _state_or_damage(text: str, path: Path, where: str) -> TableState:
    try:
        return table_state(text)
    except ValueError as exc:
        raise StoreError("integrity", path, f"unreadable table state in {where}: {exc}") from None


def stored_setting(data_dir: Path | str, key: str) -> str | None:
    """One setting's stored text, read-only; None when it is not there or the journal cannot be
    read. For a kiosk whose journal was refused at its start: the attendant PIN's hash."""
    path = database_path(Path(data_dir))
    before = side_files(path)
    try:
        with read_only(data_dir) as conn:
            row = conn.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
    except (OSError, StoreError, sqlite3.Error):
        return None
    finally:  # the refused journal is left as it was found
        remove_empty_side_files(path, before)
    return row[0] if row is not None and isinstance(row[0], str) else None
