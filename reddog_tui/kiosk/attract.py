"""Attract mode: what an idle kiosk with no credits shows on its welcome screen to passers-by.

The five languages' taglines, each in its own language, then a short demo hand: the demo's
fixed shuffle played in memory with the best strategy, never on the kiosk's table or journal.
Any key or tap ends it (the screen's business); here are only the frames and their order.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Action, Phase, TableState, compute_par, demo_dealer, new_table, play

TAGLINE_SECONDS = 4.0  # each language's tagline stays this long
HAND_STEP_SECONDS = 3.0  # each step of the demo hand
DEMO_CREDITS = 100  # the demo hand's own bankroll, in memory
DEMO_ANTE = 5  # one chip of the default rack


@dataclass(frozen=True)
class Tagline:
    """The tagline, in `language`."""

    language: str


@dataclass(frozen=True)
class HandStep:
    """One moment of the demo hand: the cards dealt, then the round settled."""

    state: TableState


Frame = Tagline | HandStep


def demo_hand() -> tuple[TableState, ...]:
    """The demo shuffle's hand, from the deal to its settlement, played as the best strategy would."""
    state = new_table(credits=DEMO_CREDITS)
    state = play(state, Action.ADD_CHIP, DEMO_ANTE).state
    dealt = play(state, Action.DEAL, dealer=demo_dealer()).state
    if dealt.phase is not Phase.DECISION:  # a pair or a consecutive hand settles at the deal (R5)
        return (dealt,)
    raises = dealt.spread in compute_par(dealt.config.decks).raise_spreads
    settled = play(dealt, Action.RAISE if raises else Action.CALL).state
    return (dealt, settled)


def attract_frames(languages: tuple[str, ...]) -> tuple[Frame, ...]:
    """One cycle: every language's tagline in turn, then the demo hand."""
    return (*(Tagline(language) for language in languages), *(HandStep(state) for state in demo_hand()))


def frame_seconds(frame: Frame) -> float:
    return TAGLINE_SECONDS if isinstance(frame, Tagline) else HAND_STEP_SECONDS
