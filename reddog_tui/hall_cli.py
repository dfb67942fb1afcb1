"""`reddog hall cashier NUMBER` and `reddog hall meters`: the hall server from the command line."""

from __future__ import annotations

import sys

from .i18n import _, ngettext
from .i18n.formatting import number

EXIT_USAGE = 2
EXIT_UNREACHABLE = 1
EXIT_REFUSED = 3  # the cashier must not pay


def hall_dsn_missing_text() -> str:
    return _("The hall server is not set: give --hall-dsn or set REDDOG_HALL_DSN.")


def kiosk_id_missing_text() -> str:
    return _("A kiosk of the hall needs its number: give --kiosk-id or set REDDOG_KIOSK_ID.")


def unreachable_text(reason: str) -> str:
    return _("The hall server cannot be reached: {reason}").format(reason=reason)


def run_hall(command: str, dsn: str | None, voucher: int | None = None) -> int:
    if not dsn:
        print(hall_dsn_missing_text(), file=sys.stderr)
        return EXIT_USAGE
    import psycopg

    from .hall import schema, server

    try:
        with server.connect(dsn) as conn:
            schema.migrate(conn)
            if command == "cashier":
                assert voucher is not None
                return _cashier(conn, voucher)
            return _meters(conn)
    except psycopg.Error as exc:
        print(
            unreachable_text(str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__),
            file=sys.stderr,
        )
        return EXIT_UNREACHABLE


def _cashier(conn, voucher: int) -> int:
    from .hall import server

    result = server.redeem_at_cashier(conn, voucher)
    shown = str(voucher)  # a validation number is read digit by digit: no grouping
    if result.outcome is server.Redemption.REDEEMED:
        print(
            ngettext(
                "Voucher {number}: pay {amount} credit.", "Voucher {number}: pay {amount} credits.", result.amount
            ).format(number=shown, amount=number(result.amount))
        )
        return 0
    if result.outcome is server.Redemption.ALREADY_REDEEMED:
        print(_("Voucher {number} has been redeemed already. Do not pay it.").format(number=shown))
    else:
        print(_("The hall knows no voucher {number}. Do not pay it.").format(number=shown))
    return EXIT_REFUSED


def _meters(conn) -> int:
    from .hall.meters import hall_meters
    from .store.schema import METER_NAMES
    from .ui.kiosk_texts import meter_names

    hall = hall_meters(conn)
    labels = meter_names()
    header = [_("Kiosk"), *(labels[name] for name in METER_NAMES)]
    rows = [[number(k.kiosk_id), *(number(k.meters[name]) for name in METER_NAMES)] for k in hall.kiosks]
    totals = hall.totals
    rows.append([_("Hall"), *(number(totals[name]) for name in METER_NAMES)])
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    for row in [header, *rows]:
        print("  ".join(cell.rjust(width) for cell, width in zip(row, widths)))
    for k in hall.discrepancies:
        if k.conflict is not None:
            print(_("Kiosk {kiosk}: another journal sends entries under this number.").format(kiosk=number(k.kiosk_id)))
        if k.identity_gap:
            print(
                ngettext(
                    "Kiosk {kiosk}: the accounting identity is off by {gap} credit.",
                    "Kiosk {kiosk}: the accounting identity is off by {gap} credits.",
                    abs(k.identity_gap),
                ).format(kiosk=number(k.kiosk_id), gap=number(k.identity_gap))
            )
    return 1 if hall.discrepancies else 0
