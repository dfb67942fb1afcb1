"""What a kiosk and the cashier ask of the hall server.

Every function takes an open psycopg connection in autocommit mode (see `connect`). Each
statement is a transaction of its own that completes on the server or changes nothing there;
a redemption, and a shipment that carries numbers drawn offline, take two: the hall answers
about a number only once the question is on record (hall migration 7).
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import threading
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

import psycopg

from ..store.database import JournalEntry
from . import chain

NOTIFY_CHANNEL = "reddog_hall"  # a notice after every change, for consoles that listen


@dataclass(frozen=True, slots=True)
class LinkLimits:
    """How long a hall link may keep anyone waiting: every hall connection uses one set.

    A cut network ends a call through TCP keepalives and the cap on unacknowledged data; a
    link that takes bytes and never answers (a black hole, a frozen server) ends it through
    `answer_s`, which the client enforces itself. The server's own limits free what a silent
    client holds: a statement, a wait for a lock, a transaction left open.
    """

    connect_s: int = 3
    statement_s: int = 8
    lock_s: int = 3
    idle_in_transaction_s: int = 5  # a client silent this long mid-transaction loses it, and its locks
    keepalive_idle_s: int = 5
    keepalive_interval_s: int = 2
    keepalive_count: int = 2
    tcp_user_timeout_ms: int = 5000
    answer_s: float = 10.0  # longer than statement_s: a slow statement reports its own error first

    def connect_options(self) -> dict[str, Any]:
        options: dict[str, Any] = dict(
            connect_timeout=self.connect_s,
            keepalives=1,
            keepalives_idle=self.keepalive_idle_s,
            keepalives_interval=self.keepalive_interval_s,
            keepalives_count=self.keepalive_count,
            options=(
                f"-c statement_timeout={self.statement_s}s -c lock_timeout={self.lock_s}s"
                f" -c idle_in_transaction_session_timeout={self.idle_in_transaction_s}s"
            ),
            application_name="reddog",
        )
        if psycopg.pq.version() >= 120000:  # libpq 12 added tcp_user_timeout
            options["tcp_user_timeout"] = self.tcp_user_timeout_ms
        return options


LINK_LIMITS = LinkLimits()
CONNECT_TIMEOUT_S = LINK_LIMITS.connect_s


def connect(dsn: str, limits: LinkLimits = LINK_LIMITS) -> psycopg.Connection:
    """A connection to the hall server in autocommit mode; psycopg.OperationalError if unreachable."""
    return psycopg.connect(dsn, autocommit=True, **limits.connect_options())


class LinkStalled(psycopg.OperationalError):
    """The server did not answer in time: the link was taken for dead and its connection closed."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"no answer from the hall server within {seconds:g} s")
        self.seconds = seconds


class AnswerDeadline:
    """Closes `conn`'s socket if the calls made under it are not answered within `seconds`,
    which ends a call waiting on a link that takes bytes and never answers."""

    def __init__(self, conn: psycopg.Connection, seconds: float) -> None:
        self._conn = conn
        self.seconds = seconds
        self.expired = False
        self._timer = threading.Timer(seconds, self.cut)
        self._timer.daemon = True

    def start(self) -> None:
        self._timer.start()

    def stop(self) -> None:
        self._timer.cancel()

    def cut(self) -> None:
        """Give up on the link now (from any thread): the waiting call raises at once."""
        self.expired = True
        # Shutting the socket down wakes the thread blocked on it; closing the connection from
        # here could race with that thread's use of it. A connection already closed needs nothing.
        with (
            contextlib.suppress(OSError, psycopg.Error),
            socket.socket(fileno=os.dup(self._conn.pgconn.socket)) as sock,
        ):
            sock.shutdown(socket.SHUT_RDWR)


@contextlib.contextmanager
def answered_within(conn: psycopg.Connection, seconds: float | None = None) -> Iterator[AnswerDeadline]:
    """Run calls on `conn` that must be answered within `seconds` (the link's `answer_s`);
    raises LinkStalled when they are not, the connection then being unusable."""
    deadline = AnswerDeadline(conn, LINK_LIMITS.answer_s if seconds is None else seconds)
    deadline.start()
    try:
        yield deadline
    except psycopg.Error as exc:
        if deadline.expired:
            raise LinkStalled(deadline.seconds) from exc
        raise
    finally:
        deadline.stop()


class KioskConflict(Exception):
    """The server refused this kiosk's entries (or this journal is not the one it holds for the
    kiosk): the reason is recorded on the server as a discrepancy and shipping stops."""


# --- replication --------------------------------------------------------------
# Every kiosk call goes through a function of the schema that takes the kiosk's number from the
# login the connection was made with; the `kiosk_id` a caller passes only says which kiosk it
# believes itself to be, and the entries' text names it for the server to check.


@dataclass(frozen=True, slots=True)
class Registration:
    kiosk_id: int
    shipped_seq: int  # the newest entry the server holds
    chain: str | None  # the hash of that entry (None: shipped before the chain existed)
    conflict: str | None
    hall_id: int


def register_kiosk(conn: psycopg.Connection, kiosk_id: int) -> Registration:
    """Make the kiosk known and say where the server stands; KioskConflict if the login the
    connection was made with is another kiosk's."""
    row = conn.execute("SELECT kiosk_id, shipped_seq, chain, conflict, hall_id FROM hall_register()").fetchone()
    assert row is not None
    found = Registration(int(row[0]), int(row[1]), row[2], row[3], int(row[4]))
    if found.kiosk_id != kiosk_id:
        raise KioskConflict(f"this journal is kiosk {kiosk_id}'s, but the hall login is kiosk {found.kiosk_id}'s")
    return found


def record_conflict(conn: psycopg.Connection, reason: str) -> None:
    """The kiosk found the server's copy is not its journal: recorded for the hall to see."""
    conn.execute("SELECT hall_report_conflict(%s)", (reason,))


def clear_conflict(conn: psycopg.Connection, kiosk_id: int) -> bool | None:
    """Forget kiosk `kiosk_id`'s number conflict, once an operator has decided which journal it is:
    True if one was cleared, False if it had none, None if the hall knows no such kiosk."""
    with conn.transaction():
        row = conn.execute("SELECT conflict FROM hall_kiosk WHERE kiosk_id = %s FOR UPDATE", (kiosk_id,)).fetchone()
        if row is None or row[0] is None:
            return None if row is None else False
        conn.execute("UPDATE hall_kiosk SET conflict = NULL WHERE kiosk_id = %s", (kiosk_id,))
        conn.execute("SELECT pg_notify(%s, %s)", (NOTIFY_CHANNEL, str(kiosk_id)))
    return True


def ship(conn: psycopg.Connection, kiosk_id: int, entries: Sequence[JournalEntry], prev: str = chain.GENESIS) -> int:
    """Store `entries` (consecutive, oldest first, the first following the entry whose hash is
    `prev`) for the kiosk; return the newest seq now held.

    Entries the server holds already are checked and skipped, so a shipment repeated after a lost
    reply adds nothing. Raises KioskConflict, recorded on the server, if the entries do not follow
    the server's newest one, replace one it holds, or do not add up."""
    shipment = json.dumps([link.shipped() for link in chain.links(kiosk_id, entries, prev)])
    row = conn.execute("SELECT shipped_seq, refused FROM hall_ship(%s::jsonb)", (shipment,)).fetchone()
    if row is not None and row[1] == ASKED:  # numbers drawn offline are on record now: ship them
        row = conn.execute("SELECT shipped_seq, refused FROM hall_ship(%s::jsonb)", (shipment,)).fetchone()
    assert row is not None
    if row[1] is not None:
        raise KioskConflict(row[1])
    return int(row[0])


# The hall's word for a shipment whose offline numbers it has just put on record (migration 7):
# the same shipment, sent again in a transaction of its own, is taken.
ASKED = "asked"


def touch(conn: psycopg.Connection) -> None:
    """The kiosk is alive, with nothing new to ship."""
    conn.execute("SELECT hall_touch()")


# --- vouchers -----------------------------------------------------------------


def reserve_voucher_numbers(conn: psycopg.Connection, wanted: int) -> list[int]:
    """Up to `wanted` validation numbers the server draws and now holds for this kiosk's next
    cash-outs. The server draws them: a kiosk proposing its own would learn which are taken."""
    rows = conn.execute("SELECT hall_reserve_numbers(%s)", (wanted,)).fetchall()
    return sorted(int(r[0]) for r in rows)


class Redemption(StrEnum):
    REDEEMED = "redeemed"  # by this intent: credit the amount
    ALREADY_REDEEMED = "already_redeemed"  # by someone else
    UNKNOWN = "unknown"  # no such hall voucher (yet)
    OTHER_HALL = "other_hall"  # a validation number of another hall: never this hall's
    EXPIRED = "expired"  # older than the hall's voucher_expiry_days
    VOIDED = "voided"  # voided by an operator (`reddog hall void`)
    LOCKED_OUT = "locked_out"  # this place asked about too many wrong numbers: refused for a while


@dataclass(frozen=True, slots=True)
class RedemptionResult:
    outcome: Redemption
    amount: int = 0
    seq: int | None = None  # the intent the answer is for (a kiosk's; None at the cashier)
    nonce: int | None = None


def redeem(conn: psycopg.Connection, number: int, seq: int, nonce: int | None = None) -> RedemptionResult:
    """Mark voucher `number` redeemed by this kiosk's intent (seq, nonce), once; the same intent
    asking again gets the same answer, which names the intent it answers.

    Two statements, each its own transaction (`conn` is in autocommit mode): the question is on
    record before any answer is given, so an answer rolled back or lost still counts towards
    the lockout. No row lock outlives a statement, so a link that stalls leaves no one waiting."""
    asked = _one(conn.execute("SELECT hall_redeem_ask(%s, %s, %s)", (number, seq, nonce)).fetchone())[0]
    row = _one(conn.execute("SELECT outcome, amount, seq, nonce FROM hall_redeem_answer(%s)", (asked,)).fetchone())
    return RedemptionResult(Redemption(row[0]), int(row[1]), int(row[2]), None if row[3] is None else int(row[3]))


def redeem_at_cashier(conn: psycopg.Connection, number: int) -> RedemptionResult:
    """The cashier pays voucher `number` in cash: marked redeemed by the cashier's desk, once;
    asked and answered as `redeem` is."""
    asked = _one(conn.execute("SELECT hall_cashier_ask(%s)", (number,)).fetchone())[0]
    row = _one(conn.execute("SELECT outcome, amount FROM hall_cashier_answer(%s)", (asked,)).fetchone())
    return RedemptionResult(Redemption(row[0]), int(row[1]))


def _one(row: tuple[Any, ...] | None) -> tuple[Any, ...]:
    assert row is not None  # each of these functions returns one row
    return row


# --- settings the hall sends ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SettingsPush:
    push_id: int
    kiosk_id: int | None  # None: every kiosk
    settings: dict[str, str]


def push_settings(conn: psycopg.Connection, kiosk_id: int | None, settings: Mapping[str, str]) -> int:
    """Queue `settings` (already checked by the settings model) for kiosk `kiosk_id`, or every kiosk."""
    row = conn.execute(
        "INSERT INTO hall_push (kiosk_id, settings) VALUES (%s, %s::jsonb) RETURNING push_id",
        (kiosk_id, json.dumps(dict(settings), sort_keys=True)),
    ).fetchone()
    assert row is not None
    conn.execute("SELECT pg_notify(%s, %s)", (NOTIFY_CHANNEL, "push"))
    return int(row[0])


def pushes_after(conn: psycopg.Connection, push_id: int) -> list[SettingsPush]:
    """The pushes for this kiosk (its own and the hall's) newer than `push_id`, oldest first."""
    rows = conn.execute("SELECT push_id, kiosk_id, settings FROM hall_pushes_after(%s)", (push_id,)).fetchall()
    return [SettingsPush(int(p), k, dict(s)) for p, k, s in rows]


@dataclass(frozen=True, slots=True)
class PushStatus:
    push_id: int
    kiosk_id: int | None
    names: tuple[str, ...]  # of the settings it sets: their values are the administrator's
    applied: tuple[int, ...]  # kiosks that applied it
    refused: tuple[int, ...]  # kiosks whose settings model refused it
    waiting: tuple[int, ...]  # kiosks of the hall that have not answered yet
    reasons: dict[int, str] = field(default_factory=dict)  # a refusing kiosk: its journal's note (refusal_note)


def push_status(conn: psycopg.Connection, limit: int = 20) -> list[PushStatus]:
    """The newest pushes first, with what each kiosk they concern did with them."""
    kiosks = [int(k) for (k,) in conn.execute("SELECT kiosk_id FROM hall_kiosk ORDER BY kiosk_id").fetchall()]
    pushes = conn.execute(
        "SELECT push_id, kiosk_id, names FROM hall_push_named ORDER BY push_id DESC LIMIT %s", (limit,)
    ).fetchall()
    results: dict[int, dict[int, bool]] = {}
    reasons: dict[int, dict[int, str]] = {}
    for push_id, kiosk_id, applied, reason in conn.execute(
        "SELECT push_id, kiosk_id, applied, reason::text FROM hall_push_result WHERE push_id >= %s",
        (min((p for p, _, _ in pushes), default=0),),
    ).fetchall():
        results.setdefault(int(push_id), {})[int(kiosk_id)] = bool(applied)
        if reason is not None:
            reasons.setdefault(int(push_id), {})[int(kiosk_id)] = reason
    status = []
    for push_id, target, names in pushes:
        answered = results.get(int(push_id), {})
        concerned = kiosks if target is None else [target]
        status.append(
            PushStatus(
                int(push_id),
                target,
                tuple(names),
                tuple(k for k in concerned if answered.get(k) is True),
                tuple(k for k in concerned if answered.get(k) is False),
                tuple(k for k in concerned if k not in answered),
                reasons.get(int(push_id), {}),
            )
        )
    return status
