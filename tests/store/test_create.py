"""Creating a new journal, and refusing what is not a regular file, without changing the folder."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from reddog_tui.store import Store
from reddog_tui.store.paths import DB_FILENAME

RACERS = 3
RACES = 50
HELD_EVERY = 25  # in every 25th race the first to open keeps the journal open for a while
HOLD_S = 1.0  # far longer than a loser's wait for the journal (BUSY_TIMEOUT_S)
ROOT = Path(__file__).resolve().parents[2]


def start_racers(count: int) -> list[subprocess.Popen]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    racers = [
        subprocess.Popen(
            [sys.executable, str(Path(__file__).with_name("race_driver.py"))],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        for _ in range(count)
    ]
    for racer in racers:
        assert racer.stdout.readline().strip() == "READY"
    return racers


def test_copies_started_together_on_an_empty_folder_leave_one_good_journal(tmp_path):
    """3 processes open the same new folder at the same instant, 50 times over.

    Each either opens the journal or is refused as "in use"; afterwards the folder holds one
    journal that opens and passes the full check, and no draft is left beside it. Where the
    first keeps the journal open, the other two are refused as "in use".
    """
    racers = start_racers(RACERS)
    outcomes: list[list[str]] = []
    try:
        for race in range(RACES):
            data_dir = tmp_path / f"race{race}"
            hold = HOLD_S if race % HELD_EVERY == 0 else 0
            for racer in racers:  # the same line to every copy before any reads its answer
                racer.stdin.write(f"OPEN {hold} {data_dir}\n")
            for racer in racers:
                racer.stdin.flush()
            outcomes.append([racer.stdout.readline().strip() for racer in racers])
    finally:
        for racer in racers:
            racer.stdin.close()
            racer.wait(timeout=30)
    for race, answers in enumerate(outcomes):
        assert "OPENED" in answers, (race, answers)
        assert set(answers) <= {"OPENED", "REFUSED locked"}, (race, answers)
        if race % HELD_EVERY == 0:
            assert sorted(answers) == ["OPENED", "REFUSED locked", "REFUSED locked"], (race, answers)
        data_dir = tmp_path / f"race{race}"
        with Store.open(data_dir, full_check=True) as store:
            assert store.load_table() is None  # a new, empty table
        assert {p.name for p in data_dir.iterdir()} <= {DB_FILENAME, DB_FILENAME + "-wal", DB_FILENAME + "-shm"}


@pytest.mark.parametrize("journal", ["none yet", "linked into place"])
def test_drafts_an_interrupted_creation_left_are_removed_by_the_next_open(tmp_path, journal):
    """A creation cut short (a power cut, kill -9) leaves its draft and SQLite's side files beside
    the journal-to-be, before or after linking it into place; the next open, under the folder's
    lock, removes every one of them and nothing else."""
    tmp_path.mkdir(exist_ok=True)
    if journal == "linked into place":
        Store.open(tmp_path).close()
    drafts = [
        f"{DB_FILENAME}.0123456789abcdef.new",
        f"{DB_FILENAME}.0123456789abcdef.new-journal",
        f"{DB_FILENAME}.fedcba9876543210.new-wal",
        f"{DB_FILENAME}.fedcba9876543210.new-shm",
        f"{DB_FILENAME}.new",  # the fixed name older releases built under
        f"{DB_FILENAME}.new-journal",
    ]
    kept = ["notes.new", f"{DB_FILENAME}.backup.new", f"{DB_FILENAME}.0123.new", f"x{DB_FILENAME}.new"]
    for name in drafts + kept:
        (tmp_path / name).write_bytes(b"half a journal")
    with Store.open(tmp_path) as store:
        assert store.load_table() is None  # a new, empty journal (or the one made above)
    names = {p.name for p in tmp_path.iterdir()}
    assert names.isdisjoint(drafts)
    assert set(kept) <= names
