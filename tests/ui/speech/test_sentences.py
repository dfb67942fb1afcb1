"""The spoken mode says the catalogue's own sentences: a round in all five languages, read
against each language's .po file, and the rules help section by section."""

from __future__ import annotations

import re
from functools import cache

import pytest
from babel.messages.catalog import Catalog

from reddog_tui.engine import ParSheet, Phase, compute_par, errors
from reddog_tui.i18n import LANGUAGES, set_language
from reddog_tui.i18n.catalogues import po_path, read
from reddog_tui.i18n.formatting import credits, number
from reddog_tui.i18n.rules_help import Bullets, Paragraph, Subheading, Table, render_rules
from reddog_tui.ui.speech import spoken_credits, spoken_for, spoken_odds, spoken_rules_section, spoken_text

from .round import CONFIG, round_sentences, transitions


@cache
def catalogue(language: str) -> Catalog:
    return read(po_path(language), language)


def po(language: str, msgid: str) -> str:
    """The msgstr of `msgid` as the language's .po file holds it."""
    message = catalogue(language).get(msgid)
    assert message is not None and message.string, f"{language}: no translation of {msgid!r}"
    return message.string


def expected_round(language: str) -> list[str]:
    """What `round.ROUNDS` says, built from the .po file's sentences and the language's numbers."""

    def t(msgid: str) -> str:
        return po(language, msgid)

    def n(value: int) -> str:
        return number(value, language)

    def said_odds(times: int) -> str:
        return t("{n} to 1").format(n=n(times))

    cards = t("Cards: {first} and {second}.")
    third = t("Third card: {rank}.")
    return [
        t("No ante yet: + or a left click on a chip adds it, - or a right click takes it off."),
        f"{t('Ante')} {n(500)}.",
        t("{first} and {second}: spread {spread} — raise?").format(first=n(2), second=n(4), spread=n(1)),
        third.format(rank=n(3)),
        t("In between! Spread {spread} pays {odds} — you win {amount}.").format(
            spread=n(1), odds=said_odds(5), amount=credits(5_000)
        ),
        cards.format(first=n(7), second=n(8)),
        t("Consecutive — push. The next hand follows."),
        cards.format(first=t("King"), second=t("King")),
        third.format(rank=n(3)),
        t("Pair — push. The next hand follows."),
        cards.format(first=n(6), second=n(6)),
        third.format(rank=n(6)),
        t("Three of a kind! {odds} — you win {amount}.").format(odds=said_odds(11), amount=credits(5_500)),
        t("Not enough credits: {needed} needed, {available} left.").format(
            needed=credits(20_000), available=credits(17_000)
        ),
        t("Credits now: {amount}").format(amount=credits(17_000)) + ".",
        f"{t('Ante')} {n(500)}.",
        f"{t('Winnings')} {n(5_500)}.",
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_round_says_the_catalogues_own_sentences(language):
    set_language(language)
    assert round_sentences() == expected_round(language)


def words(sentences: list[str]) -> set[str]:
    return {word.lower() for text in sentences for word in re.findall(r"[^\W\d_]+", text)}


# Words German shares with English on purpose: Push is the German source's own word (glossary).
SHARED_WITH_ENGLISH = {"push"}
OWN_WORDS = {"de": set(), "fr": set(), "pl": {"spread", "of", "a", "kind", "pair"}, "it": {"ante", "a", "consecutive"}}


@pytest.mark.parametrize("language", ["de", "pl", "fr", "it"])
def test_no_english_word_in_another_languages_voice(language):
    set_language("en")
    english = words(round_sentences())
    set_language(language)
    spoken = round_sentences()
    shared = words(spoken) & english
    # Polish and Italian keep some of the source's words (Spread, Pair, 3 of a kind, Ante, consecutive)
    # and have a word "a" of their own.
    allowed = SHARED_WITH_ENGLISH | OWN_WORDS[language]
    assert shared <= allowed, sorted(shared - allowed)
    if language == "de":
        assert shared <= SHARED_WITH_ENGLISH


def test_nothing_is_said_twice_for_one_state_and_a_refusal_is_always_said():
    set_language("de")
    for _before, after in transitions():
        assert spoken_for(after, after) == ()
    refusal = errors.ActionNotAllowed("raise", "betting")
    start = transitions()[0][1]
    assert spoken_for(start, start, refusal) == (
        "ERHÖHEN ist jetzt nicht möglich: erst einen Wetteinsatz setzen, dann GEBEN drücken.",
    )


def test_a_hand_asked_about_says_its_cards_once_and_its_third_card_after_the_answer():
    set_language("en")
    _start, (_, ante), (_, decision), (_, settled), *_rest = transitions()
    assert decision.phase is Phase.DECISION
    assert spoken_for(ante, decision) == ("2 and 4: spread 1 — raise?",)
    said = spoken_for(decision, settled)
    assert said[0] == "Third card: 3."
    assert not any("Cards:" in text for text in said)


@pytest.mark.parametrize(
    ("language", "written", "said"),
    [
        ("de", "Auszahlung 11:1 – gewonnen", "Auszahlung 11 zu 1 – gewonnen"),
        ("pl", "wypłata 5:1.", "wypłata 5 do jednego."),
        ("fr", "payés à 2:1\u202f!", "payés à 2 contre 1\u202f!"),
        ("it", "paga 1.000:1", "paga 1.000 a 1"),
        ("en", "pays 11:1, not 18:00 or 10:15", "pays 11 to 1, not 18:00 or 10:15"),
    ],
)
def test_written_odds_are_said_in_words(language, written, said):
    set_language(language)
    assert spoken_text(written) == said


def test_spoken_odds_use_the_languages_numbers():
    set_language("fr")
    assert spoken_odds(1_000) == "1\u202f000 contre 1"


def test_the_credits_on_request_say_the_stakes_only_when_chips_lie_on_the_table():
    set_language("it")
    start = transitions()[0][1]
    assert spoken_credits(start) == ("Disponibili ora: 12.500\u00a0crediti.",)


@pytest.fixture(scope="module")
def par() -> ParSheet:
    return compute_par(CONFIG.decks)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_rules_section_is_read_in_plain_sentences(language, par):
    sections = render_rules(language, par, CONFIG)
    set_language(language)
    for section in sections:
        said = spoken_rules_section(section)
        assert said[0].startswith(section.heading)
        for block in section.blocks:
            texts = (
                [block.text]
                if isinstance(block, (Subheading, Paragraph))
                else list(block.items)
                if isinstance(block, Bullets)
                else []
            )
            for text in texts:
                assert any(spoken_text(text).rstrip(".") in sentence for sentence in said), text
        assert not any(":1" in sentence for sentence in said)  # no odds left in writing
    pay = next(s for s in sections if any(isinstance(b, Table) and b.table_id == "pay_table" for b in s.blocks))
    header = next(b for b in pay.blocks if isinstance(b, Table) and b.table_id == "pay_table").header[0]
    spread_1 = f"{header} {number(1, language)}: {po(language, '{n} to 1').format(n=number(5, language))}."
    assert spread_1 in spoken_rules_section(pay)
