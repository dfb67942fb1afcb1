"""One view of the table, built once after each committed transition and pushed to every screen.

The app holds the newest `TableView` in one reactive (`RedDogApp.table_view`); screens
watch it and hand its parts to their widgets, whose own reactives repaint only what
changed. Legality is worked out here and nowhere else: a screen asks the view why an
action would be refused, never the engine or the session again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..engine import Action, Phase, RedDogError, TableState, allowed_actions, errors
from ..engine import table as engine
from ..store.settings import Settings

# Buttons in the order they stand on the bar.
BUTTON_ORDER = (Action.DEAL, Action.REBET, Action.RAISE, Action.CALL, Action.COLLECT, Action.NEW_BET)
# The most buttons a phase shows: RAISE and CALL, REBET and NEW BET, DEAL and COLLECT (R7, R12, R13).
BUTTON_PLACES = 2
# Actions whose refusal a screen explains without a chip's value; progressive betting is asked
# in every phase, since the settings screen says why it cannot be switched now.
_VALUELESS = frozenset(BUTTON_ORDER) | {Action.SET_PROGRESSIVE}


@dataclass(frozen=True, slots=True)
class TableView:
    """What every screen draws from: the table as committed, and what may be done with it."""

    state: TableState
    language: str
    settings: Settings
    allowed: frozenset[Action]  # what the phase allows (an allowed action may still be refused for money)
    reasons: Mapping[Action, RedDogError | None]  # why each valueless action would be refused now, or None
    chip_reasons: Mapping[int, RedDogError | None]  # why adding each chip of the rack would be refused, or None
    refusal: RedDogError | None  # the last action refused, shown until the next one
    out_of_credits: bool  # nothing left to play with: no credits, nothing on the table, no decision open
    # The hand the last action decided, as staked before its result (`Step.staked`): what the
    # table shows while the cards move, so the result is not told before the third card turns.
    staked: TableState | None = None

    @property
    def buttons(self) -> tuple[Action, ...]:
        """The phase's buttons, in the bar's order (R7, R10, R12, R13)."""
        return tuple(action for action in BUTTON_ORDER if action in self.allowed)

    def why_not(self, action: Action) -> RedDogError | None:
        return self.reasons[action]

    def chip_usable(self, value: int) -> bool:
        return self.chip_reasons.get(value) is None

    @property
    def phase(self) -> Phase:
        return self.state.phase


def build_view(
    state: TableState,
    language: str,
    settings: Settings,
    refusal: RedDogError | None,
    out_of_credits: bool,
    staked: TableState | None = None,
) -> TableView:
    """The one place legality is worked out for drawing, once per transition."""
    allowed = allowed_actions(state)
    reasons = {
        action: engine.why_not(state, action)
        if action in allowed or action is Action.SET_PROGRESSIVE
        else errors.ActionNotAllowed(action.value, state.phase.value)
        for action in _VALUELESS
    }
    chip_reasons = {
        value: engine.why_not(state, Action.ADD_CHIP, value)
        if Action.ADD_CHIP in allowed
        else errors.ActionNotAllowed(Action.ADD_CHIP.value, state.phase.value)
        for value in state.config.chip_values
    }
    return TableView(
        state=state,
        language=language,
        settings=settings,
        allowed=allowed,
        reasons=reasons,
        chip_reasons=chip_reasons,
        refusal=refusal,
        out_of_credits=out_of_credits,
        staked=staked,
    )
