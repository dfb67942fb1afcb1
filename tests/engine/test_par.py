"""The exact PAR sheet against RULES.md's figures and published multi-deck edges."""

import itertools
import math
from fractions import Fraction

import pytest

from reddog_tui.engine import compute_par


def test_single_deck_probabilities_are_exact():
    par = compute_par(1)
    assert par.pair == Fraction(1, 17)
    assert par.three_of_a_kind == Fraction(1, 425)
    assert par.consecutive == Fraction(32, 221)
    for k in range(1, 12):
        assert par.spread[k] == Fraction(8 * (12 - k), 663)
        assert par.win_given_spread[k] == Fraction(4 * k, 50)
    assert par.pair + par.consecutive + sum(par.spread.values()) == 1


def test_single_deck_house_edge_and_raise_values():
    par = compute_par(1)
    assert par.house_edge == Fraction(523, 16575)
    assert round(float(par.rtp) * 100, 3) == 96.845
    assert round(float(par.element_of_risk) * 100, 4) == 2.6718
    assert round(float(par.never_raise_house_edge) * 100, 2) == 9.19
    expected = [-0.52, -0.20, -0.28, -0.36, -0.20, -0.04, 0.12, 0.28, 0.44, 0.60, 0.76]
    assert [par.raise_value[k] for k in range(1, 12)] == [Fraction(str(v)) for v in expected]
    assert par.raise_spreads == (7, 8, 9, 10, 11)


@pytest.mark.parametrize("decks, edge", [(2, 3.0766), (4, 2.8838), (6, 2.7978), (8, 2.7509)])
def test_published_multi_deck_house_edges(decks, edge):
    par = compute_par(decks)
    assert round(float(par.house_edge) * 100, 4) == edge
    assert par.raise_spreads == (7, 8, 9, 10, 11)


# R8's pay table and RULES.md's best play, written out here so the test does not lean on the engine.
PAYS = {1: 5, 2: 4, 3: 2, **{spread: 1 for spread in range(4, 12)}}
TRIPS_PAY = 11
RANK_VALUES = range(2, 15)  # R2: ace high


def net_result(first: int, second: int, third: int) -> int:
    """What one hand returns per unit of ante, raising on spreads 7 to 11 (R5, R7, R8)."""
    if first == second:
        return TRIPS_PAY if third == first else 0  # R5b
    if abs(first - second) == 1:
        return 0  # R5a
    spread = abs(first - second) - 1
    stake = 2 if spread >= 7 else 1
    between = min(first, second) < third < max(first, second)
    return PAYS[spread] * stake if between else -stake


def moments_by_ranks(decks: int) -> tuple[Fraction, Fraction, Fraction]:
    """(expected result, expected square, P(win)) over every ordered deal of three cards of the shoe,
    counted as the ways to draw each triple of ranks one card after another."""
    per_rank, cards = 4 * decks, 52 * decks
    total = cards * (cards - 1) * (cards - 2)
    mean = square = wins = 0
    for a in RANK_VALUES:
        for b in RANK_VALUES:
            for c in RANK_VALUES:
                ways = per_rank * (per_rank - (b == a)) * (per_rank - (c == a) - (c == b))
                result = net_result(a, b, c)
                mean += ways * result
                square += ways * result * result
                wins += ways if result > 0 else 0
    return Fraction(mean, total), Fraction(square, total), Fraction(wins, total)


def test_the_rank_count_agrees_with_every_single_deck_deal():
    """The helper above, checked once against all 132,600 ordered deals of three real cards."""
    ranks = [2 + card // 4 for card in range(52)]
    results = [net_result(ranks[x], ranks[y], ranks[z]) for x, y, z in itertools.permutations(range(52), 3)]
    mean = Fraction(sum(results), len(results))
    square = Fraction(sum(r * r for r in results), len(results))
    wins = Fraction(sum(r > 0 for r in results), len(results))
    assert (mean, square, wins) == moments_by_ranks(1)
    assert mean == -Fraction(523, 16575)  # RULES.md's house edge


@pytest.mark.parametrize("decks", range(1, 9))
def test_hit_frequency_and_standard_deviation_are_exact(decks):
    mean, square, wins = moments_by_ranks(decks)
    par = compute_par(decks)
    assert par.expected_return == mean
    assert par.hit_frequency == wins
    assert par.variance == square - mean**2
    assert par.std_dev == pytest.approx(math.sqrt(square - mean**2), rel=1e-12)


@pytest.mark.parametrize("decks", range(1, 9))
def test_probabilities_sum_to_one(decks):
    par = compute_par(decks)
    assert par.pair + par.consecutive + sum(par.spread.values()) == 1
    assert par.rtp + par.house_edge == 1
