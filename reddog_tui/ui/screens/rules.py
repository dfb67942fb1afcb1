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
from ...i18n.rules_help import render_rules
from ..widgets.bullets import BulletList
from ..widgets.buttons import KeyBar
from ..widgets.prose import Prose
from .base import ScrollingScreen
from .table import common_keys


@lru_cache(maxsize=8)
def _par(decks: int):
    from ...engine import compute_par

    return compute_par(decks)


def rules_sections(state) -> list:
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


def block_widget(block, hand: tuple | None) -> Widget:
    """One block of the help as a plain-text widget (never markup)."""
    texts = block_texts(block, hand)
    if hasattr(block, "rows"):
        return Static(texts[0], classes="rules-table")
    if hasattr(block, "items"):  # a bullet list, wrapped lines hanging under the text
        return BulletList(texts, classes="rules-bullets")
    if type(block).__name__ == "Subheading":
        return Prose(texts[0], classes="rules-subheading")
    return Prose(texts[0], classes="rules-paragraph")


def block_texts(block, hand: tuple | None) -> list[str | Content]:
    """The texts of one block, in the order its widget shows them."""
    if hasattr(block, "rows"):
        rows, highlight = [], None
        for index, row in enumerate(block.rows):
            cells = getattr(row, "cells", row)
            rows.append(tuple(cells))
            if hand is not None and getattr(row, "key", None) == hand:
                highlight = index
        return [table_content(tuple(block.header), rows, highlight)]
    if hasattr(block, "items"):
        return list(block.items)
    return [block.text]


def all_texts(sections, hand: tuple | None) -> list:
    """Every text of the help in screen order, one entry per widget: what a redraw hands to them."""
    texts: list = []
    for section in sections:
        texts.append(section.heading)
        for block in section.blocks:
            found = block_texts(block, hand)
            texts.append(found if hasattr(block, "items") else found[0])
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
            if isinstance(widget, BulletList) or widget.content != text:
                widget.update(text)
        self._draw_fixed_texts()

    async def _rebuild(self) -> None:
        scroll = self.query_one("#rules-text", VerticalScroll).scroll_y
        await self.recompose()
        self._draw_fixed_texts()
        self.query_one("#rules-text", VerticalScroll).scroll_to(y=scroll, animate=False)
