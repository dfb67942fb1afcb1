"""The parser of the `reddog` command, all of it in one place (the manual page and the shell
completion are written from it): its options, one `_add_…` function per command group, the
option types that refuse bad input with one line in the person's language, and the checks made
on what was parsed.

argparse's own texts are looked up in the project's catalogues while the parser is built and
while it parses (`argparse_messages`).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from typing import NoReturn

from .. import __version__
from ..engine.cards import MAX_DECKS, MIN_DECKS
from ..hall.numbers import MAX_KIOSK_ID, SETTING_BOUNDS
from ..i18n import DEFAULT_LANGUAGE, LANGUAGES, N_, _, ngettext, set_language, system_language
from ..ui.glyphs import GLYPH_CHOICES

EXIT_USAGE = 2
DATA_DIR_VARIABLE = "REDDOG_DATA_DIR"
# The commands that keep their journal in the data folder (None: the kiosk).
DATA_DIR_COMMANDS = (None, "check", "attendant", "serve")
HALL_DSN_VARIABLE = "REDDOG_HALL_DSN"  # hall.dsn.DSN_VARIABLE, read here before psycopg is loaded
HALL_DSN_COMMANDS = (None, "hall", "serve")  # the commands that may talk to the hall server
HALL_VOUCHER_COMMANDS = ("config", "void", "vouchers", "audit")  # a voucher's life after it is issued
VOUCHER_NUMBER_MAX = 2**63 - 1  # the hall's numbers are bigints
LOG_LEVELS = ("debug", "info", "warning", "error")
COMPLETION_SHELLS = ("bash", "zsh", "tcsh")

# argparse's own messages that a person can meet, marked here so that they are in the
# catalogues; argparse asks for them through `argparse_messages` below.
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
def argparse_messages() -> Iterator[None]:
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


def whole_number(low: int, high: int | None, option: str) -> Callable[[str], int]:
    def parse(text: str) -> int:
        from ..store.settings import written_as_whole_number

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
    par.add_argument("--decks", type=whole_number(MIN_DECKS, MAX_DECKS, "--decks"), default=1, metavar="N",
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
    sim.add_argument("--rounds", type=whole_number(1, None, "--rounds"), required=True, metavar="N",
                     help=_("how many rounds to play"))  # fmt: skip
    sim.add_argument("--seed", dest="sim_seed", type=whole_number(0, None, "--seed"), metavar="S",
                     help=_("a fixed shuffle, to repeat a run"))  # fmt: skip
    sim.add_argument("--decks", type=whole_number(MIN_DECKS, MAX_DECKS, "--decks"), default=1, metavar="N",
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
    from ..engine import validation

    digits = validation.digits_typed(text) or ""
    try:  # isdigit() takes digits int() reads not (²), and the hall holds no number beyond a bigint
        value = int(digits)
    except ValueError:
        value = 0
    if not 1 <= value <= VOUCHER_NUMBER_MAX:
        raise argparse.ArgumentTypeError(_("{given} is not a voucher number.").format(given=text))
    if validation.looks_like_ticket(digits) and validation.typed_ticket(digits) is None:
        raise argparse.ArgumentTypeError(
            _("{given} has a mistyped digit: type it again as it is printed on the voucher.").format(given=text)
        )
    return value


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
    push.add_argument("--kiosk", type=whole_number(1, None, _("NUMBER")), metavar=_("NUMBER"),
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
    who.add_argument("--kiosk", type=whole_number(1, MAX_KIOSK_ID, _("NUMBER")), metavar=_("NUMBER"),
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
    retire.add_argument("kiosk", type=whole_number(1, MAX_KIOSK_ID, _("NUMBER")), metavar=_("NUMBER"),
                        help=_("the kiosk's number"))  # fmt: skip
    resolve = tasks.add_parser("resolve", help=_("clear a kiosk's number conflict once you have decided"),
                               description=_("Clears the number conflict that stopped a kiosk shipping its journal, "
                                             "once you have decided which journal that kiosk number belongs to "
                                             "and stopped the other."))  # fmt: skip
    resolve.add_argument("kiosk", type=whole_number(1, MAX_KIOSK_ID, _("NUMBER")), metavar=_("NUMBER"),
                         help=_("the kiosk's number in the hall"))  # fmt: skip
    _add_hall_vouchers(tasks)
    tasks.metavar = "{" + ",".join(tasks.choices) + "}"


def _hall_setting(key: str) -> Callable[[str], int]:
    option = {"voucher_expiry_days": "--voucher-expiry-days", "lockout_failures": "--lockout-failures",
              "lockout_window_s": "--lockout-window"}[key]  # fmt: skip
    return whole_number(*SETTING_BOUNDS[key], option)


def _void_reason(text: str) -> str:
    from ..hall.lifecycle import VOID_REASON_MAX

    if not text.strip() or len(text.strip()) > VOID_REASON_MAX:
        raise argparse.ArgumentTypeError(
            ngettext(
                "--reason must say why, in at most {count} character.",
                "--reason must say why, in at most {count} characters.",
                VOID_REASON_MAX,
            ).format(count=VOID_REASON_MAX)
        )
    # A line of the audit trail stays one: no control character, no line or paragraph separator.
    if any(unicodedata.category(c)[0] == "C" or unicodedata.category(c) in ("Zl", "Zp") for c in text.strip()):
        raise argparse.ArgumentTypeError(_("--reason must be one line, without tabs or other control characters."))
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


def parse_since(text: str) -> datetime:
    """An ISO date or date and time; without a time zone it is UTC."""
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _since(text: str):
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
    return whole_number(1, 65535, "--port")(text)


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
    """The parser in the current language (call it inside `argparse_messages()` for argparse's texts too)."""
    parser = _Parser(prog="reddog", description=_("Red Dog, the casino card game, as a terminal kiosk."))
    parser.add_argument(*LANGUAGE_OPTIONS, dest="lang", type=_language, metavar="{" + ",".join(LANGUAGES) + "}",
                        help=_("the language of the table and of these messages"))  # fmt: skip
    parser.add_argument("--data-dir", type=_folder, metavar=_("FOLDER"),
                        help=_("where the game keeps its journal (also REDDOG_DATA_DIR)"))  # fmt: skip
    parser.add_argument("--seed", type=whole_number(0, None, "--seed"), metavar="N",
                        help=_("a demo with a fixed shuffle, on its own practice table"))  # fmt: skip
    parser.add_argument("--kiosk", action="store_true", help=_("lock the kiosk for public play"))
    parser.add_argument("--hall-dsn", metavar="DSN",
                        help=_("the hall's PostgreSQL server (also REDDOG_HALL_DSN); without it the kiosk is on its own"))  # fmt: skip
    parser.add_argument("--kiosk-id", type=whole_number(1, MAX_KIOSK_ID, "--kiosk-id"), metavar="N",
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
    from ..hall.dsn import DsnRefused, from_command_line, from_environment
    from .hall import dsn_refusal_text

    try:
        return from_command_line(given) if given else from_environment(variable or "")
    except DsnRefused as refused:
        parser.error(dsn_refusal_text(refused))
    except ImportError:  # psycopg, which reads the settings as libpq does
        parser.error(_("The hall needs the hall extra: pip install 'reddog-tui[hall]'"))


def parse_arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    """Sets the messages' language, then parses; bad input exits with status 2 and one line."""
    set_language(_message_language(sys.argv[1:] if argv is None else list(argv)))
    with argparse_messages():
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


def resolved_data_dir(args: argparse.Namespace):
    """The journal's folder: --data-dir, else REDDOG_DATA_DIR, else the default."""
    from ..store import resolve_data_dir

    return resolve_data_dir(args.data_dir, os.environ.get(DATA_DIR_VARIABLE))
