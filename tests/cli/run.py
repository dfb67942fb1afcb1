"""Runs `python -m reddog_tui` as a separate process in a chosen environment."""

from __future__ import annotations

import os
import subprocess
import sys

LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def run_cli(argv, *, stdin=subprocess.DEVNULL, input=None, new_session=False, **locale):
    """`locale` sets LANGUAGE, LC_ALL, LC_MESSAGES, LANG (the others are removed); with no
    terminal (`new_session`) the process cannot open /dev/tty either."""
    environment = {k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES and not k.startswith("REDDOG_")}
    environment.update(locale or {"LANG": "C"})
    given = {"input": input} if input is not None else {"stdin": stdin}
    return subprocess.run(
        [sys.executable, "-m", "reddog_tui", *argv],
        capture_output=True, text=True, timeout=60, env=environment, start_new_session=new_session, **given,
    )  # fmt: skip
