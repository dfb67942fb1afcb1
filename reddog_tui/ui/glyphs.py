"""The characters and colours the screens draw with, chosen once at start.

A terminal with a full font (foot, a desktop terminal) gets the card symbols ♠ ♥ ♦ ♣, a
patterned card back and Textual's usual button edges. The Linux console (TERM=linux) loads a
512-glyph font such as Uni2-Terminus16, which lacks ♠ ♥ ♣, the ▚▞ back and the ▔▁ edges, and
shows 16 colours at most (8 as backgrounds): there the console set draws suits as letters,
the back and the edges from box characters the console fonts have, and colours from the
16-colour palette (the console theme in theme.py, and console.tcss). `--glyphs` or REDDOG_GLYPHS chooses a set by hand.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, MutableMapping
from dataclasses import dataclass, field
from pathlib import Path

from ..i18n import pgettext, set_character_fallback

GLYPHS_ENV = "REDDOG_GLYPHS"
GLYPH_CHOICES = ("auto", "full", "console")
CONSOLE_STYLESHEET = Path(__file__).with_name("console.tcss")


def full_suit_marks() -> dict[str, str]:
    return {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def console_suit_marks() -> dict[str, str]:
    """A card's suit as the language abbreviates it: small letters after the capital rank (Qh, 10pi)."""
    # TRANSLATORS: a card's suit on a screen without the ♠ ♥ ♦ ♣ symbols, written after the rank
    # letter (10s, Kh): one or two small letters, the four different from each other.
    return {
        "S": pgettext("suit letter on a plain console: spades", "s"),
        "H": pgettext("suit letter on a plain console: hearts", "h"),
        "D": pgettext("suit letter on a plain console: diamonds", "d"),
        "C": pgettext("suit letter on a plain console: clubs", "c"),
    }


@dataclass(frozen=True)
class GlyphSet:
    name: str
    suit_marks: Callable[[], dict[str, str]]  # asked at each drawing: the language may change
    card_back: str  # repeated across the back's rows
    stylesheet: Path | None = None  # drawn over the app's own stylesheet
    color_system: str | None = None  # Textual's TEXTUAL_COLOR_SYSTEM, where the set needs one
    # Characters the set's fonts lack, replaced in every translated text (code point -> text).
    text_fallback: Mapping[int, str] = field(default_factory=dict)

    @property
    def is_console(self) -> bool:
        return self.name == "console"


FULL = GlyphSet(
    name="full",
    suit_marks=full_suit_marks,
    card_back="▚▞",
)

CONSOLE = GlyphSet(
    name="console",
    suit_marks=console_suit_marks,
    card_back="╱╲",
    stylesheet=CONSOLE_STYLESHEET,
    color_system="standard",
    text_fallback={
        0x2060: "",  # word joiner
        0x2713: "√",  # check marks
        0x2714: "√",
    },
)

GLYPH_SETS = {glyphs.name: glyphs for glyphs in (FULL, CONSOLE)}


def is_linux_console(environ: Mapping[str, str]) -> bool:
    """TERM=linux and its terminfo variants (linux-16color, linux-c, ...)."""
    term = environ.get("TERM", "")
    return term == "linux" or term.startswith("linux-")


def choose_glyph_set(requested: str | None = None, environ: Mapping[str, str] | None = None) -> GlyphSet:
    """The flag's choice, else REDDOG_GLYPHS, else `auto`: the console set on the Linux console."""
    environ = os.environ if environ is None else environ
    choice = requested or environ.get(GLYPHS_ENV, "") or "auto"
    if choice not in GLYPH_CHOICES:
        choice = "auto"  # an unknown value must not keep the kiosk from starting
    if choice == "auto":
        return CONSOLE if is_linux_console(environ) else FULL
    return GLYPH_SETS[choice]


_current: GlyphSet = FULL


def use_glyph_set(glyphs: GlyphSet) -> None:
    """Every screen draws with this set from now on; its text fallback applies to every translation."""
    global _current
    _current = glyphs
    set_character_fallback(glyphs.text_fallback)


def current_glyph_set() -> GlyphSet:
    return _current


def suit_mark(suit: str) -> str:
    """The suit as the current set draws it: ♠ ♥ ♦ ♣, or the language's letters on a console."""
    return _current.suit_marks()[suit]


def prepare_terminal(glyphs: GlyphSet, environ: MutableMapping[str, str] | None = None) -> None:
    """Before Textual is imported: ask it for the set's colour system, unless the operator chose one."""
    environ = os.environ if environ is None else environ
    if glyphs.color_system is not None:
        environ.setdefault("TEXTUAL_COLOR_SYSTEM", glyphs.color_system)
