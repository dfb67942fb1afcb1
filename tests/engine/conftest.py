import pytest

from reddog_tui.engine import StackedDealer, TableConfig, add_chip, new_table


def stacked(*rounds: str) -> StackedDealer:
    """A dealer for the given rounds, each written as 'first second third'."""
    return StackedDealer([r.split() for r in rounds])


def betting(credits: int = 1000, ante: int = 10, **config) -> "TableState":  # noqa: F821
    state = new_table(credits, TableConfig(**config))
    for chip in _chips_for(ante, state.config.chip_values):
        state = add_chip(state, chip)
    return state


def _chips_for(amount: int, values: tuple[int, ...]) -> list[int]:
    chips = []
    for value in sorted(values, reverse=True):
        while amount >= value:
            chips.append(value)
            amount -= value
    assert amount == 0
    return chips


@pytest.fixture
def table():
    return betting
