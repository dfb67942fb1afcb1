"""Game recall (`f3`): the last ten settled rounds from the journal, in five languages.

Rounds come from a stacked dealer, round times from a pinned clock, and the
time zone is pinned, so the snapshots are the same on every machine. Look at
the SVGs under tests/ui/__snapshots__/test_recall/ before updating them.
"""

from __future__ import annotations

import itertools
import time
from datetime import UTC, datetime

import pytest

from reddog_tui.engine import HandKind, Outcome, Phase, StackedDealer
from reddog_tui.engine.cards import Card
from reddog_tui.ui.app import RedDogApp
from reddog_tui.ui.screens.recall import RecallScreen
from reddog_tui.ui.screens.rules import RulesScreen
from reddog_tui.ui.screens.settings import SettingsScreen
from reddog_tui.ui.screens.table import TableScreen
from reddog_tui.ui.screens.welcome import WelcomeScreen

from .helpers import LANGUAGES, run, screen_text

FIRST_COMMIT = datetime(2026, 3, 14, 17, 5, 0, tzinfo=UTC).timestamp()
CLOCK_STEP_S = 23

# Eleven rounds, each with the keys that play it after an ante of 5 (R3): every hand kind and
# result, raised and not (R5–R10). The oldest falls off the recall's ten.
ROUNDS = [
    (("5H", "TS", "TD"), ("d", "c")),  # spread 4, the third equals a face-up card: lost (R8)
    (("5H", "TS", "8D"), ("d", "r")),  # spread 4 raised and won 1:1 (R7, R8)
    (("7H", "8S", "2C"), ("d",)),  # consecutive: push (R5a)
    (("2C", "4D", "3H"), ("d", "c")),  # the push deals again (R10); spread 1 pays 5:1
    (("6H", "6S", "6D"), ("d",)),  # three of a kind pays 11:1 (R5b)
    (("KH", "KS", "3C"), ("d",)),  # pair: push (R5b)
    (("2H", "QS", "5D"), ("d", "d", "r")),  # push re-deal; spread 9 raised and won
    (("4C", "9D", "JS"), ("d", "r")),  # spread 4 raised and lost
    (("9C", "TD", "3H"), ("d",)),  # consecutive: push
    (("2C", "AD", "3H"), ("d", "d", "c")),  # push re-deal; spread 11 called and won
    (("AH", "2S", "KD"), ("d", "c")),  # spread 11 called and won
]
PLAY_KEYS = ("enter", "right", "plus", *(key for _cards, keys in ROUNDS for key in keys))


def recalled_cards(codes: tuple[str, str, str]) -> str:
    """How recall writes a round's cards; a consecutive hand's third card was never turned (R5a)."""
    first, second = (Card.from_code(c) for c in codes[:2])
    shown = codes[:2] if abs(first.value - second.value) == 1 else codes
    text = " ".join(c[:-1].replace("T", "10") + {"H": "♥", "S": "♠", "D": "♦", "C": "♣"}[c[-1]] for c in shown)
    return text + " —" if len(shown) == 2 else text


@pytest.fixture(autouse=True)
def warsaw_time(monkeypatch):
    """Round times are shown in local time: pin the zone (UTC+1 in March)."""
    monkeypatch.setenv("TZ", "Europe/Warsaw")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def pinned_clock():
    ticks = itertools.count()
    return lambda: FIRST_COMMIT + CLOCK_STEP_S * next(ticks)


def recall_app(tmp_path, language: str = "en", rounds=ROUNDS) -> RedDogApp:
    app = RedDogApp(
        language=language,
        data_dir=tmp_path,
        dealer=StackedDealer([list(cards) for cards, _keys in rounds]),
        push_pause=None,
        clock=pinned_clock(),
    )
    app.animation_level = "none"
    return app


# --- snapshots ---------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_recall_of_ten_rounds(snap_compare, tmp_path, language):
    assert snap_compare(recall_app(tmp_path, language), press=(*PLAY_KEYS, "f3"), terminal_size=(80, 24))


@pytest.mark.parametrize("language", ("pl", "fr"))
def test_recall_before_any_round(snap_compare, tmp_path, language):
    assert snap_compare(recall_app(tmp_path, language), press=("enter", "f3"), terminal_size=(80, 24))


@pytest.mark.parametrize("language", ("de", "it"))
def test_recall_large(snap_compare, tmp_path, language):
    """At 120×40 every round is one row of a table, with the date."""
    assert snap_compare(recall_app(tmp_path, language), press=(*PLAY_KEYS, "f3"), terminal_size=(120, 40))


# --- behaviour ---------------------------------------------------------------------------


@run
async def test_recall_lists_the_last_ten_rounds_newest_first(tmp_path):
    app = recall_app(tmp_path, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*PLAY_KEYS, "f3")
        assert isinstance(app.screen, RecallScreen)
        records = app.session.recent_rounds(20)
        assert len(records) == len(ROUNDS)
        # The recalled rounds show every hand kind and every result.
        assert {r.kind for r in records[:10]} == set(HandKind)
        assert {r.outcome for r in records[:10]} == set(Outcome)
        text = screen_text(app)
        lines = text.splitlines()
        card_lines = [line for line in lines if "♥" in line or "♠" in line or "♦" in line or "♣" in line]
        assert len(card_lines) == 10  # the oldest round is not recalled
        expected = [recalled_cards(cards) for cards, _keys in reversed(ROUNDS[1:])]
        assert [next(e for e in expected if e in line) for line in card_lines] == expected
        assert "lost" in card_lines[3] and "Spread 4" in card_lines[3]  # raised and lost
        assert "Three of a kind" in text and "Pair" in text and "Consecutive" in text
        # Amounts of the newest round: ante 5, not raised, spread 11 pays 1:1 (R9).
        newest = records[0]
        assert (newest.ante, newest.raised, newest.paid, newest.outcome) == (5, 0, 10, Outcome.WIN)
        assert f"Balance {newest.credits_before:,} → {newest.credits_after:,}" in text
        # The local time (UTC+1) of the newest round, as Babel writes it in English.
        local = newest.time.astimezone()
        assert local.utcoffset().total_seconds() == 3600
        assert local.strftime("%-I:%M:%S") + "\u202fPM" in card_lines[0]


@run
async def test_recall_amounts_follow_the_language(tmp_path):
    app = recall_app(tmp_path, "de")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*PLAY_KEYS, "f3")
        text = screen_text(app)
        newest = app.session.recent_rounds(1)[0]
        before = f"{newest.credits_before:,}".replace(",", ".")
        assert f"Punkte {before} → " in text and "Spielverlauf" in text
        assert "Wertunterschied 11" in text and "Drei gleiche Werte" in text and "verloren" in text
        local = newest.time.astimezone()
        assert local.strftime("%H:%M:%S") in text


@run
async def test_f3_opens_recall_from_every_screen_and_escape_returns_to_the_table(tmp_path):
    app = recall_app(tmp_path, "en", ROUNDS[:2])
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, WelcomeScreen)
        await pilot.press("f3")
        assert isinstance(app.screen, RecallScreen)
        assert "No round has been settled yet" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)
        await pilot.press("plus", "d")
        before = app.session.state
        assert before.phase is Phase.DECISION
        for opener in ("f1", "f2"):  # from rules and from settings
            await pilot.press(opener)
            assert isinstance(app.screen, (RulesScreen, SettingsScreen))
            await pilot.press("f3")
            assert isinstance(app.screen, RecallScreen)
            assert len(app.screen_stack) == 3  # recall replaced the screen it was opened from
            await pilot.press("escape")
        await pilot.press("f3", "d", "r", "c", "plus", "escape")  # table keys do nothing on the recall
        assert isinstance(app.screen, TableScreen)
        assert app.session.state == before  # the round is untouched (R4: the third card is still down)


@run
async def test_language_switch_rewords_the_recall(tmp_path):
    app = recall_app(tmp_path, "en", ROUNDS[:3])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "right", "plus", "d", "c", "d", "r", "f3")
        assert "Game Recall" in screen_text(app) and "won" in screen_text(app)
        shown = []
        for _language in LANGUAGES[1:]:
            await pilot.press("l")
            await pilot.pause()
            shown.append(screen_text(app))
        assert "Spielverlauf" in shown[0] and "gewonnen" in shown[0] and "verloren" in shown[0]
        assert "Historia rund" in shown[1] and "wygrana" in shown[1] and "Spread 4" in shown[1]
        assert "Historique des manches" in shown[2] and "gagné" in shown[2] and "Séquence de 4" in shown[2]
        assert "Storico delle mani" in shown[3] and "vinta" in shown[3] and "Scarto 4" in shown[3]
        assert "Ostatnie 2 rozliczone rundy" in shown[1]  # Polish "few" plural form for 2


@run
async def test_recall_scrolls_when_the_rounds_do_not_fit(tmp_path):
    app = recall_app(tmp_path, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*PLAY_KEYS, "f3")
        body = app.screen.query_one("#recall-body")
        await pilot.resize_terminal(80, 18)
        await pilot.pause()
        assert body.max_scroll_y > 0
        await pilot.press("end")
        assert body.scroll_y == body.max_scroll_y
        await pilot.press("home")
        assert body.scroll_y == 0
