"""The rules help: headings, paragraphs, lists and tables in the current language, scrollable.

Each section is one widget of styled lines (see `RulesSectionText`)."""

from __future__ import annotations

from functools import lru_cache

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.content import Content
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget

from ...engine import TableConfig
from ...i18n import _, current_language
from ...i18n.keys import bar_item
from ...i18n.rules_help import Bullets, RenderedBlock, RulesSection, Subheading, Table, render_rules
from ..widgets.buttons import KeyBar
from ..widgets.kept import KeptLines, KeptScroll, SizedInLayout
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


def table_text(block: Table, hand: tuple | None) -> Content:
    """A table of the help, the row of the hand on the table (if any) lit."""
    rows, highlight = [], None
    for index, row in enumerate(block.rows):
        rows.append(tuple(row.cells))
        if hand is not None and row.key == hand:
            highlight = index
    return table_content(tuple(block.header), rows, highlight)


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
    """One block of the help as lines of at most `width` cells (a table is never wrapped)."""
    if isinstance(block, Table):
        return [INDENT + line for line in table_text(block, hand).split("\n")]
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


class RulesSectionText(KeptLines, SizedInLayout):
    """One section of the help drawn as one widget of styled lines.

    A language switch rewords every text of the help; Textual measures and lays out each widget
    anew, so a section is one widget rather than one per heading, paragraph, list and table. Its
    drawn lines are kept (KeptLines) by wording: switching back finds a language drawn.
    """

    DEFAULT_CSS = "RulesSectionText { height: auto; }"

    def __init__(self, section: RulesSection, hand: tuple | None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.section = section
        self.hand = hand
        self._drawn: dict[tuple, dict[int, Strip]] = {}  # the lines drawn, by wording, width and style
        self._last_lines: tuple[RulesSection, tuple | None, int, tuple[Content, ...]] | None = None

    def show(self, section: RulesSection, hand: tuple | None) -> None:
        """Draw another wording (or another lit hand); a new layout only if the height changes."""
        if (section, hand) == (self.section, self.hand):
            return
        width = self.content_region.width
        taller = width == 0 or len(section_lines(section, hand, width)) != len(self.lines(width))
        self.section, self.hand = section, hand
        self.refresh(layout=taller)

    def lines(self, width: int) -> tuple[Content, ...]:
        # Asked for by the layout, each line drawn and the next show(): looked up by the section
        # itself here, since finding it in section_lines' cache hashes the whole section.
        last = self._last_lines
        if last is not None and last[0] is self.section and last[1] == self.hand and last[2] == width:
            return last[3]
        lines = section_lines(self.section, self.hand, width)
        self._last_lines = (self.section, self.hand, width, lines)
        return lines

    @property
    def content(self) -> Content:
        """What is drawn, as one text (at the width it has, or 80 cells before its first layout)."""
        return Content("\n").join(self.lines(self.content_region.width or 80))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width))

    def picture(self) -> tuple:
        return (self.section, self.hand)

    def draw_lines(self, crop: Region) -> list[Strip]:
        if self.text_selection is not None:  # a selection is drawn into the lines: not kept
            return Widget.render_lines(self, crop)
        return super().draw_lines(crop)

    def render(self) -> Content:
        return self.content

    def render_line(self, y: int) -> Strip:
        """Only the lines in view are drawn (a section runs on for pages), each once per wording:
        a switch lays the screen out twice (sizes change) and a switch back finds them drawn."""
        width = self.size.width
        lines = self.lines(width)
        if y >= len(lines):
            return Strip.blank(width, self.visual_style.rich_style)
        if self.text_selection is not None:  # a selection is drawn into the line: not kept
            return Visual.to_strips(self, lines[y], width, 1, self.visual_style)[0]
        key = (self.section, self.hand, width, self.visual_style, self.app.theme)
        drawn = self._drawn.get(key)
        if drawn is None:
            if len(self._drawn) >= 8:  # five languages and a lit hand or two
                self._drawn.clear()
            drawn = self._drawn[key] = {}
        strip = drawn.get(y)
        if strip is None:
            strip = drawn[y] = Visual.to_strips(self, lines[y], width, 1, self.visual_style)[0]
        return strip


class RulesScreen(ScrollingScreen):
    SCROLLER = "rules-text"

    def __init__(self) -> None:
        super().__init__()
        # The help rendered, by (language, table): switching languages back and forth while the
        # help is open renders each language's help once.
        self._sections: dict[tuple, list[RulesSection]] = {}

    def compose(self) -> ComposeResult:
        yield Line(id="rules-title")
        state = self.app.session.state if self.app.session is not None else None
        hand = current_hand(state)
        with KeptScroll(id="rules-text"):
            for section in self._rendered(state):
                yield RulesSectionText(section, hand, classes="rules-section", id=f"rules-{section.id}")
        yield KeyBar(id="keys")

    def _rendered(self, state) -> list[RulesSection]:
        key = (current_language(), state.config if state is not None else None)
        sections = self._sections.get(key)
        if sections is None:  # a language not yet read on this screen (or another table)
            sections = self._sections[key] = rules_sections(state)
        return sections

    def on_mount(self) -> None:
        self._draw_fixed_texts()

    def _draw_fixed_texts(self) -> None:
        self.query_one("#rules-title", Line).text = _("Game Rules")
        keys = [bar_item("back_to_table"), *common_keys(self.app.exits_locked, leave_out=("show_rules",))]
        self.query_one("#keys", KeyBar).show(keys)

    def refresh_view(self) -> None:
        """Hand each section widget its section anew: every language has the same sections in the same order."""
        state = self.app.session.state if self.app.session is not None else None
        hand = current_hand(state)
        widgets = self.query_one("#rules-text", KeptScroll).query_children(RulesSectionText)
        for widget, section in zip(widgets, self._rendered(state), strict=True):
            widget.show(section, hand)
        self._draw_fixed_texts()
