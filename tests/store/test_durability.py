"""The durability contract: a transition that moves money reaches the disk before its frame is drawn.

kill -9 cannot show this (the page cache survives a killed process), so the real app runs on a
pseudo-terminal under strace, a chip is placed and dealt, and the order of the system calls is
read: the key is read, the journal's WAL is written and synced (fdatasync/fsync), and only then
is anything written to the terminal. A chip placed before the deal moves credits within the
player's balance and changes no meter: it is written before it is drawn, and not waited for
(a power cut would give it back to the credits); the deal's sync takes it to the disk.
"""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from ..terminal import Terminal, app_command

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


def first_index(lines: list[str], test, start: int = 0) -> int | None:
    return next((i for i in range(start, len(lines)) if test(lines[i])), None)


def is_terminal_write(line: str) -> bool:
    return re.search(r"\bwrite\(\d+</dev/pts/", line) is not None


def is_finished_sync(line: str) -> bool:
    """A completed fsync/fdatasync of the journal (also its `<... resumed>` half)."""
    started = any(call in line for call in SYNCS) and "reddog.db" in line
    resumed = re.search(r"<\.\.\. f(?:data)?sync resumed>", line) is not None
    return (started or resumed) and "unfinished" not in line and re.search(r"= 0\s*$", line) is not None


def key_calls(trace, terminal, key: bytes, shown: str) -> list[str]:
    """The system calls from `key` being read until the frame that shows `shown` is written."""
    before_key = len(trace.read_text().splitlines())
    drawn_before_key = terminal.mark()
    terminal.write(key)
    terminal.wait_for(shown, since=drawn_before_key)
    terminal.wait_quiet(QUIET_S)
    lines = trace.read_text().splitlines()[before_key:]
    read = re.escape(repr(key.decode())[1:-1])
    start = first_index(lines, lambda line: re.search(rf'\bread\(0</dev/pts/\d+>, "{read}"', line) is not None)
    assert start is not None, f"the key {key!r} was not read from the terminal"
    frame = first_index(lines, is_terminal_write, start)
    assert frame is not None, "nothing was drawn after the key"
    return lines[start : frame + 1]


def wal_writes(calls: list[str]) -> list[int]:
    return [i for i, line in enumerate(calls) if "pwrite64(" in line and "reddog.db-wal" in line]


def test_a_deal_is_synced_to_disk_before_the_screen_shows_it_and_a_chip_is_written_unsynced(tmp_path):
    reason = strace_refusal()
    if reason:
        pytest.skip(reason)
    trace = tmp_path / "trace"
    command = ["strace", "-f", "-y", "-s", "32", "-o", str(trace),
               "-e", "trace=read,write,pwrite64,fsync,fdatasync",
               *app_command("--data-dir", str(tmp_path / "data"), "--lang", "en", "--seed", "7")]  # fmt: skip
    with Terminal(command, wait_s=WAIT_S) as terminal:
        terminal.wait_for("English")  # the welcome screen
        terminal.write(b"\r")
        terminal.wait_for("DEAL")
        terminal.wait_quiet(QUIET_S)
        chip = key_calls(trace, terminal, b"+", "999")  # one chip of 1
        deal = key_calls(trace, terminal, b"d", "RAISE")  # seed 7 deals a spread: the ante is at risk (R3, R7)
        terminal.write(b"\x11")  # Ctrl+Q: strace ends with the app, leaving no traced process behind
        terminal.exit_status()
    assert wal_writes(chip), "the chip was not written to the journal before it was drawn"
    assert first_index(chip, is_finished_sync) is None, "\n".join(chip)
    writes = wal_writes(deal)
    assert writes, "the deal was not written to the journal before it was drawn"
    synced = first_index(deal, is_finished_sync, writes[-1])
    assert synced is not None and synced < len(deal) - 1, "\n".join(deal)
