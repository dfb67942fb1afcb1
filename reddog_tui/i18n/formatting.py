"""Numbers, percentages and amounts in the current language's own style.

Every number a person sees follows CLDR's rules for its language (Babel's data, with an
explicit locale), so a German screen shows `1.250`, a French one `1 250` and an English
one `1,250`, whatever the machine's locale is. Polish groups only from five digits on:
`1250`, `12 500`.
"""

from __future__ import annotations

import copy
import re
from fractions import Fraction
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from ..engine import validation
from . import BABEL_LOCALES, current_language, ngettext

if TYPE_CHECKING:
    from babel import Locale

# CLDR's minimumGroupingDigits where it is not 1: Polish writes 1000 and 9999 without a
# separator and groups from 10 000 on. Babel ignores this setting, so it is applied here.
MIN_GROUPING_DIGITS: dict[str, int] = {"pl": 2}
# CLDR's digit-group separator of each language, held here so that whole numbers (nearly every
# number on a screen) need none of Babel's locale data, whose loading would slow the start.
# A test holds this table to Babel's; decimals, percentages, lists and dates still come from Babel.
GROUP_SEPARATORS: dict[str, str] = {"de": ".", "pl": "\u00a0", "fr": "\u202f", "it": ".", "en": ","}
# English prose lists "1, 5 and 25" without a serial comma; en_US writes one, so English lists
# take international English's pattern (en_001), which differs from en_US in nothing else used here.
LIST_LOCALES: dict[str, str] = {"en": "en_001"}
# Polish keeps a one-letter word (a conjunction or preposition) on the line of the next word.
_POLISH_ONE_LETTER_WORD = re.compile(r"(?<!\S)([aiouwzAIOUWZ]) ")


@cache
def babel_locale(language: str) -> Locale:
    from babel import Locale

    return Locale.parse(BABEL_LOCALES.get(language, "en_US"))


def _grouped(value: float | Fraction, language: str) -> bool:
    """Whether the whole part of `value` is long enough to be written in groups."""
    digits = len(str(abs(int(value))))
    return digits >= 3 + MIN_GROUPING_DIGITS.get(language, 1)


def number(value: int, language: str | None = None) -> str:
    """A whole number with the language's grouping: 1,250 / 1.250 / 1250 but 12 500 in Polish."""
    return _number(value, language or current_language())


# A screen shows the same few numbers again and again (credits, the ante, the chips, the odds):
# each is formatted once per language.
@lru_cache(maxsize=4096)
def _number(value: int, language: str) -> str:
    digits = str(abs(value))
    if _grouped(value, language):
        digits = f"{abs(value):,}".replace(",", GROUP_SEPARATORS[language])
    return f"-{digits}" if value < 0 else digits


def decimal(value: float | Fraction, digits: int, language: str | None = None) -> str:
    """A number with exactly `digits` decimals in the language's style."""
    language = language or current_language()
    locale = babel_locale(language)
    pattern = copy.copy(locale.decimal_formats[None])
    pattern.frac_prec = (digits, digits)
    return pattern.apply(float(value), locale, group_separator=_grouped(value, language))


def percent(value: float | Fraction, digits: int = 2, language: str | None = None) -> str:
    """A share as a percentage with `digits` decimals: 96.84% / 96,84 % ..."""
    language = language or current_language()
    locale = babel_locale(language)
    pattern = copy.copy(locale.percent_formats[None])
    pattern.frac_prec = (digits, digits)
    return pattern.apply(float(value), locale, group_separator=_grouped(value * 100, language))


def odds(times: int, language: str | None = None) -> str:
    """Payout odds "X:1" (R9) with X in the language's digits."""
    return f"{number(times, language)}:1"


def listing(items: list[str], language: str | None = None) -> str:
    """Items joined as the language lists them (1, 5 and 25); a Polish "i" is held to the next item."""
    from babel.lists import format_list

    language = language or current_language()
    text = format_list(items, locale=LIST_LOCALES.get(language) or babel_locale(language))
    return _POLISH_ONE_LETTER_WORD.sub("\\1\u00a0", text) if language == "pl" else text


def voucher_number(value: int) -> str:
    """A voucher's number as printed on it, in every language: a hall's validation number in its
    groups (12-3456-7890-1234-5678), a kiosk's own in plain digits, at least six.

    It is read and typed digit by digit, so it never takes a language's thousands separators.
    """
    return validation.grouped(value) if len(str(value)) == validation.DIGITS else f"{value:06d}"


def voucher_number_end(end: str) -> str:
    """A voucher shown where only the last four digits of its number may be seen (the hall's
    floor console): its printed groups with the others hidden, **-****-****-****-5678."""
    return validation.grouped(0)[: -len(end)].replace("0", "*") + end


def credits(amount: int) -> str:
    """An amount with its noun in the right plural form: 1 credit, 2 kredyty, 5 kredytów."""
    return ngettext("{amount} credit", "{amount} credits", amount).format(amount=number(amount))
