"""Simulation through the real engine agrees with the exact figures."""

import random

import pytest

from reddog_tui.engine.simulate import chi_square_sf, simulate


def test_chi_square_survival_matches_known_quantiles():
    # 21.026 is the 95th percentile of chi-square with 12 degrees of freedom.
    assert chi_square_sf(21.026, 12) == pytest.approx(0.05, abs=1e-4)
    assert chi_square_sf(0.0, 12) == 1.0
    assert chi_square_sf(3.841, 2) == pytest.approx(0.1465, abs=1e-3)


@pytest.mark.parametrize("decks", [1, 8])
def test_simulated_interval_contains_the_exact_return(decks):
    result = simulate(60_000, random.Random(20261129 + decks), decks=decks)
    low, high = result.rtp_ci95
    assert low < result.exact_rtp < high
    assert sum(result.counts.values()) == 60_000
    assert result.p_value > 0.001


def test_simulation_is_repeatable_with_a_seed():
    a = simulate(2000, random.Random(5))
    b = simulate(2000, random.Random(5))
    assert (a.rtp, a.counts) == (b.rtp, b.counts)


def test_chi_square_survival_for_odd_and_large_degrees_of_freedom():
    assert chi_square_sf(3.841, 1) == pytest.approx(0.05, abs=1e-4)
    assert chi_square_sf(11.070, 5) == pytest.approx(0.05, abs=1e-4)
    # Median of chi-square with k degrees of freedom is about k (1 - 2/(9k))^3.
    k = 2601
    assert chi_square_sf(k * (1 - 2 / (9 * k)) ** 3, k) == pytest.approx(0.5, abs=1e-3)
