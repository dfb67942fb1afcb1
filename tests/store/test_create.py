"""Creating a new journal, and refusing what is not a regular file, without changing the folder."""

import os
import subprocess
import sys
from pathlib import Path

from reddog_tui.store import Store
from reddog_tui.store.paths import DB_FILENAME

RACERS = 3
RACES = 50
ROOT = Path(__file__).resolve().parents[2]


def start_racers(count: int) -> list[subprocess.Popen]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    racers = [
        subprocess.Popen(
            [sys.executable, str(Path(__file__).with_name("race_driver.py"))],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env,
        )
        for _ in range(count)
    ]
    for racer in racers:
        assert racer.stdout.readline().strip() == "READY"
    return racers


def test_copies_started_together_on_an_empty_folder_leave_one_good_journal(tmp_path):
    """3 processes open the same new folder at the same instant, 50 times over.

    Each either opens the journal or is refused as "in use"; afterwards the folder holds one
    journal that opens and passes the full check, and no draft is left beside it.
    """
    racers = start_racers(RACERS)
    outcomes: list[list[str]] = []
    try:
        for race in range(RACES):
            data_dir = tmp_path / f"race{race}"
            for racer in racers:  # the same line to every copy before any reads its answer
                racer.stdin.write(f"OPEN {data_dir}\n")
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
        data_dir = tmp_path / f"race{race}"
        with Store.open(data_dir, full_check=True) as store:
            assert store.load_table() is None  # a new, empty table
        assert {p.name for p in data_dir.iterdir()} <= {DB_FILENAME, DB_FILENAME + "-wal", DB_FILENAME + "-shm"}
