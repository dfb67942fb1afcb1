"""Vouchers across the hall: issued with a number the server knows, redeemed once anywhere.

Redemption at a kiosk moves money between kiosks, so it is a small protocol:
1. the kiosk journals the intent (voucher_redeeming, seq S);
2. the server marks the voucher redeemed by (kiosk, S, nonce), idempotently;
3. the kiosk journals the outcome: credited, or refused.
A crash or a lost connection between the steps leaves the intent pending; `resolve_pending`
asks the server again with the same (kiosk, S, nonce), which answers as it did the first time,
so the amount is credited once and only if the server gave the voucher to this intent. The
nonce comes from the intent's random identity in the journal: another journal's entry S (a
copy restored from a backup, a second journal under this kiosk's login) is another intent.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

import psycopg

from ..engine import errors
from ..store import GameSession
from ..store.session import REDEEMED
from ..store.settings import read_settings
from . import server, tickets
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
    EXPIRED = "expired"
    VOIDED = "voided"
    LOCKED_OUT = "locked_out"  # this kiosk asked about too many wrong numbers: try again later
    UNREACHABLE = "unreachable"  # the intent stays pending until the server answers


@dataclass(frozen=True, slots=True)
class RedeemResult:
    outcome: RedeemOutcome
    number: int
    amount: int = 0


REFUSALS = {
    server.Redemption.ALREADY_REDEEMED: RedeemOutcome.ALREADY_REDEEMED,
    server.Redemption.EXPIRED: RedeemOutcome.EXPIRED,
    server.Redemption.VOIDED: RedeemOutcome.VOIDED,
    server.Redemption.LOCKED_OUT: RedeemOutcome.LOCKED_OUT,
}


class VoucherDesk:
    """Cash-out and ticket-in at one kiosk of the hall."""

    def __init__(
        self,
        session: GameSession,
        kiosk_id: int,
        dsn: str,
        replicator: Replicator | None = None,
        connect: Callable[[str], psycopg.Connection] = server.connect,
        rng: random.Random | None = None,
    ) -> None:
        self._rng = rng or secrets.SystemRandom()
        self._session = session
        self._kiosk_id = kiosk_id
        self._dsn = dsn
        self._replicator = replicator
        self._connect = connect

    def cash_out(self, intent: str | None = None) -> HallVoucher:
        """Pay out as GameSession.cash_out does, with a number the server issued if one is held.

        `intent`: the payout's identity, which the journal takes once (IntentCarriedOut)."""
        number = self._replicator.take_voucher_number() if self._replicator else None
        offline = number is None
        if offline:
            hall_id = self.hall_id()
            # A kiosk that never reached its hall cannot number a hall voucher: it numbers it as a
            # kiosk on its own does (1, 2, 3 …), a voucher the hall will not know.
            number = None if hall_id is None else tickets.new_number(hall_id, self._rng)
        voucher = self._session.cash_out(voucher_number=number, intent=intent)
        if self._replicator is not None:
            self._replicator.nudge()
        return HallVoucher(voucher.number, voucher.amount, voucher.time, offline)

    def hall_id(self) -> int | None:
        """The hall's identifier: as the server said it, or as this kiosk kept it from an earlier contact."""
        known = self._replicator.hall_id if self._replicator is not None else None
        return known if known is not None else read_settings(self._session.store.settings_rows()).hall_id

    def redeem(self, number: int) -> RedeemResult:
        """Redeem voucher `number` here, all steps at once. A pending redemption is resolved first;
        if it stays pending (server unreachable), this one is not started and UNREACHABLE is returned."""
        pending = self.resolve_pending()
        if pending is not None and pending.outcome is RedeemOutcome.UNREACHABLE:
            return RedeemResult(RedeemOutcome.UNREACHABLE, number)
        seq = self.begin(number)
        return self.settle(seq, number, self.ask(seq, number, self.nonce(seq)))

    def resolve_pending(self) -> RedeemResult | None:
        """Finish a redemption left pending by a crash or an outage; None if there is none."""
        pending = self.pending()
        if pending is None:
            return None
        seq, number = pending
        return self.settle(seq, number, self.ask(seq, number, self.nonce(seq)))

    # --- the steps, for a caller that asks the server off its own thread ------
    def pending(self) -> tuple[int, int] | None:
        """(seq of the intent, voucher number) of a redemption not finished yet, or None."""
        return self._session.pending_voucher_redemption()

    def begin(self, number: int, intent: str | None = None) -> int:
        """Step 1: journal the intent (`intent`: its identity, taken once; a random one if not
        given); returns its seq. Refused while another one is pending."""
        return self._session.begin_voucher_redemption(number, intent or secrets.token_hex(16))

    def nonce(self, seq: int) -> int | None:
        """The number the server binds to intent `seq`: drawn from the identity the journal keeps
        for it (56 bits, a positive bigint on the server); None for an intent journaled without one."""
        identity = self._session.store.journal_intent(seq)
        if identity is None:
            return None
        return int.from_bytes(hashlib.sha256(identity.encode()).digest()[:7], "big")

    def ask(self, seq: int, number: int, nonce: int | None) -> server.RedemptionResult | None:
        """Step 2: the server's answer for intent (seq, `nonce`, as `nonce(seq)` gave it), or None
        if it cannot be reached or does not answer in time (see server.LinkLimits). Touches only
        the server, so it may run on any thread."""
        try:
            with self._connect(self._dsn) as conn, server.answered_within(conn):
                return server.redeem(conn, number, seq, nonce)
        except psycopg.Error:
            return None

    def settle(self, seq: int, number: int, answer: server.RedemptionResult | None) -> RedeemResult:
        """Step 3: journal the outcome (credited or refused); with no answer the intent stays pending."""
        if answer is None:
            return RedeemResult(RedeemOutcome.UNREACHABLE, number)
        if answer.seq != seq or answer.nonce != self.nonce(seq) or self.pending() != (seq, number):
            # A late answer: its intent was settled meanwhile, or it names another one. It settles
            # nothing, or one voucher would be credited twice (the number alone is not the intent).
            raise errors.ActionNotAllowed(REDEEMED, "settled")
        if answer.outcome is server.Redemption.REDEEMED:
            self._session.credit_redeemed_voucher(number, answer.amount)
            result = RedeemResult(RedeemOutcome.CREDITED, number, answer.amount)
        else:
            self._session.refuse_voucher_redemption(number)
            # Another hall's number is unknown here too.
            refused = REFUSALS.get(answer.outcome, RedeemOutcome.UNKNOWN)
            result = RedeemResult(refused, number, 0)
        if self._replicator is not None:
            self._replicator.nudge()
        return result
