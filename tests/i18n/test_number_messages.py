"""Every message that takes a number, rendered with 0, 1, 2, 5, 12, 22, 25 and 1,000,000 in every language.

The result is kept in `number_messages.txt` beside this file and read by a
person for agreement (plural forms, case after a preposition, a plural
subject): a change of wording or of a plural form shows there in review.
After a reviewed change, rewrite it with

    REDDOG_WRITE_FIXTURE=1 python -m pytest tests/i18n/test_number_messages.py

Each placeholder is filled the way the code fills it (a count with its noun,
a bare number, odds, a signed net result, a duration). A placeholder this
module does not know fails the test, so a new message is classified here
before it can ship unread.
"""

from __future__ import annotations

import os
import re
from fractions import Fraction
from pathlib import Path

from reddog_tui.engine import HandKind
from reddog_tui.i18n import LANGUAGE_NAMES, LANGUAGES, _, current_language, ngettext, set_language
from reddog_tui.i18n.catalogues import pot_path, read
from reddog_tui.i18n.formatting import credits, decimal, listing, number, odds, percent, voucher_number
from reddog_tui.ui.kiosk_texts import duration_words, seconds_left, signed_credits
from reddog_tui.ui.texts import hand_name

FIXTURE = Path(__file__).with_name("number_messages.txt")
NUMBERS = (0, 1, 2, 5, 12, 22, 25, 1_000_000)
PLACEHOLDER = re.compile(r"\{(\w+)\}")

# How the code fills each numeric placeholder, given the number n.
NUMERIC = {
    **dict.fromkeys(("amount", "needed", "available", "minimum", "maximum", "stake", "paid"), credits),
    **dict.fromkeys(
        (
            "value",
            "ante",
            "spread",
            "count",
            "n",
            "low",
            "high",
            "decks",
            "min_bet",
            "max_bet",
            "max_winnings",
            "raise_from",
            "first",
            "second",  # the raise question's cards: 2 to 10 as numbers (picture cards as words)
            "last",
            "width",
            "height",
            "min_width",
            "min_height",
            "credits",
        ),
        number,
    ),
    "odds": odds,
    "net": signed_credits,
    "time": lambda n: duration_words(n * 60),
    **dict.fromkeys(("rtp", "house_edge", "never_raise_house_edge"), lambda n: percent(Fraction(n, 100))),
    "chips": lambda n: listing([number(1), number(5), number(n)]),
    # The simulation's statistics (cli/game.py): a confidence level, the raising spreads, a chi-square test.
    "level": lambda n: percent(Fraction(n, 100), 0),
    "spreads": lambda n: ", ".join([number(n), number(n + 1)]),
    "chi": lambda n: decimal(Fraction(n * 1001, 1000), 3),
    "df": number,
    # The hall's cashier and meters (cli/hall.py): a voucher as printed on it, a kiosk, a gap.
    "number": voucher_number,
    "kiosk": number,
    "gap": number,
    "p": lambda n: decimal(Fraction(1, n + 2), 4),
    "push": str,
    "pinned": str,  # a kiosk number to type after --kiosk-id
    # The hall console (ui/hall_console.py): kiosks online, seconds since a kiosk was seen.
    "online": number,
    "seconds": number,  # the hall's number for settings it sent, an identifier like a voucher's
    # Setting up the hall (cli/hall.py): its identifier and schema version, printed as digits.
    "hall": str,
    "version": str,
    # A voucher's life (cli/hall_vouchers.py): how many days a voucher stays valid.
    "days": number,
}
# Messages whose placeholder is filled otherwise than its name says elsewhere.
SPECIAL = {
    "Too many wrong PINs: entry is locked for {time}.": {"time": seconds_left},
    "{amount} credit": {"amount": number},  # the count's own noun, as formatting.credits fills it
    "no {level} interval below {minimum} rounds": {"minimum": number},  # rounds, not credits
    "Voucher {number}: pay {amount} credit.": {"amount": number},  # the count's own noun
    # The journal listing (cli/journal.py) counts rounds in the language's digits.
    "Round {number}: {cards}, {hand}, stake {stake}, paid {paid}": {"number": number},
    "{level} interval {low} – {high}": {
        "low": lambda n: percent(Fraction(n, 100), 4),
        "high": lambda n: percent(Fraction(n + 1, 100), 4),
    },
}
# Placeholders that hold no number, with what the code puts there.
TEXT = {
    # The attendant menu's hall line (ui/screens/attendant_menu.py): what waits, already worded.
    "shipping": lambda: "3 entries waiting to be shipped",
    "name": lambda: "desk",
    "prefix": lambda: "casino_main",
    "role": lambda: "casino_main_kiosk_3",
    "service": lambda: "reddog-casino-main-kiosk-3",
    "action": lambda: _("CALL"),
    "button": lambda: _("NEW BANKROLL"),
    "deal": lambda: _("DEAL"),
    "hand": lambda: hand_name(HandKind.THREE_OF_A_KIND),
    "path": lambda: "/var/lib/reddog/reddog.db",
    "data_dir": lambda: "/var/lib/reddog",
    "field": lambda: _("Table minimum"),
    "option": lambda: "--rounds",
    "codes": lambda: ", ".join(LANGUAGES),
    "language": lambda: LANGUAGE_NAMES["de"],
    "rank": lambda: _("King"),
    # The key that switches the spoken mode on (ui/speech/sentences.py), as the welcome screen names it.
    "key": lambda: "v",
    "suit": lambda: _("hearts"),
    "text": lambda: "12ab",
    "reason": lambda: "[Errno 111] Connection refused",
    # The journal listing and the attendant's export (cli/journal.py, journal_check.py).
    "cards": lambda: "2♥ 9♠ 5♦",
    "folder": lambda: "/var/lib/reddog",
    # Settings the hall sends (cli/hall.py).
    "given": lambda: "min_bet",
    "settings": lambda: "min_bet, max_bet",
    "target": lambda: _("every kiosk"),
    "names": lambda: "chip_values, min_bet",
    # Why the hall server could not be used (cli/hall.py): names from the connection settings.
    "database": lambda: "reddog",
    "files": lambda: "reddog-meters-20261201T180000Z.csv, reddog-journal-20261201T180000Z.csv",
    # `reddog serve` (cli/serve.py): an address and a port are written as the network writes them.
    "host": lambda: "0.0.0.0",
    "port": lambda: "8000",
    # Settings the command line refuses (cli/output.py, ui/launch.py): an output's character set, the
    # colour systems Textual takes.
    "encoding": lambda: "ascii",
    "choices": lambda: "auto, standard, 256, truecolor, windows",
    # A voucher's life (cli/hall_vouchers.py, ui/hall_console.py): a login, the end of its lockout
    # as a date and time, a change of the hall's settings.
    "login": lambda: "casino_main_cashier_desk",
    "place": lambda: "casino_main_kiosk_3",
    "until": lambda: "05.12.2026, 09:30:00",
    "changes": lambda: "--lockout-failures 5 → 3",
}


def numeric_messages() -> list[tuple[str, str | None]]:
    """(msgid, plural msgid) of every message with a number in it, in the .pot's order."""
    found = []
    for message in read(pot_path()):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        names = {name for text in ids for name in PLACEHOLDER.findall(text)}
        if message.pluralizable or names & set(NUMERIC) or ids[0] == "{hours} {minutes}":
            found.append((ids[0], ids[1] if len(ids) > 1 else None))
    return found


def render(msgid: str, plural: str | None, n: int) -> str:
    if msgid == "{hours} {minutes}":  # a duration of n hours and n minutes
        return duration_words(n * 3600 + n * 60)
    fillers = {**NUMERIC, **SPECIAL.get(msgid, {})}
    text = ngettext(msgid, plural, n) if plural else _(msgid)
    values = {}
    for name in PLACEHOLDER.findall(text):
        values[name] = fillers[name](n) if name in fillers else TEXT[name]()
    return text.format(**values)


def visible(text: str) -> str:
    """No-break spaces made visible for the reader: ⍽ (U+00A0) and ⌴ (U+202F)."""
    return text.replace("\u00a0", "⍽").replace("\u202f", "⌴")


def rendered_fixture() -> str:
    lines = [
        "# Messages that take a number, rendered as the kiosk shows them.",
        "# ⍽ is a no-break space, ⌴ a narrow no-break space. Generated by test_number_messages.py.",
    ]
    previous = current_language()
    try:
        for language in LANGUAGES:
            set_language(language)
            for msgid, plural in numeric_messages():
                lines += ["", f"## {language} · {msgid}"]
                lines += [f"{n:>9,}: {visible(render(msgid, plural, n))}" for n in NUMBERS]
    finally:
        set_language(previous)
    return "\n".join(lines) + "\n"


def test_every_placeholder_is_known():
    """A new placeholder must be classified above (number, count with noun, or text)."""
    unknown = set()
    for message in read(pot_path()):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        for text in ids:
            unknown |= {n for n in PLACEHOLDER.findall(text) if n not in NUMERIC and n not in TEXT}
    assert unknown <= {"hours", "minutes"}, f"classify these placeholders: {sorted(unknown)}"


def test_rendered_numbers_match_the_reviewed_fixture():
    text = rendered_fixture()
    if os.environ.get("REDDOG_WRITE_FIXTURE"):
        FIXTURE.write_text(text, encoding="utf-8")
    assert FIXTURE.read_text(encoding="utf-8") == text, (
        "the wording of a message with a number changed: read the new rendering, then rewrite the "
        "fixture (see this module's docstring)"
    )
