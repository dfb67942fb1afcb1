"""Any table the settings model accepts can be played (a round through the engine, R3-R14), shown
on the table screen in all five languages, and written into the rules help."""

from __future__ import annotations

import asyncio
import random
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from reddog_tui.engine import (
    Action,
    Phase,
    ShuffledDealer,
    TableConfig,
    allowed_actions,
    compute_par,
)
from reddog_tui.engine import table as engine
from reddog_tui.i18n.formatting import number
from reddog_tui.i18n.rules_help import plain_text, render_rules
from reddog_tui.store import GameSession, Store
from reddog_tui.store.settings import (
    MAX_AMOUNT,
    MAX_CHIP,
    MAX_CHIPS,
    SettingRefused,
    check_table,
    playable_ante,
)
from reddog_tui.ui.screens.table import TableScreen

from .helpers import LANGUAGES, bet_area, chip_face, make_app

LARGEST = TableConfig(
    min_bet=MAX_AMOUNT,
    max_bet=MAX_AMOUNT,
    max_winnings=MAX_AMOUNT,
    decks=8,
    chip_values=tuple(range(MAX_CHIP - MAX_CHIPS + 1, MAX_CHIP + 1)),
)
SMALLEST = TableConfig(min_bet=1, max_bet=1, max_winnings=1, decks=1, chip_values=(1,))
amounts = st.one_of(st.integers(1, 1000), st.integers(1, MAX_AMOUNT), st.just(MAX_AMOUNT))


@st.composite
def accepted_tables(draw) -> TableConfig:
    chips = draw(
        st.lists(st.one_of(st.integers(1, 100), st.integers(1, MAX_CHIP)), min_size=1, max_size=MAX_CHIPS, unique=True)
    )
    min_bet = draw(amounts)
    max_bet = draw(st.integers(min_bet, MAX_AMOUNT))
    config = TableConfig(
        min_bet=min_bet,
        max_bet=max_bet,
        max_winnings=draw(st.integers(max_bet, MAX_AMOUNT)),
        decks=draw(st.integers(1, 8)),
        chip_values=tuple(chips),
        progressive_offered=draw(st.booleans()),
    )
    try:
        return check_table(config)
    except SettingRefused:
        assume(False)
        raise


def play_a_round(config: TableConfig, seed: int) -> engine.TableState:
    """An ante the chips can make, dealt and settled by the engine (R3-R8)."""
    counts = playable_ante(config.chip_values, config.min_bet, config.max_bet)
    assert counts is not None
    ante = sum(chip * n for chip, n in counts.items())
    last = max(counts)  # the last chip goes on through the engine, which checks the table maximum
    credits = 2 * ante + 1000
    state = engine.new_table(credits, config)._replace(credits=credits - (ante - last), ante=ante - last)
    state = engine.add_chip(state, last)
    state = engine.deal(state, ShuffledDealer(random.Random(seed)))
    if state.phase is Phase.DECISION:
        state = engine.raise_(state) if seed % 2 and state.credits >= state.ante else engine.call(state)
    assert state.phase is Phase.SETTLED and state.outcome is not None
    if Action.COLLECT in allowed_actions(state):
        state = engine.collect(state)
    return state


@settings(max_examples=150, deadline=None)
@example(config=LARGEST, seed=1)
@example(config=SMALLEST, seed=0)
@given(config=accepted_tables(), seed=st.integers(0, 2**32))
def test_an_accepted_table_plays_a_round_and_is_written_into_the_rules_in_every_language(config, seed):
    state = play_a_round(config, seed)
    par = compute_par(config.decks)
    for language in LANGUAGES:
        for amount in (state.credits, state.on_table, state.auto_collected, config.max_winnings, config.max_bet):
            written = number(amount, language)  # grouped as the language groups, never cut or rounded
            assert "".join(c for c in written if c in "0123456789") == str(amount), (amount, language, written)
        text = plain_text(render_rules(language, par, config))
        assert number(config.max_winnings, language) in text and number(config.min_bet, language) in text


async def table_in_every_language(data_dir: Path, config: TableConfig) -> None:
    with Store.open(data_dir) as store:
        GameSession(store, ShuffledDealer(random.Random(1)), 2 * config.max_bet, config)
    app = make_app(data_dir, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # past the welcome screen
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        for language in LANGUAGES:
            app.language = language
            await pilot.pause()
            area = bet_area(app)
            assert area.chip_values == tuple(sorted(config.chip_values))
            for value in area.chip_values:  # every chip's face shows its whole value within its edges
                face = chip_face(area, value)
                assert face[0] in "│┃" and face[-1] in "│┃" and face[1:-1].strip() == number(value, language)
        await pilot.press("f1")  # the rules help, drawn from the same settings
        await pilot.pause()
        assert app.is_running


# One drawn table beside the widest rack: each is a whole app, and the chips' faces are what differs.
@settings(max_examples=1, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@example(config=LARGEST)
@given(config=accepted_tables())
def test_an_accepted_table_is_shown_on_the_table_screen_in_every_language(config):
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(table_in_every_language(Path(folder), config))
