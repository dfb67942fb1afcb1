"""What a kiosk and the cashier ask of the hall server: each call is one transaction.

Every function takes an open psycopg connection in autocommit mode (see `connect`) and
either completes on the server or changes nothing there.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import socket
import threading
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

import psycopg

from ..store.database import JournalEntry
from ..store.session import HALL_SETTINGS_ACTIONS, HALL_SETTINGS_APPLIED, REDEEMED, REDEEMING
from .numbers import CASHIER, KIOSK_RANGE

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


def offline_range(kiosk_id: int) -> tuple[int, int]:
    """The voucher numbers kiosk `kiosk_id` may issue on its own, lowest and highest."""
    return kiosk_id * KIOSK_RANGE + 1, (kiosk_id + 1) * KIOSK_RANGE - 1


class KioskConflict(Exception):
    """Entries under this kiosk id differ from what the server holds: another journal uses the id."""


# --- replication --------------------------------------------------------------


def register_kiosk(conn: psycopg.Connection, kiosk_id: int) -> tuple[int, float | None, str | None]:
    """Make the kiosk known; return (the newest seq the server holds, its time, a recorded conflict)."""
    with conn.transaction():
        conn.execute("INSERT INTO hall_kiosk (kiosk_id) VALUES (%s) ON CONFLICT DO NOTHING", (kiosk_id,))
        row = conn.execute(
            "SELECT k.shipped_seq, j.time, k.conflict FROM hall_kiosk k"
            " LEFT JOIN hall_journal j ON j.kiosk_id = k.kiosk_id AND j.seq = k.shipped_seq"
            " WHERE k.kiosk_id = %s",
            (kiosk_id,),
        ).fetchone()
    assert row is not None
    return row[0], row[1], row[2]


def record_conflict(conn: psycopg.Connection, kiosk_id: int, reason: str) -> None:
    conn.execute("UPDATE hall_kiosk SET conflict = %s WHERE kiosk_id = %s", (reason, kiosk_id))
    conn.execute("SELECT pg_notify(%s, %s)", (NOTIFY_CHANNEL, str(kiosk_id)))


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


def ship(conn: psycopg.Connection, kiosk_id: int, entries: Sequence[JournalEntry]) -> int:
    """Store `entries` (consecutive, oldest first) for the kiosk; return the newest seq now held.

    Entries the server holds already are skipped, so a shipment repeated after a lost reply
    adds nothing. Raises KioskConflict if the entries do not follow the server's newest one.
    """
    with conn.transaction():
        row = conn.execute("SELECT shipped_seq FROM hall_kiosk WHERE kiosk_id = %s FOR UPDATE", (kiosk_id,)).fetchone()
        if row is None:
            raise KioskConflict(f"kiosk {kiosk_id} is not registered")
        held = row[0]
        new = [e for e in entries if e.seq > held]
        if not new:
            return held
        if new[0].seq != held + 1 or any(b.seq != a.seq + 1 for a, b in itertools.pairwise(new)):
            raise KioskConflict(f"entry {new[0].seq} does not follow entry {held}")
        with conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO hall_journal (kiosk_id, seq, time, action, value, voucher, meters, state)"
                " VALUES (%s, %s, %s, %s, %s, %s, %s::jsonb, %s::jsonb)",
                [(kiosk_id, e.seq, e.time, e.action, e.value, e.voucher, json.dumps(e.meters), e.state) for e in new],
            )
            sums: Counter[str] = Counter()
            for e in new:
                sums.update(e.meters)
            if sums:
                cur.executemany(
                    "INSERT INTO hall_meter (kiosk_id, name, value) VALUES (%s, %s, %s)"
                    " ON CONFLICT (kiosk_id, name) DO UPDATE SET value = hall_meter.value + excluded.value",
                    [(kiosk_id, name, amount) for name, amount in sorted(sums.items())],
                )
        for e in new:
            if e.action == "cash_out" and e.voucher is not None and e.value:
                _register_voucher(conn, kiosk_id, e)
            elif e.action == REDEEMED:
                # A credit must follow the hall's mark: this kiosk, this amount, and the intent
                # journaled last for this voucher (a second credit for one mark is flagged too).
                conn.execute(
                    "INSERT INTO hall_credit_mismatch (kiosk_id, seq, voucher, credited)"
                    " SELECT %(k)s, %(seq)s, %(n)s, %(amount)s WHERE NOT EXISTS (SELECT 1 FROM hall_voucher"
                    "  WHERE number = %(n)s AND redeemed_kiosk = %(k)s AND amount = %(amount)s"
                    "  AND redeemed_seq = (SELECT max(seq) FROM hall_journal WHERE kiosk_id = %(k)s"
                    "   AND action = %(intent)s AND voucher = %(n)s AND seq < %(seq)s))"
                    " ON CONFLICT DO NOTHING",
                    {"k": kiosk_id, "seq": e.seq, "n": e.voucher, "amount": e.value, "intent": REDEEMING},
                )
            elif e.action in HALL_SETTINGS_ACTIONS and e.value:
                conn.execute(
                    "INSERT INTO hall_push_result (push_id, kiosk_id, applied, seq, reason)"
                    " SELECT push_id, %s, %s, %s, %s::jsonb FROM hall_push WHERE push_id = %s ON CONFLICT DO NOTHING",
                    (kiosk_id, e.action == HALL_SETTINGS_APPLIED, e.seq, e.note, e.value),
                )
        last = new[-1]
        conn.execute(
            "UPDATE hall_kiosk SET shipped_seq = %s, state = %s::jsonb, last_seen = clock_timestamp()"
            " WHERE kiosk_id = %s",
            (last.seq, last.state, kiosk_id),
        )
        conn.execute("SELECT pg_notify(%s, %s)", (NOTIFY_CHANNEL, str(kiosk_id)))
        return last.seq


def _register_voucher(conn: psycopg.Connection, kiosk_id: int, entry: JournalEntry) -> None:
    """A replicated cash-out becomes a hall voucher if its number came from the server or the kiosk's range.

    Other numbers were issued before the kiosk joined the hall and stay redeemable there only.
    """
    number = entry.voucher
    if number is None:  # a cash-out always carries its number; nothing to register otherwise
        return
    low, high = offline_range(kiosk_id)
    reserved = conn.execute(
        "DELETE FROM hall_voucher_reserved WHERE number = %s AND kiosk_id = %s RETURNING number", (number, kiosk_id)
    ).fetchone()
    if reserved is None and not low <= number <= high:
        return
    conn.execute(
        "INSERT INTO hall_voucher (number, kiosk_id, seq, amount, issued_at, issued_offline)"
        " VALUES (%s, %s, %s, %s, %s, %s)",
        (number, kiosk_id, entry.seq, entry.value, entry.time, reserved is None),
    )


def touch(conn: psycopg.Connection, kiosk_id: int) -> None:
    """The kiosk is alive, with nothing new to ship."""
    conn.execute("UPDATE hall_kiosk SET last_seen = clock_timestamp() WHERE kiosk_id = %s", (kiosk_id,))


# --- vouchers -----------------------------------------------------------------


def reserve_voucher_numbers(conn: psycopg.Connection, kiosk_id: int, count: int) -> list[int]:
    """`count` fresh validation numbers held for the kiosk's next cash-outs."""
    with conn.transaction():
        rows = conn.execute(
            "INSERT INTO hall_voucher_reserved (number, kiosk_id)"
            " SELECT nextval('hall_voucher_number'), %s FROM generate_series(1, %s) RETURNING number",
            (kiosk_id, count),
        ).fetchall()
    return sorted(r[0] for r in rows)


class Redemption(StrEnum):
    REDEEMED = "redeemed"  # by this (kiosk, seq): credit the amount
    ALREADY_REDEEMED = "already_redeemed"  # by someone else
    UNKNOWN = "unknown"  # no such hall voucher (yet)


@dataclass(frozen=True, slots=True)
class RedemptionResult:
    outcome: Redemption
    amount: int = 0


def redeem(conn: psycopg.Connection, number: int, kiosk_id: int, seq: int) -> RedemptionResult:
    """Mark voucher `number` redeemed by (kiosk_id, seq), once; the same pair asking again gets the same answer.

    One statement, so one round trip: the voucher's row lock is taken and released on the
    server, and a link that stalls before the answer arrives leaves no one waiting for it.
    """
    # Two redeemers of one voucher: the second UPDATE waits for the first's row lock, then
    # finds redeemed_kiosk set and changes nothing; it then reads the row as it found it
    # (redeemed_kiosk empty in its snapshot), which still answers "someone else".
    row = conn.execute(
        "WITH marked AS (UPDATE hall_voucher"
        "  SET redeemed_kiosk = %(k)s, redeemed_seq = %(seq)s, redeemed_at = clock_timestamp()"
        "  WHERE number = %(n)s AND redeemed_kiosk IS NULL RETURNING amount, redeemed_kiosk, redeemed_seq),"
        " told AS (SELECT pg_notify(%(channel)s, %(kiosk)s) FROM marked)"
        " SELECT amount, redeemed_kiosk, redeemed_seq FROM marked, told"
        " UNION ALL SELECT amount, redeemed_kiosk, redeemed_seq FROM hall_voucher"
        "  WHERE number = %(n)s AND NOT EXISTS (SELECT 1 FROM marked)",
        {"k": kiosk_id, "seq": seq, "n": number, "channel": NOTIFY_CHANNEL, "kiosk": str(kiosk_id)},
    ).fetchone()
    if row is None:
        return RedemptionResult(Redemption.UNKNOWN)
    amount, by_kiosk, by_seq = row
    if (by_kiosk, by_seq) == (kiosk_id, seq):
        return RedemptionResult(Redemption.REDEEMED, amount)
    return RedemptionResult(Redemption.ALREADY_REDEEMED, amount)


def redeem_at_cashier(conn: psycopg.Connection, number: int) -> RedemptionResult:
    """The cashier pays voucher `number` in cash: marked redeemed by the cashier's desk, once."""
    # A serial drawn for a payment that then fails is simply never used: no transaction needed.
    serial = conn.execute("SELECT nextval('hall_cashier_redemption')").fetchone()
    assert serial is not None
    return redeem(conn, number, CASHIER, serial[0])


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


def pushes_after(conn: psycopg.Connection, kiosk_id: int, push_id: int) -> list[SettingsPush]:
    """The pushes for this kiosk (its own and the hall's) newer than `push_id`, oldest first."""
    rows = conn.execute(
        "SELECT push_id, kiosk_id, settings FROM hall_push"
        " WHERE push_id > %s AND (kiosk_id = %s OR kiosk_id IS NULL) ORDER BY push_id",
        (push_id, kiosk_id),
    ).fetchall()
    return [SettingsPush(int(p), k, dict(s)) for p, k, s in rows]


@dataclass(frozen=True, slots=True)
class PushStatus:
    push_id: int
    kiosk_id: int | None
    settings: dict[str, str]
    applied: tuple[int, ...]  # kiosks that applied it
    refused: tuple[int, ...]  # kiosks whose settings model refused it
    waiting: tuple[int, ...]  # kiosks of the hall that have not answered yet
    reasons: dict[int, str] = field(default_factory=dict)  # a refusing kiosk: its journal's note (refusal_note)


def push_status(conn: psycopg.Connection, limit: int = 20) -> list[PushStatus]:
    """The newest pushes first, with what each kiosk they concern did with them."""
    kiosks = [int(k) for (k,) in conn.execute("SELECT kiosk_id FROM hall_kiosk ORDER BY kiosk_id").fetchall()]
    pushes = conn.execute(
        "SELECT push_id, kiosk_id, settings FROM hall_push ORDER BY push_id DESC LIMIT %s", (limit,)
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
    for push_id, target, settings in pushes:
        answered = results.get(int(push_id), {})
        concerned = kiosks if target is None else [target]
        status.append(
            PushStatus(
                int(push_id),
                target,
                dict(settings),
                tuple(k for k in concerned if answered.get(k) is True),
                tuple(k for k in concerned if answered.get(k) is False),
                tuple(k for k in concerned if k not in answered),
                reasons.get(int(push_id), {}),
            )
        )
    return status
