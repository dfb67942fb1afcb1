"""The themes: colours written in theme.py only, the high-contrast theme at WCAG AA for every text,
suits told apart without colour, and the theme chosen in the settings and kept."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.style import Style
from textual.color import Color
from textual.filter import dim_color

import reddog_tui
from reddog_tui.store.settings import DEFAULTS, SPECS, Key, SettingRefused, Switch, read_settings
from reddog_tui.ui import theme
from reddog_tui.ui.screens.attendant_menu import AttendantMenu
from reddog_tui.ui.screens.settings import SettingsScreen
from reddog_tui.ui.widgets.card import CardView
from tests.kiosk.kiosk_helpers import PIN, Clock, kiosk_app, paying_in

from .helpers import SPREAD_4_WIN, drawn_lines, make_app, run, screen_text

WCAG_AA = 4.5  # normal-size text (WCAG 2.x, 1.4.3)
PACKAGE = Path(reddog_tui.__file__).parent
THEME_MODULE = PACKAGE / "ui" / "theme.py"

# A colour written down: #rgb to #rrggbbaa, rgb()/hsl() literals, or the terminal palette's names.
HEX_COLOUR = re.compile(r"#[0-9a-fA-F]{3,8}\b")
FUNCTION_COLOUR = re.compile(r"\b(?:rgba?|hsla?)\(")
ANSI_COLOUR = re.compile(r"\bansi_(?:bright_)?(?:black|red|green|yellow|blue|magenta|cyan|white|default)\b")


def relative_luminance(colour: Color) -> float:
    """WCAG 2.x relative luminance of an sRGB colour."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(colour.r) + 0.7152 * linear(colour.g) + 0.0722 * linear(colour.b)


def contrast_ratio(first: Color, second: Color) -> float:
    light, dark = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_contrast_ratio_matches_the_wcag_examples():
    black, white = Color.parse("#000000"), Color.parse("#ffffff")
    assert contrast_ratio(black, white) == pytest.approx(21.0)
    assert contrast_ratio(white, white) == pytest.approx(1.0)
    assert contrast_ratio(Color.parse("#767676"), white) == pytest.approx(4.54, abs=0.01)  # the AA grey on white


# --- the high-contrast theme, from its own definitions ---------------------------------------------


def low_contrast_pairs(palette: theme.Palette) -> list[str]:
    low = []
    for text, background in theme.TEXT_PAIRS:
        ratio = contrast_ratio(Color.parse(getattr(palette, text)), Color.parse(getattr(palette, background)))
        if ratio < WCAG_AA:
            low.append(f"{text} on {background}: {ratio:.2f}")
    return low


def test_every_text_pair_of_the_high_contrast_theme_meets_wcag_aa():
    assert low_contrast_pairs(theme.HIGH_CONTRAST) == []
    selected = theme.HIGH_CONTRAST_TEXTUAL  # text selected in a field, in Textual's own variables
    pair = Color.parse(selected["input-selection-foreground"]), Color.parse(selected["input-selection-background"])
    assert contrast_ratio(*pair) >= WCAG_AA


def test_a_low_contrast_colour_is_caught():
    dull = theme.HIGH_CONTRAST.__class__(**{**vars(theme.HIGH_CONTRAST), "hint_text": "#555555"})
    assert low_contrast_pairs(dull) == [
        "hint_text on felt: 2.82",
        "hint_text on felt_deep: 2.33",
        "felt_deep on hint_text: 2.33",
    ]


def test_the_text_pairs_name_roles_of_the_palette():
    roles = set(vars(theme.FELT))
    assert {role for pair in theme.TEXT_PAIRS for role in pair} <= roles


def test_each_theme_gives_every_role_a_colour():
    registered = {t.name: t for t in theme.build_themes()}
    assert set(registered) == {theme.FELT_THEME, theme.HIGH_CONTRAST_THEME, theme.CONSOLE_THEME}
    for name, palette in theme.PALETTES.items():
        variables = registered[name].variables
        assert {key: variables[key] for key in palette.variables()} == palette.variables()
        for value in palette.variables().values():
            Color.parse(value)  # each one a colour Textual reads


# --- the high-contrast theme as drawn ----------------------------------------------------------------


def drawn_cells(app) -> list[tuple[str, Color, Color]]:
    """Every character on the screen that is not blank: (character, its colour, its background),
    with dim and reverse applied as the terminal shows them."""
    cells = []
    for strip in app.screen._compositor.render_strips():
        for segment in strip:
            style: Style | None = segment.style
            if style is None or not segment.text.strip():
                continue
            foreground, background = style.color, style.bgcolor
            assert foreground is not None and background is not None, segment
            if style.reverse:
                foreground, background = background, foreground
            if style.dim:
                foreground = dim_color(background, foreground)
            for character in segment.text.strip():
                cells.append((character, Color.from_rich_color(foreground), Color.from_rich_color(background)))
    return cells


def low_contrast_text(app) -> set[str]:
    found = set()
    for character, foreground, background in drawn_cells(app):
        if character in "─│╭╮╰╯┌┐└┘╌╎▔▁▏▕▎▊▐▌":  # edges are not text
            continue
        ratio = contrast_ratio(foreground, background)
        if ratio < WCAG_AA:
            found.add(f"{character!r} {foreground.hex} on {background.hex}: {ratio:.2f}")
    return found


async def switch_high_contrast(pilot) -> None:
    """Through the settings screen, as a guest would."""
    await pilot.press("f2")
    assert isinstance(pilot.app.screen, SettingsScreen)
    await pilot.click("#setting-high-contrast")
    await pilot.press("escape")
    await pilot.pause()


@run
async def test_every_text_drawn_in_high_contrast_meets_wcag_aa(tmp_path):
    app = make_app(tmp_path, "de", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await switch_high_contrast(pilot)
        assert app.theme == theme.HIGH_CONTRAST_THEME
        seen = {}
        seen["table, betting"] = low_contrast_text(app)
        await pilot.press("plus", "d")  # a red and a black card face up, one face down
        await pilot.pause()
        seen["table, spread"] = low_contrast_text(app)
        for key, name in (("f1", "rules"), ("f2", "settings"), ("f3", "recall")):
            await pilot.press(key)
            await pilot.pause()
            seen[name] = low_contrast_text(app)
            await pilot.press("escape")
        assert {name: found for name, found in seen.items() if found} == {}


@run
async def test_the_felt_has_text_below_aa_that_the_high_contrast_theme_lifts(tmp_path):
    """The check above can fail: the felt's dimmed hint line is below 4.5:1."""
    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus", "d")
        await pilot.pause()
        assert app.theme == theme.FELT_THEME
        assert low_contrast_text(app) != set()


@run
async def test_the_attendant_screens_in_high_contrast_meet_wcag_aa(tmp_path):
    """The attendant's menu, a confirmation over it, the voucher and the operator settings with a
    refused value."""
    app = kiosk_app(tmp_path, "pl", clock=Clock(1_800_000_000.0))
    async with app.run_test(size=(80, 24)) as pilot:
        app.session.set_setting(Key.HIGH_CONTRAST, True)
        app.apply_theme()
        await pilot.press("enter", "f12", *PIN, "enter", *paying_in(1250), "escape")
        await pilot.pause()
        seen = {"menu": low_contrast_text(app)}
        await pilot.press("1", "5", "enter")  # add credits: the confirmation over the menu
        await pilot.pause()
        seen["confirmation"] = low_contrast_text(app)
        await pilot.press("escape", "escape", "2", "enter")
        await pilot.pause()
        seen["voucher"] = low_contrast_text(app)
        await pilot.press("escape")  # the voucher closes; the attendant is still signed in
        assert isinstance(app.screen, AttendantMenu)
        await pilot.press("4")
        await pilot.pause()
        field = app.screen.query_one("#field-decks")
        field.focus()
        field.value = "99"
        await pilot.press("enter")
        await pilot.pause()
        assert field.has_class("-invalid")
        seen["operator settings"] = low_contrast_text(app)
        assert {name: found for name, found in seen.items() if found} == {}
        assert app.theme == theme.HIGH_CONTRAST_THEME


# --- suits without colour ----------------------------------------------------------------------------


@run
async def test_suits_are_told_by_their_marks_in_high_contrast(tmp_path):
    """Hearts and spades differ by their symbol on the card, not by the colour alone."""
    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await switch_high_contrast(pilot)
        await pilot.press("plus", "d")
        await pilot.pause()
        faces = {view.card.code: "\n".join(drawn_lines(view)) for view in app.screen.query(CardView) if view.face_up}
        assert set(faces) == {"5H", "TS"}
        # Without its colour a card still says its suit: the red one by ♥ and never ♠, the black one by ♠.
        assert "♥" in faces["5H"] and "♠" not in faces["5H"]
        assert "♠" in faces["TS"] and "♥" not in faces["TS"]
        text = screen_text(app)
        assert "5♥" in text and "10♠" in text


# --- the setting ------------------------------------------------------------------------------------


def test_high_contrast_is_a_switch_off_by_default():
    assert isinstance(SPECS[Key.HIGH_CONTRAST], Switch)
    assert DEFAULTS[Key.HIGH_CONTRAST] is False
    assert read_settings({}).high_contrast is False
    assert read_settings({"high_contrast": "on"}).high_contrast is True
    settings = read_settings({"high_contrast": "bright"})
    assert settings.high_contrast is False
    assert [(p.key, p.reason.value) for p in settings.problems] == [(Key.HIGH_CONTRAST, "not_offered")]
    with pytest.raises(SettingRefused):
        SPECS[Key.HIGH_CONTRAST].parse(Key.HIGH_CONTRAST, "yes")


@run
async def test_high_contrast_is_saved_and_drawn_after_a_restart(tmp_path):
    app = make_app(tmp_path, "fr")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        assert app.theme == theme.FELT_THEME
        await switch_high_contrast(pilot)
        assert app.theme == theme.HIGH_CONTRAST_THEME
        assert app.screen.styles.background == Color.parse(theme.HIGH_CONTRAST.felt)
    again = make_app(tmp_path, "fr")
    async with again.run_test(size=(80, 24)) as pilot:
        assert again.theme == theme.HIGH_CONTRAST_THEME
        assert low_contrast_text(again) == set()  # the welcome screen, in high contrast from the start
        await pilot.press("f2")
        row = again.screen.query_one("#setting-high-contrast")
        assert str(row.query_one(".setting-name").content) == "Contraste élevé"
        assert str(row.query_one(".setting-value").content) == "Oui"
        await pilot.click("#setting-high-contrast")
        assert again.theme == theme.FELT_THEME
        assert again.screen.styles.background == Color.parse(theme.FELT.felt)


class HallSwitchingHighContrast:
    """Stands for the hall link: its push switches high contrast on."""

    def __init__(self, session) -> None:
        self.session = session

    def apply_settings(self, pin_entry_open: bool = False) -> bool:
        self.session.set_setting(Key.HIGH_CONTRAST, True)
        return True


@run
async def test_high_contrast_sent_by_the_hall_is_drawn(tmp_path):
    app = make_app(tmp_path, "it")
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.theme == theme.FELT_THEME
        app.hall_link = HallSwitchingHighContrast(app.session)
        app.apply_hall_settings()
        await pilot.pause()
        assert app.theme == theme.HIGH_CONTRAST_THEME
        app.hall_link = None  # nothing to stop at the end


# --- colours written in one place ---------------------------------------------------------------------


def colours_outside_the_theme() -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*")):
        if path.suffix not in (".py", ".tcss") or path == THEME_MODULE:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for pattern in (HEX_COLOUR, FUNCTION_COLOUR, ANSI_COLOUR):
                for match in pattern.finditer(line):
                    found.append(f"{path.relative_to(PACKAGE)}:{number}: {match.group()}")
    return found


def test_no_colour_is_written_outside_the_theme_module():
    assert colours_outside_the_theme() == []


def test_the_scan_finds_a_colour_written_elsewhere(tmp_path, monkeypatch):
    stray = tmp_path / "ui" / "stray.tcss"
    stray.parent.mkdir()
    stray.write_text("Screen { background: #0e3b24; color: ansi_white; }\nLabel { color: rgb(1, 2, 3); }\n")
    monkeypatch.setattr(__import__(__name__, fromlist=["PACKAGE"]), "PACKAGE", tmp_path)
    assert colours_outside_the_theme() == [
        "ui/stray.tcss:1: #0e3b24",
        "ui/stray.tcss:1: ansi_white",
        "ui/stray.tcss:2: rgb(",
    ]


def test_the_theme_module_holds_the_colours():
    text = THEME_MODULE.read_text(encoding="utf-8")
    assert len(HEX_COLOUR.findall(text)) > 40 and len(ANSI_COLOUR.findall(text)) > 20


# --- a snapshot ------------------------------------------------------------------------------------------


def test_table_in_high_contrast(snap_compare, tmp_path):
    """The spread decision drawn in the high-contrast theme: black felt, white text, yellow highlights."""

    async def high_contrast_spread(pilot):
        await pilot.press("enter")
        await switch_high_contrast(pilot)
        await pilot.press("plus", "d")
        await pilot.pause()

    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    assert snap_compare(app, run_before=high_contrast_spread, terminal_size=(80, 24))
