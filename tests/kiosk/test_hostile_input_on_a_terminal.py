"""Hostile bytes written to the real kiosk's terminal: dropped before Textual's parser, and the
kiosk runs on, draws no traceback and still answers F12 (the attendant's PIN prompt).

`python -m reddog_tui --kiosk` on a pseudo terminal, as on the cabinet: the bytes go through the
terminal, the input guard (ui/input_guard.py, ui/terminal_input.py) and Textual's parser.
"""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from reddog_tui.i18n import gettext_in
from reddog_tui.ui.input_guard import MAX_TERMINAL_SIZE, PASTE_TIMEOUT_S

from ..terminal import Terminal, app_command
from ..ui.helpers import LANGUAGES
from .hostile_input import HOSTILE
from .kiosk_helpers import PIN, with_pin

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs a pseudo terminal and /proc")

F12 = b"\x1b[24~"
PROMPT = "Enter the attendant PIN and press Enter."
BACK_TO_SIZE = b"\x1b[48;30;100;600;1000t"  # an in-band report of the pty's own size (rows; columns; pixels)


class Kiosk(Terminal):
    def __init__(self, data_dir: Path) -> None:
        super().__init__(app_command("--kiosk", "--data-dir", str(data_dir), "--lang", "en"), size=(100, 30))

    def check_alive(self, since: int) -> None:
        assert self.running(), f"the kiosk ended ({self.status}): {self.text(since)[-800:]!r}"
        assert "Traceback" not in self.text(since)

    def answers_f12(self, prompts: tuple[str, ...] = (PROMPT,)) -> None:
        """F12 brings the attendant's PIN prompt (in any of `prompts`, as the language may have changed)."""
        since = self.mark()
        os.write(self.fd, F12)
        deadline = time.monotonic() + self.wait_s
        while not any(prompt.encode() in self.received(since) for prompt in prompts):
            self.check_alive(since)
            assert time.monotonic() < deadline, f"F12 unanswered: {self.text(since)[-800:]!r}"
            time.sleep(0.05)


@pytest.fixture
def kiosk(tmp_path):
    kiosk = Kiosk(with_pin(tmp_path / "data"))
    try:
        kiosk.wait_for("Choose your language")
        os.write(kiosk.fd, b"\r")  # English, to the table
        kiosk.wait_for("Credits")
        yield kiosk
    finally:
        kiosk.stop()


def memory_mb(pid: int) -> dict[str, int]:
    status = Path(f"/proc/{pid}/status").read_text()
    return {line.split(":")[0]: int(line.split()[1]) // 1024 for line in status.splitlines() if line[:5] in ("VmRSS", "VmHWM")}  # fmt: skip


# Numbers Textual's parser cannot turn into a character; a sub-parameter where it
# expects a number; an in-band size of zero, then a click (Textual divides by it).
@pytest.mark.parametrize(
    "hostile",
    [b"\x1b[99999999999999999999;5u", b"\x1b[97;5;2147483648u", b"\x1b[97:65u", b"\x1b[48;24;80;0;0t\x1b[<0;3;3M"],
    ids=["huge-codepoint", "huge-text", "sub-parameter", "zero-size-then-click"],
)
def test_a_malformed_sequence_is_dropped_and_the_kiosk_runs_on(kiosk, hostile):
    since = kiosk.mark()
    os.write(kiosk.fd, hostile)
    time.sleep(0.5)
    kiosk.check_alive(since)
    kiosk.answers_f12()


def test_an_unfinished_paste_is_dropped_after_a_moment(kiosk):
    os.write(kiosk.fd, b"\x1b[200~abc")
    time.sleep(PASTE_TIMEOUT_S + 0.2)
    kiosk.answers_f12()


def test_a_finished_paste_still_reaches_the_field(kiosk):
    kiosk.answers_f12()
    since = kiosk.mark()
    os.write(kiosk.fd, b"\x1b[200~" + PIN.encode() + b"\x1b[201~")
    time.sleep(0.3)
    os.write(kiosk.fd, b"\r")
    kiosk.wait_for("Add credits", since=since)  # the attendant's menu: the pasted PIN was taken


def test_an_in_band_size_is_held_to_the_limit(kiosk):
    since = kiosk.mark()
    rows, columns = MAX_TERMINAL_SIZE + 100, MAX_TERMINAL_SIZE + 200
    os.write(kiosk.fd, b"\x1b[48;%d;%d;%d;%dt" % (rows, columns, rows * 20, columns * 10))
    kiosk.wait_for(f"\x1b[{MAX_TERMINAL_SIZE};".encode(), since=since)  # drawn on its last row
    kiosk.wait_quiet(0.5)
    drawn_rows = [int(row) for row in re.findall(rb"\x1b\[(\d+);\d+H", kiosk.received(since))]
    assert max(drawn_rows) == MAX_TERMINAL_SIZE
    kiosk.check_alive(since)


def test_a_flood_of_clicks_is_dropped_not_queued(kiosk):
    """50,000 clicks took 17 s and 460 MB: now those beyond a person's pace are dropped as they
    arrive. 20,000 clicks (two spots in turn, so none is a double click) change the kiosk's
    peak memory by a few MB (they cost well over 100 MB when queued)."""
    kiosk.wait_quiet(0.5)
    before = memory_mb(kiosk.pid)["VmRSS"]
    clicks = b"".join(b"\x1b[<0;%d;15M\x1b[<0;%d;15m" % (10 + i % 2, 10 + i % 2) for i in range(20_000))
    view = memoryview(clicks)
    while view:
        view = view[os.write(kiosk.fd, view[:4096]) :]
    kiosk.wait_s = 120  # the queued clicks of a broken pace take long to work off
    kiosk.answers_f12()
    kiosk.wait_quiet(0.5)
    assert memory_mb(kiosk.pid)["VmHWM"] - before < 40


# --- random input ---------------------------------------------------------------------------


def test_random_bytes_and_escapes_never_end_the_kiosk_nor_stop_f12(tmp_path):
    """About a minute of random bytes and escape sequences into one kiosk: after every write it
    still runs and has drawn no traceback; afterwards F12 still brings the PIN prompt."""
    with Kiosk(with_pin(tmp_path / "data")) as kiosk:
        kiosk.wait_for("Choose your language")
        os.write(kiosk.fd, b"\r")  # English, to the table
        kiosk.wait_for("Credits")
        start = kiosk.mark()

        @settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
        @given(HOSTILE)
        def hostile_input(data: bytes) -> None:
            since = kiosk.mark()
            os.write(kiosk.fd, data)
            time.sleep(0.1)
            kiosk.check_alive(since)

        hostile_input()
        kiosk.check_alive(start)
        time.sleep(PASTE_TIMEOUT_S + 0.2)  # a paste left open is dropped
        os.write(kiosk.fd, BACK_TO_SIZE)  # the random input may have reported any size
        for _ in range(3):  # back from whatever screen the random keys opened
            os.write(kiosk.fd, b"\x1b")
            time.sleep(0.5)
        kiosk.answers_f12(tuple(gettext_in(language, PROMPT) for language in LANGUAGES))
