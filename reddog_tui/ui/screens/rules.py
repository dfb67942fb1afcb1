"""The rules help: headings, paragraphs, lists and tables in the current language, scrollable.

The whole help is one widget of styled lines (see `RulesHelp`)."""

from __future__ import annotations

from functools import lru_cache

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.content import Content
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.selection import Selection
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import Visual

from ...engine import TableConfig
from ...i18n import _, current_language
from ...i18n.keys import bar_item
from ...i18n.rules_help import Bullets, RenderedBlock, RulesSection, Subheading, Table, render_rules
from ..widgets.buttons import KeyBar
from ..widgets.line import Line
from ..widgets.prose import wrap_lines
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


def table_content(
    header: tuple[str, ...], rows: list[tuple[str, ...]], highlight: int | None, width: int | None = None
) -> Content:
    """A table as aligned columns; the highlighted row stands out.

    Given a `width`, a last-column cell too long for it wraps onto lines of its own under that
    column, so no cell is ever cut (the key table's descriptions at 80 columns).
    """
    columns = len(header)
    widths = [max(cell_len(row[i]) for row in (header, *rows)) for i in range(columns)]
    gap = "  "
    if width is not None:
        lead = sum(widths[:-1]) + len(gap) * (columns - 1)
        widths[-1] = min(widths[-1], max(1, width - lead))

    def lines(cells: tuple[str, ...]) -> list[str]:
        *first, last = cells
        lead = gap.join(cell + " " * (widths[i] - cell_len(cell)) for i, cell in enumerate(first))
        pieces = wrap_lines(last, widths[-1]) if width is not None else (last,)
        pad = " " * (cell_len(lead) + (len(gap) if first else 0))
        out = []
        for index, piece in enumerate(pieces or ("",)):
            head = (lead + gap if first else "") if index == 0 else pad
            out.append(head + piece + " " * max(0, widths[-1] - cell_len(piece)))
        return out

    parts: list[Content] = [Content.assemble((line, "bold underline")) for line in lines(header)]
    for index, row in enumerate(rows):
        style = "bold $on-highlight on $highlight-background" if index == highlight else ""
        parts.extend(Content.assemble((line, style)) for line in lines(row))
    return Content("\n").join(parts)


def table_text(block: Table, hand: tuple | None, width: int | None = None) -> Content:
    """A table of the help, the row of the hand on the table (if any) lit."""
    rows, highlight = [], None
    for index, row in enumerate(block.rows):
        rows.append(tuple(row.cells))
        if hand is not None and row.key == hand:
            highlight = index
    return table_content(tuple(block.header), rows, highlight, width)


# Tables and bullet lists stand in from the text. The indent is a span of its own (a style that
# changes nothing), so a snapshot's SVG draws it as a gap: SVG viewers may drop a text's leading
# spaces, which would shift the line.
INDENT = Content.styled("  ", "not dim")
BULLET = "• "
HEADING = "bold $highlight-text"
SUBHEADING = "bold italic"


def _wrapped(text: str, width: int, style: str = "") -> list[Content]:
    return [Content.styled(line, style) if style else Content(line) for line in wrap_lines(text, width)]


def block_lines(block: RenderedBlock, hand: tuple | None, width: int) -> list[Content]:
    """One block of the help as lines of at most `width` cells (a table wraps its last column)."""
    if isinstance(block, Table):
        return [INDENT + line for line in table_text(block, hand, width - INDENT.cell_length).split("\n")]
    if isinstance(block, Bullets):  # wrapped lines hang under the item's text
        lines: list[Content] = []
        for item in block.items:
            for index, line in enumerate(wrap_lines(item, max(1, width - INDENT.cell_length - len(BULLET)))):
                lines.append(INDENT + Content(BULLET if index == 0 else " " * len(BULLET)) + Content(line))
        return lines
    if isinstance(block, Subheading):
        return _wrapped(block.text, width, SUBHEADING)
    return _wrapped(block.text, width)


# The help of five languages at a few widths: a switch back to a language shown before, and each
# layout after a switch, finds its lines here.
@lru_cache(maxsize=256)
def section_lines(section: RulesSection, hand: tuple | None, width: int) -> tuple[Content, ...]:
    """A section as the lines it is drawn as: its heading, then each block after a blank line."""
    lines = _wrapped(section.heading, width, HEADING)
    for block in section.blocks:
        lines.append(Content())
        lines += block_lines(block, hand, width)
    return tuple(lines)


def help_lines(sections: tuple[RulesSection, ...], hand: tuple | None, width: int) -> tuple[Content, ...]:
    """The whole help as lines: each section after a blank line."""
    lines: list[Content] = []
    for section in sections:
        lines.append(Content())
        lines += section_lines(section, hand, width)
    return tuple(lines)


class RulesHelp(ScrollView, can_focus=False):
    """The whole help as one scrolling widget of styled lines (Textual's line API).

    A language switch rewords every text of the help: as one widget it costs Textual one size to
    set and the lines in view to draw, where a widget per section was measured and laid out section
    by section. Scrolling draws only the lines it brings into view.
    """

    DEFAULT_CSS = "RulesHelp { height: 1fr; overflow-x: hidden; overflow-y: auto; }"

    def __init__(self, sections: tuple[RulesSection, ...], hand: tuple | None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.sections = sections
        self.hand = hand
        # The help's lines for the last wording and width asked (a layout asks for two widths: with
        # and without the scrollbar), found by the sections' identity: hashing them hashes every text.
        self.wrapped: tuple[tuple[RulesSection, ...], tuple | None, int, tuple[Content, ...]] | None = None

    def show(self, sections: tuple[RulesSection, ...], hand: tuple | None) -> None:
        """Draw another wording (or another lit hand), scrolled where the reader was."""
        if (sections, hand) == (self.sections, self.hand):
            return
        self.sections, self.hand = sections, hand
        self._fit()
        self.refresh()

    def lines(self, width: int) -> tuple[Content, ...]:
        wrapped = self.wrapped
        if wrapped is not None and wrapped[0] is self.sections and wrapped[1:3] == (self.hand, width):
            return wrapped[3]
        lines = help_lines(self.sections, self.hand, width)
        self.wrapped = (self.sections, self.hand, width, lines)
        return lines

    @property
    def text_width(self) -> int:
        """The width the help is wrapped to: the virtual width, once laid out."""
        return self.virtual_size.width

    def _fit(self) -> None:
        """Wrap to the width inside the padding, less the scrollbar's if the help is then taller than the view."""
        inside = self.region.shrink(self.styles.gutter)  # the padding's inside, scrollbar included
        width = inside.width
        if width <= 0:  # not laid out yet
            return
        if len(self.lines(width)) > inside.height:
            width = max(1, width - self.styles.scrollbar_size_vertical)
        self.virtual_size = Size(width, len(self.lines(width)))

    def on_resize(self) -> None:
        self._fit()

    def section_start(self, section_id: str) -> int:
        """The line a section's heading is drawn on."""
        y = 0
        for section in self.sections:
            y += 1  # its blank line
            if section.id == section_id:
                return y
            y += len(section_lines(section, self.hand, self.text_width))
        raise KeyError(section_id)

    def section_contents(self) -> list[Content]:
        """Each section as it is drawn (its lines as one text), in order."""
        width = self.text_width
        return [Content("\n").join(section_lines(section, self.hand, width)) for section in self.sections]

    def scroll_to_section(self, section_id: str) -> None:
        """The section at the top of the view, with the blank line above its heading."""
        self.scroll_to(y=self.section_start(section_id) - 1, animate=False, immediate=True)

    def get_selection(self, selection: Selection) -> tuple[str, str] | None:
        text = "\n".join(line.plain for line in self.lines(self.text_width))
        return selection.extract(text), "\n"

    def selection_updated(self, selection: Selection | None) -> None:
        self.refresh()

    def render_line(self, y: int) -> Strip:
        width = self.text_width
        index = y + self.scroll_offset.y
        style = self.visual_style
        if not width:  # before its first layout has sized it
            return Strip.blank(self.size.width, style.rich_style)
        lines = self.lines(width)
        if index >= len(lines):
            return Strip.blank(width, style.rich_style)
        line = lines[index]
        if not line.plain:  # a blank line (Textual draws an empty text as no line at all)
            return Strip.blank(width, style.rich_style)
        selection = self.text_selection
        span = selection.get_span(index) if selection is not None else None
        if span is not None:
            start, end = span
            selected = VisualStyle.from_styles(self.screen.get_component_styles("screen--selection"))
            line = line.stylize(selected, start, len(line.plain) if end == -1 else end)
        strip = Visual.to_strips(self, line, width, 1, style, apply_selection=False)[0]
        return strip.extend_cell_length(width, style.rich_style).apply_offsets(0, index)


class RulesScreen(ScrollingScreen):
    SCROLLER = "rules-text"

    def __init__(self) -> None:
        super().__init__()
        # The help rendered, by (language, table): switching languages back and forth while the
        # help is open renders each language's help once.
        self._sections: dict[tuple, tuple[RulesSection, ...]] = {}

    def compose(self) -> ComposeResult:
        yield Line(id="rules-title")
        state = self.app.session.state if self.app.session is not None else None
        hand = current_hand(state)
        yield RulesHelp(self._rendered(state), hand, id="rules-text")
        yield KeyBar(id="keys")

    def _rendered(self, state) -> tuple[RulesSection, ...]:
        key = (current_language(), state.config if state is not None else None)
        sections = self._sections.get(key)
        if sections is None:  # a language not yet read on this screen (or another table)
            sections = self._sections[key] = tuple(rules_sections(state))
        return sections

    def on_mount(self) -> None:
        self._draw_fixed_texts()

    def _draw_fixed_texts(self) -> None:
        self.query_one("#rules-title", Line).text = _("Game Rules")
        keys = [bar_item("back_to_table"), *common_keys(self.app.exits_locked, leave_out=("show_rules",))]
        self.query_one("#keys", KeyBar).show(keys)

    def refresh_view(self) -> None:
        """Hand the help its sections in the current language, the hand on the table lit."""
        state = self.app.session.state if self.app.session is not None else None
        self.query_one("#rules-text", RulesHelp).show(self._rendered(state), current_hand(state))
        self._draw_fixed_texts()
