"""The attendant PIN: stored only as a salted scrypt hash, guarded against guessing.

Wrong PINs lock the entry for longer each time (LOCK_STEPS). The lock is not kept anywhere of
its own: it is worked out from the attempts journaled since the last right PIN, so it survives a
restart, and the journal shows every lock with its length.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum

from ..store.settings import Key

# scrypt cost: 16 MiB (128·N·r bytes) per attempt, which makes each guess at a stolen hash dear;
# the attendant who types the PIN does not notice the pause.
_N, _R, _P = 2**14, 8, 1
_SCHEME = "scrypt"

PIN_SETTING = Key.PIN_HASH  # the store setting that holds the hash, never the PIN

MIN_PIN_LENGTH = 4
MAX_PIN_LENGTH = 12
MAX_ATTEMPTS = 3  # wrong PINs in a row that lock the entry
LOCK_STEPS = (60, 5 * 60, 30 * 60)  # the first lock, the second, the third and every later one


class PinRefused(ValueError):
    """A PIN that cannot be set: wrong length or not all digits."""


def check_new_pin(pin: str) -> None:
    if not pin.isdigit() or not pin.isascii():
        raise PinRefused("digits")
    if not MIN_PIN_LENGTH <= len(pin) <= MAX_PIN_LENGTH:
        raise PinRefused("length")


def hash_pin(pin: str, salt: bytes | None = None, *, cost: int = _N) -> str:
    """'scrypt$N$r$p$salt$hash' with a fresh random salt. The hash carries its cost N, which
    `verify_pin` reads back; a lower `cost` is for tests that enter many PINs."""
    check_new_pin(pin)
    salt = salt if salt is not None else secrets.token_bytes(16)
    digest = hashlib.scrypt(pin.encode(), salt=salt, n=cost, r=_R, p=_P, dklen=32)
    return "$".join([_SCHEME, str(cost), str(_R), str(_P), salt.hex(), digest.hex()])


def verify_pin(pin: str, stored: str) -> bool:
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != _SCHEME:
            return False
        candidate = hashlib.scrypt(
            pin.encode(), salt=bytes.fromhex(salt), n=int(n), r=int(r), p=int(p), dklen=len(digest) // 2
        )
    except ValueError:
        return False
    return hmac.compare_digest(candidate.hex(), digest)


class Verdict(StrEnum):
    ACCEPTED = "accepted"
    WRONG = "wrong"
    LOCKED = "locked"  # too many wrong PINs: nothing is checked until the lock ends


class PinEvent(StrEnum):
    """The attempts as journaled (`attendant_<value>`)."""

    ACCEPTED = "pin_accepted"
    WRONG = "pin_wrong"
    LOCKING = "pin_wrong_locked"  # the wrong PIN that locked the entry; journaled with the lock's seconds
    WHILE_LOCKED = "pin_while_locked"  # not checked


# The attempts that move the lock, and how many of the newest of them decide it: enough to see
# the wrong ones since the last lock and as many locks before it as LOCK_STEPS tells apart.
COUNTED = (PinEvent.ACCEPTED, PinEvent.WRONG, PinEvent.LOCKING)
HISTORY_NEEDED = MAX_ATTEMPTS * len(LOCK_STEPS)


@dataclass(frozen=True)
class JournaledAttempt:
    time: float  # seconds since the epoch, as the journal has it
    event: PinEvent
    value: int | None = None  # a lock's seconds


@dataclass(frozen=True)
class PinLock:
    """Where the entry stands after a history of attempts."""

    wrong_in_a_row: int = 0  # since the last lock or right PIN
    locks_in_a_row: int = 0  # since the last right PIN
    locked_at: float = 0.0
    lock_seconds: int = 0

    def seconds_left(self, now: float) -> float:
        """Never more than the lock's length, even if the clock was set back meanwhile."""
        return max(0.0, min(self.locked_at + self.lock_seconds - now, float(self.lock_seconds)))

    def next_lock_seconds(self) -> int:
        return LOCK_STEPS[min(self.locks_in_a_row, len(LOCK_STEPS) - 1)]


def after(lock: PinLock, attempt: JournaledAttempt) -> PinLock:
    """The lock once one more attempt is journaled."""
    if attempt.event is PinEvent.ACCEPTED:
        return PinLock()
    if attempt.event is PinEvent.WRONG:
        return PinLock(lock.wrong_in_a_row + 1, lock.locks_in_a_row, lock.locked_at, lock.lock_seconds)
    if attempt.event is PinEvent.LOCKING:
        seconds = attempt.value if attempt.value is not None else LOCK_STEPS[0]  # journaled before escalation
        return PinLock(0, lock.locks_in_a_row + 1, attempt.time, seconds)
    return lock  # an attempt while locked changes nothing


def pin_lock(history: Iterable[JournaledAttempt]) -> PinLock:
    """The lock after these attempts, oldest first."""
    lock = PinLock()
    for attempt in history:
        lock = after(lock, attempt)
    return lock


def journaled_attempts(newest_first: Iterable[tuple[float, str, int | None]]) -> list[JournaledAttempt]:
    """The PIN attempts among journaled attendant events given as (time, event, value), newest
    first as the journal reads them; oldest first as `pin_lock` takes them."""
    known = {event.value: event for event in PinEvent}
    attempts = [JournaledAttempt(time, known[event], value) for time, event, value in newest_first if event in known]
    return attempts[::-1]


@dataclass(frozen=True)
class Attempt:
    verdict: Verdict
    event: PinEvent  # what to journal for this attempt
    value: int | None = None  # and with it: a new lock's seconds
    locked_for: float = 0.0  # seconds left of the lock


def judge(is_right: Callable[[], bool], lock: PinLock, now: float) -> Attempt:
    """One attempt against the lock as it stands; the caller journals `event` with `value`.
    `is_right` checks the PIN, and is not called while the entry is locked."""
    left = lock.seconds_left(now)
    if left > 0:
        return Attempt(Verdict.LOCKED, PinEvent.WHILE_LOCKED, locked_for=left)
    if is_right():
        return Attempt(Verdict.ACCEPTED, PinEvent.ACCEPTED)
    if lock.wrong_in_a_row + 1 >= MAX_ATTEMPTS:
        seconds = lock.next_lock_seconds()
        return Attempt(Verdict.LOCKED, PinEvent.LOCKING, seconds, locked_for=float(seconds))
    return Attempt(Verdict.WRONG, PinEvent.WRONG)


class PinGate:
    """The attendant entry: attempts judged against the lock the journal's history gave it."""

    def __init__(self, stored_hash: str, clock: Callable[[], float], history: Iterable[JournaledAttempt] = ()) -> None:
        self._stored = stored_hash
        self._clock = clock
        self.lock = pin_lock(history)

    @property
    def stored_hash(self) -> str:
        return self._stored

    def with_hash(self, stored_hash: str) -> PinGate:
        """The same entry judging against another PIN: the lock carries over."""
        gate = PinGate(stored_hash, self._clock)
        gate.lock = self.lock
        return gate

    def locked_for(self) -> float:
        return self.lock.seconds_left(self._clock())

    def attempt(self, pin: str) -> Attempt:
        now = self._clock()
        attempt = judge(lambda: verify_pin(pin, self._stored), self.lock, now)
        self.lock = after(self.lock, JournaledAttempt(now, attempt.event, attempt.value))
        return attempt
