"""The real kiosk on a pseudo terminal, its attendant's side left alone: at the idle timeout it
closes, nothing half-typed is added, and the next F12 meets the PIN entry, not the menu.

`python -m reddog_tui --kiosk` with the shortest idle timeout an operator can set, waited for
on the kiosk's own clock: the keys' bytes go through the terminal, the driver and the app.
"""

from __future__ import annotations

import sys
import time

import pytest

from reddog_tui.store import Store
from reddog_tui.store.settings import Key

from ..terminal import Terminal, app_command
from .kiosk_helpers import PIN, with_pin
from .money_bursts import journal_actions, meters_as_the_command_reads_them

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs a pseudo terminal")

F12 = b"\x1b[24~"
IDLE_S = 30  # the shortest idle timeout an operator can set
PROMPT = "Enter the attendant PIN"


def with_idle_timeout(data_dir, seconds: int = IDLE_S):
    with Store.open(with_pin(data_dir)) as store:
        store.set_setting(Key.IDLE_TIMEOUT, seconds)
    return data_dir


@pytest.mark.parametrize("left_on", ["menu", "add-credits"])
def test_the_attendants_side_left_alone_closes_at_the_idle_timeout(tmp_path, left_on):
    data_dir = with_idle_timeout(tmp_path / "data")
    with Terminal(app_command("--kiosk", "--lang", "en", "--data-dir", str(data_dir)), size=(100, 30)) as terminal:
        terminal.wait_for("Choose your language")
        terminal.write(b"\r")  # English, to the table
        terminal.wait_for("Credits")
        terminal.wait_quiet(0.3)
        terminal.write(F12)
        terminal.wait_for(PROMPT)
        terminal.write(PIN.encode() + b"\r")
        terminal.wait_for("Attendant menu")
        if left_on == "add-credits":
            terminal.write(b"1")
            terminal.wait_for("Credits paid in, then Enter")
            terminal.write(b"15")  # an amount half-typed, never confirmed
        time.sleep(IDLE_S + 3)  # the kiosk looks once a second
        since = terminal.mark()
        terminal.write(F12)  # the next person at the cabinet
        terminal.wait_for(PROMPT, since=since)
        assert terminal.running()
    assert meters_as_the_command_reads_them(data_dir)["credits_in"] == 0
    assert "attendant_menu_timed_out" in journal_actions(data_dir)
