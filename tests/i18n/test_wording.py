"""Wording checks a native reader asked for, that a test can hold: the goodbye summary says play
is over (it is not the reality check's "you have played for … " line), and the hall console's
Polish voucher line counts vouchers in each of its plural forms."""

from __future__ import annotations

import pytest

from reddog_tui.i18n import LANGUAGES, _, gettext_in, ngettext, set_language
from reddog_tui.ui.kiosk_texts import duration_words, signed_credits
from reddog_tui.ui.screens.summary import played_sentence

SUMMARY = "Time played: {time}. Net result: {net}."
REALITY_CHECK = "You have played for {time}. Your net result is {net}."


@pytest.mark.parametrize("language", LANGUAGES)
def test_goodbye_summary_has_its_own_words(language):
    set_language(language)
    try:
        shown = played_sentence(300, 5)
        reality_check = _(REALITY_CHECK).format(time=duration_words(300), net=signed_credits(5))
    finally:
        set_language("en")
    assert shown != reality_check
    summary, still_playing = gettext_in(language, SUMMARY), gettext_in(language, REALITY_CHECK)
    # not even the opening: the reality check's start is what says "you are still playing"
    assert summary.split("{time}")[0] != still_playing.split("{time}")[0]


HALL_VOUCHERS = (
    "Kiosk {kiosk}: {count} voucher credit that the hall did not redeem for it.",
    "Kiosk {kiosk}: {count} voucher credits that the hall did not redeem for it.",
)


@pytest.mark.parametrize(
    ("count", "words"),
    [
        (1, "1\u00a0potwierdzenie wypłaty zaksięgowane w\u00a0kiosku bez zgodnej realizacji"),
        (2, "2\u00a0potwierdzenia wypłaty zaksięgowane w\u00a0kiosku bez zgodnej realizacji"),
        (5, "5\u00a0potwierdzeń wypłaty zaksięgowanych w\u00a0kiosku bez zgodnej realizacji"),
        (22, "22\u00a0potwierdzenia wypłaty zaksięgowane w\u00a0kiosku bez zgodnej realizacji"),
        (25, "25\u00a0potwierdzeń wypłaty zaksięgowanych w\u00a0kiosku bez zgodnej realizacji"),
    ],
)
def test_polish_hall_line_counts_vouchers_in_each_plural_form(count, words):
    set_language("pl")
    try:
        line = ngettext(*HALL_VOUCHERS, count).format(kiosk=3, count=count)
    finally:
        set_language("en")
    assert line == f"Kiosk 3: {words} na serwerze sali."
    assert "kredyt" not in line  # {count} counts vouchers, not credits
