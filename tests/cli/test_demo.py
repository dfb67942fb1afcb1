"""A seeded demo (`reddog --seed N`) plays on its own journal in the data folder's `demo/`
folder: the real table's credits, meters and round history are never touched, and the table
says so."""

from __future__ import annotations

import os
import signal
import sys

import pytest

from reddog_tui.engine import DEMO_SEED, Action, StackedDealer
from reddog_tui.store import GameSession, Store
from reddog_tui.ui.launch import demo_data_dir

from ..terminal import Terminal, app_command

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo terminal")


def snapshot(data_dir):
    with Store.open(data_dir) as store:
        return store.load_table(), store.meters(), store.journal_actions(100)


def test_a_seeded_demo_never_touches_the_real_table(tmp_path):
    with Store.open(tmp_path) as store:  # a real table that has been played on
        session = GameSession(store, StackedDealer([]), initial_credits=500)
        session.act(Action.ADD_CHIP, 5)
    before = snapshot(tmp_path)
    real_file = (tmp_path / "reddog.db").read_bytes()

    with Terminal(app_command("--data-dir", str(tmp_path), "--lang", "en", "--seed", str(DEMO_SEED))) as terminal:
        terminal.wait_for("Choose your language")  # the demo's own table is new: no round open
        terminal.write(b"\r")
        terminal.wait_for("DEMO — practice table, real credits untouched")
        terminal.wait_for("1,000")  # the demo's own new bankroll, not the real table's 495
        dealt_from = terminal.mark()
        terminal.write(b"+d")  # a chip, then the deal
        terminal.wait_for(
            "4 and Ace: spread 9 — raise?", since=dealt_from
        )  # the demo's seed deals 4, ace: the deal is recorded
        os.kill(terminal.pid, signal.SIGTERM)
        assert terminal.exit_status() == 128 + signal.SIGTERM

        assert (tmp_path / "reddog.db").read_bytes() == real_file
        assert snapshot(tmp_path) == before
        with Store.open(demo_data_dir(tmp_path)) as demo:
            actions = [action for _, action, _ in demo.journal_actions(100)]
        assert "deal" in actions  # the demo played, on its own journal
