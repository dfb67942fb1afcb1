"""A command on a real pseudo terminal, for the tests that drive Red Dog as a person would:
key bytes in, everything drawn kept, signals and exit statuses as a shell sees them."""

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
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WAIT_S = 20.0  # reached only when something is broken: the app starts in a few seconds


def app_command(*args: str) -> list[str]:
    """`python -m reddog_tui ARGS`."""
    return [sys.executable, "-m", "reddog_tui", *args]


def clean_environment(**extra: str) -> dict[str, str]:
    """This environment without anything that would change how the app looks or what it reads."""
    skipped = ("REDDOG_", "TEXTUAL", "COLUMNS", "LINES", "LANGUAGE")
    environment = {k: v for k, v in os.environ.items() if not k.startswith(skipped)}
    environment.update(TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8", TEXTUAL_ANIMATIONS="none",
                       PYTHONPATH=str(ROOT))  # fmt: skip
    environment.update(extra)
    return environment


class Terminal:
    """`command` on a pty of `size` (columns, rows); everything it writes is kept. A context
    manager: leaving it ends the process (SIGKILL if it is still running) and closes the pty."""

    def __init__(self, command: list[str], *, size: tuple[int, int] = (100, 30), env: dict[str, str] | None = None,
                 wait_s: float = WAIT_S) -> None:  # fmt: skip
        environment = env if env is not None else clean_environment()
        self.wait_s = wait_s
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: its terminal is the pty's other end
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
            # A shell without job control starts background jobs with SIGINT and SIGQUIT ignored,
            # nohup ignores SIGHUP, and exec keeps that: the app must meet the signals as it would
            # on a terminal, whatever ran the tests.
            for number in (signal.SIGINT, signal.SIGQUIT, signal.SIGHUP):
                signal.signal(number, signal.SIG_DFL)
            os.execvpe(command[0], command, environment)
        self.output = bytearray()
        self.last_output = time.monotonic()
        self.status: int | None = None  # the exit code, once collected
        self._lock = threading.Lock()
        self._stopped = threading.Event()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *_exc) -> None:
        self.stop()

    def _read(self) -> None:
        while not self._stopped.is_set():
            try:
                if not select.select([self.fd], [], [], 0.1)[0]:
                    continue
                chunk = os.read(self.fd, 65536)
            except (OSError, ValueError):  # the app has ended, or the pty is closed
                return
            if not chunk:
                return
            with self._lock:
                self.output += chunk
                self.last_output = time.monotonic()

    # --- what it drew ---

    def received(self, since: int = 0) -> bytes:
        with self._lock:
            return bytes(self.output[since:])

    def text(self, since: int = 0) -> str:
        return self.received(since).decode("utf-8", "replace")

    def mark(self) -> int:
        """Where the output ends now, to look only at what comes after it."""
        with self._lock:
            return len(self.output)

    def wait_for(self, *texts: str | bytes, since: int = 0) -> None:
        """Until every one of `texts` has been drawn since `since`."""
        wanted = [t.encode() if isinstance(t, str) else t for t in texts]
        deadline = time.monotonic() + self.wait_s
        while not all(t in self.received(since) for t in wanted):
            if not self.running():  # it has ended: what it drew is all there is, once read
                self._reader.join(timeout=2)
                if all(t in self.received(since) for t in wanted):
                    return
                raise AssertionError(
                    f"ended ({self.status}) without drawing {texts!r}: {self.received(since)[-1500:]!r}"
                )
            if time.monotonic() > deadline:
                raise AssertionError(f"never drew {texts!r}: {self.received(since)[-1500:]!r}")
            time.sleep(0.02)

    def press_until(self, key: bytes, text: str, tries: int = 3) -> None:
        """Press `key` until `text` is drawn after it, as a person presses again a key the app
        did not take (a press made before the screen on top was ready is dropped)."""
        for attempt in range(tries):
            since = self.mark()
            os.write(self.fd, key)
            try:
                self.wait_for(text, since=since)
                return
            except AssertionError:
                if attempt == tries - 1 or not self.running():
                    raise

    def wait_quiet(self, quiet_s: float) -> None:
        """Until nothing has been drawn for `quiet_s`: the screen has settled."""
        deadline = time.monotonic() + self.wait_s
        while time.monotonic() - self.last_output < quiet_s:
            assert time.monotonic() < deadline, "the screen never settled"
            time.sleep(0.05)

    # --- what it is given ---

    def write(self, keys: bytes, pace_s: float = 0.05) -> None:
        """One byte at a time, as typed."""
        for key in keys:
            os.write(self.fd, bytes([key]))
            time.sleep(pace_s)

    def hang_up(self) -> None:
        """Close the terminal, as a dropped connection does: the kernel sends SIGHUP."""
        self._stopped.set()
        self._reader.join(timeout=2)
        os.close(self.fd)
        self.fd = -1

    # --- the process ---

    def running(self) -> bool:
        if self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(status)
        return self.status is None

    def exit_status(self) -> int:
        """The exit code once the process ends (negative: the signal that ended it)."""
        deadline = time.monotonic() + self.wait_s
        while self.running():
            if time.monotonic() > deadline:
                self.stop()
                raise AssertionError("the app did not end")
            time.sleep(0.05)
        self.stop()
        return self.status

    def stop(self) -> None:
        """SIGKILL if it still runs, collect it, close the pty. Safe to call again."""
        if self.running():
            os.kill(self.pid, signal.SIGKILL)
            self.status = os.waitstatus_to_exitcode(os.waitpid(self.pid, 0)[1])
        self._stopped.set()
        self._reader.join(timeout=2)
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1
