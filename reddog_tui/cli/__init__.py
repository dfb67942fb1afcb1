"""The `reddog` command: the kiosk, and its sub-commands.

Every word it prints, argparse's own included, is in the language of `--lang`, else the
system's (as GNU gettext chooses it), else English. `main` parses the command line and hands
it to the module of its command group, imported only then:

- `parser`: the whole parser, its option types and the checks made on what was parsed;
- `play`: no command, the kiosk at the terminal or a demo;
- `game`: `par` and `simulate`;
- `journal`: `check` and `attendant meters|journal`; `pin`: `attendant set-pin`;
- `hall`: `reddog hall`, its console, cash desk, meters, settings and set-up;
  `hall_vouchers`: its `config|void|vouchers|audit`;
- `serve`: the kiosk in a web browser;
- `manpage`: `manpage` and `completion`, written from the parser;
- `output`: standard output guarded for the commands that print.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .output import GuardedOutput, OutputFailed, output_failed, quiet_broken_pipe
from .parser import HALL_VOUCHER_COMMANDS, parse_arguments

__all__ = ["main"]


def run_command(args: argparse.Namespace) -> int:
    """The parsed command, run by its group's module."""
    if args.command is None:
        from .play import run
    elif args.command in ("par", "simulate"):
        from .game import run
    elif args.command in ("check", "attendant"):
        from .journal import run
    elif args.command == "hall" and args.hall_command in HALL_VOUCHER_COMMANDS:
        from .hall_vouchers import run
    elif args.command == "hall":
        from .hall import run
    elif args.command == "serve":
        from .serve import run
    else:  # completion, manpage
        from .manpage import run
    return run(args)


def main(argv: Sequence[str] | None = None) -> int:
    real_stdout = sys.stdout
    sys.stdout = GuardedOutput(real_stdout)
    try:
        return _main(argv)
    except OutputFailed as failure:
        return output_failed(failure)
    finally:
        if isinstance(sys.stdout, GuardedOutput):
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
                    quiet_broken_pipe()
                raise
            from ..logs import setup_logging

            setup_logging(args.log_level)
            textual = args.command in (None, "serve") or (args.command == "hall" and args.hall_command is None)
            if textual and isinstance(sys.stdout, GuardedOutput):
                sys.stdout = sys.stdout.stream  # the terminal's own, as Textual and the server expect it
            return run_command(args)
        finally:
            try:
                if sys.stdout is not None:  # None: started with standard output closed
                    sys.stdout.flush()  # a closed pipe shows here, inside the guard, not at the interpreter's exit
            except BrokenPipeError:
                raise
            except OSError:  # a terminal that hung up: its exit status stays the one reported
                quiet_broken_pipe()
    except BrokenPipeError:
        return quiet_broken_pipe()
    except KeyboardInterrupt:
        return 130
