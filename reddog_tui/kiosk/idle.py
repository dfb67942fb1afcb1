"""What the kiosk does by itself when no one has touched it for the idle timeout."""

from __future__ import annotations

from enum import StrEnum

from ..engine import Outcome, Phase, TableState


class IdleStep(StrEnum):
    NOTHING = "nothing"
    CALL = "call"  # a decision left open is settled without a raise
    WELCOME = "welcome"  # the table is empty: ready for the next person
    ATTRACT = "attract"  # the welcome screen, empty and idle, shows attract mode
    ATTENDANT_CLOSED = "attendant_closed"  # the attendant's side, left idle, gives way to the guest's screen


def idle_step(state: TableState, idle_seconds: float, timeout: float) -> IdleStep:
    """Credits and chips on the table are never given up: only an empty table goes back."""
    if idle_seconds < timeout:
        return IdleStep.NOTHING
    if state.phase is Phase.DECISION:
        return IdleStep.CALL
    finished = state.phase is Phase.BETTING or state.outcome is not Outcome.PUSH
    if finished and state.credits == 0 and state.on_table == 0:
        return IdleStep.WELCOME
    return IdleStep.NOTHING
