"""The rules help: headings, paragraphs and tables in the current language, scrollable."""

from __future__ import annotations

from functools import lru_cache

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

from ...engine import TableConfig
from ...i18n import _, current_language
from ...i18n.keys import bar_item
from ...i18n.rules_help import Bullets, RenderedBlock, RulesSection, Subheading, Table, render_rules
from ..widgets.bullets import BulletList
from ..widgets.buttons import KeyBar
from ..widgets.prose import Prose
from .base import ScrollingScreen
from .table import common_keys


@lru_cache(maxsize=8)
def _par(decks: int):
    from ...engine import compute_par

    return compute_par(decks)


def rules_sections(state) -> list[RulesSection]:
    """The rules help (`reddog_tui.i18n.rules_help`) in the current language, for this table.

    Sections have `.heading` and `.blocks`; a block is a paragraph or subheading
    (`.text`), a bullet list (`.items`) or a table (`.header`, `.rows` of cells
    with a `.key` saying which hand a pay-table row stands for).
    """
    config = state.config if state is not None else TableConfig()
    return render_rules(current_language(), _par(config.decks), config)


def current_hand(state) -> tuple | None:
    if state is None or state.kind is None:
        return None
    return (state.kind, state.spread)


def table_content(header: tuple[str, ...], rows: list[tuple[str, ...]], highlight: int | None) -> Content:
    """A table as aligned columns; the highlighted row stands out."""
    columns = len(header)
    widths = [max(cell_len(row[i]) for row in (header, *rows)) for i in range(columns)]

    def line(cells: tuple[str, ...]) -> str:
        return "  ".join(cell + " " * (widths[i] - cell_len(cell)) for i, cell in enumerate(cells))

    parts: list[Content] = [Content.assemble((line(header), "bold underline"))]
    for index, row in enumerate(rows):
        style = "bold $on-highlight on $highlight-background" if index == highlight else ""
        parts.append(Content.assemble((line(row), style)))
    return Content("\n").join(parts)


# What one widget of the help shows: a heading's or paragraph's text, a table's columns, or a
# bullet list's items.
WidgetText = str | Content | list[str]


def block_widget(block: RenderedBlock, hand: tuple | None) -> Widget:
    """One block of the help as a plain-text widget (never markup)."""
    if isinstance(block, Table):
        return Static(table_text(block, hand), classes="rules-table")
    if isinstance(block, Bullets):  # a bullet list, wrapped lines hanging under the text
        return BulletList(list(block.items), classes="rules-bullets")
    if isinstance(block, Subheading):
        return Prose(block.text, classes="rules-subheading")
    return Prose(block.text, classes="rules-paragraph")


def table_text(block: Table, hand: tuple | None) -> Content:
    """A table of the help, the row of the hand on the table (if any) lit."""
    rows, highlight = [], None
    for index, row in enumerate(block.rows):
        rows.append(tuple(row.cells))
        if hand is not None and row.key == hand:
            highlight = index
    return table_content(tuple(block.header), rows, highlight)


def show_text(widget: Widget, text: WidgetText) -> None:
    """A widget of the help given its text anew; only a change repaints."""
    if isinstance(widget, BulletList) and isinstance(text, list):
        widget.update(text)  # it compares the items itself
        return
    if isinstance(widget, Static) and not isinstance(text, list) and widget.content != text:
        widget.update(text)


def block_text(block: RenderedBlock, hand: tuple | None) -> WidgetText:
    """The text of one block's widget."""
    if isinstance(block, Table):
        return table_text(block, hand)
    if isinstance(block, Bullets):
        return list(block.items)
    return block.text


def all_texts(sections: list[RulesSection], hand: tuple | None) -> list[WidgetText]:
    """Every text of the help in screen order, one entry per widget: what a redraw hands to them."""
    texts: list[WidgetText] = []
    for section in sections:
        texts.append(section.heading)
        texts += [block_text(block, hand) for block in section.blocks]
    return texts


class RulesScreen(ScrollingScreen):
    SCROLLER = "rules-text"

    def __init__(self) -> None:
        super().__init__()
        # The texts drawn, by (language, table, hand): switching languages back and forth
        # while the help is open renders each language's help once.
        self._texts: dict[tuple, list] = {}

    def compose(self) -> ComposeResult:
        yield Static("", id="rules-title", markup=False)
        state = self.app.session.state if self.app.session is not None else None
        with VerticalScroll(id="rules-text"):
            for section in rules_sections(state):
                yield Static(section.heading, classes="rules-heading", id=f"rules-{section.id}", markup=False)
                for block in section.blocks:
                    yield block_widget(block, current_hand(state))
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self._draw_fixed_texts()

    def _draw_fixed_texts(self) -> None:
        self.query_one("#rules-title", Static).update(_("Game Rules"))
        keys = [bar_item("back_to_table"), *common_keys(self.app.exits_locked, leave_out=("show_rules",))]
        self.query_one("#keys", KeyBar).show(keys)

    def refresh_view(self) -> None:
        """Hand the new texts to the widgets already there: every language has the same sections and blocks."""
        state = self.app.session.state if self.app.session is not None else None
        hand = current_hand(state)
        key = (current_language(), state.config if state is not None else None, hand)
        texts = self._texts.get(key)
        if texts is None:  # a language not yet read on this screen (or another table or hand)
            texts = self._texts[key] = all_texts(rules_sections(state), hand)
        widgets = list(self.query_one("#rules-text", VerticalScroll).children)
        if len(widgets) != len(texts):
            self.call_later(self._rebuild)  # a different shape (another table setting): build anew
            return
        for widget, text in zip(widgets, texts):
            show_text(widget, text)
        self._draw_fixed_texts()

    async def _rebuild(self) -> None:
        scroll = self.query_one("#rules-text", VerticalScroll).scroll_y
        await self.recompose()
        self._draw_fixed_texts()
        self.query_one("#rules-text", VerticalScroll).scroll_to(y=scroll, animate=False)
