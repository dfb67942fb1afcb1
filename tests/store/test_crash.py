"""kill -9 after each kind of transition: the restart shows exactly the last committed state."""

import random
import time

import pytest

from reddog_tui.engine import Outcome, Phase, TableState
from reddog_tui.store import GameSession, Store

from . import crash_driver

WIN = ["2H", "9S", "5D"]  # spread 6, the third card between (R8)
LOSE = ["2H", "9S", "KD"]
PUSH = ["7H", "8S", "2D"]  # consecutive (R5a)
SPREAD = ["3C", "TD", "4H"]

PLANS = {
    "add_chip": {"steps": [["add_chip", 10]]},
    "remove_chip": {"steps": [["add_chip", 10], ["add_chip", 5], ["remove_chip", 5]]},
    "deal": {"rounds": [WIN], "steps": [["add_chip", 10], ["deal"]]},
    "raise": {"rounds": [WIN], "steps": [["add_chip", 10], ["deal"], ["raise"]]},
    "call": {"rounds": [LOSE], "steps": [["add_chip", 10], ["deal"], ["call"]]},
    "rebet": {"rounds": [LOSE, SPREAD], "steps": [["add_chip", 10], ["deal"], ["call"], ["rebet"]]},
    "new_bet": {"rounds": [WIN], "steps": [["add_chip", 10], ["deal"], ["raise"], ["new_bet"]]},
    "collect": {
        "rounds": [WIN],
        "steps": [["set_progressive", True], ["add_chip", 10], ["deal"], ["raise"], ["collect"]],
    },
    "progressive_deal": {
        "rounds": [WIN, SPREAD],
        "steps": [["set_progressive", True], ["add_chip", 10], ["deal"], ["raise"], ["deal"]],
    },
    "push_redeal": {"rounds": [PUSH, SPREAD], "steps": [["add_chip", 25], ["deal"], ["deal"]]},
    "set_progressive": {"steps": [["set_progressive", True]]},
    "add_credits": {"steps": [["add_chip", 10], ["add_credits", 300]]},
    "cash_out": {"steps": [["add_chip", 10], ["cash_out"]]},
    "reconfigure": {"steps": [["reconfigure", {"min_bet": 5, "max_bet": 200, "max_winnings": 2000}]]},
}


@pytest.mark.parametrize("kind", PLANS)
def test_kill_after_each_kind_of_transition(tmp_path, kind):
    data_dir = tmp_path / "data"
    proc = crash_driver.start(data_dir, PLANS[kind])
    try:
        commits = crash_driver.read_until_ready(proc)
    finally:
        assert crash_driver.kill_and_collect(proc) == []  # nothing committed after READY
    assert len(commits) == len(PLANS[kind]["steps"]) + 1  # the new table, then each step
    restored = crash_driver.assert_restored(data_dir, commits[-1])
    # The kinds whose round is still open keep their cards, face-down third card too (R4).
    if kind in ("deal", "progressive_deal", "push_redeal", "rebet"):
        assert restored.phase is Phase.DECISION
        assert [c.code for c in restored.cards] == PLANS[kind]["rounds"][-1]
    # Restarting after the kill pays nothing twice, and play goes on from there.
    store = Store.open(data_dir)
    try:
        session = GameSession(store, crash_driver.StackedDealer([]))
        assert session.state == restored and session.meters() == commits[-1]["meters"]
        if restored.phase is Phase.DECISION:
            settled = session.act("call")
            assert settled.outcome is Outcome.WIN  # 4 lies between 3 and 10
            assert session.recent_rounds(1)[0].cards == tuple(PLANS[kind]["rounds"][-1])
    finally:
        store.close()


@pytest.mark.parametrize("seed", range(6))
def test_kill_at_a_random_moment(tmp_path, seed):
    """Killed mid-play, the store holds the last printed state or the one committed just after it."""
    data_dir = tmp_path / "data"
    out_path = tmp_path / "driver.out"
    with open(out_path, "w") as out:
        proc = crash_driver.start(data_dir, {"credits": 500}, loop_seed=seed, out=out)
    try:
        deadline = time.monotonic() + 10
        while "COMMITTED" not in out_path.read_text() and time.monotonic() < deadline:
            time.sleep(0.01)  # wait for play to start, then let it run a random while
        time.sleep(random.Random(seed).uniform(0.05, 0.4))
    finally:
        printed = crash_driver.kill_and_collect(proc, out_path)
    assert len(printed) > 3, "the driver hardly played"
    last = printed[-1]
    store = Store.open(data_dir)  # the integrity check and the identity run here
    try:
        state, seq, _ = store.load_table()
    finally:
        store.close()
    assert seq in (last["seq"], last["seq"] + 1)
    if seq == last["seq"]:
        crash_driver.assert_restored(data_dir, last)
    assert isinstance(state, TableState)
