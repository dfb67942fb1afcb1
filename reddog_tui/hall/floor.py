"""The floor manager's view of the hall, read in one transaction: each kiosk's status, the
vouchers the hall still owes, the discrepancies and the places locked out. The console draws
it; nothing here draws."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime

import psycopg

from .lifecycle import ISSUED_SQL, STATE_SQL, Lockout, lockouts
from .meters import HallMeters, KioskMeters, hall_meters
from .server import NOTIFY_CHANNEL

OFFLINE_AFTER_S = 15.0  # a kiosk tells the server it is alive every 5 s; three missed: offline


@dataclass(frozen=True, slots=True)
class KioskStatus:
    kiosk_id: int
    seconds_since_seen: float
    lag_s: float | None  # from the kiosk committing its newest entry to the server holding it
    balance: int | None  # the credits on the table: balance, stakes and winnings (None: nothing shipped yet)
    hall: KioskMeters  # its meters and discrepancies, as `reddog hall meters` reports them

    @property
    def online(self) -> bool:
        return self.seconds_since_seen <= OFFLINE_AFTER_S and self.hall.conflict is None


@dataclass(frozen=True, slots=True)
class OutstandingVoucher:
    number_end: str  # the last four digits of its number: the rest is its bearer's (migration 8)
    kiosk_id: int
    seq: int  # the kiosk's journal entry that issued it: with kiosk_id, what names it on the floor
    amount: int
    issued_at: datetime
    issued_offline: bool


@dataclass(frozen=True, slots=True)
class Floor:
    kiosks: tuple[KioskStatus, ...]
    vouchers: tuple[OutstandingVoucher, ...]  # neither redeemed, voided nor expired
    meters: HallMeters
    lockouts: tuple[Lockout, ...] = ()  # places refused for asking about wrong numbers: an alarm

    @property
    def outstanding(self) -> int:
        """The credits the hall still owes on vouchers."""
        return sum(v.amount for v in self.vouchers)


def read_floor(conn: psycopg.Connection) -> Floor:
    with conn.transaction():
        meters = hall_meters(conn)
        rows = conn.execute(
            "SELECT k.kiosk_id, extract(epoch FROM clock_timestamp() - k.last_seen),"
            " extract(epoch FROM j.received_at) - j.time,"
            " (k.state->>'credits')::bigint + (k.state->>'ante')::bigint + (k.state->>'raised')::bigint"
            " + (k.state->>'winnings')::bigint"
            " FROM hall_kiosk k LEFT JOIN hall_journal j ON j.kiosk_id = k.kiosk_id AND j.seq = k.shipped_seq"
            " ORDER BY k.kiosk_id"
        ).fetchall()
        vouchers = conn.execute(
            f"SELECT v.number_end, v.kiosk_id, v.seq, v.amount, {ISSUED_SQL}, v.issued_offline"
            f" FROM hall_floor_voucher v CROSS JOIN hall_config c WHERE {STATE_SQL} = 'open'"
            " ORDER BY v.issued_at, v.kiosk_id, v.seq"
        ).fetchall()
        locked = lockouts(conn)
    by_id = {k.kiosk_id: k for k in meters.kiosks}
    kiosks = tuple(
        KioskStatus(
            kiosk_id=kiosk_id,
            seconds_since_seen=float(seen),
            lag_s=None if lag is None else max(0.0, float(lag)),
            balance=None if balance is None else int(balance),
            hall=by_id[kiosk_id],
        )
        for kiosk_id, seen, lag, balance in rows
    )
    return Floor(kiosks, tuple(OutstandingVoucher(*row) for row in vouchers), meters, tuple(locked))


def listen(conn: psycopg.Connection) -> None:
    """Have the hall's notices of changes sent to `conn` (a connection of its own, in autocommit)."""
    conn.execute(f"LISTEN {NOTIFY_CHANNEL}")


def changes(conn: psycopg.Connection, timeout_s: float) -> Iterator[bool]:
    """On a connection that `listen`s: yields True after a change, False after `timeout_s`
    without one. Raises psycopg.Error when the server goes away."""
    while True:
        seen = False
        for _notice in conn.notifies(timeout=timeout_s, stop_after=1):
            seen = True
        yield seen
