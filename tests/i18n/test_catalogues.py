"""The catalogues: up to date with the code, complete, clean, in every language."""

from __future__ import annotations

import re
import unicodedata

import pytest
from babel.messages.plurals import get_plural

from reddog_tui.i18n import LANGUAGES, catalogue
from reddog_tui.i18n.catalogues import extract, po_path, pot_path, read

PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def key(message) -> tuple[str | None, str]:
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    return message.context, msgid


def entries(catalog) -> dict:
    return {key(m): m for m in catalog if m.id}


def test_pot_is_up_to_date_with_the_code():
    """Babel extraction of the package now gives exactly the msgids of locales/reddog.pot."""
    extracted = set(entries(extract()))
    stored = set(entries(read(pot_path())))
    assert extracted - stored == set(), "strings in the code missing from the .pot: run catalogues update"
    assert stored - extracted == set(), "stale strings in the .pot: run catalogues update"


@pytest.mark.parametrize("language", LANGUAGES)
def test_po_translates_every_msgid(language):
    template = entries(read(pot_path()))
    catalog = read(po_path(language), language)
    found = entries(catalog)
    assert set(template) - set(found) == set(), f"{language}: msgids missing"
    for k, message in found.items():
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings), f"{language}: untranslated {k}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_fuzzy_or_obsolete_entries(language):
    catalog = read(po_path(language), language)
    assert not catalog.fuzzy, f"{language}: the header is marked fuzzy"
    assert [key(m) for m in catalog if m.id and m.fuzzy] == []
    assert list(catalog.obsolete) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_placeholders_identical(language):
    """A translation keeps every {placeholder} of its msgid, no more and no fewer.

    The first plural form stands for one in all five languages, so it follows
    the singular msgid ("The last settled round:" needs no count); every other
    form follows the plural msgid.
    """
    for message in read(po_path(language), language):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for index, text in enumerate(strings):
            source = ids[0] if index == 0 else ids[-1]
            wanted = sorted(PLACEHOLDER.findall(source))
            assert sorted(PLACEHOLDER.findall(text)) == wanted, f"{language}: {ids[0]!r} -> {text!r}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_plural_forms_header(language):
    """Plural-Forms is the language's own (Polish has three forms)."""
    catalog = read(po_path(language), language)
    expected = get_plural(language)
    assert catalog.num_plurals == expected.num_plurals
    assert catalog.plural_expr.replace(" ", "") == expected.plural_expr.replace(" ", "")
    for message in catalog:
        if message.pluralizable and message.id:
            assert len(message.string) == expected.num_plurals
    if language == "pl":
        assert expected.num_plurals == 3


@pytest.mark.parametrize("language", LANGUAGES)
def test_text_is_nfc(language):
    raw = po_path(language).read_text(encoding="utf-8")
    assert unicodedata.normalize("NFC", raw) == raw


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalogue_loads_and_translates(language):
    """The compiled catalogue really answers (not the English fallback)."""
    translated = catalogue(language).gettext("DEAL")
    expected = {"en": "DEAL", "de": "GEBEN", "pl": "ROZDAJ", "fr": "DISTRIBUER", "it": "GIOCA"}
    assert translated == expected[language]


def test_polish_three_plural_forms():
    polish = catalogue("pl")
    forms = [polish.ngettext("{amount} credit", "{amount} credits", n) for n in (1, 2, 5, 22, 25, 112)]
    # The number keeps its unit on its line: a no-break space between them.
    assert forms == [
        "{amount}\u00a0kredyt",
        "{amount}\u00a0kredyty",
        "{amount}\u00a0kredytów",
        "{amount}\u00a0kredyty",
        "{amount}\u00a0kredytów",
        "{amount}\u00a0kredytów",
    ]
