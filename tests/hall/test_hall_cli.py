"""`reddog hall cashier`, `reddog hall meters`, and the kiosk's --hall-dsn / --kiosk-id."""

from __future__ import annotations

import asyncio
import random

import pytest

from benchmarks.hall_kiosk import AutoPlayer, new_session
from reddog_tui.cli import main
from reddog_tui.engine import Action
from reddog_tui.hall import meters, server, tickets
from reddog_tui.ui.app import RedDogApp

from .conftest import hall_number, ship_all

UNREACHABLE_DSN = "host=127.0.0.1 port=1 dbname=nothing connect_timeout=1"


@pytest.fixture(autouse=True)
def no_hall_environment(monkeypatch):
    for name in ("REDDOG_HALL_DSN", "REDDOG_KIOSK_ID", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C")


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def voucher(kiosk_conn, kiosk_id, kiosk_store):
    """A synced hall voucher for 250 credits."""
    store = kiosk_store("issuer")
    session = new_session(store, seed=1)
    session.cash_out()
    session.add_credits(250)
    conn = kiosk_conn(kiosk_id)
    session.cash_out(voucher_number=hall_number(conn, kiosk_id))
    ship_all(conn, kiosk_id, store)
    return session.store.journal_entries_after(0, 1000)[-1].voucher


def test_the_cashier_pays_a_voucher_once(capsys, cashier_dsn, voucher):
    shown = tickets.grouped(voucher)
    code, out, err = run(capsys, "--hall-dsn", cashier_dsn, "hall", "cashier", str(voucher))
    assert (code, out, err) == (0, f"Voucher {shown}: pay 250\u00a0credits.\n", "")
    code, out, _ = run(capsys, "--hall-dsn", cashier_dsn, "hall", "cashier", shown)
    assert (code, out) == (3, f"Voucher {shown} has already been redeemed. Do not pay it.\n")


def test_the_cashier_speaks_the_chosen_language(capsys, monkeypatch, pg, cashier_dsn, voucher):
    monkeypatch.setenv("REDDOG_HALL_DSN", cashier_dsn)
    shown = tickets.grouped(voucher)
    code, out, _ = run(capsys, "--lang", "de", "hall", "cashier", shown)
    assert (code, out) == (0, f"Auszahlungsbeleg {shown}: 250\u00a0Punkte auszahlen.\n")
    hall_id = pg.execute("SELECT hall_id FROM hall_config").fetchone()[0]
    unknown = tickets.new_number(hall_id, random.Random(9))
    code, out, _ = run(capsys, "--lang", "pl", "hall", "cashier", str(unknown))
    shown = tickets.grouped(unknown)
    assert (code, out) == (3, f"Serwer sali nie zna potwierdzenia wypłaty {shown}. Nie wypłacaj.\n")


def test_hall_commands_without_a_reachable_server_say_so(capsys):
    code, out, err = run(capsys, "hall", "meters")
    assert (code, out) == (2, "")
    assert err == "The hall server is not set: give --hall-dsn or set REDDOG_HALL_DSN.\n"
    code, out, err = run(capsys, "--lang", "fr", "--hall-dsn", UNREACHABLE_DSN, "hall", "cashier", "5")
    assert (code, out) == (2, "")  # 2: nothing was done; 3 says "do not pay"
    assert err.startswith("Le serveur de la salle est injoignable\u00a0: ") and "Traceback" not in err


def test_hall_meters_lists_every_kiosk_and_the_hall(capsys, pg, kiosk_conn, console_dsn, kiosk_store):
    store = kiosk_store("metered")
    play = AutoPlayer(new_session(store, seed=3), seed=3)
    for _ in range(30):
        play.step()
    conn = kiosk_conn(9101)
    server.register_kiosk(conn, 9101)
    ship_all(conn, 9101, store)
    code, out, _ = run(capsys, "--hall-dsn", console_dsn, "hall", "meters")
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["Kiosk", "Credits", "in"]
    kiosk_line = next(line for line in lines if line.split()[0] == "9101")  # a name, never grouped
    assert kiosk_line.split()[1] == f"{store.meters()['credits_in']:,}"
    assert any(line.split()[0] == "Hall" for line in lines)
    # Other tests of this run leave kiosks with discrepancies of every kind on the same server: the
    # status says whether there is any, as the hall's own reading of the meters finds them.
    flagged = meters.hall_meters(pg).discrepancies
    assert all(k.kiosk_id != 9101 for k in flagged)  # the kiosk shipped here adds up
    assert code == (1 if flagged else 0)


def test_a_kiosk_in_a_hall_needs_its_number(capsys, tmp_path):
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "--hall-dsn", UNREACHABLE_DSN)
    assert (code, out) == (2, "")
    assert err == "reddog: A hall kiosk needs a kiosk number: give --kiosk-id or set REDDOG_KIOSK_ID.\n"
    with pytest.raises(SystemExit) as refused:
        main(["--data-dir", str(tmp_path), "--hall-dsn", UNREACHABLE_DSN, "--kiosk-id", "0"])
    assert refused.value.code == 2
    assert capsys.readouterr().err == "reddog: --kiosk-id must be a whole number from 1 to 9999, not 0.\n"


def test_the_kiosk_app_ships_its_journal_and_numbers_vouchers_through_the_hall(pg, kiosk_dsn, kiosk_id, tmp_path):
    app = RedDogApp(language="en", data_dir=tmp_path / "kiosk", hall=(kiosk_dsn(kiosk_id), kiosk_id), push_pause=None)

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await pilot.pause()
            assert app.play.act(Action.ADD_CHIP, 5)
            assert app.play.act(Action.DEAL)
            link = app.hall_link
            assert link.replicator.wait_shipped(app.session.seq, timeout=30)

    asyncio.run(scenario())
    held = pg.execute("SELECT shipped_seq FROM hall_kiosk WHERE kiosk_id = %s", (kiosk_id,)).fetchone()[0]
    assert held >= 3
    assert not app.hall_link.replicator._thread.is_alive()  # stopped before the journal was closed


def test_without_a_hall_the_kiosk_is_on_its_own(tmp_path):
    app = RedDogApp(language="en", data_dir=tmp_path / "alone", push_pause=None)

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await pilot.pause()
            assert app.play.act(Action.ADD_CHIP, 5)

    asyncio.run(scenario())
    assert app.hall_link is None
