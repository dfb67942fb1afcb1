"""Wording rules the native readers asked for, checked where the screens build their text."""

from __future__ import annotations

import re

import pytest

from reddog_tui import i18n
from reddog_tui.engine import HandKind, errors
from reddog_tui.i18n import LANGUAGES
from reddog_tui.i18n.catalogues import po_path, read
from reddog_tui.i18n.rules_help import KEY_ROWS
from reddog_tui.ui.kiosk_texts import duration_words
from reddog_tui.ui.texts import error_text, hand_name
from reddog_tui.ui.widgets.paytable import pay_rows
from reddog_tui.ui.widgets.prose import wrap_lines

from .helpers import make_app, run, screen_text

NB = "\u00a0"
# Placeholders the code fills with a count and its noun ("500 Punkte"), see formatting.credits.
COUNTS = ("amount", "needed", "available", "minimum", "maximum")


def translations(language: str) -> list[str]:
    found = []
    for message in read(po_path(language), language):
        if message.id:
            found += list(message.string) if isinstance(message.string, tuple) else [message.string]
    return found


@pytest.mark.parametrize(
    "language, expected",
    [
        ("en", f"1{NB}hour and 5{NB}minutes"),
        ("de", f"1{NB}Stunde und 5{NB}Minuten"),
        ("pl", f"1{NB}godzinę i{NB}5{NB}minut"),
        ("fr", f"1{NB}heure et 5{NB}minutes"),
        ("it", f"1{NB}ora e 5{NB}minuti"),
    ],
)
def test_hours_and_minutes_are_joined_with_and(language, expected):
    i18n.set_language(language)
    assert duration_words(65 * 60) == expected


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_minus_key_is_one_character_everywhere(language):
    """The table, its announcements and the help's key table all show the key as printed: "-"."""
    assert all("−" not in text for text in translations(language))  # U+2212 names no key
    i18n.set_language(language)
    assert "-" in i18n._("Chips: ←/→ chooses, + adds, - takes off")
    assert dict(KEY_ROWS).get("+ / -")


def test_german_count_never_follows_a_dative_preposition():
    """ "von 500 Punkte" needs the dative (Punkten); the count with its noun is kept out of that place."""
    after_dative = re.compile(rf"\b(?:von|mit|zu|bei|aus|nach|seit)\s+\{{(?:{'|'.join(COUNTS)})\}}")
    assert [text for text in translations("de") if after_dative.search(text)] == []
    i18n.set_language("de")
    assert "von 500" not in error_text(errors.AboveTableMaximum(600, 500))


@pytest.mark.parametrize("language", LANGUAGES)
def test_taking_a_chip_off_an_empty_ante_says_there_is_none(language):
    """R3: a chip comes off the ante only if the ante holds it; with no ante there is nothing to take."""
    i18n.set_language(language)
    empty = error_text(errors.NothingToRemove(5, 0))
    assert empty == i18n._("No ante yet: nothing to take off.") and "0" not in empty
    assert "10" in error_text(errors.NothingToRemove(25, 10))


def test_collect_refused_is_never_told_to_deal_first_nor_that_the_round_is_over():
    """R12, R13: COLLECT is offered only with progressive betting after a win. Refused before the
    deal or after a round, the guest is pointed to the buttons shown, not sent to deal first."""
    i18n.set_language("en")
    for phase in ("betting", "settled"):
        told = error_text(errors.ActionNotAllowed("collect", phase))
        assert told == "COLLECT is not possible now: use one of the buttons shown.", phase
    assert "deal first" in error_text(errors.ActionNotAllowed("raise", "betting"))
    assert "raise or call first" in error_text(errors.ActionNotAllowed("collect", "decision"))
    # Any other button after the round is told the round is over: the next deal is what comes.
    told = error_text(errors.ActionNotAllowed("call", "settled"))
    assert told == "CALL is not possible now: the round is over."
    # After a round the buttons that start the next one are what is offered, in one pair or the
    # other (R12, R13): the round being over is no reason to refuse them.
    for action in ("new_bet", "rebet", "deal"):
        told = error_text(errors.ActionNotAllowed(action, "settled"))
        assert told.endswith("is not possible now: use one of the buttons shown."), action


def test_german_hand_is_no_singular_subject():
    """ "Drei gleiche Werte zahlt" was a plural subject with a singular verb."""
    assert [text for text in translations("de") if "{hand} zahlt" in text] == []


@pytest.mark.parametrize("language, participles", [("fr", r"ajoutés|encaissés|versés"), ("it", r"aggiunti|ritirati")])
def test_no_plural_participle_beside_a_count(language, participles):
    """ "1 crédit ajoutés", "ritirati 1 credito": a count may be 1, so no plural word agrees with it."""
    counts = "|".join(COUNTS)
    beside = re.compile(rf"\{{(?:{counts})\}}\s+(?:{participles})\b|\b(?:{participles})\s+\{{(?:{counts})\}}")
    assert [text for text in translations(language) if beside.search(text)] == []


def test_polish_pay_table_glosses_its_loanwords_where_they_fit():
    i18n.set_language("pl")
    wide = [label for label, _pays, _hands in pay_rows(compact=True, width=28)]
    assert wide[-3:] == ["Cons (kolejne)", "Pair (takie same)", f"3{NB}of a{NB}kind (trójka)"]
    narrow = [label for label, _pays, _hands in pay_rows(compact=True, width=16)]
    assert narrow[-3:] == ["Cons", "Pair", f"3{NB}of a{NB}kind"]  # the bare names, as the help's table


@pytest.mark.parametrize("language", ["en", "de", "fr", "it"])
def test_other_pay_tables_name_the_hands_as_everywhere(language):
    i18n.set_language(language)
    labels = [label for label, _pays, _hands in pay_rows(compact=True, width=28)]
    assert labels[-3:] == [hand_name(kind) for kind in (HandKind.CONSECUTIVE, HandKind.PAIR, HandKind.THREE_OF_A_KIND)]


def test_wrapping_never_breaks_at_a_no_break_space():
    """Textual breaks at U+00A0 like at any space; the prose wrapper keeps the pair together."""
    text = f"grasz sam na sam z{NB}krupierem i{NB}wygrywasz +10{NB}kredytów"
    lines = wrap_lines(text, 20)
    assert lines == ("grasz sam na sam", f"z{NB}krupierem", f"i{NB}wygrywasz", f"+10{NB}kredytów")
    assert all(len(line) <= 20 for line in lines)


@run
async def test_polish_rules_keep_a_one_letter_word_with_the_next_on_screen(tmp_path):
    """At 80×24 the Polish help's "sam na sam z krupierem" falls at the end of a line."""
    app = make_app(tmp_path, "pl")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "f1")
        await pilot.pause()
        lines = [line.rstrip() for line in screen_text(app).splitlines()]
        assert any(f"z{NB}krupierem" in line for line in lines), "\n".join(lines)
        assert not any(re.search(rf"(?<!\S)[aiouwzAIOUWZ][{NB} ]*[▁▂▃▄▅▆▇█▉▊▋▌▍▎▏ ]*$", line) for line in lines)


def test_a_chip_after_the_round_is_pointed_to_the_buttons_that_start_the_next_one():
    """R3, R12: chips go on before the deal; after a round the next one starts with REBET or NEW
    BET (DEAL or COLLECT with progressive betting), so the guest is sent to those buttons."""
    i18n.set_language("en")
    for action in ("add_chip", "remove_chip"):
        assert error_text(errors.ActionNotAllowed(action, "settled")) == (
            "Chips go on before the deal: start the next round with one of the buttons shown."
        )
        told = error_text(errors.ActionNotAllowed(action, "decision"))
        assert told == "Chips can only be placed or taken off before the deal."


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_kiosk_number_is_a_name_and_never_grouped_as_an_amount(language):
    from reddog_tui.ui.kiosk_texts import discrepancy_lines

    i18n.set_language(language)
    lines = discrepancy_lines(4242, "conflict", 1500, 2)
    assert len(lines) == 3
    for line in lines:
        assert "4242" in line, line
    assert re.search(r"1\D?500", lines[1])  # the gap is an amount: grouped as the language groups
