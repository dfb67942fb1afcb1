"""The bet area under the stakes: the chip rack while a bet is made, a settled round's banner after.

A settled round cannot take chips (R12, R13), so its banner stands where the chips stood. One
widget draws both: a deal that settles at once changes what the
area draws, not what the table lays out. As separate widgets, shown and hidden in turn, every such
deal laid the whole table out again, and the message line and the buttons below moved up a row
and back. A left click on a chip adds it to the ante, a right click takes one off (R3).

Each outcome has its own colours and its own words and mark, so it is told apart at a glance and
never by colour alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from textual import events
from textual.content import Content
from textual.geometry import Offset
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ...engine import TableState
from ...i18n.formatting import number
from ..texts import Banner, banner_kind, banner_text

RIGHT_BUTTON = 3


@dataclass(frozen=True)
class Room:
    """The area's measures: at 80×24 every row counts; at 120×40 and more it spreads out."""

    top: int  # blank rows above the rack's title and the banner
    inset: int  # columns left of the title, the first chip and the banner (and right of the banner)
    chip_width: int
    chip_gap: int

    @property
    def height(self) -> int:
        return self.top + 4  # the title, then the chips' three rows


NORMAL = Room(top=1, inset=1, chip_width=7, chip_gap=1)
ROOMY = Room(top=2, inset=2, chip_width=9, chip_gap=2)

# Edges as (top left, across, top right, side, bottom left, bottom right).
ROUND = "╭─╮│╰╯"
HEAVY = "┏━┓┃┗┛"
DOUBLE = "╔═╗║╚╝"

# The theme's colours each part is drawn in (theme.py).
EDGE, CHOSEN, UNUSABLE_TEXT, UNUSABLE_EDGE, TITLE = (
    "edge",
    "highlight-text",
    "chip-unusable-text",
    "chip-unusable-edge",
    "hint-text",
)
# A banner's text colour, background and edges, by kind; None: the table's own, no edge.
BANNER_LOOKS: dict[Banner, tuple[str | None, str | None, str | None]] = {
    Banner.WIN: ("on-win", "win-background", None),
    Banner.THREE_OF_A_KIND: ("on-highlight", "highlight-background", DOUBLE),
    Banner.MAX_WINNINGS: ("on-highlight", "highlight-background", DOUBLE),
    Banner.PUSH: ("highlight-text", None, ROUND),
    Banner.LOSE: ("label-text", None, None),
}


class BetArea(Widget):
    """The chip rack (title and chips) or a settled round's banner, drawn in one fixed box."""

    DEFAULT_CSS = "BetArea { width: 1fr; text-wrap: nowrap; text-overflow: clip; }"

    class ChipClicked(Message):
        def __init__(self, value: int, remove: bool) -> None:
            super().__init__()
            self.value, self.remove = value, remove

    # Bound to the table's language: the chips' numbers follow a switch.
    language: reactive[str] = reactive("")

    def __init__(self, chip_values: tuple[int, ...], **kwargs) -> None:
        super().__init__(**kwargs)
        self.chip_values = chip_values
        self.room = NORMAL
        self.styles.height = NORMAL.height
        self.title = ""
        self.selected = chip_values[0]
        self.usable: frozenset[int] = frozenset(chip_values)
        self.kind: Banner | None = None
        self.words = ""  # the banner's
        self.veiled = False

    # --- what it shows -----------------------------------------------------------
    def fit(self, roomy: bool) -> None:
        """The measures of the screen's size (a new height lays the table out: only on a resize)."""
        room = ROOMY if roomy else NORMAL
        if room != self.room:
            self.room = room
            self.styles.height = room.height

    def show_chips(self, chip_values: tuple[int, ...], title: str, selected: int, usable: frozenset[int]) -> None:
        self._set(chip_values=chip_values, title=title, selected=selected, usable=usable)

    def choose(self, value: int) -> None:
        """The chip the keys and a click chose: drawn with a heavy edge."""
        self._set(selected=value)

    def show_banner(self, state: TableState | None, *, veiled: bool = False) -> None:
        """Draw `state`'s banner (none while a round is open, or for None: while the cards are dealt).
        `veiled`: the chips make way, but the banner's words wait until the third card has turned."""
        kind = banner_kind(state) if state is not None else None
        words = banner_text(state) if state is not None and not veiled else ""
        self._set(kind=kind, words=words, veiled=veiled)

    def _set(self, **changes: object) -> None:
        if any(getattr(self, name) != value for name, value in changes.items()):
            for name, value in changes.items():
                setattr(self, name, value)
            self.refresh()

    @property
    def shows_banner(self) -> bool:
        """A settled round's banner stands here, or waits veiled for the third card: no chips."""
        return self.kind is not None

    @property
    def banner_seen(self) -> bool:
        return self.kind is not None and not self.veiled

    def chip_offset(self, value: int) -> Offset:
        """The middle of a chip, from the area's top left corner."""
        room = self.room
        index = self.chip_values.index(value)
        return Offset(room.inset + index * (room.chip_width + room.chip_gap) + room.chip_width // 2, room.top + 2)

    def chip_at(self, offset: Offset) -> int | None:
        room = self.room
        if self.shows_banner or not room.top + 1 <= offset.y <= room.top + 3:
            return None
        column = offset.x - room.inset
        index, within = divmod(column, room.chip_width + room.chip_gap)
        if column < 0 or within >= room.chip_width or index >= len(self.chip_values):
            return None
        return self.chip_values[index]

    def on_click(self, event: events.Click) -> None:
        event.stop()
        value = self.chip_at(event.offset)
        if value is not None:
            self.post_message(self.ChipClicked(value, remove=event.button == RIGHT_BUTTON))

    # --- drawing --------------------------------------------------------------------
    def render(self) -> Content:
        width, height = self.content_size
        return Content("\n").join(Content.assemble(*self._line(y, width)) for y in range(height))

    def _line(self, y: int, width: int) -> list[Part]:
        if self.kind is not None:
            return self._banner_line(y, width)
        if y == self.room.top:
            return [" " * self.room.inset, (self.title, look(TITLE))]
        if self.room.top < y <= self.room.top + 3:
            return self._chip_line(y - self.room.top - 1)
        return []

    def _chip_line(self, row: int) -> list[Part]:
        room = self.room
        parts: list[Part] = [" " * room.inset]
        for value in self.chip_values:
            if value not in self.usable:
                edges, edge, text = ROUND, look(UNUSABLE_EDGE), look(UNUSABLE_TEXT, bold=True)
            elif value == self.selected:
                edges, edge, text = HEAVY, look(CHOSEN), look(CHOSEN, bold=True)
            else:
                edges, edge, text = ROUND, look(EDGE), look(bold=True)
            parts += _boxed(row, number(value), room.chip_width, edges, edge, text)
            parts.append(" " * room.chip_gap)
        return parts

    def _banner_line(self, y: int, width: int) -> list[Part]:
        """A row of the banner: a box of three rows below the area's top, a loss one line of text."""
        assert self.kind is not None
        room = self.room
        row = y - room.top
        box_width = max(0, width - 2 * room.inset)
        if self.veiled or not 0 <= row < 3:
            return []
        text_colour, background, edges = BANNER_LOOKS[self.kind]
        margin = " " * room.inset
        if self.kind is Banner.LOSE:  # a line of its own, quieter than a win
            if row != 1:
                return []
            return [margin, *_fitted(self.words, box_width, look(text_colour), centred=False)]
        text = look(text_colour, background, bold=True)
        if edges is None:
            words = self.words if row == 1 else ""
            return [margin, *_fitted(words, box_width, text, centred=True)]
        return [margin, *_boxed(row, self.words, box_width, edges, text, text)]


Part = str | tuple[str, str]  # a text, plain or in a style (Content.assemble's parts)


def look(colour: str | None = None, background: str | None = None, *, bold: bool = False) -> str:
    """A style of theme roles, as Content reads it: "bold $role on $role"."""
    parts = ["bold"] if bold else []
    if colour is not None:
        parts.append(f"${colour}")
    if background is not None:
        parts.append(f"on ${background}")
    return " ".join(parts)


def _fitted(words: str, width: int, style: str, *, centred: bool) -> list[Part]:
    """`words` in `width` cells: cut if too long, else padded (centred: the extra cell to the right).
    The padding is a part of its own, not bold, as Textual draws an alignment's padding (an
    SVG of the screen would otherwise drop the leading spaces of the words' text)."""
    length = cell_len(words)
    if length >= width:
        return [(words[:width], style)]
    left = (width - length) // 2 if centred else 0
    pad = f"{style} not bold"
    return [(" " * left, pad), (words, style), (" " * (width - length - left), pad)]


def _boxed(row: int, words: str, width: int, edges: str, edge: str, text: str) -> list[Part]:
    """One of the three rows of a box `width` cells wide with `words` centred in its middle row."""
    top_left, across, top_right, side, bottom_left, bottom_right = tuple(edges)
    inner = max(0, width - 2)
    if row == 0:
        return [(top_left + across * inner + top_right, edge)]
    if row == 2:
        return [(bottom_left + across * inner + bottom_right, edge)]
    return [(side, edge), *_fitted(words, inner, text, centred=True), (side, edge)]
