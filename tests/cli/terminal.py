"""`python -m reddog_tui` on a real pseudo terminal, for the command line's tests."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios
import threading
import time

WAIT_S = 20.0


class Terminal:
    """`python -m reddog_tui ARGS` on a pty of 100×30; everything it writes is kept."""

    def __init__(self, *args: str) -> None:
        environment = {k: v for k, v in os.environ.items() if not k.startswith(("REDDOG_", "TEXTUAL", "COLUMNS", "LINES"))}
        environment.update(TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8", TEXTUAL_ANIMATIONS="none")
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
            os.execve(sys.executable, [sys.executable, "-m", "reddog_tui", *args], environment)
        self.output = bytearray()
        self._lock = threading.Lock()
        self._stopped = threading.Event()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while not self._stopped.is_set():
            try:
                if not select.select([self.fd], [], [], 0.1)[0]:
                    continue
                chunk = os.read(self.fd, 65536)
            except OSError:
                return
            if not chunk:
                return
            with self._lock:
                self.output += chunk

    def received(self) -> bytes:
        with self._lock:
            return bytes(self.output)

    def write(self, keys: bytes) -> None:
        for key in keys:
            os.write(self.fd, bytes([key]))
            time.sleep(0.05)

    def wait_for(self, text: str) -> None:
        deadline = time.monotonic() + WAIT_S
        while text.encode() not in self.received():
            if time.monotonic() > deadline:
                raise AssertionError(f"never drew {text!r}: {self.received()[-800:]!r}")
            time.sleep(0.05)

    def hang_up(self) -> None:
        """Close the terminal, as a dropped connection does: the kernel sends SIGHUP."""
        self._stopped.set()
        self._reader.join(timeout=2)
        os.close(self.fd)
        self.fd = -1

    def exit_status(self) -> int:
        deadline = time.monotonic() + WAIT_S
        while time.monotonic() < deadline:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self._stopped.set()
                self._reader.join(timeout=2)
                if self.fd >= 0:
                    os.close(self.fd)
                return os.waitstatus_to_exitcode(status)
            time.sleep(0.05)
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        raise AssertionError("the app did not end after the signal")
