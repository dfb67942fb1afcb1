"""The real kiosk on a pseudo terminal, started on a journal it must refuse: its screen names the
real cause, never a neighbouring one (a pipe for a link, write-protection for a folder beside the
journal, another Red Dog for another program).

`python -m reddog_tui --kiosk` draws the refusal as the cabinet shows it; the words are read
back from what it wrote to the terminal, its control sequences and frame taken out.
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_operator_cli import HOLD_EXCLUSIVE, played

from ..terminal import Terminal, app_command
from .kiosk_helpers import with_pin

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs a pseudo terminal")

SIDE_FILE = "is not an ordinary file, but SQLite keeps the journal's working files under this name."
# Each case: what the folder holds, the refusal's words on the screen (after the path), and words
# of another cause that must not be drawn.
CASES = {
    "link-to-nowhere": ("is a link to a file that does not exist, so there is no journal to open.", "pipe"),
    "stray-journal": ("Another program left an unfinished change", "write-protected"),
    "shm-folder": (SIDE_FILE, "write-protected"),
    "wal-folder": (SIDE_FILE, "cannot be written"),
    "journal-folder": (SIDE_FILE, "write-protected"),
    "named-pipe": ("is not a folder, so Red Dog cannot keep its journal in it.", "no journal"),
    "held-by-another-program": ("is held by another program. Close that program first.", "another Red Dog"),
}
CONTROL = re.compile(r"\x1b\[[0-9;?<>=$:]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b.")
FRAME = re.compile(r"[\u2500-\u259f]")  # box drawing and block elements


def drawn_words(terminal: Terminal) -> str:
    """What the terminal shows, as words: control sequences and frames out, spaces collapsed."""
    return " ".join(FRAME.sub(" ", CONTROL.sub(" ", terminal.text())).split())


def prepared(case: str, data_dir: Path) -> None:
    if case == "named-pipe":
        os.mkfifo(data_dir)
        return
    path = played(data_dir)
    with_pin(data_dir)
    if case == "link-to-nowhere":
        path.unlink()
        path.symlink_to(data_dir / "gone.db")
    elif case == "stray-journal":  # a rollback journal SQLite would play back into the file
        Path(f"{path}-journal").write_bytes(random.Random(37).randbytes(4096))
    elif case.endswith("-folder"):
        Path(f"{path}-{case.removesuffix('-folder')}").mkdir()


@pytest.mark.parametrize("case", CASES)
def test_the_kiosk_names_the_real_cause_of_a_refused_journal(tmp_path, case):
    words, other_cause = CASES[case]
    data_dir = tmp_path / "data"
    prepared(case, data_dir)
    holder = None
    if case == "held-by-another-program":
        holder = subprocess.Popen([sys.executable, "-c", HOLD_EXCLUSIVE, str(data_dir / "reddog.db")],
                                  stdout=subprocess.PIPE, text=True)  # fmt: skip
        assert holder.stdout.readline().strip() == "held"
    try:
        found = sorted(os.listdir(data_dir)) if data_dir.is_dir() else None
        command = app_command("--kiosk", "--data-dir", str(data_dir), "--lang", "en")
        with Terminal(command, size=(100, 30)) as kiosk:
            kiosk.wait_for("Red Dog cannot start")
            kiosk.wait_quiet(0.5)
            shown = drawn_words(kiosk)
            assert kiosk.running()
        if found is not None:  # the screen says it was left untouched
            assert sorted(os.listdir(data_dir)) == found
    finally:
        if holder is not None:
            holder.kill()
            holder.wait()
    assert words in shown, shown[-800:]
    assert other_cause not in shown
    assert "Traceback" not in shown
