"""The exact PAR sheet against RULES.md's figures and published multi-deck edges."""

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


@pytest.mark.parametrize("decks", range(1, 9))
def test_probabilities_sum_to_one_and_moments_are_sane(decks):
    par = compute_par(decks)
    assert par.pair + par.consecutive + sum(par.spread.values()) == 1
    assert 0 < par.hit_frequency < 1
    assert 1.4 < par.std_dev < 1.7
    assert par.rtp + par.house_edge == 1
