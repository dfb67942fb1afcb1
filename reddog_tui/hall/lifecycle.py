"""A hall voucher after it is issued: how long it stays valid, voiding it, listing vouchers, the
places locked out for asking about wrong numbers, and the audit trail (migration 5).

The refusals themselves (expired, voided, locked out) are made on the server, inside the
redemption functions of hall/schema.py; what is here reads the hall and changes it on an
operator's connection. Every change is written to the audit trail by the server's triggers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from datetime import datetime
from enum import StrEnum
from typing import Any

import psycopg
from psycopg import sql

from .numbers import SETTING_BOUNDS
from .server import NOTIFY_CHANNEL

VOID_REASON_MAX = 200  # characters


class SettingOutOfBounds(ValueError):
    def __init__(self, key: str, value: int) -> None:
        self.key = key
        self.value = value
        self.low, self.high = SETTING_BOUNDS[key]
        super().__init__(f"{key} must be from {self.low} to {self.high}, not {value}")


def check_setting(key: str, value: int) -> None:
    low, high = SETTING_BOUNDS[key]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise SettingOutOfBounds(key, value)


@dataclass(frozen=True, slots=True)
class HallSettings:
    voucher_expiry_days: int
    lockout_failures: int
    lockout_window_s: int  # also how long a lockout lasts


def read_settings(conn: psycopg.Connection) -> HallSettings:
    row = conn.execute("SELECT voucher_expiry_days, lockout_failures, lockout_window_s FROM hall_config").fetchone()
    assert row is not None
    return HallSettings(*(int(x) for x in row))


def change_settings(conn: psycopg.Connection, changes: Mapping[str, int]) -> HallSettings:
    """Set the settings named in `changes` (each checked against SETTING_BOUNDS first); the settings now."""
    for key, value in changes.items():
        check_setting(key, value)
    if changes:
        assignments = sql.SQL(", ").join(
            sql.SQL("{} = {}").format(sql.Identifier(key), sql.Literal(value)) for key, value in changes.items()
        )
        with conn.transaction():
            conn.execute(sql.SQL("UPDATE hall_config SET {}").format(assignments))
            conn.execute("SELECT pg_notify(%s, 'config')", (NOTIFY_CHANNEL,))
    return read_settings(conn)


# --- voiding -------------------------------------------------------------------------------------


class VoidOutcome(StrEnum):
    VOIDED = "voided"
    VOIDED_ALREADY = "voided_already"
    REDEEMED = "redeemed"  # paid already: nothing to void
    UNKNOWN = "unknown"


def void(conn: psycopg.Connection, number: int, reason: str) -> tuple[VoidOutcome, int]:
    """Void the unredeemed voucher `number` for `reason` (1 to VOID_REASON_MAX characters, checked
    by the caller): from now on every redemption refuses it. (outcome, the voucher's amount)."""
    with conn.transaction():
        row = conn.execute(
            "SELECT redeemed_kiosk IS NOT NULL, voided_at IS NOT NULL, amount FROM hall_voucher"
            " WHERE number = %s FOR UPDATE",
            (number,),
        ).fetchone()
        if row is None:
            return VoidOutcome.UNKNOWN, 0
        redeemed, voided, amount = bool(row[0]), bool(row[1]), int(row[2])
        if voided:
            return VoidOutcome.VOIDED_ALREADY, amount
        if redeemed:
            return VoidOutcome.REDEEMED, amount
        conn.execute(
            "UPDATE hall_voucher SET voided_at = clock_timestamp(), voided_by = session_user, void_reason = %s"
            " WHERE number = %s",
            (reason, number),
        )
        conn.execute("SELECT pg_notify(%s, 'void')", (NOTIFY_CHANNEL,))
    return VoidOutcome.VOIDED, amount


# --- the vouchers --------------------------------------------------------------------------------


class VoucherState(StrEnum):
    OPEN = "open"  # may be redeemed: the hall owes it
    REDEEMED = "redeemed"
    EXPIRED = "expired"  # never redeemed, older than voucher_expiry_days
    VOIDED = "voided"


# A voucher's state now, with the settings of now (hall_voucher_refusal in schema.py says the same),
# reckoned in seconds so that no stamp a kiosk sent can put a date out of range.
STATE_SQL = """CASE
    WHEN v.voided_at IS NOT NULL THEN 'voided'
    WHEN v.redeemed_kiosk IS NOT NULL THEN 'redeemed'
    WHEN v.issued_at < extract(epoch FROM clock_timestamp()) - 86400 * c.voucher_expiry_days THEN 'expired'
    ELSE 'open' END"""

# When a voucher was issued, as a date every reader can show: a stamp stored before the hall
# refused implausible ones (beyond any date, Infinity, NaN) is shown at 1970 or 3000, never an error.
ISSUED_SQL = "to_timestamp(least(greatest(v.issued_at, 0), 32503680000))"


@dataclass(frozen=True, slots=True)
class VoucherRow:
    number: int
    amount: int
    kiosk_id: int
    issued_at: datetime
    issued_offline: bool
    state: VoucherState
    redeemed_at: datetime | None
    redeemed_by: str | None  # the login that redeemed it
    voided_at: datetime | None
    voided_by: str | None
    void_reason: str | None


def vouchers(conn: psycopg.Connection, state: VoucherState | None = None) -> list[VoucherRow]:
    """The hall's vouchers, oldest first; only those in `state` if given."""
    rows = conn.execute(
        f"SELECT * FROM (SELECT v.number, v.amount, v.kiosk_id, {ISSUED_SQL} AS issued_at,"
        f" v.issued_offline, {STATE_SQL} AS state, v.redeemed_at, v.redeemed_by, v.voided_at, v.voided_by,"
        " v.void_reason FROM hall_voucher v CROSS JOIN hall_config c) x"
        " WHERE %s::text IS NULL OR x.state = %s ORDER BY x.issued_at, x.number",
        (state, state),
    ).fetchall()
    return [VoucherRow(int(r[0]), int(r[1]), int(r[2]), r[3], bool(r[4]), VoucherState(r[5]), *r[6:]) for r in rows]


# --- lockouts ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Lockout:
    place: str  # the login locked out
    kind: str | None  # "kiosk" or "cashier" (None: a login the hall no longer lists)
    kiosk_id: int | None
    until: datetime
    failures: int


def lockouts(conn: psycopg.Connection) -> list[Lockout]:
    """The places locked out now, the one locked longest first."""
    rows = conn.execute(
        "SELECT l.place, g.kind, g.kiosk_id, max(l.until), max(l.failures) FROM hall_lockout l"
        " LEFT JOIN hall_login g ON g.role = l.place WHERE l.until > clock_timestamp()"
        " GROUP BY l.place, g.kind, g.kiosk_id ORDER BY max(l.until) DESC, l.place"
    ).fetchall()
    return [Lockout(str(p), k, i, u, int(f)) for p, k, i, u, f in rows]


# --- the audit trail -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AuditRow:
    at: datetime
    who: str  # the login (session_user) that did it
    event: str  # push, payment, void, retire, config, lockout
    subject: str | None  # the voucher's number, the kiosk, the login or place concerned
    detail: dict[str, Any]


def audit(conn: psycopg.Connection, since: datetime | None = None) -> list[AuditRow]:
    """The audit trail, oldest first; from `since` on if given."""
    rows = conn.execute(
        "SELECT at, who, event, subject, detail FROM hall_audit"
        " WHERE %s::timestamptz IS NULL OR at >= %s ORDER BY audit_id",
        (since, since),
    ).fetchall()
    return [AuditRow(r[0], str(r[1]), str(r[2]), r[3], dict(r[4])) for r in rows]


def as_json(row: VoucherRow | AuditRow) -> dict[str, Any]:
    """A row for `--json`: times as ISO 8601 text, states as their names."""
    out: dict[str, Any] = {}
    for f in fields(row):
        value = getattr(row, f.name)
        out[f.name] = value.isoformat() if isinstance(value, datetime) else value
    return out
