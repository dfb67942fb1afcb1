"""The real kiosk on a pseudo terminal, stopped on its error screen: a journal whose settled round
holds a card no release writes fails its integrity check at F3. No exit key a guest can type
ends it there; the attendant's F12 and PIN do, with the exit status of a journal refused (1)."""

from __future__ import annotations

import os
import signal
import sqlite3
import sys

import pytest

from reddog_tui.store import Store

from ..terminal import Terminal, app_command, clean_environment
from .kiosk_helpers import PIN, with_pin
from .test_exit_keys_on_a_terminal import EXIT_KEYS, KioskOnTerminal

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs a pseudo terminal and /proc")

F12 = b"\x1b[24~"


def with_a_garbage_card(data_dir):
    """A kiosk journal with a PIN, and a settled round whose first card is "ZZ"."""
    Store.open(with_pin(data_dir)).close()
    conn = sqlite3.connect(data_dir / "reddog.db")
    conn.execute("INSERT INTO rounds VALUES (1, 0, 'ZZ', '2H', '3C', 1, 0, 'joker', 0, 'lose', 0, 1000, 999)")
    conn.commit()
    conn.close()
    return data_dir


def test_on_the_error_screen_no_exit_key_ends_the_kiosk_and_the_pin_does(tmp_path):
    with KioskOnTerminal(with_a_garbage_card(tmp_path / "data")) as kiosk:
        kiosk.wait_for("Choose your language")
        os.write(kiosk.fd, b"\r")  # English, to the table
        kiosk.wait_for("Credits")
        kiosk.wait_quiet(0.3)  # the table has settled: F3 is not read mid-mount
        since = kiosk.mark()
        kiosk.press_until(b"\x1bOR", "failed its integrity check")  # F3: the recall reads the damaged round
        kiosk.wait_quiet(0.3)
        for key in EXIT_KEYS.values():
            kiosk.write(key * 2, pace_s=0.1)
        kiosk.wait_quiet(0.5)
        assert kiosk.running(), f"ended with status {kiosk.status} on the error screen"
        assert "Traceback" not in kiosk.text(since)
        kiosk.wait_for("F12 and the attendant PIN", since=since)  # the staff's way out, on the screen
        since = kiosk.mark()
        os.write(kiosk.fd, F12)
        kiosk.wait_for("press Enter to close Red Dog", since=since)  # the PIN entry says what the PIN does here
        kiosk.wait_quiet(0.3)
        kiosk.write(PIN.encode() + b"\r", pace_s=0.1)
        assert kiosk.exit_status() == 1  # a journal that cannot be used: the status says so


def test_the_kiosk_on_a_refused_journal_ends_on_a_signal(tmp_path):
    """No PIN can be read from a file that is no journal: a signal (the service stopped) ends it."""
    data_dir = with_pin(tmp_path / "data")
    (data_dir / "reddog.db").write_bytes(b"this is not a journal" * 10)
    command = app_command("--kiosk", "--data-dir", str(data_dir), "--lang", "en")
    with Terminal(command, size=(100, 30), env=clean_environment()) as kiosk:
        kiosk.wait_for("Red Dog cannot start")
        kiosk.wait_quiet(0.3)
        for key in (*EXIT_KEYS.values(), F12):
            kiosk.write(key * 2, pace_s=0.1)
        kiosk.wait_quiet(0.5)
        assert kiosk.running()
        kiosk.wait_for("Stop the Red Dog service")  # what the staff are told instead
        os.kill(kiosk.pid, signal.SIGTERM)
        assert kiosk.exit_status() == 128 + signal.SIGTERM
