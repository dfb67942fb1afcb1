"""A scripted round for the spoken mode's tests: what the table commits, step by step."""

from __future__ import annotations

from reddog_tui.engine import Action, StackedDealer, TableConfig, TableState, errors, new_table, play
from reddog_tui.ui.speech import spoken_credits, spoken_for

from ..helpers import CONSECUTIVE, PAIR_PUSH, SPREAD_1, THREE_OF_A_KIND

# Big enough that credits and winnings take each language's digit groups (12.500, 12 500, 5 000).
CREDITS = 12_500
CONFIG = TableConfig(chip_values=(1, 5, 10, 25, 100, 500), max_bet=500)
# Ante 500 on a spread of 1 (5:1), raised: 5,000 won. Then a rebet on a consecutive hand (push),
# its deal on a pair that pushes, and the next deal on three of a kind (11:1).
ROUNDS = (SPREAD_1, CONSECUTIVE, PAIR_PUSH, THREE_OF_A_KIND)
STEPS: tuple[tuple[Action, int | None], ...] = (
    (Action.ADD_CHIP, 500),
    (Action.DEAL, None),
    (Action.RAISE, None),
    (Action.REBET, None),
    (Action.DEAL, None),
    (Action.DEAL, None),
)


def transitions() -> list[tuple[TableState | None, TableState]]:
    """(before, after) of every committed action, from the table's start."""
    dealer = StackedDealer([list(cards) for cards in ROUNDS])
    state = new_table(CREDITS, CONFIG)
    found: list[tuple[TableState | None, TableState]] = [(None, state)]
    for action, value in STEPS:
        after = play(state, action, value, dealer).state
        found.append((state, after))
        state = after
    return found


def round_sentences() -> list[str]:
    """Everything the round says in the current language: each transition, a refusal, the credits."""
    said: list[str] = []
    moves = transitions()
    for before, after in moves:
        said += spoken_for(before, after)
    last = moves[-1][1]
    said += spoken_for(last, last, errors.InsufficientCredits(20_000, last.credits))
    said += spoken_credits(last)
    return said
