"""Running store code in a child process: one that may hang, or one in its own mount namespace.

A read-only mount is the only way to make a file or folder unwritable for root (CI runs the
tests as root), and a small tmpfs the only way to fill a disk without filling the machine's.
Both are made inside a private mount namespace that vanishes with the child, so nothing is
left mounted even if the test is killed.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHILD_TIMEOUT_S = 60  # far beyond a normal run; reached only by a child that hangs

# Opens the store in argv[1] and prints what happened, with the folder before and after.
OPEN_AND_REPORT = r"""
import hashlib, json, os, stat, sys
from pathlib import Path
from reddog_tui.store import Store, StoreError

def listing(folder):
    found = {}
    for p in sorted(Path(folder).iterdir()):
        mode = os.lstat(p).st_mode
        found[p.name] = hashlib.sha256(p.read_bytes()).hexdigest() if stat.S_ISREG(mode) else stat.filemode(mode)
    return found

before = listing(sys.argv[1])
try:
    Store.open(sys.argv[1]).close()
    outcome = {"code": None}
except StoreError as error:
    outcome = {"code": error.code, "at_start": getattr(error, "at_start", None), "path": str(error.path)}
outcome.update(before=before, after=listing(sys.argv[1]))
print(json.dumps(outcome))
"""


def child_env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def run_python(script: str, *args: str, setup: str = "", namespace: bool = False) -> dict:
    """Run `script` in a child (after the shell `setup`, in a new mount namespace if asked); its JSON line."""
    command = [sys.executable, "-c", script, *args]
    if namespace:
        command = ["unshare", "--mount", "--propagation", "private", "sh", "-ec", setup + '\nexec "$@"', "sh", *command]
    done = subprocess.run(command, capture_output=True, text=True, env=child_env(), timeout=CHILD_TIMEOUT_S)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def open_and_report(data_dir: Path, setup: str = "", namespace: bool = False) -> dict:
    return run_python(OPEN_AND_REPORT, str(data_dir), setup=setup, namespace=namespace)


@functools.cache
def mount_namespace_available() -> bool:
    """True where this process may make mounts in a private namespace (root with CAP_SYS_ADMIN)."""
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        return False
    probe = subprocess.run(
        ["unshare", "--mount", "--propagation", "private", "sh", "-c", "mount -t tmpfs none /mnt"],
        capture_output=True,
    )
    return probe.returncode == 0


def read_only_bind(path: Path) -> str:
    """Shell lines that make `path` (a file or a folder) read-only, for root too."""
    return f"mount --bind '{path}' '{path}'\nmount -o remount,bind,ro '{path}'"
