"""A settled round is told at a glance: each outcome its own banner, with words and a mark beside
its colour; the message line names the cards in words; the spread marker carries its label."""

from __future__ import annotations

import pytest

from reddog_tui.engine import Outcome, Phase, TableConfig
from reddog_tui.ui import theme
from reddog_tui.ui.table_play import PUSH_PAUSE_S, PUSH_READABLE_S
from reddog_tui.ui.texts import Banner
from reddog_tui.ui.widgets.bet_area import BetArea
from reddog_tui.ui.widgets.marker import SpreadMarker

from .helpers import CONSECUTIVE, SPREAD_4_WIN, THREE_OF_A_KIND, HeldTimers, drawn_lines, make_app, run, screen_text
from .test_theme import low_contrast_text, switch_high_contrast

SPREAD_4_LOSE = ("5H", "TS", "KD")  # the King lies outside 5 and 10
SPREAD_1_WIN = ("6H", "8S", "7C")  # spread 1 pays 5:1
TWO_AND_JACK = ("2H", "JS", "8D")  # the German source's example: spread 8


def banner(app) -> BetArea:
    return app.screen.query_one(BetArea)


def banner_words(app) -> str:
    """The banner's words, checked to be drawn too."""
    words = banner(app).words
    assert words in screen_text(app)
    return words


@run
async def test_each_outcome_has_its_own_banner_with_words_and_a_mark(tmp_path):
    app = make_app(tmp_path, "en", [SPREAD_4_WIN, SPREAD_4_LOSE, CONSECUTIVE, THREE_OF_A_KIND])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "right", "plus")  # an ante of 5
        assert banner(app).kind is None  # nothing settled yet
        await pilot.press("d")
        assert banner(app).kind is None  # the raise is open
        await pilot.press("r")
        assert banner(app).kind is Banner.WIN
        assert banner_words(app) == "★ YOU WIN 10\u00a0credits at 1:1 ★"
        await pilot.press("d", "c")  # rebet, call: the King is outside
        assert banner(app).kind is Banner.LOSE
        assert banner_words(app) == "✗ No win this time"
        await pilot.press("d")  # rebet: 7 and 8 push
        assert app.session.state.outcome is Outcome.PUSH
        assert banner(app).kind is Banner.PUSH
        assert banner_words(app) == "= PUSH — your ante stays. A new hand is coming… ="
        await pilot.press("d")  # the push deals again: 6, 6, 6
        assert banner(app).kind is Banner.THREE_OF_A_KIND
        assert banner_words(app) == "★★★ THREE OF A KIND! You win 55\u00a0credits at 11:1 ★★★"
        await pilot.press("n")  # a new bet: the banner goes, the chips come back
        assert banner(app).kind is None
        assert "Chips: ←/→ chooses" in screen_text(app)


@run
async def test_the_banner_stands_where_the_chips_were(tmp_path):
    """At 80×24 there is no spare line: a settled round cannot take chips, so its banner takes their place."""
    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "right", "plus", "d", "r")
        await pilot.pause()
        text = screen_text(app)
        assert "YOU WIN" in text and "REBET" in text  # the banner and the buttons both drawn
        assert "Chips:" not in text and "│ 10  │" not in text  # no chip, nor its title


@run
async def test_max_winnings_has_its_own_banner(tmp_path):
    app = make_app(tmp_path, "de", [SPREAD_1_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        app.session.reconfigure(TableConfig(max_winnings=1200))
        app.session.set_progressive(True)
        await pilot.press("enter", "right", "right", "right", "right", "plus", "d", "r")  # 100, raised
        assert app.session.state.auto_collected == 1200
        assert banner(app).kind is Banner.MAX_WINNINGS
        assert banner_words(app) == "★★★ HÖCHSTGEWINN! Gutgeschrieben: 1.200\u00a0Punkte ★★★"


@run
async def test_the_console_draws_the_marks_its_font_has(tmp_path):
    from reddog_tui.ui.glyphs import CONSOLE, FULL, use_glyph_set

    app = make_app(tmp_path, "en", [THREE_OF_A_KIND])
    async with app.run_test(size=(80, 24)) as pilot:
        use_glyph_set(CONSOLE)
        try:
            await pilot.press("enter", "plus", "d")
            assert banner_words(app).startswith("*** THREE OF A KIND!")
        finally:
            use_glyph_set(FULL)


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "2 and Jack: spread 8 — raise?"),
        ("de", "2 und Bube: Wertunterschied 8 – erhöhen?"),
        ("pl", "2 i\u00a0Walet: Spread 8 – podbijasz?"),
        ("fr", "2 et Valet\u00a0: séquence de 8 – augmenter l'enjeu\u202f?"),
        ("it", "2 e Jack: scarto 8 – rilanci?"),
    ],
)
@run
async def test_the_raise_question_names_the_cards_in_words(tmp_path, language, message):
    app = make_app(tmp_path, language, [TWO_AND_JACK])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus", "d")
        assert str(app.screen.query_one("#message").content) == message


@pytest.mark.parametrize(
    ("language", "label"),
    [
        ("en", "Red Dog — spread"),
        ("de", "Red Dog – Wertunterschied"),
        ("pl", "Red Dog – Spread"),
        ("fr", "Red Dog – séquence"),
        ("it", "Red Dog – scarto"),
    ],
)
@run
async def test_the_spread_marker_is_labelled_with_the_glossary_word(tmp_path, language, label):
    app = make_app(tmp_path, language, [TWO_AND_JACK])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus", "d")
        await pilot.pause()
        drawn = drawn_lines(app.screen.query_one(SpreadMarker))
        assert drawn[0].rstrip() == label
        assert drawn[1].split() == [str(k) for k in range(1, 12)]


@pytest.mark.parametrize("fast_play", [False, True])
@run
async def test_the_push_stays_readable_before_the_next_hand(tmp_path, fast_play):
    """R10's pause is shorter with fast play, yet the push's banner stays at least 1.5 s."""
    app = make_app(tmp_path, "en", [CONSECUTIVE, SPREAD_4_WIN], push_pause=PUSH_PAUSE_S)
    async with app.run_test(size=(80, 24)) as pilot:
        timers = HeldTimers(app)
        app.set_setting_on("fast_play", fast_play)
        await pilot.press("enter", "plus", "d")
        assert banner(app).kind is Banner.PUSH
        (timer,) = timers.pending()
        assert timer.delay >= PUSH_READABLE_S
        assert (timer.delay < PUSH_PAUSE_S) is fast_play  # fast play still shortens it
        await timers.fire()
        assert app.session.state.phase is Phase.DECISION and banner(app).kind is None


@run
async def test_every_banner_in_high_contrast_meets_wcag_aa(tmp_path):
    app = make_app(tmp_path, "fr", [SPREAD_4_WIN, SPREAD_4_LOSE, CONSECUTIVE, THREE_OF_A_KIND])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await switch_high_contrast(pilot)
        assert app.theme == theme.HIGH_CONTRAST_THEME
        seen = {}
        for keys in (("right", "plus", "d", "r"), ("d", "c"), ("d",), ("d",)):
            await pilot.press(*keys)
            await pilot.pause()
            kind = banner(app).kind
            assert kind is not None
            seen[kind] = low_contrast_text(app)
        assert set(seen) == {Banner.WIN, Banner.LOSE, Banner.PUSH, Banner.THREE_OF_A_KIND}
        assert {kind: found for kind, found in seen.items() if found} == {}


@pytest.mark.parametrize(("raised", "won"), [(False, 50), (True, 100)], ids=["called", "raised"])
def test_the_message_line_tells_the_winnings_alone(raised, won):
    """R9: a 10-credit ante won at 5:1 (spread 1, R8) returns 60 credits, of which 50 are won; a
    raise (R7) doubles the stake, so 100 are won. The stake that comes back is no part of the win."""
    from reddog_tui.engine import Action, StackedDealer, new_table, play
    from reddog_tui.ui.texts import announcement

    state = play(new_table(100), Action.ADD_CHIP, 10).state
    state = play(state, Action.DEAL, dealer=StackedDealer([SPREAD_1_WIN])).state
    state = play(state, Action.RAISE if raised else Action.CALL).state
    assert state.outcome is Outcome.WIN
    assert announcement(state) == f"In between! Spread 1 pays 5:1 \u2014 you win {won}\u00a0credits."
