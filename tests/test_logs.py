"""The log on the real standard error: start, stop, refusals, attendant events and crashes.

The screen never shows a traceback; the log has it. `--log-level` chooses how much is written.
"""

from __future__ import annotations

import io
import logging
import os
import socket
import subprocess
import sys
from argparse import Namespace
from pathlib import Path

import pytest

from reddog_tui import logs
from reddog_tui.store.paths import DB_FILENAME
from reddog_tui.ui import launch as launch_module
from reddog_tui.ui.app import RedDogApp
from tests.kiosk.kiosk_helpers import PIN, Clock, kiosk_app
from tests.ui.helpers import make_app, run

REPO = Path(__file__).resolve().parents[1]


def reddog(*argv: str) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("REDDOG_", "LC_", "LANG"))}
    environment.update(PYTHONPATH=str(REPO), LANG="C.UTF-8")
    return subprocess.run(
        [sys.executable, "-m", "reddog_tui", *argv], capture_output=True, text=True, timeout=60, env=environment
    )


def messages(caplog) -> list[str]:
    return [record.getMessage() for record in caplog.records if record.name.startswith("reddog_tui")]


# --- where the log goes, and --log-level -----------------------------------------------


def test_log_level_chooses_what_reaches_standard_error(tmp_path):
    warned = reddog("--log-level", "warning", "--data-dir", str(tmp_path), "check")
    assert warned.returncode == 2
    assert f"WARNING reddog_tui.operator_cli: check of {tmp_path / DB_FILENAME}: file failed (missing" in warned.stderr
    quiet = reddog("--log-level", "error", "--data-dir", str(tmp_path), "check")
    assert quiet.returncode == 2 and quiet.stderr == ""
    assert quiet.stdout == warned.stdout  # the report itself is on standard output either way


def test_an_unknown_log_level_is_refused():
    refused = reddog("--log-level", "loud", "par")
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert "debug" in refused.stderr and "error" in refused.stderr


def test_the_log_is_written_to_the_real_stderr_by_default():
    logger = logs.setup_logging("info")
    try:
        (handler,) = [h for h in logger.handlers if isinstance(h, logs.StderrHandler)]
        assert handler.stream is sys.__stderr__
    finally:
        logs.setup_logging("info", io.StringIO())


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_log_lines_wait_while_the_app_draws_on_the_same_terminal(tmp_path, monkeypatch):
    monkeypatch.setattr(logs, "SYSLOG_ADDRESS", str(tmp_path / "no-system-log"))
    terminal = FakeTerminal()
    logger = logs.setup_logging("info", terminal)
    with logs.held_while_drawing():
        logger.info("attendant: signed in")
        assert terminal.getvalue() == ""  # would scribble over the table
    assert "INFO reddog_tui: attendant: signed in" in terminal.getvalue()
    journald = io.StringIO()  # not a terminal: written at once
    logger = logs.setup_logging("info", journald)
    with logs.held_while_drawing():
        logger.info("written now")
        assert "written now" in journald.getvalue()


def test_log_lines_go_to_the_system_log_while_the_app_draws_on_the_same_terminal(tmp_path, monkeypatch):
    address = tmp_path / "log"  # stands in for /dev/log, which journald reads
    system_log = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    system_log.bind(str(address))
    system_log.settimeout(5)
    monkeypatch.setattr(logs, "SYSLOG_ADDRESS", str(address))
    terminal = FakeTerminal()
    logger = logs.setup_logging("info", terminal)
    try:
        with logs.held_while_drawing():
            logger.warning("attendant: entry locked")
            received = system_log.recv(4096).decode()
            assert terminal.getvalue() == ""  # nothing over the table
        assert received.startswith("<12>reddog[")  # facility user (1) * 8 + warning (4)
        assert received.endswith("WARNING reddog_tui: attendant: entry locked\x00")
        assert "entry locked" not in terminal.getvalue()  # sent once, not held as well
        logger.info("stopped")
        assert "INFO reddog_tui: stopped" in terminal.getvalue()  # the terminal again once it is free
    finally:
        system_log.close()
        logs.setup_logging("info", io.StringIO())


# --- start, stop, crash --------------------------------------------------------------------


def test_start_and_stop_name_the_version_and_the_data_dir(tmp_path, monkeypatch, caplog):
    monkeypatch.setattr(RedDogApp, "run", lambda self, *a, **k: None)
    caplog.set_level(logging.INFO, logger="reddog_tui")
    args = Namespace(data_dir=str(tmp_path), lang="en", seed=None, kiosk=False)
    assert launch_module.launch(args) == 0
    started, stopped = messages(caplog)
    assert started.startswith("Red Dog 0.") and started.endswith(f"starts, data dir {tmp_path}")
    assert stopped == "Red Dog stops, exit status 0"


def test_a_crash_shows_one_localized_line_and_logs_the_traceback(tmp_path, monkeypatch, capsys, caplog):
    def bug(self) -> None:
        secret = str(4700 + 11)  # a local variable, as a PIN would be: never in the log
        raise RuntimeError(f"a bug{'' if secret else '!'}")

    run = RedDogApp.run
    monkeypatch.setattr(RedDogApp, "on_mount", bug)
    monkeypatch.setattr(RedDogApp, "run", lambda self, *args, **kwargs: run(self, headless=True))
    args = Namespace(data_dir=str(tmp_path), lang="de", seed=None, kiosk=False)
    assert launch_module.launch(args) == 1
    captured = capsys.readouterr()
    assert (
        captured.out
        == "Red Dog wurde nach einem unerwarteten Fehler beendet. Ihr Spielstand bleibt erhalten. Bitte rufen Sie die Aufsicht.\n"
    )
    assert "a bug" not in captured.err  # Textual's own report, not on the terminal
    (record,) = [r for r in caplog.records if r.levelno == logging.CRITICAL]
    assert record.getMessage().startswith("unexpected error, Red Dog stops\n")
    assert "Traceback" in caplog.text and "RuntimeError: a bug" in caplog.text
    assert "in bug" in caplog.text and "4711" not in caplog.text  # the frame, not its local variables


@run
async def test_an_unexpected_error_in_the_app_reaches_the_log_not_the_screen(tmp_path, capsys, caplog):
    app = make_app(tmp_path)

    def boom() -> None:
        raise RuntimeError("a bug in a handler")

    with pytest.raises(RuntimeError):
        async with app.run_test(size=(80, 24)) as pilot:
            app.call_later(boom)
            await pilot.pause(0.2)
    assert app.crashed and app.return_code == 1
    assert "a bug" not in capsys.readouterr().err  # Textual's traceback (with local variables) is not printed
    assert "RuntimeError: a bug in a handler" in caplog.text


# --- the journal refused, attendant events -------------------------------------------------


@run
async def test_a_refused_journal_is_logged_with_the_reason(tmp_path, caplog):
    (tmp_path / DB_FILENAME).write_text("credits=1000\n")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.1)
        assert app.store_error is not None
    (line,) = [m for m in messages(caplog) if m.startswith("journal refused")]
    assert "not a Red Dog database" in line and str(tmp_path / DB_FILENAME) in line


@run
async def test_attendant_sign_in_lockout_and_sign_out_are_logged(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="reddog_tui")
    clock = Clock()
    app = kiosk_app(tmp_path, clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "f12")
        for wrong in ("1111", "2222", "3333"):
            await pilot.press(*wrong, "enter")
        clock.now += 60
        await pilot.press(*PIN, "enter")
        await pilot.pause(0.1)
        await pilot.press("escape")
        await pilot.pause(0.1)
    attendant = [(r.levelname, r.getMessage()) for r in caplog.records if r.getMessage().startswith("attendant:")]
    assert attendant == [
        ("WARNING", "attendant: wrong PIN"),
        ("WARNING", "attendant: wrong PIN"),
        ("WARNING", "attendant: wrong PIN, entry locked out"),
        ("INFO", "attendant: signed in"),
        ("INFO", "attendant: signed out"),
    ]
