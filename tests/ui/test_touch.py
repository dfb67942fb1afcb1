"""A kiosk worked by touch alone: every key bar item is a button that runs its key's action,
through the same check as the key, and fits 80 columns in every language."""

from __future__ import annotations

import pytest
from textual import events
from textual.geometry import Offset
from textual.pilot import Pilot
from textual.widgets import Input

from reddog_tui import i18n
from reddog_tui.engine import Outcome, Phase
from reddog_tui.i18n import _, next_language
from reddog_tui.kiosk.pin import MAX_PIN_LENGTH
from reddog_tui.ui.app import RedDogApp
from reddog_tui.ui.screens.add_credits import AddCreditsScreen
from reddog_tui.ui.screens.attendant_menu import AttendantMenu
from reddog_tui.ui.screens.confirm import ConfirmScreen
from reddog_tui.ui.screens.pin import PinScreen
from reddog_tui.ui.screens.recall import RecallScreen
from reddog_tui.ui.screens.rules import RulesScreen
from reddog_tui.ui.screens.settings import SettingsScreen
from reddog_tui.ui.screens.table import TableScreen, common_keys
from reddog_tui.ui.screens.welcome import WelcomeScreen
from reddog_tui.ui.widgets.buttons import KeyBar, KeyButton, KeyItem, key_label
from tests.kiosk.kiosk_helpers import PIN, kiosk_app

from .helpers import LANGUAGES, SPREAD_4_LOSE, bet_area, button_of, click_language, language_spot, make_app, run

GUEST_SCREENS = ("app.show_rules", "app.show_settings", "app.show_recall")


def key_button(app: RedDogApp, action: str) -> KeyButton:
    (button,) = [b for b in app.screen.query(KeyButton) if b.item.action == action]
    return button


class Taps:
    """Clicks only: never a key. Two taps in a row at one spot would be a double click (which
    the buttons ignore on purpose, as a person tapping twice would press what appears under
    the finger), so a tap lands one cell beside the last when they would meet."""

    def __init__(self, pilot: Pilot) -> None:
        self.pilot = pilot
        self.last: tuple[int, int] | None = None

    async def on(self, target, y: int = 0, at: Offset | None = None) -> None:
        """A tap on `target` in the middle of its row `y`, or at the spot `at` within it."""
        widget = self.pilot.app.screen.query_one(target) if isinstance(target, str) else target
        x = widget.region.width // 2
        if at is not None:
            x, y = at
        if (widget.region.x + x, widget.region.y + y) == self.last:
            x += 1
        assert x < widget.region.width
        self.last = (widget.region.x + x, widget.region.y + y)
        await self.pilot.click(widget, offset=(x, y))
        await self.pilot.pause()

    async def language(self, language: str) -> None:
        languages, (_x, y) = language_spot(self.pilot.app, language)
        await self.on(languages, y)

    async def key(self, action: str) -> None:
        await self.on(key_button(self.pilot.app, action))

    async def to_attendant_menu(self, language: str) -> None:
        """From the welcome screen: the language, F12's button, the PIN on the digit pad, Enter on the key bar."""
        app = self.pilot.app
        await self.language(language)
        await self.key("app.attendant")
        assert isinstance(app.screen, PinScreen)
        pad = {str(b.label): b for b in app.screen.query("DigitPad Button")}
        for digit in PIN:
            await self.on(pad[digit])
        await self.key("screen.submit")
        assert isinstance(app.screen, AttendantMenu)


@pytest.mark.parametrize("language", LANGUAGES)
@run
async def test_a_round_the_rules_a_language_switch_and_the_settings_by_clicks_only(tmp_path, language):
    app = make_app(tmp_path, None, [SPREAD_4_LOSE])
    async with app.run_test(size=(80, 24)) as pilot:
        pilot.press = None  # type: ignore[method-assign]  # clicks only: any key press fails the test
        tap = Taps(pilot)
        await tap.language(language)
        assert isinstance(app.screen, TableScreen) and app.language == language
        # A round: a chip, deal, call (the third card equals a face-up one: a loss, R8), new bet.
        area = bet_area(app)
        await tap.on(area, at=area.chip_offset(5))
        await tap.on(button_of(pilot.app, "deal"))
        assert app.session.state.phase is Phase.DECISION
        await tap.on(button_of(pilot.app, "call"))
        assert app.session.state.outcome is Outcome.LOSE
        await tap.on(button_of(pilot.app, "new_bet"))
        assert (app.session.state.phase, app.session.state.credits) == (Phase.BETTING, 995)
        # The rules, in the table's language, then the next language from the rules' own bar.
        await tap.key("app.show_rules")
        assert isinstance(app.screen, RulesScreen)
        assert str(app.screen.query_one("#rules-title").content) == _("Game Rules")
        await tap.key("app.next_language")
        assert app.language == next_language(language) and isinstance(app.screen, RulesScreen)
        assert str(app.screen.query_one("#rules-title").content) == _("Game Rules")
        assert key_button(app, "app.show_settings").item.label == _("Settings")  # the bar follows
        # The settings, and one changed by a tap.
        await tap.key("app.show_settings")
        assert isinstance(app.screen, SettingsScreen)
        await tap.on("#setting-fast-play")
        assert app.settings.fast_play is True
        # The recall shows the round just played; Back leads to the table.
        await tap.key("app.show_recall")
        assert isinstance(app.screen, RecallScreen)
        assert app.session.recent_rounds(10)[0].outcome is Outcome.LOSE
        await tap.key("app.back_to_table")
        assert isinstance(app.screen, TableScreen)
        assert app.session.state.credits == 995


def key_bar_of(app: RedDogApp) -> list[KeyItem]:
    return [child.item for child in app.screen.query_one("#keys", KeyBar).children]  # type: ignore[attr-defined]


async def every_guest_screen(app: RedDogApp, pilot: Pilot):
    """Welcome, table, rules, settings, recall: each on top in turn (opened by its action)."""
    yield app.screen
    await app.run_action("app.back_to_table")
    await pilot.pause()
    yield app.screen
    for action in GUEST_SCREENS:
        await app.run_action(action)
        await pilot.pause()
        yield app.screen


@pytest.mark.parametrize("kiosk", [False, True], ids=["practice", "kiosk"])
@pytest.mark.parametrize("language", LANGUAGES)
@run
async def test_every_key_bar_fits_80_columns_and_offers_the_guest_screens(tmp_path, language, kiosk):
    app = kiosk_app(tmp_path, language) if kiosk else make_app(tmp_path, language)
    async with app.run_test(size=(80, 24)) as pilot:
        seen = []
        async for screen in every_guest_screen(app, pilot):
            await pilot.pause()
            bar = screen.query_one("#keys", KeyBar)
            items = list(bar.children)
            assert items, type(screen).__name__
            assert items[-1].region.right <= 80, [i.item for i in items]  # nothing cut off at the edge
            for item in items:  # each shows its whole text
                text = key_label(item.item.key, item.item.label)  # type: ignore[attr-defined]
                assert item.region.width == text.cell_length, item.item  # type: ignore[attr-defined]
            actions = {item.item.action for item in items}  # type: ignore[attr-defined]
            # Rules, settings, recall and the language are one tap away, wherever the guest is.
            assert {*GUEST_SCREENS, "app.next_language"} - actions <= {OPEN_BY.get(type(screen))}
            assert ("app.quit" in actions) is not kiosk
            assert ("app.attendant" in actions) is kiosk
            seen.append(type(screen))
        assert seen == [WelcomeScreen, TableScreen, RulesScreen, SettingsScreen, RecallScreen]


OPEN_BY = {RulesScreen: "app.show_rules", SettingsScreen: "app.show_settings", RecallScreen: "app.show_recall"}


@run
async def test_in_kiosk_mode_no_tap_reaches_an_exit_that_no_key_reaches(tmp_path):
    """Every button of the bar of the table, the rules, the settings and the recall is tapped,
    each on its own screen; the app runs on. A quit button put on the bar by hand is refused
    too: the lock is the action's, not the bar's."""
    app = kiosk_app(tmp_path, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        tapped = set()
        await pilot.click(key_button(app, "app.next_language"))  # the welcome's own (its others: the table's)
        for opener in ("app.back_to_table", *GUEST_SCREENS):
            await app.run_action(opener)
            await pilot.pause()
            for index in range(len(key_bar_of(app))):
                await app.run_action(opener)  # the last tap may have opened another screen
                await pilot.pause()
                button = list(app.screen.query(KeyButton))[index]
                if button.item.action == "app.attendant":
                    continue  # the PIN entry, tried below
                tapped.add(button.item.action)
                await pilot.click(button)
                await pilot.pause()
                assert app.is_running and app.return_code is None
        assert tapped == {*GUEST_SCREENS, "app.next_language", "app.back_to_table"}
        # The attendant's button opens the PIN entry (the way out is behind it), nothing more.
        await app.run_action("app.back_to_table")
        await pilot.pause()
        await pilot.click(key_button(app, "app.attendant"))
        await pilot.pause()
        assert isinstance(app.screen, PinScreen) and app.is_running
        await pilot.click(key_button(app, "screen.cancel"))
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        # A quit button, forced onto the bar: refused like Ctrl+Q.
        bar = app.screen.query_one("#keys", KeyBar)
        bar.show([*key_bar_of(app), KeyItem("Ctrl+Q", "Quit", "app.quit")])
        await pilot.pause()
        await pilot.click(key_button(app, "app.quit"))
        await pilot.pause()
        assert app.is_running and app.return_code is None


@run
async def test_without_kiosk_mode_the_quit_button_quits(tmp_path):
    """The other side of the lock: the same button works where Ctrl+Q works."""
    app = make_app(tmp_path, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await click_language(pilot, "en")
        await pilot.click(key_button(app, "app.quit"))
        await pilot.pause()
        assert app.return_code == 0


def click_event(widget, chain: int) -> events.Click:
    """One click on `widget` that is the `chain`-th of a quick series at one spot. Pilot only
    sends whole series to the screen that was on top when it began, and a double tap here
    spans two screens, so the event is built with Pilot's own helper (no public API for it)."""
    from textual.pilot import _get_mouse_message_arguments

    return events.Click(**_get_mouse_message_arguments(widget, (0, 0)), chain=chain)


@pytest.mark.parametrize("chain", [1, 2])
@run
async def test_a_double_tap_on_the_key_bar_is_one_tap(tmp_path, chain):
    """Rules on the table and Back on the rules stand at one spot: the second click of a double
    tap on Rules lands on Back, which ignores it, so the rules stay open. A single tap works."""
    app = make_app(tmp_path, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await click_language(pilot, "en")
        rules = key_button(app, "app.show_rules")
        await pilot.click(rules)
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        back = key_button(app, "app.back_to_table")
        assert back.region.offset == rules.region.offset
        back.post_message(click_event(back, chain))
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen if chain > 1 else TableScreen)


@run
async def test_a_tap_on_the_hidden_screens_bar_is_refused_like_its_key(tmp_path):
    """Below 80×24 the notice covers the welcome screen; its key bar stays, but its rules
    button does what F1 does there: nothing. The language, allowed by key, is allowed by tap."""
    app = make_app(tmp_path, "en")
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        await pilot.click(key_button(app, "app.show_rules"))
        await pilot.pause()
        assert isinstance(app.screen, WelcomeScreen)
        await pilot.click(key_button(app, "app.next_language"))
        await pilot.pause()
        assert app.language == "de"


@run
async def test_dialogs_are_answered_by_tap(tmp_path):
    """A confirmation: its own buttons and its key bar's (Enter for yes, Esc for cancel) answer it."""
    app = make_app(tmp_path, "en")
    answers: list[bool | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        for target in ("#confirm-no", "#confirm-yes", "screen.answer(False)", "screen.answer(True)"):
            app.push_screen(ConfirmScreen(lambda: "Sure?", lambda: "Yes"), answers.append)
            await pilot.pause()
            await pilot.click(target if target.startswith("#") else key_button(app, target))
            await pilot.pause()
            assert isinstance(app.screen, WelcomeScreen)
    assert answers == [False, True, False, True]


@pytest.mark.parametrize("locked", [False, True])
def test_each_key_bar_item_names_the_key_bound_to_its_action(locked):
    """The bar's key and the binding's key are one: F1 on the bar runs what f1 runs."""
    from reddog_tui.i18n.keys import bar_item

    i18n.set_language("en")
    bound = {binding.action: binding.key for binding in RedDogApp.BINDINGS}
    items = [KeyItem(*item) for item in (bar_item("back_to_table"), *common_keys(locked))]
    assert ("app.attendant" in {item.action for item in items}) is locked
    assert ("app.quit" in {item.action for item in items}) is not locked
    for item in items:
        name = item.action.removeprefix("app.")
        key = {"Esc": "escape"}.get(item.key, item.key.lower())
        assert bound.get(name, "").split(",")[0] == key, item  # the first key; a plain one may follow (F1, ?)


@run
async def test_an_attendant_adds_credits_by_touch_alone(tmp_path):
    """F12's button, the PIN on the digit pad, Enter on the key bar, the menu row, an amount,
    Yes: the credits are on the kiosk and the table is back, without a key."""
    app = kiosk_app(tmp_path, "de")
    async with app.run_test(size=(80, 24)) as pilot:
        pilot.press = None  # type: ignore[method-assign]
        tap = Taps(pilot)
        await tap.to_attendant_menu("de")
        await tap.on("#menu", 1)  # the first entry, on the line under the list's edge
        assert isinstance(app.screen, AddCreditsScreen)
        pad = {str(b.label): b for b in app.screen.query("DigitPad Button")}
        for button in (pad["5"], pad["0"], pad["9"], pad["Löschen"], pad["0"]):  # 509, one taken back: 500
            await tap.on(button)
        assert app.screen.query_one("#amount", Input).value == "500"
        await tap.key("screen.submit")
        assert isinstance(app.screen, ConfirmScreen)
        await tap.on("#confirm-yes")
        assert app.session.state.credits == 500
        await tap.key("screen.back")
        await tap.key("screen.leave")
        assert isinstance(app.screen, TableScreen)


@run
async def test_every_tap_on_the_digit_pad_is_a_digit_however_quick(tmp_path):
    """An attendant taps 1000 faster than a button's pressed look lasts, and at one spot (a double
    and a triple click): each tap types its digit, and each tap of Delete takes one back."""
    app = kiosk_app(tmp_path, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        pilot.press = None  # type: ignore[method-assign]
        tap = Taps(pilot)
        await tap.to_attendant_menu("en")
        await tap.on("#menu", 1)
        assert isinstance(app.screen, AddCreditsScreen)
        pad = {str(b.label): b for b in app.screen.query("DigitPad Button")}
        amount = app.screen.query_one("#amount", Input)
        for label in ("1", "0", "0", "0"):
            await pilot.click(pad[label])  # no wait between: the pressed look of the last tap still shows
        await pilot.pause()
        assert amount.value == "1000"
        for _tap in range(3):
            await pilot.click(pad["Delete"])
        await pilot.pause()
        assert amount.value == "1"


@run
async def test_the_digit_pad_types_through_the_fields_own_limits(tmp_path):
    """A tap is a typed digit: the PIN field takes no more digits than its length, as with keys."""
    app = kiosk_app(tmp_path, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await click_language(pilot, "en")
        await pilot.click(key_button(app, "app.attendant"))
        await pilot.pause()
        for _tap in range(MAX_PIN_LENGTH + 3):
            await app.run_action("screen.type_digit('7')")
        assert app.screen.query_one("#pin", Input).value == "7" * MAX_PIN_LENGTH


@run
async def test_on_the_linux_console_the_key_bar_stays_one_line_of_whole_buttons(tmp_path):
    """The console stylesheet edges every button with a box; the bar's buttons keep none, or
    their one line would be all edge and no text."""
    from reddog_tui.ui.glyphs import CONSOLE, FULL, use_glyph_set

    app = RedDogApp(language="de", data_dir=tmp_path, glyphs=CONSOLE)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await click_language(pilot, "de")
            buttons = list(app.screen.query(KeyButton))
            assert len(buttons) == 5
            for button in buttons:
                assert button.region.height == 1 and button.content_region == button.region, button.item
    finally:
        use_glyph_set(FULL)
