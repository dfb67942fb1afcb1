"""Typed errors for actions the table refuses. A refused action changes nothing.

Each error carries the numbers a screen needs to explain itself in any
language; `str()` gives a plain English sentence for logs and the command line.
"""

from __future__ import annotations


class RedDogError(Exception):
    """Base of every refusal by the engine."""

    code = "error"


class ActionNotAllowed(RedDogError):
    code = "action_not_allowed"

    def __init__(self, action: str, phase: str) -> None:
        self.action, self.phase = action, phase
        super().__init__(f"{action} is not allowed now (phase: {phase})")


class UnknownChip(RedDogError):
    code = "unknown_chip"

    def __init__(self, value: int, chip_values: tuple[int, ...]) -> None:
        self.value, self.chip_values = value, chip_values
        allowed = ", ".join(map(str, chip_values))
        super().__init__(f"there is no chip of value {value}; chips are {allowed}")


class InsufficientCredits(RedDogError):
    code = "insufficient_credits"

    def __init__(self, needed: int, available: int) -> None:
        self.needed, self.available = needed, available
        super().__init__(f"{needed} credits needed, {available} available")


class BelowTableMinimum(RedDogError):
    code = "below_minimum"

    def __init__(self, amount: int, minimum: int) -> None:
        self.amount, self.minimum = amount, minimum
        super().__init__(f"a bet of {amount} is below the table minimum of {minimum}")


class AboveTableMaximum(RedDogError):
    code = "above_maximum"

    def __init__(self, amount: int, maximum: int) -> None:
        self.amount, self.maximum = amount, maximum
        super().__init__(f"a bet of {amount} is above the table maximum of {maximum}")


class NoBet(RedDogError):
    code = "no_bet"

    def __init__(self) -> None:
        super().__init__("there is no bet on the table")


class NothingToRemove(RedDogError):
    code = "nothing_to_remove"

    def __init__(self, value: int, ante: int) -> None:
        self.value, self.ante = value, ante
        super().__init__(f"cannot take a chip of {value} off an ante of {ante}")


class ProgressiveLocked(RedDogError):
    code = "progressive_locked"

    def __init__(self, reason: str) -> None:
        self.reason = reason  # "round_open" or "not_offered"
        super().__init__(
            "progressive betting cannot be switched during a round"
            if reason == "round_open"
            else "progressive betting is not offered at this table"
        )


class InvalidSetting(RedDogError):
    code = "invalid_setting"

    def __init__(self, setting: str, reason: str) -> None:
        self.setting, self.reason = setting, reason
        super().__init__(f"invalid {setting}: {reason}")
