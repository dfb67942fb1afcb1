"""The rules help: headings, paragraphs, lists and tables in the current language, scrollable.

The help is a `VerticalScroll` with a widget per section, each drawing its lines as one text."""

from __future__ import annotations

from functools import lru_cache

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.content import Content
from textual.geometry import Size
from textual.selection import Selection
from textual.widget import Widget

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


class SectionText(Widget, can_focus=False):
    """One section of the help after a blank line: its lines wrapped to the widget's width (a
    table's last column under itself, a list's items hanging), drawn as one text."""

    # The lines come fitted to the width: Textual is not to wrap or trim them again.
    DEFAULT_CSS = "SectionText { width: 1fr; height: auto; text-wrap: nowrap; text-overflow: clip; }"

    def __init__(self, section: RulesSection, hand: tuple | None) -> None:
        super().__init__()
        self.section = section
        self.hand = hand
        # The lines for the last width asked (a layout asks for two: with and without the
        # scrollbar), so a redraw neither wraps anew nor hashes every text of the section.
        self.wrapped: tuple[int, tuple[Content, ...]] | None = None

    def show(self, section: RulesSection, hand: tuple | None) -> None:
        if section is self.section and hand == self.hand:
            return
        self.section, self.hand, self.wrapped = section, hand, None
        self.refresh(layout=True)

    def lines(self, width: int | None = None) -> tuple[Content, ...]:
        """The section's lines at `width` (by default the width it is drawn at), heading first."""
        width = max(1, self.content_region.width if width is None else width)
        wrapped = self.wrapped
        if wrapped is None or wrapped[0] != width:
            wrapped = self.wrapped = (width, section_lines(self.section, self.hand, width))
        return wrapped[1]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width)) + 1  # and the blank line above the heading

    def render(self) -> Content:
        # A blank line is drawn as spaces across the width, as a line of text is: an empty one
        # would be drawn as a run of no cells followed by the widget's background.
        blank = Content(" " * self.content_region.width)
        return Content("\n").join(line if line.plain else blank for line in (Content(), *self.lines()))

    def get_selection(self, selection: Selection) -> tuple[str, str] | None:
        text = "\n".join(line.plain for line in (Content(), *self.lines()))  # blank lines copied empty
        return selection.extract(text), "\n"


class RulesHelp(VerticalScroll, can_focus=False):
    """The help as a scrolling column of its sections (`SectionText`), each after a blank line."""

    def __init__(self, sections: tuple[RulesSection, ...], hand: tuple | None, **kwargs) -> None:
        super().__init__(*(SectionText(section, hand) for section in sections), **kwargs)
        self.sections = sections
        self.hand = hand

    @property
    def section_texts(self) -> list[SectionText]:
        return list(self.query_children(SectionText))

    def show(self, sections: tuple[RulesSection, ...], hand: tuple | None) -> None:
        """Reword the help (or light another hand) in place: the reader stays where they were."""
        if (sections, hand) == (self.sections, self.hand):
            return
        self.sections, self.hand = sections, hand
        texts = self.section_texts
        if len(texts) == len(sections):
            for text, section in zip(texts, sections, strict=True):
                text.show(section, hand)
        else:
            self.remove_children()
            self.mount_all(SectionText(section, hand) for section in sections)

    def section_text(self, section_id: str) -> SectionText:
        """The widget a section is drawn by."""
        for text in self.section_texts:
            if text.section.id == section_id:
                return text
        raise KeyError(section_id)

    def section_contents(self) -> list[Content]:
        """Each section as it is drawn (its lines as one text), in order."""
        return [Content("\n").join(text.lines()) for text in self.section_texts]

    def scroll_to_section(self, section_id: str) -> None:
        """The section at the top of the view, with the blank line above its heading."""
        self.scroll_to_widget(self.section_text(section_id), animate=False, top=True, immediate=True)


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
