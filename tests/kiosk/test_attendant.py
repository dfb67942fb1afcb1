"""The PIN (set by the command line, checked, locked, journaled) and the menu."""

from __future__ import annotations

import pytest

from reddog_tui.cli import main
from reddog_tui.kiosk.pin import verify_pin
from reddog_tui.store import Store
from reddog_tui.ui.screens.attendant_menu import AttendantMenu
from reddog_tui.ui.screens.operator_settings import OperatorSettingsScreen
from reddog_tui.ui.screens.pin import PinScreen
from reddog_tui.ui.screens.table import TableScreen
from reddog_tui.ui.screens.voucher import VoucherScreen
from tests.ui.helpers import run, screen_text

from .kiosk_helpers import PIN, Clock, enter_pin, kiosk_app, paying_in


def answers(*replies):
    replies = list(replies)
    return lambda prompt="": replies.pop(0)


@pytest.fixture
def typed(monkeypatch):
    """The PIN prompts answered as if typed at a terminal."""

    def type_in(*replies):
        monkeypatch.setattr("reddog_tui.cli.pin.has_terminal", lambda: True)
        monkeypatch.setattr("getpass.getpass", answers(*replies))

    return type_in


def stored_hash(data_dir):
    with Store.open(data_dir) as store:
        return store.get_setting("attendant_pin_hash")


def test_set_pin_stores_only_a_salted_hash(tmp_path, typed, capsys):
    typed("4711", "4711")
    assert main(["--data-dir", str(tmp_path), "attendant", "set-pin"]) == 0
    hashed = stored_hash(tmp_path)
    assert hashed.startswith("scrypt$") and "4711" not in hashed
    assert verify_pin("4711", hashed) and not verify_pin("4712", hashed)
    assert b"4711" not in (tmp_path / "reddog.db").read_bytes()
    assert "4711" not in capsys.readouterr().out  # never echoed


@pytest.mark.parametrize(
    "first, second, says",
    [
        ("4711", "4712", "Die beiden PINs"),
        ("12", "12", "4 bis 12\u00a0Ziffern"),
        ("12ab", "12ab", "4 bis 12\u00a0Ziffern"),
    ],
)
def test_a_mismatched_or_unusable_pin_is_refused(tmp_path, typed, capsys, first, second, says):
    typed(first, second)
    assert main(["--lang", "de", "--data-dir", str(tmp_path), "attendant", "set-pin"]) == 2
    assert says in capsys.readouterr().err
    assert stored_hash(tmp_path) is None


def journal(data_dir):
    with Store.open(data_dir) as store:
        return [action for _, action, _ in store.journal_actions(50)]


@run
async def test_pin_entry_shows_no_digits_and_opens_the_menu(tmp_path):
    app = kiosk_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "f12", *PIN)
        await pilot.pause()
        assert isinstance(app.screen, PinScreen)
        text = screen_text(app)
        assert "••••" in text and PIN not in text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, AttendantMenu)
    assert journal(tmp_path)[0] == "attendant_pin_accepted"


@run
async def test_three_wrong_pins_lock_the_entry_for_sixty_seconds_and_every_try_is_journaled(tmp_path):
    clock = Clock()
    app = kiosk_app(tmp_path, clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "f12")
        for wrong in ("1111", "2222", "3333"):
            await pilot.press(*wrong, "enter")
        await pilot.pause()
        assert "locked for 60\u00a0seconds" in screen_text(app)
        clock.now += 59
        await pilot.press(*PIN, "enter")  # the right PIN, but still locked
        await pilot.pause()
        assert isinstance(app.screen, PinScreen)
        clock.now += 1
        await pilot.press(*PIN, "enter")
        await pilot.pause()
        assert isinstance(app.screen, AttendantMenu)
    assert journal(tmp_path)[:5] == [
        "attendant_pin_accepted",
        "attendant_pin_while_locked",
        "attendant_pin_wrong_locked",
        "attendant_pin_wrong",
        "attendant_pin_wrong",
    ]


@run
async def test_credits_in_cash_out_voucher_and_meters(tmp_path):
    app = kiosk_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await enter_pin(pilot)
        await pilot.press(*paying_in(250))
        await pilot.pause()
        assert app.session.state.credits == 250
        assert "250\u00a0credits added." in screen_text(app)
        await pilot.press("escape", "2", "enter")  # cash out, confirmed
        await pilot.pause()
        assert isinstance(app.screen, VoucherScreen)
        text = screen_text(app)
        assert "Voucher number" in text and "250\u00a0credits" in text and "000001" in text
        assert app.session.state.credits == 0
        await pilot.press("enter", "3")
        await pilot.pause()
        text = screen_text(app)
        assert "Credits in" in text and "Credits out" in text
        meters = app.session.meters()
        assert meters["credits_in"] == 250 and meters["credits_out"] == 250


@run
async def test_operator_settings_refuse_bad_values_and_keep_the_old_ones(tmp_path):
    app = kiosk_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await enter_pin(pilot)
        await pilot.press("4")
        await pilot.pause()
        assert isinstance(app.screen, OperatorSettingsScreen)
        screen = app.screen
        cases = {
            "#field-min-bet": ("600", "The table minimum is above the table maximum."),
            "#field-chip-values": ("0, 5", "Chip values, separated by commas: enter a whole number from 1 to 9,999."),
            "#field-max-winnings": ("100", "Max winnings must not be below the table maximum."),
            "#field-decks": ("9", "Number of decks (1–8): enter a whole number from 1 to 8."),
        }
        before = app.session.state.config
        for selector, (value, message) in cases.items():
            field = screen.query_one(selector)
            kept = field.value
            field.value = value
            await pilot.press("enter")
            await pilot.pause()
            assert message in screen_text(app)
            assert app.session.state.config == before  # the old value kept
            field.value = kept
        screen.query_one("#field-decks").value = "6"
        screen.query_one("#field-idle-timeout-seconds").value = "300"
        await pilot.press("enter")
        await pilot.pause()
        assert "Settings saved." in screen_text(app)
        assert app.session.state.config.decks == 6
        assert app.kiosk_mode.idle_timeout == 300


@run
async def test_exit_from_the_menu_ends_the_app(tmp_path):
    app = kiosk_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await enter_pin(pilot)
        await pilot.press("6", "enter")  # exit, confirmed
        await pilot.pause()
        assert not app.is_running
    assert journal(tmp_path)[0] == "attendant_exit"


@run
async def test_enter_on_an_empty_pin_is_not_an_attempt(tmp_path):
    app = kiosk_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "f12", "enter", "enter", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PinScreen)
        await pilot.press(*PIN, "enter")  # not locked: the right PIN still opens the menu
        await pilot.pause()
        assert isinstance(app.screen, AttendantMenu)
    attendant_events = [action for action in journal(tmp_path) if action.startswith("attendant_pin")]
    assert attendant_events == ["attendant_pin_accepted"]  # the empty entries were no attempts


@pytest.mark.parametrize("from_welcome", [True, False])
@run
async def test_new_chip_values_rebuild_the_rack_wherever_the_menu_was_opened(tmp_path, from_welcome):
    app = kiosk_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        if not from_welcome:
            await pilot.press("enter")  # to the table first
        await enter_pin(pilot)
        await pilot.press("4")
        await pilot.pause()
        app.screen.query_one("#field-chip-values").value = "2, 20"
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("escape", "escape")  # out of the settings, out of the menu
        await pilot.pause()
        if from_welcome:
            await pilot.press("enter")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.bet_area.chip_values == (2, 20)
        app.session.add_credits(100)
        await pilot.press("plus")
        await pilot.pause()
        assert app.session.state.ante == 2  # the smallest new chip is the selected one
        assert "┃  2  ┃ │ 20  │" in screen_text(app)  # drawn as the new rack, the smallest chosen


@run
async def test_the_menu_is_worked_by_arrows_numbers_and_taps(tmp_path):
    from textual.widgets import OptionList

    from reddog_tui.ui.screens.attendant_menu import MENU
    from reddog_tui.ui.screens.meters import MetersScreen

    app = kiosk_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await enter_pin(pilot)
        menu = app.screen.query_one("#menu", OptionList)
        assert [option.id for option in menu.options] == list(MENU)
        await pilot.press(*["down"] * 10)
        assert app.screen.highlighted == "exit"  # the last: the list stops there
        await pilot.press(*["up"] * 10)
        assert app.screen.highlighted == "add_credits"
        await pilot.click(menu, offset=(10, 3))  # the third entry, under the list's edge
        await pilot.pause()
        assert isinstance(app.screen, MetersScreen)
        await pilot.press("escape", "3")
        await pilot.pause()
        assert isinstance(app.screen, MetersScreen)
        await pilot.press("escape")
        assert app.screen.highlighted == "meters"  # the number lit its entry too
        await pilot.press("down", "up", "enter")
        await pilot.pause()
        assert isinstance(app.screen, MetersScreen)
