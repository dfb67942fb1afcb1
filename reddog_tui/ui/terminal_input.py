"""The terminal's bytes pass an InputGuard (input_guard.py) before Textual's parser reads them.

Textual's LinuxDriver reads its input in `run_input_thread`, from the file descriptor in its
public `fileno`. The guarded driver puts a pipe there while that thread runs: a second thread
reads the terminal, passes the bytes through the guard and writes what is well formed to the
pipe. `fileno` is the terminal again before the thread ends, since the driver's termios calls
(entering and leaving application mode) use it too. Should Textual's parser still raise, the
input it was reading is dropped and it starts afresh: the kiosk never loses its keyboard.

Under `reddog serve` the kiosk runs on Textual's WebDriver, and the server guards the bytes
before they reach the kiosk's process (web/server.py).
"""

from __future__ import annotations

import logging
import os
import select
import sys
import threading

from textual import events
from textual.driver import Driver
from textual.geometry import Size

from .input_guard import MAX_TERMINAL_SIZE, InputGuard

log = logging.getLogger(__name__)

READ_SIZE = 4096  # as Textual's own reads
POLL_S = 0.1  # how soon the pump notices that the driver stops reading


def pump(terminal: int, pipe: int, stop: threading.Event, guard: InputGuard) -> None:
    """Terminal -> guard -> pipe, until `stop`; then the pipe is closed.

    A terminal that ends (hung up, closed) leaves the pipe open and quiet until `stop`: at the
    end of a pipe Textual's reader would wake at once, again and again, and starve the thread
    that ends the app (SIGHUP, SIGTERM).
    """
    try:
        while not stop.is_set():
            if not select.select([terminal], [], [], POLL_S)[0]:
                continue
            try:
                data = os.read(terminal, READ_SIZE)
            except OSError:  # the terminal hung up
                data = b""
            if not data:
                stop.wait()
                return
            passed = guard.feed(data)
            while passed and not stop.is_set():  # the reader may stop reading: never block on it
                if select.select([], [pipe], [], POLL_S)[1]:
                    passed = passed[os.write(pipe, passed) :]
    finally:
        os.close(pipe)


def guarded_driver(base: type[Driver]) -> type[Driver]:
    """`base` reading the terminal through an InputGuard, if it is Textual's LinuxDriver."""
    if sys.platform == "win32":
        return base
    from textual.drivers.linux_driver import LinuxDriver

    if not issubclass(base, LinuxDriver):
        return base

    class GuardedDriver(base):  # type: ignore[valid-type, misc]
        fileno: int

        def run_input_thread(self) -> None:
            terminal = self.fileno
            reading, writing = os.pipe()
            os.set_blocking(writing, False)
            stop = threading.Event()
            pumping = threading.Thread(
                target=pump, args=(terminal, writing, stop, InputGuard()), name="reddog-input", daemon=True
            )
            pumping.start()
            self.fileno = reading
            logged = False
            try:
                while True:
                    try:
                        super().run_input_thread()  # returns once the driver stops reading
                        return
                    except Exception:
                        if not logged:  # once: a stream of bad input would flood the log
                            log.warning("input Textual could not read was dropped", exc_info=True)
                            logged = True
                        if self.exit_event.wait(POLL_S):  # a failure that repeats must not spin
                            return
            finally:
                self.fileno = terminal
                stop.set()
                pumping.join()
                os.close(reading)

    GuardedDriver.__name__ = GuardedDriver.__qualname__ = f"Guarded{base.__name__}"
    return GuardedDriver


def within_size_limit(event: events.Resize) -> events.Resize:
    """The screen's new size, at most MAX_TERMINAL_SIZE each way, whichever route reported it
    (the terminal, its in-band report, the browser's window)."""
    width, height = event.size
    if width <= MAX_TERMINAL_SIZE and height <= MAX_TERMINAL_SIZE:
        return event
    size = Size(min(width, MAX_TERMINAL_SIZE), min(height, MAX_TERMINAL_SIZE))
    return events.Resize(size, size, pixel_size=event.pixel_size)
