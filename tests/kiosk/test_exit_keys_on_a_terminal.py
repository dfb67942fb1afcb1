"""The real kiosk on a pseudo terminal: Ctrl+C, Ctrl+Z, Ctrl+\\, Ctrl+P and Ctrl+Q change nothing.

`python -m reddog_tui --kiosk` runs as on the cabinet, with TEXTUAL_ALLOW_SIGNALS set in its
environment (an operator's shell might set it): the keys' bytes go through the terminal, the
driver and the app's bindings. The same signals sent by `kill` are ignored too.
"""

from __future__ import annotations

import os
import signal
import sys
import termios
import time
from pathlib import Path

import pytest

from ..terminal import Terminal, app_command, clean_environment
from .kiosk_helpers import with_pin

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs a pseudo terminal and /proc")

SIZE = (100, 30)  # columns, rows
EXIT_KEYS = {"ctrl+c": b"\x03", "ctrl+z": b"\x1a", "ctrl+backslash": b"\x1c", "ctrl+p": b"\x10", "ctrl+q": b"\x11"}
# What Textual would draw if a key got through: its quit hint, its command palette.
NEVER_DRAWN = ("quit", "Search for commands")


class KioskOnTerminal(Terminal):
    """One run of `python -m reddog_tui --kiosk` with everything it draws kept."""

    def __init__(self, data_dir: Path) -> None:
        # TEXTUAL_ALLOW_SIGNALS: an operator's shell might set it; the kiosk must not heed it.
        super().__init__(app_command("--kiosk", "--data-dir", str(data_dir), "--lang", "en"), size=SIZE,
                         env=clean_environment(TEXTUAL_ALLOW_SIGNALS="1"))  # fmt: skip

    def assert_running(self) -> None:
        pid, status = os.waitpid(self.pid, os.WNOHANG | os.WUNTRACED)
        assert pid == 0, f"the kiosk ended or stopped (wait status {status:#x}): {self.text()[-800:]!r}"
        state = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        assert state not in ("T", "t", "Z"), f"the kiosk is stopped or gone (state {state})"

    def signals_reach_it(self) -> bool:
        """Whether the terminal turns Ctrl+C, Ctrl+Z and Ctrl+\\ into signals (ISIG)."""
        return bool(termios.tcgetattr(self.fd)[3] & termios.ISIG)


@pytest.fixture
def kiosk(tmp_path):
    kiosk = KioskOnTerminal(with_pin(tmp_path / "data"))
    try:
        kiosk.wait_for("Choose your language")
        os.write(kiosk.fd, b"\r")  # English, to the table
        kiosk.wait_for("Credits")
        yield kiosk
    finally:
        kiosk.stop()


def still_playing(kiosk: KioskOnTerminal, since: int) -> None:
    """Running, not stopped, nothing of Textual's own drawn, and the next key still works."""
    time.sleep(0.5)
    kiosk.assert_running()
    drawn = kiosk.text(since)
    for text in NEVER_DRAWN:
        assert text not in drawn
    os.write(kiosk.fd, b"l")  # English to German: the table answers at once
    kiosk.wait_for("Punkte", since=since)
    back = kiosk.mark()
    os.write(kiosk.fd, b"llll")  # and round to English again
    kiosk.wait_for("Credits", since=back)


def test_the_terminal_delivers_the_exit_keys_as_keys(kiosk):
    assert not kiosk.signals_reach_it()  # even with TEXTUAL_ALLOW_SIGNALS in the environment


@pytest.mark.parametrize("key", EXIT_KEYS)
def test_an_exit_key_typed_on_the_terminal_changes_nothing(kiosk, key):
    since = kiosk.mark()
    os.write(kiosk.fd, EXIT_KEYS[key] * 2)
    still_playing(kiosk, since)


@pytest.mark.parametrize("number", [signal.SIGINT, signal.SIGTSTP, signal.SIGQUIT])
def test_an_exit_signal_sent_to_the_kiosk_changes_nothing(kiosk, number):
    since = kiosk.mark()
    os.kill(kiosk.pid, number)
    still_playing(kiosk, since)
