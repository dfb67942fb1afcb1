"""The rules help (f1) in all five languages, read from the real catalogues.

Each language must cover every section, name the terms and examples of its
own source rule text (GLOSSARY.md, RULES.md R5–R6), and show the PAR figures
for the table's number of decks in that language's number format.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

from reddog_tui import i18n
from reddog_tui.engine import HandKind, TableConfig, compute_par
from reddog_tui.engine.cards import RANKS
from reddog_tui.i18n import rules_help
from reddog_tui.i18n.rules_help import (
    Bullets,
    Paragraph,
    Subheading,
    Table,
    plain_text,
    render_rules,
    source_messages,
)

LANGUAGES = ("en", "de", "pl", "fr", "it")
SECTION_ORDER = (
    "about",
    "cards",
    "ante",
    "deal",
    "cases",
    "raise",
    "third_card",
    "pay_table",
    "push",
    "rebet",
    "progressive",
    "settings",
    "keys",
    "rtp",
)
PLACEHOLDER = re.compile(r"\{(\w+)\}")

# GLOSSARY.md button labels: deal, raise, call, rebet, new bet, collect.
BUTTONS = {
    "en": ("DEAL", "RAISE", "CALL", "REBET", "NEW BET", "COLLECT"),
    "de": ("GEBEN", "ERHÖHEN", "HALTEN", "NOCHMAL", "NEUE WETTE", "EINSTREICHEN"),
    "pl": ("ROZDAJ", "PODBIJ", "CZEKAJ", "PONÓW", "NOWY ZAKŁAD", "ODBIERZ"),
    "fr": ("DISTRIBUER", "OUI", "NON", "REMISER", "NOUVELLE MISE", "ENCAISSER"),
    "it": ("GIOCA", "RILANCIA", "CHIAMA", "RIPETI", "NUOVA PUNTATA", "RITIRA"),
}
# GLOSSARY.md card names for Jack, Queen, King, Ace (R2: 11–14).
CARD_NAMES = {
    "en": ("Jack", "Queen", "King", "Ace"),
    "de": ("Bube", "Dame", "König", "Ass"),
    "pl": ("Walet", "Dama", "Król", "As"),
    "fr": ("Valet", "Dame", "Roi", "As"),
    "it": ("Jack", "Regina", "Re", "Asso"),
}
# GLOSSARY.md: what a push is called in each language's pay table.
PUSH_WORD = {"en": "Push", "de": "Push", "pl": "remis", "fr": "Push", "it": "Pareggio"}

# Each source's terms and examples, by the section that must show them (R5, R6, R7).
SOURCE_TERMS: dict[str, dict[str, tuple[str, ...]]] = {
    "de": {  # 000: 2 und Bube → 8 (3…10), 5 und 6, Dame und König, zwei Könige, ERHÖHEN/HALTEN, mouse
        "ante": ("Wetteinsatz", "Spielmarke", "linken Maustaste", "rechten Maustaste"),
        "deal": ("Croupier",),
        "cases": (
            "Aufeinanderfolgendes Blatt",
            "5 und 6",
            "Dame und König",
            "Paar",
            "zwei Könige",
            "drei gleiche Werte",
            "6-6-6",
            "Nicht aufeinanderfolgendes Blatt",
            "Wertunterschied",
            "eine 2 und einen Buben",
            "3, 4, 5, 6, 7, 8, 9 und 10",
            "Wertunterschied ist also 8",
            "„Red Dog“",
        ),
        "raise": ("ERHÖHEN", "HALTEN"),
        "third_card": ("eine 2 und ein Bube", "Push"),
        "pay_table": ("Auszahlung",),
        "progressive": ("Höchstgewinn",),
        "settings": ("Spieleinstellungen", "Soundeffekte", "Schnelles Spiel", "Progressive Wette"),
    },
    "pl": {  # 001: Spread/Cons/Pair/3 of a kind kept in English, 2 i 6 → 3, 2 i 3, 2 i 2, 6-6-6
        "about": ("krupier", "dowolna liczba graczy"),
        "ante": ("zakład", "żeton"),
        "cases": (
            "Cons",
            "kolejne wartości",
            "2 i 3",
            "Spread wynosi wtedy 0",
            "Pair",
            "takie same wartości",
            "2 i 2",
            "3 of a kind",
            "6-6-6",
            "Spread",
            "2 i 6",
            "Spread wynosi 3",
            "„Red Dog”",
        ),
        "raise": ("PODBIJ", "CZEKAJ", "od 1 do 11"),
        "third_card": ("2 i 6",),
        "pay_table": ("Spread", "Wypłata", "Cons", "Pair", "3 of a kind", "remis"),
        "progressive": ("Zakład progresywny", "Maksymalna wygrana"),
        "settings": ("ustawienia gry", "efekty dźwiękowe", "szybką grę"),
    },
    "fr": {  # 002: OUI/NON to « augmenter l'enjeu ? », 4 et Valet → 6 (5…10), 7 et 8, Dame et Roi
        "about": ("Chien rouge", "croupier"),
        "ante": ("enjeu", "jeton", "clic gauche", "clic droit"),
        "cases": (
            "Main consécutive",
            "7 et 8",
            "Dame et Roi",
            "paire",
            "deux Valets",
            "brelan",
            "trois cartes de même valeur",
            "6-6-6",
            "Main non-consécutive",
            "séquence",
            "un 4 et un Valet",
            "5, 6, 7, 8, 9 et 10",
            "séquence vaut donc 6",
            "« Red Dog »",
        ),
        "raise": ("augmenter l'enjeu ?", "OUI", "NON", "relance"),
        "third_card": ("un 4 et un Valet", "Push"),
        "pay_table": ("Paiement", "taux"),
        "progressive": ("mise progressive", "Gain maximal"),
        "settings": ("Réglages du jeu", "effets sonores", "jeu rapide"),
    },
    "it": {  # 003: 5 e 10 → 4, 5 e 6, tris, RILANCIA/CHIAMA, RITIRA/GIOCA, Scommessa progressiva
        "ante": ("scommessa Ante", "gettoni"),
        "deal": ("banco",),
        "cases": (
            "Carte consecutive",
            "un 5 e un 6",
            "Due carte uguali",
            "tris",
            "6-6-6",
            "scarto",
            "un 5 e un 10",
            "scarto è 4",
            "«Red Dog»",
        ),
        "raise": ("RILANCIA", "CHIAMA", "raddoppia"),
        "third_card": ("un 5 e un 10",),
        "pay_table": ("Scarto", "Pagamento", "Pareggio", "2 carte uguali"),
        "progressive": ("Scommessa progressiva", "Impostazioni di gioco", "Vincita massima"),
        "settings": ("Impostazioni di gioco", "effetti sonori", "gioco veloce"),
    },
    "en": {  # 004: 2 and 6 → 3, 5 and 10 → 4, REBET/NEW BET/COLLECT/DEAL, max winnings, settings
        "ante": ("ante", "chip", "left click", "right click"),
        "cases": (
            "Consecutive",
            "7 and 8",
            "Queen and King",
            "Pair",
            "two Kings",
            "three of a kind",
            "6-6-6",
            "spread",
            "a 5 and a 10",
            "spread is 4",
            "a 2 and a 6",
            "a spread of 3",
            "“Red Dog”",
        ),
        "raise": ("RAISE", "CALL", "doubles"),
        "third_card": ("a 5 and a 10",),
        "pay_table": ("Payout", "Push", "Three of a kind"),
        "push": ("push", "automatically"),
        "progressive": ("Progressive betting", "Max winnings"),
        "settings": ("Sound effects", "Fast play", "Progressive betting"),
    },
}

# How each language writes a percentage: decimal sign, and what stands before "%".
# (Babel's CLDR patterns: a no-break space in German and French, none in the others.)
PERCENT_STYLE = {
    "en": (".", "%"),
    "de": (",", "\u00a0%"),
    "pl": (",", "%"),
    "fr": (",", "\u00a0%"),
    "it": (",", "%"),
}
# The best raising rule in words, with the lowest spread worth raising.
RAISE_RULE = {
    "en": "raise on a spread of {} or more",
    "de": "ab einem Wertunterschied von {} erhöhen",
    "pl": "podbijaj przy Spreadzie {} lub wyższym",
    "fr": "OUI à partir d'une séquence de {}",
    "it": "rilancia con uno scarto di {} o più",
}


def render(language: str, decks: int = 1, par=None, **config):
    return render_rules(language, par or compute_par(decks), TableConfig(decks=decks, **config))


def section(sections, section_id: str):
    (found,) = [s for s in sections if s.id == section_id]
    return found


def text_of(sections, section_id: str) -> str:
    return plain_text([section(sections, section_id)])


def spaced(text: str) -> str:
    """No-break spaces read as spaces, for phrase checks that are not about spacing."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def expected_percent(value, language: str) -> str:
    """The figure rounded to two decimals (exactly, from the fraction), in the language's style."""
    hundredths = round(value * 100, 2)
    digits = f"{float(hundredths):.2f}"
    sign, suffix = PERCENT_STYLE[language]
    return digits.replace(".", sign) + suffix


def texts(sections) -> list[str]:
    out = []
    for s in sections:
        out.append(s.heading)
        for block in s.blocks:
            if isinstance(block, (Paragraph, Subheading)):
                out.append(block.text)
            elif isinstance(block, Bullets):
                out.extend(block.items)
            else:
                out.extend(block.header)
                out.extend(cell for row in block.rows for cell in row.cells)
    return out


# --- the catalogues -----------------------------------------------------------


def test_every_shown_string_is_marked_for_extraction():
    """What Babel extracts from rules_help.py, with the key table's rows from the key registry,
    is exactly what the help shows."""
    from reddog_tui.i18n import keys

    def extracted(path: str) -> set[str]:
        return {
            message for _line, message, _comments, _context in extract_from_file("python", path, keywords={"N_": None})
        }

    key_rows = {key.description for key in keys.described()}
    assert key_rows <= extracted(keys.__file__)
    assert extracted(rules_help.__file__) | key_rows == set(source_messages())


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalogue_translates_every_rules_message(language):
    path = Path(i18n.locales_dir()) / language / "LC_MESSAGES" / "reddog.po"
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=language)
    for msgid in source_messages():
        message = catalog.get(msgid)
        assert message is not None, f"{language}: missing {msgid!r}"
        assert message.string, f"{language}: untranslated {msgid!r}"
        assert not message.fuzzy, f"{language}: fuzzy {msgid!r}"
        assert sorted(PLACEHOLDER.findall(message.string)) == sorted(PLACEHOLDER.findall(msgid))


# --- sections -------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_section_in_order(language):
    sections = render(language)
    assert tuple(s.id for s in sections) == SECTION_ORDER
    assert all(s.heading.strip() and s.blocks for s in sections)


@pytest.mark.parametrize("language", ["de", "pl", "fr", "it"])
def test_headings_and_text_are_translated(language):
    english = render("en")
    local = render(language)
    for en_section, section_here in zip(english, local):
        assert section_here.heading != en_section.heading, section_here.id
        for en_block, block in zip(en_section.blocks, section_here.blocks):
            assert type(block) is type(en_block)
            if isinstance(block, (Paragraph, Subheading)):
                assert block.text != en_block.text, block.text
            elif isinstance(block, Bullets):
                assert all(a != b for a, b in zip(block.items, en_block.items)), block.items


@pytest.mark.parametrize("language", LANGUAGES)
def test_nothing_left_unfilled(language):
    for text in texts(render(language)):
        assert "{" not in text and "}" not in text, text
        assert text.strip() == text and text


@pytest.mark.parametrize("language", LANGUAGES)
def test_render_leaves_the_current_language_alone(language):
    before = i18n.current_language()
    other = "it" if language != "it" else "de"
    i18n.set_language(other)
    try:
        render(language)
        assert i18n.current_language() == other
    finally:
        i18n.set_language(before)


# --- each language's source ------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "section_id"),
    [(lang, sid) for lang, by_section in SOURCE_TERMS.items() for sid in by_section],
)
def test_source_terms_and_examples(language, section_id):
    """R5, R6: each language names its source's terms and shows its examples."""
    text = spaced(text_of(render(language), section_id))
    missing = [term for term in SOURCE_TERMS[language][section_id] if term not in text]
    assert not missing, f"{language}/{section_id} lacks {missing}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_button_labels_where_the_buttons_are_explained(language):
    deal, raise_, call, rebet, new_bet, collect = BUTTONS[language]
    sections = render(language)
    assert deal in text_of(sections, "deal")
    assert raise_ in text_of(sections, "raise") and call in text_of(sections, "raise")
    assert rebet in text_of(sections, "rebet") and new_bet in text_of(sections, "rebet")
    assert collect in text_of(sections, "progressive") and deal in text_of(sections, "progressive")


@pytest.mark.parametrize("language", LANGUAGES)
def test_keys_table(language):
    keys = section(render(language), "keys").blocks
    (table,) = [b for b in keys if isinstance(b, Table)]
    rows = {row.key: row.cells[1] for row in table.rows}
    assert list(rows) == ["d", "r", "c", "n", "o", "+ / -", "← / →", "l", "F1 / ?", "F2 / s", "F3 / h", "Esc"]
    deal, raise_, call, rebet, new_bet, collect = BUTTONS[language]
    assert deal in rows["d"] and rebet in rows["d"]
    assert raise_ in rows["r"] and call in rows["c"]
    assert new_bet in rows["n"] and collect in rows["o"]
    # Esc reads as the key bar names it in this language.
    before = i18n.current_language()
    i18n.set_language(language)
    try:
        esc_name = i18n.pgettext("key", "Esc")
    finally:
        i18n.set_language(before)
    assert [row.cells[0] for row in table.rows if row.key == "Esc"] == [esc_name]


# --- tables ------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_card_value_table(language):
    """R2: 2–10 at face value, Jack 11, Queen 12, King 13, Ace 14 (ace high)."""
    (table,) = [b for b in section(render(language), "cards").blocks if isinstance(b, Table)]
    assert [row.key for row in table.rows] == list(RANKS)
    assert [row.cells[1] for row in table.rows] == [str(rank) for rank in range(2, 15)]
    assert [row.cells[0] for row in table.rows[:9]] == [str(rank) for rank in range(2, 11)]
    assert tuple(row.cells[0] for row in table.rows[9:]) == CARD_NAMES[language]


@pytest.mark.parametrize("language", LANGUAGES)
def test_pay_table(language):
    """R8: the pay table, one row per hand the engine knows, keyed for highlighting."""
    (table,) = [b for b in section(render(language), "pay_table").blocks if isinstance(b, Table)]
    pays = {row.key: row.cells[1] for row in table.rows}
    expected = {(HandKind.SPREAD, 1): "5:1", (HandKind.SPREAD, 2): "4:1", (HandKind.SPREAD, 3): "2:1"}
    expected |= {(HandKind.SPREAD, k): "1:1" for k in range(4, 12)}
    expected |= {
        (HandKind.CONSECUTIVE, 0): PUSH_WORD[language],
        (HandKind.PAIR, 0): PUSH_WORD[language],
        (HandKind.THREE_OF_A_KIND, 0): "11:1",
    }
    assert pays == expected
    spread_rows = [row for row in table.rows if row.key[0] is HandKind.SPREAD]
    assert [row.cells[0] for row in spread_rows] == [str(k) for k in range(1, 12)]


# --- live figures and current values ------------------------------------------------


@pytest.mark.parametrize("decks", [1, 8])
@pytest.mark.parametrize("language", LANGUAGES)
def test_figures_equal_the_par_sheet(language, decks):
    par = compute_par(decks)
    sections = render(language, decks)
    rtp = text_of(sections, "rtp")
    for figure in (par.rtp, par.house_edge, par.never_raise_house_edge):
        assert expected_percent(figure, language) in rtp
    rule = RAISE_RULE[language].format(min(par.raise_spreads))
    assert rule in spaced(rtp)
    assert str(min(par.raise_spreads)) in text_of(sections, "raise")
    assert f"({decks})" in rtp and f": {decks}." in spaced(text_of(sections, "cards"))


def test_published_figures_one_and_eight_decks():
    """RULES.md: 96.845 % return, 3.1554 % edge, 9.19 % never raising; 2.7509 % on 8 decks."""
    english = text_of(render("en"), "rtp")
    assert "96.84%" in english and "3.16%" in english and "9.19%" in english
    assert "96,84\u00a0%" in text_of(render("de"), "rtp")
    assert "2,75\u00a0%" in text_of(render("fr", 8), "rtp")
    assert "raise on a spread of 7 or more" in english


@pytest.mark.parametrize("language", LANGUAGES)
def test_figures_are_live_not_typed(language):
    """A different PAR sheet shows different figures: nothing is typed into the text."""
    par = dataclasses.replace(compute_par(1), raise_spreads=(9, 10, 11))
    rtp = spaced(text_of(render(language, par=par), "rtp"))
    assert RAISE_RULE[language].format(9) in rtp


CURRENT = dict(min_bet=5, max_bet=2500, chip_values=(5, 25, 100, 500, 1000), max_winnings=25000)
CURRENT_SHOWN = {
    "en": ("5", "2,500", "5, 25, 100, 500 and 1,000", "25,000"),  # no serial comma, as in the prose
    "de": ("5", "2.500", "5, 25, 100, 500 und 1.000", "25.000"),
    "pl": ("5", "2500", "5, 25, 100, 500 i\u00a01000", "25\u00a0000"),  # grouped from 10 000 on
    "fr": ("5", "2\u202f500", "5, 25, 100, 500 et 1\u202f000", "25\u202f000"),
    "it": ("5", "2.500", "5, 25, 100, 500 e 1.000", "25.000"),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_current_values_in_the_language_format(language):
    sections = render(language, **CURRENT)
    min_bet, max_bet, chips, max_winnings = CURRENT_SHOWN[language]
    ante = text_of(sections, "ante")
    assert chips in ante
    assert re.search(rf"\b{min_bet}\b", ante) and max_bet in ante
    assert max_winnings in text_of(sections, "progressive")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_settings_section_names_every_look_the_settings_screen_offers(language):
    """F2 offers high contrast and reduced motion beside the sounds and the pace: the rules say so."""
    text = text_of(render(language), "settings").lower()
    i18n.set_language(language)
    try:
        for label in (i18n._("High contrast"), i18n._("Reduce motion")):
            assert label.lower() in text, (language, label)
    finally:
        i18n.set_language("en")
