"""What an action did, as facts: the domain events a transition caused (R3–R14).

`table.play` takes an action and returns a `Step`: the new state and these events, in the
order they happened. Amounts are whole credits. Each money event says how it moves the player's
credits (`credits`) and the chips lying on the table (`table`); the events of a step add up
to exactly the change between the two states, and the meters are sums over events.

Two figures per event because the table holds chips of two kinds: a stake at risk stays
on the table while the spread waits (R7), so wagering the ante moves nothing, while a raise
takes chips from the credits to the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TypeAlias

from .cards import Card
from .rules import HandKind


class Stake(StrEnum):
    ANTE = "ante"  # the ante a hand is dealt with: placed, re-dealt after a push, ridden, rebet (R4, R10, R12, R13)
    RAISE = "raise"  # the second bet, equal to the ante (R7)


@dataclass(frozen=True, slots=True)
class ChipsPlaced:
    """Chips go from the credits onto the ante (R3, and REBET's ante, R12)."""

    amount: int

    @property
    def credits(self) -> int:
        return -self.amount

    @property
    def table(self) -> int:
        return self.amount


@dataclass(frozen=True, slots=True)
class ChipsRemoved:
    """Chips come off the ante back to the credits before the deal (R3)."""

    amount: int

    @property
    def credits(self) -> int:
        return self.amount

    @property
    def table(self) -> int:
        return -self.amount


@dataclass(frozen=True, slots=True)
class Dealt:
    """A hand is dealt: round `number`, its three cards and what the face-up pair reads (R4, R5)."""

    number: int
    cards: tuple[Card, Card, Card]
    kind: HandKind  # CONSECUTIVE, PAIR or SPREAD: the face-up reading, before the third card
    spread: int

    credits = 0
    table = 0


@dataclass(frozen=True, slots=True)
class Wagered:
    """A stake put at risk. The ante is already on the table; a raise comes from the credits (R7)."""

    amount: int
    stake: Stake

    @property
    def credits(self) -> int:
        return -self.amount if self.stake is Stake.RAISE else 0

    @property
    def table(self) -> int:
        return self.amount if self.stake is Stake.RAISE else 0


@dataclass(frozen=True, slots=True)
class Paid:
    """A won hand: the stake comes back with `winnings` beside it on the table (R8, R5b, R9)."""

    stake: int
    winnings: int
    kind: HandKind  # SPREAD or THREE_OF_A_KIND
    odds: int  # X of "X:1"

    @property
    def paid(self) -> int:
        """All the settlement hands back: the stake and the winnings (the meters' "paid")."""
        return self.stake + self.winnings

    credits = 0

    @property
    def table(self) -> int:
        return self.winnings


@dataclass(frozen=True, slots=True)
class Pushed:
    """A push: the stake is not lost and stays on the table (R5a, R5b, R10)."""

    stake: int
    kind: HandKind  # CONSECUTIVE or PAIR

    @property
    def paid(self) -> int:
        return self.stake

    credits = 0
    table = 0


@dataclass(frozen=True, slots=True)
class Lost:
    """A lost hand: the stake leaves the table (R8)."""

    stake: int

    paid = 0
    credits = 0

    @property
    def table(self) -> int:
        return -self.stake


@dataclass(frozen=True, slots=True)
class Collected:
    """The chips on the table go to the credits: NEW BET, COLLECT, or REBET before its ante (R12, R13)."""

    amount: int

    @property
    def credits(self) -> int:
        return self.amount

    @property
    def table(self) -> int:
        return -self.amount


@dataclass(frozen=True, slots=True)
class MaxWinningsCollected:
    """The progressive stack reached max winnings and was collected for the player (R14)."""

    amount: int
    max_winnings: int

    @property
    def credits(self) -> int:
        return self.amount

    @property
    def table(self) -> int:
        return -self.amount


@dataclass(frozen=True, slots=True)
class ProgressiveSet:
    """The player turned progressive betting on or off between rounds (R13)."""

    on: bool

    credits = 0
    table = 0


Event: TypeAlias = (
    ChipsPlaced
    | ChipsRemoved
    | Dealt
    | Wagered
    | Paid
    | Pushed
    | Lost
    | Collected
    | MaxWinningsCollected
    | ProgressiveSet
)
Settlement: TypeAlias = Paid | Pushed | Lost
SETTLEMENTS = (Paid, Pushed, Lost)
