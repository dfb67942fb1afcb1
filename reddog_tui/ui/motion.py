"""How the table shows a deal and the turn of the third card: a few frames, one after another.

The table is committed before anything is drawn, so these frames only present a view that is
already final. They never decide anything: any input during them first draws the last frame.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import TableState
from ..engine.cards import Card

# What each of the three places shows: a card face up or face down, or nothing (None).
# The places are the first card, the second, and the third that lies between them.
Place = tuple[Card, bool] | None
Looks = tuple[Place, Place, Place]

EMPTY: Looks = (None, None, None)


@dataclass(frozen=True, slots=True)
class Pace:
    """How long the steps of a presentation take, in seconds."""

    step_s: float  # a card arriving: its back, then its face
    beat_s: float  # the third card lies face down this long before it turns
    result_s: float  # the result (banner, stakes, message, buttons) comes this long after the last card


NORMAL = Pace(step_s=0.08, beat_s=0.5, result_s=0.1)
FAST = Pace(step_s=0.015, beat_s=0.08, result_s=0.015)  # fast play: the whole deal in a blink


@dataclass(frozen=True, slots=True)
class Frame:
    delay_s: float  # after the frame before it (the first frame is drawn with the key)
    looks: Looks


def looks_of(state: TableState) -> Looks:
    """What the cards show once every frame is drawn."""
    if state.cards is None:
        return EMPTY
    first, second, third = state.cards
    return ((first, True), (second, True), (third, state.third_card_shown))


def frames(shown: Looks, final: Looks, pace: Pace, *, result: bool = False) -> list[Frame]:
    """The frames from what the cards show now to `final`; none when `final` is drawn at once.

    A new hand arrives card by card, each first on its back then turned, the third card landing
    face down between the two; a third card that is to be turned stays face down a beat first.
    `result`: the hand is decided, and its result comes in a frame of its own after the last card
    (a frame drawing the cards and the result at once would repaint nearly the whole table).
    """
    if final in (shown, EMPTY):
        return []
    first, second, third = final
    assert first is not None and second is not None and third is not None
    down = (third[0], False)
    steps: list[Frame] = []
    if _cards(shown) != _cards(final):  # a new hand
        steps = [
            Frame(0.0, ((first[0], False), None, None)),
            Frame(pace.step_s, (first, None, None)),
            Frame(pace.step_s, (first, (second[0], False), None)),
            Frame(pace.step_s, (first, second, None)),
            Frame(pace.step_s, (first, second, down)),
        ]
    elif shown[2] == down:  # the same hand, its third card to be turned
        steps = [Frame(0.0, shown)]
    if third[1] and steps:
        steps.append(Frame(pace.beat_s, final))
    if not steps or steps[-1].looks != final:  # nothing to show step by step
        return []
    if result:
        steps.append(Frame(pace.result_s, final))
    return steps


def length_s(steps: list[Frame]) -> float:
    return sum(frame.delay_s for frame in steps)


def _cards(looks: Looks) -> tuple[Card | None, ...]:
    return tuple(place[0] if place is not None else None for place in looks)
