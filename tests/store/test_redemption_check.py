"""`reddog check --full` holds every voucher credit to a redemption of the kiosk's own journal: the
intent to redeem that voucher journaled before it, and one credit (or refusal) per intent."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reddog_tui.cli import main
from reddog_tui.store import GameSession, Store
from reddog_tui.store.accounting import Transition
from reddog_tui.store.session import REDEEMED, redemption_outcome

from .conftest import FakeClock, stacked


def plant_credit(session: GameSession, number: int, amount: int, intent: str | None) -> None:
    """A voucher credit written past the session's checks, as a fault or a forger would."""
    state = session.state
    credit = Transition(
        action=REDEEMED,
        value=amount,
        state=state._replace(credits=state.credits + amount),
        round_balance_before=0,
        meters={"credits_in": amount},
        voucher=number,
        intent=intent,
    )
    session.store.commit(credit, session.seq)


def journal(data_dir: Path, plant) -> Path:
    """A kiosk that redeemed voucher 7 for 50 credits as the hall answered; then `plant(session)`."""
    with Store.open(data_dir, clock=FakeClock()) as store:
        session = GameSession(store, stacked(), initial_credits=0)
        seq = session.begin_voucher_redemption(7)
        session.credit_redeemed_voucher(7, 50)
        session.begin_voucher_redemption(8)
        session.refuse_voucher_redemption(8)
        if plant is not None:
            plant(session, seq)
    return data_dir


def check(capsys, data_dir: Path, lang: str = "en") -> tuple[int, str, dict]:
    code = main(["--lang", lang, "--data-dir", str(data_dir), "check", "--full"])
    out = capsys.readouterr().out
    main(["--lang", lang, "--data-dir", str(data_dir), "check", "--full", "--json"])
    report = json.loads(capsys.readouterr().out)
    return code, out, report


def test_credits_each_with_their_redemption_are_healthy(capsys, tmp_path):
    code, out, _report = check(capsys, journal(tmp_path, None))
    assert code == 0 and out.splitlines()[-1] == "Healthy."


PLANTED = {
    # a credit with no intent before it (the session reopened with the last one settled)
    "no-intent": lambda session, seq: plant_credit(session, 9, 300, None),
    # a second credit for the intent already credited, under another identity
    "second-credit": lambda session, seq: plant_credit(session, 7, 50, redemption_outcome(seq) + "x"),
    # a credit naming an intent for another voucher
    "other-voucher": lambda session, seq: (
        session.begin_voucher_redemption(11),
        plant_credit(session, 12, 300, redemption_outcome(session.seq)),
    ),
    # the right voucher, but the credit answers another entry than the intent pending
    "other-intent": lambda session, seq: (
        session.begin_voucher_redemption(7),
        plant_credit(session, 7, 300, redemption_outcome(session.seq - 1)),
    ),
}


@pytest.mark.parametrize("planted", PLANTED.values(), ids=PLANTED.keys())
def test_a_credit_with_no_matching_redemption_is_damage(capsys, tmp_path, planted):
    code, out, report = check(capsys, journal(tmp_path, planted))
    assert code == 1
    assert "A voucher was credited without a matching redemption in this journal." in out
    assert out.splitlines()[-1].startswith("Damaged")
    history = next(c for c in report["checks"] if c["name"] == "history")
    assert (history["status"], history["cause"]) == ("failed", "unmatched_credit")
    assert "voucher" in history["detail"]


def test_the_line_is_localized(capsys, tmp_path):
    code, out, _report = check(capsys, journal(tmp_path, PLANTED["no-intent"]), lang="de")
    assert code == 1
    assert (
        "Ein Auszahlungsbeleg wurde gutgeschrieben, ohne dass in diesem Journal eine passende Einlösung steht." in out
    )
