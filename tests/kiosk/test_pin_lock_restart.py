"""The PIN lock outlasts a restart, grows with each lock in a row, is journaled with its length,
and the table tells the staff while it holds."""

from __future__ import annotations

import os
import signal
import sys
import time

import pytest

from reddog_tui.store import Store
from reddog_tui.ui.screens.attendant_menu import AttendantMenu
from reddog_tui.ui.screens.pin import PinScreen
from reddog_tui.ui.screens.table import TableScreen
from tests.ui.helpers import run, screen_text, wait_until

from ..terminal import Terminal, app_command, clean_environment
from .kiosk_helpers import PIN, Clock, kiosk_app, with_pin

F12 = b"\x1b[24~"

BANNER = {
    "en": "Attendant entry locked",
    "de": "Aufsichtszugang gesperrt",
    "pl": "Dostęp obsługi zablokowany",
    "fr": "Accès de l'agent de salle bloqué",
    "it": "Inserimento PIN bloccato",
}


async def three_wrong_pins(pilot) -> None:
    await pilot.press("f12")
    for wrong in ("1111", "2222", "3333"):
        await pilot.press(*wrong, "enter")
    await wait_until(pilot, pilot.app.kiosk_mode.pin_locked)  # each PIN is checked as it is entered
    await pilot.pause()


async def shows(pilot, text: str, top_bar: bool = False) -> bool:
    """Whether the screen (or its top bar) shows `text` within a few seconds: a PIN check and
    its redraw take a while on a busy machine."""
    for _ in range(100):
        shown = screen_text(pilot.app)
        if text in (shown.splitlines()[0] if top_bar else shown):
            return True
        await pilot.pause(0.05)
    return False


def journaled_locks(data_dir) -> list[int | None]:
    with Store.open(data_dir) as store:
        return [value for _, action, value in store.journal_actions(100) if action == "attendant_pin_wrong_locked"]


@run
async def test_a_restart_does_not_lift_the_lock(tmp_path):
    clock = Clock()
    first = kiosk_app(tmp_path, clock=clock)
    async with first.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await three_wrong_pins(pilot)
        assert await shows(pilot, "locked for 60\u00a0seconds")
    clock.now += 20
    again = kiosk_app(tmp_path, clock=clock, pin=False)  # the same data dir, started anew
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert await shows(pilot, BANNER["en"], top_bar=True)
        await pilot.press("f12", *PIN, "enter")  # the right PIN, but the lock still holds
        await pilot.pause()
        assert isinstance(again.screen, PinScreen)
        assert await shows(pilot, "locked for 40\u00a0seconds")
        clock.now += 40
        await pilot.press(*PIN, "enter")
        await pilot.pause()
        assert isinstance(again.screen, AttendantMenu)
    assert journaled_locks(tmp_path) == [60]


@run
async def test_each_lock_in_a_row_lasts_longer_even_across_restarts(tmp_path):
    clock = Clock()
    shown = []
    for expected in ("60\u00a0seconds", "5\u00a0minutes", "30\u00a0minutes", "30\u00a0minutes"):  # no-break spaces
        app = kiosk_app(tmp_path, clock=clock, pin=not shown)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("enter")
            await three_wrong_pins(pilot)
            assert await shows(pilot, f"locked for {expected}")
            shown.append(expected)
            lock = app.kiosk_mode.gate().locked_for()
        clock.now += lock  # once the app has closed: a running kiosk would go back to its welcome
    assert journaled_locks(tmp_path) == [1800, 1800, 300, 60]  # newest first
    app = kiosk_app(tmp_path, clock=clock, pin=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "f12", *PIN, "enter")
        await pilot.pause()
        assert isinstance(app.screen, AttendantMenu)
        await pilot.press("escape")
        await pilot.pause()
        await three_wrong_pins(pilot)  # the right PIN started a new row
        assert await shows(pilot, "locked for 60\u00a0seconds")


@pytest.mark.parametrize("language", BANNER)
@run
async def test_the_table_tells_the_staff_while_the_entry_is_locked(tmp_path, language):
    clock = Clock()
    app = kiosk_app(tmp_path, language, clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await three_wrong_pins(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert await shows(pilot, BANNER[language], top_bar=True)
        clock.now += 60
        app.kiosk_mode.tick()  # the top bar is redrawn every second
        await pilot.pause()
        assert BANNER[language] not in screen_text(app)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs a pseudo terminal")
def test_three_wrong_pins_then_kill_term_and_a_restart_keep_the_entry_locked(tmp_path):
    """As on the cabinet: the real kiosk, ended by `kill -TERM` and started again."""
    data_dir = with_pin(tmp_path / "data")
    command = app_command("--kiosk", "--data-dir", str(data_dir), "--lang", "en")
    with Terminal(command, env=clean_environment()) as kiosk:
        kiosk.wait_for("Choose your language")
        kiosk.write(b"\r")
        kiosk.wait_for("Credits")
        kiosk.write(F12)
        kiosk.wait_for("Enter the attendant PIN")
        for wrong in (b"1111", b"2222", b"3333"):
            kiosk.write(wrong + b"\r")
            time.sleep(0.3)  # each PIN is checked on its own
        kiosk.wait_for("Too many wrong PINs")
        os.kill(kiosk.pid, signal.SIGTERM)
        kiosk.exit_status()
    with Terminal(command, env=clean_environment()) as kiosk:
        kiosk.wait_for("Choose your language")
        kiosk.write(b"\r")
        kiosk.wait_for("Credits")
        since = kiosk.mark()
        kiosk.write(F12)
        kiosk.wait_for("Enter the attendant PIN", since=since)
        kiosk.write(PIN.encode() + b"\r")  # the right PIN, still locked
        kiosk.wait_for("Too many wrong PINs", since=since)
        assert "Attendant menu" not in kiosk.text(since)
        kiosk.write(b"\x1b")  # back to the table, which tells the staff
        kiosk.wait_for(BANNER["en"], since=since)
