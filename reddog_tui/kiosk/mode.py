"""The locked kiosk's own rules beside the table: the player's session, the idle timeout, the
reality check and the attendant's sign-in. Plain classes over the game session and a clock
(seconds); each rule answers with intents (`kiosk.intents`) that the app carries out.

The idle timeout (an operator setting) holds for the attendant's side too: a menu, a form or a
question left alone that long closes, so the next guest never finds it open."""

from __future__ import annotations

import logging
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path

from ..engine import Action, Phase
from ..i18n import DEFAULT_LANGUAGE
from ..store.session import GameSession
from .idle import IdleStep, idle_step
from .intents import (
    BackToWelcome,
    CallOpenDecision,
    CloseAttendant,
    CloseKiosk,
    Intent,
    JournalAttendant,
    LockSignIn,
    OpenAttendantMenu,
    RefusePin,
    ShowRealityCheck,
    StartAttract,
    TakeAction,
)
from .pin import COUNTED, HISTORY_NEEDED, PIN_SETTING, Attempt, PinGate, Verdict, journaled_attempts
from .summary import RoundTally, SessionSummary

Clock = Callable[[], float]

# Attendant events in the log (the journal has them all; the log says what they mean).
ATTENDANT_LOG_TEXT = {
    "pin_accepted": "signed in",
    "menu_closed": "signed out",
    "menu_timed_out": "signed out by the idle timeout",
    "pin_wrong": "wrong PIN",
    "pin_wrong_locked": "wrong PIN, entry locked out",
    "pin_while_locked": "PIN entered during the lockout",
    "exit": "closed Red Dog",
}
ATTENDANT_LOG_LEVELS = {
    "pin_wrong": logging.WARNING,
    "pin_wrong_locked": logging.WARNING,
    "pin_while_locked": logging.WARNING,
}


class Attendant(StrEnum):
    """How far the attendant's side of the kiosk is open, as the screens show it."""

    AWAY = "away"
    PIN_ENTRY = "pin_entry"  # the PIN entry: nobody signed in yet
    SIGNED_IN = "signed_in"  # the menu, one of its screens, or a question over them
    WAITING = "waiting"  # signed in and waiting for an answer to show (the hall, the journal check)


class PlayerSession:
    """One player's stay, from the first credits in to the cash-out or the empty table: how long,
    how it stands against what came in, and when the next reality check is due."""

    def __init__(self, session: GameSession, clock: Clock) -> None:
        self.session = session
        self.clock = clock
        self.started: float | None = None  # when the current player's credits came in
        self.baseline = 0  # what the player had at the start plus every credit added since
        self.next_reality_check: float | None = None

    @property
    def reality_check_seconds(self) -> int:
        return self.session.settings.reality_check_minutes * 60

    def holdings(self) -> int:
        return self.session.state.holdings

    def begin(self, baseline: int) -> None:
        now = self.clock()
        self.started = now
        self.baseline = baseline
        self.next_reality_check = now + self.reality_check_seconds

    def end(self) -> None:
        self.started = None
        self.baseline = 0
        self.next_reality_check = None

    def credits_added(self, amount: int) -> None:
        """Credits paid in: a session starts with the first, and every one counts as brought."""
        if self.started is None:
            self.begin(self.holdings() - amount)
        self.baseline += amount

    def played_seconds(self) -> float:
        return 0.0 if self.started is None else self.clock() - self.started

    def net_result(self) -> int:
        return 0 if self.started is None else self.holdings() - self.baseline

    def reality_check(self, held: bool = False) -> ShowRealityCheck | None:
        """Due once per interval of play; skipped (the next one still counted) with nothing to play for.
        `held` while the attendant's side is open: the guest's reminder stays due and comes after."""
        now = self.clock()
        if self.next_reality_check is None or now < self.next_reality_check or held:
            return None
        self.next_reality_check = now + self.reality_check_seconds
        return ShowRealityCheck() if self.holdings() > 0 else None


class AttendantSignIn:
    """The attendant's PIN entry: every attempt journaled, wrong ones locking it for longer."""

    def __init__(self, session: GameSession, clock: Clock) -> None:
        self.session = session
        self.clock = clock
        self._gate: PinGate | None = None

    def pin_set(self) -> bool:
        return bool(self.session.get_setting(PIN_SETTING))

    def gate(self) -> PinGate:
        """Built once from the journal, so that a lock outlasts a restart; a new PIN stored meanwhile
        (the hall sends one) takes the old one's place at once, under the same lock."""
        stored = self.session.get_setting(PIN_SETTING) or ""
        if self._gate is None:
            newest_first = self.session.attendant_events([event.value for event in COUNTED], HISTORY_NEEDED)
            self._gate = PinGate(stored, clock=self.clock, history=journaled_attempts(newest_first))
        elif self._gate.stored_hash != stored:
            self._gate = self._gate.with_hash(stored)
        return self._gate

    def locked_for(self) -> float:
        return self.gate().locked_for()

    def attempt(self, pin: str) -> tuple[Intent, ...]:
        """Judge a PIN; the attempt is journaled whatever the verdict, a lock with its length."""
        return judged(self.gate().attempt(pin), self.clock(), OpenAttendantMenu())


class ClosingSignIn:
    """The PIN entry of a kiosk whose journal failed: no menu, nothing to play, so the right PIN
    closes Red Dog; it is the only way out a guest cannot take. The gate is the one the kiosk
    built at its start, or one without history when the journal was refused before it."""

    def __init__(self, gate: PinGate, clock: Clock) -> None:
        self.gate = gate
        self.clock = clock

    @classmethod
    def for_refused_journal(cls, data_dir: Path, clock: Clock) -> ClosingSignIn | None:
        """The PIN's hash read from the refused journal if it can be (a lock, a newer version, a damaged
        page elsewhere); None when it cannot: then only a signal (the service stopped) ends the kiosk."""
        from ..store.health import stored_setting

        stored = stored_setting(data_dir, PIN_SETTING)
        return cls(PinGate(stored, clock=clock), clock) if stored else None

    def locked_for(self) -> float:
        return self.gate.locked_for()

    def attempt(self, pin: str) -> tuple[Intent, ...]:
        """As at an open kiosk; the journal takes no more, so the attempts go to the log only."""
        attempt = self.gate.attempt(pin)
        return judged(attempt, self.clock(), JournalAttendant("exit"), CloseKiosk())


def judged(attempt: Attempt, now: float, *accepted: Intent) -> tuple[Intent, ...]:
    """The attempt journaled, then what follows it: `accepted`, a lock until when, or a refusal."""
    intents: list[Intent] = [JournalAttendant(attempt.event.value, attempt.value)]
    if attempt.verdict is Verdict.ACCEPTED:
        intents.extend(accepted)
    elif attempt.verdict is Verdict.LOCKED:
        intents.append(LockSignIn(until=now + attempt.locked_for))
    else:
        intents.append(RefusePin())
    return tuple(intents)


class KioskMode:
    """What a locked kiosk tracks beside the table, and what it asks for as time passes."""

    def __init__(self, session: GameSession, clock: Clock, requested_language: str | None = None) -> None:
        self.session = session
        self.clock = clock
        self.requested_language = requested_language  # --lang: the welcome's language unless the operator set one
        self.player = PlayerSession(session, clock)
        self.sign_in = AttendantSignIn(session, clock)
        self.last_input = clock()
        self.cash_out_requested = False  # the player asked to stop: a banner until the attendant pays out
        self.round_tally: RoundTally | None = None

    # --- settings (typed and checked by the store's settings model) ----------------------
    @property
    def idle_timeout(self) -> int:
        return self.session.settings.idle_timeout_seconds

    @property
    def reality_minutes(self) -> int:
        return self.session.settings.reality_check_minutes

    @property
    def default_language(self) -> str:
        return self.session.settings.default_language or self.requested_language or DEFAULT_LANGUAGE

    # --- the player's session -----------------------------------------------------
    def holdings(self) -> int:
        return self.player.holdings()

    def start(self) -> None:
        """At start-up: credits already on the kiosk (after a restart) start a session."""
        if self.holdings() > 0:
            self.player.begin(self.holdings())

    def end_session(self) -> None:
        self.player.end()

    def credits_added(self, amount: int) -> None:
        self.player.credits_added(amount)

    def played_seconds(self) -> float:
        return self.player.played_seconds()

    def net_result(self) -> int:
        return self.player.net_result()

    def follow_guest(self) -> None:
        """Before each action: the rounds of a guest's session count from its start."""
        if self.round_tally is None:
            self.round_tally = RoundTally(self.session.meters)
        self.round_tally.follow(self.player.started)

    def guest_summary(self) -> SessionSummary | None:
        """What the current guest's session came to, or None when no session is running."""
        if self.player.started is None:
            return None
        self.follow_guest()
        tally = self.round_tally
        assert tally is not None  # follow_guest starts it
        return tally.summary(self.player.started, self.net_result(), self.played_seconds())

    # --- input and the clock -------------------------------------------------------
    def note_input(self) -> None:
        self.last_input = self.clock()

    def idle(
        self, *, welcome_shown: bool, attendant: Attendant = Attendant.AWAY, welcome_in_view: bool = False
    ) -> CallOpenDecision | BackToWelcome | StartAttract | CloseAttendant | None:
        """After the idle timeout: the attendant's side closes first (unless it waits for an answer
        it must show); then an open decision is called; an empty table goes back to the welcome,
        unless it is shown already; a welcome screen in view with no credits starts attract mode.
        Each time the idle time starts again, so what follows stays in view for another timeout."""
        now = self.clock()
        if attendant is not Attendant.AWAY:
            if attendant is Attendant.WAITING or now - self.last_input < self.idle_timeout:
                return None
            self.last_input = now
            return CloseAttendant(signed_in=attendant is not Attendant.PIN_ENTRY)
        step = idle_step(self.session.state, now - self.last_input, self.idle_timeout)
        if step is IdleStep.CALL:
            self.last_input = now
            return CallOpenDecision()
        if step is not IdleStep.WELCOME:
            return None
        if not welcome_shown:
            self.end_session()
            self.last_input = now
            return BackToWelcome(self.default_language)
        if welcome_in_view:
            self.last_input = now
            return StartAttract()
        return None

    def reality_check(self, attendant: Attendant = Attendant.AWAY) -> ShowRealityCheck | None:
        """Held while the attendant's side is open: it is for the guest, and the attendant's keys must not answer it."""
        return self.player.reality_check(held=attendant is not Attendant.AWAY)

    # --- the attendant ---------------------------------------------------------------
    def pin_set(self) -> bool:
        return self.sign_in.pin_set()

    def gate(self) -> PinGate:
        return self.sign_in.gate()

    def pin_locked(self) -> bool:
        """Too many wrong PINs: the table says so, for the staff."""
        return self.sign_in.locked_for() > 0

    def try_pin(self, pin: str) -> tuple[Intent, ...]:
        return self.sign_in.attempt(pin)

    def request_cash_out(self) -> JournalAttendant:
        """The player chose to stop at the reality check: a banner asks the attendant to pay out."""
        self.cash_out_requested = True
        return JournalAttendant("cash_out_requested")

    def cash_out_first(self) -> TakeAction | None:
        """A settled win or loss is gathered before a cash-out, as NEW BET or COLLECT would (R12, R13)."""
        if self.session.state.phase is Phase.SETTLED:
            for action in (Action.COLLECT, Action.NEW_BET):
                if self.session.why_not(action) is None:
                    return TakeAction(action)
        return None

    def paid_out(self) -> None:
        """The attendant paid the player out: the request is met and the session over."""
        self.cash_out_requested = False
        self.end_session()
