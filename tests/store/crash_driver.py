"""Plays a plan against a real store in its own process, so a test can kill it with SIGKILL.

    python tests/store/crash_driver.py DATA_DIR PLAN_JSON [--loop SEED]

PLAN_JSON: {"credits": 1000, "config": {...TableConfig...}, "rounds": [["2H", "9S", "5D"], ...],
            "steps": [["add_chip", 10], ["deal"], ["add_credits", 50], ["cash_out"],
                      ["reconfigure", {...TableConfig...}], ...]}

After every committed step it prints one line `COMMITTED {"seq": …, "state": …, "meters": …}`,
then `READY` once the plan is done, and waits to be killed. With --loop it keeps playing
seeded random moves after the plan, printing each commit, and never waits.

The helpers below (start, read_commits, assert_restored) are shared by the crash tests.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from reddog_tui.engine import Action, RedDogError, ShuffledDealer, StackedDealer, TableConfig, TableState
from reddog_tui.store import GameSession, Store, identity_gap

LOOP_MOVES = [
    ["add_chip", 5],
    ["add_chip", 25],
    ["remove_chip", 5],
    ["deal"],
    ["deal"],
    ["raise"],
    ["call"],
    ["rebet"],
    ["new_bet"],
    ["collect"],
    ["set_progressive", True],
    ["set_progressive", False],
    ["add_credits", 100],
    ["cash_out"],
]


def apply(session: GameSession, step: list) -> None:
    name, *value = step
    if name == "add_credits":
        session.add_credits(value[0])
    elif name == "cash_out":
        session.cash_out()
    elif name == "reconfigure":
        session.reconfigure(TableConfig(**value[0]))
    else:
        session.act(Action(name), value[0] if value else None)


def report(session: GameSession) -> None:
    line = {"seq": session.seq, "state": session.state.to_json(), "meters": session.meters()}
    print("COMMITTED " + json.dumps(line), flush=True)


def main(argv: list[str]) -> int:
    data_dir, plan = Path(argv[0]), json.loads(argv[1])
    loop_seed = int(argv[3]) if len(argv) > 3 and argv[2] == "--loop" else None
    dealer = StackedDealer(plan.get("rounds", []))
    store = Store.open(data_dir)
    config = TableConfig(**plan["config"]) if plan.get("config") else None
    session = GameSession(store, dealer, plan.get("credits", 1000), config)
    report(session)
    for step in plan.get("steps", []):
        apply(session, step)  # a refused step is a broken plan: let it fail loudly
        report(session)
    if loop_seed is None:
        print("READY", flush=True)
        while True:
            time.sleep(60)
    rng = random.Random(loop_seed)
    session.dealer = ShuffledDealer(rng)
    while True:
        try:
            apply(session, rng.choice(LOOP_MOVES))
        except RedDogError:
            continue
        report(session)


# --- helpers for the tests -----------------------------------------------------------


def start(data_dir: Path, plan: dict, loop_seed: int | None = None, out=subprocess.PIPE) -> subprocess.Popen:
    """Start the driver; give `out` a file in loop mode so that a full pipe never pauses it."""
    args = [sys.executable, str(Path(__file__)), str(data_dir), json.dumps(plan)]
    if loop_seed is not None:
        args += ["--loop", str(loop_seed)]
    return subprocess.Popen(args, stdout=out, stderr=subprocess.PIPE, text=True)


def read_until_ready(proc: subprocess.Popen) -> list[dict]:
    commits = []
    for line in proc.stdout:
        if line.strip() == "READY":
            return commits
        if line.startswith("COMMITTED "):
            commits.append(json.loads(line[len("COMMITTED ") :]))
    raise AssertionError("the driver ended before READY: " + proc.stderr.read())


def kill_and_collect(proc: subprocess.Popen, out_path: Path | None = None) -> list[dict]:
    """SIGKILL the driver and return every complete COMMITTED line it printed (to the pipe or out_path)."""
    os.kill(proc.pid, signal.SIGKILL)
    out, _ = proc.communicate()
    assert proc.returncode == -signal.SIGKILL
    if out_path is not None:
        out = Path(out_path).read_text()
    commits = []
    for line in out.splitlines(keepends=True):
        if line.startswith("COMMITTED ") and line.endswith("\n"):
            commits.append(json.loads(line[len("COMMITTED ") :]))
    return commits


def assert_restored(data_dir: Path, expected: dict) -> TableState:
    """Reopen the store after a kill: state and meters as last committed, identity exact."""
    store = Store.open(data_dir)  # runs integrity_check and the identity itself
    try:
        state, seq, _ = store.load_table()
        meters = store.meters()
    finally:
        store.close()
    assert seq == expected["seq"]
    assert state.to_json() == expected["state"]
    assert meters == expected["meters"]
    assert identity_gap(state, meters) == 0
    return state


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
