"""Attract mode: an idle kiosk with no credits shows every language's tagline, each in its own
language, and a demo hand from the demo's fixed shuffle, without touching the journal; any key
or tap leaves it for the welcome list, and that key does nothing more."""

from __future__ import annotations

from pathlib import Path

import pytest

from reddog_tui.engine import Card, Outcome, Phase, StackedDealer
from reddog_tui.i18n import LANGUAGES, catalogue
from reddog_tui.kiosk.attract import HandStep, Tagline, attract_frames, demo_hand
from reddog_tui.kiosk.idle import IdleStep
from reddog_tui.kiosk.intents import CloseAttendant, StartAttract
from reddog_tui.kiosk.mode import Attendant, KioskMode
from reddog_tui.kiosk.pin import PIN_SETTING, hash_pin
from reddog_tui.store import GameSession, Store
from reddog_tui.ui.screens.attract import PLAY_HINT, AttractScreen
from reddog_tui.ui.screens.welcome import TAGLINE, WelcomeScreen
from tests.ui.helpers import HeldTimers, language_spot, run, screen_text

from .kiosk_helpers import PIN, Clock, kiosk_app

ON_WELCOME = {"welcome_shown": True, "welcome_in_view": True}


def in_one_line(text: str) -> str:
    return " ".join(text.split())


# --- the rule -------------------------------------------------------------------------------------


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def session(tmp_path, clock):
    store = Store.open(tmp_path, clock=clock)
    store.set_setting(PIN_SETTING, hash_pin(PIN))
    yield GameSession(store, StackedDealer([]), initial_credits=0)
    store.close()


def test_the_welcome_screen_starts_attract_mode_after_the_idle_timeout(session, clock):
    kiosk = KioskMode(session, clock)
    clock.now += kiosk.idle_timeout - 1
    assert kiosk.idle(**ON_WELCOME) is None
    clock.now += 1
    assert kiosk.idle(**ON_WELCOME) == StartAttract()
    assert kiosk.idle(**ON_WELCOME) is None  # the idle time starts again


def test_no_attract_mode_with_credits_under_another_screen_or_for_the_attendant(session, clock):
    kiosk = KioskMode(session, clock)
    clock.now += kiosk.idle_timeout
    assert kiosk.idle(**{**ON_WELCOME, "welcome_in_view": False}) is None  # a summary or the rules on top
    session.add_credits(5)
    assert kiosk.idle(**ON_WELCOME) is None  # credits are there: someone is playing
    session.cash_out()
    # The attendant's side left open closes first (then the welcome waits another timeout).
    assert kiosk.idle(**ON_WELCOME, attendant=Attendant.SIGNED_IN) == CloseAttendant(signed_in=True)


# --- the frames -----------------------------------------------------------------------------------


def test_a_cycle_is_every_language_s_tagline_then_the_demo_hand():
    frames = attract_frames(LANGUAGES)
    assert frames[: len(LANGUAGES)] == tuple(Tagline(language) for language in LANGUAGES)
    assert all(isinstance(frame, HandStep) for frame in frames[len(LANGUAGES) :])


def test_the_demo_hand_is_the_demo_shuffle_played_as_the_best_strategy_would():
    """The demo's seed deals 4♥ and A♦, spread 9: a raise (R7), and Q♦ falls between, 1:1 (R8)."""
    dealt, settled = demo_hand()
    assert dealt.cards == (Card(4, "H"), Card(14, "D"), Card(12, "D"))
    assert dealt.phase is Phase.DECISION and dealt.spread == 9 and not dealt.third_card_shown
    assert settled.phase is Phase.SETTLED and settled.outcome is Outcome.WIN and settled.third_card_shown
    assert (settled.ante, settled.raised, settled.winnings) == (5, 5, 10)
    assert demo_hand() == (dealt, settled)  # the same hand every time


# --- on the screen --------------------------------------------------------------------------------


def data_files(data_dir: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(data_dir.iterdir()) if path.is_file()}


async def start_attract(app, pilot, clock: Clock) -> None:
    await pilot.pause()
    assert isinstance(app.screen, WelcomeScreen)
    clock.now += app.kiosk_mode.idle_timeout
    assert app.kiosk_mode.tick() is IdleStep.ATTRACT
    await pilot.pause()
    assert isinstance(app.screen, AttractScreen)


@run
async def test_attract_mode_cycles_each_language_s_tagline_and_the_demo_hand_and_the_journal_stays_as_it_was(
    tmp_path,
):
    clock = Clock()
    app = kiosk_app(tmp_path, "en", clock=clock)
    timers = HeldTimers(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        journal_before = app.session.journal_actions(1000)
        state_before = app.session.state
        files_before = data_files(tmp_path)
        await start_attract(app, pilot, clock)
        screen = app.screen
        for language in LANGUAGES:
            text = in_one_line(screen_text(app))
            tagline = catalogue(language).gettext(TAGLINE)
            assert in_one_line(tagline) in text, language
            assert in_one_line(catalogue(language).gettext(PLAY_HINT)) in text, language
            if language != "en":
                assert tagline != TAGLINE  # told in its own language, not the kiosk's English
            await timers.fire()
            await pilot.pause()
        assert "4 and Ace: spread 9 — raise?" in in_one_line(screen_text(app))
        await timers.fire()
        await pilot.pause()
        assert "Spread 9 pays 1:1 — you win 10 credits." in in_one_line(screen_text(app))
        assert [card.describe() for card in screen.query("CardView")] == [
            "4 of hearts",
            "Ace of diamonds",
            "Queen of diamonds",
        ]
        await timers.fire()  # round again: the first language's tagline
        await pilot.pause()
        assert in_one_line(catalogue(LANGUAGES[0]).gettext(TAGLINE)) in in_one_line(screen_text(app))

        assert app.session.journal_actions(1000) == journal_before
        assert app.session.state == state_before
        assert data_files(tmp_path) == files_before


@pytest.mark.parametrize("key", ["down", "enter", "space", "l"])
@run
async def test_any_key_leaves_attract_mode_for_the_welcome_list_and_does_nothing_else(tmp_path, key):
    clock = Clock()
    app = kiosk_app(tmp_path, "en", clock=clock)
    timers = HeldTimers(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await start_attract(app, pilot, clock)
        welcome = app.screen_stack[-2]
        highlighted = welcome.highlighted
        await pilot.press(key)
        await pilot.pause()
        assert app.screen is welcome
        assert (welcome.highlighted, app.language) == (highlighted, "en")  # the list did not move, nor the language
        assert not timers.pending()  # the frames stopped
        await pilot.press("up")  # the next key works the list again
        assert welcome.highlighted != highlighted


@run
async def test_a_tap_leaves_attract_mode_and_chooses_no_language(tmp_path):
    clock = Clock()
    app = kiosk_app(tmp_path, "en", clock=clock)
    HeldTimers(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        languages, (x, y) = language_spot(app, "de")
        await start_attract(app, pilot, clock)
        # Where Deutsch is on the list underneath.
        await pilot.click(offset=(languages.region.x + x, languages.region.y + y))
        await pilot.pause()
        assert isinstance(app.screen, WelcomeScreen) and app.language == "en"


@run
async def test_attract_mode_comes_back_after_another_idle_timeout(tmp_path):
    clock = Clock()
    app = kiosk_app(tmp_path, "en", clock=clock)
    HeldTimers(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await start_attract(app, pilot, clock)
        await pilot.press("x")
        await pilot.pause()
        clock.now += app.kiosk_mode.idle_timeout - 1
        assert app.kiosk_mode.tick() is IdleStep.NOTHING  # the key counted as a passer-by's input
        clock.now += 1
        assert app.kiosk_mode.tick() is IdleStep.ATTRACT
        await pilot.pause()
        assert isinstance(app.screen, AttractScreen)


@pytest.mark.parametrize("language", LANGUAGES)
@run
async def test_on_the_linux_console_attract_mode_draws_only_the_font_s_characters(tmp_path, language):
    """Every frame at 120×40, where the demo's cards are big (pips, letters), in Uni2-Terminus16."""
    from tests.ui.test_console_glyphs import FONT, console_app

    from .kiosk_helpers import with_pin

    app = console_app(with_pin(tmp_path), language, kiosk=True)
    clock = app.clock
    timers = HeldTimers(app)
    async with app.run_test(size=(120, 40)) as pilot:
        await start_attract(app, pilot, clock)
        drawn = set()
        for _frame in app.screen.frames:
            drawn |= set(screen_text(app).replace("\n", ""))
            await timers.fire()
            await pilot.pause()
        assert "".join(sorted(c for c in drawn if ord(c) not in FONT)) == ""
        assert "█" in drawn  # the ace's big letter was among them
