"""The exact PAR sheet: every figure of the game by enumeration over ranks."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .cards import RANKS, check_decks
from .rules import MAX_SPREAD, MIN_SPREAD, SPREAD_ODDS, THREE_OF_A_KIND_ODDS


@dataclass(frozen=True)
class ParSheet:
    decks: int
    pair: Fraction
    three_of_a_kind: Fraction
    consecutive: Fraction
    spread: dict[int, Fraction]  # P(spread k) for k = 1…11
    win_given_spread: dict[int, Fraction]
    raise_value: dict[int, Fraction]  # expected gain of raising, per unit of ante
    raise_spreads: tuple[int, ...]
    expected_return: Fraction  # per unit of ante, best play
    never_raise_return: Fraction
    average_wager: Fraction  # ante plus the expected raise, best play
    hit_frequency: Fraction
    variance: Fraction

    @property
    def house_edge(self) -> Fraction:
        return -self.expected_return

    @property
    def never_raise_house_edge(self) -> Fraction:
        return -self.never_raise_return

    @property
    def rtp(self) -> Fraction:
        """Return to player per unit of ante: what comes back of what is put at risk."""
        return 1 + self.expected_return

    @property
    def element_of_risk(self) -> Fraction:
        return self.house_edge / self.average_wager

    @property
    def std_dev(self) -> float:
        return math.sqrt(self.variance)

    def to_json_dict(self) -> dict[str, Any]:
        probabilities = {
            "pair": float(self.pair),
            "three_of_a_kind": float(self.three_of_a_kind),
            "consecutive": float(self.consecutive),
            **{f"spread_{k}": float(p) for k, p in self.spread.items()},
        }
        return {
            "decks": self.decks,
            "house_edge": float(self.house_edge),
            "house_edge_fraction": str(self.house_edge),
            "never_raise_house_edge": float(self.never_raise_house_edge),
            "element_of_risk": float(self.element_of_risk),
            "rtp": float(self.rtp),
            "hit_frequency": float(self.hit_frequency),
            "std_dev": self.std_dev,
            "raise_spreads": list(self.raise_spreads),
            "probabilities": probabilities,
            "win_probability": {f"spread_{k}": float(p) for k, p in self.win_given_spread.items()},
            "raise_value": {f"spread_{k}": float(v) for k, v in self.raise_value.items()},
            "payout": {f"spread_{k}": SPREAD_ODDS[k] for k in self.spread} | {"three_of_a_kind": THREE_OF_A_KIND_ODDS},
        }


def compute_par(decks: int = 1) -> ParSheet:
    """Enumerate the ranks of the two face-up cards and of the third card."""
    check_decks(decks)
    per_rank = 4 * decks
    cards = 52 * decks
    two_cards = Fraction(1, cards * (cards - 1))
    after_two = cards - 2

    pair = Fraction(0)
    consecutive = Fraction(0)
    spread = {k: Fraction(0) for k in range(MIN_SPREAD, MAX_SPREAD + 1)}
    for first in RANKS:
        for second in RANKS:
            if first == second:
                pair += per_rank * (per_rank - 1) * two_cards
            elif abs(first - second) == 1:
                consecutive += per_rank * per_rank * two_cards
            else:
                spread[abs(first - second) - 1] += per_rank * per_rank * two_cards

    trips_given_pair = Fraction(per_rank - 2, after_two)
    three_of_a_kind = pair * trips_given_pair
    win_given_spread = {k: Fraction(per_rank * k, after_two) for k in spread}

    # Net result per unit of ante of a spread hand, standing on the ante alone.
    stand = {k: p * SPREAD_ODDS[k] - (1 - p) for k, p in win_given_spread.items()}
    # Raising doubles the stake at the same odds, so it is worth one more `stand`.
    raise_value = dict(stand)
    raise_spreads = tuple(k for k, v in raise_value.items() if v > 0)

    pair_return = three_of_a_kind * THREE_OF_A_KIND_ODDS
    never_raise = pair_return + sum(spread[k] * stand[k] for k in spread)
    best = pair_return + sum(spread[k] * stand[k] * (2 if k in raise_spreads else 1) for k in spread)
    average_wager = 1 + sum((spread[k] for k in raise_spreads), Fraction(0))
    hit_frequency = three_of_a_kind + sum(spread[k] * win_given_spread[k] for k in spread)

    second_moment = three_of_a_kind * THREE_OF_A_KIND_ODDS**2
    for k, p_win in win_given_spread.items():
        stake = 2 if k in raise_spreads else 1
        second_moment += spread[k] * (p_win * (stake * SPREAD_ODDS[k]) ** 2 + (1 - p_win) * stake**2)
    variance = second_moment - best**2

    return ParSheet(
        decks=decks,
        pair=pair,
        three_of_a_kind=three_of_a_kind,
        consecutive=consecutive,
        spread=spread,
        win_given_spread=win_given_spread,
        raise_value=raise_value,
        raise_spreads=raise_spreads,
        expected_return=best,
        never_raise_return=never_raise,
        average_wager=average_wager,
        hit_frequency=hit_frequency,
        variance=variance,
    )
