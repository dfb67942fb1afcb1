"""The guarded driver's reader: Textual reads the guard's pipe, and starts afresh if it fails."""

from __future__ import annotations

import os
import select
import sys
import threading

import pytest

from reddog_tui.ui.terminal_input import guarded_driver

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="Textual's LinuxDriver")


def test_the_reader_reads_through_the_guard_and_starts_afresh_after_a_failure():
    from textual.drivers.linux_driver import LinuxDriver

    terminal, typing = os.pipe()  # the terminal, as the driver sees it, and the keyboard
    runs: list = []

    class TextualReader(LinuxDriver):  # stands in for Textual's reading loop
        def run_input_thread(self) -> None:
            runs.append(self.fileno)
            if len(runs) == 1:
                raise OverflowError("as Textual's parser on input it cannot read")
            os.write(typing, b"\x1b[99999999999999999999;5ux")
            read = b""
            while b"x" not in read:
                read += os.read(self.fileno, 100)
            runs.append(read)
            self.exit_event.set()  # the app stops reading

    # Without __init__: the driver's own would take this process's standard input and signals.
    driver = object.__new__(guarded_driver(TextualReader))
    driver.fileno, driver.exit_event = terminal, threading.Event()
    try:
        driver.run_input_thread()
    finally:
        os.close(terminal)
        os.close(typing)
    assert runs[0] == runs[1] != terminal  # both runs read the guard's pipe
    assert runs[2] == b"x"  # what the guard let through
    assert driver.fileno == terminal  # the terminal again, for the driver's termios calls


def test_a_terminal_that_ends_leaves_the_pipe_quiet_until_the_reader_stops():
    """At the end of a pipe Textual's reader wakes at once, again and again, starving the thread
    that ends the app; so a terminal that ends is passed on as silence, not as an end."""
    from reddog_tui.ui.input_guard import InputGuard
    from reddog_tui.ui.terminal_input import pump

    terminal, keyboard = os.pipe()
    os.close(keyboard)  # the terminal has ended: reading it gives nothing more
    reading, writing = os.pipe()
    stop = threading.Event()
    pumping = threading.Thread(target=pump, args=(terminal, writing, stop, InputGuard()))
    pumping.start()
    try:
        readable, _, _ = select.select([reading], [], [], 0.5)
        assert readable == []  # no end of the pipe while the app still runs
        assert pumping.is_alive()
    finally:
        stop.set()
        pumping.join(timeout=5)
        os.close(terminal)
    assert not pumping.is_alive()
    assert os.read(reading, 10) == b""  # the pipe is closed once the reader stops
    os.close(reading)
