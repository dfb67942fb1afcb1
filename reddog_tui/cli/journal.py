"""`reddog check`, `reddog attendant meters` and `reddog attendant journal`: the hall's view of a kiosk.

All three only read the journal (SQLite read-only, WAL), so they work while the kiosk plays.
Text output is in the chosen language; --json and --csv are for machines and stay English.
The attendant's other task, `set-pin`, is handed to `pin`.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import time
from datetime import datetime
from pathlib import Path
from typing import Any, TextIO

from ..engine import HandKind
from ..engine.cards import Card
from ..i18n import N_, _
from ..i18n.formatting import credits, number, voucher_number
from ..store.errors import StoreError
from ..store.export import JOURNAL_FIELDS, METER_FIELDS, meters_csv, read_journal, read_meters, to_csv
from ..store.health import CANNOT_READ, Status, Verdict, check_journal, read_only, verdict
from ..store.paths import database_path
from .parser import resolved_data_dir

# The log names these lines as it did before the command line became a package, so that a filter
# of the system journal that selects them by it still does.
log = logging.getLogger("reddog_tui.operator_cli")

EXIT_CANNOT_READ = Verdict.CANNOT_READ.value

EVENT_NAMES = {
    "open_table": N_("Table opened with {amount}"),
    "add_credits": N_("Credits added: {amount}"),
    "reconfigure": N_("Table settings changed"),
    "attendant_pin_accepted": N_("Attendant signed in"),
    "attendant_menu_closed": N_("Attendant signed out"),
    "attendant_menu_timed_out": N_("Attendant signed out by the idle timeout"),
    "attendant_pin_wrong": N_("Wrong attendant PIN"),
    "attendant_pin_wrong_locked": N_("Wrong attendant PIN: entry locked"),
    "attendant_pin_while_locked": N_("Attendant PIN entered while the entry was locked"),
    "attendant_pin_set": N_("Attendant PIN set"),
    "attendant_settings_saved": N_("Operator settings saved"),
    "attendant_cash_out_requested": N_("Cash-out requested by the player"),
    "attendant_exit": N_("Red Dog closed by the attendant"),
    "hall_settings": N_("Settings from the hall applied"),
    "hall_settings_refused": N_("Settings from the hall refused"),
    "settings_reset": N_("Stored table settings could not be used: safe ones set"),
    "new_bankroll": N_("New bankroll on the practice table: {amount}"),
    "voucher_redeeming": N_("Voucher redemption asked of the hall"),
    "voucher_redeemed": N_("Voucher redeemed: {amount} added"),
    "voucher_refused": N_("Voucher refused by the hall: nothing added"),
}


def run(args: argparse.Namespace) -> int:
    data_dir = resolved_data_dir(args)
    if args.command == "check":
        return run_check(data_dir, args.full, args.json)
    if args.attendant_command == "meters":
        return run_meters(data_dir, args.form)
    if args.attendant_command == "journal":
        return run_journal(data_dir, args.since, args.form)
    from .pin import set_pin

    return set_pin(data_dir, args.lang, pin_stream=sys.stdin if args.pin_stdin else None)


# --- reddog check ----------------------------------------------------------------


def run_check(data_dir: Path, full: bool, as_json: bool, out: TextIO | None = None) -> int:
    """Print a verdict per check; exit 0 healthy, 1 damaged, 2 cannot read."""
    out = out or sys.stdout
    started = time.perf_counter()
    results = check_journal(data_dir, full=full)
    elapsed = time.perf_counter() - started
    outcome = verdict(results)
    path = database_path(data_dir)
    for result in results:
        if result.status is Status.FAILED:
            log.warning("check of %s: %s failed (%s: %s)", path, result.name, result.cause, result.detail)
    if as_json:
        report = {
            "path": str(path),
            "full": full,
            "verdict": outcome.name.lower(),
            "exit_status": outcome.value,
            "seconds": round(elapsed, 4),
            "checks": [
                {"name": r.name, "status": r.status.value, "cause": r.cause or None, "detail": r.detail or None}
                for r in results
            ],
        }
        print(json.dumps(report, indent=2), file=out)
        return outcome.value
    from ..ui.kiosk_texts import check_report_lines

    print(_("Journal: {path}").format(path=path), file=out)
    for line in check_report_lines(results, full):
        print(line, file=out)
    return outcome.value


# --- reddog attendant meters / journal ---------------------------------------------


def run_meters(data_dir: Path, form: str, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    refused = _reading(data_dir, read_meters)
    if isinstance(refused, int):
        return refused
    meters = refused
    out.write(meters_text(meters, form))
    return 0


def run_journal(data_dir: Path, since: datetime | None, form: str, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    # The rows are worded inside the read: a round whose cards or hand cannot be read is damage.
    refused = _reading(data_dir, lambda conn: journal_text(read_journal(conn, since), form))
    if isinstance(refused, int):
        return refused
    out.write(refused)
    return 0


def meters_text(meters: dict[str, int], form: str) -> str:
    if form == "json":
        return json.dumps(meters, indent=2) + "\n"
    if form == "csv":
        return meters_csv(meters)
    from ..ui.kiosk_texts import meter_names

    labels = meter_names() | {
        "credits": _("Credits"),
        "on_table": _("Chips on the table"),
        "at_risk": _("At risk in an open round"),
    }
    width = max(len(labels[name]) for name in METER_FIELDS)
    return "".join(f"{labels[name]:<{width}}  {number(meters[name]):>12}\n" for name in METER_FIELDS)


def journal_text(rows: list[dict[str, object]], form: str) -> str:
    if form == "json":
        return json.dumps(rows, indent=2) + "\n"
    if form == "csv":
        return to_csv(rows, JOURNAL_FIELDS)
    from ..ui.kiosk_texts import local_time

    lines = []
    for row in rows:
        moment = datetime.fromisoformat(str(row["time"]))
        lines.append(f"{local_time(moment)}  {journal_line(row)}\n")
    return "".join(lines)


def journal_line(row: dict[str, Any]) -> str:
    from ..ui.texts import SUIT_SYMBOLS, hand_name, rank_letter

    if row["record"] == "round":
        cards = [Card.from_code(code) for code in str(row["cards"]).split()]
        return _("Round {number}: {cards}, {hand}, stake {stake}, paid {paid}").format(
            number=number(int(row["number"])),
            cards=" ".join(rank_letter(c.rank) + SUIT_SYMBOLS[c.suit] for c in cards),
            hand=hand_name(HandKind(row["kind"]), int(row["spread"])),
            stake=credits(int(row["ante"]) + int(row["raised"])),
            paid=credits(int(row["paid"])),
        )
    if row["record"] == "voucher":
        return _("Voucher {number}: {amount}").format(
            number=voucher_number(int(row["number"])), amount=credits(int(row["amount"]))
        )
    event = str(row["event"])
    text = _(EVENT_NAMES[event]) if event in EVENT_NAMES else event
    return text.format(amount=credits(int(row["amount"] or 0)))


def _reading(data_dir: Path, read):
    """read(conn) through a read-only connection; on failure a localized line and exit status 2."""
    try:
        with read_only(data_dir, as_check_reads=True) as conn:
            return read(conn)
    except FileNotFoundError:
        cause = "missing"
        detail = str(database_path(data_dir))
    except StoreError as error:
        cause, detail = error.code, str(error)
    except (ValueError, KeyError, TypeError, OverflowError) as exc:  # a table state or a row the kiosk would refuse
        cause, detail = "integrity", f"unreadable: {exc}"
    log.error("cannot read the journal in %s: %s", data_dir, detail)
    print(_("Journal: {path}").format(path=database_path(data_dir)), file=sys.stderr)
    from ..ui.kiosk_texts import check_cause

    print(check_cause(cause), file=sys.stderr)
    return EXIT_CANNOT_READ if cause in CANNOT_READ else Verdict.DAMAGED.value
