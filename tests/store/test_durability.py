"""The durability contract: a committed transition reaches the disk before its frame is drawn.

kill -9 cannot show this (the page cache survives a killed process), so the real app runs on a
pseudo-terminal under strace, one chip is placed, and the order of the system calls is read:
the key is read, the journal's WAL is written and synced (fdatasync/fsync), and only then is
anything written to the terminal.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import shutil
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WAIT_S = 60  # the app starts in seconds; this is reached only when something is broken
QUIET_S = 0.7  # no output for this long: the app has drawn everything it is going to
SYNCS = ("fsync(", "fdatasync(")


def strace_refusal() -> str | None:
    """Why strace cannot be used here, or None."""
    if shutil.which("strace") is None:
        return "strace is not installed"
    probe = subprocess.run(["strace", "-f", "-e", "trace=none", "true"], capture_output=True)
    if probe.returncode != 0:
        return "strace may not trace here (ptrace is not permitted)"
    return None


class Terminal:
    """The app on a 100x30 pseudo-terminal; everything it draws is collected."""

    def __init__(self, command: list[str], env: dict[str, str]) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        self.process = subprocess.Popen(
            command, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True, close_fds=True
        )
        os.close(slave)
        self.output = bytearray()
        self.last_output = time.monotonic()
        threading.Thread(target=self._collect, daemon=True).start()

    def _collect(self) -> None:
        while True:
            try:
                data = os.read(self.master, 65536)
            except OSError:  # the app has ended
                return
            if not data:
                return
            self.output += data
            self.last_output = time.monotonic()

    def wait_for(self, text: bytes, start: int = 0) -> None:
        deadline = time.monotonic() + WAIT_S
        while text not in self.output[start:]:
            assert self.process.poll() is None, bytes(self.output[-2000:])
            assert time.monotonic() < deadline, f"{text!r} never drawn"
            time.sleep(0.05)

    def wait_quiet(self) -> None:
        deadline = time.monotonic() + WAIT_S
        while time.monotonic() - self.last_output < QUIET_S:
            assert time.monotonic() < deadline, "the screen never settled"
            time.sleep(0.05)

    def press(self, key: bytes) -> None:
        os.write(self.master, key)

    def close(self) -> None:
        if self.process.poll() is None:
            self.press(b"\x11")  # Ctrl+Q
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        os.close(self.master)


def first_index(lines: list[str], test, start: int = 0) -> int | None:
    return next((i for i in range(start, len(lines)) if test(lines[i])), None)


def is_terminal_write(line: str) -> bool:
    return re.search(r"\bwrite\(\d+</dev/pts/", line) is not None


def is_finished_sync(line: str) -> bool:
    """A completed fsync/fdatasync of the journal (also its `<... resumed>` half)."""
    started = any(call in line for call in SYNCS) and "reddog.db" in line
    resumed = re.search(r"<\.\.\. f(?:data)?sync resumed>", line) is not None
    return (started or resumed) and "unfinished" not in line and re.search(r"= 0\s*$", line) is not None


def test_a_chip_placed_is_synced_to_disk_before_the_screen_shows_it(tmp_path):
    reason = strace_refusal()
    if reason:
        pytest.skip(reason)
    trace = tmp_path / "trace"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm-256color", "LANG": "C.UTF-8",
           "TEXTUAL_ANIMATIONS": "none"}
    env.pop("LANGUAGE", None)
    command = ["strace", "-f", "-y", "-s", "32", "-o", str(trace),
               "-e", "trace=read,write,pwrite64,fsync,fdatasync",
               sys.executable, "-m", "reddog_tui", "--data-dir", str(tmp_path / "data"), "--lang", "en"]
    terminal = Terminal(command, env)
    try:
        terminal.wait_for(b"English")  # the welcome screen
        terminal.press(b"\r")
        terminal.wait_for(b"DEAL")
        terminal.wait_quiet()
        before_key = len(trace.read_text().splitlines())
        drawn_before_key = len(terminal.output)
        terminal.press(b"+")  # one chip of 1: a committed transition
        terminal.wait_for(b"999", start=drawn_before_key)
        terminal.wait_quiet()
    finally:
        terminal.close()
    lines = trace.read_text().splitlines()[before_key:]
    key = first_index(lines, lambda line: re.search(r"\bread\(0</dev/pts/\d+>, \"\+\"", line) is not None)
    assert key is not None, "the key was not read from the terminal"
    frame = first_index(lines, is_terminal_write, key)
    assert frame is not None, "nothing was drawn after the key"
    wal_writes = [i for i in range(key, frame) if "pwrite64(" in lines[i] and "reddog.db-wal" in lines[i]]
    assert wal_writes, "the transition was not written to the journal before it was drawn"
    synced = first_index(lines, is_finished_sync, wal_writes[-1])
    assert synced is not None and synced < frame, "\n".join(lines[key : frame + 1])
