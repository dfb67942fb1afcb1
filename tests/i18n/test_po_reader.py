"""The kiosk's own .po reader gives exactly what Babel reads from the same files."""

import gettext

import pytest
from babel.messages.pofile import read_po

from reddog_tui.i18n import LANGUAGES, locales_dir
from reddog_tui.i18n.po_reader import read_po_translations


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_entry_reads_as_babel_reads_it(language):
    path = locales_dir() / language / "LC_MESSAGES" / "reddog.po"
    ours = read_po_translations(path)
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=language)
    plural_index = gettext.c2py(catalog.plural_expr)
    checked = 0
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            singular, plural = message.id
            for n in (0, 1, 2, 4, 5, 12, 22, 101):
                expected = message.string[plural_index(n)] or (singular if n == 1 else plural)
                if message.context:
                    assert ours.npgettext(message.context, singular, plural, n) == expected
                else:
                    assert ours.ngettext(singular, plural, n) == expected
        elif message.context:
            assert ours.pgettext(message.context, message.id) == (message.string or message.id)
        else:
            assert ours.gettext(message.id) == (message.string or message.id)
        checked += 1
    assert checked > 100


def test_fuzzy_obsolete_and_empty_entries_fall_back_to_the_msgid(tmp_path):
    po = tmp_path / "x.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && '
        '(n%100<10 || n%100>=20) ? 1 : 2);\\n"\n\n'
        '#, fuzzy\nmsgid "Deal"\nmsgstr "Rozdaj"\n\n'
        '#~ msgid "Old"\n#~ msgstr "Stary"\n\n'
        'msgid "Empty"\nmsgstr ""\n\n'
        'msgctxt "key"\nmsgid "L"\nmsgstr "J"\n\n'
        'msgid "Say \\"hi\\"\\n"\nmsgstr ""\n"Powiedz "\n"\\"cześć\\"\\n"\n\n'
        'msgid "{n} credit"\nmsgid_plural "{n} credits"\nmsgstr[0] "{n} kredyt"\nmsgstr[1] "{n} kredyty"\n'
        'msgstr[2] "{n} kredytów"\n',
        encoding="utf-8",
    )
    ours = read_po_translations(po)
    assert ours.gettext("Deal") == "Deal"  # fuzzy is never shown
    assert ours.gettext("Old") == "Old"
    assert ours.gettext("Empty") == "Empty"
    assert ours.pgettext("key", "L") == "J" and ours.gettext("L") == "L"
    assert ours.gettext('Say "hi"\n') == 'Powiedz "cześć"\n'
    assert [ours.ngettext("{n} credit", "{n} credits", n) for n in (1, 3, 5, 22)] == [
        "{n} kredyt",
        "{n} kredyty",
        "{n} kredytów",
        "{n} kredyty",
    ]


def test_a_plural_left_empty_or_missing_falls_back_as_gettext_does(tmp_path):
    po = tmp_path / "x.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && '
        '(n%100<10 || n%100>=20) ? 1 : 2);\\n"\n\n'
        'msgid "{n} chip"\nmsgid_plural "{n} chips"\nmsgstr[0] "{n} żeton"\nmsgstr[1] ""\nmsgstr[2] ""\n',
        encoding="utf-8",
    )
    ours, null = read_po_translations(po), gettext.NullTranslations()
    assert ours.ngettext("{n} chip", "{n} chips", 1) == "{n} żeton"
    assert ours.ngettext("{n} chip", "{n} chips", 3) == "{n} chips"  # an empty form is the English one
    for n in (0, 1, 2, 5):  # not in the file at all: English's own rule, 1 alone is singular
        assert ours.ngettext("{n} card", "{n} cards", n) == null.ngettext("{n} card", "{n} cards", n)


def test_a_broken_file_is_refused_with_its_line(tmp_path):
    po = tmp_path / "broken.po"
    po.write_text('msgid "a"\nmsgstr "b"\nthis is not gettext\n', encoding="utf-8")
    with pytest.raises(ValueError, match=":3:"):
        read_po_translations(po)
