"""Defect: a signal that ends Red Dog must give the terminal back (main screen, mouse off).

The app runs on a real pseudo terminal; the test keeps every byte the app writes to it,
sends the signal, and looks for the sequences that leave full-screen mode in what the
terminal received after the signal.
"""

from __future__ import annotations

import os
import signal
import sys

import pytest

from ..terminal import Terminal, app_command

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo terminal")

ALTERNATE_SCREEN_OFF = b"\x1b[?1049l"
MOUSE_OFF = (b"\x1b[?1000l", b"\x1b[?1003l", b"\x1b[?1006l")
ALTERNATE_SCREEN_ON = b"\x1b[?1049h"


@pytest.mark.parametrize("number", [signal.SIGHUP, signal.SIGTERM, signal.SIGINT, signal.SIGQUIT], ids=lambda s: s.name)
def test_an_ending_signal_gives_the_terminal_back(tmp_path, number):
    with Terminal(app_command("--data-dir", str(tmp_path), "--lang", "en")) as terminal:
        terminal.wait_for("Choose your language")
        assert ALTERNATE_SCREEN_ON in terminal.received()
        before = len(terminal.received())
        os.kill(terminal.pid, number)
        status = terminal.exit_status()
        after = terminal.received()[before:]
        assert ALTERNATE_SCREEN_OFF in after, after
        for sequence in MOUSE_OFF:
            assert sequence in after, (sequence, after)
        assert b"Traceback" not in after
        assert status == 128 + number  # as a shell reports a process ended by that signal


def test_in_kiosk_mode_sigterm_ends_cleanly_and_sigint_is_still_ignored(tmp_path):
    from reddog_tui.kiosk.pin import PIN_SETTING, hash_pin
    from reddog_tui.store import Store

    with Store.open(tmp_path) as store:
        store.set_setting(PIN_SETTING, hash_pin("4711"))
    with Terminal(app_command("--kiosk", "--data-dir", str(tmp_path), "--lang", "en")) as terminal:
        terminal.wait_for("Choose your language")
        os.kill(terminal.pid, signal.SIGINT)  # locked: nothing happens
        after_sigint = terminal.mark()
        terminal.write(b"\r")  # the kiosk still answers: English, to the table
        terminal.wait_for("Credits", since=after_sigint)
        assert terminal.running()
        before = len(terminal.received())
        os.kill(terminal.pid, signal.SIGTERM)
        status = terminal.exit_status()
        after = terminal.received()[before:]
        assert ALTERNATE_SCREEN_OFF in after and all(sequence in after for sequence in MOUSE_OFF)
        assert status == 128 + signal.SIGTERM


def test_a_terminal_that_hangs_up_ends_the_app_with_its_journal_closed(tmp_path):
    with Terminal(app_command("--data-dir", str(tmp_path), "--lang", "en")) as terminal:
        terminal.wait_for("Choose your language")
        terminal.hang_up()  # nothing can be written to the terminal any more
        assert terminal.exit_status() == 128 + signal.SIGHUP
        assert not (tmp_path / "reddog.db-wal").exists()  # the journal was closed, not abandoned
