"""A kiosk's place in the hall: the replicator shipping its journal, and its voucher desk."""

from __future__ import annotations

import logging

from ..engine import RedDogError
from ..store import GameSession, IntentCarriedOut, Store
from ..store.settings import Key, read_settings
from .replicator import Replicator
from .vouchers import HallVoucher, VoucherDesk

log = logging.getLogger(__name__)


class HallLink:
    """Start it once the session is open; stop it before the store is closed."""

    def __init__(self, session: GameSession, kiosk_id: int, dsn: str) -> None:
        self.session = session
        self.replicator = Replicator(session.store, kiosk_id, dsn)
        self.desk = VoucherDesk(session, kiosk_id, dsn, self.replicator)

    def start(self) -> None:
        self.replicator.start()

    def stop(self) -> None:
        self.replicator.stop()

    def cash_out(self, intent: str | None = None) -> HallVoucher:
        return self.desk.cash_out(intent)

    def apply_settings(self, pin_entry_open: bool = False) -> bool:
        """Apply the settings the hall sent that this kiosk has not seen; True if any changed.

        In the order sent, except that a push which would change the table in the middle of a
        round waits for the next call (R15) while later ones go ahead; a later push that sets a
        setting of a waiting one waits behind it, so the newer value is the one that stays. A
        new attendant PIN waits while someone is typing one (`pin_entry_open`): that entry ends
        under the PIN it began with.
        """
        changed = False
        held: set[str] = set()  # the settings of pushes that wait
        for push in self.replicator.pending_settings():
            keys = set(push.settings)
            if keys & held or (pin_entry_open and Key.PIN_HASH in keys):
                held |= keys
                continue
            try:
                refused = self.session.apply_hall_settings(push.push_id, push.settings)
            except IntentCarriedOut:  # journaled already (by another link to this journal)
                self.replicator.settled(push.push_id)
                continue
            except RedDogError:
                held |= keys
                continue
            self.replicator.settled(push.push_id)
            if refused is None:
                log.info("hall settings %d applied: %s", push.push_id, ", ".join(sorted(push.settings)))
                changed = True
            else:
                log.warning("hall settings %d refused: %s", push.push_id, refused)
        return changed


def claim_kiosk_id(store: Store, kiosk_id: int) -> int | None:
    """A journal joins the hall under one number for good: the first start in a hall fixes it.
    Returns None when `kiosk_id` is this journal's number, else the number it belongs to."""
    pinned = read_settings(store.settings_rows()).hall_kiosk_id  # a damaged value reads as none
    if pinned is None:
        store.set_setting(Key.HALL_KIOSK_ID, kiosk_id)
        return None
    return None if pinned == kiosk_id else pinned
