"""Links that notice they are dead: a hall link black-holed by the network (the proxy holds the
bytes, nothing is cut) is noticed and reconnected, and never leaves a hall row locked."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable

import psycopg
import pytest

from benchmarks.hall_kiosk import AutoPlayer, new_session
from reddog_tui import i18n
from reddog_tui.hall import server
from reddog_tui.hall.replicator import Replicator
from reddog_tui.hall.vouchers import RedeemOutcome, VoucherDesk
from reddog_tui.i18n.formatting import voucher_number
from reddog_tui.ui.hall_console import HallConsole
from reddog_tui.ui.screens.attendant_menu import AttendantMenu
from tests.ui.helpers import run, screen_text

from .conftest import login_dsn, own_database
from .proxy import CuttableProxy
from .test_hall_console import cells, kiosk_with_voucher
from .test_kiosk_ticket_in import hall_kiosk, open_redeem, open_redeem_any_language, redeem

NOTICED_S = 15.0  # a stalled link is noticed within this
RESUMED_S = 30.0  # shipping resumes within this once the network is back
SHOWN_OFFLINE_S = 20.0  # the console shows a stalled kiosk offline within this


@pytest.fixture
def proxy(pg_dsn):
    info = psycopg.conninfo.conninfo_to_dict(pg_dsn)
    p = CuttableProxy(str(info.get("host", "127.0.0.1")), int(info.get("port", 5432)))
    yield p
    p.close()


def through(proxy: CuttableProxy, dsn: str) -> str:
    return psycopg.conninfo.make_conninfo(dsn, host="127.0.0.1", port=proxy.port)


def seconds_until(condition: Callable[[], bool], timeout: float) -> float | None:
    """How long `condition` took to hold, or None if it did not within `timeout`."""
    started = time.monotonic()
    while not condition():
        if time.monotonic() - started > timeout:
            return None
        time.sleep(0.05)
    return time.monotonic() - started


def test_every_hall_connection_carries_the_link_limits(pg_dsn):
    with server.connect(pg_dsn) as conn:
        shown = {
            name: conn.execute(f"SHOW {name}").fetchone()[0]
            for name in ("statement_timeout", "lock_timeout", "idle_in_transaction_session_timeout")
        }
        params = conn.info.get_parameters()
    limits = server.LINK_LIMITS
    assert shown == {
        "statement_timeout": f"{limits.statement_s}s",
        "lock_timeout": f"{limits.lock_s}s",
        "idle_in_transaction_session_timeout": f"{limits.idle_in_transaction_s}s",
    }
    assert params["connect_timeout"] == str(limits.connect_s)
    assert params["keepalives"] == "1"
    assert params["keepalives_idle"] == str(limits.keepalive_idle_s)
    assert params["keepalives_interval"] == str(limits.keepalive_interval_s)
    assert params["keepalives_count"] == str(limits.keepalive_count)
    assert params["tcp_user_timeout"] == str(limits.tcp_user_timeout_ms)
    # The server gives up on a statement before the kiosk gives up on its answer.
    assert limits.statement_s < limits.answer_s


def test_a_stalled_link_is_noticed_reconnected_and_shipping_resumes(kiosk_dsn, pg, proxy, kiosk_id, kiosk_store):
    store = kiosk_store()
    player = AutoPlayer(new_session(store, seed=11), seed=11)
    replicator = Replicator(store, kiosk_id, through(proxy, kiosk_dsn(kiosk_id)))
    replicator.start()
    try:
        for _ in range(20):
            player.step()
        assert replicator.wait_shipped(player.session.seq, timeout=30)

        proxy.stall()
        for _ in range(20):  # play goes on; these wait for the link
            player.step()
        noticed = seconds_until(lambda: not replicator.status.connected, NOTICED_S)
        assert noticed is not None, f"the replicator did not notice a stalled link within {NOTICED_S} s"
        time.sleep(5)  # the network stays away a while: reconnecting through it fails
        assert not replicator.status.connected

        proxy.restore()
        resumed = seconds_until(lambda: (replicator.status.shipped_seq or 0) >= player.session.seq, RESUMED_S)
        assert resumed is not None, f"shipping did not resume within {RESUMED_S} s of the network coming back"
        held = pg.execute("SELECT shipped_seq FROM hall_kiosk WHERE kiosk_id = %s", (kiosk_id,)).fetchone()[0]
        assert held == player.session.seq
        print(f"\nstall noticed after {noticed:.1f} s; shipping resumed {resumed:.1f} s after the network came back")
    finally:
        replicator.stop()


def test_a_kiosk_stalled_mid_redemption_never_blocks_the_cashier(
    kiosk_dsn, cashier, proxy, kiosk_id, kiosk_store, issue_voucher
):
    number = issue_voucher(300)
    session = new_session(kiosk_store("redeemer"), seed=0)
    desk = VoucherDesk(session, kiosk_id + 5000, through(proxy, kiosk_dsn(kiosk_id + 5000)))
    seq = desk.begin(number)
    answers: list[object] = []
    proxy.stall_after(b"hall_redeem_answer")  # the request reaches the server, its answer is held
    asking = threading.Thread(target=lambda: answers.append(desk.ask(seq, number, desk.nonce(seq))), daemon=True)
    asking.start()
    assert seconds_until(lambda: proxy.stalled, 10) is not None

    # The cashier, on a link of its own, is answered at once: the voucher went to the kiosk.
    paid = server.redeem_at_cashier(cashier, number)
    assert paid.outcome is server.Redemption.ALREADY_REDEEMED

    asking.join(NOTICED_S)
    assert not asking.is_alive(), f"the kiosk still waited on the stalled hall after {NOTICED_S} s"
    assert answers == [None]  # no answer: the redemption stays pending, nothing credited
    assert desk.settle(seq, number, None).outcome is RedeemOutcome.UNREACHABLE
    assert session.state.credits == 1000

    proxy.restore()
    resolved = desk.resolve_pending()
    assert resolved is not None and resolved.outcome is RedeemOutcome.CREDITED and resolved.amount == 300
    assert session.state.credits == 1300


async def until(pilot, condition, timeout: float) -> float | None:
    started = time.monotonic()
    while not condition():
        if time.monotonic() - started > timeout:
            return None
        await pilot.pause(0.05)
    return time.monotonic() - started


def test_the_console_says_when_its_own_link_stalls_and_r_reconnects(pg_dsn, proxy, kiosk_store):
    with own_database(pg_dsn, "stall") as hall_dsn:
        kiosk_with_voucher(hall_dsn, 2, kiosk_store("two"), 50)
        app = HallConsole(through(proxy, login_dsn(hall_dsn, "console", "floor")), "it")

        async def scenario() -> None:
            async with app.run_test(size=(160, 40)) as pilot:
                assert await until(pilot, lambda: app.floor is not None, 10) is not None
                proxy.stall()
                lost = await until(pilot, lambda: app.unreachable is not None, NOTICED_S)
                assert lost is not None, f"the console did not notice its stalled link within {NOTICED_S} s"
                seen = cells(app, "kiosks")[0][2]
                await pilot.pause(1.2)
                assert cells(app, "kiosks")[0][2] != seen  # "last seen" keeps ageing, it does not freeze
                assert "online" not in cells(app, "kiosks")[0][1]  # nobody knows while the link is down
                proxy.restore()
                await pilot.press("r")  # read again now, without waiting for the next try
                back = await until(pilot, lambda: app.unreachable is None, 5)
                assert back is not None, "`r` did not bring the floor back"
                print(f"\nconsole: own link lost noticed after {lost:.1f} s; back {back:.1f} s after `r`")
                await pilot.press("q")

        asyncio.run(scenario())


def test_the_console_shows_a_stalled_kiosk_offline_in_time(pg_dsn, proxy, kiosk_store):
    with own_database(pg_dsn, "offline") as hall_dsn:
        store = kiosk_store()
        new_session(store, seed=3)
        replicator = Replicator(store, 9, through(proxy, login_dsn(hall_dsn, "kiosk", 9)))
        replicator.start()
        app = HallConsole(login_dsn(hall_dsn, "console", "floor"), "en")

        async def scenario() -> None:
            async with app.run_test(size=(160, 40)) as pilot:
                # Only the stall is timed: the first sight of the kiosk may take a loaded machine longer.
                shown = await until(pilot, lambda: [r[1] for r in cells(app, "kiosks")] == ["● online"], 45)
                assert shown is not None, f"the kiosk never showed online: {cells(app, 'kiosks')}"
                proxy.stall()
                offline = await until(pilot, lambda: cells(app, "kiosks")[0][1] == "○ offline", SHOWN_OFFLINE_S)
                assert offline is not None, f"a stalled kiosk still showed online after {SHOWN_OFFLINE_S} s"
                print(f"\nconsole: stalled kiosk shown offline after {offline:.1f} s")
                await pilot.press("q")

        try:
            asyncio.run(scenario())
        finally:
            proxy.restore()
            replicator.stop()


def hall_workers_done(app) -> bool:
    return not any(w.is_running for w in app.workers if w.group == "hall")


@run
async def test_a_kiosk_asking_a_stalled_hall_gives_up_with_a_clear_message(
    tmp_path, kiosk_dsn, proxy, kiosk_id, issue_voucher
):
    number = issue_voucher(200)
    app = hall_kiosk(tmp_path / "kiosk", through(proxy, kiosk_dsn(kiosk_id + 5000)), kiosk_id + 5000, language="de")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_redeem_any_language(pilot)
        proxy.stall_after(b"hall_redeem")  # connected, asked, and the answer never comes
        await redeem(pilot, number)
        gave_up = await until(pilot, lambda: not app.screen.asking, NOTICED_S)
        assert gave_up is not None, f"still asking the hall after {NOTICED_S} s"
        said = i18n._(
            "The hall server cannot be reached. Voucher {number} stays pending and is finished when it answers."
        ).format(number=voucher_number(number))
        assert said.startswith("Der Saalserver")  # in German
        # The message grows to its lines on the next layout, which a loaded machine may draw late.
        shown = await until(pilot, lambda: " ".join(said.split()) in " ".join(screen_text(app).split()), 5)
        assert shown is not None, screen_text(app)
        assert app.session.pending_voucher_redemption() is not None  # nothing credited, nothing lost
        proxy.restore()
        print(f"\nkiosk: gave up on a stalled hall after {gave_up:.1f} s")


@run
async def test_esc_during_a_black_holed_redemption_never_crashes(tmp_path, kiosk_dsn, proxy, kiosk_id, issue_voucher):
    number = issue_voucher(200)
    app = hall_kiosk(tmp_path / "kiosk", through(proxy, kiosk_dsn(kiosk_id + 5000)), kiosk_id + 5000)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_redeem(pilot)
        proxy.stall()
        await redeem(pilot, number)
        await pilot.pause(0.1)
        assert app.screen.asking
        await pilot.press("escape")  # the attendant walks away before the hall answers
        assert isinstance(app.screen, AttendantMenu)
        assert await until(pilot, lambda: hall_workers_done(app), NOTICED_S) is not None
        await pilot.pause(0.3)  # the late answer is handled on the UI thread
        assert app.is_running and isinstance(app.screen, AttendantMenu)
        assert app.session.pending_voucher_redemption() is not None  # stays pending, finished later
        proxy.restore()
