"""The round as a state machine over plain, immutable data (R3–R14).

Every action is a function `state -> new state`. It checks everything first
and raises a `RedDogError` before changing anything, so a refused action
leaves the state exactly as it was. `play` takes any action by name and returns
a `Step`: the new state and the events (`events`) the action caused, which is
what the accounting adds up; the functions per action return the state alone.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from enum import StrEnum
from typing import Any, NamedTuple

from . import errors
from .cards import Card, Dealer, check_decks
from .events import (
    ChipsPlaced,
    ChipsRemoved,
    Collected,
    Dealt,
    Event,
    Lost,
    MaxWinningsCollected,
    Paid,
    ProgressiveSet,
    Pushed,
    Stake,
    Wagered,
)
from .rules import HandKind, payout_odds, read_face_up, third_card_wins


class Phase(StrEnum):
    BETTING = "betting"  # chips go on and off the ante (R3)
    DECISION = "decision"  # a spread is shown: raise or call (R7)
    SETTLED = "settled"  # the third card is known and the stakes are settled


class Outcome(StrEnum):
    WIN = "win"
    LOSE = "lose"
    PUSH = "push"


class Action(StrEnum):
    ADD_CHIP = "add_chip"
    REMOVE_CHIP = "remove_chip"
    DEAL = "deal"
    RAISE = "raise"
    CALL = "call"
    REBET = "rebet"
    NEW_BET = "new_bet"
    COLLECT = "collect"
    SET_PROGRESSIVE = "set_progressive"


@dataclass(frozen=True, slots=True)
class TableConfig:
    """The operator's settings for the table, and the player's progressive choice."""

    min_bet: int = 1
    max_bet: int = 500
    chip_values: tuple[int, ...] = (1, 5, 10, 25, 100)
    decks: int = 1
    max_winnings: int = 10_000
    progressive: bool = False  # R13
    progressive_offered: bool = True  # R15: "where the operator offers it"

    def validate(self) -> None:
        """Raise InvalidSetting for a table no one could play at."""
        ints = (self.min_bet, self.max_bet, self.decks, self.max_winnings, *self.chip_values)
        if any(isinstance(v, bool) or not isinstance(v, int) for v in ints):
            raise errors.InvalidSetting("table", "every amount must be a whole number")
        if self.min_bet < 1:
            raise errors.InvalidSetting("min_bet", "the minimum must be at least 1")
        if self.min_bet > self.max_bet:
            raise errors.InvalidSetting("min_bet", "the minimum is above the maximum")
        if not self.chip_values or any(v < 1 for v in self.chip_values):
            raise errors.InvalidSetting("chip_values", "every chip must be worth at least 1")
        if len(set(self.chip_values)) != len(self.chip_values):
            raise errors.InvalidSetting("chip_values", "chip values must differ")
        if self.max_winnings < self.max_bet:
            raise errors.InvalidSetting("max_winnings", "max winnings are below the table maximum")
        try:
            check_decks(self.decks)
        except ValueError as exc:
            raise errors.InvalidSetting("decks", "decks must be 1 to 8") from exc


class TableState(NamedTuple):
    """Everything about the table; plain data that round-trips through JSON.

    A named tuple rather than a dataclass: it is as immutable, and copying it
    with a few fields changed (`_replace`) is several times cheaper, which is
    what every action does.
    """

    config: TableConfig = TableConfig()
    credits: int = 0
    phase: Phase = Phase.BETTING
    ante: int = 0
    raised: int = 0  # the raise, always 0 or exactly the ante (R7)
    winnings: int = 0  # paid winnings lying on the table until collected
    cards: tuple[Card, Card, Card] | None = None  # fixed at the deal (R4)
    kind: HandKind | None = None
    spread: int = 0
    outcome: Outcome | None = None
    last_ante: int = 0  # the ante REBET places again (R12)
    auto_collected: int = 0  # what max winnings collected at the end of the round (R14)
    rounds_dealt: int = 0

    @property
    def on_table(self) -> int:
        """All chips on the table: ante, raise and unpaid winnings."""
        return self.ante + self.raised + self.winnings

    @property
    def holdings(self) -> int:
        """The player's credits and every chip on the table."""
        return self.credits + self.on_table

    @property
    def third_card_shown(self) -> bool:
        if self.cards is None or self.kind is HandKind.CONSECUTIVE:
            return False  # R5a: a consecutive hand gets no third card
        return self.phase is Phase.SETTLED

    # --- JSON -------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        data = self._asdict()
        config = self.config  # flat fields: read one by one (asdict deep-copies each, at every commit)
        data["config"] = {name: getattr(config, name) for name in _CONFIG_NAMES}
        data["config"]["chip_values"] = list(config.chip_values)
        data["cards"] = None if self.cards is None else [c.code for c in self.cards]
        for name in ("phase", "kind", "outcome"):
            value = getattr(self, name)
            data[name] = None if value is None else value.value
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableState:
        """The state `to_dict` wrote. Keys a later release adds are ignored, so its journal still opens."""
        config = {key: value for key, value in data["config"].items() if key in _CONFIG_FIELDS}
        config["chip_values"] = tuple(config["chip_values"])
        cards = data.get("cards")
        return cls(
            config=TableConfig(**config),
            credits=data["credits"],
            phase=Phase(data["phase"]),
            ante=data["ante"],
            raised=data["raised"],
            winnings=data["winnings"],
            cards=None if cards is None else tuple(Card.from_code(c) for c in cards),  # type: ignore[arg-type]
            kind=None if data.get("kind") is None else HandKind(data["kind"]),
            spread=data["spread"],
            outcome=None if data.get("outcome") is None else Outcome(data["outcome"]),
            last_ante=data["last_ante"],
            auto_collected=data["auto_collected"],
            rounds_dealt=data["rounds_dealt"],
        )

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> TableState:
        return cls.from_dict(json.loads(text))


_CONFIG_NAMES = tuple(f.name for f in fields(TableConfig))
_CONFIG_FIELDS = frozenset(_CONFIG_NAMES)


class Step(NamedTuple):
    """What an action returns through `play`: the state after it and the events it caused, in order."""

    state: TableState
    events: tuple[Event, ...]
    # A hand decided by this action: the table with its stakes placed and its cards dealt, before
    # the result (the third card still to turn). What a table shows while that card turns.
    staked: TableState | None = None


def new_table(credits: int = 0, config: TableConfig | None = None) -> TableState:
    config = config or TableConfig()
    config.validate()
    if isinstance(credits, bool) or not isinstance(credits, int) or credits < 0:
        raise errors.InvalidSetting("credits", "credits must be a whole number of at least 0")
    return TableState(config=config, credits=credits)


# --- which actions the current phase allows ------------------------------


_BETTING_ACTIONS = frozenset({Action.ADD_CHIP, Action.REMOVE_CHIP, Action.DEAL, Action.SET_PROGRESSIVE})
_DECISION_ACTIONS = frozenset({Action.RAISE, Action.CALL})
_PUSH_ACTIONS = frozenset({Action.DEAL})  # R10: the same ante plays the next hand
_PROGRESSIVE_ACTIONS = frozenset({Action.COLLECT, Action.DEAL})  # R13
# R13 with nothing left to ride or collect (a lost hand, or R14 took the stack): only a new bet.
_PROGRESSIVE_EMPTY_ACTIONS = frozenset({Action.NEW_BET})
_AFTER_ROUND_ACTIONS = frozenset({Action.REBET, Action.NEW_BET})  # R12


def allowed_actions(state: TableState) -> frozenset[Action]:
    """The actions the phase allows (they may still be refused for money)."""
    if state.phase is Phase.BETTING:
        return _BETTING_ACTIONS
    if state.phase is Phase.DECISION:
        return _DECISION_ACTIONS
    if state.outcome is Outcome.PUSH:
        return _PUSH_ACTIONS
    if not state.config.progressive:
        return _AFTER_ROUND_ACTIONS
    return _PROGRESSIVE_ACTIONS if state.on_table else _PROGRESSIVE_EMPTY_ACTIONS


def _require(state: TableState, action: Action) -> None:
    if action not in allowed_actions(state):
        raise errors.ActionNotAllowed(action.value, state.phase.value)


def why_not(state: TableState, action: Action, value: int | None = None) -> errors.RedDogError | None:
    """The error `action` would raise now, or None if it would be taken."""
    checks = {
        Action.ADD_CHIP: lambda: _check_add_chip(state, value or 0),
        Action.REMOVE_CHIP: lambda: _check_remove_chip(state, value or 0),
        Action.DEAL: lambda: _check_deal(state),
        Action.RAISE: lambda: _check_raise(state),
        Action.CALL: lambda: _require(state, Action.CALL),
        Action.REBET: lambda: _check_rebet(state),
        Action.NEW_BET: lambda: _require(state, Action.NEW_BET),
        Action.COLLECT: lambda: _require(state, Action.COLLECT),
        Action.SET_PROGRESSIVE: lambda: _check_set_progressive(state),
    }
    try:
        checks[action]()
    except errors.RedDogError as exc:
        # The answer without its traceback: a kept traceback keeps the frames that asked alive,
        # and with them (a table's view holds these answers) every view built before.
        return exc.with_traceback(None)
    return None


# --- R3: the ante --------------------------------------------------------


def _check_add_chip(state: TableState, value: int) -> None:
    _require(state, Action.ADD_CHIP)
    if value not in state.config.chip_values:
        raise errors.UnknownChip(value, state.config.chip_values)
    if value > state.credits:
        raise errors.InsufficientCredits(value, state.credits)
    if state.ante + value > state.config.max_bet:
        raise errors.AboveTableMaximum(state.ante + value, state.config.max_bet)


def add_chip(state: TableState, value: int) -> TableState:
    return _add_chip(state, value).state


def _add_chip(state: TableState, value: int) -> Step:
    _check_add_chip(state, value)
    return Step(state._replace(credits=state.credits - value, ante=state.ante + value), (ChipsPlaced(value),))


def _check_remove_chip(state: TableState, value: int) -> None:
    _require(state, Action.REMOVE_CHIP)
    if value not in state.config.chip_values:
        raise errors.UnknownChip(value, state.config.chip_values)
    if value > state.ante:
        raise errors.NothingToRemove(value, state.ante)


def remove_chip(state: TableState, value: int) -> TableState:
    return _remove_chip(state, value).state


def _remove_chip(state: TableState, value: int) -> Step:
    _check_remove_chip(state, value)
    return Step(state._replace(credits=state.credits + value, ante=state.ante - value), (ChipsRemoved(value),))


# --- R4, R5: the deal ------------------------------------------------------


def _check_stake(amount: int, state: TableState, limit: int) -> None:
    if amount <= 0:
        raise errors.NoBet()
    if amount < state.config.min_bet:
        raise errors.BelowTableMinimum(amount, state.config.min_bet)
    if amount > limit:
        raise errors.AboveTableMaximum(amount, limit)


def _check_deal(state: TableState) -> None:
    _require(state, Action.DEAL)
    if state.phase is Phase.BETTING:
        _check_stake(state.ante, state, state.config.max_bet)
    elif state.outcome is not Outcome.PUSH:
        # R13: everything on the table rides; R14 keeps it below max winnings.
        _check_stake(state.on_table, state, state.config.max_winnings)


# The functions that deal and settle build the events only when `record` is set: the functions
# returning the state alone skip them, as a simulation of millions of hands has no use for them.


def deal(state: TableState, dealer: Dealer) -> TableState:
    """DEAL: from betting, after a push (R10), or to let a progressive stack ride (R13)."""
    return _deal(state, dealer, record=False).state


def _deal(state: TableState, dealer: Dealer, record: bool = True) -> Step:
    _check_deal(state)
    return _deal_hand(state, state.on_table, state.credits, dealer, (), record)


def _deal_hand(
    state: TableState, ante: int, credits: int, dealer: Dealer, before: tuple[Event, ...], record: bool
) -> Step:
    """Deal a hand on `ante`; `before` are the events of the action that came before the deal."""
    cards = dealer.draw_three(state.config.decks)
    first, second, third = cards
    face_up = read_face_up(first, second)
    hand: dict[str, Any] = dict(
        credits=credits,
        phase=Phase.DECISION,  # R5c: the spread waits for raise or call
        ante=ante,
        raised=0,
        winnings=0,
        cards=cards,
        kind=face_up.kind,
        spread=face_up.spread,
        outcome=None,
        last_ante=ante,
        auto_collected=0,
        rounds_dealt=state.rounds_dealt + 1,
    )
    events: tuple[Event, ...] = ()
    if record:
        events = (*before, Wagered(ante, Stake.ANTE), Dealt(hand["rounds_dealt"], cards, face_up.kind, face_up.spread))
    if face_up.kind is HandKind.SPREAD:
        return Step(state._replace(**hand), events)  # R5c: the result waits for raise or call
    staked = state._replace(**hand) if record else None  # what `play` reports beside the result
    if face_up.kind is HandKind.CONSECUTIVE:
        hand.update(phase=Phase.SETTLED, outcome=Outcome.PUSH)  # R5a
        if record:
            events += (Pushed(ante, HandKind.CONSECUTIVE),)
    elif face_up.kind is HandKind.PAIR:
        # R5b: no raise; the third card is turned at once.
        if third.value == first.value:
            hand["kind"] = HandKind.THREE_OF_A_KIND
            changes, settled = _settlement(
                state.config, credits, ante, 0, HandKind.THREE_OF_A_KIND, 0, won=True, record=record
            )
            hand.update(changes)
            events += settled
        else:
            hand.update(phase=Phase.SETTLED, outcome=Outcome.PUSH)
            if record:
                events += (Pushed(ante, HandKind.PAIR),)
    return Step(state._replace(**hand), events, staked)


# --- R7, R8: raise or call, and settlement --------------------------------


def _check_raise(state: TableState) -> None:
    _require(state, Action.RAISE)
    if state.ante > state.credits:
        raise errors.InsufficientCredits(state.ante, state.credits)


def raise_(state: TableState) -> TableState:
    """RAISE: a second bet equal to the ante, then the third card (R7)."""
    return _raise(state, record=False).state


def _raise(state: TableState, record: bool = True) -> Step:
    _check_raise(state)
    return _turn_third(state, state.credits - state.ante, state.ante, record)


def call(state: TableState) -> TableState:
    """CALL / stand: keep the ante alone, then the third card (R7)."""
    return _call(state, record=False).state


def _call(state: TableState, record: bool = True) -> Step:
    _require(state, Action.CALL)
    return _turn_third(state, state.credits, 0, record)


def _turn_third(state: TableState, credits: int, raised: int, record: bool) -> Step:
    assert state.cards is not None and state.kind is not None
    won = third_card_wins(*state.cards)  # R8: never a push
    changes, settled = _settlement(state.config, credits, state.ante, raised, state.kind, state.spread, won, record)
    events = (Wagered(raised, Stake.RAISE), *settled) if raised and record else settled
    if not record:  # the state alone (the simulator's many rounds): one copy, not two
        return Step(state._replace(**{"raised": raised, **changes}), events)
    staked = state._replace(credits=credits, raised=raised)
    return Step(staked._replace(**changes), events, staked)


def _settlement(
    config: TableConfig, credits: int, ante: int, raised: int, kind: HandKind, spread: int, won: bool, record: bool
) -> tuple[dict[str, Any], tuple[Event, ...]]:
    """The changes that settle a hand, and its events: lost stakes go, won stakes are paid (R8, R9, R14)."""
    stake = ante + raised
    if not won:
        lost = dict(phase=Phase.SETTLED, outcome=Outcome.LOSE, credits=credits, ante=0, raised=0, winnings=0)
        return lost, (Lost(stake),) if record else ()
    odds = payout_odds(kind, spread)
    winnings = odds * stake
    stack = stake + winnings
    if config.progressive and stack >= config.max_winnings:
        # R14: the stack reached max winnings, so it is collected for the player.
        collected = dict(
            phase=Phase.SETTLED,
            outcome=Outcome.WIN,
            credits=credits + stack,
            ante=0,
            raised=0,
            winnings=0,
            auto_collected=stack,
        )
        maxed = (Paid(stake, winnings, kind, odds), MaxWinningsCollected(stack, config.max_winnings))
        return collected, maxed if record else ()
    won_changes = dict(phase=Phase.SETTLED, outcome=Outcome.WIN, credits=credits, winnings=winnings)
    return won_changes, (Paid(stake, winnings, kind, odds),) if record else ()


# --- R12, R13: after the round -------------------------------------------


def _check_rebet(state: TableState) -> None:
    _require(state, Action.REBET)
    available = state.credits + state.on_table
    if state.last_ante > available:
        raise errors.InsufficientCredits(state.last_ante, available)
    _check_stake(state.last_ante, state, state.config.max_bet)


def rebet(state: TableState, dealer: Dealer) -> TableState:
    """REBET: collect the table, place the same ante again and deal (R12)."""
    return _rebet(state, dealer, record=False).state


def _rebet(state: TableState, dealer: Dealer, record: bool = True) -> Step:
    _check_rebet(state)
    credits = state.credits + state.on_table - state.last_ante
    placed = (*_collected(state), ChipsPlaced(state.last_ante)) if record else ()
    return _deal_hand(state, state.last_ante, credits, dealer, placed, record)


def _collected(state: TableState) -> tuple[Event, ...]:
    return (Collected(state.on_table),) if state.on_table else ()


def _gather(state: TableState) -> Step:
    gathered = state._replace(
        credits=state.credits + state.on_table,
        phase=Phase.BETTING,
        ante=0,
        raised=0,
        winnings=0,
        cards=None,
        kind=None,
        spread=0,
        outcome=None,
        auto_collected=0,
    )
    return Step(gathered, _collected(state))


def new_bet(state: TableState) -> TableState:
    """NEW BET: everything on the table goes to the credits; bet again (R12)."""
    return _new_bet(state).state


def _new_bet(state: TableState) -> Step:
    _require(state, Action.NEW_BET)
    return _gather(state)


def collect(state: TableState) -> TableState:
    """COLLECT: with progressive betting, take the stack to the credits (R13)."""
    return _collect(state).state


def _collect(state: TableState) -> Step:
    _require(state, Action.COLLECT)
    return _gather(state)


def _check_set_progressive(state: TableState, on: bool = True) -> None:
    if on and not state.config.progressive_offered:
        raise errors.ProgressiveLocked("not_offered")
    if state.phase is not Phase.BETTING:
        raise errors.ProgressiveLocked("round_open")  # R13


def set_progressive(state: TableState, on: bool) -> TableState:
    return _set_progressive(state, on).state


def _set_progressive(state: TableState, on: bool) -> Step:
    _check_set_progressive(state, on)
    on = bool(on)
    return Step(state._replace(config=replace(state.config, progressive=on)), (ProgressiveSet(on),))


# --- any action by name, with its events ------------------------------------


def _chip(value: int | bool | None) -> int:
    return 0 if value is None or isinstance(value, bool) else int(value)


def _need_dealer(dealer: Dealer | None) -> Dealer:
    if dealer is None:
        raise TypeError("dealing needs a dealer")
    return dealer


_PLAYS: dict[Action, Callable[[TableState, int | bool | None, Dealer | None], Step]] = {
    Action.ADD_CHIP: lambda state, value, _: _add_chip(state, _chip(value)),
    Action.REMOVE_CHIP: lambda state, value, _: _remove_chip(state, _chip(value)),
    Action.DEAL: lambda state, _, dealer: _deal(state, _need_dealer(dealer)),
    Action.RAISE: lambda state, _, __: _raise(state),
    Action.CALL: lambda state, _, __: _call(state),
    Action.REBET: lambda state, _, dealer: _rebet(state, _need_dealer(dealer)),
    Action.NEW_BET: lambda state, _, __: _new_bet(state),
    Action.COLLECT: lambda state, _, __: _collect(state),
    Action.SET_PROGRESSIVE: lambda state, value, _: _set_progressive(state, bool(value)),
}


def play(state: TableState, action: Action, value: int | bool | None = None, dealer: Dealer | None = None) -> Step:
    """Take `action` (with its chip value, or on/off for SET_PROGRESSIVE; DEAL and REBET need a dealer).

    Returns the new state and the events the action caused; refused as the action's own function would be.
    """
    return _PLAYS[Action(action)](state, value, dealer)


# --- the operator's settings -----------------------------------------------


def reconfigure(state: TableState, config: TableConfig) -> TableState:
    """New operator settings, taken only between rounds and with no chips on the ante.

    The player's progressive choice is kept where the table still offers it.
    """
    config.validate()
    if state.phase is not Phase.BETTING:
        raise errors.ActionNotAllowed("reconfigure", state.phase.value)
    if state.ante:
        raise errors.InvalidSetting("table", "take the chips off the ante first")
    progressive = state.config.progressive and config.progressive_offered
    return state._replace(config=replace(config, progressive=progressive))
