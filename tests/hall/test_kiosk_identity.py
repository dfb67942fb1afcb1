"""A journal keeps one place in the hall: its kiosk number is fixed when it first joins, and its
own voucher numbers stay its own after it leaves."""

from __future__ import annotations

import random

from reddog_tui.cli import main
from reddog_tui.engine import StackedDealer
from reddog_tui.hall import tickets
from reddog_tui.store import GameSession, Store
from reddog_tui.store.database import STANDALONE_LAST
from reddog_tui.ui.launch import hall_refusal

UNREACHABLE_DSN = "host=127.0.0.1 port=1 dbname=nothing connect_timeout=1"


def test_a_kiosk_that_left_the_hall_numbers_its_vouchers_in_its_own_range(tmp_path):
    with Store.open(tmp_path) as store:
        session = GameSession(store, StackedDealer([]), initial_credits=10)
        assert session.cash_out().number == 1  # on its own
        session.add_credits(20)
        rng = random.Random(4)
        in_hall, offline = tickets.new_number(4321, rng), tickets.new_number(4321, rng)
        assert session.cash_out(voucher_number=in_hall).number == in_hall  # in a hall
        session.add_credits(30)
        assert session.cash_out(voucher_number=offline).number == offline  # offline, with the hall's number
        session.add_credits(40)
        after = session.cash_out()  # on its own again
    assert after.number == 2
    assert len(str(STANDALONE_LAST)) < tickets.DIGITS  # the hall's numbers never meet a kiosk's own


def test_the_first_start_in_a_hall_fixes_the_kiosk_number(tmp_path, capsys, monkeypatch):
    Store.open(tmp_path).close()
    assert hall_refusal(tmp_path, 7, "en") is None  # joins as 7
    assert hall_refusal(tmp_path, 7, "en") is None  # and starts as 7 again
    refusal = hall_refusal(tmp_path, 8, "en")
    assert refusal == (
        "This kiosk's journal belongs to kiosk 7 of the hall, so it cannot start as kiosk 8. "
        "Start it with --kiosk-id 7."
    )
    monkeypatch.delenv("REDDOG_KIOSK_ID", raising=False)
    monkeypatch.delenv("REDDOG_HALL_DSN", raising=False)
    code = main(["--data-dir", str(tmp_path), "--lang", "de", "--hall-dsn", UNREACHABLE_DSN, "--kiosk-id", "8"])
    assert code == 2
    err = capsys.readouterr().err
    assert "--kiosk-id 7" in err and err.startswith("Das Journal dieses Kiosks gehört zu Kiosk 7")
    with Store.open(tmp_path) as store:
        assert store.get_setting("hall_kiosk_id") == "7"
