"""Hall meters: per kiosk and for the whole hall, from the replicated journal entries."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import psycopg

from ..store.schema import METER_NAMES


@dataclass(frozen=True, slots=True)
class KioskMeters:
    kiosk_id: int
    shipped_seq: int  # the newest journal entry the server holds
    last_seen: datetime
    meters: dict[str, int]
    identity_gap: int  # the accounting identity on the server's copy: 0 when it holds
    conflict: str | None  # why entries under this id were refused, if they were
    credit_mismatches: int = 0  # voucher credits the hall did not redeem for this kiosk

    @property
    def discrepancy(self) -> bool:
        return self.identity_gap != 0 or self.conflict is not None or self.credit_mismatches > 0


@dataclass(frozen=True, slots=True)
class HallMeters:
    kiosks: tuple[KioskMeters, ...]

    @property
    def totals(self) -> dict[str, int]:
        return {name: sum(k.meters[name] for k in self.kiosks) for name in METER_NAMES}

    @property
    def discrepancies(self) -> tuple[KioskMeters, ...]:
        return tuple(k for k in self.kiosks if k.discrepancy)


def hall_meters(conn: psycopg.Connection) -> HallMeters:
    columns = ", ".join(METER_NAMES)
    rows = conn.execute(
        f"SELECT kiosk_id, shipped_seq, last_seen, identity_gap, conflict, credit_mismatches, {columns}"
        " FROM hall_kiosk_status ORDER BY kiosk_id"
    ).fetchall()
    return HallMeters(
        tuple(
            KioskMeters(
                kiosk_id=r[0],
                shipped_seq=r[1],
                last_seen=r[2],
                identity_gap=r[3],
                conflict=r[4],
                credit_mismatches=r[5],
                meters=dict(zip(METER_NAMES, r[6:])),
            )
            for r in rows
        )
    )
