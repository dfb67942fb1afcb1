"""Numbers and amounts in each language's own style, and the English fallback for a broken catalogue."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reddog_tui import i18n
from reddog_tui.i18n import formatting


@pytest.fixture(autouse=True)
def back_to_english():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(
    "language, expected",
    [("en", "1,250"), ("de", "1.250"), ("pl", "1250"), ("fr", "1\u202f250"), ("it", "1.250")],
)
def test_grouping_follows_the_language(language, expected):
    assert formatting.number(1250, language) == expected
    i18n.set_language(language)
    assert formatting.number(1250) == expected  # the current language when none is given


@pytest.mark.parametrize("language, expected", [("en", "96.84%"), ("de", "96,84\u00a0%"), ("fr", "96,84\u00a0%")])
def test_percent_two_decimals(language, expected):
    assert formatting.percent(0.968446, 2, language) == expected


@pytest.mark.parametrize(
    "value, expected",
    [(1000, "1000"), (9999, "9999"), (-9999, "-9999"), (10_000, "10\u00a0000"), (1_000_000, "1\u00a0000\u00a0000")],
)
def test_polish_groups_digits_only_from_five_on(value, expected):
    """CLDR's minimum grouping digits for Polish is 2: 1000 and 9999 stay whole, 10 000 is grouped."""
    assert formatting.number(value, "pl") == expected


def test_polish_grouping_rule_holds_for_decimals_and_percentages():
    assert formatting.decimal(9999.5, 1, "pl") == "9999,5"
    assert formatting.decimal(12345.5, 1, "pl") == "12\u00a0345,5"
    assert formatting.percent(12.5, 0, "pl") == "1250%"
    assert formatting.number(1000, "de") == "1.000"  # the rule is Polish only


@pytest.mark.parametrize(
    "language, expected",
    [("de", "1, 5 und 25"), ("pl", "1, 5 i\u00a025"), ("fr", "1, 5 et 25")],
)
def test_lists_in_the_language_keep_polish_i_with_the_next_item(language, expected):
    assert formatting.listing(["1", "5", "25"], language) == expected


def test_odds_notation():
    assert formatting.odds(11, "de") == "11:1"  # R9


@pytest.mark.parametrize(
    "language, amounts, expected",
    [
        ("en", (1, 2, 1000), ["1\u00a0credit", "2\u00a0credits", "1,000\u00a0credits"]),
        ("de", (1, 2, 1000), ["1\u00a0Punkt", "2\u00a0Punkte", "1.000\u00a0Punkte"]),
        (
            "pl",
            (1, 3, 5, 22, 1000),
            ["1\u00a0kredyt", "3\u00a0kredyty", "5\u00a0kredytów", "22\u00a0kredyty", "1000\u00a0kredytów"],
        ),
        ("fr", (0, 1, 2), ["0\u00a0crédit", "1\u00a0crédit", "2\u00a0crédits"]),
        ("it", (1, 2), ["1\u00a0credito", "2\u00a0crediti"]),
    ],
)
def test_credits_plural_forms(language, amounts, expected):
    i18n.set_language(language)
    assert [formatting.credits(n) for n in amounts] == expected


def test_broken_catalogue_falls_back_to_english(tmp_path, monkeypatch):
    """A catalogue that cannot be read gives English text and is reported, never an exception."""
    broken = tmp_path / "locales" / "de" / "LC_MESSAGES"
    broken.mkdir(parents=True)
    (broken / "reddog.po").write_bytes(b'msgid "DEAL"\nmsgstr "GEBEN\n\x00\xff garbage')
    monkeypatch.setattr(i18n, "locales_dir", lambda: tmp_path / "locales")
    monkeypatch.setattr(i18n, "_catalogues", {})
    monkeypatch.setattr(i18n, "_failed", set())
    i18n.set_language("de")
    assert i18n._("DEAL") == "DEAL"
    assert "de" in i18n.failed_languages()


def test_installed_layout_is_found(tmp_path, monkeypatch):
    """locales_dir() finds the catalogues of this checkout (the wheel test covers the installed layout)."""
    assert (i18n.locales_dir() / "de" / "LC_MESSAGES" / "reddog.po").is_file()


@settings(max_examples=300, deadline=None)
@given(value=st.integers(min_value=-(10**12), max_value=10**12), language=st.sampled_from(i18n.LANGUAGES))
def test_whole_numbers_are_written_as_babel_writes_them(value, language):
    """Whole numbers are grouped from the separators held in `formatting` (no locale data at the
    start); they must read exactly as Babel's own formatting, with Polish grouping from five digits."""
    from babel.numbers import format_decimal

    grouped = len(str(abs(value))) >= 3 + formatting.MIN_GROUPING_DIGITS.get(language, 1)
    expected = format_decimal(value, locale=formatting.babel_locale(language), group_separator=grouped)
    assert formatting.number(value, language) == expected


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_each_language_has_babels_group_separator(language):
    assert formatting.GROUP_SEPARATORS[language] == formatting.babel_locale(language).number_symbols["latn"]["group"]
