"""The Linux console (TERM=linux) shows only what its font has: every screen, every language.

The kiosk on tty1 uses Debian's console fonts. The list of characters Uni2-Terminus16 can draw
is test data (tests/ui/data/Uni2-Terminus16.codepoints), made from the font itself by
scripts/console_font_codepoints.py. Each screen is rendered with the console glyph set and every
character on it is looked up in that list; so is every translated text of the catalogues.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from reddog_tui import i18n
from reddog_tui.i18n.po_reader import read_po_translations
from reddog_tui.ui.app import RedDogApp
from reddog_tui.ui.glyphs import CONSOLE, FULL, choose_glyph_set, prepare_terminal, use_glyph_set
from tests.kiosk.kiosk_helpers import PIN, Clock, with_pin

from .helpers import CONSECUTIVE, LANGUAGES, SPREAD_1, SPREAD_4_WIN, THREE_OF_A_KIND, run, screen_text

FONT_DATA = Path(__file__).parent / "data" / "Uni2-Terminus16.codepoints"
FONT = frozenset(int(line.strip()[2:], 16) for line in FONT_DATA.read_text().splitlines() if line.strip())
ROOMY = (80, 200)  # tall enough that the rules and the recall are drawn whole


def console_app(data_dir: Path, language: str, rounds=(), *, kiosk: bool = False, glyphs=CONSOLE) -> RedDogApp:
    from reddog_tui.engine import StackedDealer

    dealer = StackedDealer([list(r) for r in rounds]) if rounds else None
    app = RedDogApp(language=language, data_dir=data_dir, dealer=dealer, push_pause=None, kiosk=kiosk, glyphs=glyphs)
    app.animation_level = "none"
    if kiosk:
        app.clock = Clock()
    return app


class Drawn:
    """Every character each screen showed, by screen name."""

    def __init__(self) -> None:
        self.by_screen: dict[str, set[str]] = {}
        self.texts: dict[str, str] = {}

    async def take(self, pilot, name: str, screen: str) -> None:
        await pilot.pause(0.05)
        assert type(pilot.app.screen).__name__ == screen, name  # the keys led where they should
        text = screen_text(pilot.app)
        assert text.strip(), f"{name}: nothing drawn"
        self.by_screen.setdefault(name, set()).update(text.replace("\n", ""))
        self.texts[name] = text

    def missing(self) -> dict[str, str]:
        return {
            name: "".join(sorted(c for c in chars if ord(c) not in FONT))
            for name, chars in self.by_screen.items()
            if any(ord(c) not in FONT for c in chars)
        }

    def characters(self) -> set[str]:
        return set().union(*self.by_screen.values())


async def draw_every_screen(tmp_path: Path, language: str, glyphs) -> Drawn:
    drawn = Drawn()
    # The player's screens, and the table in each phase.
    rounds = (SPREAD_4_WIN, THREE_OF_A_KIND, SPREAD_1, CONSECUTIVE)
    app = console_app(tmp_path / "play", language, rounds, glyphs=glyphs)
    async with app.run_test(size=(80, 24)) as pilot:
        await drawn.take(pilot, "welcome", "WelcomeScreen")
        await pilot.press("enter", "right", "plus", "plus")
        await drawn.take(pilot, "table: betting", "TableScreen")
        await pilot.press("d")
        await drawn.take(pilot, "table: spread, third card face down", "TableScreen")
        await pilot.press("r")
        await drawn.take(pilot, "table: won", "TableScreen")
        await pilot.press("n", "plus", "d")
        await drawn.take(pilot, "table: three of a kind", "TableScreen")
        await pilot.press("n", "plus", "d", "c")
        await drawn.take(pilot, "table: called, clubs shown", "TableScreen")
        await pilot.press("n", "plus", "d")
        await drawn.take(pilot, "table: push", "TableScreen")
        await pilot.press("f2")
        await drawn.take(pilot, "settings", "SettingsScreen")
        await pilot.press("escape")
        await pilot.resize_terminal(*ROOMY)
        await pilot.press("f1")
        await drawn.take(pilot, "rules", "RulesScreen")
        await pilot.press("escape", "f3")
        await drawn.take(pilot, "recall (wide)", "RecallScreen")
        await pilot.resize_terminal(80, 24)
        await drawn.take(pilot, "recall (80×24)", "RecallScreen")
        await pilot.press("escape")
        await pilot.resize_terminal(60, 20)
        await drawn.take(pilot, "too-small notice", "TableScreen")
        assert app.screen.query_one("#too-small").display
    # The attendant's menu and its screens, on a locked kiosk.
    app = console_app(with_pin(tmp_path / "kiosk"), language, kiosk=True, glyphs=glyphs)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "f12")
        await drawn.take(pilot, "attendant PIN", "PinScreen")
        await pilot.press(*PIN, "enter")
        await drawn.take(pilot, "attendant menu", "AttendantMenu")
        await pilot.press("1")
        await drawn.take(pilot, "add credits", "AddCreditsScreen")
        await pilot.press("2", "5", "0", "enter")
        await drawn.take(pilot, "add credits: confirmation", "ConfirmScreen")
        await pilot.press("enter")
        await drawn.take(pilot, "credits added", "AddCreditsScreen")
        await pilot.press("escape", "2")
        await drawn.take(pilot, "cash out: confirmation", "ConfirmScreen")
        await pilot.press("enter")
        await drawn.take(pilot, "cash-out voucher", "VoucherScreen")
        await pilot.press("enter", "3")
        await drawn.take(pilot, "meters", "MetersScreen")
        await pilot.press("enter", "4")
        await drawn.take(pilot, "operator settings", "OperatorSettingsScreen")
        app.screen.query_one("#field-decks").value = "9"
        await pilot.press("enter")
        await drawn.take(pilot, "operator settings refused", "OperatorSettingsScreen")
        await pilot.press("escape")
        await drawn.take(pilot, "attendant menu after settings", "AttendantMenu")
        await pilot.press("6")  # 5 checks the journal
        await drawn.take(pilot, "exit: confirmation", "ConfirmScreen")
        await pilot.press("escape", "escape")
        app.kiosk_mode.show_reality_check()
        await drawn.take(pilot, "reality check", "RealityCheckScreen")
    # A journal that cannot be used.
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "reddog.db").write_bytes(b"this is not a database at all" * 10)
    app = console_app(broken, language, glyphs=glyphs)
    async with app.run_test(size=(80, 24)) as pilot:
        await drawn.take(pilot, "journal error", "StoreErrorScreen")
    return drawn


@pytest.mark.parametrize("language", LANGUAGES)
@run
async def test_every_screen_draws_only_what_the_console_font_has(tmp_path, language):
    drawn = await draw_every_screen(tmp_path, language, CONSOLE)
    assert len(drawn.by_screen) == 26
    assert drawn.missing() == {}
    # The console set did draw: a card back, and the cards' corners with the language's suit letters.
    assert {"╱", "╲"} <= drawn.by_screen["table: spread, third card face down"]
    i18n.set_language(language)
    marks = CONSOLE.suit_marks()
    assert all(f"6{marks[suit]}" in drawn.texts["table: three of a kind"] for suit in "HDS")  # 6H 6S 6D
    assert f"2{marks['C']}" in drawn.texts["table: called, clubs shown"]
    # Reported figure: how many distinct characters the screens drew in this language.
    print(f"{language}: {len(drawn.characters())} distinct characters, all in Uni2-Terminus16")


@run
async def test_the_full_set_would_leave_holes_on_the_console(tmp_path):
    """The check itself can fail: the full set's suits, back and button edges are not in the font."""
    drawn = await draw_every_screen(tmp_path, "en", FULL)
    missing = set().union(*map(set, drawn.missing().values()))
    # (The scrollbar's eighth blocks are drawn only where the rules' length ends its thumb mid-cell.)
    assert {"♠", "♥", "♣", "▚", "▞", "▔", "▁"} - missing == set()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_translated_text_fits_the_console_font(language):
    """Texts no test screen happens to show (other refusals, the rules' rare cases) are covered too."""
    translations = read_po_translations(i18n.locales_dir() / language / "LC_MESSAGES" / "reddog.po")
    texts = [*translations._singles.values(), *(form for forms in translations._plurals.values() for form in forms)]
    assert len(texts) > 100
    use_glyph_set(CONSOLE)
    try:
        fitted = [i18n._fitted(text) for text in texts]
    finally:
        use_glyph_set(FULL)
    holes = sorted({c for text in fitted for c in text if c != "\n" and ord(c) not in FONT})
    assert holes == []


def test_the_console_fallback_replaces_what_the_font_lacks():
    assert 0x2713 not in FONT and 0x2060 not in FONT
    use_glyph_set(CONSOLE)
    try:
        assert i18n._fitted("a\u2060b \u2713") == "ab √"
    finally:
        use_glyph_set(FULL)
    assert i18n._fitted("a\u2060b") == "a\u2060b"  # a full font keeps them


@pytest.mark.parametrize("language", LANGUAGES)
def test_console_suit_letters_are_four_distinct_marks(language):
    i18n.set_language(language)
    try:
        marks = CONSOLE.suit_marks()
    finally:
        i18n.set_language("en")
    assert len(set(marks.values())) == 4
    assert all(1 <= len(mark) <= 2 and mark.isalpha() and mark.islower() for mark in marks.values())


@pytest.mark.parametrize(
    "flag, environ, expected",
    [
        (None, {"TERM": "linux"}, "console"),
        (None, {"TERM": "linux-16color"}, "console"),
        (None, {"TERM": "xterm-256color"}, "full"),
        (None, {"TERM": "foot"}, "full"),
        (None, {}, "full"),
        (None, {"TERM": "xterm-256color", "REDDOG_GLYPHS": "console"}, "console"),
        (None, {"TERM": "linux", "REDDOG_GLYPHS": "full"}, "full"),
        (None, {"TERM": "linux", "REDDOG_GLYPHS": "nonsense"}, "console"),
        ("full", {"TERM": "linux", "REDDOG_GLYPHS": "console"}, "full"),
        ("console", {"TERM": "foot"}, "console"),
    ],
)
def test_the_glyph_set_is_chosen_from_the_flag_then_the_environment(flag, environ, expected):
    assert choose_glyph_set(flag, environ).name == expected


def test_the_console_set_asks_textual_for_sixteen_colours():
    environ: dict[str, str] = {}
    prepare_terminal(CONSOLE, environ)
    assert environ == {"TEXTUAL_COLOR_SYSTEM": "standard"}
    chosen = {"TEXTUAL_COLOR_SYSTEM": "256"}
    prepare_terminal(CONSOLE, chosen)
    assert chosen == {"TEXTUAL_COLOR_SYSTEM": "256"}  # the operator's own choice stands
    untouched: dict[str, str] = {}
    prepare_terminal(FULL, untouched)
    assert untouched == {}


@pytest.mark.parametrize("language", ["de", "pl"])
def test_console_table_snapshot(snap_compare, tmp_path, language):
    """The table as the console shows it: suit letters, a ╱╲ back, box-drawn buttons, 16 colours."""
    app = console_app(tmp_path, language, (SPREAD_4_WIN,))
    assert snap_compare(app, press=("enter", "right", "plus", "d"), terminal_size=(80, 24))
