"""The `reddog` command: the kiosk, and its sub-commands.

Every word it prints, argparse's own included, is in the language of `--lang`, else the
system's (as GNU gettext chooses it), else English. A sub-command is one `_add_…` function
that builds its parser and one `run_…` function; `main` picks the function by name.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import json
import logging
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import NoReturn

from . import __version__
from .engine.cards import MAX_DECKS, MIN_DECKS
from .hall.numbers import MAX_KIOSK_ID, SETTING_BOUNDS
from .i18n import DEFAULT_LANGUAGE, LANGUAGES, N_, _, ngettext, set_language, system_language
from .ui.glyphs import GLYPH_CHOICES

EXIT_USAGE = 2
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE: what a shell reports for a writer whose reader has gone
EXIT_OUTPUT_FAILED = 74  # sysexits' EX_IOERR: the command ran, but its output could not be written
DATA_DIR_VARIABLE = "REDDOG_DATA_DIR"
# The commands that keep their journal in the data folder (None: the kiosk).
DATA_DIR_COMMANDS = (None, "check", "attendant", "serve")
HALL_DSN_VARIABLE = "REDDOG_HALL_DSN"  # hall.dsn.DSN_VARIABLE, read here before psycopg is loaded
HALL_DSN_COMMANDS = (None, "hall", "serve")  # the commands that may talk to the hall server
LOG_LEVELS = ("debug", "info", "warning", "error")
COMPLETION_SHELLS = ("bash", "zsh", "tcsh")

# argparse's own messages that a person can meet, marked here so that they are in the
# catalogues; argparse asks for them through `_argparse_messages` below.
ARGPARSE_MESSAGES = (
    N_("usage: "),
    # TRANSLATORS: a section title of the help, over the values a command takes (a voucher's
    # NUMBER, SETTING=VALUE); argparse puts a colon right after it, so a language that spaces its
    # colon ends the title with a no-break space.
    N_("positional arguments"),
    # TRANSLATORS: a section title of the help; argparse puts a colon right after it.
    N_("options"),
    N_("show this help message and exit"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("expected one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("ignored explicit argument %r"),
    N_("not allowed with argument %s"),
)
# argparse puts "argument --decks: " before a refusal; ours name their option already.
_ARGUMENT_PREFIX = "argument %(argument_name)s: %(message)s"


def commands_title() -> str:
    # TRANSLATORS: a section title of the help, over the list of commands; argparse puts a colon
    # right after it, so a language that spaces its colon ends the title with a no-break space.
    return _("commands")


def _argparse_gettext(message: str) -> str:
    return "%(message)s" if message == _ARGUMENT_PREFIX else _(message)


@contextlib.contextmanager
def _argparse_messages() -> Iterator[None]:
    """argparse looks its texts up through its module's `_` and `ngettext` when it builds a
    parser and when it refuses input; point them at our catalogues for that time."""
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._, argparse.ngettext = _argparse_gettext, ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


class _Parser(argparse.ArgumentParser):
    """Bad input ends with one line that says what is allowed, and status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: {message}\n")


def _whole_number(low: int, high: int | None, option: str) -> Callable[[str], int]:
    def parse(text: str) -> int:
        from .store.settings import written_as_whole_number

        try:
            value = int(text) if written_as_whole_number(text) else None
        except ValueError:  # more digits than Python converts
            value = None
        if value is None or value < low or (high is not None and value > high):
            shown = text if value is None else value
            if high is None:
                refusal = _("{option} must be a whole number from {low} up, not {value}.")
            else:
                refusal = _("{option} must be a whole number from {low} to {high}, not {value}.")
            raise argparse.ArgumentTypeError(refusal.format(option=option, low=low, high=high, value=shown))
        return value

    return parse


def _language(text: str) -> str:
    if text not in LANGUAGES:
        raise argparse.ArgumentTypeError(
            _("The language must be one of {codes}, not {value}.").format(codes=", ".join(LANGUAGES), value=text)
        )
    return text


def _folder(text: str, option: str = "--data-dir") -> str:
    if not text.strip():  # an empty path would silently mean the current or the default folder
        raise argparse.ArgumentTypeError(_("{option} needs the name of a folder; it was empty.").format(option=option))
    return text


# The language option and its long spelling, which people type as often.
LANGUAGE_OPTIONS = ("--lang", "--language")


def _message_language(argv: Sequence[str]) -> str:
    """The language of the command's own messages: a valid --lang, else the system's, else English."""
    for index, word in enumerate(argv):
        option, equals, value = word.partition("=")
        if option not in LANGUAGE_OPTIONS:
            continue
        if not equals:
            value = argv[index + 1] if index + 1 < len(argv) else ""
        if value in LANGUAGES:
            return value
    return system_language() or DEFAULT_LANGUAGE


def _data_dir_option(parser: argparse.ArgumentParser) -> None:
    """--data-dir also after a command that reads the journal; SUPPRESS keeps a value given before it."""
    parser.add_argument("--data-dir", type=_folder, default=argparse.SUPPRESS, metavar=_("FOLDER"),
                        help=_("where the game keeps its journal (also REDDOG_DATA_DIR)"))  # fmt: skip


# --- the parser: one function per sub-command -------------------------------------------------


def _add_par(commands) -> None:
    par = commands.add_parser("par", help=_("print the exact PAR sheet"), description=_("The exact PAR sheet."))
    par.add_argument("--decks", type=_whole_number(MIN_DECKS, MAX_DECKS, "--decks"), default=1, metavar="N",
                     help=_("number of decks, {low} to {high}").format(low=MIN_DECKS, high=MAX_DECKS))  # fmt: skip
    par.add_argument("--json", action="store_true", help=_("one JSON object instead of a table"))


def _add_simulate(commands) -> None:
    sim = commands.add_parser(
        "simulate",
        help=_("play many rounds with the best strategy"),
        description=_(
            "Plays rounds with the best strategy through the real engine and checks them against the PAR sheet."
        ),
    )
    sim.add_argument("--rounds", type=_whole_number(1, None, "--rounds"), required=True, metavar="N",
                     help=_("how many rounds to play"))  # fmt: skip
    sim.add_argument("--seed", dest="sim_seed", type=_whole_number(0, None, "--seed"), metavar="S",
                     help=_("a fixed shuffle, to repeat a run"))  # fmt: skip
    sim.add_argument("--decks", type=_whole_number(MIN_DECKS, MAX_DECKS, "--decks"), default=1, metavar="N",
                     help=_("number of decks, {low} to {high}").format(low=MIN_DECKS, high=MAX_DECKS))  # fmt: skip
    sim.add_argument("--json", action="store_true", help=_("one JSON object instead of a summary"))


def _add_attendant(commands) -> None:
    attendant = commands.add_parser(
        "attendant", help=_("kiosk attendant tasks"), description=_("Kiosk attendant tasks.")
    )
    tasks = attendant.add_subparsers(
        title=commands_title(), dest="attendant_command", required=True, parser_class=_Parser
    )
    set_pin = tasks.add_parser("set-pin", help=_("set the attendant PIN (asked twice, never shown)"),
                               description=_("Sets the attendant PIN. It is asked twice and never shown."))  # fmt: skip
    set_pin.add_argument("--pin-stdin", action="store_true",
                         help=_("read the PIN once from the first line of standard input (for scripts)"))  # fmt: skip
    meters = tasks.add_parser("meters", help=_("the meters, readable while the kiosk plays"),
                              description=_("The meters, the credits and the chips on the table."))  # fmt: skip
    _export_format(meters)
    journal = tasks.add_parser("journal", help=_("settled rounds, vouchers and attendant events"),
                               description=_("Settled rounds, vouchers and attendant events, oldest first, "
                                             "readable while the kiosk plays."))  # fmt: skip
    journal.add_argument("--since", type=_since, metavar=_("DATE"),
                         help=_("from this date or time on, UTC unless a zone is given (ISO 8601)"))  # fmt: skip
    _export_format(journal)
    for task in (set_pin, meters, journal):
        _data_dir_option(task)
    tasks.metavar = "{" + ",".join(tasks.choices) + "}"


def _voucher_typed(text: str) -> int:
    """A voucher number as printed (12-3456-7890-1234-5678) or in plain digits; a mistyped
    validation number (its check digit does not hold) is refused here, before the hall is asked."""
    from .engine import validation

    digits = validation.digits_typed(text)
    if digits is None or int(digits) < 1:
        raise argparse.ArgumentTypeError(_("{given} is not a voucher number.").format(given=text))
    if validation.looks_like_ticket(digits) and validation.typed_ticket(digits) is None:
        raise argparse.ArgumentTypeError(
            _("{given} has a mistyped digit: type it again as it is printed on the voucher.").format(given=text)
        )
    return int(digits)


def _add_hall(commands) -> None:
    hall = commands.add_parser("hall", help=_("the hall server: console, cashier, meters and settings"),
                               description=_("The hall server. Without a command: the floor manager's console, "
                                             "live. Commands: the cash desk, the meters of every kiosk and the "
                                             "settings it sends them."))  # fmt: skip
    tasks = hall.add_subparsers(title=commands_title(), dest="hall_command", parser_class=_Parser)  # none: the console
    cashier = tasks.add_parser("cashier", help=_("pay out a voucher at the cash desk (once only)"),
                               description=_("Pays out a hall voucher at the cash desk (each voucher only once)."))  # fmt: skip
    cashier.add_argument("voucher", type=_voucher_typed, metavar=_("NUMBER"),
                         help=_("the voucher's validation number"))  # fmt: skip
    tasks.add_parser("meters", help=_("meters of every kiosk and of the hall (exit 0 all add up, 1 a discrepancy, "
                                      "2 server not reached)"),
                     description=_("The meters of every kiosk and of the hall, and any discrepancy. Exit status "
                                   "0: every kiosk adds up, 1: a discrepancy, 2: the server was not reached."))  # fmt: skip
    push = tasks.add_parser("push", help=_("send settings or a new attendant PIN to one kiosk or to all"),
                            description=_("Sends table and kiosk settings, or a new attendant PIN, to one kiosk "
                                          "or to every kiosk. Each kiosk checks them as its own menu does and "
                                          "applies them between rounds."))  # fmt: skip
    push.add_argument("settings", nargs="*", metavar=_("SETTING=VALUE"),
                      help=_("for example min_bet=5 chip_values=5,10,25"))  # fmt: skip
    push.add_argument("--kiosk", type=_whole_number(1, None, _("NUMBER")), metavar=_("NUMBER"),
                      help=_("only this kiosk (without it: every kiosk)"))  # fmt: skip
    push.add_argument("--pin", action="store_true", help=_("also send a new attendant PIN, asked twice"))
    push.add_argument("--pin-stdin", action="store_true",
                      help=_("also send a new attendant PIN, read from the first line of standard input"))  # fmt: skip
    tasks.add_parser("pushes", help=_("the settings sent, and which kiosks applied them"),
                     description=_("The newest settings sent by the hall and what each kiosk did with them."))  # fmt: skip
    init = tasks.add_parser("init", help=_("set up a hall on an empty database (administrator)"),
                            description=_("Sets up the hall on the database of --hall-dsn, connected as its "
                                          "administrator: the roles, the tables and the hall's identifier."))  # fmt: skip
    init.add_argument("--prefix", metavar=_("PREFIX"),
                      help=_("the start of every role name of this hall (default: the database name)"))  # fmt: skip
    init.add_argument("--voucher-expiry-days", type=_hall_setting("voucher_expiry_days"), metavar="N",
                      help=_("how many days a voucher stays valid (default: 365)"))  # fmt: skip
    tasks.add_parser("migrate", help=_("bring the hall's tables up to this version (administrator)"),
                     description=_("Applies the hall's newer migrations, connected as the administrator."))  # fmt: skip
    enroll = tasks.add_parser("enroll", help=_("make the login of a kiosk, a cashier or a console (administrator)"),
                              description=_("Makes a login with a new random secret and writes its connection "
                                            "service file and password file for the operator to install."))  # fmt: skip
    who = enroll.add_mutually_exclusive_group(required=True)
    who.add_argument("--kiosk", type=_whole_number(1, MAX_KIOSK_ID, _("NUMBER")), metavar=_("NUMBER"),
                     help=_("the kiosk's number"))  # fmt: skip
    who.add_argument("--cashier", metavar=_("NAME"), help=_("a cash desk's name"))
    who.add_argument("--console", metavar=_("NAME"), help=_("a console's name"))
    enroll.add_argument("--out", metavar=_("DIR"), default=".",
                        help=_("where the two files are written (default: here)"))  # fmt: skip
    enroll.add_argument("--host", metavar=_("HOST"),
                        help=_("the server's name as the login will reach it (default: as this connection did)"))  # fmt: skip
    enroll.add_argument("--sslmode", choices=("require", "verify-ca", "verify-full"),
                        help=_("how the login checks the server (verify-full: certificate and name)"))  # fmt: skip
    retire = tasks.add_parser("retire", help=_("revoke a kiosk's login at once (administrator)"),
                              description=_("Revokes a kiosk's login at once: it can no longer connect, and "
                                            "its open connections are ended."))  # fmt: skip
    retire.add_argument("kiosk", type=_whole_number(1, MAX_KIOSK_ID, _("NUMBER")), metavar=_("NUMBER"),
                        help=_("the kiosk's number"))  # fmt: skip
    resolve = tasks.add_parser("resolve", help=_("clear a kiosk's number conflict once you have decided"),
                               description=_("Clears the number conflict that stopped a kiosk shipping its journal, "
                                             "once you have decided which journal that kiosk number belongs to "
                                             "and stopped the other."))  # fmt: skip
    resolve.add_argument("kiosk", type=_whole_number(1, MAX_KIOSK_ID, _("NUMBER")), metavar=_("NUMBER"),
                         help=_("the kiosk's number in the hall"))  # fmt: skip
    _add_hall_vouchers(tasks)
    tasks.metavar = "{" + ",".join(tasks.choices) + "}"


def _hall_setting(key: str) -> Callable[[str], int]:
    option = {"voucher_expiry_days": "--voucher-expiry-days", "lockout_failures": "--lockout-failures",
              "lockout_window_s": "--lockout-window"}[key]  # fmt: skip
    return _whole_number(*SETTING_BOUNDS[key], option)


def _void_reason(text: str) -> str:
    from .hall.lifecycle import VOID_REASON_MAX

    if not text.strip() or len(text.strip()) > VOID_REASON_MAX:
        raise argparse.ArgumentTypeError(
            _("--reason must say why, in at most {count} characters.").format(count=VOID_REASON_MAX)
        )
    return text.strip()


def _add_hall_vouchers(tasks) -> None:
    """`reddog hall config | void | vouchers | audit`: a voucher's life after it is issued."""
    config = tasks.add_parser("config", help=_("show or set how long vouchers stay valid and when a place is locked out"),
                              description=_("Shows the hall's voucher settings; with options, sets them first "
                                            "(an administrator's connection)."))  # fmt: skip
    config.add_argument("--voucher-expiry-days", type=_hall_setting("voucher_expiry_days"), metavar="N",
                        help=_("how many days a voucher stays valid after it is issued"))  # fmt: skip
    config.add_argument("--lockout-failures", type=_hall_setting("lockout_failures"), metavar="N",
                        help=_("how many unknown voucher numbers lock a kiosk or cash desk out"))  # fmt: skip
    config.add_argument("--lockout-window", type=_hall_setting("lockout_window_s"), metavar="S",
                        help=_("within how many seconds they count, and how long the lockout lasts"))  # fmt: skip
    void = tasks.add_parser("void", help=_("void a voucher not yet redeemed (administrator)"),
                            description=_("Voids a voucher that has not been redeemed: from then on every kiosk "
                                          "and cash desk refuses it. Exit status 3 if it was redeemed, voided "
                                          "already or is unknown."))  # fmt: skip
    void.add_argument("voucher", type=_voucher_typed, metavar=_("NUMBER"), help=_("the voucher's validation number"))
    void.add_argument("--reason", type=_void_reason, required=True, metavar=_("TEXT"),
                      help=_("why it is voided, kept in the audit trail"))  # fmt: skip
    vouchers = tasks.add_parser("vouchers", help=_("list the hall's vouchers and their state"),
                                description=_("The hall's vouchers, oldest first: number, amount, kiosk, when "
                                              "issued and state (valid, redeemed, expired or voided)."))  # fmt: skip
    which = vouchers.add_mutually_exclusive_group()
    which.add_argument("--unredeemed", dest="state", action="store_const", const="open",
                       help=_("only those that can still be redeemed"))  # fmt: skip
    which.add_argument("--expired", dest="state", action="store_const", const="expired",
                       help=_("only those that expired without being redeemed"))  # fmt: skip
    vouchers.add_argument("--json", action="store_true", help=_("JSON for programs"))
    audit = tasks.add_parser("audit", help=_("who pushed, paid, voided, retired, changed settings or was locked out"),
                             description=_("The hall's audit trail, oldest first: every push, payment at the cash "
                                           "desk, void, retirement, change of settings and lockout, with the "
                                           "login that did it and when."))  # fmt: skip
    audit.add_argument("--since", type=_since, metavar=_("DATE"),
                       help=_("from this date or time on, UTC unless a zone is given (ISO 8601)"))  # fmt: skip
    audit.add_argument("--json", action="store_true", help=_("JSON for programs"))


def _export_format(parser: argparse.ArgumentParser) -> None:
    form = parser.add_mutually_exclusive_group()
    form.add_argument("--json", dest="form", action="store_const", const="json", help=_("JSON for programs"))
    form.add_argument("--csv", dest="form", action="store_const", const="csv", help=_("CSV with a header row"))
    parser.set_defaults(form="text")


def _since(text: str):
    from .operator_cli import parse_since

    try:
        return parse_since(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("--since must be a date such as 2026-12-01 or 2026-12-01T18:00, not {value}.").format(value=text)
        ) from None


def _add_check(commands) -> None:
    check = commands.add_parser(
        "check",
        help=_("check the journal (exit 0 healthy, 1 damaged, 2 cannot read)"),
        description=_("Runs the start-up checks on the journal, read-only, also while the kiosk plays. "
                      "Exit status 0: healthy, 1: damaged, 2: cannot be read."),
    )  # fmt: skip
    check.add_argument("--full", action="store_true", help=_("the whole file and the history as well"))
    check.add_argument("--json", action="store_true", help=_("one JSON object instead of a report"))
    _data_dir_option(check)


def _add_completion_and_manpage(commands) -> None:
    completion = commands.add_parser(
        "completion", help=_("print the shell completion script"),
        description=_("Prints the completion script for a shell, written from these options."),
    )  # fmt: skip
    completion.add_argument("shell", choices=COMPLETION_SHELLS, help=_("the shell"))
    commands.add_parser("manpage", help=_("print the manual page reddog(1)"),
                        description=_("Prints the manual page reddog(1) in roff, written from these options."))  # fmt: skip


def _port(text: str) -> int:
    return _whole_number(1, 65535, "--port")(text)


def _add_serve(commands) -> None:
    serve = commands.add_parser(
        "serve", help=_("the kiosk in a web browser (needs the web extra)"),
        description=_("Serves the kiosk to a web browser, one screen at a time: a second screen is told "
                      "the kiosk is in use, a reload shows the same table. Only this machine can reach it "
                      "unless --allow-remote is given."),
    )  # fmt: skip
    serve.add_argument("--host", default="127.0.0.1", metavar=_("ADDRESS"),
                       help=_("the address to listen on (default 127.0.0.1, this machine only)"))  # fmt: skip
    serve.add_argument("--port", type=_port, default=8000, metavar="N", help=_("the port (default 8000)"))
    serve.add_argument("--allow-remote", action="store_true",
                       help=_("allow an address that other machines can reach: whoever opens the page plays the kiosk"))  # fmt: skip
    # The options of the kiosk itself, also after the command; SUPPRESS keeps a value given before it.
    serve.add_argument("--kiosk", action="store_true", default=argparse.SUPPRESS,
                       help=_("lock the kiosk for public play"))  # fmt: skip
    serve.add_argument(*LANGUAGE_OPTIONS, dest="lang", type=_language, default=argparse.SUPPRESS, metavar="{" + ",".join(LANGUAGES) + "}",
                       help=_("the language of the table and of these messages"))  # fmt: skip
    _data_dir_option(serve)


SUB_COMMANDS: tuple[Callable, ...] = (
    _add_par,
    _add_simulate,
    _add_check,
    _add_attendant,
    _add_hall,
    _add_serve,
    _add_completion_and_manpage,
)


def build_parser() -> argparse.ArgumentParser:
    """The parser in the current language (call it inside `_argparse_messages()` for argparse's texts too)."""
    parser = _Parser(prog="reddog", description=_("Red Dog, the casino card game, as a terminal kiosk."))
    parser.add_argument(*LANGUAGE_OPTIONS, dest="lang", type=_language, metavar="{" + ",".join(LANGUAGES) + "}",
                        help=_("the language of the table and of these messages"))  # fmt: skip
    parser.add_argument("--data-dir", type=_folder, metavar=_("FOLDER"),
                        help=_("where the game keeps its journal (also REDDOG_DATA_DIR)"))  # fmt: skip
    parser.add_argument("--seed", type=_whole_number(0, None, "--seed"), metavar="N",
                        help=_("a demo with a fixed shuffle, on its own practice table"))  # fmt: skip
    parser.add_argument("--kiosk", action="store_true", help=_("lock the kiosk for public play"))
    parser.add_argument("--hall-dsn", metavar="DSN",
                        help=_("the hall's PostgreSQL server (also REDDOG_HALL_DSN); without it the kiosk is on its own"))  # fmt: skip
    parser.add_argument("--kiosk-id", type=_whole_number(1, MAX_KIOSK_ID, "--kiosk-id"), metavar="N",
                        help=_("this kiosk's number in the hall, 1 to {high} (also REDDOG_KIOSK_ID)").format(high=MAX_KIOSK_ID))  # fmt: skip
    parser.add_argument("--glyphs", choices=GLYPH_CHOICES,
                        help=_("characters for the cards: console for a font without card symbols, "
                               "auto chooses it under TERM=linux (also REDDOG_GLYPHS)"))  # fmt: skip
    parser.add_argument("--log-level", choices=LOG_LEVELS, default="info",
                        help=_("how much goes to the log on standard error"))  # fmt: skip
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}",
                        help=_("show the version and exit"))  # fmt: skip
    commands = parser.add_subparsers(title=commands_title(), dest="command", parser_class=_Parser)
    for add in SUB_COMMANDS:
        add(commands)
    commands.metavar = "{" + ",".join(commands.choices) + "}"
    return parser


def _checked_hall_dsn(parser: argparse.ArgumentParser, given: str | None) -> str | None:
    """--hall-dsn, else REDDOG_HALL_DSN, as a libpq connection string; None without either. A
    password on the command line, or settings libpq cannot read, end here (status 2)."""
    variable = os.environ.get(HALL_DSN_VARIABLE) or None
    if not given and not variable:
        return None
    from .hall.dsn import DsnRefused, from_command_line, from_environment
    from .hall_cli import dsn_refusal_text

    try:
        return from_command_line(given) if given else from_environment(variable or "")
    except DsnRefused as refused:
        parser.error(dsn_refusal_text(refused))
    except ImportError:  # psycopg, which reads the settings as libpq does
        parser.error(_("The hall needs the hall extra: pip install 'reddog-tui[hall]'"))


def parse_arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    """Sets the messages' language, then parses; bad input exits with status 2 and one line."""
    set_language(_message_language(sys.argv[1:] if argv is None else list(argv)))
    with _argparse_messages():
        parser = build_parser()
        args = parser.parse_args(argv)
        if args.command == "serve" and args.seed is not None:
            parser.error(_("--seed is for a demo at the terminal and cannot be used with serve."))
        if args.kiosk and args.seed is not None:  # a fixed shuffle must never meet real credits
            parser.error(_("--seed plays a demo and cannot be used with --kiosk."))
        if args.command in HALL_DSN_COMMANDS:
            args.hall_dsn = _checked_hall_dsn(parser, args.hall_dsn)
        if args.data_dir is None and args.command in DATA_DIR_COMMANDS and DATA_DIR_VARIABLE in os.environ:
            try:  # the variable is refused as the option is: set, it must name a folder
                args.data_dir = _folder(os.environ[DATA_DIR_VARIABLE], DATA_DIR_VARIABLE)
            except argparse.ArgumentTypeError as refusal:
                parser.error(str(refusal))
    return args


# --- par and simulate ---------------------------------------------------------------------------


def _table(rows: Sequence[tuple[str, ...]], right: set[int]) -> list[str]:
    """Rows of cells in columns as wide as their widest cell; the columns in `right` align right."""
    widths = [max(len(row[i]) for row in rows if i < len(row)) for i in range(max(map(len, rows)))]
    lines = []
    for row in rows:
        cells = [cell.rjust(widths[i]) if i in right else cell.ljust(widths[i]) for i, cell in enumerate(row)]
        lines.append("  ".join(cells).rstrip())
    return lines


def _signed(value: float, digits: int) -> str:
    from .i18n.formatting import decimal

    return ("+" if value > 0 else "") + decimal(value, digits)


def run_par(decks: int, as_json: bool) -> int:
    from .engine.par import compute_par
    from .i18n.formatting import decimal, number, odds, percent

    sheet = compute_par(decks)
    if as_json:
        print(json.dumps(sheet.to_json_dict(), indent=2))
        return 0
    data = sheet.to_json_dict()
    print(
        ngettext("Red Dog PAR sheet, {decks} deck", "Red Dog PAR sheet, {decks} decks", decks).format(
            decks=number(decks)
        )
    )
    print()
    rows: list[tuple[str, ...]] = [(_("hand"), _("probability"), _("P(win)"), _("pays"), _("raise value"), "")]
    for k, p in sheet.spread.items():
        rows.append((
            _("spread {spread}").format(spread=number(k)), decimal(p, 6), decimal(sheet.win_given_spread[k], 4),
            odds(data["payout"][f"spread_{k}"]), _signed(float(sheet.raise_value[k]), 4),
            _("raise") if k in sheet.raise_spreads else "",
        ))  # fmt: skip
    rows.append((_("consecutive"), decimal(sheet.consecutive, 6), "", _("push")))
    rows.append((_("pair"), decimal(sheet.pair - sheet.three_of_a_kind, 6), "", _("push")))
    rows.append((_("three of a kind"), decimal(sheet.three_of_a_kind, 6), "", odds(11)))
    print("\n".join(_table(rows, right={1, 2, 3, 4})))
    print()
    spreads = ", ".join(number(k) for k in sheet.raise_spreads)
    summary = [
        (_("house edge, best play"), f"{percent(data['house_edge'], 4)}  ({data['house_edge_fraction']})"),
        (_("house edge, never raising"), percent(data["never_raise_house_edge"], 4)),
        (_("element of risk"), percent(data["element_of_risk"], 4)),
        (_("return to player"), percent(data["rtp"], 4)),
        (_("hit frequency"), percent(data["hit_frequency"], 4)),
        (_("standard deviation per ante"), decimal(data["std_dev"], 4)),
        (_("best raising rule"), _("raise on spreads {spreads}").format(spreads=spreads)),
    ]
    print("\n".join(_table(summary, right=set())))
    return 0


@contextlib.contextmanager
def _progress_bar(total: int) -> Iterator[Callable[[int], None]]:
    """rich.progress on standard error: the bar, the share done in the language's numbers, the time left."""
    from rich.console import Console
    from rich.progress import BarColumn, Progress, ProgressColumn, TimeRemainingColumn
    from rich.text import Text

    from .i18n.formatting import percent

    class Share(ProgressColumn):
        def render(self, task) -> Text:
            return Text(percent(task.completed / (task.total or 1), 0))

    bar = Progress(BarColumn(), Share(), TimeRemainingColumn(), console=Console(file=sys.stderr), transient=True)
    task = bar.add_task("", total=total)
    with bar:
        yield lambda done: bar.update(task, completed=done)


def run_simulate(rounds: int, seed: int | None, decks: int, as_json: bool) -> int:
    import random
    import secrets

    from .engine.simulate import CATEGORIES, MIN_ROUNDS_FOR_INTERVAL, simulate
    from .i18n.formatting import decimal, number, percent

    rng = random.Random(seed) if seed is not None else secrets.SystemRandom()
    if rounds < 100_000 or not sys.stderr.isatty():
        result = simulate(rounds, rng, decks=decks)
    else:  # a long run shows a bar on the terminal, gone once the result is printed
        with _progress_bar(rounds) as show:
            result = simulate(rounds, rng, decks=decks, progress=show)
    if as_json:
        print(json.dumps(result.to_json_dict(), indent=2))
        return 0
    if result.rtp_ci95 is None:
        interval = _("no {level} interval below {minimum} rounds").format(
            level=percent(0.95, 0), minimum=number(MIN_ROUNDS_FOR_INTERVAL)
        )
    else:
        low, high = result.rtp_ci95
        interval = _("{level} interval {low} – {high}").format(
            level=percent(0.95, 0), low=percent(low, 4), high=percent(high, 4)
        )
    freedom = len(CATEGORIES) - 1
    chi = ngettext(
        "{chi} on {df} degree of freedom, p = {p}", "{chi} on {df} degrees of freedom, p = {p}", freedom
    ).format(chi=decimal(result.chi_square, 3), df=number(freedom), p=decimal(result.p_value, 4))
    summary = [
        (_("rounds"), number(result.rounds)),
        (_("return to player"), f"{percent(result.rtp, 4)}  ({interval})"),
        (_("exact (PAR)"), percent(result.exact_rtp, 4)),
        (_("chi-square"), chi),
        (_("rounds per second"), number(round(result.rounds_per_second))),
    ]
    print("\n".join(_table(summary, right=set())))
    return 0


# --- the attendant and the kiosk ----------------------------------------------------------------


def _data_dir(args: argparse.Namespace):
    from .store import resolve_data_dir

    return resolve_data_dir(args.data_dir, os.environ.get(DATA_DIR_VARIABLE))


def run_attendant(args: argparse.Namespace) -> int:
    from . import operator_cli
    from .kiosk.attendant_cli import set_pin

    if args.attendant_command == "meters":
        return operator_cli.run_meters(_data_dir(args), args.form)
    if args.attendant_command == "journal":
        return operator_cli.run_journal(_data_dir(args), args.since, args.form)
    return set_pin(_data_dir(args), args.lang, pin_stream=sys.stdin if args.pin_stdin else None)


def _hall_dsn(args: argparse.Namespace) -> str | None:
    """The hall server's connection string, checked by `parse_arguments`; None for a kiosk on its own."""
    return args.hall_dsn


def _run_hall_vouchers(args: argparse.Namespace) -> int:
    from . import hall_voucher_cli

    dsn = _hall_dsn(args)
    if args.hall_command == "config":
        given = {"voucher_expiry_days": args.voucher_expiry_days, "lockout_failures": args.lockout_failures,
                 "lockout_window_s": args.lockout_window}  # fmt: skip
        return hall_voucher_cli.run_config(dsn, {k: v for k, v in given.items() if v is not None})
    if args.hall_command == "void":
        return hall_voucher_cli.run_void(dsn, args.voucher, args.reason)
    if args.hall_command == "vouchers":
        return hall_voucher_cli.run_vouchers(dsn, args.state, args.json)
    return hall_voucher_cli.run_audit(dsn, args.since, args.json)


def run_hall(args: argparse.Namespace) -> int:
    from .hall_cli import run_console
    from .hall_cli import run_hall as run

    if args.hall_command is None:
        return run_console(_hall_dsn(args))
    if args.hall_command == "push":
        from .hall_cli import run_push

        pin = "stdin" if args.pin_stdin else "ask" if args.pin else None
        return run_push(_hall_dsn(args), args.settings, args.kiosk, pin)
    if args.hall_command in ("init", "migrate", "enroll", "retire"):
        from .hall_cli import run_admin

        options: dict[str, object] = {}
        if args.hall_command == "init":
            options = {"prefix": args.prefix, "voucher_expiry_days": args.voucher_expiry_days}
        elif args.hall_command == "enroll":
            kind = "kiosk" if args.kiosk is not None else "cashier" if args.cashier is not None else "console"
            options = {"kind": kind, "who": args.kiosk or args.cashier or args.console, "out_dir": args.out,
                       "host": args.host, "sslmode": args.sslmode}  # fmt: skip
        elif args.hall_command == "retire":
            options = {"kiosk": args.kiosk}
        return run_admin(args.hall_command, _hall_dsn(args), **options)
    if args.hall_command == "resolve":
        from .hall_cli import run_resolve

        return run_resolve(_hall_dsn(args), args.kiosk)
    if args.hall_command in ("config", "void", "vouchers", "audit"):
        return _run_hall_vouchers(args)
    return run(args.hall_command, _hall_dsn(args), getattr(args, "voucher", None))


def run_completion_or_manpage(args: argparse.Namespace) -> int:
    """Both are written in English from the parser, the language of man pages and option names."""
    set_language(DEFAULT_LANGUAGE)
    with _argparse_messages():
        parser = build_parser()
    if args.command == "manpage":
        from .manpage import manpage

        sys.stdout.write(manpage(parser))
        return 0
    import shtab

    sys.stdout.write(shtab.complete(parser, shell=args.shell))
    return 0


def run_check(args: argparse.Namespace) -> int:
    from .operator_cli import run_check as check

    return check(_data_dir(args), args.full, args.json)


def _textual_refused() -> bool:
    """Whether Textual could not start with the operator's TEXTUAL_ settings (said in one line)."""
    from .ui.launch import textual_setting_refusal

    refusal = textual_setting_refusal()
    if refusal is not None:
        print(f"reddog: {refusal}", file=sys.stderr)
    return refusal is not None


def run_kiosk(args: argparse.Namespace) -> int:
    from .ui.launch import launch

    if _textual_refused():
        return EXIT_USAGE
    dsn = _hall_dsn(args)
    args.hall = None
    if dsn:
        kiosk_id = args.kiosk_id
        try:
            if kiosk_id is None and os.environ.get("REDDOG_KIOSK_ID"):
                kiosk_id = _whole_number(1, MAX_KIOSK_ID, "REDDOG_KIOSK_ID")(os.environ["REDDOG_KIOSK_ID"])
        except argparse.ArgumentTypeError as refusal:
            print(f"reddog: {refusal}", file=sys.stderr)
            return EXIT_USAGE
        if kiosk_id is None:
            from .hall_cli import kiosk_id_missing_text

            print(f"reddog: {kiosk_id_missing_text()}", file=sys.stderr)
            return EXIT_USAGE
        args.hall = (dsn, kiosk_id)
        from .hall.dsn import without_password

        logging.getLogger(__name__).info("hall server %s, kiosk %d", without_password(dsn), kiosk_id)
    return launch(args, data_dir_env=os.environ.get(DATA_DIR_VARIABLE))


def is_loopback(host: str) -> bool:
    import ipaddress
    import socket

    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        pass
    if not host or any(c.isspace() for c in host):  # inet_aton would read "127.0.0.1 x" as 127.0.0.1
        return False
    try:  # the shorter forms the system's resolver takes as well: 127.1, 0x7f.1, 2130706433
        return ipaddress.IPv4Address(socket.inet_aton(host)).is_loopback
    except OSError:
        return False


def run_serve(args: argparse.Namespace) -> int:
    if _textual_refused():  # each browser's kiosk would stop on it
        return EXIT_USAGE
    if not args.allow_remote and not is_loopback(args.host):
        print("reddog: " + _("{host} can be reached from other machines, and whoever opens the page plays "
                             "the kiosk. Add --allow-remote to serve it there anyway.").format(host=args.host),
              file=sys.stderr)  # fmt: skip
        return EXIT_USAGE
    try:
        from .web.server import serve
    except ImportError:
        print("reddog: " + _("reddog serve needs the web extra: pip install 'reddog-tui[web]'"), file=sys.stderr)
        return EXIT_USAGE
    from .i18n import current_language

    data_dir = _data_dir(args).resolve()
    if args.kiosk:
        from .kiosk.attendant_cli import kiosk_refusal

        refusal = kiosk_refusal(data_dir, args.lang)
        if refusal is not None:
            print(refusal, file=sys.stderr)
            return EXIT_USAGE
    extra = ["--log-level", args.log_level]
    if args.kiosk_id is not None:
        extra += ["--kiosk-id", str(args.kiosk_id)]
    # The hall's settings go to each kiosk in its environment: a command line anyone can read.
    environment = {HALL_DSN_VARIABLE: args.hall_dsn} if args.hall_dsn else {}
    return serve(
        args.host, args.port, data_dir, kiosk=args.kiosk, language=current_language(), extra=extra,
        environment=environment,
    )  # fmt: skip


COMMANDS: dict[str | None, Callable[[argparse.Namespace], int]] = {
    "par": lambda args: run_par(args.decks, args.json),
    "simulate": lambda args: run_simulate(args.rounds, args.sim_seed, args.decks, args.json),
    "check": run_check,
    "completion": run_completion_or_manpage,
    "manpage": run_completion_or_manpage,
    "attendant": run_attendant,
    "hall": run_hall,
    "serve": run_serve,
    None: run_kiosk,
}


class OutputFailed(Exception):
    """Standard output took no more of the command's text; the argument says why, localized."""


class _GuardedOutput:
    """Standard output for the commands that print: a write it does not take (a full disk, a
    closed descriptor, a character set without the text's letters) becomes OutputFailed."""

    def __init__(self, stream) -> None:
        self.stream = stream  # None when the command was started with standard output closed

    def write(self, text: str) -> int:
        return self._guarded(lambda stream: stream.write(text))

    def flush(self) -> None:
        self._guarded(lambda stream: stream.flush())

    def _guarded(self, call):
        if self.stream is None:
            raise OutputFailed(_("The output could not be written: standard output is closed."))
        try:
            return call(self.stream)
        except BrokenPipeError:
            raise
        except UnicodeEncodeError:
            raise OutputFailed(
                _(
                    "The output could not be written: its character set, {encoding}, cannot show this text. "
                    "Use a UTF-8 locale, for example LANG=C.UTF-8."
                ).format(encoding=self.stream.encoding)
            ) from None
        except OSError as error:
            if error.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
                raise OutputFailed(_("The output could not be written: the disk is full.")) from None
            if error.errno == errno.EBADF:
                raise OutputFailed(_("The output could not be written: standard output is closed.")) from None
            raise OutputFailed(_("The output could not be written.")) from None

    def __getattr__(self, name: str):
        return getattr(self.stream, name)


def _output_failed(failure: OutputFailed) -> int:
    """One line on standard error; what is still buffered for the output is dropped."""
    if isinstance(sys.stdout, _GuardedOutput):
        sys.stdout = sys.stdout.stream
    if sys.stdout is not None:
        _quiet_broken_pipe()
    print(f"reddog: {failure}", file=sys.stderr)
    return EXIT_OUTPUT_FAILED


def _quiet_broken_pipe() -> int:
    """The reader went away (`reddog par | head -5`): stop without a word. Whatever is still
    buffered for it goes nowhere, so the interpreter's last flush cannot complain either."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    return EXIT_BROKEN_PIPE


def main(argv: Sequence[str] | None = None) -> int:
    real_stdout = sys.stdout
    sys.stdout = _GuardedOutput(real_stdout)
    try:
        return _main(argv)
    except OutputFailed as failure:
        return _output_failed(failure)
    finally:
        if isinstance(sys.stdout, _GuardedOutput):
            sys.stdout = real_stdout


def _main(argv: Sequence[str] | None) -> int:
    try:
        try:
            try:
                args = parse_arguments(argv)  # --help, or a refusal, ends here with SystemExit
            except SystemExit:
                # Help or a refusal that could not all be written ends as it would have: what
                # is still buffered for a reader that is gone is dropped, as argparse drops it.
                try:
                    sys.stdout.flush()
                except BrokenPipeError:
                    _quiet_broken_pipe()
                raise
            from .logs import setup_logging

            setup_logging(args.log_level)
            textual = args.command in (None, "serve") or (args.command == "hall" and args.hall_command is None)
            if textual and isinstance(sys.stdout, _GuardedOutput):
                sys.stdout = sys.stdout.stream  # the terminal's own, as Textual and the server expect it
            return COMMANDS[args.command](args)
        finally:
            try:
                if sys.stdout is not None:  # None: started with standard output closed
                    sys.stdout.flush()  # a closed pipe shows here, inside the guard, not at the interpreter's exit
            except BrokenPipeError:
                raise
            except OSError:  # a terminal that hung up: its exit status stays the one reported
                _quiet_broken_pipe()
    except BrokenPipeError:
        return _quiet_broken_pipe()
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
