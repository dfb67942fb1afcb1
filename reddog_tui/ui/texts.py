"""Every sentence the table screen says, built from the state in the current language.

The state holds no text: these functions turn it (and the engine's typed
errors) into what a player reads, so a language switch only re-runs them.
"""

from __future__ import annotations

from enum import Enum

from ..engine import Action, HandKind, Outcome, Phase, TableState, errors, payout_odds
from ..engine.cards import Card
from ..i18n import N_, _, gettext_in, pgettext
from ..i18n.formatting import credits, number, odds
from ..i18n.keys import BUTTON_KEYS
from .glyphs import current_glyph_set, full_suit_marks

# Button labels (glossary); shown in capitals on the table.
BUTTON_LABELS: dict[Action, str] = {
    Action.DEAL: N_("DEAL"),
    Action.RAISE: N_("RAISE"),
    # Translators: CALL keeps the round going without raising (no further stake). Polish prints
    # CZEKAJ, the word Polish poker tables give the no-stake action beside PODBIJ, not "wait".
    Action.CALL: N_("CALL"),
    Action.COLLECT: N_("COLLECT"),
    Action.REBET: N_("REBET"),
    Action.NEW_BET: N_("NEW BET"),
}


# French asks the raise as a question, « augmenter l'enjeu ? »: while it is open the
# initials of its answers, o (oui) and n (non), answer it too (glossary).
ANSWER_KEYS: dict[str, dict[str, Action]] = {"fr": {"o": Action.RAISE, "n": Action.CALL}}


def letter_action(key: str, phase: Phase, language: str) -> Action:
    """What a letter key does: its button's action, or an answer to the raise question."""
    if phase is Phase.DECISION and key in ANSWER_KEYS.get(language, {}):
        return ANSWER_KEYS[language][key]
    return next(action for action, letter in BUTTON_KEYS.items() if letter == key)


def button_label(action: Action, language: str | None = None) -> str:
    """The label of `action`'s button, in `language` or else the current one."""
    message = BUTTON_LABELS[action]
    return _(message) if language is None else gettext_in(language, message)


def rank_letter(rank: int) -> str:
    """The index printed in a card's corner; picture cards use the language's letters."""
    if rank == 11:
        return pgettext("card rank letter", "J")
    if rank == 12:
        return pgettext("card rank letter", "Q")
    if rank == 13:
        return pgettext("card rank letter", "K")
    if rank == 14:
        return pgettext("card rank letter", "A")
    return str(rank)


SUIT_SYMBOLS = full_suit_marks()  # a full font's; the console draws letters (see glyphs.py)


PICTURE_RANKS: dict[int, str] = {11: N_("Jack"), 12: N_("Queen"), 13: N_("King"), 14: N_("Ace")}
SUIT_NAMES: dict[str, str] = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}


def card_name(card: Card) -> str:
    """A card in words, for the rules and for anyone who cannot tell the symbols."""
    # Only the card's own words are looked up: every deal names three cards.
    rank = _(PICTURE_RANKS[card.rank]) if card.rank in PICTURE_RANKS else str(card.rank)
    return _("{rank} of {suit}").format(rank=rank, suit=_(SUIT_NAMES[card.suit]))


def rank_name(rank: int) -> str:
    """A card's rank in words, as the message line names it: 2 … 10, Jack, Queen, King, Ace."""
    return _(PICTURE_RANKS[rank]) if rank in PICTURE_RANKS else number(rank)


def hand_name(kind: HandKind, spread: int = 0) -> str:
    if kind is HandKind.SPREAD:
        return _("Spread {spread}").format(spread=number(spread))
    if kind is HandKind.CONSECUTIVE:
        return _("Consecutive")
    if kind is HandKind.PAIR:
        return _("Pair")
    return _("Three of a kind")


def pay_table_name(kind: HandKind) -> str:
    """A pushing or three-of-a-kind hand as the table's pay table names it.

    Where a language keeps the source's loanword (Polish: Cons, Pair, 3 of a
    kind) this adds its short gloss; elsewhere it is the hand's name.
    """
    if kind is HandKind.CONSECUTIVE:
        # Translators: the pay table beside the cards; repeat the hand's name, or add a short
        # gloss where your table names it with a loanword (pl: Cons (kolejne)).
        return pgettext("pay table", "Consecutive")
    if kind is HandKind.PAIR:
        return pgettext("pay table", "Pair")
    return pgettext("pay table", "Three of a kind")


def announcement(state: TableState) -> str:
    """The message line: what just happened, or what the player can do now."""
    if state.phase is Phase.BETTING:
        if state.ante == 0:
            return _("No ante yet: + or a left click on a chip adds it, - or a right click takes it off.")
        # The stakes line shows the ante: a chip changes that line alone, not this one too.
        return _("Add chips or press {deal}.").format(deal=button_label(Action.DEAL))
    if state.phase is Phase.DECISION:
        assert state.cards is not None
        # TRANSLATORS: the two cards dealt, in words ("2 and Jack"), then the spread between them.
        return _("{first} and {second}: spread {spread} — raise?").format(
            first=rank_name(state.cards[0].rank), second=rank_name(state.cards[1].rank), spread=number(state.spread)
        )
    # Settled.
    if state.outcome is Outcome.PUSH:
        if state.kind is HandKind.CONSECUTIVE:
            return _("Consecutive — push. The next hand follows.")
        return _("Pair — push. The next hand follows.")
    if state.outcome is Outcome.LOSE:
        return _("Spread {spread}: the third card is not between — the stake is lost.").format(
            spread=number(state.spread)
        )
    return win_text(state)


def win_text(state: TableState) -> str:
    assert state.kind is not None
    times = payout_odds(state.kind, state.spread)
    if state.auto_collected:  # R14: the stack went to the credits by itself
        return _("{hand} pays {odds}. Max winnings reached: {amount} collected.").format(
            hand=hand_name(state.kind, state.spread), odds=odds(times), amount=credits(state.auto_collected)
        )
    if state.kind is HandKind.THREE_OF_A_KIND:
        return _("Three of a kind! {odds} — you win {amount}.").format(odds=odds(times), amount=credits(state.winnings))
    return _("In between! Spread {spread} pays {odds} — you win {amount}.").format(
        spread=number(state.spread), odds=odds(times), amount=credits(state.winnings)
    )


def error_text(error: errors.RedDogError) -> str:
    """The engine's refusal, explained in the current language."""
    if isinstance(error, errors.ActionNotAllowed):
        return not_allowed_text(Action(error.action), Phase(error.phase))
    if isinstance(error, errors.UnknownChip):
        return _("There is no chip worth {value}.").format(value=number(error.value))
    if isinstance(error, errors.InsufficientCredits):
        return _("Not enough credits: {needed} needed, {available} left.").format(
            needed=credits(error.needed), available=credits(error.available)
        )
    if isinstance(error, errors.BelowTableMinimum):
        return _("The table minimum is {minimum}.").format(minimum=credits(error.minimum))
    if isinstance(error, errors.AboveTableMaximum):
        return _("That is above the table maximum of {maximum}.").format(maximum=credits(error.maximum))
    if isinstance(error, errors.NoBet):
        return _("No ante yet: add a chip first.")
    if isinstance(error, errors.NothingToRemove):
        if error.ante == 0:  # "more than the ante of 0" would read as if an ante of nothing stood
            return _("No ante yet: nothing to take off.")
        return _("A chip of {value} is more than the ante of {ante}.").format(
            value=number(error.value), ante=number(error.ante)
        )
    if isinstance(error, errors.ProgressiveLocked):
        if error.reason == "round_open":
            return _("Progressive betting can only be changed between rounds.")
        return _("This table does not offer progressive betting.")
    if isinstance(error, errors.InvalidSetting):
        return _("This setting is not valid.")
    return _("That is not possible now.")


AFTER_THE_ROUND = (Action.REBET, Action.NEW_BET, Action.DEAL, Action.COLLECT)


def not_allowed_text(action: Action, phase: Phase) -> str:
    if action in (Action.ADD_CHIP, Action.REMOVE_CHIP):
        if phase is Phase.SETTLED:  # the next round's chips come after the buttons that start it
            return _("Chips go on before the deal: start the next round with one of the buttons shown.")
        return _("Chips can only be placed or taken off before the deal.")
    label = button_label(action) if action in BUTTON_LABELS else ""
    if phase is Phase.DECISION:
        return _("{action} is not possible now: raise or call first.").format(action=label)
    # After a round the table offers REBET and NEW BET, or with progressive betting DEAL and
    # COLLECT (R12, R13): a refused one of these is pointed to the buttons the table shows. COLLECT
    # is never offered before a win.
    if action is Action.COLLECT or (phase is Phase.SETTLED and action in AFTER_THE_ROUND):
        return _("{action} is not possible now: use one of the buttons shown.").format(action=label)
    if phase is Phase.BETTING:
        return _("{action} is not possible now: place an ante and deal first.").format(action=label)
    return _("{action} is not possible now: the round is over.").format(action=label)


class Banner(Enum):
    """How a settled round looks: each outcome its own style, and its own words and mark."""

    WIN = "win"
    THREE_OF_A_KIND = "three-of-a-kind"
    MAX_WINNINGS = "max-winnings"
    LOSE = "lose"
    PUSH = "push"


# Marks that carry the outcome beside the colour; ★ is missing from the console's font.
BANNER_MARKS = {
    Banner.WIN: "★",
    Banner.THREE_OF_A_KIND: "★★★",
    Banner.MAX_WINNINGS: "★★★",
    Banner.LOSE: "✗",
    Banner.PUSH: "=",
}


def banner_mark(kind: Banner) -> str:
    mark = BANNER_MARKS[kind]
    return mark.replace("★", "*") if current_glyph_set().is_console else mark


def banner_kind(state: TableState) -> Banner | None:
    """The banner a settled round shows; None while a round is open or not yet dealt."""
    if state.phase is not Phase.SETTLED or state.outcome is None:
        return None
    if state.outcome is Outcome.PUSH:
        return Banner.PUSH
    if state.outcome is Outcome.LOSE:
        return Banner.LOSE
    if state.auto_collected:  # R14
        return Banner.MAX_WINNINGS
    if state.kind is HandKind.THREE_OF_A_KIND:
        return Banner.THREE_OF_A_KIND
    return Banner.WIN


def banner_text(state: TableState) -> str:
    """The banner's words: what the round did at a glance (the message line tells it in full)."""
    kind = banner_kind(state)
    if kind is None:
        return ""
    mark = banner_mark(kind)
    if kind is Banner.PUSH:
        # TRANSLATORS: the banner after a push (R10); the next hand is dealt by itself a moment later.
        words = _("PUSH — your ante stays. A new hand is coming…")
    elif kind is Banner.LOSE:
        # TRANSLATORS: the quiet line after a lost round.
        words = _("No win this time")
    else:
        assert state.kind is not None
        times = odds(payout_odds(state.kind, state.spread))
        if kind is Banner.MAX_WINNINGS:
            # TRANSLATORS: the banner when the chips reach max winnings and are collected (R14).
            words = _("MAX WINNINGS! {amount} collected").format(amount=credits(state.auto_collected))
        elif kind is Banner.THREE_OF_A_KIND:
            # TRANSLATORS: the banner for three cards of one rank; {odds} is like 11:1.
            words = _("THREE OF A KIND! You win {amount} at {odds}").format(amount=credits(state.winnings), odds=times)
        else:
            # TRANSLATORS: the win banner; {odds} is like 2:1.
            words = _("YOU WIN {amount} at {odds}").format(amount=credits(state.winnings), odds=times)
    return f"{mark} {words} {mark}" if kind is not Banner.LOSE else f"{mark} {words}"
