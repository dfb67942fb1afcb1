"""Play many rounds through the real engine with the best strategy, and check them.

The hand categories are compared with the PAR sheet by a chi-square test, and
the return to player is given with a 95 % confidence interval once there are
enough rounds for one.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from .cards import RandomSource, ShuffledDealer
from .par import compute_par
from .rules import MAX_SPREAD, MIN_SPREAD, HandKind
from .table import Phase, TableConfig, add_chip, call, deal, new_table, raise_, rebet

# The interval is the normal approximation, which needs enough rounds for the mean to be
# close to normal. The net result of a round is skewed (a loss of 1 or 2 most of the time,
# 11 for three of a kind): its skewness is about 1.87, and Cochran's rule n > 25 * skewness**2
# asks for about 88 rounds. Below this count no interval is given.
MIN_ROUNDS_FOR_INTERVAL = 100

CATEGORIES: tuple[str, ...] = ("pair", "consecutive", *(f"spread_{k}" for k in range(MIN_SPREAD, MAX_SPREAD + 1)))


@dataclass(frozen=True)
class SimulationResult:
    decks: int
    rounds: int
    rtp: float
    rtp_ci95: tuple[float, float] | None  # None below MIN_ROUNDS_FOR_INTERVAL
    exact_rtp: float
    counts: dict[str, int]
    chi_square: float
    p_value: float
    seconds: float

    @property
    def rounds_per_second(self) -> float:
        return self.rounds / self.seconds if self.seconds > 0 else float("inf")

    def to_json_dict(self) -> dict[str, object]:
        return {
            "decks": self.decks,
            "rounds": self.rounds,
            "rtp": self.rtp,
            "rtp_ci95": list(self.rtp_ci95) if self.rtp_ci95 is not None else None,
            "exact_rtp": self.exact_rtp,
            "counts": self.counts,
            "chi_square": self.chi_square,
            "degrees_of_freedom": len(CATEGORIES) - 1,
            "p_value": self.p_value,
            "rounds_per_second": self.rounds_per_second,
        }


def chi_square_sf(statistic: float, degrees_of_freedom: int) -> float:
    """P(X >= statistic) for X chi-square distributed: Q(k/2, x/2), the upper
    regularized incomplete gamma function."""
    if degrees_of_freedom < 1:
        raise ValueError("degrees of freedom must be at least 1")
    if statistic <= 0:
        return 1.0
    a, x = degrees_of_freedom / 2, statistic / 2
    log_prefactor = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        # Power series for the lower function P(a, x); Q = 1 - P.
        term = total = 1.0 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= x / n
            total += term
        return max(0.0, 1.0 - total * math.exp(log_prefactor))
    # Continued fraction for Q(a, x) (modified Lentz), converging fast for x > a + 1.
    tiny = 1e-300
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, h * math.exp(log_prefactor))


def simulate(
    rounds: int,
    rng: RandomSource,
    decks: int = 1,
    progress: Callable[[int], None] | None = None,
) -> SimulationResult:
    if rounds < 1:
        raise ValueError("rounds must be at least 1")
    par = compute_par(decks)
    raise_spreads = frozenset(par.raise_spreads)
    dealer = ShuffledDealer(rng)
    state = add_chip(new_table(credits=10 * rounds + 100, config=TableConfig(decks=decks)), 1)
    counts = dict.fromkeys(CATEGORIES, 0)
    total = total_sq = 0
    step = max(1, rounds // 100)
    started = time.perf_counter()
    for n in range(rounds):
        before = state.holdings
        if state.phase is Phase.SETTLED and state.outcome is not None and state.outcome.value != "push":
            state = rebet(state, dealer)
        else:
            state = deal(state, dealer)
        if state.phase is Phase.DECISION:
            state = raise_(state) if state.spread in raise_spreads else call(state)
        kind = state.kind
        if kind is HandKind.SPREAD:
            counts[f"spread_{state.spread}"] += 1
        elif kind is HandKind.CONSECUTIVE:
            counts["consecutive"] += 1
        else:
            counts["pair"] += 1
        net = state.holdings - before
        total += net
        total_sq += net * net
        if progress is not None and n % step == 0:
            progress(n)
    seconds = time.perf_counter() - started

    mean = total / rounds
    variance = max(0.0, total_sq / rounds - mean * mean)
    interval = None
    if rounds >= MIN_ROUNDS_FOR_INTERVAL:
        half_width = 1.96 * math.sqrt(variance / rounds)
        interval = (1 + mean - half_width, 1 + mean + half_width)
    expected = {"pair": par.pair, "consecutive": par.consecutive}
    expected |= {f"spread_{k}": p for k, p in par.spread.items()}
    chi = sum((counts[c] - rounds * float(expected[c])) ** 2 / (rounds * float(expected[c])) for c in CATEGORIES)
    return SimulationResult(
        decks=decks,
        rounds=rounds,
        rtp=1 + mean,
        rtp_ci95=interval,
        exact_rtp=float(par.rtp),
        counts=counts,
        chi_square=chi,
        p_value=chi_square_sf(chi, len(CATEGORIES) - 1),
        seconds=seconds,
    )
