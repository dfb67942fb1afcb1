"""Invariants over any sequence of actions, valid or not (hypothesis)."""

import contextlib
import random
from fractions import Fraction

from hypothesis import event, given, settings
from hypothesis import strategies as st

from reddog_tui.engine import (
    HandKind,
    Outcome,
    Phase,
    ShuffledDealer,
    TableConfig,
    TableState,
    add_chip,
    call,
    collect,
    deal,
    new_bet,
    new_table,
    raise_,
    rebet,
    remove_chip,
    set_progressive,
)
from reddog_tui.engine.errors import RedDogError

# The pay table as RULES.md writes it (R8, R5b), kept apart from the engine's own.
PAYS = {1: 5, 2: 4, 3: 2} | {k: 1 for k in range(4, 12)}

# Valid and invalid moves, weighted so that many rounds are played to the end.
MOVES = (
    [("add_chip", v) for v in (1, 5, 10, 25, 100, 100)]
    + [("add_chip", 3), ("remove_chip", 0), ("remove_chip", 5), ("remove_chip", 25)]
    + [(name, None) for name in ("deal", "deal", "raise", "raise", "call", "call", "rebet", "rebet")]
    + [(name, None) for name in ("new_bet", "collect", "progressive_on", "progressive_off")]
)
actions = st.sampled_from(MOVES)


def apply(state: TableState, name: str, value, dealer) -> TableState:
    match name:
        case "add_chip":
            return add_chip(state, value)
        case "remove_chip":
            return remove_chip(state, value)
        case "deal":
            return deal(state, dealer)
        case "raise":
            return raise_(state)
        case "call":
            return call(state)
        case "rebet":
            return rebet(state, dealer)
        case "new_bet":
            return new_bet(state)
        case "collect":
            return collect(state)
        case "progressive_on":
            return set_progressive(state, True)
        case "progressive_off":
            return set_progressive(state, False)
    raise AssertionError(name)


def settled_net(state: TableState, stake: int) -> int:
    """Net result of the round just settled, from the rules alone."""
    if state.outcome is Outcome.PUSH:
        return 0
    if state.outcome is Outcome.LOSE:
        return -stake
    odds = 11 if state.kind is HandKind.THREE_OF_A_KIND else PAYS[state.spread]
    return odds * stake


@settings(max_examples=300, deadline=None)
@given(
    start=st.integers(min_value=0, max_value=2000),
    steps=st.lists(actions, min_size=20, max_size=120),
    seed=st.integers(min_value=0, max_value=2**32),
    max_winnings=st.sampled_from([500, 1000, 10_000]),
)
def test_credits_are_conserved_and_refusals_change_nothing(start, steps, seed, max_winnings):
    dealer = ShuffledDealer(random.Random(seed))
    state = new_table(start, TableConfig(max_winnings=max_winnings))
    net = stake = 0
    for name, value in steps:
        before = state
        try:
            state = apply(state, name, value, dealer)
        except RedDogError:
            assert state == before  # a refused action leaves the state as it was
            assert state.to_json() == before.to_json()
            continue
        new_hand = state.rounds_dealt != before.rounds_dealt
        if new_hand:
            stake = state.last_ante  # a new hand: the ante dealt is at risk (max winnings may have collected it)
        if name == "raise":
            stake += before.ante  # R7: the raise equals the ante
        if state.phase is Phase.SETTLED and (new_hand or before.phase is not Phase.SETTLED):
            net += settled_net(state, stake)
            event(f"settled {state.outcome} after {name}")
        assert min(state.credits, state.ante, state.raised, state.winnings) >= 0
        assert state.credits + state.on_table == start + net
        assert TableState.from_json(state.to_json()) == state


@settings(max_examples=200, deadline=None)
@given(steps=st.lists(actions, max_size=40), seed=st.integers(min_value=0, max_value=2**32))
def test_state_round_trips_through_json_exactly(steps, seed):
    dealer = ShuffledDealer(random.Random(seed))
    state = new_table(500)
    for name, value in steps:
        with contextlib.suppress(RedDogError):
            state = apply(state, name, value, dealer)
        text = state.to_json()
        assert TableState.from_json(text) == state
        assert TableState.from_json(text).to_json() == text


def test_raise_is_worth_taking_only_from_spread_seven():
    # A cross-check of R7/R8 against plain arithmetic on one deck: 4k of 50 cards win.
    for k in range(1, 12):
        p = Fraction(4 * k, 50)
        assert (p * PAYS[k] - (1 - p) > 0) == (k >= 7)
