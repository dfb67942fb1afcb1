"""Validation numbers of hall vouchers: 18 digits no one can guess, tied to their hall.

    HHHH RRRRRRRRRRRRR C
    hall   random      check

- HHHH: the hall's identifier (1000-9999), drawn once when the hall is set up, so a voucher of
  one hall is never mistaken for one of another and every number has exactly 18 digits;
- 13 random digits from the injected random source (`secrets.SystemRandom()` in play): a
  guess hits one of a million live vouchers about once in ten million tries;
- C: a Damm check digit, which catches every single wrong digit and every swap of two
  neighbouring digits, so a typo is caught at the keyboard before the hall is asked.

A number is printed and shown grouped (12-3456-7890-1234-5678), never with a language's
thousands separators; typing accepts it with or without the hyphens and spaces. A kiosk on
its own numbers its vouchers 1, 2, 3 …: those are at most 8 digits and never look like these.
"""

from __future__ import annotations

import random
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


def new_hall_id(rng: random.Random) -> int:
    return rng.randint(HALL_ID_LOW, HALL_ID_HIGH)


def new_number(hall_id: int, rng: random.Random) -> int:
    """A fresh validation number of hall `hall_id`."""
    if not HALL_ID_LOW <= hall_id <= HALL_ID_HIGH:
        raise ValueError(f"hall identifier {hall_id} is not between {HALL_ID_LOW} and {HALL_ID_HIGH}")
    body = f"{hall_id}{rng.randrange(10**RANDOM_DIGITS):0{RANDOM_DIGITS}d}"
    return int(f"{body}{check_digit(body)}")


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
