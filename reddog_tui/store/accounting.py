"""What each transition adds to the meters, and the identity that ties them together.

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

from dataclasses import dataclass, field
from datetime import datetime

from ..engine import Action, HandKind, Outcome, Phase, TableState

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


def at_risk(state: TableState) -> int:
    return state.ante if state.phase is Phase.DECISION else 0


def balance(state: TableState) -> int:
    return state.credits + state.on_table - at_risk(state)


def identity_gap(state: TableState, meters: dict[str, int]) -> int:
    """Left side minus right side of the identity: 0 when every credit is accounted for."""
    accounted = (
        meters["credits_in"] - meters["credits_out"] - meters["total_wagered"] + meters["total_paid"] + at_risk(state)
    )
    return state.credits + state.on_table - accounted


def game_transition(
    action: Action,
    value: int | None,
    before: TableState,
    after: TableState,
    round_balance_before: int,
    now: datetime,
) -> Transition:
    """Meter increments and the recall row for an engine transition `before -> after`."""
    meters: dict[str, int] = {}
    dealt = after.rounds_dealt > before.rounds_dealt
    if dealt:
        round_balance_before = balance(before)
        meters["games_played"] = 1
        meters["total_wagered"] = after.last_ante  # the ante this hand was dealt with
    raised = before.ante if action is Action.RAISE else 0  # R7: the raise equals the ante
    if raised:
        meters["total_wagered"] = meters.get("total_wagered", 0) + raised
    settled_round = None
    if after.phase is Phase.SETTLED and (dealt or before.phase is Phase.DECISION):
        paid = after.on_table + after.auto_collected
        meters["total_paid"] = paid
        if after.outcome is Outcome.WIN:
            meters["games_won"] = 1
        elif after.outcome is Outcome.PUSH:
            meters["pushes"] = 1
        assert after.cards is not None and after.kind is not None and after.outcome is not None
        settled_round = RoundRecord(
            number=after.rounds_dealt,
            time=now,
            cards=tuple(c.code for c in after.cards),  # type: ignore[arg-type]
            ante=after.last_ante,
            raised=raised,
            kind=after.kind,
            spread=after.spread,
            outcome=after.outcome,
            paid=paid,
            credits_before=round_balance_before,
            credits_after=balance(after),
        )
    return Transition(
        action=action.value,
        value=None if value is None else int(value),
        state=after,
        round_balance_before=round_balance_before,
        meters={k: v for k, v in meters.items() if v},
        settled_round=settled_round,
    )
