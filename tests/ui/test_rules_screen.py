"""The rules screen: reachable from every screen, re-worded by a language switch, the current hand lit."""

from __future__ import annotations

from reddog_tui.engine import Outcome
from reddog_tui.i18n import _
from reddog_tui.i18n.rules_help import SECTIONS
from reddog_tui.ui.screens.rules import RulesScreen, table_content

from .helpers import LANGUAGES, SPREAD_4_WIN, THREE_OF_A_KIND, make_app, run, screen_text

HIGHLIGHT = "on $highlight-background"


def lit_rows(content) -> list[str]:
    """The text of every line of a rendered table that carries the highlight style."""
    text = content.plain
    return [text[span.start : span.end] for span in content.spans if HIGHLIGHT in str(span.style)]


def test_table_content_lights_only_the_given_row():
    content = table_content(("Hand", "Pays"), [("Spread 1", "5:1"), ("Spread 4", "1:1")], 1)
    assert [row.split() for row in lit_rows(content)] == [["Spread", "4", "1:1"]]
    assert lit_rows(table_content(("Hand", "Pays"), [("Spread 1", "5:1")], None)) == []


@run
async def test_rules_mid_round_light_the_current_hand(tmp_path):
    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus", "d", "f1")
        assert isinstance(app.screen, RulesScreen)
        lit = [row for table in app.screen.query(".rules-section") for row in lit_rows(table.content)]
        assert len(lit) == 1 and lit[0].split()[0] == "4"  # the spread-4 row of the pay table (R8)


@run
async def test_language_switch_rewrites_the_rules(tmp_path):
    app = make_app(tmp_path, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        headings = lambda: [h.content.plain.split("\n")[0] for h in app.screen.query(".rules-section")]  # noqa: E731
        english = headings()
        assert english and str(app.screen.query_one("#rules-title").content) == "Game Rules"
        await pilot.press("l")
        await pilot.pause()
        german = headings()
        assert len(german) == len(english) and german != english
        assert str(app.screen.query_one("#rules-title").content) == "Spielregeln"


@run
async def test_a_win_rings_the_bell_only_with_sound_on(tmp_path):
    app = make_app(tmp_path, "en", [THREE_OF_A_KIND, THREE_OF_A_KIND])
    rings = []
    async with app.run_test(size=(80, 24)) as pilot:
        app.bell = lambda: rings.append(1)
        await pilot.press("enter", "plus", "d")
        assert app.session.state.outcome is Outcome.WIN and rings == [1]
        app.set_setting_on("sound", False)
        await pilot.press("n", "plus", "d")
        assert app.session.state.outcome is Outcome.WIN and rings == [1]


@run
async def test_the_help_is_one_widget_a_section(tmp_path):
    """A language switch lays out every widget of the help anew: a section is one widget of lines,
    not one widget per paragraph, list and table."""
    app = make_app(tmp_path, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        children = app.screen.query_one("#rules-text").children
        assert [child.id for child in children] == [f"rules-{section.id}" for section in SECTIONS]


@run
async def test_a_language_shown_again_reads_as_when_first_shown(tmp_path):
    """The lines drawn are kept by wording: each language reads as its own, on a second round too."""
    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus", "d", "f1")
        seen: dict[str, list[str]] = {}
        for _round in range(2):
            for _language in LANGUAGES:
                await pilot.press("l")
                await pilot.pause()
                text = screen_text(app)
                assert _(SECTIONS[0].heading) in text and _(SECTIONS[1].heading) in text
                assert seen.setdefault(app.language, text.splitlines()) == text.splitlines()
