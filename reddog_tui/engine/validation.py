"""Validation numbers of hall vouchers as they are printed, typed and checked: 18 digits, the
hall's identifier (4), random digits (13) and a Damm check digit, printed grouped.

Pure and without randomness, so that every layer can read one (the kiosk checks what is typed,
the texts print it, the hall issues it: see hall/tickets.py, which draws them).
"""

from __future__ import annotations

import re

HALL_ID_LOW = 1000
HALL_ID_HIGH = 9999
RANDOM_DIGITS = 13
DIGITS = 4 + RANDOM_DIGITS + 1
GROUPS = (2, 4, 4, 4, 4)  # how the 18 digits are printed

# Damm's quasigroup of order 10 (weakly totally anti-symmetric, zero diagonal).
_DAMM = (
    (0, 3, 1, 7, 5, 9, 8, 6, 4, 2),
    (7, 0, 9, 2, 1, 5, 4, 8, 6, 3),
    (4, 2, 0, 6, 8, 7, 1, 3, 5, 9),
    (1, 7, 5, 0, 9, 8, 3, 4, 2, 6),
    (6, 1, 2, 3, 0, 4, 5, 9, 7, 8),
    (3, 6, 7, 4, 2, 0, 9, 5, 8, 1),
    (5, 8, 6, 9, 7, 2, 0, 1, 3, 4),
    (8, 9, 4, 5, 3, 6, 2, 0, 1, 7),
    (9, 4, 3, 8, 6, 1, 7, 2, 0, 5),
    (2, 5, 8, 1, 4, 3, 6, 7, 9, 0),
)

_SEPARATORS = re.compile(r"[\s\-]+")


def check_digit(digits: str) -> int:
    """The Damm check digit of a string of decimal digits."""
    interim = 0
    for d in digits:
        interim = _DAMM[interim][int(d)]
    return interim


def is_ticket(number: int) -> bool:
    """An 18-digit number whose check digit holds (it may still be unknown to every hall)."""
    text = str(number)
    return len(text) == DIGITS and check_digit(text) == 0


def hall_of(number: int) -> int | None:
    """The hall identifier a validation number carries, or None if it is not one."""
    return int(str(number)[:4]) if is_ticket(number) else None


def grouped(number: int) -> str:
    """The number as printed on the voucher: 12-3456-7890-1234-5678."""
    text = f"{number:0{DIGITS}d}"
    parts, start = [], 0
    for size in GROUPS:
        parts.append(text[start : start + size])
        start += size
    return "-".join(parts)


def digits_typed(text: str) -> str | None:
    """What was typed, without the hyphens and spaces of the printed form; None if anything
    else than digits remains."""
    bare = _SEPARATORS.sub("", text.strip())
    return bare if bare.isdigit() else None


def typed_ticket(text: str) -> int | None:
    """The validation number typed (with or without the printed separators), or None if what
    was typed is not 18 digits whose check digit holds."""
    digits = digits_typed(text)
    if digits is None or len(digits) != DIGITS or check_digit(digits) != 0:
        return None
    return int(digits)


def looks_like_ticket(digits: str) -> bool:
    """18 digits: meant as a validation number, whether its check digit holds or not."""
    return len(digits) == DIGITS and digits.isdigit()
