"""Kiosk ids and voucher number ranges of the hall (plain constants: no server needed to read them)."""

from ..store.database import STANDALONE_LAST
from ..store.settings import MAX_KIOSK_ID

__all__ = ["CASHIER", "KIOSK_RANGE", "MAX_KIOSK_ID", "SERVER_FIRST", "SETTING_BOUNDS"]

# Kiosk ids are 1..MAX_KIOSK_ID; 0 stands for the cashier's desk in redemptions.
CASHIER = 0
# Voucher numbers: a kiosk on its own numbers its vouchers 1, 2, 3...; the server issues
# SERVER_FIRST..KIOSK_RANGE - 1, far above those; a hall kiosk that cannot reach the server
# numbers them from its own range kiosk_id * KIOSK_RANGE + 1 onwards. No two kinds meet.
SERVER_FIRST = STANDALONE_LAST + 1
KIOSK_RANGE = 1_000_000_000

# The hall's voucher settings an operator may set (`reddog hall config`), with their bounds; the
# server's CHECK constraints (migration 5) hold the same.
SETTING_BOUNDS: dict[str, tuple[int, int]] = {
    "voucher_expiry_days": (1, 3650),
    "lockout_failures": (2, 100),
    "lockout_window_s": (10, 86400),  # also how long a lockout lasts
}
