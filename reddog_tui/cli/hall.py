"""`reddog hall`: the hall server from the command line. Without a command the floor manager's
console; the cash desk (`cashier NUMBER`), the meters of every kiosk, the settings sent to them
(`push`, `pushes`), the hall's set-up (`init`, `migrate`, `enroll`, `retire`) and `resolve`. Also
the words for why the hall server cannot be used, which the other commands that talk to it share.
A voucher's life after it is issued is in `hall_vouchers`."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from ..i18n import _, ngettext
from ..i18n.formatting import number, voucher_number

EXIT_USAGE = 2
EXIT_UNREACHABLE = 2  # the server was not reached or would not let us in: nothing was done
EXIT_DISCREPANCY = 1  # `hall meters`: a kiosk's entries do not add up, or its number is used twice
EXIT_REFUSED = 3  # the cashier must not pay


def run(args: argparse.Namespace) -> int:
    dsn = args.hall_dsn  # checked by `parse_arguments`
    if args.hall_command is None:
        return run_console(dsn)
    if args.hall_command == "push":
        pin = "stdin" if args.pin_stdin else "ask" if args.pin else None
        return run_push(dsn, args.settings, args.kiosk, pin)
    if args.hall_command in ("init", "migrate", "enroll", "retire"):
        options: dict[str, object] = {}
        if args.hall_command == "init":
            options = {"prefix": args.prefix, "voucher_expiry_days": args.voucher_expiry_days}
        elif args.hall_command == "enroll":
            kind = "kiosk" if args.kiosk is not None else "cashier" if args.cashier is not None else "console"
            options = {"kind": kind, "who": args.kiosk or args.cashier or args.console, "out_dir": args.out,
                       "host": args.host, "sslmode": args.sslmode}  # fmt: skip
        elif args.hall_command == "retire":
            options = {"kiosk": args.kiosk}
        return run_admin(args.hall_command, dsn, **options)
    if args.hall_command == "resolve":
        return run_resolve(dsn, args.kiosk)
    return run_task(args.hall_command, dsn, getattr(args, "voucher", None))


def hall_dsn_missing_text() -> str:
    return _("The hall server is not set: give --hall-dsn or set REDDOG_HALL_DSN.")


def kiosk_id_missing_text() -> str:
    return _("A kiosk of the hall needs its number: give --kiosk-id or set REDDOG_KIOSK_ID.")


def unreachable_text(reason: str) -> str:
    return _("The hall server cannot be reached: {reason}").format(reason=reason)


def dsn_refusal_text(refused) -> str:
    """Why --hall-dsn or REDDOG_HALL_DSN is refused (a hall.dsn.DsnRefused)."""
    from ..hall.dsn import Refusal

    if refused.refusal is Refusal.PASSWORD:
        return _(
            "--hall-dsn must not hold a password: anyone on this machine can read a command line. "
            "Put the password in a password file (PGPASSFILE or ~/.pgpass), or name a service of the "
            "service file (PGSERVICEFILE)."
        )
    text = _(
        "The hall server setting (--hall-dsn or REDDOG_HALL_DSN) cannot be read. Give a service name such as "
        'reddog, settings such as "host=hall.local dbname=reddog", or a postgresql:// address.'
    )
    if refused.option:
        text += " " + _('There is no setting "{option}".').format(option=refused.option)
    return text


def link_failure_text(failure) -> str:
    """What the operator reads for a hall.failure.LinkFailure: which setting to look at."""
    from ..hall.dsn import DsnRefused, Refusal
    from ..hall.failure import Kind

    role, reason = failure.role or "?", failure.detail
    texts = {
        Kind.NO_SERVICE: lambda: _(
            "The service {service} is not in the service file (PGSERVICEFILE, else ~/.pg_service.conf)."
        ).format(service=failure.service or "?"),
        Kind.UNREACHABLE: lambda: unreachable_text(reason),
        Kind.NO_DATABASE: lambda: _(
            "The hall server has no database {database}: check dbname in the connection settings."
        ).format(database=failure.database or "?"),
        Kind.NO_ROLE: lambda: _(
            "The hall server knows no login role {role}: check user in the connection settings, "
            "or enroll this place (reddog hall enroll)."
        ).format(role=role),
        Kind.BAD_PASSWORD: lambda: _(
            "The hall server refused the password of {role}: check the password file (PGPASSFILE, "
            "else ~/.pgpass), or enroll this place again (reddog hall enroll)."
        ).format(role=role),
        Kind.NO_PASSWORD: lambda: _(
            "The hall server asks for a password for {role}, and there is none: put it in the "
            "password file (PGPASSFILE, else ~/.pgpass)."
        ).format(role=role),
        Kind.REFUSED: lambda: _("The hall server refused the login of {role}: {reason}").format(
            role=role, reason=reason
        ),
        Kind.DENIED: lambda: _("The hall server does not allow {role} to do this: {reason}").format(
            role=role, reason=reason
        ),
        Kind.ERROR: lambda: _("The hall server refused the request: {reason}").format(reason=reason),
    }
    if failure.kind is Kind.MALFORMED:
        return dsn_refusal_text(DsnRefused(Refusal.MALFORMED))
    return texts[failure.kind]()


def link_failed(dsn: str, error: Exception, login: str | None = None) -> int:
    """Say why the hall server could not be used, on standard error and in the log; the exit status.
    `login`: the role the connection logged in as, if it did."""
    from ..hall.failure import classify, log_failure

    failure = classify(error, dsn, login)
    log_failure(failure, dsn)
    print(link_failure_text(failure), file=sys.stderr)
    return EXIT_UNREACHABLE


def run_console(dsn: str | None) -> int:
    """`reddog hall`: the floor manager's console, in the language of the command line."""
    if not dsn:
        print(hall_dsn_missing_text(), file=sys.stderr)
        return EXIT_USAGE
    from ..i18n import current_language
    from ..ui.hall_console import HallConsole

    HallConsole(dsn, current_language()).run()
    return 0


def run_task(command: str, dsn: str | None, voucher: int | None = None) -> int:
    """`reddog hall cashier NUMBER | meters | pushes`."""
    if not dsn:
        print(hall_dsn_missing_text(), file=sys.stderr)
        return EXIT_USAGE
    if command == "cashier":
        assert voucher is not None
        return _on_server(dsn, lambda conn: _cashier(conn, voucher))
    return _on_server(dsn, _pushes if command == "pushes" else _meters)


def not_ready_text(needs: str) -> str:
    """What the operator runs when the server is not the hall this version works with."""
    if needs == "init":
        return _("The hall server is not set up yet: run reddog hall init on it (as its administrator).")
    if needs == "migrate":
        return _("The hall server needs reddog hall migrate (as its administrator).")
    return _("The hall server was set up by a newer version of Red Dog: update this one.")


def _on_server(dsn: str, task, admin: bool = False) -> int:
    """`task(conn)` on a server connection whose schema is current (an ordinary connection never
    changes it; `admin` tasks set it up); a localized line and exit 1 if unreachable or not ready."""
    import psycopg

    from ..hall import schema, server

    login = None  # the role libpq logged in as, once connected (a service names none in `dsn`)
    try:
        with server.connect(dsn) as conn:
            login = conn.info.user
            if not admin:
                schema.require_current(conn)
            return task(conn)
    except schema.HallNotReady as exc:
        print(not_ready_text(exc.needs), file=sys.stderr)
        return EXIT_UNREACHABLE
    except psycopg.Error as exc:
        return link_failed(dsn, exc, login)


# --- setting up the hall (an administrator's connection) -------------------------------------------


def run_admin(command: str, dsn: str | None, **options) -> int:
    """`reddog hall init | migrate | enroll | retire`."""
    if not dsn:
        print(hall_dsn_missing_text(), file=sys.stderr)
        return EXIT_USAGE
    tasks: dict[str, Callable[..., int]] = {"init": _init, "migrate": _migrate, "enroll": _enroll, "retire": _retire}
    return _on_server(dsn, lambda conn: tasks[command](conn, **options), admin=True)


def _refused(exc) -> int:
    """A localized line for what hall/admin.py refused."""
    detail = exc.detail
    texts = {
        "prefix": _("The role prefix {prefix} may hold only a to z, 0 to 9 and _, at most 40 of them."),
        "initialised": _("This database is a hall already (role prefix {prefix}): use reddog hall migrate."),
        "name": _("The name {name} may hold only a to z, 0 to 9 and _, at most 20 of them."),
        "retired": _("{role} was retired and cannot be enrolled again."),
        "unknown": _("The hall has no enrolled kiosk {kiosk}."),
        "kiosk": _("There is no kiosk {kiosk} in a hall."),
    }
    print(texts[exc.reason].format(**{k: str(v) for k, v in detail.items()}), file=sys.stderr)
    return EXIT_USAGE


def _init(conn, prefix: str | None = None, voucher_expiry_days: int | None = None) -> int:
    import secrets

    from ..hall import admin

    try:
        setup = admin.init(conn, prefix, secrets.SystemRandom(), voucher_expiry_days)
    except admin.HallSetupError as exc:
        return _refused(exc)
    print(
        _("Hall {hall} set up: role prefix {prefix}, schema {version}.").format(
            hall=setup.hall_id, prefix=setup.prefix, version=setup.version
        )
    )
    return 0


def _migrate(conn) -> int:
    from ..hall import admin

    setup = admin.migrate(conn)
    print(_("Hall {hall} is at schema {version}.").format(hall=setup.hall_id, version=setup.version))
    return 0


def _enroll(conn, kind: str, who, out_dir, host: str | None = None, sslmode: str | None = None) -> int:
    from pathlib import Path

    from ..hall import admin

    try:
        made = admin.enroll(conn, kind, who, Path(out_dir), host=host, sslmode=sslmode)
    except admin.HallSetupError as exc:
        return _refused(exc)
    print(_("{role} enrolled with a new secret.").format(role=made.role))
    print(_("Service file (service {service}): {path}").format(service=made.service, path=made.service_file))
    print(_("Password file, readable by its owner only: {path}").format(path=made.password_file))
    return 0


def _retire(conn, kiosk: int) -> int:
    from ..hall import admin

    try:
        login = admin.retire(conn, kiosk)
    except admin.HallSetupError as exc:
        return _refused(exc)
    print(_("{role} is retired: it can no longer connect or ship.").format(role=login))
    return 0


def _cashier(conn, voucher: int) -> int:
    from ..hall import server

    result = server.redeem_at_cashier(conn, voucher)
    print(cashier_text(result.outcome, voucher, result.amount))
    return 0 if result.outcome is server.Redemption.REDEEMED else EXIT_REFUSED


def cashier_text(outcome, voucher: int, amount: int) -> str:
    """What the cashier reads for a server.Redemption outcome: pay, or do not pay."""
    from ..hall import server

    shown = voucher_number(voucher)
    if outcome is server.Redemption.REDEEMED:
        return ngettext(
            "Voucher {number}: pay {amount} credit.", "Voucher {number}: pay {amount} credits.", amount
        ).format(number=shown, amount=number(amount))
    if outcome is server.Redemption.ALREADY_REDEEMED:
        return _("Voucher {number} has been redeemed already. Do not pay it.").format(number=shown)
    if outcome is server.Redemption.OTHER_HALL:
        return _("Voucher {number} is another hall's. Do not pay it.").format(number=shown)
    if outcome is server.Redemption.EXPIRED:
        return _("Voucher {number} has expired. Do not pay it.").format(number=shown)
    if outcome is server.Redemption.VOIDED:
        return _("Voucher {number} was voided by the hall. Do not pay it.").format(number=shown)
    if outcome is server.Redemption.LOCKED_OUT:
        return _(
            "Voucher {number} was not checked: too many unknown voucher numbers were asked for at this cash "
            "desk, and the hall refuses payments here for a while. Do not pay it; tell the floor manager."
        ).format(number=shown)
    return _("The hall knows no voucher {number}. Do not pay it.").format(number=shown)


def _meters(conn) -> int:
    from ..hall.meters import hall_meters
    from ..store.schema import METER_NAMES
    from ..ui.kiosk_texts import discrepancy_lines, meter_names

    hall = hall_meters(conn)
    labels = meter_names()
    header = [_("Kiosk"), *(labels[name] for name in METER_NAMES)]
    rows = [[str(k.kiosk_id), *(number(k.meters[name]) for name in METER_NAMES)] for k in hall.kiosks]
    totals = hall.totals
    rows.append([_("Hall"), *(number(totals[name]) for name in METER_NAMES)])
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    for row in [header, *rows]:
        print("  ".join(cell.rjust(width) for cell, width in zip(row, widths)))
    for k in hall.discrepancies:
        for line in discrepancy_lines(k.kiosk_id, k.conflict, k.identity_gap, k.credit_mismatches):
            print(line)
    return EXIT_DISCREPANCY if hall.discrepancies else 0


# --- settings the hall sends -----------------------------------------------------------------------

# What the hall may send: the operator's settings; the PIN goes as its hash, by --pin.
PUSHABLE = (
    "min_bet",
    "max_bet",
    "chip_values",
    "max_winnings",
    "decks",
    "progressive_offered",
    "idle_timeout_seconds",
    "reality_check_minutes",
    "default_language",
    "fast_play",
    "sound",
    "volume",
    "reduce_motion",
)


def parse_push(pairs: list[str]) -> dict[str, str] | str:
    """`SETTING=VALUE` pairs as the texts a kiosk stores, each checked by the settings model;
    or the localized reason the first refused one is refused."""
    from ..i18n import LANGUAGES
    from ..store.settings import Key, SettingRefused, parse, setting_text
    from ..ui.kiosk_texts import refusal_text

    texts: dict[str, str] = {}
    for pair in pairs:
        key, equals, text = pair.partition("=")
        if not equals or key not in PUSHABLE:
            return _("{given} is not SETTING=VALUE with one of these settings: {settings}.").format(
                given=pair, settings=", ".join(PUSHABLE)
            )
        try:
            value = parse(key, text, LANGUAGES)
        except SettingRefused as refused:
            return refusal_text(refused)
        texts[key] = setting_text(Key(key), value, LANGUAGES)
    return texts


def run_push(dsn: str | None, pairs: list[str], kiosk: int | None, pin: str | None) -> int:
    """`reddog hall push`: queue checked settings (and a PIN's hash) for one kiosk or every kiosk."""
    from .pin import new_pin_hash

    if not dsn:
        print(hall_dsn_missing_text(), file=sys.stderr)
        return EXIT_USAGE
    texts = parse_push(pairs)
    if isinstance(texts, str):
        print(texts, file=sys.stderr)
        return EXIT_USAGE
    if pin is not None:
        hashed = new_pin_hash(sys.stdin if pin == "stdin" else None)
        if hashed is None:
            return EXIT_USAGE
        texts["attendant_pin_hash"] = hashed
    if not texts:
        print(_("Nothing to send: give SETTING=VALUE pairs or --pin."), file=sys.stderr)
        return EXIT_USAGE
    return _on_server(dsn, lambda conn: _push(conn, kiosk, texts))


def _push(conn, kiosk: int | None, texts: dict[str, str]) -> int:
    from ..hall import server

    push_id = server.push_settings(conn, kiosk, texts)
    if kiosk is None:
        print(_("Settings {push} sent to every kiosk.").format(push=push_id))
    else:
        print(_("Settings {push} sent to kiosk {kiosk}.").format(push=push_id, kiosk=kiosk))
    return 0


def _pushes(conn) -> int:
    from ..hall import server

    for push in server.push_status(conn):
        target = _("every kiosk") if push.kiosk_id is None else _("kiosk {kiosk}").format(kiosk=push.kiosk_id)
        names = ", ".join(_("attendant PIN") if key == "attendant_pin_hash" else key for key in push.names)
        print(_("Settings {push} for {target}: {names}").format(push=push.push_id, target=target, names=names))
        for label, kiosks in ((_("applied"), push.applied), (_("waiting"), push.waiting)):
            if kiosks:
                print(f"  {label}: {', '.join(number(k) for k in kiosks)}")
        for kiosk in push.refused:
            print("  " + push_refused_text(kiosk, push.reasons.get(kiosk)))
    return 0


def push_refused_text(kiosk: int, note: str | None) -> str:
    """One kiosk's refusal of a push, with the reason its settings model gave, worded here."""
    from ..store.session import refusal_from_note
    from ..ui.kiosk_texts import refusal_text

    refused = refusal_from_note(note) if note is not None else None
    if refused is None:  # refused by a kiosk of a release that did not say why
        return _("refused by kiosk {kiosk}").format(kiosk=kiosk)
    # TRANSLATORS: `reddog hall pushes`; {reason} is the settings model's sentence, such as "The table minimum is above the table maximum."
    return _("refused by kiosk {kiosk}: {reason}").format(kiosk=kiosk, reason=refusal_text(refused))


# --- a number conflict the operator has decided ------------------------------------------------


def run_resolve(dsn: str | None, kiosk: int) -> int:
    """`reddog hall resolve N`: clear kiosk N's number conflict; 3 if it has none, 2 if there is no such kiosk."""
    if not dsn:
        print(hall_dsn_missing_text(), file=sys.stderr)
        return EXIT_USAGE
    return _on_server(dsn, lambda conn: _resolve(conn, kiosk))


def _resolve(conn, kiosk: int) -> int:
    from ..hall import server

    cleared = server.clear_conflict(conn, kiosk)
    if cleared is None:
        print(_("The hall knows no kiosk {kiosk}. Nothing was changed.").format(kiosk=kiosk), file=sys.stderr)
        return EXIT_USAGE
    if not cleared:
        print(_("Kiosk {kiosk} has no number conflict. Nothing was changed.").format(kiosk=kiosk), file=sys.stderr)
        return EXIT_REFUSED
    print(_("Kiosk {kiosk}: the number conflict is cleared. If it stopped shipping, restart it.").format(kiosk=kiosk))
    return 0
