"""The rules help shown on the rules screen (f1), in every language.

The text is kept here as a list of sections in reading order. Every sentence
is an English msgid marked with `N_()`; each language's catalogue holds its
own wording, which may use the examples of that language's source rule text
(see the `Translators:` comments). English too: en.po holds the wording shown,
so an English edit leaves the other catalogues' keys alone. Nothing here is translated at import time:
`render_rules()` translates with the requested language and fills in the live
figures (the PAR sheet for the table's number of decks) and the table's
current values, formatted by Babel in that language's style.

Placeholders a translation must keep unchanged:
    {rtp} {house_edge} {never_raise_house_edge}  percentages from the PAR sheet
    {raise_from}  the lowest spread worth raising
    {decks} {min_bet} {max_bet} {chips} {max_winnings}  the table's settings
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import HandKind, ParSheet, TableConfig, pay_table
from ..engine.cards import RANKS
from . import N_, _, current_language, pgettext, set_language
from .formatting import listing, number, odds, percent
from .keys import described

# --- blocks -----------------------------------------------------------------
# The same block types describe the English source and the rendered result.


@dataclass(frozen=True)
class Subheading:
    text: str


@dataclass(frozen=True)
class Paragraph:
    text: str


@dataclass(frozen=True)
class Bullets:
    items: tuple[str, ...]


@dataclass(frozen=True)
class TableMarker:
    """Where a table goes in the source; its cells are built at render time."""

    table_id: str  # "card_values", "pay_table" or "keys"


@dataclass(frozen=True)
class TableRow:
    cells: tuple[str, ...]
    # What the row stands for: the rank (card_values), (HandKind, spread) as in
    # TableState.kind / .spread (pay_table, so the current hand's row can be
    # highlighted), or the key name (keys).
    key: object


@dataclass(frozen=True)
class Table:
    table_id: str
    header: tuple[str, ...]
    rows: tuple[TableRow, ...]


Block = Subheading | Paragraph | Bullets | TableMarker
RenderedBlock = Subheading | Paragraph | Bullets | Table


@dataclass(frozen=True)
class Section:
    id: str
    heading: str
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class RulesSection:
    """One section of the help, translated and filled in."""

    id: str
    heading: str
    blocks: tuple[RenderedBlock, ...]


# --- the text ---------------------------------------------------------------

SECTIONS: tuple[Section, ...] = (
    Section(
        "about",
        N_("What the game is about"),
        (
            Paragraph(
                N_(
                    "Red Dog is a quick casino card game. The dealer shows two cards, and you bet "
                    "that the value of a third card will land between them. You also win if all "
                    "three cards turn out to have the same value."
                )
            ),
            Paragraph(
                N_(
                    "In a casino, Red Dog is played at a table much like a blackjack table. Any "
                    "number of players can bet against the dealer at the same time, and each bet "
                    "is settled on its own. At this kiosk you play alone against the dealer."
                )
            ),
        ),
    ),
    Section(
        "cards",
        N_("Cards and their values"),
        (
            Paragraph(
                N_(
                    "The game uses ordinary 52-card decks, and all the cards are shuffled together "
                    "afresh before every round. Decks at this table: {decks}."
                )
            ),
            Paragraph(
                N_(
                    "Only the value of a card counts; suits make no difference. The Ace is always "
                    "high: it is worth 14, never 1."
                )
            ),
            TableMarker("card_values"),
        ),
    ),
    Section(
        "ante",
        N_("The ante and the chips"),
        (
            Paragraph(
                N_(
                    "Every round starts with your bet, the ante, which you build from chips. Chip "
                    "values at this table: {chips}."
                )
            ),
            Bullets(
                (
                    N_(
                        "Pick a chip value with the arrow keys ← and →. The + key adds one chip "
                        "of that value to the ante; the - key takes one off again."
                    ),
                    N_("With a mouse: a left click on a chip adds it to the ante, a right click takes it back."),
                )
            ),
            Paragraph(
                N_(
                    "Until the cards are dealt you can change the ante as often as you like. The "
                    "current ante is shown on the table."
                )
            ),
            Paragraph(
                N_("Table limits for the ante: minimum {min_bet}, maximum {max_bet}. Your credits must cover it.")
            ),
        ),
    ),
    Section(
        "deal",
        N_("The deal"),
        (
            Paragraph(
                N_(
                    "When your ante is in place, press DEAL. The dealer lays out three cards: the "
                    "two outer ones face up, the middle one face down."
                )
            ),
            Paragraph(
                N_(
                    "The two face-up cards decide how the round goes on. The third card is fixed "
                    "at the deal and cannot change afterwards, even though it is only turned over "
                    "later."
                )
            ),
        ),
    ),
    Section(
        "cases",
        N_("The three cases"),
        (
            Paragraph(
                # Translators: Polish may add here that everything depends on the Spread.
                N_("Once the two face-up cards are on the table, there are three possibilities.")
            ),
            # Translators: the name of case 1 as your source calls it (pl: Cons).
            Subheading(N_("1. Consecutive")),
            Paragraph(
                # Translators: use your source's consecutive examples (de: 5 und 6, Dame und
                # König; fr: 7 et 8, Dame et Roi; it: 5 e 6; pl: 2 i 3, with Spread 0 = Cons).
                N_(
                    "The two values follow each other directly, for example 7 and 8, or Queen and "
                    "King. No third card is turned: the hand is a push and your ante is not lost."
                )
            ),
            # Translators: the name of case 2 as your source calls it (pl: Pair, 3 of a kind).
            Subheading(N_("2. Pair, and three of a kind")),
            Paragraph(
                # Translators: use your source's pair example (de: zwei Könige; fr: deux Valets;
                # pl: 2 i 2, with Spread 0 = Pair).
                N_(
                    "Both cards have the same value, for example two Kings. You cannot raise on a "
                    "pair: the third card is turned at once."
                )
            ),
            Paragraph(
                N_(
                    "If it has that value too, you have three of a kind, for example 6-6-6, and "
                    "your ante is paid 11:1. Any other third card makes the hand a push."
                )
            ),
            # Translators: the name of case 3 with your source's word for the spread.
            Subheading(N_("3. Non-consecutive: the spread")),
            Paragraph(
                N_(
                    "In every other case, which covers most hands, the dealer announces the "
                    "spread: the number of values strictly between the two cards, from 1 to 11. A "
                    "“Red Dog” marker shows it on the table, and its row lights up in the pay "
                    "table."
                )
            ),
            Paragraph(
                # Translators: use your source's spread example (de: 2 und Bube, 8, values
                # 3…10; fr: 4 et Valet, 6, values 5…10; it: 5 e 10, 4; pl: 2 i 6, 3).
                N_(
                    "Examples: between a 5 and a 10 lie four values (6, 7, 8 and 9), so the "
                    "spread is 4. Between a 2 and a 6 lie 3, 4 and 5: a spread of 3."
                )
            ),
            Paragraph(N_("A small spread leaves few winning cards, but it pays more.")),
        ),
    ),
    Section(
        "raise",
        # Translators: French names the question here: OUI or NON.
        N_("Raise or call"),
        (
            Paragraph(
                # Translators: French asks the table's question "augmenter l'enjeu ?" here,
                # answered OUI (raise) or NON (call).
                N_("After the spread is announced, and before the third card is turned, you choose:")
            ),
            Bullets(
                (
                    # Translators: the raise button's label (de ERHÖHEN, pl PODBIJ, fr OUI,
                    # it RILANCIA).
                    N_(
                        "RAISE adds a second bet equal to your ante, so your stake doubles. A "
                        "raise is always exactly the ante, never more or less."
                    ),
                    # Translators: the call button's label (de HALTEN, pl CZEKAJ, fr NON,
                    # it CHIAMA).
                    N_("CALL keeps your ante as it is, without a raise."),
                )
            ),
            Paragraph(
                N_(
                    "Either way, the dealer then turns the third card. You can raise only on a "
                    "spread (1 to 11), and only when your credits cover the raise."
                )
            ),
            Paragraph(
                N_(
                    "Raising pays off on wide spreads: the best play is to raise on a spread of "
                    "{raise_from} or more and to call on anything lower."
                )
            ),
        ),
    ),
    Section(
        "third_card",
        N_("Winning and losing on the third card"),
        (
            Bullets(
                (
                    N_("You win if the value of the third card lies strictly between the two face-up cards."),
                    N_("You lose if it matches the value of either face-up card, or falls below or above both."),
                )
            ),
            Paragraph(
                N_("A non-consecutive hand is never a push: the third card always decides between a win and a loss.")
            ),
            Paragraph(
                # Translators: use the spread example of your source (de: 2 und Bube;
                # fr: 4 et Valet; it: 5 e 10; pl: 2 i 6).
                N_("Example: with a 5 and a 10, a 6, 7, 8 or 9 wins. A 5, a 10, or any card below 5 or above 10 loses.")
            ),
            Paragraph(N_("A win pays your ante and your raise at the rate the pay table gives for the spread.")),
        ),
    ),
    Section(
        "pay_table",
        N_("Pay table"),
        (
            Paragraph(N_("What a win pays depends on the spread:")),
            TableMarker("pay_table"),
            Paragraph(
                N_(
                    "“5:1” means you get your stake back plus five times the stake: an ante of 10 "
                    "won at 5:1 returns 60 in all."
                )
            ),
            Paragraph(N_("A raise is paid at the same rate as the ante.")),
        ),
    ),
    Section(
        "push",
        N_("Push and the automatic new hand"),
        (
            Paragraph(
                N_(
                    "A push is a stand-off: nobody wins and nobody loses. It happens on a "
                    "consecutive hand, and on a pair when the third card does not match."
                )
            ),
            Paragraph(
                N_(
                    "You lose nothing: the ante simply stays where it is, and after a short pause "
                    "the next hand is dealt automatically. With fast play on, the pause is "
                    "shorter."
                )
            ),
        ),
    ),
    Section(
        "rebet",
        N_("After the round: REBET and NEW BET"),
        (
            Paragraph(N_("With progressive betting off, a finished round offers two buttons:")),
            Bullets(
                (
                    N_(
                        "REBET moves your winnings into your credits, places the same ante as "
                        "before and deals a new hand right away."
                    ),
                    N_(
                        "NEW BET moves everything on the table into your credits. Then you can "
                        "place a different bet, or stop playing."
                    ),
                )
            ),
        ),
    ),
    Section(
        "progressive",
        N_("Progressive betting"),
        (
            Paragraph(
                N_(
                    "With progressive betting your winnings stay in play for the next hand. It "
                    "can be turned on or off in the game settings, between rounds only. If you "
                    "want to leave it, play the round out, take the chips with COLLECT, and then "
                    "turn it off."
                )
            ),
            Paragraph(N_("After each round you choose:")),
            Bullets(
                (
                    N_(
                        "COLLECT moves the chips on the table into your credits; then place a new "
                        "bet or leave the table."
                    ),
                    N_(
                        "DEAL lets the whole stack ride: winnings, ante and raise together become "
                        "the ante of the next hand, which is dealt at once."
                    ),
                )
            ),
            Paragraph(
                N_("After a lost round nothing is left on the table: NEW BET takes you back to placing a new bet.")
            ),
            Paragraph(
                N_(
                    "Max winnings: when the chips on the table reach {max_winnings}, they are "
                    "moved into your credits automatically at the end of the round."
                )
            ),
        ),
    ),
    Section(
        "settings",
        N_("Game settings"),
        (
            Paragraph(N_("F2 opens the game settings. There you can switch on or off:")),
            Bullets(
                (
                    N_("Sound effects."),
                    N_("Fast play: shorter pauses, for example before the new hand after a push."),
                    N_("Reduce motion: the cards are shown at once, without being dealt and turned on screen."),
                    N_("High contrast: stronger colours that are easier to read."),
                    N_("Progressive betting, where the operator offers it, and only between rounds."),
                )
            ),
            Paragraph(N_("You can also choose the language there.")),
        ),
    ),
    Section(
        "keys",
        N_("Keys"),
        (
            Paragraph(N_("Every button has a key as well; a mouse click on the button does the same.")),
            TableMarker("keys"),
            Paragraph(
                # Translators: use the key names printed on keyboards in your language.
                N_("To move through these rules use Page Up and Page Down, Home and End, or the mouse wheel.")
            ),
        ),
    ),
    Section(
        "rtp",
        N_("Return to player and house edge"),
        (
            Paragraph(
                N_(
                    "These figures are exact: they are worked out over every possible deal, for "
                    "the number of decks at this table ({decks})."
                )
            ),
            Bullets(
                (
                    N_("Return to player with the best play: {rtp} of the ante."),
                    N_("House edge with the best play: {house_edge}."),
                    N_("House edge if you never raise: {never_raise_house_edge}."),
                )
            ),
            Paragraph(
                N_(
                    "The best play is simple: raise on a spread of {raise_from} or more, call on "
                    "anything lower. The return is an average over a very large number of rounds; "
                    "a single session can turn out quite differently."
                )
            ),
        ),
    ),
)

SECTION_IDS: tuple[str, ...] = tuple(section.id for section in SECTIONS)

# --- table cells ------------------------------------------------------------

CARD_VALUE_HEADER = (N_("Card"), N_("Value"))
# Ranks with a name; the others are shown as their number (R2).
CARD_NAMES: dict[int, str] = {11: N_("Jack"), 12: N_("Queen"), 13: N_("King"), 14: N_("Ace")}

PAY_TABLE_HEADER = (N_("Spread"), N_("Payout"))
HAND_NAMES: dict[HandKind, str] = {
    HandKind.CONSECUTIVE: N_("Consecutive"),
    HandKind.PAIR: N_("Pair"),
    HandKind.THREE_OF_A_KIND: N_("Three of a kind"),
}
PUSH_CELL = N_("Push")

KEYS_HEADER = (N_("Key"), N_("What it does"))
# Key names as printed on the keys; Esc is shown as the key bar names it ("Échap" in French).
KEY_ROWS: tuple[tuple[str, str], ...] = tuple(
    (key.printed, key.description) for key in described() if key.description is not None
)  # the key registry's rows (keys.py)


def source_messages() -> tuple[str, ...]:
    """Every msgid of the help, in reading order, without repeats."""
    found: dict[str, None] = {}
    for section in SECTIONS:
        found[section.heading] = None
        for block in section.blocks:
            if isinstance(block, (Subheading, Paragraph)):
                found[block.text] = None
            elif isinstance(block, Bullets):
                found.update(dict.fromkeys(block.items))
    for text in (
        *CARD_VALUE_HEADER,
        *CARD_NAMES.values(),
        *PAY_TABLE_HEADER,
        *HAND_NAMES.values(),
        PUSH_CELL,
        *KEYS_HEADER,
        *(description for _key, description in KEY_ROWS),
    ):
        found[text] = None
    return tuple(found)


# --- live values ------------------------------------------------------------


def live_values(language: str, par: ParSheet, config: TableConfig) -> dict[str, str]:
    """The placeholders' values, formatted in `language`'s own style by Babel."""
    return {
        "rtp": percent(par.rtp, 2, language),
        "house_edge": percent(par.house_edge, 2, language),
        "never_raise_house_edge": percent(par.never_raise_house_edge, 2, language),
        "raise_from": number(min(par.raise_spreads), language) if par.raise_spreads else "–",
        "decks": number(config.decks, language),
        "min_bet": number(config.min_bet, language),
        "max_bet": number(config.max_bet, language),
        "chips": listing([number(v, language) for v in config.chip_values], language),
        "max_winnings": number(config.max_winnings, language),
    }


# --- rendering ----------------------------------------------------------------


def _table(table_id: str, language: str) -> Table:
    if table_id == "card_values":

        def card(rank: int) -> str:
            return _(CARD_NAMES[rank]) if rank in CARD_NAMES else number(rank, language)

        rows = tuple(TableRow((card(rank), number(rank, language)), rank) for rank in RANKS)
        return Table(table_id, tuple(_(h) for h in CARD_VALUE_HEADER), rows)
    if table_id == "pay_table":
        pay_rows = []
        for kind, spread, times in pay_table():
            hand = number(spread, language) if kind is HandKind.SPREAD else _(HAND_NAMES[kind])
            pays = _(PUSH_CELL) if times is None else odds(times, language)
            pay_rows.append(TableRow((hand, pays), (kind, spread)))
        return Table(table_id, tuple(_(h) for h in PAY_TABLE_HEADER), tuple(pay_rows))
    if table_id == "keys":
        shown = {"Esc": pgettext("key", "Esc")}
        rows = tuple(TableRow((shown.get(key, key), _(description)), key) for key, description in KEY_ROWS)
        return Table(table_id, tuple(_(h) for h in KEYS_HEADER), rows)
    raise ValueError(f"unknown table {table_id!r}")


def _render_block(block: Block, values: dict[str, str], language: str) -> RenderedBlock:
    if isinstance(block, Subheading):
        return Subheading(_(block.text).format_map(values))
    if isinstance(block, Paragraph):
        return Paragraph(_(block.text).format_map(values))
    if isinstance(block, Bullets):
        return Bullets(tuple(_(item).format_map(values) for item in block.items))
    return _table(block.table_id, language)


def render_rules(language: str, par: ParSheet, config: TableConfig) -> list[RulesSection]:
    """The whole help in `language`, with the figures of `par` and the values of `config`.

    The current language is switched only for the duration of the call.
    """
    values = live_values(language, par, config)
    previous = current_language()
    set_language(language)
    try:
        return [
            RulesSection(
                section.id,
                _(section.heading),
                tuple(_render_block(block, values, language) for block in section.blocks),
            )
            for section in SECTIONS
        ]
    finally:
        set_language(previous)


def plain_text(sections: list[RulesSection]) -> str:
    """The rendered help as plain text: for reading it through, and for tests."""
    lines: list[str] = []
    for section in sections:
        lines += [section.heading, "=" * len(section.heading), ""]
        for block in section.blocks:
            if isinstance(block, (Subheading, Paragraph)):
                lines += [block.text, ""]
            elif isinstance(block, Bullets):
                lines += [f"  • {item}" for item in block.items] + [""]
            else:
                width = max(len(row.cells[0]) for row in (TableRow(block.header, None), *block.rows))
                for row in (TableRow(block.header, None), *block.rows):
                    lines.append(f"  {row.cells[0].ljust(width)}  {row.cells[1]}")
                lines.append("")
    return "\n".join(lines)
