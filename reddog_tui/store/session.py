"""A game at the table: engine transitions, each committed to the store before it is returned."""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime

from ..engine import Action, Dealer, Phase, RedDogError, TableConfig, TableState, errors
from ..engine import table as engine
from .accounting import RoundRecord, Transition, balance, game_transition
from .database import Store
from .settings import (
    CREDITS_PAID_IN,
    TABLE_KEYS,
    Key,
    Refusal,
    SettingRefused,
    Settings,
    check_table,
    parse,
    read_settings,
    safe_table,
    stored_text,
    table_config,
)

# Journal actions of a voucher redeemed at this kiosk: the intent first, then one outcome.
REDEEMING = "voucher_redeeming"
REDEEMED = "voucher_redeemed"
REFUSED = "voucher_refused"
REDEMPTION_ACTIONS = (REDEEMING, REDEEMED, REFUSED)

# Journal actions of settings the hall sent (the value is the hall's number for the push):
# applied, or refused by the settings model. Either way the push is done with at this kiosk.
HALL_SETTINGS_APPLIED = "hall_settings"
HALL_SETTINGS_REFUSED = "hall_settings_refused"
HALL_SETTINGS_ACTIONS = (HALL_SETTINGS_APPLIED, HALL_SETTINGS_REFUSED)


@dataclass(frozen=True, slots=True)
class Voucher:
    """A cash-out ticket: what the attendant pays the player."""

    number: int
    amount: int
    time: datetime  # UTC


# Chips placed on the ante or taken off before the deal: credits moved within the player's own
# balance, no meter changed. Their commits do not wait for the disk (a power cut that undid them
# would give the chips back to the credits); the deal's commit waits, and takes them with it.
CHIP_MOVES = frozenset({Action.ADD_CHIP, Action.REMOVE_CHIP})

ATTENDANT_PREFIX = "attendant_"  # how an attendant's event is named in the journal


class GameSession:
    """The table in the store: loads the open state, or starts a table with `initial_credits`.

    `config` is used only when a new table is started; a stored table keeps its own. A stored
    table whose settings the settings model refuses (a file edited by hand, or written by a
    release with other limits) is played with the safe default settings instead: the change is
    journaled as `settings_reset` and the refusal kept in `table_problem` for staff to see.
    """

    def __init__(
        self,
        store: Store,
        dealer: Dealer,
        initial_credits: int = 1000,
        config: TableConfig | None = None,
        languages: Iterable[str] | None = None,
    ) -> None:
        self.store = store
        self.dealer = dealer
        self.languages = tuple(languages) if languages is not None else None  # the languages a setting may name
        self.settings: Settings = read_settings(store.settings_rows(), self.languages)
        loaded = store.load_table()
        if loaded is None:
            if config is not None:
                check_table(config)
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
        self._last_step: engine.Step | None = None
        self.table_problem: SettingRefused | None = None
        try:
            check_table(self._state.config)
        except SettingRefused as refused:
            self.table_problem = refused
            safe = self._state._replace(config=safe_table(self._state.config))
            self._commit_outside_play("settings_reset", None, safe, {})

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
        step = engine.play(before, action, value, self.dealer)
        stored_value = None if value is None else int(value)
        transition = game_transition(action, stored_value, before, step, self._round_balance_before, self.store.now())
        self._seq, _ = self.store.commit(transition, self._seq, wait_for_disk=action not in CHIP_MOVES)
        self._state, self._round_balance_before = step.state, transition.round_balance_before
        self._last_step = step
        return step.state

    @property
    def staked(self) -> TableState | None:
        """The table as staked before the result of the hand the last action decided (`Step.staked`),
        while that result is the current state; None otherwise."""
        step = self._last_step
        return step.staked if step is not None and step.state is self._state else None

    def why_not(self, action: Action | str, value: int | None = None) -> RedDogError | None:
        return engine.why_not(self._state, Action(action), value)

    def set_progressive(self, on: bool) -> TableState:
        return self.act(Action.SET_PROGRESSIVE, bool(on))

    def reconfigure(self, config: TableConfig, settings: Mapping[str, object] | None = None) -> TableState:
        """New operator settings: the table's (between rounds, R15) and `settings` for the settings
        table, checked by the settings model (SettingRefused) and saved in one journaled transaction."""
        check_table(config)
        texts = {key: stored_text(key, value, self.languages) for key, value in (settings or {}).items()}
        # The same table settings again (only the kiosk's changed) may be saved during a round.
        after = self._state if config == self._state.config else engine.reconfigure(self._state, config)
        self._commit_outside_play("reconfigure", None, after, {}, settings=texts)
        self.table_problem = None
        self._reread_settings()
        return after

    def apply_hall_settings(self, push: int, texts: Mapping[str, str]) -> SettingRefused | None:
        """Settings the hall sent as push number `push`, each `{key: text}` as the settings table
        writes it, checked by the settings model and journaled in one transaction.

        A refused push is journaled as refused (and returned) and is not tried again; a push
        that changes the table waits for the end of the round (ActionNotAllowed, R15). The journal
        takes each push once: a second time raises IntentCarriedOut and writes nothing.
        """
        try:
            values = {}
            for key, text in texts.items():
                value = parse(key, text, self.languages)  # refuses an unknown key too
                values[Key(key)] = value
            config = table_config(values, self._state.config)
            kiosk = {key: value for key, value in values.items() if key not in TABLE_KEYS}
            stored: dict[str, str] = {key: stored_text(key, value, self.languages) for key, value in kiosk.items()}
        except SettingRefused as refused:
            self._commit_outside_play(
                HALL_SETTINGS_REFUSED, push, self._state, {}, intent=hall_push_intent(push), note=refusal_note(refused)
            )
            return refused
        after = self._state if config == self._state.config else engine.reconfigure(self._state, config)
        self._commit_outside_play(
            HALL_SETTINGS_APPLIED, push, after, {}, settings=stored, intent=hall_push_intent(push)
        )
        self.table_problem = None
        self._reread_settings()
        return None

    def last_hall_settings(self) -> int:
        """The newest push from the hall this kiosk has applied or refused (0: none)."""
        return last_hall_settings(self.store)

    # --- attendant operations (kiosk mode) -----------------------------------
    def add_credits(self, amount: int, intent: str | None = None) -> TableState:
        """Credits paid in by an attendant, between rounds (not while a spread waits); metered as credits in.

        `intent`: the identity of this paying-in (`kiosk.money`); the journal takes it once, a
        second time raises IntentCarriedOut and writes nothing."""
        if self._state.phase is Phase.DECISION:
            raise errors.ActionNotAllowed("add_credits", self._state.phase.value)
        try:
            CREDITS_PAID_IN.check("credits", amount)
        except SettingRefused:
            raise errors.InvalidSetting(
                "credits", f"credits added must be a whole number from {CREDITS_PAID_IN.low} to {CREDITS_PAID_IN.high}"
            ) from None
        after = self._state._replace(credits=self._state.credits + amount)
        self._commit_outside_play("add_credits", amount, after, {"credits_in": amount}, intent=intent)
        return after

    def out_of_credits(self) -> bool:
        """Nothing left to play with: no credits and nothing on the table, no decision open."""
        return self._state.phase is not Phase.DECISION and balance(self._state) == 0

    def new_bankroll(self, amount: int) -> TableState:
        """A practice table out of credits starts again with `amount`; metered as credits in.

        Only when nothing is left (no credits, nothing on the table); a settled round is
        cleared first, as NEW BET would (R12). The kiosk never offers it: there an attendant
        adds credits.
        """
        state = self._state
        if not self.out_of_credits():
            raise errors.ActionNotAllowed("new_bankroll", state.phase.value)
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
            raise errors.InvalidSetting("credits", "a bankroll must be a whole number of at least 1")
        if state.phase is Phase.SETTLED:
            state = engine.new_bet(state)
        after = state._replace(credits=amount)
        self._commit_outside_play("new_bankroll", amount, after, {"credits_in": amount})
        return after

    def cash_out(self, voucher_number: int | None = None, intent: str | None = None) -> Voucher:
        """Pay out the credits and any chips on the ante, between rounds; returns the voucher.

        `voucher_number`: the validation number to print (a hall issues it); by default the store's next.
        `intent`: the identity of this payout, taken once by the journal (IntentCarriedOut).
        """
        state = self._state
        if state.phase is not Phase.BETTING:
            raise errors.ActionNotAllowed("cash_out", state.phase.value)
        amount = state.credits + state.ante
        if amount < 1:
            raise errors.InsufficientCredits(1, 0)
        after = state._replace(credits=0, ante=0)
        number = self._commit_outside_play(
            "cash_out",
            amount,
            after,
            {"credits_out": amount},
            voucher=amount,
            voucher_number=voucher_number,
            intent=intent,
        )
        assert number is not None
        return Voucher(number=number, amount=amount, time=self.store.now())

    def journal_attendant_event(self, event: str, value: int | None = None) -> None:
        """An attendant's act that moves no money (a PIN attempt, leaving the kiosk): journaled as
        `attendant_<event>` with the table as it is, in one transaction like every other entry.
        `value` is a figure that belongs to the event (a PIN lock's seconds), never credits."""
        if not event or not event.replace("_", "").isalnum():
            raise ValueError(f"an attendant event is a plain word, not {event!r}")
        self._commit_outside_play(ATTENDANT_PREFIX + event, value, self._state, {})

    def attendant_events(self, events: Collection[str], limit: int) -> list[tuple[float, str, int | None]]:
        """The newest journaled attendant events of these kinds first: (seconds since the epoch, event, value)."""
        rows = self.store.journal_entries([ATTENDANT_PREFIX + event for event in events], limit)
        return [(time, action.removeprefix(ATTENDANT_PREFIX), value) for time, action, value in rows]

    # --- a voucher redeemed here (ticket in); the hall decides whether it may be ---
    def begin_voucher_redemption(self, number: int, intent: str | None = None) -> int:
        """Journal the intent to redeem voucher `number` before the hall is asked; returns its seq.

        Refused while another redemption is pending: that one is resolved first. `intent`: the
        identity of this redemption, taken once by the journal (IntentCarriedOut).
        """
        if self.pending_voucher_redemption() is not None:
            raise errors.ActionNotAllowed(REDEEMING, self._state.phase.value)
        self._commit_outside_play(REDEEMING, None, self._state, {}, voucher_number=number, intent=intent)
        return self._seq

    def pending_voucher_redemption(self) -> tuple[int, int] | None:
        """(seq of the intent, voucher number) of a redemption neither credited nor refused, or None."""
        entry = self.store.last_journal_entry(REDEMPTION_ACTIONS)
        if entry is None or entry.action != REDEEMING:
            return None
        assert entry.voucher is not None
        return entry.seq, entry.voucher

    def credit_redeemed_voucher(self, number: int, amount: int) -> TableState:
        """The hall marked the pending voucher redeemed here: its amount is credited, metered as credits in."""
        outcome = redemption_outcome(self._pending_seq(number))
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
            raise errors.InvalidSetting("credits", "a voucher is worth a whole number of at least 1")
        after = self._state._replace(credits=self._state.credits + amount)
        self._commit_outside_play(
            REDEEMED, amount, after, {"credits_in": amount}, voucher_number=number, intent=outcome
        )
        return after

    def refuse_voucher_redemption(self, number: int) -> None:
        """The hall refused the pending voucher (unknown, or redeemed already): journaled, nothing credited."""
        outcome = redemption_outcome(self._pending_seq(number))
        self._commit_outside_play(REFUSED, None, self._state, {}, voucher_number=number, intent=outcome)

    def _pending_seq(self, number: int) -> int:
        """The seq of the pending redemption of voucher `number`; ActionNotAllowed if there is none."""
        pending = self.pending_voucher_redemption()
        if pending is None or pending[1] != number:
            raise errors.ActionNotAllowed(REDEEMED, self._state.phase.value)
        return pending[0]

    def journal_actions(self, limit: int = 20) -> list[tuple[datetime, str, int | None]]:
        """The newest journal entries first: (time, action, value)."""
        return self.store.journal_actions(limit)

    def _commit_outside_play(  # attendant and operator changes: no round is dealt or settled
        self,
        action: str,
        amount: int | None,
        after: TableState,
        meters: dict[str, int],
        voucher: int = 0,
        settings: Mapping[str, object] | None = None,
        voucher_number: int | None = None,
        intent: str | None = None,
        note: str | None = None,
    ) -> int | None:
        transition = Transition(
            action=action,
            value=amount,
            state=after,
            round_balance_before=self._round_balance_before,
            meters=meters,
            voucher_amount=voucher,
            voucher=voucher_number,
            intent=intent,
            note=note,
        )
        self._seq, number = self.store.commit(transition, self._seq, settings)
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

    def set_setting(self, key: str, value: object, *, wait_for_disk: bool = True) -> None:
        """One setting of the settings table; SettingRefused if the settings model refuses it.
        Without `wait_for_disk` a power cut may undo it (Store.commit)."""
        self.store.set_setting(key, stored_text(key, value, self.languages), wait_for_disk=wait_for_disk)
        self._reread_settings()

    def _reread_settings(self) -> None:
        self.settings = read_settings(self.store.settings_rows(), self.languages)


def redemption_outcome(seq: int) -> str:
    """The identity of the outcome of the redemption journaled as entry `seq`: one outcome per intent."""
    return f"{REDEEMING}:{seq}"


def refusal_note(refused: SettingRefused) -> str:
    """A refusal as the journal keeps it and ships it to the hall, to be worded where it is read."""
    return json.dumps(
        {
            "key": str(refused.key),
            "reason": refused.reason.value,
            "low": refused.low,
            "high": refused.high,
            "text": refused.text,
        },
        sort_keys=True,
    )


def refusal_from_note(note: str) -> SettingRefused | None:
    """The refusal a note keeps; None if it is no such note."""
    try:
        fields = json.loads(note)
        return SettingRefused(fields["key"], Refusal(fields["reason"]), fields["low"], fields["high"], fields["text"])
    except (ValueError, TypeError, KeyError):
        return None


def hall_push_intent(push: int) -> str:
    """The identity under which push number `push` is journaled, applied or refused: once."""
    return f"hall_push:{push}"


def hall_pushes_done(store: Store) -> set[int]:
    """Every push from the hall the journal in `store` has applied or refused."""
    return store.journal_values(HALL_SETTINGS_ACTIONS)


def last_hall_settings(store: Store) -> int:
    """The newest push from the hall the journal in `store` has applied or refused (0: none)."""
    entry = store.last_journal_entry(HALL_SETTINGS_ACTIONS)
    return entry.value or 0 if entry is not None else 0
