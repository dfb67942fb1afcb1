"""`reddog` without a command: the kiosk at the terminal, or a demo with `--seed`; with
`--hall-dsn`, a kiosk of the hall. Also the check, shared with `reddog serve`, that Textual can
start with the operator's TEXTUAL_ settings."""

from __future__ import annotations

import argparse
import logging
import os
import sys

from ..hall.numbers import MAX_KIOSK_ID
from .parser import DATA_DIR_VARIABLE, EXIT_USAGE, whole_number


def textual_refused() -> bool:
    """Whether Textual could not start with the operator's TEXTUAL_ settings (said in one line)."""
    from ..ui.launch import textual_setting_refusal

    refusal = textual_setting_refusal()
    if refusal is not None:
        print(f"reddog: {refusal}", file=sys.stderr)
    return refusal is not None


def run(args: argparse.Namespace) -> int:
    from ..ui.launch import launch

    if textual_refused():
        return EXIT_USAGE
    dsn = args.hall_dsn  # checked by `parse_arguments`; None for a kiosk on its own
    args.hall = None
    if dsn:
        kiosk_id = args.kiosk_id
        try:
            if kiosk_id is None and os.environ.get("REDDOG_KIOSK_ID"):
                kiosk_id = whole_number(1, MAX_KIOSK_ID, "REDDOG_KIOSK_ID")(os.environ["REDDOG_KIOSK_ID"])
        except argparse.ArgumentTypeError as refusal:
            print(f"reddog: {refusal}", file=sys.stderr)
            return EXIT_USAGE
        if kiosk_id is None:
            from .hall import kiosk_id_missing_text

            print(f"reddog: {kiosk_id_missing_text()}", file=sys.stderr)
            return EXIT_USAGE
        args.hall = (dsn, kiosk_id)
        from ..hall.dsn import without_password

        # The log names the command line's package, as it did when the command line was one module.
        logging.getLogger(__package__).info("hall server %s, kiosk %d", without_password(dsn), kiosk_id)
    return launch(args, data_dir_env=os.environ.get(DATA_DIR_VARIABLE))
