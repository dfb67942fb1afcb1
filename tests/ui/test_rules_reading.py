"""Reading the rules help (`f1`): keys and the mouse wheel scroll it, escape returns to the round
untouched, the hand on the table is lit in the pay table; snapshots in five languages at 80×24.

Look at the SVGs under tests/ui/__snapshots__/test_rules_reading/ before updating them.
"""

from __future__ import annotations

import pytest
from textual import events

from reddog_tui.engine import Phase
from reddog_tui.i18n import _
from reddog_tui.i18n.rules_help import KEY_ROWS
from reddog_tui.ui.screens.rules import RulesHelp, RulesScreen
from reddog_tui.ui.screens.table import TableScreen
from reddog_tui.ui.widgets.card import CardView

from .helpers import LANGUAGES, SPREAD_4_WIN, make_app, run, screen_text
from .test_rules_screen import lit_rows

# From the welcome screen to a spread of 4 waiting for raise or call (R5c, R6).
TO_DECISION = ("enter", "right", "plus", "d")


def rules_view(app) -> RulesHelp:
    return app.screen.query_one("#rules-text", RulesHelp)


def lit_pay_rows(app) -> list[str]:
    return [row for section in rules_view(app).section_contents() for row in lit_rows(section)]


@run
async def test_page_keys_home_and_end_scroll_the_rules(tmp_path):
    app = make_app(tmp_path, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "f1")
        view = rules_view(app)
        page = view.scrollable_content_region.height
        assert view.max_scroll_y > 3 * page  # the help is several pages long at 80×24
        assert view.scroll_y == 0
        await pilot.press("pagedown")
        assert view.scroll_y == page
        await pilot.press("pagedown")
        assert view.scroll_y == 2 * page
        await pilot.press("pageup")
        assert view.scroll_y == page
        await pilot.press("down")
        assert view.scroll_y == page + 1
        await pilot.press("up", "up")
        assert view.scroll_y == page - 1
        await pilot.press("end")
        assert view.scroll_y == view.max_scroll_y
        await pilot.press("home")
        assert view.scroll_y == 0


@run
async def test_the_mouse_wheel_scrolls_the_rules(tmp_path):
    app = make_app(tmp_path, "de")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "f1")
        view = rules_view(app)
        # The wheel over the text, delivered the way the driver delivers it (to the widget under the pointer).
        for _turn in range(3):
            await pilot._post_mouse_events([events.MouseScrollDown], widget=view, offset=(10, 5))
        down = view.scroll_y
        assert down > 0
        await pilot._post_mouse_events([events.MouseScrollUp], widget=view, offset=(10, 5))
        assert 0 < view.scroll_y < down


@run
async def test_escape_returns_to_the_round_untouched(tmp_path):
    app = make_app(tmp_path, "fr", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*TO_DECISION)
        before = app.session.state
        assert before.phase is Phase.DECISION
        await pilot.press("f1", "pagedown", "end", "d", "r", "c", "plus", "minus", "escape")
        assert isinstance(app.screen, TableScreen)
        assert app.session.state == before  # no key on the rules acted on the round (R4)
        assert app.screen.query_one("#card-3", CardView).describe() == "face cachée"
        await pilot.press("r")  # the round goes on where it was
        assert app.session.state.phase is Phase.SETTLED and app.session.state.raised == before.ante


@pytest.mark.parametrize("language", LANGUAGES)
@run
async def test_the_hand_on_the_table_is_lit_in_the_pay_table(tmp_path, language):
    app = make_app(tmp_path, language, [SPREAD_4_WIN, SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*TO_DECISION, "f1")
        lit = lit_pay_rows(app)
        assert len(lit) == 1 and lit[0].split()[:2] == ["4", "1:1"]  # spread 4 pays 1:1 (R9)
        await pilot.press("escape", "c", "n", "f1")  # a new bet: no hand on the table
        assert app.session.state.cards is None
        assert lit_pay_rows(app) == []


# --- snapshots ------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_rules_top(snap_compare, tmp_path, language):
    assert snap_compare(make_app(tmp_path, language), press=("enter", "f1"), terminal_size=(80, 24))


async def scroll_to_pay_table(pilot) -> None:
    """The pay-table heading at the top of the view, without animation."""
    screen = pilot.app.screen
    assert isinstance(screen, RulesScreen)
    screen.query_one("#rules-text", RulesHelp).scroll_to_section("pay_table")
    await pilot.pause()


@pytest.mark.parametrize("language", LANGUAGES)
def test_rules_pay_table_mid_round(snap_compare, tmp_path, language):
    """Opened while a spread of 4 waits: its row of the pay table is lit."""

    async def play_then_scroll(pilot) -> None:
        await pilot.press(*TO_DECISION, "f1")
        await scroll_to_pay_table(pilot)

    app = make_app(tmp_path, language, [SPREAD_4_WIN])
    assert snap_compare(app, run_before=play_then_scroll, terminal_size=(80, 24))


@pytest.mark.parametrize("language", LANGUAGES)
@run
async def test_key_table_shows_every_description_whole_at_80x24(tmp_path, language):
    """Each row of the key table reaches its last word on an 80×24 screen: a long cell wraps, none is cut."""
    app = make_app(tmp_path, language)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "f1")
        view = rules_view(app)
        view.scroll_to_section("keys")
        await pilot.pause()
        seen = []
        for _page in range(4):  # the key table spans more than one screen once its cells wrap
            seen.append(screen_text(app))
            view.scroll_to(y=view.scroll_y + view.scrollable_content_region.height - 1, animate=False, immediate=True)
            await pilot.pause()
        shown = "\n".join(seen)
        lines = [" ".join(line.split()) for line in shown.splitlines()]
        for _key, description in KEY_ROWS:
            last_word = _(description).split()[-1]
            assert any(line.endswith(last_word) or f" {last_word} " in f" {line} " for line in lines), (
                language,
                _(description),
            )
