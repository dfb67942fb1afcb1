"""No key a guest can type ends a locked kiosk, on any screen or dialog it shows, the screens of a
journal that failed included: only the attendant's PIN (F12) or a signal ends it.

The walk visits every screen the kiosk has (a test below checks that none is left out) and
presses Textual's exit keys on each; the terminal's own part (Ctrl+C, Ctrl+Z, Ctrl+\\ as keys,
not signals) is in test_exit_keys_on_a_terminal.py and test_error_screen_on_a_terminal.py.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

from textual.screen import Screen

import reddog_tui.ui.screens as screens_package
from reddog_tui.kiosk.intents import ShowRealityCheck
from reddog_tui.kiosk.summary import SessionSummary
from reddog_tui.store import Store
from reddog_tui.ui.screens.attendant_base import AttendantScreen
from reddog_tui.ui.screens.attract import AttractScreen
from reddog_tui.ui.screens.base import ScrollingScreen, ViewScreen
from reddog_tui.ui.screens.error import StoreErrorScreen
from reddog_tui.ui.screens.money_entry import MoneyEntryScreen
from reddog_tui.ui.screens.redeem_voucher import RedeemVoucherScreen
from reddog_tui.ui.screens.summary import SummaryScreen
from tests.ui.helpers import run, screen_text
from tests.ui.test_storage_errors import failing_writes

from .kiosk_helpers import PIN, Clock, enter_pin, kiosk_app, paying_in, with_pin

EXIT_KEYS = ("ctrl+q", "ctrl+c", "ctrl+backslash", "ctrl+z")
ABSTRACT = {ViewScreen, ScrollingScreen, AttendantScreen, MoneyEntryScreen}  # bases: never shown themselves


def kiosk_screens() -> set[type[Screen]]:
    """Every screen class the kiosk's UI defines."""
    found: set[type[Screen]] = set()
    for info in pkgutil.iter_modules(screens_package.__path__):
        module = importlib.import_module(f"{screens_package.__name__}.{info.name}")
        for _name, value in inspect.getmembers(module, inspect.isclass):
            if issubclass(value, Screen) and value.__module__ == module.__name__ and value not in ABSTRACT:
                found.add(value)
    return found


async def no_exit_here(app, pilot, seen: set[type[Screen]]) -> None:
    """Every exit key on the screen in view: the kiosk runs on, the same screen in view."""
    screen = app.screen
    for key in EXIT_KEYS:
        await pilot.press(key)
        await pilot.pause()
        assert app.is_running and app.return_code is None, f"{key} ended the kiosk on {type(screen).__name__}"
        assert app.screen is screen, f"{key} left {type(screen).__name__}"
    seen.add(type(screen))


async def any_key_closes(app, pilot, show, screen_type: type[Screen], seen: set[type[Screen]]) -> None:
    """A screen any key closes (attract mode, a session's summary): each exit key only closes it."""
    under = app.screen
    for key in EXIT_KEYS:
        show()
        await pilot.pause()
        assert isinstance(app.screen, screen_type)
        await pilot.press(key)
        await pilot.pause()
        assert app.is_running and app.return_code is None, f"{key} ended the kiosk on {screen_type.__name__}"
        assert app.screen is under, f"{key} on {screen_type.__name__} did more than close it"
    seen.add(screen_type)


@run
async def test_no_exit_key_ends_the_kiosk_on_any_screen(tmp_path, monkeypatch):
    with Store.open(with_pin(tmp_path)) as store:
        store.set_setting("idle_timeout_seconds", 30)
    clock = Clock()
    app = kiosk_app(tmp_path, clock=clock, pin=False)
    seen: set[type[Screen]] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await no_exit_here(app, pilot, seen)  # the welcome

        def attract() -> None:  # an idle welcome
            clock.now += 30
            app.kiosk_mode.tick()

        await any_key_closes(app, pilot, attract, AttractScreen, seen)
        await pilot.press("enter")  # English
        await pilot.pause()
        await no_exit_here(app, pilot, seen)  # the table
        for key in ("f1", "f2", "f3"):
            await pilot.press(key)
            await pilot.pause()
            await no_exit_here(app, pilot, seen)  # the rules, the player's settings, the recall
            await pilot.press("escape")
        await pilot.press("f12")
        await pilot.pause()
        await no_exit_here(app, pilot, seen)  # the PIN entry
        await pilot.press(*PIN, "enter")
        await pilot.pause(0.1)
        await no_exit_here(app, pilot, seen)  # the menu
        await pilot.press(*paying_in(100)[:-1])
        await pilot.pause()
        await no_exit_here(app, pilot, seen)  # the question before credits are added
        await pilot.press("escape")
        await pilot.pause()
        await no_exit_here(app, pilot, seen)  # Add credits
        await pilot.press("escape")
        app.push_screen(RedeemVoucherScreen())  # a kiosk of a hall has it in its menu
        await pilot.pause()
        await no_exit_here(app, pilot, seen)
        for entry in ("3", "4", "5"):
            await pilot.press("escape", entry)
            await pilot.pause(0.5)
            await no_exit_here(app, pilot, seen)  # meters, operator settings, the journal check
        await pilot.press("escape", *paying_in(10), "escape", "2", "enter")
        await pilot.pause()
        await no_exit_here(app, pilot, seen)  # the cash-out voucher
        await pilot.press("enter", "escape")
        await pilot.pause()
        summary = SessionSummary(rounds_played=3, rounds_won=1, net_result=-5, played_seconds=600)
        await any_key_closes(app, pilot, lambda: app.show_session_summary(summary), SummaryScreen, seen)
        await enter_pin(pilot)
        await pilot.press(*paying_in(20), "escape", "escape")
        await pilot.pause()
        app.carry_out(ShowRealityCheck())
        await pilot.pause()
        await no_exit_here(app, pilot, seen)  # the reality check
        app.pop_screen()
        failing_writes(monkeypatch, tmp_path)
        await pilot.press("plus")  # a chip on the ante that cannot be written: play stops
        await pilot.pause()
        assert isinstance(app.screen, StoreErrorScreen) and app.session is None
        await no_exit_here(app, pilot, seen)
        assert "Attendant: F12 and the attendant PIN close Red Dog." in " ".join(screen_text(app).split())
        await pilot.press("f12", *PIN, "enter")  # the attendant's way out
        await pilot.pause(0.2)
        assert not app.is_running
    assert seen == kiosk_screens()


def test_the_walk_knows_every_screen_of_the_kiosk():
    """A screen added later must join the walk above (its expected set is this one)."""
    names = {screen.__name__ for screen in kiosk_screens()}
    assert names == {
        "AddCreditsScreen",
        "AttendantMenu",
        "AttractScreen",
        "ConfirmScreen",
        "JournalCheckScreen",
        "MetersScreen",
        "OperatorSettingsScreen",
        "PinScreen",
        "RealityCheckScreen",
        "RecallScreen",
        "RedeemVoucherScreen",
        "RulesScreen",
        "SettingsScreen",
        "StoreErrorScreen",
        "SummaryScreen",
        "TableScreen",
        "VoucherScreen",
        "WelcomeScreen",
    }
