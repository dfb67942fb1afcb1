"""The attendant's number fields keep what was typed and refuse, with the reason, what the
settings model does not accept; money and leaving are confirmed with the amount shown."""

from __future__ import annotations

import json
import re
import sqlite3

import pytest

from reddog_tui.engine import StackedDealer
from reddog_tui.store import Store
from reddog_tui.ui.screens.attendant_menu import AttendantMenu
from reddog_tui.ui.screens.confirm import ConfirmScreen
from reddog_tui.ui.screens.operator_settings import OperatorSettingsScreen
from reddog_tui.ui.screens.rules import RulesScreen
from reddog_tui.ui.screens.table import TableScreen
from reddog_tui.ui.screens.voucher import VoucherScreen
from tests.ui.helpers import run, screen_text

from .kiosk_helpers import enter_pin, kiosk_app, paying_in

HUGE_CHIPS = "1, 5, 10000000000000000000000000"


def shown(app) -> str:
    """The screen's words in reading order: a sentence wrapped over lines (or inside a box) reads whole."""
    return re.sub(r"[\s│║┃╭╮╰╯─═╔╗╚╝]+", " ", screen_text(app))


async def operator_settings(pilot) -> OperatorSettingsScreen:
    await enter_pin(pilot)
    await pilot.press("4")
    await pilot.pause()
    assert isinstance(pilot.app.screen, OperatorSettingsScreen)
    return pilot.app.screen


async def type_into(pilot, selector: str, text: str) -> None:
    """Clear a field, then type `text` key by key, as an attendant would."""
    field = pilot.app.screen.query_one(selector)
    field.focus()
    field.value = ""
    await pilot.press(*text)


# --- defect: a value the menu took crashed the table, on every start ----------------------------------


BEYOND_WHAT_THE_TABLE_CAN_SHOW = [  # (field, typed, the refusal), one after another on one menu
    ("#field-chip-values", HUGE_CHIPS, "Chip values, separated by commas: enter a whole number from 1 to 9,999."),
    ("#field-max-winnings", "1" + "0" * 30, "Max winnings: enter a whole number from 1 to 1,000,000,000."),
]


@run
async def test_a_value_beyond_what_the_table_can_show_is_refused_and_the_table_plays_on(tmp_path):
    app = kiosk_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await operator_settings(pilot)
        before = app.session.state.config
        for selector, typed, says in BEYOND_WHAT_THE_TABLE_CAN_SHOW:
            kept = screen.query_one(selector).value
            await type_into(pilot, selector, typed)
            await pilot.press("enter")
            await pilot.pause()
            text = shown(app)
            assert says in text and "Nothing was saved." in text and "Settings saved." not in text, selector
            assert screen.query_one(selector).value == typed  # kept as typed, to be corrected
            assert app.session.state.config == before
            screen.query_one(selector).value = kept  # corrected: the next field is refused on its own
        await pilot.press("escape", "escape", "enter")  # out of the menu, to the table
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and "Pay table" in shown(app)
        await pilot.press("f1")  # the rules, which show the table's settings
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.is_running


@run
async def test_a_stored_table_beyond_the_limits_opens_with_safe_defaults_and_staff_are_told(tmp_path):
    with Store.open(tmp_path) as store:  # a table, then its settings edited by hand in the file
        from reddog_tui.store import GameSession

        GameSession(store, StackedDealer([]), 0)
    conn = sqlite3.connect(tmp_path / "reddog.db")
    state = json.loads(conn.execute("SELECT state FROM table_state").fetchone()[0])
    state["config"].update(chip_values=[1, 5, 10**25], max_winnings=10**30)
    conn.execute("UPDATE table_state SET state = ?", (json.dumps(state),))
    conn.execute("INSERT INTO settings VALUES ('idle_timeout_seconds', '-5')")
    conn.commit()
    conn.close()
    app = kiosk_app(tmp_path, language="de")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.is_running
        await pilot.press("escape")
        await enter_pin(pilot)
        assert isinstance(app.screen, AttendantMenu)
        text = shown(app)
        assert "Die gespeicherten Tischeinstellungen waren ungültig" in text
        assert "Spielmarkenwerte, durch Kommas getrennt: Bitte eine ganze Zahl von 1 bis 9.999 eingeben." in text
        assert "Leerlauf" in text  # the idle timeout's name, with its reason
        assert app.kiosk_mode.idle_timeout == 120


# --- defect: number fields changed what was typed --------------------------------------------------------


REFUSED_AMOUNTS = {  # language: (typed, the refusal), each typed into the same field in turn
    "en": [
        ("-5", "Credits paid in: “-5” is not a whole number; use only the digits 0 to 9."),
        ("10,50", "“10,50” is not a whole number"),
        ("10.50", "“10.50” is not a whole number"),
        ("١٢٣", "“١٢٣” is not a whole number"),
        ("0", "Credits paid in: enter a whole number from 1 to 1,000,000,000."),
    ],
    "de": [("-5", "Eingezahlte Punkte: „-5“ ist keine ganze Zahl; bitte nur die Ziffern 0 bis 9 verwenden.")],
}


@pytest.mark.parametrize("language", REFUSED_AMOUNTS)
@run
async def test_an_amount_is_refused_as_typed_with_the_reason(tmp_path, language):
    app = kiosk_app(tmp_path, language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await enter_pin(pilot)
        await pilot.press("1")
        for typed, says in REFUSED_AMOUNTS[language]:
            app.screen.query_one("#amount").value = ""
            await pilot.press(*typed, "enter")
            await pilot.pause()
            assert app.screen.query_one("#amount").value == typed
            assert says in shown(app), typed
            assert not isinstance(app.screen, ConfirmScreen) and app.session.state.credits == 0


@run
async def test_an_amount_is_kept_whole_and_added_only_once_confirmed(tmp_path):
    app = kiosk_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await enter_pin(pilot)
        await pilot.press("1", *"12345678", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Add 12,345,678 credits for the player?" in shown(app)
        await pilot.press("escape")  # not confirmed: nothing added
        await pilot.pause()
        assert app.session.state.credits == 0 and app.screen.query_one("#amount").value == "12345678"
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert app.session.state.credits == 12_345_678
        assert "12,345,678 credits added." in shown(app)


@run
async def test_operator_fields_keep_what_was_typed_and_name_the_reason(tmp_path):
    app = kiosk_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await operator_settings(pilot)
        before = app.session.state.config
        await type_into(pilot, "#field-decks", "-3")
        await pilot.press("enter")
        await pilot.pause()
        assert screen.query_one("#field-decks").value == "-3"
        assert "Number of decks (1–8): “-3” is not a whole number" in shown(app)
        await type_into(pilot, "#field-decks", "2")
        await type_into(pilot, "#field-chip-values", "١٢٣, 5")
        await pilot.press("enter")
        await pilot.pause()
        assert screen.query_one("#field-chip-values").value == "١٢٣, 5"
        assert "Chip values, separated by commas: “١٢٣” is not a whole number" in shown(app)
        assert app.session.state.config == before


@run
async def test_cash_out_and_exit_ask_first_and_show_the_amount(tmp_path):
    app = kiosk_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await enter_pin(pilot)
        await pilot.press(*paying_in(250), "escape", "2")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Pay out 250 credits on a cash-out voucher?" in shown(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, AttendantMenu) and app.session.state.credits == 250
        assert app.session.meters()["credits_out"] == 0
        await pilot.press("6")  # exit: 5 checks the journal
        await pilot.pause()
        assert "Exit Red Dog? The kiosk keeps 250 credits until the next start." in shown(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, AttendantMenu)
        await pilot.press("2", "enter")
        await pilot.pause()
        assert isinstance(app.screen, VoucherScreen) and app.session.meters()["credits_out"] == 250
        await pilot.press("enter", "escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) or app.screen.__class__.__name__ == "WelcomeScreen"


@run
async def test_the_operators_switch_and_language_select_are_saved_with_the_form(tmp_path):
    """Progressive offered is a Switch (Space, ←/→ or a tap), the default language a Select (←/→
    step, a tap opens the list); nothing is saved until Enter saves the whole form."""
    from reddog_tui.ui.widgets.setting_fields import LanguageSelect, OnOffSwitch

    app = kiosk_app(tmp_path, "de")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        screen = await operator_settings(pilot)
        await pilot.press(*["down"] * 5)  # min, max, chips, max winnings, decks: then the switch
        offered = screen.query_one("#field-progressive-offered", OnOffSwitch)
        assert app.focused is offered and offered.value is True
        await pilot.press("space")
        assert offered.value is False and "Nein" in screen_text(app)
        assert app.open_session.state.config.progressive_offered is True  # typed, not saved
        await pilot.click(offered)
        assert offered.value is True and "Ja" in screen_text(app)
        await pilot.press("left")
        await pilot.press(*["down"] * 4, "right")  # idle timeout, reminder, volume, then the language: de to pl
        language = screen.query_one("#field-default-language", LanguageSelect)
        assert app.focused is language and language.value == "pl"
        await pilot.press("enter")
        await pilot.pause()
        assert "Einstellungen gespeichert." in screen_text(app)
        assert app.open_session.state.config.progressive_offered is False
        assert app.kiosk_mode.default_language == "pl"


# --- the operator's fields: Textual Inputs whose validators speak the settings model's reasons -----------

VALIDATOR_REFUSALS = {  # language: (field, typed, the validator's message), each from the settings model
    "de": [
        ("#field-decks", "9", "Anzahl der Kartendecks (1–8): Bitte eine ganze Zahl von 1 bis 8 eingeben."),
        ("#field-min-bet", "0", "Tischminimum: Bitte eine ganze Zahl von 1 bis 1.000.000.000 eingeben."),
    ],
    "pl": [("#field-decks", "0", "Liczba talii (1–8): wpisz liczbę całkowitą od 1 do 8.")],
}


@pytest.mark.parametrize("language", VALIDATOR_REFUSALS)
@run
async def test_a_fields_validator_refuses_as_typed_in_the_attendants_language(tmp_path, language):
    from textual.widgets import Input

    app = kiosk_app(tmp_path, language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await operator_settings(pilot)
        for selector, typed, says in VALIDATOR_REFUSALS[language]:
            field = screen.query_one(selector, Input)
            await type_into(pilot, selector, typed)
            await pilot.pause()
            assert field.has_class("-invalid"), selector
            result = field.validate(field.value)
            assert result is not None and result.failure_descriptions == [says]
        field = screen.query_one("#field-decks", Input)
        await type_into(pilot, "#field-decks", "6")
        await pilot.pause()
        assert not field.has_class("-invalid")


@run
async def test_the_operator_sets_the_sound_volume_with_the_form(tmp_path):
    """The volume of the sound effects, 0 to 100, is one field of the form, shown at 80×24."""
    app = kiosk_app(tmp_path, "de")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        screen = await operator_settings(pilot)
        assert "Lautstärke der Soundeffekte (0–100)" in screen_text(app)
        await type_into(pilot, "#field-volume", "101")
        await pilot.press("enter")
        await pilot.pause()
        assert app.open_session.settings.volume == 70  # refused: nothing saved
        await type_into(pilot, "#field-volume", "35")
        await pilot.press("enter")
        await pilot.pause()
        assert "Einstellungen gespeichert." in screen_text(app)
        assert app.open_session.settings.volume == 35
        assert screen.query_one("#field-volume").value == "35"
