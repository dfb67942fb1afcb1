"""Catalogues, the current language and locale-aware formatting.

One catalogue is current at a time; `_()` and `ngettext()` look it up on every
call, so a language switch shows at the next render. The `.po` files are the
only source: they are read into memory when first needed, so no stale `.mo`
can ever be loaded.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Language:
    """One language of the kiosk: its code, its own name (never translated) and Babel's locale."""

    code: str
    name: str
    babel_locale: str


# The one list of languages, in the one order: the welcome screen lists them so, and the
# `l` key steps through them so (after the last comes the first).
LANGUAGE_REGISTRY: tuple[Language, ...] = (
    Language("de", "Deutsch", "de_DE"),
    Language("pl", "Polski", "pl_PL"),
    Language("fr", "Français", "fr_FR"),
    Language("it", "Italiano", "it_IT"),
    Language("en", "English", "en_US"),
)
LANGUAGES: tuple[str, ...] = tuple(language.code for language in LANGUAGE_REGISTRY)
LANGUAGE_NAMES: dict[str, str] = {language.code: language.name for language in LANGUAGE_REGISTRY}
BABEL_LOCALES: dict[str, str] = {language.code: language.babel_locale for language in LANGUAGE_REGISTRY}
DOMAIN = "reddog"
DEFAULT_LANGUAGE = "en"

_catalogues: dict[str, gettext.NullTranslations] = {}
_failed: set[str] = set()
_current: str = DEFAULT_LANGUAGE
# Characters the screen's font lacks, replaced in every translated text (see set_character_fallback).
_fallback: dict[int, str] = {}


def locales_dir() -> Path:
    """The installed package carries `locales/` inside; a checkout has it beside."""
    package = Path(__file__).resolve().parent.parent
    for candidate in (package / "locales", package.parent / "locales"):
        if candidate.is_dir():
            return candidate
    return package / "locales"


def _load(language: str) -> gettext.NullTranslations:
    from .po_reader import read_po_translations

    return read_po_translations(locales_dir() / language / "LC_MESSAGES" / f"{DOMAIN}.po")


def catalogue(language: str) -> gettext.NullTranslations:
    """The compiled catalogue; English-as-written if it cannot be loaded."""
    found = _catalogues.get(language)
    if found is None:
        try:
            found = _load(language)
        except Exception:  # a broken or missing file must never stop the kiosk
            _failed.add(language)
            found = gettext.NullTranslations()
        _catalogues[language] = found
    return found


def failed_languages() -> frozenset[str]:
    """Languages whose catalogue could not be loaded (shown as a notice)."""
    return frozenset(_failed)


def set_language(language: str) -> None:
    global _current
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}")
    catalogue(language)
    _current = language


def current_language() -> str:
    return _current


def set_character_fallback(table: Mapping[int, str]) -> None:
    """Replace these characters (code point -> text) in every translated text from now on.

    The Linux console's fonts lack some typographic characters; the UI sets this once at
    start, so no screen has to know which ones.
    """
    _fallback.clear()
    _fallback.update(table)


def _fitted(text: str) -> str:
    return text.translate(_fallback) if _fallback else text


def _(message: str) -> str:
    return _fitted(catalogue(_current).gettext(message))


def gettext_in(language: str, message: str) -> str:
    """`message` in `language`, whatever the current language (attract mode shows each in its own)."""
    return _fitted(catalogue(language).gettext(message))


def ngettext(singular: str, plural: str, n: int) -> str:
    return _fitted(catalogue(_current).ngettext(singular, plural, n))


def pgettext(context: str, message: str) -> str:
    """A message whose meaning depends on `context` (a card rank letter, say)."""
    return _fitted(catalogue(_current).pgettext(context, message))


def N_(message: str) -> str:
    """Marks a string for extraction; it is translated where it is shown."""
    return message


def _language_of(locale_name: str) -> str | None:
    """The language of a locale name such as `de_DE.UTF-8`, `pl` or `fr_CA@euro`, if it is one of ours."""
    from babel.core import negotiate_locale, parse_locale

    try:
        code = parse_locale(locale_name.strip())[0]
    except ValueError:
        return None
    return negotiate_locale([code], LANGUAGES)


def system_language(environ: Mapping[str, str] | None = None) -> str | None:
    """The system's language when it is one of ours, chosen as GNU gettext chooses a catalogue.

    `LANGUAGE` is a list of preferences (`fr:de`): the first one we have wins. Otherwise the
    first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set decides alone (`C` means none of ours).
    """
    environ = os.environ if environ is None else environ
    for preference in environ.get("LANGUAGE", "").split(":"):
        language = _language_of(preference) if preference else None
        if language is not None:
            return language
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            return _language_of(value)
    return None


def next_language(language: str) -> str:
    """The `l` key: the next language of the registry's order, the first after the last."""
    return LANGUAGES[(LANGUAGES.index(language) + 1) % len(LANGUAGES)]
