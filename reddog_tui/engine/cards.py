"""Cards, their values and the shoe a round is drawn from (R1, R2)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

# R2: 2–10 at face value, Jack 11, Queen 12, King 13, Ace 14 (always high).
RANKS: tuple[int, ...] = tuple(range(2, 15))
SUITS: tuple[str, ...] = ("S", "H", "D", "C")  # spades, hearts, diamonds, clubs
RED_SUITS = frozenset({"H", "D"})
_RANK_CODES = {10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}
_CODE_RANKS = {code: rank for rank, code in _RANK_CODES.items()}

MIN_DECKS = 1
MAX_DECKS = 8


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card. Its value is its rank; suits never matter to the game."""

    rank: int
    suit: str

    def __post_init__(self) -> None:
        if self.rank not in RANKS or self.suit not in SUITS:
            raise ValueError(f"not a card: rank={self.rank!r} suit={self.suit!r}")

    @property
    def value(self) -> int:
        return self.rank

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    @property
    def code(self) -> str:
        """Two-character code such as 'TH' (ten of hearts) or '2S'."""
        return _RANK_CODES.get(self.rank, str(self.rank)) + self.suit

    @classmethod
    def from_code(cls, code: str) -> Card:
        if len(code) != 2:
            raise ValueError(f"not a card code: {code!r}")
        rank_code, suit = code[0], code[1]
        rank = _CODE_RANKS.get(rank_code)
        if rank is None:
            if not rank_code.isdigit():
                raise ValueError(f"not a card code: {code!r}")
            rank = int(rank_code)
        return cls(rank, suit)

    def __str__(self) -> str:
        return self.code


def fresh_deck(decks: int = 1) -> list[Card]:
    """A full, ordered shoe of `decks` standard 52-card decks (R1)."""
    check_decks(decks)
    return [Card(rank, suit) for _ in range(decks) for suit in SUITS for rank in RANKS]


def check_decks(decks: int) -> None:
    if not isinstance(decks, int) or isinstance(decks, bool) or not MIN_DECKS <= decks <= MAX_DECKS:
        raise ValueError(f"number of decks must be {MIN_DECKS}–{MAX_DECKS}, got {decks!r}")


class RandomSource(Protocol):
    def randrange(self, start: int, stop: int) -> int: ...


def shuffle_front(cards: list[Card], rng: RandomSource, count: int | None = None) -> list[Card]:
    """Fisher–Yates from the front, in place, for the first `count` positions.

    With `count` = len(cards) this is a full uniform shuffle; with a smaller
    count the first `count` cards are distributed exactly as after a full
    shuffle, which is all a round needs, at a fraction of the random draws.
    """
    n = len(cards)
    stop = n - 1 if count is None else min(count, n - 1)
    for i in range(stop):
        j = rng.randrange(i, n)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


class Dealer(Protocol):
    """Where a round's three cards come from."""

    def draw_three(self, decks: int) -> tuple[Card, Card, Card]: ...


class ShuffledDealer:
    """Draws each round from a fresh, freshly shuffled shoe (R1)."""

    def __init__(self, rng: RandomSource) -> None:
        self.rng = rng
        self._shoes: dict[int, tuple[Card, ...]] = {}

    def draw_three(self, decks: int) -> tuple[Card, Card, Card]:
        shoe = self._shoes.get(decks)
        if shoe is None:
            shoe = self._shoes[decks] = tuple(fresh_deck(decks))
        cards = shuffle_front(list(shoe), self.rng, 3)
        return cards[0], cards[1], cards[2]


# The demo's fixed shuffle (`reddog --seed 3`, and the kiosk's attract mode): 4♥ and A♦, spread 9, then Q♦.
DEMO_SEED = 3


def demo_dealer() -> ShuffledDealer:
    """A dealer that always deals the demo's shuffle, in memory."""
    return ShuffledDealer(random.Random(DEMO_SEED))


class StackedDealer:
    """Deals prepared rounds in order: for tests and demonstrations."""

    def __init__(self, rounds: Sequence[Sequence[Card | str]]) -> None:
        self._rounds = [tuple(c if isinstance(c, Card) else Card.from_code(c) for c in cards) for cards in rounds]
        for cards in self._rounds:
            if len(cards) != 3:
                raise ValueError("a stacked round needs exactly three cards")

    def draw_three(self, decks: int) -> tuple[Card, Card, Card]:
        if not self._rounds:
            raise LookupError("the stacked dealer has no rounds left")
        first, second, third = self._rounds.pop(0)
        return first, second, third
