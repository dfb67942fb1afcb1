"""R14 at its boundary: a stack that reaches max winnings exactly is collected, one credit less stays."""

import pytest

from reddog_tui.engine import Phase, add_chip, deal, raise_, set_progressive

from .conftest import betting, stacked

# 100 on the ante, raised by 100, spread 1 pays 5:1 (R7, R8): 200 staked + 1,000 won = 1,200.
STACK = 1200


def progressive_win(max_winnings: int):
    state = add_chip(set_progressive(betting(credits=1000, ante=0, max_winnings=max_winnings), True), 100)
    return raise_(deal(state, stacked("6H 8S 7C")))


def test_a_stack_equal_to_max_winnings_is_collected():
    won = progressive_win(max_winnings=STACK)
    assert won.phase is Phase.SETTLED
    assert (won.on_table, won.auto_collected, won.credits) == (0, STACK, 800 + STACK)


@pytest.mark.parametrize("max_winnings", [STACK + 1, STACK + 1000])
def test_a_stack_below_max_winnings_stays_on_the_table(max_winnings):
    won = progressive_win(max_winnings)
    assert (won.on_table, won.auto_collected, won.credits) == (STACK, 0, 800)
