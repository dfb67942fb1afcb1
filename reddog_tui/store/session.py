"""A game at the table: engine transitions, each committed to the store before it is returned."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from ..engine import Action, Dealer, Phase, RedDogError, TableConfig, TableState, errors
from ..engine import table as engine
from .accounting import RoundRecord, Transition, balance, game_transition
from .database import Store


@dataclass(frozen=True, slots=True)
class Voucher:
    """A cash-out ticket: what the attendant pays the player."""

    number: int
    amount: int
    time: datetime  # UTC


class GameSession:
    """The table in the store: loads the open state, or starts a table with `initial_credits`.

    `config` is used only when a new table is started; a stored table keeps its own.
    """

    def __init__(
        self, store: Store, dealer: Dealer, initial_credits: int = 1000, config: TableConfig | None = None
    ) -> None:
        self.store = store
        self.dealer = dealer
        loaded = store.load_table()
        if loaded is None:
            state = engine.new_table(initial_credits, config)
            opening = Transition(
                action="open_table",
                value=initial_credits,
                state=state,
                round_balance_before=0,
                meters={"credits_in": initial_credits} if initial_credits else {},
            )
            self._seq, _ = store.commit(opening, expected_seq=0)
            self._state, self._round_balance_before = state, 0
        else:
            self._state, self._seq, self._round_balance_before = loaded

    @property
    def state(self) -> TableState:
        return self._state

    @property
    def seq(self) -> int:
        """The journal entry the current state was committed as."""
        return self._seq

    # --- play ---------------------------------------------------------------
    def act(self, action: Action | str, value: int | bool | None = None) -> TableState:
        """Apply `action`; the new state is committed before it is returned.

        A RedDogError (refused by the rules) or StoreError (not written) leaves the state as it was.
        """
        action = Action(action)
        before = self._state
        after = self._apply(before, action, value)
        stored_value = None if value is None else int(value)
        transition = game_transition(
            action, stored_value, before, after, self._round_balance_before, self.store.now()
        )
        self._seq, _ = self.store.commit(transition, self._seq)
        self._state, self._round_balance_before = after, transition.round_balance_before
        return after

    def _apply(self, state: TableState, action: Action, value: int | bool | None) -> TableState:
        if action is Action.ADD_CHIP:
            return engine.add_chip(state, _chip(value))
        if action is Action.REMOVE_CHIP:
            return engine.remove_chip(state, _chip(value))
        if action is Action.DEAL:
            return engine.deal(state, self.dealer)
        if action is Action.REBET:
            return engine.rebet(state, self.dealer)
        if action is Action.SET_PROGRESSIVE:
            return engine.set_progressive(state, bool(value))
        simple = {
            Action.RAISE: engine.raise_,
            Action.CALL: engine.call,
            Action.NEW_BET: engine.new_bet,
            Action.COLLECT: engine.collect,
        }
        return simple[action](state)

    def why_not(self, action: Action | str, value: int | None = None) -> RedDogError | None:
        return engine.why_not(self._state, Action(action), value)

    def set_progressive(self, on: bool) -> TableState:
        return self.act(Action.SET_PROGRESSIVE, bool(on))

    def reconfigure(self, config: TableConfig) -> TableState:
        """New operator settings for the table (between rounds, R15); journaled, no meter moves."""
        after = engine.reconfigure(self._state, config)
        self._commit_outside_play("reconfigure", None, after, {})
        return after

    # --- attendant operations (kiosk mode) -----------------------------------
    def add_credits(self, amount: int) -> TableState:
        """Credits paid in by an attendant, between rounds (not while a spread waits); metered as credits in."""
        if self._state.phase is Phase.DECISION:
            raise errors.ActionNotAllowed("add_credits", self._state.phase.value)
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
            raise errors.InvalidSetting("credits", "credits added must be a whole number of at least 1")
        after = self._state._replace(credits=self._state.credits + amount)
        self._commit_outside_play("add_credits", amount, after, {"credits_in": amount})
        return after

    def cash_out(self) -> Voucher:
        """Pay out the credits and any chips on the ante, between rounds; returns the voucher."""
        state = self._state
        if state.phase is not Phase.BETTING:
            raise errors.ActionNotAllowed("cash_out", state.phase.value)
        amount = state.credits + state.ante
        if amount < 1:
            raise errors.InsufficientCredits(1, 0)
        after = state._replace(credits=0, ante=0)
        number = self._commit_outside_play("cash_out", amount, after, {"credits_out": amount}, voucher=amount)
        assert number is not None
        return Voucher(number=number, amount=amount, time=self.store.now())

    def journal_attendant_event(self, event: str) -> None:
        """An attendant's act that moves no money (a PIN attempt, leaving the kiosk): journaled as
        `attendant_<event>` with the table as it is, in one transaction like every other entry."""
        if not event or not event.replace("_", "").isalnum():
            raise ValueError(f"an attendant event is a plain word, not {event!r}")
        self._commit_outside_play(f"attendant_{event}", None, self._state, {})

    def journal_actions(self, limit: int = 20) -> list[tuple[datetime, str, int | None]]:
        """The newest journal entries first: (time, action, value)."""
        return self.store.journal_actions(limit)

    def _commit_outside_play(  # attendant and operator changes: no round is dealt or settled
        self, action: str, amount: int | None, after: TableState, meters: dict[str, int], voucher: int = 0
    ) -> int | None:
        transition = Transition(
            action=action,
            value=amount,
            state=after,
            round_balance_before=self._round_balance_before,
            meters=meters,
            voucher_amount=voucher,
        )
        self._seq, number = self.store.commit(transition, self._seq)
        self._state = after
        return number

    # --- reading ------------------------------------------------------------
    def meters(self) -> dict[str, int]:
        return self.store.meters()

    def recent_rounds(self, limit: int = 10) -> list[RoundRecord]:
        """The newest settled rounds first, for the recall screen."""
        return self.store.recent_rounds(limit)

    def balance(self) -> int:
        return balance(self._state)

    def get_setting(self, key: str) -> str | None:
        return self.store.get_setting(key)

    def set_setting(self, key: str, value: str) -> None:
        self.store.set_setting(key, value)


def _chip(value: int | bool | None) -> int:
    return 0 if value is None or isinstance(value, bool) else int(value)
