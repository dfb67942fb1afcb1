"""A playing card drawn with box characters; it scales to the size the stylesheet gives it."""

from __future__ import annotations

from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from ...engine.cards import Card
from ...i18n import _
from ..glyphs import current_glyph_set, suit_mark
from ..texts import card_name, rank_letter

# In theme roles (theme.py). A suit is told by its mark (♥, or the console's letter), never by
# its colour alone.
FACE_BLACK_LOOK = "$card-black on $card-face"
FACE_RED_LOOK = "bold $card-red on $card-face"
BACK_LOOK = "$card-back-pattern on $card-back"
EMPTY_LOOK = "$card-empty"


class CardView(Widget):
    """One card: face up (rank and suit), face down (the back), or an empty place."""

    # Bound to the table's language: the words and numbers drawn in render() follow a switch.
    language: reactive[str] = reactive("")
    # The card and whether it lies face up, in one reactive: a card turned over repaints once.
    shown: reactive[tuple[Card | None, bool]] = reactive((None, False))

    @property
    def card(self) -> Card | None:
        return self.shown[0]

    @property
    def face_up(self) -> bool:
        return self.shown[1]

    def show(self, card: Card | None, face_up: bool) -> None:
        self.shown = (card, face_up)
        tooltip = card_name(card) if card is not None and face_up else None
        if tooltip != self.tooltip:  # setting it, even unchanged, makes the screen look at it again
            self.tooltip = tooltip

    def describe(self) -> str:
        """What the card shows, in words (tests and screen readers)."""
        if self.card is None:
            return ""
        return card_name(self.card) if self.face_up else _("face down")

    def lines(self, width: int, height: int) -> tuple[list[str], str]:
        """The card's rows of text at `width`×`height`, and their look (a style in theme roles)."""
        glyphs = current_glyph_set()
        if width < 3 or height < 3:
            return [], EMPTY_LOOK
        inner = width - 2
        if self.card is None:
            lines = ["┌" + "╌" * inner + "┐"] + ["╎" + " " * inner + "╎"] * (height - 2) + ["└" + "╌" * inner + "┘"]
            return lines, EMPTY_LOOK
        top, bottom = "╭" + "─" * inner + "╮", "╰" + "─" * inner + "╯"
        if not self.face_up:
            pattern = (glyphs.card_back * width)[:inner]
            return [top, *["│" + pattern + "│"] * (height - 2), bottom], BACK_LOOK
        rank = rank_letter(self.card.rank)
        suit = suit_mark(self.card.suit)
        rows = [" " * inner for _ in range(height - 2)]
        rows[0] = (rank + suit).ljust(inner)[:inner]
        if len(rows) > 1:
            rows[-1] = (rank + suit).rjust(inner)[-inner:]
        field = rows[1:-1]  # between the two corner indices
        if draw_face(field, self.card.rank, rank, suit):
            rows[1:-1] = field
        elif len(rows) > 2:  # too small for pips: one mark in the middle, the corners give the rank
            rows[(len(rows) - 1) // 2] = suit.center(inner)
        return [top, *("│" + row + "│" for row in rows), bottom], FACE_RED_LOOK if self.card.is_red else FACE_BLACK_LOOK

    def render(self) -> Content:
        width, height = self.content_size
        lines, look = self.lines(width, height)
        return Content("\n").join(Content.styled(line, look) for line in lines)


# Where a real card puts its pips, on a grid of three columns (0 left, 1 centre, 2 right) and
# seven rows between the corner indices: sides at the top, middle and foot (or four evenly), the
# centre column's pips between them.
PIP_ROWS = 7
PIP_LAYOUTS: dict[int, tuple[tuple[int, int], ...]] = {
    2: ((0, 1), (6, 1)),
    3: ((0, 1), (3, 1), (6, 1)),
    4: ((0, 0), (0, 2), (6, 0), (6, 2)),
    5: ((0, 0), (0, 2), (3, 1), (6, 0), (6, 2)),
    6: ((0, 0), (0, 2), (3, 0), (3, 2), (6, 0), (6, 2)),
    7: ((0, 0), (0, 2), (1, 1), (3, 0), (3, 2), (6, 0), (6, 2)),
    8: ((0, 0), (0, 2), (1, 1), (3, 0), (3, 2), (5, 1), (6, 0), (6, 2)),
    9: ((0, 0), (0, 2), (2, 0), (2, 2), (3, 1), (4, 0), (4, 2), (6, 0), (6, 2)),
    10: ((0, 0), (0, 2), (1, 1), (2, 0), (2, 2), (4, 0), (4, 2), (5, 1), (6, 0), (6, 2)),
}
PIP_FIELD_WIDTH = 11  # the narrowest row that keeps two-letter console suits (pi, kr) apart

# The picture cards' and the ace's letters, five cells square, in the full block both glyph sets'
# fonts have. Covers every language's letters (J Q K A, B D K A, W D K A, V D R A); another
# letter falls back to the plain index.
BIG_LETTERS: dict[str, tuple[str, ...]] = {
    "A": (" ### ", "#   #", "#####", "#   #", "#   #"),
    "B": ("#### ", "#   #", "#### ", "#   #", "#### "),
    "D": ("#### ", "#   #", "#   #", "#   #", "#### "),
    "J": ("  ###", "    #", "    #", "#   #", " ### "),
    "K": ("#   #", "#  # ", "###  ", "#  # ", "#   #"),
    "Q": (" ### ", "#   #", "#   #", "#  # ", " ## #"),
    "R": ("#### ", "#   #", "#### ", "#  # ", "#   #"),
    "V": ("#   #", "#   #", "#   #", " # # ", "  #  "),
    "W": ("#   #", "#   #", "# # #", "## ##", "#   #"),
}
BLOCK = "█"


def draw_face(field: list[str], rank: int, letter: str, suit: str) -> bool:
    """Fill the space between the corners with pips (2–10) or a big letter (J Q K A), in place.

    False when the card is too small for that (the 80×24 table): the caller draws its plain mark."""
    if len(field) < PIP_ROWS or not field or len(field[0]) < PIP_FIELD_WIDTH:
        return False
    width = len(field[0])
    top = (len(field) - PIP_ROWS) // 2
    if rank <= 10:
        columns = (2, width // 2, width - 3)
        for row, column in PIP_LAYOUTS[rank]:
            start = columns[column] - (len(suit) - 1) // 2
            line = field[top + row]
            field[top + row] = line[:start] + suit + line[start + len(suit) :]
        return True
    shape = BIG_LETTERS.get(letter)
    if shape is None:
        return False
    for offset, line in enumerate(shape, start=top + 1):
        field[offset] = line.replace("#", BLOCK).center(width)
    return True
