"""A flood of keys into the real kiosk on a pseudo terminal: how long it stays busy, what memory it keeps.

    python benchmarks/key_flood.py [--keys 5000 200000] [--limit 120] [--src DIR]

For each count a fresh `python -m reddog_tui` opens the table; `+` and `-` are then
written to the terminal as fast as it takes them (a paste, or a script). Reported:
seconds from the first key until the app is idle again (its CPU time stops growing
for a second), and its resident memory before the flood, once it is idle again,
and at its peak. A run that is still busy after `--limit` seconds is reported as
such. `--src` runs another checkout (for example the release before) the same way.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import signal
import struct
import sys
import tempfile
import termios
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZE = (100, 30)  # columns, rows
IDLE_S = 1.0  # CPU time unchanged this long: the app has drained its input
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int, field: str = "VmRSS") -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    raise LookupError(field)


def cpu_ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime


def wait_idle(pid: int, limit: float) -> float | None:
    """Seconds until the CPU time last grew before a quiet second, or None if still busy at `limit`."""
    started = time.monotonic()
    last_ticks, last_change = cpu_ticks(pid), started
    while time.monotonic() - started < limit:
        time.sleep(0.05)
        ticks = cpu_ticks(pid)
        now = time.monotonic()
        if ticks != last_ticks:
            last_ticks, last_change = ticks, now
        elif now - last_change >= IDLE_S:
            return last_change - started
    return None


class Kiosk:
    """`python -m reddog_tui` on a pseudo terminal, its output read and thrown away."""

    def __init__(self, src: Path, data_dir: Path) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("REDDOG_", "TEXTUAL", "COLUMNS", "LINES"))}
        env.update(TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8", TEXTUAL_ANIMATIONS="none",
                   PYTHONPATH=str(src))  # fmt: skip
        args = [sys.executable, "-m", "reddog_tui", "--data-dir", str(data_dir), "--lang", "en"]
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE[1], SIZE[0], 0, 0))
            os.execve(sys.executable, args, env)
        self.seen = bytearray()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        while True:
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                return
            if not chunk:
                return
            self.seen = (self.seen + chunk)[-20000:]

    def wait_for(self, text: bytes, limit: float = 60.0) -> None:
        deadline = time.monotonic() + limit
        while text not in self.seen:
            if time.monotonic() > deadline:
                raise TimeoutError(f"{text!r} never appeared")
            time.sleep(0.05)

    def write(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            view = view[os.write(self.fd, view[:4096]) :]

    def stop(self) -> None:
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        os.close(self.fd)


def flood(src: Path, keys: int, limit: float) -> dict[str, float | None]:
    with tempfile.TemporaryDirectory() as data_dir:
        kiosk = Kiosk(src, Path(data_dir))
        try:
            kiosk.wait_for(b"Deutsch")  # the welcome screen
            kiosk.write(b"\r")
            kiosk.wait_for(b"Credits")  # the table
            wait_idle(kiosk.pid, 30)
            before = rss_mb(kiosk.pid)
            writer = threading.Thread(target=kiosk.write, args=(b"+-" * (keys // 2),), daemon=True)
            writer.start()
            drained = wait_idle(kiosk.pid, limit)
            return {
                "keys": keys,
                "drain_s": drained,
                "rss_before_mb": before,
                "rss_after_mb": rss_mb(kiosk.pid),
                "rss_peak_mb": rss_mb(kiosk.pid, "VmHWM"),
            }
        finally:
            kiosk.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keys", type=int, nargs="+", default=[5_000, 200_000])
    parser.add_argument(
        "--limit", type=float, default=120.0, help="give up waiting for the app after this many seconds"
    )
    parser.add_argument("--src", type=Path, default=ROOT, help="the checkout to run (default: this one)")
    options = parser.parse_args()
    print(f"{'keys':>8}  {'busy for':>10}  {'memory before':>13}  {'after':>8}  {'peak':>8}")
    for keys in options.keys:
        r = flood(options.src, keys, options.limit)
        busy = f"{r['drain_s']:.1f} s" if r["drain_s"] is not None else f">{options.limit:.0f} s"
        print(
            f"{keys:>8,}  {busy:>10}  {r['rss_before_mb']:>10.0f} MB  {r['rss_after_mb']:>5.0f} MB  {r['rss_peak_mb']:>5.0f} MB",
            flush=True,
        )


if __name__ == "__main__":
    main()
