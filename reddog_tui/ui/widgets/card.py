"""A playing card drawn with box characters; it scales to the size the stylesheet gives it."""

from __future__ import annotations

from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from ...engine.cards import Card
from ...i18n import _
from ..glyphs import current_glyph_set, suit_mark
from ..texts import card_name, rank_letter

# Theme roles (theme.py). A suit is told by its mark (♥, or the console's letter), never by its colour alone.
FACE_BLACK_STYLE = "$card-black on $card-face"
FACE_RED_STYLE = "bold $card-red on $card-face"
BACK_STYLE = "$card-back-pattern on $card-back"
EMPTY_STYLE = "$card-empty"


class CardView(Widget):
    """One card: face up (rank and suit), face down (the back), or an empty place."""

    # Bound to the table's language: the words and numbers drawn in render() follow a switch.
    language: reactive[str] = reactive("")
    card: reactive[Card | None] = reactive(None)
    face_up: reactive[bool] = reactive(False)

    def show(self, card: Card | None, face_up: bool) -> None:
        self.card = card
        self.face_up = face_up
        tooltip = card_name(card) if card is not None and face_up else None
        if tooltip != self.tooltip:  # setting it, even unchanged, makes the screen look at it again
            self.tooltip = tooltip

    def describe(self) -> str:
        """What the card shows, in words (tests and screen readers)."""
        if self.card is None:
            return ""
        return card_name(self.card) if self.face_up else _("face down")

    def render(self) -> Content:
        glyphs = current_glyph_set()
        width, height = self.size.width, self.size.height
        if width < 3 or height < 3:
            return Content("")
        inner = width - 2
        if self.card is None:
            lines = ["┌" + "╌" * inner + "┐"] + ["╎" + " " * inner + "╎"] * (height - 2) + ["└" + "╌" * inner + "┘"]
            return Content.assemble(("\n".join(lines), EMPTY_STYLE))
        top, bottom = "╭" + "─" * inner + "╮", "╰" + "─" * inner + "╯"
        if not self.face_up:
            pattern = (glyphs.card_back * width)[:inner]
            middle = ["│" + pattern + "│"] * (height - 2)
            return Content.assemble(("\n".join([top, *middle, bottom]), BACK_STYLE))
        rank = rank_letter(self.card.rank)
        suit = suit_mark(self.card.suit)
        rows = [" " * inner for _ in range(height - 2)]
        rows[0] = (rank + suit).ljust(inner)[:inner]
        if len(rows) > 1:
            rows[-1] = (rank + suit).rjust(inner)[-inner:]
        centre = (len(rows) - 1) // 2 if len(rows) > 2 else None
        if centre is not None and 0 < centre < len(rows) - 1:
            big = suit if inner < 9 else f"{suit} {suit}"
            rows[centre] = big.center(inner)
        style = FACE_RED_STYLE if self.card.is_red else FACE_BLACK_STYLE
        text = "\n".join([top, *("│" + row + "│" for row in rows), bottom])
        return Content.assemble((text, style))
