"""Every colour the kiosk draws with, and the one place colours are written down.

The stylesheets and the widgets name colours by role (`$felt`, `$title-text`, `$card-red`); a
Textual `Theme` gives each role its colour. Three themes:
- `reddog`: the green felt;
- `reddog-high-contrast`: black and white with yellow highlights, every text at WCAG AA
  contrast (4.5:1) or better against what it is drawn on (tests/ui/test_theme.py measures it);
- `reddog-console`: the Linux console's 16-colour palette, by name, sent as palette numbers
  (see glyphs.py); only the 8 low colours serve as backgrounds there.

The roles a text is drawn in, on the role it is drawn on, are listed in TEXT_PAIRS.
Textual's own widgets (buttons, inputs, scrollbars) take Textual's theme colours
($primary, $surface, $foreground...): the felt theme keeps Textual's dark ones, as before themes.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace

from textual.scrollbar import ScrollBarRender
from textual.theme import BUILTIN_THEMES, Theme

FELT_THEME = "reddog"
HIGH_CONTRAST_THEME = "reddog-high-contrast"
CONSOLE_THEME = "reddog-console"


@dataclass(frozen=True)
class Palette:
    """A colour for each role; the stylesheets use them as `$felt`, `$felt-deep`, ..."""

    felt: str  # the table's surface: the screen's background
    felt_deep: str  # the top bar, the key bar, titles' bars, dialogs, fields
    felt_panel: str  # the pay table's panel
    hover: str  # a row under the pointer, a focused field
    table_text: str  # the screen's text
    bar_text: str  # text on the top bar
    hint_text: str  # key bar, hints, the chip rack's title
    label_text: str  # the recall's labels, a lost round
    title_text: str  # titles
    message_text: str  # the table's message line
    highlight_text: str  # a chosen chip, notices, headings
    highlight_background: str  # the highlighted row, the demo mark, a lit pay line
    on_highlight: str  # text on a highlight or an alarm
    alarm_background: str  # "attendant entry locked"
    win_background: str  # the win banner
    on_win: str  # the win banner's words
    refused_background: str  # a field holding a refused value
    edge: str  # the edges of chips, lists, the voucher
    disabled_text: str  # a button that cannot be pressed
    chip_unusable_text: str  # a chip too big for the bet
    chip_unusable_edge: str
    card_face: str
    card_black: str  # spades and clubs
    card_red: str  # hearts and diamonds
    card_back: str
    card_back_pattern: str
    card_empty: str  # the outline where a card will be dealt
    recall_red: str  # a red card in the recall's list, drawn on the felt

    def variables(self) -> dict[str, str]:
        """The theme variables: felt_deep is `$felt-deep`."""
        return {name.replace("_", "-"): value for name, value in asdict(self).items()}


FELT = Palette(
    felt="#0e3b24",
    felt_deep="#082616",
    felt_panel="#0a2e1b",
    hover="#1d5a38",
    table_text="#f2efe6",
    bar_text="#f2efe6",
    hint_text="#d8d4c8",
    label_text="#b9b4a6",
    title_text="#ff5a52",
    message_text="#fff6c8",
    highlight_text="#f0c419",
    highlight_background="#f0c419",
    on_highlight="#111111",
    alarm_background="#ff5a52",
    win_background="#7fdc8c",
    on_win="#08210f",
    refused_background="#5a1d1d",
    edge="#c9c3b0",
    disabled_text="#6f7a70",
    chip_unusable_text="#6f7a70",
    chip_unusable_edge="#4d5a50",
    card_face="#f4f1e8",
    card_black="#111111",
    card_red="#c0141c",
    card_back="#8b1a1a",
    card_back_pattern="#f4f1e8",
    card_empty="#3d6b4a",
    recall_red="#ff6b63",
)

HIGH_CONTRAST = Palette(
    felt="#000000",
    felt_deep="#1a1a1a",
    felt_panel="#000000",
    hover="#003a70",
    table_text="#ffffff",
    bar_text="#ffffff",
    hint_text="#e6e6e6",
    label_text="#e6e6e6",
    title_text="#ff7b73",
    message_text="#ffffff",
    highlight_text="#ffff00",
    highlight_background="#ffff00",
    on_highlight="#000000",
    alarm_background="#ff7b73",
    win_background="#00ff66",
    on_win="#000000",
    refused_background="#800000",
    edge="#ffffff",
    disabled_text="#a6a6a6",
    chip_unusable_text="#a6a6a6",
    chip_unusable_edge="#a6a6a6",
    card_face="#ffffff",
    card_black="#000000",
    card_red="#b00000",
    card_back="#800000",
    card_back_pattern="#ffffff",
    card_empty="#a6a6a6",
    recall_red="#ff7b73",
)

CONSOLE = Palette(
    felt="ansi_green",
    felt_deep="ansi_black",
    felt_panel="ansi_black",
    hover="ansi_cyan",
    table_text="ansi_bright_white",
    bar_text="ansi_white",
    hint_text="ansi_white",
    label_text="ansi_white",
    title_text="ansi_bright_red",
    message_text="ansi_bright_white",
    highlight_text="ansi_bright_yellow",
    highlight_background="ansi_yellow",
    on_highlight="ansi_black",
    alarm_background="ansi_red",
    win_background="ansi_bright_green",
    on_win="ansi_black",
    refused_background="ansi_red",
    edge="ansi_white",
    disabled_text="ansi_bright_black",
    chip_unusable_text="ansi_bright_black",
    chip_unusable_edge="ansi_bright_black",
    card_face="ansi_white",
    card_black="ansi_black",
    card_red="ansi_red",
    card_back="ansi_red",
    card_back_pattern="ansi_bright_white",
    card_empty="ansi_bright_black",
    recall_red="ansi_bright_red",
)

# Every text role drawn on every background role it appears on: (text, background).
TEXT_PAIRS: tuple[tuple[str, str], ...] = (
    ("table_text", "felt"),
    ("table_text", "felt_panel"),
    ("table_text", "felt_deep"),
    ("table_text", "hover"),
    ("table_text", "refused_background"),
    ("bar_text", "felt_deep"),
    ("hint_text", "felt"),
    ("hint_text", "felt_deep"),
    ("label_text", "felt"),
    ("title_text", "felt"),
    ("title_text", "felt_deep"),
    ("message_text", "felt"),
    ("highlight_text", "felt"),
    ("highlight_text", "felt_deep"),
    ("on_highlight", "highlight_background"),
    ("on_highlight", "alarm_background"),
    ("on_win", "win_background"),
    ("felt", "table_text"),  # a key's name in reverse on the key bar and the buttons
    ("felt_deep", "hint_text"),
    ("disabled_text", "felt"),
    ("chip_unusable_text", "felt"),
    ("card_black", "card_face"),
    ("card_red", "card_face"),
    ("card_back_pattern", "card_back"),
    ("card_empty", "felt"),
    ("recall_red", "felt"),
)

# Textual's own colours for its widgets. High contrast: a black surface, white text, yellow focus.
HIGH_CONTRAST_BASE = Theme(
    name=HIGH_CONTRAST_THEME,
    primary="#ffff00",
    secondary="#ffffff",
    accent="#ffff00",
    warning="#ffff00",
    error="#ff7b73",
    success="#7bff7b",
    foreground="#ffffff",
    background="#000000",
    surface="#333333",  # buttons stand out from the black felt
    panel="#1a1a1a",
    dark=True,
)
# Textual's own variables the high-contrast theme sets: typed text selected in a field is
# black on yellow (Textual's default, its primary at 40% over the field, is too faint).
HIGH_CONTRAST_TEXTUAL = {"input-selection-background": "#ffff00", "input-selection-foreground": "#000000"}


# A button that cannot be pressed: Textual fades its text to 60%; the felt dims it further, which
# high contrast cannot afford (white at 60% on black is 7.4:1, dimmed again it is below 4.5:1).
DIMMED = {"disabled-button-style": "dim"}
NOT_DIMMED = {"disabled-button-style": "none"}


def build_themes() -> tuple[Theme, ...]:
    """The three themes, each with its palette as variables."""
    textual_dark = BUILTIN_THEMES["textual-dark"]
    return (
        replace(textual_dark, name=FELT_THEME, variables={**textual_dark.variables, **FELT.variables(), **DIMMED}),
        replace(HIGH_CONTRAST_BASE, variables={**HIGH_CONTRAST_TEXTUAL, **HIGH_CONTRAST.variables(), **NOT_DIMMED}),
        replace(
            textual_dark, name=CONSOLE_THEME, variables={**textual_dark.variables, **CONSOLE.variables(), **DIMMED}
        ),
    )


def default_variables() -> dict[str, str]:
    """A value for every variable the stylesheets use, whatever the theme (the felt's)."""
    return {**FELT.variables(), **DIMMED}


PALETTES = {FELT_THEME: FELT, HIGH_CONTRAST_THEME: HIGH_CONTRAST, CONSOLE_THEME: CONSOLE}


def theme_for(*, console: bool, high_contrast: bool) -> str:
    """The theme to draw with: the console keeps its palette (its 16 colours are the terminal's)."""
    if console:
        return CONSOLE_THEME
    return HIGH_CONTRAST_THEME if high_contrast else FELT_THEME


class WholeCellScrollBarRender(ScrollBarRender):
    """A scrollbar thumb in whole cells: the console fonts lack the eighth blocks of its ends."""

    VERTICAL_BARS = [" "]
    HORIZONTAL_BARS = [" "]
