"""In kiosk mode no key leaves the app or stops it; without --kiosk Ctrl+Q quits."""

from __future__ import annotations

import signal

import pytest

from reddog_tui.kiosk.signals import EXIT_SIGNALS, ExitSignalLock
from reddog_tui.store import Store
from reddog_tui.ui.screens.error import StoreErrorScreen
from reddog_tui.ui.screens.table import TableScreen
from tests.ui.helpers import make_app, run, screen_text

from .kiosk_helpers import PIN, kiosk_app, with_pin

LOCKED_KEYS = ("ctrl+q", "ctrl+c", "ctrl+z", "ctrl+backslash", "ctrl+p", "escape")


@pytest.mark.parametrize("key", LOCKED_KEYS)
@run
async def test_an_exit_key_does_nothing_in_kiosk_mode(tmp_path, key):
    app = kiosk_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the welcome screen: to the table
        await pilot.press(key, key)
        await pilot.pause()
        assert app.is_running and app._exit_renderables == []
        assert isinstance(app.screen, TableScreen)
        assert app.return_code is None
        assert "Ctrl+Q" not in screen_text(app)  # the key bar does not offer what does nothing


@run
async def test_exit_signals_are_ignored_while_the_kiosk_runs_and_restored_after(tmp_path):
    before = {number: signal.getsignal(number) for number in EXIT_SIGNALS}
    app = kiosk_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert all(signal.getsignal(number) is signal.SIG_IGN for number in EXIT_SIGNALS)
        signal.raise_signal(signal.SIGINT)  # would end the test run if it were not ignored
        await pilot.pause()
        assert app.is_running
    assert {number: signal.getsignal(number) for number in EXIT_SIGNALS} == before


def test_the_lock_puts_back_what_it_found():
    before = signal.getsignal(signal.SIGQUIT)
    lock = ExitSignalLock()
    lock.hold()
    lock.hold()  # a second hold keeps the first saved handlers
    assert signal.getsignal(signal.SIGQUIT) is signal.SIG_IGN
    lock.release()
    assert signal.getsignal(signal.SIGQUIT) == before


@run
async def test_ctrl_q_quits_without_kiosk_mode(tmp_path):
    before = {number: signal.getsignal(number) for number in EXIT_SIGNALS}
    app = make_app(tmp_path, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        assert {number: signal.getsignal(number) for number in (signal.SIGINT, signal.SIGQUIT)} == {
            number: before[number] for number in (signal.SIGINT, signal.SIGQUIT)
        }
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not app.is_running


@run
async def test_kiosk_mode_without_a_pin_does_not_start(tmp_path):
    app = kiosk_app(tmp_path, pin=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
    assert app.return_code == 2


def test_the_command_line_refuses_kiosk_mode_without_a_pin(tmp_path, capsys):
    from reddog_tui.cli import main

    assert main(["--kiosk", "--data-dir", str(tmp_path), "--lang", "de"]) == 2
    err = capsys.readouterr().err
    assert "reddog --data-dir" in err and "attendant set-pin" in err
    assert "Traceback" not in err


@run
async def test_a_journal_refused_at_the_start_of_a_kiosk_takes_no_exit_key(tmp_path):
    """Not a journal at all: no PIN can be read from it, so no key closes the kiosk; a signal does
    (the service stopped), and the screen tells the staff so."""
    with_pin(tmp_path)
    db = tmp_path / "reddog.db"
    db.write_bytes(b"this is not a journal" * 10)
    app = kiosk_app(tmp_path, pin=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.store_error is not None and app.store_error.code == "not_a_database"
        await pilot.press("ctrl+q", "f12", "a", *PIN, "enter")
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, StoreErrorScreen)
        text = " ".join(screen_text(app).split())
        assert "Stop the Red Dog service to close it." in text
        assert "Quit" not in text and "F12" not in text  # neither key on the bar


@run
async def test_a_journal_refused_at_the_start_is_closed_with_the_pin_it_still_holds(tmp_path):
    """Another Red Dog holds the journal: its PIN is still readable, and only the PIN closes the kiosk."""
    with Store.open(with_pin(tmp_path)):  # held open meanwhile: this kiosk is refused ("locked")
        app = kiosk_app(tmp_path, pin=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.store_error is not None and app.store_error.code == "locked"
            await pilot.press("ctrl+q")
            await pilot.pause()
            assert app.is_running
            assert "F12 and the attendant PIN close Red Dog" in " ".join(screen_text(app).split())
            await pilot.press("f12", "1", "3", "5", "7", "enter")
            await pilot.pause(0.1)
            assert app.is_running and "Wrong PIN." in screen_text(app)
            await pilot.press(*PIN, "enter")
            await pilot.pause(0.1)
            assert not app.is_running


def test_the_exit_signals_are_ignored_from_before_the_kiosk_starts(tmp_path, monkeypatch):
    """From the command line on: Ctrl+C typed while the kiosk starts up (the terminal still
    turns it into a signal then) must not end it, and the shell's handlers come back after."""
    from argparse import Namespace

    from reddog_tui.ui.launch import launch

    seen = {}

    class StartingApp:  # stands in for the app: notes the handlers the moment it would start
        return_code, store_error, crashed = 0, None, False

        def __init__(self, **_options) -> None:
            pass

        def run(self) -> None:
            seen.update({number: signal.getsignal(number) for number in EXIT_SIGNALS})

    monkeypatch.setattr("reddog_tui.ui.app.RedDogApp", StartingApp)
    before = {number: signal.getsignal(number) for number in EXIT_SIGNALS}
    args = Namespace(kiosk=True, data_dir=str(with_pin(tmp_path)), lang="en", seed=None)
    assert launch(args) == 0
    assert seen == {number: signal.SIG_IGN for number in EXIT_SIGNALS}
    assert {number: signal.getsignal(number) for number in EXIT_SIGNALS} == before


@pytest.mark.parametrize("stopped_in", ["pin-entry", "add-credits"])
@run
async def test_a_journal_failing_under_the_attendants_screens_is_closed_with_the_pin(tmp_path, monkeypatch, stopped_in):
    """The error screen covers the PIN entry or the menu that were open: F12 still reaches a PIN entry."""
    from tests.ui.test_storage_errors import failing_writes

    app = kiosk_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "f12")
        if stopped_in == "add-credits":
            await pilot.press(*PIN, "enter", "1", "1", "0", "enter")
        await pilot.pause(0.1)
        failing_writes(monkeypatch, tmp_path)
        await pilot.press(*(("enter",) if stopped_in == "add-credits" else (*PIN, "enter")))
        await pilot.pause(0.1)
        assert isinstance(app.screen, StoreErrorScreen)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.is_running
        await pilot.press("f12", *PIN, "enter")
        await pilot.pause(0.2)
        assert not app.is_running
