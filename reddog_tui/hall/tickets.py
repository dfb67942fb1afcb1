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

from ..engine.validation import (
    DIGITS,
    GROUPS,
    HALL_ID_HIGH,
    HALL_ID_LOW,
    RANDOM_DIGITS,
    check_digit,
    digits_typed,
    grouped,
    hall_of,
    is_ticket,
    typed_ticket,
)

__all__ = [
    "DIGITS",
    "GROUPS",
    "HALL_ID_HIGH",
    "HALL_ID_LOW",
    "RANDOM_DIGITS",
    "check_digit",
    "digits_typed",
    "grouped",
    "hall_of",
    "is_ticket",
    "new_hall_id",
    "new_number",
    "typed_ticket",
]


def new_hall_id(rng: random.Random) -> int:
    return rng.randint(HALL_ID_LOW, HALL_ID_HIGH)


def new_number(hall_id: int, rng: random.Random) -> int:
    """A fresh validation number of hall `hall_id`."""
    if not HALL_ID_LOW <= hall_id <= HALL_ID_HIGH:
        raise ValueError(f"hall identifier {hall_id} is not between {HALL_ID_LOW} and {HALL_ID_HIGH}")
    body = f"{hall_id}{rng.randrange(10**RANDOM_DIGITS):0{RANDOM_DIGITS}d}"
    return int(f"{body}{check_digit(body)}")
