"""`reddog hall`: the floor manager's console, live through the server's notices, in five languages."""

from __future__ import annotations

import asyncio
import time

import pytest

from reddog_tui import i18n
from reddog_tui.cli import main
from reddog_tui.engine import StackedDealer
from reddog_tui.hall import server, tickets
from reddog_tui.store import GameSession
from reddog_tui.ui import hall_console
from reddog_tui.ui.hall_console import HallConsole

from .conftest import hall_number, login_dsn, own_database, ship_all

UNREACHABLE_DSN = "host=127.0.0.1 port=1 dbname=nothing connect_timeout=1"


@pytest.fixture
def hall_dsn(pg_dsn):
    """A hall of its own: the console shows every kiosk of its server, and other tests add theirs."""
    with own_database(pg_dsn, "console") as dsn:
        yield dsn


def kiosk_with_voucher(hall_dsn: str, kiosk_id: int, store, amount: int) -> int:
    """A kiosk opened with `amount`, all cashed out on a hall number, and shipped: the number."""
    session = GameSession(store, StackedDealer([]), initial_credits=amount)
    with server.connect(login_dsn(hall_dsn, "kiosk", kiosk_id)) as conn:
        number = hall_number(conn, kiosk_id)
        session.cash_out(voucher_number=number)
        ship_all(conn, kiosk_id, store)
    return number


def cells(app: HallConsole, table_id: str) -> list[list[str]]:
    table = app.query_one(f"#{table_id}")
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


def text_of(app: HallConsole, widget_id: str) -> str:
    return str(app.query_one(f"#{widget_id}").content)


async def until(pilot, condition, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the console never showed it"
        await pilot.pause(0.05)


def test_the_console_shows_kiosks_vouchers_and_changes_as_they_come(hall_dsn, kiosk_store, monkeypatch):
    monkeypatch.setattr(hall_console, "REREAD_S", 3600.0)  # only the server's notices bring changes
    paid_later = kiosk_with_voucher(hall_dsn, 7, kiosk_store("seven"), 250)
    app = HallConsole(login_dsn(hall_dsn, "console", "floor"), "de")

    async def scenario() -> None:
        async with app.run_test(size=(160, 40)) as pilot:
            await until(pilot, lambda: app.floor is not None)
            assert text_of(app, "hall-title") == "Red-Dog-Saal – Kioske: 1, online: 1"
            (row,) = cells(app, "kiosks")
            assert row[:2] == ["7", "● online"]
            assert row[4] == "0\u00a0Punkte"  # all cashed out
            assert (
                text_of(app, "vouchers-title") == "Noch nicht eingelöste Auszahlungsbelege: 1, zusammen 250\u00a0Punkte"
            )
            (voucher,) = cells(app, "vouchers")
            assert voucher[1:3] == ["250\u00a0Punkte", "7"]
            # Its printed groups, with all but the last four digits hidden: the number is the bearer's.
            assert voucher[0] == "**-****-****-****-" + tickets.grouped(paid_later)[-4:]

            kiosk_with_voucher(hall_dsn, 8, kiosk_store("eight"), 1200)  # a second kiosk joins meanwhile
            await until(pilot, lambda: len(cells(app, "kiosks")) == 2)
            assert text_of(app, "vouchers-title") == (
                "Noch nicht eingelöste Auszahlungsbelege: 2, zusammen 1.450\u00a0Punkte"
            )
            with server.connect(login_dsn(hall_dsn, "cashier", "desk")) as conn:
                server.redeem_at_cashier(conn, paid_later)
            await until(pilot, lambda: len(cells(app, "vouchers")) == 1)

            await pilot.press("l")  # the next language of the registry
            assert i18n.current_language() == i18n.next_language("de")
            assert text_of(app, "hall-keys").startswith(i18n._("l  Language"))

    asyncio.run(scenario())


def test_a_silent_kiosk_is_offline_and_a_discrepancy_is_named(hall_dsn, kiosk_store):
    kiosk_with_voucher(hall_dsn, 3, kiosk_store("three"), 10)
    kiosk_with_voucher(hall_dsn, 4, kiosk_store("four"), 10)
    with server.connect(hall_dsn) as conn:
        conn.execute("UPDATE hall_kiosk SET last_seen = clock_timestamp() - interval '1 minute' WHERE kiosk_id = 3")
    with server.connect(login_dsn(hall_dsn, "kiosk", 4)) as conn:
        server.record_conflict(conn, "kiosk 4: the server holds entry 9, which is not this journal's")
    app = HallConsole(login_dsn(hall_dsn, "console", "floor"), "en")

    async def scenario() -> None:
        async with app.run_test(size=(160, 40)) as pilot:
            await until(pilot, lambda: app.floor is not None)
            rows = cells(app, "kiosks")
            assert [row[1] for row in rows] == ["○ offline", "⚠ discrepancy"]
            assert rows[0][2] in ("60\u00a0s ago", "61\u00a0s ago")
            assert text_of(app, "discrepancies") == "Kiosk 4: another journal sends entries under this number."
            assert text_of(app, "hall-title") == "Red Dog hall. Kiosks: 2, online: 0"

    asyncio.run(scenario())


def test_without_its_server_the_console_says_so_and_keeps_running():
    app = HallConsole(UNREACHABLE_DSN, "pl")

    async def scenario() -> None:
        async with app.run_test(size=(120, 30)) as pilot:
            await until(pilot, lambda: app.unreachable is not None)
            said = i18n._("The hall server cannot be reached: {reason}").format(reason=app.unreachable)
            assert text_of(app, "server-state") == said
            assert not said.startswith("The hall server")  # in Polish
            await pilot.press("q")

    asyncio.run(scenario())
    assert app.return_code == 0  # "q" ended it: None would mean it never exited


def test_the_console_needs_the_hall_server(capsys, monkeypatch):
    monkeypatch.delenv("REDDOG_HALL_DSN", raising=False)
    assert main(["--lang", "it", "hall"]) == 2
    err = capsys.readouterr().err
    assert err == i18n._("The hall server is not set: give --hall-dsn or set REDDOG_HALL_DSN.") + "\n"
    assert "REDDOG_HALL_DSN" in err and not err.startswith("The hall server")  # in Italian


def test_in_a_narrow_window_the_titles_and_keys_wrap_rather_than_lose_their_ends():
    app = HallConsole(UNREACHABLE_DSN, "de")

    async def scenario() -> None:
        async with app.run_test(size=(36, 20)) as pilot:
            await until(pilot, lambda: app.unreachable is not None)
            await pilot.pause(0.2)
            strips = app.screen._compositor.render_strips()
            shown = " ".join(" ".join("".join(segment.text for segment in strip).split()) for strip in strips)
            texts = {widget_id: text_of(app, widget_id) for widget_id in ("vouchers-title", "hall-keys")}
            assert all(len(text) > 36 for text in texts.values())  # wider than the window: they must wrap
            for widget_id, text in texts.items():
                assert " ".join(text.split()) in shown, widget_id
            await pilot.press("q")

    asyncio.run(scenario())
