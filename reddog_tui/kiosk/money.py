"""The attendant's money actions (credits in, cash-out, a voucher redeemed): asked, confirmed,
then carried out once.

Submitting an amount, choosing Cash out or typing a voucher's number asks for a `MoneyIntent`:
what would be done, under an identity drawn at random. Only that intent is carried out when
the attendant confirms, and the journal takes each identity once (`store.IntentCarriedOut`):
carried out a second time, by a bounced key or a message handled twice, it changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from ..engine import Phase, errors, validation
from ..store.session import GameSession
from ..store.settings import CREDITS_PAID_IN, written_as_whole_number

CREDITS_KEY = "credits"  # the amount of credits paid in: checked like a setting, never stored
TOKEN_BYTES = 16


class MoneyAction(StrEnum):
    ADD_CREDITS = "add_credits"
    CASH_OUT = "cash_out"
    REDEEM = "redeem_voucher"


@dataclass(frozen=True, slots=True)
class MoneyIntent:
    """One money action as the attendant is asked to confirm it; `token` is its identity."""

    action: MoneyAction
    amount: int  # the credits added or paid out; 0 for a redemption (the hall says what a voucher is worth)
    token: str
    voucher: int | None = None  # the voucher a redemption concerns


class VoucherNumberRefused(ValueError):
    """The text typed is no voucher number: `reason` is "none" (empty, 0, not digits), "check"
    (18 digits whose check digit does not hold: a typo) or "other_hall" (a validation number of
    another hall)."""

    def __init__(self, typed: str, reason: str = "none", voucher: int | None = None) -> None:
        super().__init__(typed)
        self.reason = reason
        self.voucher = voucher


class IssuedVoucher(Protocol):
    """A cash-out voucher as the session or the hall's desk issues it."""

    @property
    def number(self) -> int: ...

    @property
    def amount(self) -> int: ...


def new_token() -> str:
    import secrets  # when a money action is asked, not with the app: it slows the start

    return secrets.token_hex(TOKEN_BYTES)


class AttendantMoney:
    """The money actions at one kiosk. `pay_out` and `begin_redemption` are the hall's (a kiosk
    of a hall numbers its vouchers and redeems through the hall); by default the session's own."""

    def __init__(
        self,
        session: GameSession,
        token: Callable[[], str] = new_token,
        pay_out: Callable[[str], IssuedVoucher] | None = None,
        begin_redemption: Callable[[int, str], int] | None = None,
        hall_id: Callable[[], int | None] | None = None,
    ) -> None:
        self.session = session
        self._hall_id = hall_id or (lambda: None)
        self._token = token
        self._pay_out = pay_out or (lambda intent: session.cash_out(intent=intent))
        self._begin_redemption = begin_redemption or session.begin_voucher_redemption

    # --- asking: what would be done, nothing written yet ------------------------------------
    def ask_to_add(self, typed: str) -> MoneyIntent:
        """Credits paid in, exactly as typed. SettingRefused names a text that is no amount in
        range; ActionNotAllowed while a decision is open (credits come in between rounds)."""
        amount = CREDITS_PAID_IN.parse(CREDITS_KEY, typed)
        if self.session.state.phase is Phase.DECISION:
            raise errors.ActionNotAllowed(MoneyAction.ADD_CREDITS, Phase.DECISION.value)
        return MoneyIntent(MoneyAction.ADD_CREDITS, amount, self._token())

    def ask_to_cash_out(self) -> MoneyIntent:
        """Everything the player holds, paid out between rounds (ActionNotAllowed before, and
        InsufficientCredits with nothing to pay out)."""
        state = self.session.state
        if state.phase is not Phase.BETTING:
            raise errors.ActionNotAllowed(MoneyAction.CASH_OUT, state.phase.value)
        amount = state.credits + state.ante
        if amount < 1:
            raise errors.InsufficientCredits(1, 0)
        return MoneyIntent(MoneyAction.CASH_OUT, amount, self._token())

    def ask_to_redeem(self, typed: str) -> MoneyIntent:
        """A voucher to redeem, by the number typed with or without the printed separators
        (VoucherNumberRefused if it is none, mistyped, or another hall's): refused here, before
        the hall is asked."""
        digits = validation.digits_typed(typed)
        if digits is None or not written_as_whole_number(digits) or int(digits) < 1:
            raise VoucherNumberRefused(typed)
        if validation.looks_like_ticket(digits):
            if validation.typed_ticket(digits) is None:
                raise VoucherNumberRefused(typed, "check")
            hall_id = self._hall_id()
            if hall_id is not None and validation.hall_of(int(digits)) != hall_id:
                raise VoucherNumberRefused(typed, "other_hall", int(digits))
        return MoneyIntent(MoneyAction.REDEEM, 0, self._token(), voucher=int(digits))

    # --- carrying out: once per intent, the journal sees to it ------------------------------
    def add(self, intent: MoneyIntent) -> int:
        """The credits of a confirmed ADD_CREDITS intent, added; returns them."""
        self._check(intent, MoneyAction.ADD_CREDITS)
        self.session.add_credits(intent.amount, intent=intent.token)
        return intent.amount

    def cash_out(self, intent: MoneyIntent) -> IssuedVoucher:
        """A confirmed CASH_OUT intent, paid out; returns the voucher."""
        self._check(intent, MoneyAction.CASH_OUT)
        return self._pay_out(intent.token)

    def begin_redemption(self, intent: MoneyIntent) -> int:
        """A confirmed REDEEM intent, journaled before the hall is asked; returns its seq."""
        self._check(intent, MoneyAction.REDEEM)
        assert intent.voucher is not None
        return self._begin_redemption(intent.voucher, intent.token)

    @staticmethod
    def _check(intent: MoneyIntent, action: MoneyAction) -> None:
        if intent.action is not action:
            raise ValueError(f"a {intent.action} intent cannot be carried out as {action}")
