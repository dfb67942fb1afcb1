"""A bouncing Enter on a real terminal: every Enter of the burst written to the pty at once, on
the amount and then on the confirmation; the credits are added once."""

from __future__ import annotations

import time

import pytest

from tests.terminal import Terminal, app_command

from .kiosk_helpers import PIN, with_pin
from .money_bursts import journal_actions, meters_as_the_command_reads_them

F12 = b"\x1b[24~"
SETTLE_S = 1.0  # a pause for the app to take what was written (the screen keeps drawing: a cursor blinks)


def seven_typed_to_add(terminal: Terminal) -> None:
    """Past the welcome, signed in as the attendant, on Add credits with 7 typed."""
    terminal.wait_for("Red Dog")
    terminal.write(b"\r")
    terminal.wait_quiet(0.3)
    terminal.write(F12)
    terminal.wait_for("Enter the attendant PIN")
    terminal.write(PIN.encode() + b"\r")
    terminal.wait_for("Attendant menu")
    terminal.write(b"1")
    terminal.wait_for("Credits paid in, then Enter")
    terminal.write(b"7")
    time.sleep(SETTLE_S)


@pytest.mark.parametrize("count", [2, 3, 10, 20])
def test_a_burst_of_enters_on_a_terminal_adds_the_credits_once(tmp_path, count):
    data_dir = with_pin(tmp_path / "data")
    with Terminal(app_command("--kiosk", "--lang", "en", "--data-dir", str(data_dir)), size=(100, 30)) as terminal:
        seven_typed_to_add(terminal)
        terminal.write(b"\r" * count, pace_s=0)  # the amount: all at once
        time.sleep(SETTLE_S)
        terminal.write(b"\r" * count, pace_s=0)  # the confirmation (or what is left of it): all at once
        time.sleep(SETTLE_S)
        for _ in range(3):  # anything still asked is answered, as the attendant in the report did
            terminal.write(b"\r")
            time.sleep(SETTLE_S)
    assert meters_as_the_command_reads_them(data_dir)["credits_in"] == 7
    assert journal_actions(data_dir).count("add_credits") == 1


@pytest.mark.parametrize("count", [2, 3, 10, 20])
def test_a_burst_of_enters_on_a_terminal_leaves_the_question_for_the_attendant_to_answer(tmp_path, count):
    """The burst on the amount asks once and answers nothing, however the terminal splits it into
    reads: the question stays until the attendant's own Enter; a burst on it adds the credits once."""
    data_dir = with_pin(tmp_path / "data")
    with Terminal(app_command("--kiosk", "--lang", "en", "--data-dir", str(data_dir)), size=(100, 30)) as terminal:
        seven_typed_to_add(terminal)
        asked = terminal.mark()
        terminal.write(b"\r" * count, pace_s=0)  # the amount: all at once
        terminal.wait_for("for the player?", since=asked)
        time.sleep(SETTLE_S)
        assert "added" not in terminal.text(asked)  # nothing answered the question but the attendant
        assert meters_as_the_command_reads_them(data_dir)["credits_in"] == 0
        answered = terminal.mark()
        terminal.write(b"\r" * count, pace_s=0)  # the confirmation: all at once
        terminal.wait_for("credits added.", since=answered)
        time.sleep(SETTLE_S)
        after = terminal.text(answered)
        assert "for the player?" not in after[after.index("credits added.") :]  # asked no more
    assert meters_as_the_command_reads_them(data_dir)["credits_in"] == 7
    assert journal_actions(data_dir).count("add_credits") == 1
