"""Game recall (`f3`): the last ten settled rounds from the journal, newest first.

Where the screen is wide enough every round is one row of a table; on a
narrower screen (80×24) each round takes two lines, the second naming the
amounts, so that nothing is cut in any language.
"""

from __future__ import annotations

from datetime import datetime

from babel.dates import format_date, format_time
from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import Static

from ...engine import HandKind, Outcome
from ...engine.cards import Card
from ...i18n import _, current_language, ngettext, pgettext
from ...i18n.formatting import babel_locale, number
from ...i18n.keys import bar_item
from ..glyphs import suit_mark
from ..texts import hand_name, rank_letter
from ..widgets.buttons import KeyBar
from .base import ScrollingScreen
from .table import common_keys

RECALL_ROUNDS = 10  # casino standards ask for the last ten games
GAP = "  "
RED_CARD_STYLE = "bold $recall-red"
BLACK_CARD_STYLE = "bold $table-text"
OUTCOME_STYLES = {Outcome.WIN: "bold $highlight-text", Outcome.LOSE: "$label-text", Outcome.PUSH: ""}
LABEL_STYLE = "$label-text"


def local_time(moment: datetime, with_date: bool) -> str:
    """The round's time in the machine's time zone, written the language's way."""
    local = moment.astimezone()
    locale = babel_locale(current_language())
    time = format_time(local, "medium", locale=locale)
    return f"{format_date(local, 'short', locale=locale)} {time}" if with_date else time


def result_text(outcome: Outcome) -> str:
    # TRANSLATORS: how a settled round ended, in the game recall (won / lost / push).
    if outcome is Outcome.WIN:
        return pgettext("round result", "won")
    if outcome is Outcome.LOSE:
        return pgettext("round result", "lost")
    return pgettext("round result", "push")


def cards_content(codes: tuple[str, str, str], kind: HandKind) -> Content:
    """The cards as the table marks them (rank letter and suit), red suits in red.

    A consecutive hand never turns its third card (R5a), so recall does not show it either.
    """
    shown = codes[:2] if kind is HandKind.CONSECUTIVE else codes
    parts: list[str | tuple[str, str]] = []
    for code in shown:
        card = Card.from_code(code)
        if parts:
            parts.append(" ")
        parts.append(
            (rank_letter(card.rank) + suit_mark(card.suit), RED_CARD_STYLE if card.is_red else BLACK_CARD_STYLE)
        )
    if len(shown) < len(codes):
        parts.append(" —")
    return Content.assemble(*parts)


def credits_change(records) -> list[Content]:
    """Each round's "before → after" balance, the arrows one under another."""
    befores = [number(r.credits_before) for r in records]
    afters = [number(r.credits_after) for r in records]
    before_width = max(cell_len(text) for text in befores)
    after_width = max(cell_len(text) for text in afters)
    return [
        Content(" " * (before_width - cell_len(b)) + b + " → " + " " * (after_width - cell_len(a)) + a)
        for b, a in zip(befores, afters)
    ]


def pad(content: Content | str, width: int, right: bool = False) -> Content:
    content = content if isinstance(content, Content) else Content(content)
    fill = " " * max(0, width - cell_len(content.plain))
    return Content.assemble(fill, content) if right else Content.assemble(content, fill)


def table_layout(records, with_date: bool) -> list[Content]:
    """One row per round under a header: the layout for a wide screen."""
    # TRANSLATORS: column headings of the game recall table; keep them short.
    header = tuple(Content(text) for text in (
        pgettext("recall column", "Time"), pgettext("recall column", "Cards"), pgettext("recall column", "Hand"),
        _("Ante"), _("Raise"), pgettext("recall column", "Result"),
        pgettext("recall column", "Paid"), pgettext("recall column", "Credits before → after"),
    ))  # fmt: skip
    numeric = (False, False, False, True, True, False, True, True)
    rows = [
        (
            Content(local_time(r.time, with_date)),
            cards_content(r.cards, r.kind),
            Content(hand_name(r.kind, r.spread)),
            Content(number(r.ante)),
            Content(number(r.raised) if r.raised else "—"),
            Content.assemble((result_text(r.outcome), OUTCOME_STYLES[r.outcome])),
            Content(number(r.paid)),
            balances,
        )
        for r, balances in zip(records, credits_change(records))
    ]
    widths = [max(cell_len(cells[i].plain) for cells in (header, *rows)) for i in range(len(header))]
    lines = [
        Content.assemble(
            (GAP.join(pad(h, widths[i], numeric[i]).plain for i, h in enumerate(header)), "bold underline")
        )
    ]
    for cells in rows:
        lines.append(Content(GAP).join(pad(cell, widths[i], numeric[i]) for i, cell in enumerate(cells)))
    return lines


def record_layout(records, room: int) -> list[Content]:
    """Two lines per round (time, cards, hand, result; then the amounts), for a narrow screen."""
    firsts = [
        (Content(local_time(r.time, False)), cards_content(r.cards, r.kind), Content(hand_name(r.kind, r.spread)))
        for r in records
    ]
    widths = [max(cell_len(cells[i].plain) for cells in firsts) for i in range(3)]
    seconds = [
        [
            Content.assemble((_("Ante"), LABEL_STYLE), " ", number(r.ante)),
            Content.assemble((_("Raise"), LABEL_STYLE), " ", number(r.raised) if r.raised else "—"),
            Content.assemble((pgettext("recall column", "Paid"), LABEL_STYLE), " ", number(r.paid)),
            Content.assemble((pgettext("recall", "Credits"), LABEL_STYLE), " ", balances),
        ]
        for r, balances in zip(records, credits_change(records))
    ]
    amount_widths = [max(cell_len(items[i].plain) for items in seconds) for i in range(3)]
    widest = sum(amount_widths) + max(cell_len(items[3].plain) for items in seconds) + 3 * cell_len(GAP)
    indent = Content(" " * (widths[0] + cell_len(GAP) if widest + widths[0] + cell_len(GAP) <= room else 2))
    lines: list[Content] = []
    for r, cells, items in zip(records, firsts, seconds):
        result = Content.assemble((result_text(r.outcome), OUTCOME_STYLES[r.outcome]))
        lines.append(Content(GAP).join([*(pad(c, widths[i]) for i, c in enumerate(cells)), result]))
        aligned = [pad(item, amount_widths[i]) for i, item in enumerate(items[:3])] + [items[3]]
        lines.append(indent + Content(GAP).join(aligned))
    return lines


class RecallScreen(ScrollingScreen):
    """Read-only: nothing here changes the table or the journal."""

    SCROLLER = "recall-body"

    def compose(self) -> ComposeResult:
        yield Static("", id="recall-title", markup=False)
        with VerticalScroll(id="recall-body"):
            yield Static("", id="recall-intro", markup=False)
            yield Static("", id="recall-rounds", markup=False)
        yield KeyBar(id="keys")

    def on_resize(self, event: events.Resize) -> None:
        self.redraw()

    def refresh_view(self) -> None:
        if self.app.session is None:
            return
        records = self.app.session.recent_rounds(RECALL_ROUNDS)
        self.query_one("#recall-title", Static).update(_("Game recall"))
        if records:
            # TRANSLATORS: above the game recall; {count} is at most 10.
            intro = ngettext(
                "The last settled round:", "The last {count} settled rounds, newest first:", len(records)
            ).format(count=number(len(records)))
        else:
            intro = _("No round has been settled yet. Each round appears here once it is over.")
        self.query_one("#recall-intro", Static).update(intro)
        self.query_one("#recall-rounds", Static).update(Content("\n").join(self.layout_lines(records)))
        self.query_one("#recall-rounds").display = bool(records)
        keys = [bar_item("back_to_table"), *common_keys(self.app.exits_locked, leave_out=("show_recall",))]
        self.query_one("#keys", KeyBar).show(keys)

    def layout_lines(self, records) -> list[Content]:
        """The table if it fits the screen's width (with dates if they fit too), else two lines a round."""
        if not records:
            return []
        room = self.query_one("#recall-body").scrollable_content_region.width or self.size.width - 4
        for with_date in (True, False):
            lines = table_layout(records, with_date)
            if max(cell_len(line.plain) for line in lines) <= room:
                return lines
        return record_layout(records, room)
