"""Kiosk ids and voucher number ranges of the hall (plain constants: no server needed to read them)."""

# Kiosk ids are 1..MAX_KIOSK_ID; 0 stands for the cashier's desk in redemptions.
MAX_KIOSK_ID = 9999
CASHIER = 0
# Voucher numbers: a kiosk on its own numbers its vouchers 1, 2, 3...; the server issues
# SERVER_FIRST..KIOSK_RANGE - 1, far above those; a hall kiosk that cannot reach the server
# numbers them from its own range kiosk_id * KIOSK_RANGE + 1 onwards. No two kinds meet.
SERVER_FIRST = 100_000_000
KIOSK_RANGE = 1_000_000_000
