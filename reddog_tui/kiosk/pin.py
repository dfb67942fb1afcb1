"""The attendant PIN: stored only as a salted scrypt hash, guarded against guessing."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from dataclasses import dataclass
from enum import StrEnum
from typing import Callable

from ..store.settings import Key

# scrypt cost: about 16 MiB and a few tens of milliseconds, once per attempt.
_N, _R, _P = 2**14, 8, 1
_SCHEME = "scrypt"

PIN_SETTING = Key.PIN_HASH  # the store setting that holds the hash, never the PIN

MIN_PIN_LENGTH = 4
MAX_PIN_LENGTH = 12
MAX_ATTEMPTS = 3
LOCK_SECONDS = 60


class PinRefused(ValueError):
    """A PIN that cannot be set: wrong length or not all digits."""


def check_new_pin(pin: str) -> None:
    if not pin.isdigit() or not pin.isascii():
        raise PinRefused("digits")
    if not MIN_PIN_LENGTH <= len(pin) <= MAX_PIN_LENGTH:
        raise PinRefused("length")


def hash_pin(pin: str, salt: bytes | None = None) -> str:
    """'scrypt$N$r$p$salt$hash' with a fresh random salt."""
    check_new_pin(pin)
    salt = salt if salt is not None else secrets.token_bytes(16)
    digest = hashlib.scrypt(pin.encode(), salt=salt, n=_N, r=_R, p=_P, dklen=32)
    return "$".join([_SCHEME, str(_N), str(_R), str(_P), salt.hex(), digest.hex()])


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


@dataclass(frozen=True)
class Attempt:
    verdict: Verdict
    locked_for: float = 0.0  # seconds left of the lock


class PinGate:
    """Three wrong PINs in a row lock the entry for a minute."""

    def __init__(
        self,
        stored_hash: str,
        clock: Callable[[], float] = time.monotonic,
        max_attempts: int = MAX_ATTEMPTS,
        lock_seconds: float = LOCK_SECONDS,
    ) -> None:
        self._stored = stored_hash
        self._clock = clock
        self._max = max_attempts
        self._lock_seconds = lock_seconds
        self._wrong = 0
        self._locked_until = 0.0

    def locked_for(self) -> float:
        return max(0.0, self._locked_until - self._clock())

    def attempt(self, pin: str) -> Attempt:
        left = self.locked_for()
        if left > 0:
            return Attempt(Verdict.LOCKED, left)
        if verify_pin(pin, self._stored):
            self._wrong = 0
            return Attempt(Verdict.ACCEPTED)
        self._wrong += 1
        if self._wrong >= self._max:
            self._wrong = 0
            self._locked_until = self._clock() + self._lock_seconds
            return Attempt(Verdict.LOCKED, float(self._lock_seconds))
        return Attempt(Verdict.WRONG)
