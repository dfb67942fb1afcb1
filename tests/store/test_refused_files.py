"""Things in place of the journal that cannot be played: each refused with its own code, the folder as found.

Where opening could hang (a named pipe) the open runs in a child process with a timeout; where
only a mount can make a file unwritable for root, it runs in a private mount namespace.
"""

import os
import socket
import sqlite3
import stat
from pathlib import Path

import pytest

from reddog_tui.engine import Action
from reddog_tui.store import GameSession, Store, StoreError
from reddog_tui.store.paths import DB_FILENAME

from .conftest import FakeClock, stacked
from .isolation import OPEN_AND_REPORT, mount_namespace_available, open_and_report, read_only_bind, run_python
from .test_open import played_database

NEEDS_MOUNTS = "root cannot be kept from writing without a read-only mount, and mounts are not allowed here"


def deny_writing(monkeypatch, denied: Path) -> None:
    """Where root may not mount: access() answers for `denied` as it does on a read-only mount."""
    real_access = os.access

    def access(path, mode, **kwargs):
        if Path(path) == denied and mode & os.W_OK:
            return False
        return real_access(path, mode, **kwargs)

    monkeypatch.setattr(os, "access", access)


def listing(folder: Path) -> dict[str, str]:
    """Each entry with its kind and, for a regular file, its bytes: what 'as found' means."""
    found = {}
    for p in sorted(folder.iterdir()):
        mode = os.lstat(p).st_mode
        found[p.name] = p.read_bytes().hex() if stat.S_ISREG(mode) else stat.filemode(mode)
    return found


def refused_in_process(data_dir: Path) -> StoreError:
    before = listing(data_dir)
    with pytest.raises(StoreError) as info:
        Store.open(data_dir)
    assert listing(data_dir) == before
    return info.value


# --- not a regular file --------------------------------------------------------------


def test_a_named_pipe_is_refused_without_waiting_for_a_writer(data_dir):
    """A FIFO named reddog.db: opening it to read would wait for a writer for ever (a blank screen)."""
    data_dir.mkdir()
    os.mkfifo(data_dir / DB_FILENAME)
    outcome = open_and_report(data_dir)  # the child is killed, and the test fails, if it hangs
    assert outcome["code"] == "not_a_regular_file"
    assert outcome["after"] == outcome["before"]
    assert outcome["before"][DB_FILENAME].startswith("p")  # still the pipe it was
    assert stat.S_ISFIFO(os.lstat(data_dir / DB_FILENAME).st_mode)


def test_a_socket_is_refused(data_dir):
    data_dir.mkdir()
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(data_dir / DB_FILENAME))
        assert refused_in_process(data_dir).code == "not_a_regular_file"
    finally:
        server.close()


def test_a_link_to_a_device_is_refused(data_dir):
    data_dir.mkdir()
    (data_dir / DB_FILENAME).symlink_to("/dev/null")
    assert refused_in_process(data_dir).code == "not_a_regular_file"


def test_a_link_that_points_nowhere_is_refused(data_dir):
    data_dir.mkdir()
    (data_dir / DB_FILENAME).symlink_to(data_dir / "gone.db")
    assert refused_in_process(data_dir).code == "dangling_link"


def test_a_folder_named_like_the_journal_is_called_a_folder(data_dir):
    (data_dir / DB_FILENAME / "photos").mkdir(parents=True)
    error = refused_in_process(data_dir)
    assert error.code == "is_a_directory" and error.path == data_dir / DB_FILENAME


# --- a journal that may not be written -------------------------------------------------


def test_a_write_protected_journal_is_refused_and_nothing_is_added_beside_it(data_dir, monkeypatch):
    path = played_database(data_dir)
    for suffix in ("-wal", "-shm"):  # the journal alone, as copied from another kiosk
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    if os.geteuid() != 0:
        path.chmod(0o444)
        try:
            error = refused_in_process(data_dir)
        finally:
            path.chmod(0o644)
        assert (error.code, error.path) == ("read_only_file", path)
        return
    if not mount_namespace_available():
        deny_writing(monkeypatch, path)
        error = refused_in_process(data_dir)
        assert (error.code, error.path) == ("read_only_file", path)
        return
    outcome = open_and_report(data_dir, setup=read_only_bind(path), namespace=True)
    assert (outcome["code"], outcome["path"]) == ("read_only_file", str(path))
    assert outcome["after"] == outcome["before"]  # no -wal, no -shm
    assert set(outcome["before"]) == {DB_FILENAME}


def test_a_read_only_data_folder_is_refused_for_root_too(data_dir, monkeypatch):
    """A read-only bind mount keeps root out as well, so this runs (and can fail) in CI; where
    root may not mount, the folder check is told what such a mount would tell it."""
    played_database(data_dir)
    if os.geteuid() != 0:
        data_dir.chmod(0o500)
        try:
            error = refused_in_process(data_dir)
        finally:
            data_dir.chmod(0o700)
        assert (error.code, error.path) == ("unwritable", data_dir)
        return
    if not mount_namespace_available():
        deny_writing(monkeypatch, data_dir)
        error = refused_in_process(data_dir)
        assert (error.code, error.path) == ("unwritable", data_dir)
        return
    outcome = open_and_report(data_dir, setup=read_only_bind(data_dir), namespace=True)
    assert (outcome["code"], outcome["path"]) == ("unwritable", str(data_dir))
    assert outcome["after"] == outcome["before"]


# access() says yes where writing then fails, as on a network share that maps root to nobody.
ACCESS_THAT_CANNOT_SEE = "import os\nos.access = lambda *args, **kwargs: True\n"


def test_a_refusal_comes_even_when_tidying_the_folder_fails(data_dir):
    """The open gets past the folder check and fails on a read-only mount; removing the side
    files it looked for fails too. The refusal is still reported, never an OSError."""
    path = played_database(data_dir)
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    if not mount_namespace_available():
        pytest.skip(NEEDS_MOUNTS)
    outcome = run_python(
        ACCESS_THAT_CANNOT_SEE + OPEN_AND_REPORT, str(data_dir), setup=read_only_bind(data_dir), namespace=True
    )
    assert outcome["code"] in ("unwritable", "read_only_file")
    assert outcome["after"] == outcome["before"]


# --- a disk that fills during play -------------------------------------------------------------


class DiskFullAtCommit:
    """A connection whose COMMIT fails as SQLite's does when the disk is full (SQLITE_FULL)."""

    def __init__(self, conn):
        self._conn = conn

    def execute(self, sql, *args):
        if sql.strip().upper() == "COMMIT":
            error = sqlite3.OperationalError("database or disk is full")
            error.sqlite_errorcode = 13  # SQLITE_FULL
            raise error
        return self._conn.execute(sql, *args)

    def __getattr__(self, name):
        return getattr(self._conn, name)


def test_a_full_disk_during_play_is_reported_as_full_and_nothing_is_lost(data_dir):
    store = Store.open(data_dir, clock=FakeClock())
    session = GameSession(store, stacked("2H 9S 5D"))
    before = session.act(Action.ADD_CHIP, 10)
    real = store._conn
    store._conn = DiskFullAtCommit(real)
    with pytest.raises(StoreError) as info:
        session.act(Action.ADD_CHIP, 5)
    store._conn = real
    assert (info.value.code, info.value.at_start) == ("disk_full", False)
    assert session.state == before
    store.close()
    with Store.open(data_dir) as again:
        assert again.load_table()[0] == before


FILL_THE_DISK_DURING_PLAY = r"""
import json, os, sys
from pathlib import Path
from reddog_tui.engine import Action, StackedDealer
from reddog_tui.store import GameSession, Store, StoreError

data_dir = Path(sys.argv[1])
store = Store.open(data_dir)
session = GameSession(store, StackedDealer([["2H", "9S", "5D"]]))
kept = session.act(Action.ADD_CHIP, 10)
filler = data_dir / "filler"
fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
for size in (1 << 16, 1):  # every block of the small disk, then every byte
    try:
        while True:
            os.write(fd, b"\0" * size)
    except OSError:
        pass
os.close(fd)
error = None
for n in range(200):  # a write that still fits in a block SQLite already has may pass
    try:
        kept = session.act(Action.ADD_CHIP, 5) if n % 2 == 0 else session.act(Action.REMOVE_CHIP, 5)
    except StoreError as e:
        error = e
        break
filler.unlink()
store.close()
with Store.open(data_dir) as again:
    reopened = again.load_table()[0] == kept
print(json.dumps({"code": error and error.code, "at_start": getattr(error, "at_start", None), "kept": reopened}))
"""


def test_a_disk_that_really_fills_during_play_is_reported_as_full(data_dir):
    if not mount_namespace_available():
        pytest.skip("a small disk needs a tmpfs mount, and mounts are not allowed here")
    data_dir.mkdir()
    outcome = run_python(
        FILL_THE_DISK_DURING_PLAY,
        str(data_dir),
        setup=f"mount -t tmpfs -o size=1m none '{data_dir}'",
        namespace=True,
    )
    assert outcome == {"code": "disk_full", "at_start": False, "kept": True}
