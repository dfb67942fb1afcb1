"""While the too-small notice hides a screen, only quitting, the attendant and the language act."""

from __future__ import annotations

import pytest

from reddog_tui.engine import Phase
from reddog_tui.ui.screens.table import TableScreen
from reddog_tui.ui.screens.welcome import WelcomeScreen

from .helpers import SPREAD_4_WIN, button_of, make_app, run


@run
async def test_keys_typed_behind_the_notice_never_reach_the_hidden_screens(tmp_path):
    """At 70×20 Enter, three chips and a deal are typed blind; at 80×24 the welcome is still there, nothing played."""
    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(70, 20)) as pilot:
        start = app.session.state
        await pilot.press("enter", "plus", "plus", "plus", "d")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, WelcomeScreen)
        assert app.session.state == start


@run
async def test_a_raise_typed_behind_the_notice_is_not_played(tmp_path):
    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus", "d")
        waiting = app.session.state
        assert waiting.phase is Phase.DECISION
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        await pilot.press("r", "c", "plus", "minus", "right", "escape", "f1", "f2", "f3")
        assert isinstance(app.screen, TableScreen) and app.session.state == waiting
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.press("r")  # at full size the same key plays
        assert app.session.state.raised == waiting.ante


@run
async def test_clicks_on_the_hidden_table_do_nothing(tmp_path):
    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus")
        table = app.screen
        deal = button_of(app, "deal")
        deal_at, chip_at = deal.region.offset, table.bet_area.region.offset + table.bet_area.chip_offset(5)
        before = app.session.state
        await pilot.resize_terminal(79, 23)
        await pilot.pause()
        await pilot.click(offset=chip_at)
        await pilot.click(offset=deal_at)
        deal.press()  # even a press that gets through (a focused button, a race with the resize)
        await pilot.pause()
        assert app.session.state == before


@run
async def test_language_and_quit_still_act_behind_the_notice(tmp_path):
    app = make_app(tmp_path, "en")
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.press("l")
        assert app.language == "de"
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.return_code == 0


@run
async def test_a_screen_starts_with_the_breakpoint_classes_textual_gives_its_size(tmp_path):
    """A new screen takes its size classes from `breakpoint_classes` (so it is styled once); they
    must be the ones Textual sets on a resize, at every breakpoint's edge."""
    from reddog_tui.ui.screens.base import breakpoint_classes

    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        names = set(breakpoint_classes(app, 80, 24))
        for width, height in [(70, 20), (79, 23), (80, 24), (119, 39), (120, 40), (200, 60)]:
            await pilot.resize_terminal(width, height)
            await pilot.pause()
            predicted = {name for name, on in breakpoint_classes(app, width, height).items() if on}
            assert app.screen.classes & names == predicted, (width, height)
            assert set(TableScreen().classes) & names == predicted  # a screen made now starts so


@pytest.mark.parametrize("size, notice", [((80, 24), False), ((79, 24), True), ((80, 23), True)])
@run
async def test_the_notice_comes_one_column_or_one_line_below_80_by_24(tmp_path, size, notice):
    """The notice asks for the very size at which it goes away (its text and the screens'
    breakpoints are two statements of 80×24)."""
    app = make_app(tmp_path, "en")
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter")  # at 80×24 to the table; behind the notice the welcome stays
        await pilot.pause()
        screen = app.screen
        shown = screen.query_one("#too-small")
        assert shown.display is notice
        assert isinstance(screen, WelcomeScreen if notice else TableScreen)
        if notice:
            assert f"at least 80 × 24 (now {size[0]} × {size[1]})" in str(shown.content)
