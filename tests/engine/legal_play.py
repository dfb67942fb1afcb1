"""Random sequences of legal actions, for the properties of the engine and of the accounting."""

import random

from hypothesis import strategies as st

from reddog_tui.engine import Action, ShuffledDealer, TableConfig, TableState, new_table, play, why_not
from reddog_tui.engine.errors import RedDogError

CHIPS = (1, 5, 10, 25, 100)
# Every move a player can make, with a weight: the moves of a round and progressive betting weigh
# more, so that most examples play many rounds. The tests take only those legal in the state at hand.
WEIGHTED_MOVES = (
    [((Action.ADD_CHIP, v), 1) for v in CHIPS]
    + [((Action.REMOVE_CHIP, v), 1) for v in CHIPS]
    + [((a, None), 3) for a in (Action.DEAL, Action.RAISE, Action.CALL, Action.REBET)]
    + [((Action.NEW_BET, None), 1), ((Action.COLLECT, None), 1)]
    + [((Action.SET_PROGRESSIVE, True), 3), ((Action.SET_PROGRESSIVE, False), 1)]
)


def legal_moves(state: TableState) -> tuple[list[tuple[Action, int | bool | None]], list[int]]:
    """The legal moves and their weights."""
    moves, weights = [], []
    for (action, value), weight in WEIGHTED_MOVES:
        if action is Action.SET_PROGRESSIVE:
            try:
                play(state, action, value)  # no cards drawn, so it may be tried
            except RedDogError:
                continue
        elif why_not(state, action, value) is not None:
            continue
        moves.append((action, value))
        weights.append(weight)
    return moves, weights


def legal_sequence(start: int, length: int, seed: int, limits: tuple[int, int]):
    """Play `length` legal moves chosen by a seeded RNG; yield (before, action, value, step).

    Drawn by the RNG rather than by hypothesis, whose own choices favour the first move and so
    rarely finish a round."""
    rng = random.Random(seed)
    dealer = ShuffledDealer(random.Random(seed + 1))
    max_bet, max_winnings = limits
    state = new_table(start, TableConfig(max_bet=max_bet, max_winnings=max_winnings))
    for _ in range(length):
        moves, weights = legal_moves(state)
        ((action, value),) = rng.choices(moves, weights)
        step = play(state, action, value, dealer)
        yield state, action, value, step
        state = step.state


games = dict(
    start=st.integers(min_value=1, max_value=3000),
    length=st.integers(min_value=10, max_value=150),
    seed=st.integers(min_value=0, max_value=2**32),
    limits=st.sampled_from([(100, 100), (100, 300), (500, 1000), (500, 10_000)]),  # (max bet, max winnings)
)
