"""A kiosk's place in the hall: the replicator shipping its journal, and its voucher desk."""

from __future__ import annotations

from ..store import GameSession
from .replicator import Replicator
from .vouchers import HallVoucher, VoucherDesk


class HallLink:
    """Start it once the session is open; stop it before the store is closed."""

    def __init__(self, session: GameSession, kiosk_id: int, dsn: str) -> None:
        self.replicator = Replicator(session.store, kiosk_id, dsn)
        self.desk = VoucherDesk(session, kiosk_id, dsn, self.replicator)

    def start(self) -> None:
        self.replicator.start()

    def stop(self) -> None:
        self.replicator.stop()

    def cash_out(self) -> HallVoucher:
        return self.desk.cash_out()
