"""Numbers, percentages and amounts in the current language's own style.

Every number a person sees goes through Babel with an explicit locale, so a
German screen shows `1.250`, a French or Polish one `1 250` and an English one
`1,250`, whatever the machine's locale is.
"""

from __future__ import annotations

import copy
from fractions import Fraction
from functools import lru_cache

from babel import Locale
from babel.numbers import format_decimal

from . import current_language, ngettext

# Babel's locale for each of our languages.
BABEL_LOCALES: dict[str, str] = {"en": "en_US", "de": "de_DE", "pl": "pl_PL", "fr": "fr_FR", "it": "it_IT"}


@lru_cache(maxsize=None)
def babel_locale(language: str) -> Locale:
    return Locale.parse(BABEL_LOCALES.get(language, "en_US"))


def number(value: int, language: str | None = None) -> str:
    """A whole number with the language's grouping: 1,250 / 1.250 / 1 250."""
    return format_decimal(value, locale=babel_locale(language or current_language()))


def decimal(value: float | Fraction, digits: int, language: str | None = None) -> str:
    """A number with exactly `digits` decimals in the language's style."""
    locale = babel_locale(language or current_language())
    pattern = copy.copy(locale.decimal_formats[None])
    pattern.frac_prec = (digits, digits)
    return pattern.apply(float(value), locale)


def percent(value: float | Fraction, digits: int = 2, language: str | None = None) -> str:
    """A share as a percentage with `digits` decimals: 96.84% / 96,84 % ..."""
    locale = babel_locale(language or current_language())
    pattern = copy.copy(locale.percent_formats[None])
    pattern.frac_prec = (digits, digits)
    return pattern.apply(float(value), locale)


def odds(times: int, language: str | None = None) -> str:
    """Payout odds "X:1" (R9) with X in the language's digits."""
    return f"{number(times, language)}:1"


def credits(amount: int) -> str:
    """An amount with its noun in the right plural form: 1 credit, 2 kredyty, 5 kredytów."""
    return ngettext("{amount} credit", "{amount} credits", amount).format(amount=number(amount))
