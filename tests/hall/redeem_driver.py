"""A kiosk process that redeems a voucher and is killed with SIGKILL at a chosen step.

    python -m tests.hall.redeem_driver DATA_DIR KIOSK_ID DSN NUMBER STEP

STEP: after_intent (journaled, server not asked), after_server_mark (server marked, not
credited), after_credit (credited), resolve (a restart: resolve what is pending, no crash).
Prints the outcome as JSON when it is not killed.
"""

from __future__ import annotations

import json
import os
import signal
import sys

from benchmarks.hall_kiosk import new_session
from reddog_tui.hall import server
from reddog_tui.hall.vouchers import VoucherDesk
from reddog_tui.store import GameSession, Store


def _die_after(owner: object, name: str) -> None:
    original = getattr(owner, name)

    def then_die(*args, **kwargs):
        result = original(*args, **kwargs)
        os.kill(os.getpid(), signal.SIGKILL)
        return result

    setattr(owner, name, then_die)


def main(data_dir: str, kiosk_id: str, dsn: str, number: str, step: str) -> None:
    crash_points = {
        "after_intent": (GameSession, "begin_voucher_redemption"),
        "after_server_mark": (server, "redeem"),
        "after_credit": (GameSession, "credit_redeemed_voucher"),
    }
    if step in crash_points:
        _die_after(*crash_points[step])
    store = Store.open(data_dir)
    try:
        desk = VoucherDesk(new_session(store, seed=0), int(kiosk_id), dsn)
        result = desk.resolve_pending() if step == "resolve" else desk.redeem(int(number))
    finally:
        store.close()
    print(json.dumps(None if result is None else {"outcome": result.outcome.value, "amount": result.amount}))


if __name__ == "__main__":
    main(*sys.argv[1:])
