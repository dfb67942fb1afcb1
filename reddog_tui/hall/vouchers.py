"""Vouchers across the hall: issued with a number the server knows, redeemed once anywhere.

Redemption at a kiosk moves money between kiosks, so it is a small protocol:
1. the kiosk journals the intent (voucher_redeeming, seq S);
2. the server marks the voucher redeemed by (kiosk, S), idempotently;
3. the kiosk journals the outcome: credited, or refused.
A crash or a lost connection between the steps leaves the intent pending; `resolve_pending`
asks the server again with the same (kiosk, S), which answers as it did the first time, so
the amount is credited once and only if the server gave the voucher to this intent.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

import psycopg

from ..store import GameSession
from . import server
from .replicator import Replicator


@dataclass(frozen=True, slots=True)
class HallVoucher:
    number: int
    amount: int
    time: datetime  # UTC
    offline: bool  # numbered from the kiosk's own range: the hall learns of it when the kiosk syncs


class RedeemOutcome(StrEnum):
    CREDITED = "credited"
    ALREADY_REDEEMED = "already_redeemed"
    UNKNOWN = "unknown"
    UNREACHABLE = "unreachable"  # the intent stays pending until the server answers


@dataclass(frozen=True, slots=True)
class RedeemResult:
    outcome: RedeemOutcome
    number: int
    amount: int = 0


class VoucherDesk:
    """Cash-out and ticket-in at one kiosk of the hall."""

    def __init__(
        self,
        session: GameSession,
        kiosk_id: int,
        dsn: str,
        replicator: Replicator | None = None,
        connect: Callable[[str], psycopg.Connection] = server.connect,
    ) -> None:
        self._session = session
        self._kiosk_id = kiosk_id
        self._dsn = dsn
        self._replicator = replicator
        self._connect = connect

    def cash_out(self) -> HallVoucher:
        """Pay out as GameSession.cash_out does, with a number the server issued if one is held."""
        number = self._replicator.take_voucher_number() if self._replicator else None
        offline = number is None
        if offline:
            low, high = server.offline_range(self._kiosk_id)
            last = self._session.store.last_voucher_number(low, high)
            number = low if last is None else last + 1
            if number > high:
                raise OverflowError(f"kiosk {self._kiosk_id} has used its whole voucher range")
        voucher = self._session.cash_out(voucher_number=number)
        if self._replicator is not None:
            self._replicator.nudge()
        return HallVoucher(voucher.number, voucher.amount, voucher.time, offline)

    def redeem(self, number: int) -> RedeemResult:
        """Redeem voucher `number` here, all steps at once. A pending redemption is resolved first;
        if it stays pending (server unreachable), this one is not started and UNREACHABLE is returned."""
        pending = self.resolve_pending()
        if pending is not None and pending.outcome is RedeemOutcome.UNREACHABLE:
            return RedeemResult(RedeemOutcome.UNREACHABLE, number)
        seq = self.begin(number)
        return self.settle(seq, number, self.ask(seq, number))

    def resolve_pending(self) -> RedeemResult | None:
        """Finish a redemption left pending by a crash or an outage; None if there is none."""
        pending = self.pending()
        if pending is None:
            return None
        seq, number = pending
        return self.settle(seq, number, self.ask(seq, number))

    # --- the steps, for a caller that asks the server off its own thread ------
    def pending(self) -> tuple[int, int] | None:
        """(seq of the intent, voucher number) of a redemption not finished yet, or None."""
        return self._session.pending_voucher_redemption()

    def begin(self, number: int) -> int:
        """Step 1: journal the intent; returns its seq. Refused while another one is pending."""
        return self._session.begin_voucher_redemption(number)

    def ask(self, seq: int, number: int) -> server.RedemptionResult | None:
        """Step 2: the server's answer for this intent, or None if it cannot be reached or does
        not answer in time (see server.LinkLimits). Touches only the server, so it may run on any thread."""
        try:
            with self._connect(self._dsn) as conn, server.answered_within(conn):
                return server.redeem(conn, number, self._kiosk_id, seq)
        except psycopg.Error:
            return None

    def settle(self, seq: int, number: int, answer: server.RedemptionResult | None) -> RedeemResult:
        """Step 3: journal the outcome (credited or refused); with no answer the intent stays pending."""
        if answer is None:
            return RedeemResult(RedeemOutcome.UNREACHABLE, number)
        if answer.outcome is server.Redemption.REDEEMED:
            self._session.credit_redeemed_voucher(number, answer.amount)
            result = RedeemResult(RedeemOutcome.CREDITED, number, answer.amount)
        else:
            self._session.refuse_voucher_redemption(number)
            result = RedeemResult(RedeemOutcome(answer.outcome.value), number, 0)
        if self._replicator is not None:
            self._replicator.nudge()
        return result
