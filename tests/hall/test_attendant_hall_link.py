"""The attendant menu of a kiosk in a hall shows its link to the hall server: online, or offline
since when, and how many journal entries wait to be shipped. A kiosk on its own shows nothing of it."""

from __future__ import annotations

from datetime import UTC, datetime

import psycopg
import pytest

from reddog_tui.ui.kiosk_texts import local_time
from reddog_tui.ui.screens.attendant_menu import AttendantMenu
from tests.kiosk.kiosk_helpers import enter_pin, kiosk_app
from tests.ui.helpers import run, screen_text, wait_until

from .proxy import CuttableProxy
from .test_kiosk_ticket_in import hall_kiosk

OFFLINE = {
    "en": ("Hall server: offline since {time}", "2 entries waiting to be shipped"),
    "de": ("Saalserver: offline seit {time}", "2 Einträge warten auf die Übertragung"),
}


@pytest.fixture
def proxy(pg_dsn):
    info = psycopg.conninfo.conninfo_to_dict(pg_dsn)
    p = CuttableProxy(str(info.get("host", "127.0.0.1")), int(info.get("port", 5432)))
    yield p
    p.close()


def shown(app) -> str:
    return " ".join(screen_text(app).replace("\u00a0", " ").split())


@run
async def test_the_menu_shows_the_link_online_and_the_entries_shipped(tmp_path, kiosk_dsn, kiosk_id):
    app = hall_kiosk(tmp_path / "kiosk", kiosk_dsn(kiosk_id + 5000), kiosk_id + 5000)
    async with app.run_test(size=(80, 24)) as pilot:
        await enter_pin(pilot)
        assert isinstance(app.screen, AttendantMenu)
        # Signing in was journaled: shipped while the menu is open, and the line follows it.
        await wait_until(pilot, lambda: "Hall server: online · 0 entries waiting to be shipped" in shown(app))


@pytest.mark.parametrize("language", ["en", "de"])
@run
async def test_the_menu_shows_since_when_the_link_is_down_and_what_waits(
    tmp_path, monkeypatch, kiosk_dsn, kiosk_id, proxy, language
):
    monkeypatch.setenv("TZ", "UTC")
    dsn = psycopg.conninfo.make_conninfo(kiosk_dsn(kiosk_id + 5000), host="127.0.0.1", port=proxy.port)
    app = hall_kiosk(tmp_path / "kiosk", dsn, kiosk_id + 5000, language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        replicator = app.hall_link.replicator
        await wait_until(pilot, lambda: replicator.status.connected)
        await enter_pin(pilot)
        await wait_until(pilot, lambda: replicator.status.shipped_seq == app.session.seq)
        proxy.cut()
        await wait_until(pilot, lambda: not replicator.status.connected)
        for event in ("cash_out_requested", "cash_out_requested"):  # two entries the hall has not got
            app.session.journal_attendant_event(event)
        since, waiting = OFFLINE[language]
        moment = datetime.fromtimestamp(replicator.status.offline_since, UTC)
        line = " ".join(since.format(time=local_time(moment)).replace("\u00a0", " ").split())  # in the app's language
        await wait_until(pilot, lambda: line in shown(app) and waiting in shown(app))


@run
async def test_a_kiosk_on_its_own_shows_no_hall_line(tmp_path):
    app = kiosk_app(tmp_path / "kiosk")
    async with app.run_test(size=(80, 24)) as pilot:
        await enter_pin(pilot)
        assert isinstance(app.screen, AttendantMenu)
        assert "Hall" not in shown(app)
        assert not app.screen.query_one("#hall-link").display
