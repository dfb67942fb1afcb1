"""Kill -9 at every step of a redemption: the voucher ends redeemed once, the credits appear once."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.hall_kiosk import new_session
from reddog_tui.hall import server
from reddog_tui.store import Store

ROOT = Path(__file__).resolve().parents[2]


def run_driver(data_dir: Path, kiosk_id: int, dsn: str, number: int, step: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "tests.hall.redeem_driver", str(data_dir), str(kiosk_id), dsn, str(number), step],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize("step", ["after_intent", "after_server_mark", "after_credit"])
def test_a_kiosk_killed_during_a_redemption_credits_it_exactly_once(
    step, pg, kiosk_dsn, cashier, kiosk_id, issue_voucher, tmp_path
):
    number = issue_voucher(250)
    redeemer = kiosk_id + 5000
    data_dir = tmp_path / "redeemer"
    with Store.open(data_dir) as store:
        new_session(store, seed=0)  # a table with 1000 credits

    killed = run_driver(data_dir, redeemer, kiosk_dsn(redeemer), number, step)
    assert killed.returncode == -signal.SIGKILL, killed.stderr

    restarted = run_driver(data_dir, redeemer, kiosk_dsn(redeemer), number, "resolve")
    assert restarted.returncode == 0, restarted.stderr
    resolved = json.loads(restarted.stdout)
    if step == "after_credit":
        assert resolved is None  # nothing was left pending
    else:
        assert resolved == {"outcome": "credited", "amount": 250}
    again = run_driver(data_dir, redeemer, kiosk_dsn(redeemer), number, "resolve")
    assert json.loads(again.stdout) is None

    with Store.open(data_dir) as store:
        session = new_session(store, seed=0)
        assert session.state.credits == 1000 + 250
        assert store.meters()["credits_in"] == 1000 + 250
        entries = store.journal_entries_after(0, 1000)
        intents = [e for e in entries if e.action == "voucher_redeeming"]
        credits = [e for e in entries if e.action == "voucher_redeemed"]
        assert len(intents) == 1 and len(credits) == 1 and credits[0].value == 250
    row = pg.execute("SELECT redeemed_kiosk, redeemed_seq FROM hall_voucher WHERE number = %s", (number,)).fetchone()
    assert row == (redeemer, intents[0].seq)
    # And nobody else can redeem it now.
    assert server.redeem_at_cashier(cashier, number).outcome is server.Redemption.ALREADY_REDEEMED


def test_a_voucher_paid_elsewhere_while_the_kiosk_was_down_is_refused_on_restart(
    pg, kiosk_dsn, cashier, kiosk_id, issue_voucher, tmp_path
):
    number = issue_voucher(40)
    data_dir = tmp_path / "redeemer"
    with Store.open(data_dir) as store:
        new_session(store, seed=0)
    killed = run_driver(data_dir, kiosk_id + 5000, kiosk_dsn(kiosk_id + 5000), number, "after_intent")
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert server.redeem_at_cashier(cashier, number).outcome is server.Redemption.REDEEMED

    restarted = run_driver(data_dir, kiosk_id + 5000, kiosk_dsn(kiosk_id + 5000), number, "resolve")
    assert json.loads(restarted.stdout) == {"outcome": "already_redeemed", "amount": 0}
    with Store.open(data_dir) as store:
        assert new_session(store, seed=0).state.credits == 1000
        assert store.meters()["credits_in"] == 1000
