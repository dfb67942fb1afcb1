"""How a hand is classified and what it pays (R5–R9)."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from .cards import Card


class HandKind(StrEnum):
    CONSECUTIVE = "consecutive"  # R5a
    PAIR = "pair"  # R5b, third card not the same value
    THREE_OF_A_KIND = "three_of_a_kind"  # R5b, third card the same value
    SPREAD = "spread"  # R5c


MIN_SPREAD = 1
MAX_SPREAD = 11

# R8: what a winning non-consecutive hand pays, "X:1" as X (R9).
SPREAD_ODDS: dict[int, int] = {1: 5, 2: 4, 3: 2, **{k: 1 for k in range(4, MAX_SPREAD + 1)}}
THREE_OF_A_KIND_ODDS = 11  # R5b


class FaceUp(NamedTuple):
    """What the two face-up cards decide before the third is seen."""

    kind: HandKind  # CONSECUTIVE, PAIR or SPREAD
    spread: int  # 1–11 for SPREAD, else 0


def read_face_up(first: Card, second: Card) -> FaceUp:
    """R5: consecutive, pair or a spread of 1–11 (R6: values strictly between)."""
    gap = abs(first.rank - second.rank)
    if gap == 0:
        return FaceUp(HandKind.PAIR, 0)
    if gap == 1:
        return FaceUp(HandKind.CONSECUTIVE, 0)
    return FaceUp(HandKind.SPREAD, gap - 1)


def third_card_wins(first: Card, second: Card, third: Card) -> bool:
    """R8: strictly between the two face-up cards; equal to either one loses."""
    a, b = first.rank, second.rank
    return a < third.rank < b or b < third.rank < a


def payout_odds(kind: HandKind, spread: int = 0) -> int:
    """X of "X:1" for a winning hand of this kind (R8, R5b)."""
    if kind is HandKind.SPREAD:
        return SPREAD_ODDS[spread]
    if kind is HandKind.THREE_OF_A_KIND:
        return THREE_OF_A_KIND_ODDS
    raise ValueError(f"{kind} never wins or loses: it is a push")


def pay_table() -> list[tuple[HandKind, int, int | None]]:
    """Rows of the pay table: (kind, spread, odds X or None for a push)."""
    rows: list[tuple[HandKind, int, int | None]] = [
        (HandKind.SPREAD, k, SPREAD_ODDS[k]) for k in range(MIN_SPREAD, MAX_SPREAD + 1)
    ]
    rows += [
        (HandKind.CONSECUTIVE, 0, None),
        (HandKind.PAIR, 0, None),
        (HandKind.THREE_OF_A_KIND, 0, THREE_OF_A_KIND_ODDS),
    ]
    return rows
