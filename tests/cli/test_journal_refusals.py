"""What the kiosk refuses, `reddog check` flags, and both name the real cause.

Every case runs the real command: `reddog check` for the checker's verdict, and
`reddog attendant set-pin --pin-stdin`, which opens the journal as the kiosk does and prints
the kiosk's own refusal, for what the kiosk says. The exports read through the same checks.
"""

from __future__ import annotations

import csv
import io
import json
import os
import random
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from reddog_tui.store import Store, StoreError
from reddog_tui.store.paths import DB_FILENAME
from reddog_tui.store.schema import SCHEMA_VERSION
from tests.store.isolation import mount_namespace_available, read_only_bind
from tests.test_operator_cli import HOLD_EXCLUSIVE, played, raw

from .run import run_cli

NO_TRACEBACK = "Traceback"


def check(data_dir: Path, *flags: str, lang: str = "en") -> subprocess.CompletedProcess:
    return run_cli(["--lang", lang, "--data-dir", str(data_dir), "check", *flags])


def kiosk_open(data_dir: Path, lang: str = "en") -> subprocess.CompletedProcess:
    """The kiosk's own open of the journal, and its refusal in words (set-pin opens it so)."""
    return run_cli(["--lang", lang, "--data-dir", str(data_dir), "attendant", "set-pin", "--pin-stdin"], input="")


def check_cause_line(proc: subprocess.CompletedProcess) -> str:
    """The line under the failed check: the cause, as the report words it."""
    return next(line.strip() for line in proc.stdout.splitlines()[1:] if line.startswith(" " * 5))


def unchecked_edit(path: Path, sql: str, *args: object) -> None:
    """A hand edit past the journal's append-only triggers, as an editor with sqlite3 would make it."""
    conn = raw(path)
    conn.execute("DROP TRIGGER IF EXISTS rounds_append_only_update")
    conn.execute("DROP TRIGGER IF EXISTS journal_append_only_update")
    conn.execute(sql, args)
    conn.close()


# --- a settled round or a journal entry no release writes ----------------------------------------


def test_a_garbage_card_in_a_settled_round_fails_the_full_check_as_the_kiosk_refuses_it(tmp_path):
    path = played(tmp_path)
    unchecked_edit(path, "UPDATE rounds SET card1 = 'XX' WHERE round = 2")
    with Store.open(tmp_path) as store, pytest.raises(StoreError) as refused:  # the kiosk's F3
        store.recent_rounds()
    assert refused.value.code == "integrity"
    proc = check(tmp_path, "--full")
    assert proc.returncode == 1 and NO_TRACEBACK not in proc.stderr
    assert check_cause_line(proc) == "Damage found."
    assert proc.stdout.splitlines()[-1].startswith("Damaged:")
    report = json.loads(check(tmp_path, "--full", "--json").stdout)
    assert "round 2" in report["checks"][-1]["detail"]
    assert check(tmp_path).returncode == 0  # the start-up checks leave the history alone, as the kiosk's start does
    for form in ("--csv", "--json", None):  # the exports refuse it as well, never a traceback
        proc = run_cli(["--lang", "en", "--data-dir", str(tmp_path), "attendant", "journal", *filter(None, [form])])
        assert proc.returncode == 1 and proc.stdout == "" and NO_TRACEBACK not in proc.stderr
        assert "Damage found." in proc.stderr


def test_a_last_journal_entry_whose_table_is_not_json_is_damaged(tmp_path):
    path = played(tmp_path)
    unchecked_edit(path, "UPDATE journal SET state = '{not json' WHERE seq = (SELECT max(seq) FROM journal)")
    proc = check(tmp_path, "--full", lang="de")
    assert proc.returncode == 1
    assert NO_TRACEBACK not in proc.stderr and len(proc.stderr.splitlines()) == 1  # the log's line
    assert check_cause_line(proc) == "Beschädigung gefunden."


# --- what stands in place of the journal or beside it ----------------------------------------------

# A thing beside the journal, what the kiosk calls it (its code) and `check`'s exit status:
# 1, damaged, for what is wrong beside it; 2 for a change only a writer could play back, unread.
BESIDE = {
    "shm-folder": ("reddog.db-shm", "folder", "side_file", 1),
    "wal-folder": ("reddog.db-wal", "folder", "side_file", 1),
    "journal-folder": ("reddog.db-journal", "folder", "side_file", 1),
    "stray-journal": ("reddog.db-journal", "file", "stray_journal", 2),
}
SIDE_FILE_WORDS = "not an ordinary file, but SQLite keeps the journal's working files under this name"
STRAY_WORDS = "Another program left an unfinished change beside the journal"
CHECK_WORDS = {
    "side_file": "Something that is not an ordinary file stands where SQLite keeps the journal's working files.",
    "stray_journal": "Another program left an unfinished change beside the journal. Keep both files and call technical support.",
}


@pytest.mark.parametrize("case", sorted(BESIDE))
def test_what_stands_beside_the_journal_is_refused_by_both_and_named(tmp_path, case):
    name, kind, code, status = BESIDE[case]
    path = played(tmp_path)
    beside = tmp_path / name
    if kind == "folder":
        beside.mkdir()
    else:  # a rollback journal SQLite would play back into the file: Red Dog never writes one
        beside.write_bytes(random.Random(37).randbytes(4096))
    before = sorted(p.name for p in tmp_path.iterdir())
    proc = check(tmp_path)
    assert proc.returncode == status and NO_TRACEBACK not in proc.stderr
    assert check_cause_line(proc) == CHECK_WORDS[code]
    refused = kiosk_open(tmp_path)
    assert refused.returncode == 1
    words = SIDE_FILE_WORDS if code == "side_file" else STRAY_WORDS
    assert words in refused.stderr and "write-protected" not in refused.stderr
    assert (str(beside) if code == "side_file" else str(path)) in refused.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # as found


def test_a_link_to_nowhere_is_named_a_link(tmp_path):
    (tmp_path / DB_FILENAME).symlink_to(tmp_path / "gone.db")
    proc = check(tmp_path)
    assert proc.returncode == 2 and check_cause_line(proc) == "The journal is a link to a file that does not exist."
    refused = kiosk_open(tmp_path)
    assert refused.returncode == 1 and "is a link to a file that does not exist" in refused.stderr
    assert "pipe" not in refused.stderr
    assert not (tmp_path / "gone.db").exists()


def test_a_data_folder_that_is_a_named_pipe_is_named_not_a_folder(tmp_path):
    fifo = tmp_path / "data"
    os.mkfifo(fifo)
    proc = check(fifo)
    assert proc.returncode == 2 and check_cause_line(proc) == "This is not a folder, so it holds no journal."
    refused = kiosk_open(fifo)
    assert refused.returncode == 1
    assert f"{fifo} is not a folder, so Red Dog cannot keep its journal in it." in refused.stderr


def test_a_lock_held_by_another_program_is_not_called_another_red_dog(tmp_path):
    path = played(tmp_path)
    holder = subprocess.Popen([sys.executable, "-c", HOLD_EXCLUSIVE, str(path)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        refused = kiosk_open(tmp_path)
    finally:
        holder.kill()
        holder.wait()
    assert refused.returncode == 1
    assert f"The journal {path} is held by another program. Close that program first." in refused.stderr
    assert "another Red Dog" not in refused.stderr


@pytest.mark.skipif(not mount_namespace_available(), reason="only a read-only mount keeps root from writing")
def test_check_in_a_read_only_folder_names_the_folder(tmp_path):
    played(tmp_path)
    command = [sys.executable, "-m", "reddog_tui", "--lang", "en", "--data-dir", str(tmp_path), "check"]
    setup = read_only_bind(tmp_path)
    proc = subprocess.run(
        ["unshare", "--mount", "--propagation", "private", "sh", "-ec", setup + '\nexec "$@"', "sh", *command],
        capture_output=True, text=True, timeout=60,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
    )  # fmt: skip
    assert proc.returncode == 2
    assert check_cause_line(proc) == (
        "The folder is write-protected, and SQLite must create its working files beside the journal even "
        "to read it. Check a copy in a folder that can be written to."
    )


# --- the exports read what check reads ----------------------------------------------------------


def test_meters_of_a_newer_schema_are_refused_as_check_refuses_them(tmp_path):
    conn = raw(played(tmp_path))
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    checked = check(tmp_path)
    assert checked.returncode == 2
    for command in (["attendant", "meters"], ["attendant", "journal", "--csv"]):
        proc = run_cli(["--lang", "en", "--data-dir", str(tmp_path), *command])
        assert proc.returncode == 2 and proc.stdout == ""
        assert check_cause_line(checked) in proc.stderr.splitlines()


# Cells a spreadsheet would run as a formula, per OWASP's advice on CSV injection.
FORMULAS = ['=HYPERLINK("http://evil.example","x")', "+1+1", "-1+1", "@SUM(A1)", "\t=1", "\r=1"]


def test_csv_cells_that_start_like_a_formula_are_neutralised(tmp_path):
    path = played(tmp_path)
    conn = raw(path)
    for offset, text in enumerate(FORMULAS, start=1):  # hand-edited journal entries of unknown kinds
        conn.execute(
            "INSERT INTO journal (seq, time, action, value, state, meters)"
            " SELECT max(seq) + 1, max(time) + ?, ?, NULL, '{}', '{}' FROM journal",
            (offset, text),
        )
    conn.close()
    proc = run_cli(["--lang", "en", "--data-dir", str(tmp_path), "attendant", "journal", "--csv"])
    assert proc.returncode == 0
    events = [row["event"] for row in csv.DictReader(io.StringIO(proc.stdout)) if row["record"] == "event"]
    # A carriage return, which some readers end a row at, is a line break inside the quoted cell.
    assert events[-len(FORMULAS) :] == ["'" + text.replace("\r", "\n") for text in FORMULAS]
    for row in csv.DictReader(io.StringIO(proc.stdout)):
        assert not any(str(cell).startswith(("=", "+", "-", "@", "\t", "\r")) for cell in row.values())


# --- the data folder from the environment, and serve's host ---------------------------------------


@pytest.mark.parametrize("value", ["", "   "])
@pytest.mark.parametrize("command", [["check"], ["attendant", "meters"], []])
def test_an_empty_data_dir_in_the_environment_is_refused_as_the_flag_is(tmp_path, monkeypatch, value, command):
    monkeypatch.chdir(tmp_path)  # where a folder named "   " would be made
    home = tmp_path / "home"
    proc = run_cli(["--lang", "fr", *command], HOME=str(home), XDG_DATA_HOME=str(home), REDDOG_DATA_DIR=value)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == "reddog: REDDOG_DATA_DIR attend le nom d'un dossier\u202f; aucune valeur n'a été indiquée.\n"
    assert list(tmp_path.iterdir()) == []


def test_the_flag_wins_over_an_empty_environment(tmp_path):
    played(tmp_path)
    proc = run_cli(["--lang", "en", "--data-dir", str(tmp_path), "check"], REDDOG_DATA_DIR="")
    assert proc.returncode == 0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.parametrize("host", ["127.1", "0x7f.0.0.1", "2130706433"])
def test_serve_takes_the_loopback_address_as_the_system_writes_it(tmp_path, host):
    # --kiosk without a PIN stops right after the address is accepted, before anything listens.
    proc = run_cli(["--lang", "en", "--data-dir", str(tmp_path), "serve", "--host", host, "--port",
                    str(free_port()), "--kiosk"])  # fmt: skip
    assert proc.returncode == 2
    assert "--allow-remote" not in proc.stderr and "Kiosk mode needs an attendant PIN first." in proc.stderr


def test_serve_still_refuses_a_short_address_of_another_machine(tmp_path):
    proc = run_cli(["--lang", "en", "--data-dir", str(tmp_path), "serve", "--host", "10.1", "--kiosk"])
    assert proc.returncode == 2 and "Add --allow-remote" in proc.stderr
