"""A simulated kiosk for the hall: engine-driven play, one transition per step, no UI."""

from __future__ import annotations

import random

from reddog_tui.engine import Action, Phase, ShuffledDealer
from reddog_tui.store import GameSession, Store

TOP_UP = 1000  # credits an attendant adds when the player runs dry


def new_session(store: Store, seed: int) -> GameSession:
    return GameSession(store, ShuffledDealer(random.Random(seed)), initial_credits=TOP_UP)


class AutoPlayer:
    """Plays a table forever: chips on, deal, raise on wide spreads, rebet or new bet, top up."""

    def __init__(self, session: GameSession, seed: int) -> None:
        self.session = session
        self.rng = random.Random(seed)

    def step(self) -> None:
        """Commit exactly one journal entry."""
        s = self.session
        state = s.state
        if state.phase is Phase.BETTING:
            chip = min(state.config.chip_values)
            ready = state.ante >= state.config.min_bet and (self.rng.random() < 0.5 or s.why_not(Action.ADD_CHIP, chip))
            if ready and s.why_not(Action.DEAL) is None:
                s.act(Action.DEAL)
                return
            if s.why_not(Action.ADD_CHIP, chip) is None:
                s.act(Action.ADD_CHIP, chip)
            else:
                s.add_credits(TOP_UP)
        elif state.phase is Phase.DECISION:
            s.act(Action.RAISE if state.spread >= 7 and s.why_not(Action.RAISE) is None else Action.CALL)
        else:
            for action in (Action.REBET, Action.DEAL, Action.NEW_BET, Action.COLLECT):
                if s.why_not(action) is None:
                    s.act(action)
                    return
            raise AssertionError(f"no way on from {state}")
