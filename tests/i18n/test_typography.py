"""Typography of every translation, as GLOSSARY.md's notes set it for each language.

Dashes: German, Polish, French and Italian use a spaced en dash ( – ) in running
text, English an em dash (—); an unspaced en dash stays for ranges (1–8).
Quotes: each language its own pair. Apostrophes: one style per language.
No-break spaces: French U+00A0 before :, U+202F before ; ? ! and inside « »; Polish after a
one-letter word; every language between a number and its unit.
"""

from __future__ import annotations

import re

import pytest

from reddog_tui.i18n import LANGUAGES
from reddog_tui.i18n.catalogues import po_path, read
from reddog_tui.i18n.formatting import listing

NO_BREAK = "\u00a0\u202f"  # the no-break space and the narrow one

# The quotation marks each language writes (opening, closing).
QUOTES = {"en": "“”", "de": "„“", "pl": "„”", "fr": "«»", "it": "«»"}
ALL_QUOTES = '"“”„«»‚‘'

# Words that name a unit after a number, in every form the catalogues use.
UNITS = {
    "en": r"credits?|hours?|minutes?|seconds?|cards|decks?|digits|rounds?",
    "de": r"Punkte?|Stunden?|Minuten?|Sekunden?|Karten|Kartendecks?|Ziffern|Runden?",
    "pl": r"kredyt(?:y|ów)?|godzin[ęy]?|minut[ęy]?|sekund[ęy]?|kart[ay]?|tali[aei]?|cyfr|rund[ay]?",
    "fr": r"crédits?|heures?|minutes?|secondes?|cartes|jeux?|chiffres|manches?|valeurs?|degrés?",
    "it": r"credit[oi]|or[ae]|minut[oi]|second[oi]|carte|mazz[oi]|cifre|man[oi]|valor[ei]|grad[oi]",
}


def translations(language: str) -> list[tuple[str, str]]:
    """(msgid, msgstr) for every form of every entry."""
    found = []
    for message in read(po_path(language), language):
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found += [(msgid, text) for text in strings]
    return found


def offending(language: str, pattern: str) -> list[str]:
    found = re.compile(pattern)
    return [text for _msgid, text in translations(language) if found.search(text)]


@pytest.mark.parametrize("language", ["de", "pl", "fr", "it"])
def test_spaced_en_dash_not_em_dash(language):
    assert offending(language, "—") == []
    assert offending(language, r"\S–\s|\s–\S") == []  # an en dash is spaced on both sides, or on none


def test_english_em_dash_not_spaced_en_dash():
    """A spaced en dash stays only between two filled-in values, as a range (95.0% – 97.1%)."""
    assert offending("en", r"(?<!\})\s–\s|\s–\s(?!\{)") == []


def test_english_lists_have_no_serial_comma_in_prose_or_in_filled_in_lists():
    """One list style for English: "1, 5 and 25", whether Babel joins the items or a sentence does."""
    assert listing(["1", "5", "25"], "en") == "1, 5 and 25"
    assert listing(["1", "5", "10", "25", "100"], "en") == "1, 5, 10, 25 and 100"
    # A comma before "and"/"or" only joins two clauses; after a short list item it is a serial comma.
    assert offending("en", r",\s[^,.;:!?—]{1,40},\s(?:and|or)\s") == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_quotation_marks_of_the_language(language):
    """Only the language's own pair, each opening quote closed."""
    opening, closing = QUOTES[language]
    foreign = "".join(q for q in ALL_QUOTES if q not in QUOTES[language])
    assert offending(language, f"[{re.escape(foreign)}]") == []
    for _msgid, text in translations(language):
        assert text.count(opening) == text.count(closing), text


@pytest.mark.parametrize("language", LANGUAGES)
def test_one_apostrophe_style(language):
    straight = offending(language, r"\w'\w")
    curly = offending(language, r"\w’\w")
    assert not (straight and curly), f"both styles: {straight[:1]} and {curly[:1]}"


def test_french_no_break_space_before_high_punctuation_and_inside_guillemets():
    """A word-wide no-break space (U+00A0) before a colon; a narrow one (U+202F) before ; ? !
    and inside « ». An odds ratio "5:1", a time "18:00" or an address "postgresql://" is no punctuation."""
    assert offending("fr", r"(?<!\u00a0):(?!\d|//)") == []
    assert offending("fr", r"(?<!\u202f)[;?!]") == []
    assert offending("fr", r"«(?!\u202f)|(?<!\u202f)»") == []


def test_polish_one_letter_words_stay_with_the_next_word():
    assert offending("pl", r"(?<![\w{])[aiouwzAIOUWZ] ") == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_number_and_unit_on_one_line(language):
    """A count, written or filled in, is joined to its unit by a no-break space."""
    assert offending(language, rf"(?:\d|\{{\w+\}}) (?:{UNITS[language]})\b") == []
    counted = [(msgid, text) for msgid, text in translations(language) if re.fullmatch(r"\{(?:amount|n)\} \w+", msgid)]
    assert len(counted) == 4 * 2 or (language == "pl" and len(counted) == 4 * 3)
    for msgid, text in counted:
        assert re.match(rf"\{{(?:amount|n)\}}[{NO_BREAK}]", text), (msgid, text)


# A trailing ellipsis (a sentence left open, "Connecting…"): German sets it off with a no-break
# space, so it never wraps onto a line of its own; the other four languages close it up to the
# word. An ellipsis standing for a number between words ("every … minutes") is spaced in every
# language and is not trailing.
SPACED_ELLIPSIS = {"de": True, "pl": False, "fr": False, "it": False, "en": False}


@pytest.mark.parametrize("language", LANGUAGES)
def test_trailing_ellipsis_spacing(language):
    trailing = [text for _msgid, text in translations(language) if text.rstrip().endswith("…")]
    assert trailing  # the catalogue has some, so the rule below is tested
    before = "\u00a0" if SPACED_ELLIPSIS[language] else ""
    wrong = [text for text in trailing if text.rstrip()[:-1].rstrip(" \u00a0") + before != text.rstrip()[:-1]]
    assert wrong == []
