"""`reddog hall config | void | vouchers | audit`: a voucher's life after it is issued, from the
command line. Exit statuses as the other hall commands: 2 the server not reached (or a setting
refused), 3 a void refused."""

from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime

from ..i18n import _, ngettext
from ..i18n.formatting import credits, number, voucher_number
from .hall import EXIT_REFUSED, EXIT_USAGE, _on_server, hall_dsn_missing_text


def run(args: argparse.Namespace) -> int:
    dsn = args.hall_dsn  # checked by `parse_arguments`
    if args.hall_command == "config":
        given = {"voucher_expiry_days": args.voucher_expiry_days, "lockout_failures": args.lockout_failures,
                 "lockout_window_s": args.lockout_window}  # fmt: skip
        return run_config(dsn, {k: v for k, v in given.items() if v is not None})
    if args.hall_command == "void":
        return run_void(dsn, args.voucher, args.reason)
    if args.hall_command == "vouchers":
        return run_vouchers(dsn, args.state, args.json)
    return run_audit(dsn, args.since, args.json)


def _run(dsn: str | None, task) -> int:
    if not dsn:
        print(hall_dsn_missing_text(), file=sys.stderr)
        return EXIT_USAGE
    return _on_server(dsn, task)


# --- the settings ----------------------------------------------------------------------------------


def run_config(dsn: str | None, changes: dict[str, int]) -> int:
    """`reddog hall config [--voucher-expiry-days N] [--lockout-failures N] [--lockout-window S]`:
    sets those given (an operator's connection), then shows all three."""
    return _run(dsn, lambda conn: _config(conn, changes))


def _config(conn, changes: dict[str, int]) -> int:
    from ..hall import lifecycle

    try:
        settings = lifecycle.change_settings(conn, changes)
    except lifecycle.SettingOutOfBounds as refused:
        print(setting_refused_text(refused), file=sys.stderr)
        return EXIT_USAGE
    for line in settings_lines(settings):
        print(line)
    return 0


def setting_option(key: str) -> str:
    return {
        "voucher_expiry_days": "--voucher-expiry-days",
        "lockout_failures": "--lockout-failures",
        "lockout_window_s": "--lockout-window",
    }[key]


def setting_refused_text(refused) -> str:
    return _("{option} must be a whole number from {low} to {high}, not {value}.").format(
        option=setting_option(refused.key), low=refused.low, high=refused.high, value=refused.value
    )


def settings_lines(settings) -> list[str]:
    days, failures, seconds = settings.voucher_expiry_days, settings.lockout_failures, settings.lockout_window_s
    return [
        ngettext(
            "Vouchers stay valid for {days} day after they are issued (--voucher-expiry-days).",
            "Vouchers stay valid for {days} days after they are issued (--voucher-expiry-days).",
            days,
        ).format(days=number(days)),
        ngettext(
            "A kiosk or cash desk that asks for {count} unknown voucher number within {seconds} s "
            "(--lockout-failures, --lockout-window) is refused every redemption for the next {seconds} s.",
            "A kiosk or cash desk that asks for {count} unknown voucher numbers within {seconds} s "
            "(--lockout-failures, --lockout-window) is refused every redemption for the next {seconds} s.",
            failures,
        ).format(count=number(failures), seconds=number(seconds)),
    ]


# --- voiding ---------------------------------------------------------------------------------------


def run_void(dsn: str | None, voucher: int, reason: str) -> int:
    """`reddog hall void NUMBER --reason TEXT`: 0 voided, 3 redeemed, voided already or unknown."""
    return _run(dsn, lambda conn: _void(conn, voucher, reason))


def _void(conn, voucher: int, reason: str) -> int:
    from ..hall.lifecycle import VoidOutcome, void

    outcome, amount = void(conn, voucher, reason)
    shown = voucher_number(voucher)
    if outcome is VoidOutcome.VOIDED:
        print(
            _("Voucher {number} ({amount}) is void: no kiosk and no cash desk will redeem it.").format(
                number=shown, amount=credits(amount)
            )
        )
        return 0
    if outcome is VoidOutcome.REDEEMED:
        text = _("Voucher {number} has been redeemed already and cannot be voided.")
    elif outcome is VoidOutcome.VOIDED_ALREADY:
        text = _("Voucher {number} was voided already. Nothing was changed.")
    else:
        text = _("The hall knows no voucher {number}. Nothing was changed.")
    print(text.format(number=shown), file=sys.stderr)
    return EXIT_REFUSED


# --- the vouchers ----------------------------------------------------------------------------------


def run_vouchers(dsn: str | None, state: str | None, as_json: bool) -> int:
    """`reddog hall vouchers [--unredeemed | --expired] [--json]`."""
    return _run(dsn, lambda conn: _vouchers(conn, state, as_json))


def state_name(state) -> str:
    from ..hall.lifecycle import VoucherState

    return {
        VoucherState.OPEN: _("valid"),
        VoucherState.REDEEMED: _("redeemed"),
        VoucherState.EXPIRED: _("expired"),
        VoucherState.VOIDED: _("voided"),
    }[state]


def _vouchers(conn, state: str | None, as_json: bool) -> int:
    from ..hall import lifecycle
    from ..ui.kiosk_texts import local_time

    rows = lifecycle.vouchers(conn, None if state is None else lifecycle.VoucherState(state))
    if as_json:
        print(json.dumps([lifecycle.as_json(row) for row in rows], indent=2))
        return 0
    if not rows:
        print(_("No vouchers."))
        return 0
    header = [_("Voucher"), _("Amount"), _("Kiosk"), _("Issued"), _("State")]
    table = [
        [voucher_number(r.number), credits(r.amount), str(r.kiosk_id), local_time(r.issued_at), state_name(r.state)]
        for r in rows
    ]
    widths = [max(len(row[i]) for row in [header, *table]) for i in range(len(header))]
    for row in [header, *table]:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
    return 0


# --- the audit trail -------------------------------------------------------------------------------


def run_audit(dsn: str | None, since: datetime | None, as_json: bool) -> int:
    """`reddog hall audit [--since DATE] [--json]`: who did what and when, oldest first."""
    return _run(dsn, lambda conn: _audit(conn, since, as_json))


def _audit(conn, since: datetime | None, as_json: bool) -> int:
    from ..hall import lifecycle
    from ..ui.kiosk_texts import local_time

    rows = lifecycle.audit(conn, since)
    if as_json:
        print(json.dumps([lifecycle.as_json(row) for row in rows], indent=2))
        return 0
    if not rows:
        print(_("Nothing recorded."))
    for row in rows:
        print(f"{local_time(row.at)}  {row.who}  {audit_text(row)}")
    return 0


def audit_text(row) -> str:
    """One line of the audit trail (a lifecycle.AuditRow), in words."""
    from ..ui.kiosk_texts import local_time

    detail = row.detail
    if row.event == "push":
        target = _("every kiosk") if row.subject is None else _("kiosk {kiosk}").format(kiosk=int(row.subject))
        names = ", ".join(_("attendant PIN") if key == "attendant_pin_hash" else key for key in detail["settings"])
        return _("Settings {push} for {target}: {names}").format(push=detail["push"], target=target, names=names)
    if row.event == "payment":
        return _("Voucher {number} paid at the cash desk: {amount}").format(
            number=voucher_number(int(row.subject)), amount=credits(int(detail["amount"]))
        )
    if row.event == "void":
        return _("Voucher {number} ({amount}) voided: {reason}").format(
            number=voucher_number(int(row.subject)), amount=credits(int(detail["amount"])), reason=detail["reason"]
        )
    if row.event == "retire":
        return _("{role} retired").format(role=row.subject)
    if row.event == "lockout":
        return ngettext(
            "{place} locked out until {until} after {count} unknown voucher number",
            "{place} locked out until {until} after {count} unknown voucher numbers",
            int(detail["failures"]),
        ).format(
            place=row.subject,
            until=local_time(datetime.fromisoformat(detail["until"])),
            count=number(int(detail["failures"])),
        )
    was, now = detail.get("from", {}), detail.get("to", {})
    changed = [
        f"{setting_option(key)} {number(was[key])} → {number(value)}" if key in was else
        f"{setting_option(key)} {number(value)}"
        for key, value in now.items() if was.get(key) != value
    ]  # fmt: skip
    return _("Hall settings: {changes}").format(changes=", ".join(changed))
