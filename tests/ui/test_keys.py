"""Every key in every phase and on every screen: never an exception, and money is conserved."""

from __future__ import annotations

import pytest

from reddog_tui.engine import Outcome, Phase
from reddog_tui.ui.screens.rules import RulesScreen
from reddog_tui.ui.screens.settings import SettingsScreen
from reddog_tui.ui.screens.table import TableScreen

from .helpers import CONSECUTIVE, SPREAD_4_LOSE, SPREAD_4_WIN, THREE_OF_A_KIND, make_app, run

# The kiosk's keys and a few that mean nothing at the table.
KIOSK_KEYS = (
    "d", "r", "c", "n", "o", "plus", "minus", "left", "right", "l", "f1", "f2", "escape",
    "up", "down", "enter", "tab", "x",
)  # fmt: skip

# How to reach each phase from the welcome screen, with the rounds it needs.
PHASES = {
    "betting-empty": ((), ("enter",)),
    "betting-ante": ((), ("enter", "plus")),
    "decision": ((SPREAD_4_WIN,), ("enter", "plus", "d")),
    "win": ((SPREAD_4_WIN,), ("enter", "plus", "d", "r")),
    "lose": ((SPREAD_4_LOSE,), ("enter", "plus", "d", "c")),
    "push": ((CONSECUTIVE,), ("enter", "plus", "d")),
    "three-of-a-kind": ((THREE_OF_A_KIND,), ("enter", "plus", "d")),
}
PHASE_REACHED = {
    "betting-empty": Phase.BETTING,
    "betting-ante": Phase.BETTING,
    "decision": Phase.DECISION,
    "win": Phase.SETTLED,
    "lose": Phase.SETTLED,
    "push": Phase.SETTLED,
    "three-of-a-kind": Phase.SETTLED,
}


def money(app) -> int:
    """Credits plus everything on the table: only a settled round may change it."""
    state = app.session.state
    return state.credits + state.on_table


async def fresh_table_in(app, pilot, data_dir, rounds, path) -> None:
    """A new journal in `data_dir` and a new table screen, driven into a phase by `path`'s keys."""
    from reddog_tui.engine import StackedDealer
    from reddog_tui.store import GameSession, Store

    app.action_back_to_table()
    old_store, app.store = app.store, Store.open(data_dir)
    old_store.close()
    # Spare rounds so that a key that deals always has cards (R1: any deal is fine here).
    dealer = StackedDealer([list(r) for r in (*rounds, *[SPREAD_4_WIN] * 3)])
    app.session = GameSession(app.store, dealer, initial_credits=1000)
    app.play.refusal = None
    await app.pop_screen()
    await app.push_screen(TableScreen())  # a fresh screen: the smallest chip selected again
    await pilot.press(*path)


@pytest.mark.parametrize("phase", PHASES)
@run
async def test_every_key_in_every_phase(tmp_path, phase):
    """One app per phase; before each key the table is rebuilt on a new journal in that phase."""
    rounds, path = PHASES[phase]
    app = make_app(tmp_path / "first", "pl", [*rounds, *[SPREAD_4_WIN] * 3])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*path)  # the first time from the welcome screen, as a player would
        for key in KIOSK_KEYS:
            if key != KIOSK_KEYS[0]:
                await fresh_table_in(app, pilot, tmp_path / key, rounds, path[1:])
            assert isinstance(app.screen, TableScreen), key
            before = app.session.state
            assert before.phase is PHASE_REACHED[phase], key
            await pilot.press(key)
            await pilot.pause()
            assert app.is_running
            assert app.session is not None
            state = app.session.state
            assert state.credits >= 0 and state.ante >= 0
            # Money moves only when a hand is settled; every other key conserves it (chips, deal, rebet, new bet).
            settled_now = before.phase is Phase.DECISION or (
                state.rounds_dealt > before.rounds_dealt and state.phase is Phase.SETTLED
            )
            if not settled_now:
                assert money(app) == before.credits + before.on_table, key


@pytest.mark.parametrize("screen_key, screen_type", [("f1", RulesScreen), ("f2", SettingsScreen)])
@run
async def test_every_key_on_rules_and_settings(tmp_path, screen_key, screen_type):
    app = make_app(tmp_path, "fr", [SPREAD_4_WIN] * 4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus", "d", screen_key)
        assert isinstance(app.screen, screen_type)
        before = app.session.state
        for key in ("d", "r", "c", "n", "o", "plus", "minus", "up", "down", "pageup", "pagedown", "home", "end"):
            await pilot.press(key)
        assert isinstance(app.screen, screen_type)
        assert app.session.state == before  # table keys do nothing here
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)


@run
async def test_f1_and_f2_from_every_screen_and_escape_back(tmp_path):
    app = make_app(tmp_path, "it")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")  # from the welcome screen, before any bet
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("f2")
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press("f1")
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)
        await pilot.press("f2", "escape", "f1", "escape")
        assert isinstance(app.screen, TableScreen)
        assert len(app.screen_stack) == 2  # the default screen and the table: nothing piles up


@run
async def test_l_cycles_the_five_languages(tmp_path):
    app = make_app(tmp_path, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        seen = []
        for _ in range(5):
            await pilot.press("l")
            seen.append(app.language)
        assert seen == ["de", "pl", "fr", "it", "en"]


@run
async def test_three_of_a_kind_pays_eleven_to_one(tmp_path):
    app = make_app(tmp_path, "en", [THREE_OF_A_KIND])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "right", "plus", "d")  # ante 5
        state = app.session.state
        assert (state.outcome, state.winnings) == (Outcome.WIN, 55)  # R5b: 11:1
        assert str(app.screen.query_one("#message").content) == "Three of a kind! 11:1 — you win 55\u00a0credits."


# Glossary: while French asks « augmenter l'enjeu ? », o (oui) raises and n (non) calls.
@pytest.mark.parametrize("key, raised", [("o", True), ("n", False), ("r", True), ("c", False)])
@run
async def test_french_answers_the_raise_question_with_o_and_n(tmp_path, key, raised):
    app = make_app(tmp_path, "fr", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus", "d")
        assert app.session.state.phase is Phase.DECISION
        ante = app.session.state.ante
        await pilot.press(key)
        await pilot.pause()
        state = app.session.state
        assert state.phase is Phase.SETTLED and state.outcome is Outcome.WIN
        assert state.raised == (ante if raised else 0)


@pytest.mark.parametrize("language", ["en", "de", "pl", "it"])
@run
async def test_o_and_n_do_not_answer_the_raise_question_outside_french(tmp_path, language):
    """Elsewhere o and n stay collect and new bet, which the open question refuses (R7)."""
    app = make_app(tmp_path, language, [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus", "d", "o", "n")
        await pilot.pause()
        assert app.session.state.phase is Phase.DECISION and app.session.state.raised == 0


@run
async def test_o_collects_in_french_once_the_round_is_over(tmp_path):
    """After the round o is ENCAISSER again (progressive betting offers it, R13)."""
    app = make_app(tmp_path, "fr", [SPREAD_4_WIN, SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus", "d", "o")
        await pilot.pause()
        assert app.session.state.phase is Phase.SETTLED
        await pilot.press("n")  # non is no answer now: new bet, everything back to the credits
        await pilot.pause()
        assert app.session.state.phase is Phase.BETTING and app.session.state.on_table == 0
