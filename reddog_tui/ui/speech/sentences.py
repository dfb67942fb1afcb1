"""What the spoken mode says, built from the table's state in the current language.

The voice speaks the screen's own words: the message line (`texts.announcement`), the
refusal (`texts.error_text`), the stakes line's labels, the rules help's sections. Only what
the screen shows by its look alone (the cards dealt before a push, the third card, the
odds written "11:1") has sentences of its own here. Pure functions: no voice, no screen.
"""

from __future__ import annotations

import re

from ...engine import Phase, RedDogError, TableState
from ...i18n import N_, _
from ...i18n.formatting import credits, number
from ...i18n.rules_help import Bullets, Paragraph, RulesSection, Subheading, Table
from ..texts import announcement, error_text, rank_name

# Odds as the screen writes them, "11:1" (R9), whatever the language's digit groups.
_WRITTEN_ODDS = re.compile(r"(?<![\d:])(\d+(?:[.,\u00a0\u202f]\d{3})*):1(?![\d:])")

# The welcome screen's line that names the key of the spoken mode, in every language.
# Translators: {key} is the key that switches spoken mode on and off, a letter such as v.
SPOKEN_MODE_HINT = N_("Press {key} for spoken mode: the game is read aloud.")
SPOKEN_MODE_ON = N_("Spoken mode on.")
SPOKEN_MODE_OFF = N_("Spoken mode off.")
# The rules' and the README's key table, for the keys the app binds to the spoken mode.
KEY_DESCRIPTIONS: dict[str, str] = {
    "toggle": N_("Spoken mode on or off: the game is read aloud"),
    "repeat": N_("Spoken mode: say the last sentence again"),
    "stop": N_("Spoken mode: stop speaking"),
    "credits": N_("Spoken mode: say the credits and the stakes"),
}


def spoken_odds(times: int) -> str:
    """Odds as the language says them aloud: "11 to 1", never "11 colon 1"."""
    # Translators: payout odds read aloud by the spoken mode, as "11 to 1" is said in your
    # language; the screen writes them 11:1. {n} is the first figure.
    return _("{n} to 1").format(n=number(times))


def spoken_text(text: str) -> str:
    """A text of the screen as the voice gets it: its written odds said in words."""
    return _WRITTEN_ODDS.sub(lambda found: _("{n} to 1").format(n=found.group(1)), text)


def spoken_refusal(error: RedDogError) -> str:
    """A refused key, as the message line explains it."""
    return spoken_text(error_text(error))


def spoken_stakes(state: TableState) -> tuple[str, ...]:
    """The stakes line (ante, raise, winnings) with the screen's labels, one short sentence each."""
    said = [f"{_('Ante')} {number(state.ante)}."]
    if state.raised:
        said.append(f"{_('Raise')} {number(state.raised)}.")
    if state.winnings:
        said.append(f"{_('Winnings')} {number(state.winnings)}.")
    return tuple(said)


def spoken_credits(state: TableState) -> tuple[str, ...]:
    """On request: the credits, then whatever lies on the table."""
    said = (_("Credits now: {amount}").format(amount=credits(state.credits)) + ".",)
    return said + spoken_stakes(state) if state.on_table else said


def spoken_for(before: TableState | None, after: TableState, refusal: RedDogError | None = None) -> tuple[str, ...]:
    """What a committed change of the table says, in order; nothing when nothing worth saying changed.

    `before` is the table before the action (None at the start), `after` the table it committed;
    a refused action passes its error (the table is unchanged then) and says why.
    """
    if refusal is not None:
        return (spoken_refusal(refusal),)
    new_hand = after.cards is not None and (before is None or before.rounds_dealt != after.rounds_dealt)
    if after.phase is Phase.DECISION:
        # The message line names both cards and the spread and asks the question.
        if new_hand or before is None or before.phase is not Phase.DECISION:
            return (spoken_text(announcement(after)),)
        return ()
    if after.phase is Phase.SETTLED:
        if not new_hand and before is not None and before.phase is Phase.SETTLED:
            return ()
        said: list[str] = []
        if new_hand:  # settled at the deal (R5a, R5b): no question named the cards
            assert after.cards is not None
            said.append(cards_sentence(after))
        if after.third_card_shown:
            assert after.cards is not None
            # Translators: spoken after the third card is turned; {rank} is its rank in words (8, Jack).
            said.append(_("Third card: {rank}.").format(rank=rank_name(after.cards[2].rank)))
        said.append(spoken_text(announcement(after)))
        return tuple(said)
    # Betting: a new bet's first words, then each chip's ante.
    if before is None or before.phase is not Phase.BETTING:
        return (spoken_text(announcement(after)),)
    if before.ante != after.ante:
        return spoken_stakes(after)
    return ()


def cards_sentence(state: TableState) -> str:
    """The two cards face up, in words, for a hand whose message line does not name them."""
    assert state.cards is not None
    # Translators: spoken when a hand is decided at the deal (consecutive, pair); the two cards in words.
    return _("Cards: {first} and {second}.").format(
        first=rank_name(state.cards[0].rank), second=rank_name(state.cards[1].rank)
    )


def spoken_rules_section(section: RulesSection) -> tuple[str, ...]:
    """A section of the rules help as plain sentences: its heading, then each block in order.

    A table is read row by row, "cell: cell."; a row whose first cell is a number takes the
    column's name ("Spread 1: 5 to 1."), as a number alone says nothing.
    """
    said = [_sentence(section.heading)]
    for block in section.blocks:
        if isinstance(block, (Subheading, Paragraph)):
            said.append(_sentence(block.text))
        elif isinstance(block, Bullets):
            said.extend(_sentence(item) for item in block.items)
        elif isinstance(block, Table):
            for row in block.rows:
                first, *rest = row.cells
                if first[:1].isdigit():
                    first = f"{block.header[0]} {first}"
                said.append(_sentence(": ".join([first, *rest])))
    return tuple(spoken_text(text) for text in said)


def _sentence(text: str) -> str:
    """A heading or a cell ends as a sentence, so the voice pauses after it."""
    text = text.strip()
    return text if text[-1:] in ".!?…:;" else f"{text}."
