"""A big card's face: as many pips as its rank, laid out as on a real card, or a big letter.

At 120×40 the stylesheet gives each card 15×11 cells, 13×7 between the corner indices; at 80×24
it gives 9×7, too small for pips, where one mark stands in the middle as before.
"""

from __future__ import annotations

import pytest

from reddog_tui import i18n
from reddog_tui.ui.glyphs import CONSOLE, FULL, use_glyph_set
from reddog_tui.ui.texts import rank_letter
from reddog_tui.ui.widgets.card import BIG_LETTERS, BLOCK, PIP_LAYOUTS, draw_face

from .helpers import LANGUAGES
from .test_console_glyphs import FONT

LARGE_FIELD = (13, 7)  # a 15×11 card less its border and corner rows
SMALL_FIELD = (7, 3)  # a 9×7 card


def field_of(size: tuple[int, int]) -> list[str]:
    width, height = size
    return [" " * width for _ in range(height)]


@pytest.fixture
def language():
    yield
    i18n.set_language("en")
    use_glyph_set(FULL)


@pytest.mark.parametrize("rank", range(2, 11))
def test_a_large_number_card_shows_as_many_pips_as_its_rank(rank):
    field = field_of(LARGE_FIELD)
    assert draw_face(field, rank, str(rank), "♦")
    assert "".join(field).count("♦") == rank


def test_pips_are_laid_out_as_on_a_real_card():
    """Nine: four down each side and one in the middle; ten: four down each side and two in the centre column."""
    nine, ten = field_of(LARGE_FIELD), field_of(LARGE_FIELD)
    draw_face(nine, 9, "9", "♦")
    draw_face(ten, 10, "10", "♣")
    assert nine == [
        "  ♦       ♦  ",
        "             ",
        "  ♦       ♦  ",
        "      ♦      ",
        "  ♦       ♦  ",
        "             ",
        "  ♦       ♦  ",
    ]
    assert [row[6] for row in ten] == [" ", "♣", " ", " ", " ", "♣", " "]
    assert [row[2] for row in ten] == [row[10] for row in ten] == ["♣", " ", "♣", " ", "♣", " ", "♣"]


def test_no_two_pips_share_a_place():
    for rank, places in PIP_LAYOUTS.items():
        assert len(set(places)) == rank, rank


@pytest.mark.parametrize("rank", range(2, 15))
def test_a_small_card_keeps_its_single_mark(rank):
    field = field_of(SMALL_FIELD)
    assert not draw_face(field, rank, rank_letter(rank), "♦")
    assert field == field_of(SMALL_FIELD)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_s_picture_letters_are_drawn_big(language, lang):
    i18n.set_language(lang)
    for rank in (11, 12, 13, 14):
        letter = rank_letter(rank)
        assert letter in BIG_LETTERS, (lang, letter)
        field = field_of(LARGE_FIELD)
        assert draw_face(field, rank, letter, "♠")
        assert BLOCK in "".join(field)


def test_an_unknown_letter_falls_back_to_the_single_mark():
    field = field_of(LARGE_FIELD)
    assert not draw_face(field, 13, "Ж", "♠")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_large_faces_on_the_console_use_only_the_font_s_characters(language, lang):
    """Two-letter console suits (pi, kr) keep their places apart, and every character is in Uni2-Terminus16."""
    i18n.set_language(lang)
    use_glyph_set(CONSOLE)
    for suit in CONSOLE.suit_marks().values():
        for rank in range(2, 15):
            field = field_of(LARGE_FIELD)
            assert draw_face(field, rank, rank_letter(rank), suit)
            drawn = "".join(field)
            assert all(ord(c) in FONT for c in drawn), (lang, suit, rank)
            if rank <= 10:
                assert drawn.count(suit) == rank, (lang, suit, rank)
