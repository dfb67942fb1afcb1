"""What each transition adds to the meters, and the identity that ties them together.

The increments are sums over the engine's events (`reddog_tui.engine.events`), never
guessed from the states before and after.

Definitions (also in the README):
- wagered: a stake when it is put at risk: the ante at every deal (from betting,
  a push re-deal, a progressive ride, a rebet) and the raise (R7).
- paid: at every settlement, all the round hands back on the table: stake plus
  winnings on a win (even when max winnings collects it at once, R14), the ante
  on a push, nothing on a loss.
- at risk: the ante while a spread waits for raise or call (phase DECISION).
- balance: credits + chips on the table - at risk (what the player owns now).

Identity, exact to the credit at every committed state:
    credits + on_table == credits_in - credits_out - total_wagered + total_paid + at_risk
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from ..engine import Action, HandKind, Outcome, Phase, Step, TableState
from ..engine.events import SETTLEMENTS, Dealt, Event, Lost, Paid, Pushed, Settlement, Stake, Wagered

ZERO_METERS = {
    "credits_in": 0,
    "credits_out": 0,
    "games_played": 0,
    "games_won": 0,
    "total_wagered": 0,
    "total_paid": 0,
    "pushes": 0,
}


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One settled round, as the recall screen shows it."""

    number: int
    time: datetime  # UTC
    cards: tuple[str, str, str]
    ante: int
    raised: int
    kind: HandKind
    spread: int
    outcome: Outcome
    paid: int
    credits_before: int  # balance before the round was dealt
    credits_after: int  # balance once it was settled


@dataclass(frozen=True, slots=True)
class Transition:
    """One committed change: the state after it and everything written with it."""

    action: str
    value: int | None
    state: TableState
    round_balance_before: int
    meters: dict[str, int] = field(default_factory=dict)  # increments, never negative
    settled_round: RoundRecord | None = None
    voucher_amount: int = 0  # a cash-out: a voucher for this amount is issued
    voucher: int | None = None  # its validation number (chosen by the store when None), or the voucher redeemed
    intent: str | None = None  # the money action this entry carries out: the journal takes it once
    note: str | None = None  # what the entry says beside its figures (a refused hall push: why)


def at_risk(state: TableState) -> int:
    return state.ante if state.phase is Phase.DECISION else 0


def balance(state: TableState) -> int:
    return state.holdings - at_risk(state)


def identity_gap(state: TableState, meters: dict[str, int]) -> int:
    """Left side minus right side of the identity: 0 when every credit is accounted for."""
    accounted = (
        meters["credits_in"] - meters["credits_out"] - meters["total_wagered"] + meters["total_paid"] + at_risk(state)
    )
    return state.holdings - accounted


def meter_increments(events: Iterable[Event]) -> dict[str, int]:
    """What a step's events add to the meters: only the meters that grow."""
    meters = dict.fromkeys(_GAME_METERS, 0)
    for event in events:
        if isinstance(event, Wagered):
            meters["total_wagered"] += event.amount
        elif isinstance(event, Dealt):
            meters["games_played"] += 1
        elif isinstance(event, Paid):
            meters["total_paid"] += event.paid
            meters["games_won"] += 1
        elif isinstance(event, Pushed):
            meters["total_paid"] += event.paid
            meters["pushes"] += 1
    return {name: amount for name, amount in meters.items() if amount}


_GAME_METERS = ("games_played", "games_won", "total_wagered", "total_paid", "pushes")
_OUTCOMES = {Paid: Outcome.WIN, Pushed: Outcome.PUSH, Lost: Outcome.LOSE}


def game_transition(
    action: Action,
    value: int | None,
    before: TableState,
    step: Step,
    round_balance_before: int,
    now: datetime,
) -> Transition:
    """Meter increments and the recall row for an engine step taken from `before`, from its events."""
    after, events = step.state, step.events
    raised = 0
    settlement: Settlement | None = None
    for event in events:
        if isinstance(event, Dealt):
            round_balance_before = balance(before)  # the balance the new round starts from
        elif isinstance(event, Wagered) and event.stake is Stake.RAISE:
            raised = event.amount
        elif isinstance(event, SETTLEMENTS):
            settlement = event
    settled_round = None
    if settlement is not None:
        assert after.cards is not None and after.kind is not None
        settled_round = RoundRecord(
            number=after.rounds_dealt,
            time=now,
            cards=tuple(c.code for c in after.cards),  # type: ignore[arg-type]
            ante=settlement.stake - raised,
            raised=raised,
            kind=after.kind,
            spread=after.spread,
            outcome=_OUTCOMES[type(settlement)],
            paid=settlement.paid,
            credits_before=round_balance_before,
            credits_after=balance(after),
        )
    return Transition(
        action=action.value,
        value=None if value is None else int(value),
        state=after,
        round_balance_before=round_balance_before,
        meters=meter_increments(events),
        settled_round=settled_round,
    )
