"""The bet area: the chips before the deal and a settled round's banner in their place (R12, R13),
drawn by one widget, so a round's phases change what it draws and never the table's layout."""

from __future__ import annotations

import pytest
from textual.geometry import Offset

from reddog_tui.engine import Outcome, Phase
from reddog_tui.ui.texts import Banner

from .helpers import CONSECUTIVE, SPREAD_4_LOSE, SPREAD_4_WIN, THREE_OF_A_KIND, bet_area, click_chip, make_app, run


def rows(app) -> tuple[int, int]:
    """The screen rows the message line and the first button place stand on."""
    table = app.screen
    return table.message.region.y, table.buttons[0].region.y


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@run
async def test_a_round_that_settles_at_once_and_the_next_bet_lay_nothing_out(tmp_path, size):
    """A push on the deal (R5a), its deal again to the raise question, a call that wins, a new bet:
    the banner and the chips take turns in one place, the message line and the buttons stay put."""
    app = make_app(tmp_path, "en", [CONSECUTIVE, SPREAD_4_WIN])
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter", "plus")
        await pilot.pause()
        where = rows(app)
        layouts: list[object] = []
        app.screen.screen_layout_refresh_signal.subscribe(app.screen, layouts.append)
        seen = []
        for key in ("d", "d", "c", "n"):
            await pilot.press(key)
            await pilot.pause()
            state = app.session.state
            seen.append((state.phase, state.outcome, bet_area(app).kind))
            assert rows(app) == where
        assert seen == [
            (Phase.SETTLED, Outcome.PUSH, Banner.PUSH),
            (Phase.DECISION, None, None),
            (Phase.SETTLED, Outcome.WIN, Banner.WIN),
            (Phase.BETTING, None, None),
        ]
        assert layouts == []


@run
async def test_only_a_chip_takes_a_click_and_none_does_under_a_banner(tmp_path):
    app = make_app(tmp_path, "en", [SPREAD_4_LOSE, THREE_OF_A_KIND])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        area = bet_area(app)
        five = area.chip_offset(5)
        for miss in (Offset(five.x + 4, five.y), Offset(five.x, five.y - 2)):  # the gap after it, the title above
            assert area.chip_at(miss) is None
            await pilot.click(area, offset=miss)
        assert app.session.state.ante == 0
        await click_chip(pilot, 25)
        await click_chip(pilot, 25)
        await click_chip(pilot, 25, button=3)  # a right click takes one off (R3)
        assert app.session.state.ante == 25
        await pilot.press("d", "c")  # the third card equals a face-up one: lost
        assert area.kind is Banner.LOSE
        await pilot.click(area, offset=five)  # where the chip stood
        assert app.session.state.phase is Phase.SETTLED and app.table_view.refusal is None


@run
async def test_a_click_where_a_chip_after_the_last_would_stand_takes_nothing(tmp_path):
    """The rack ends with its last chip: the place a further chip would take is no chip."""
    app = make_app(tmp_path, "en", [SPREAD_4_LOSE])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        area = bet_area(app)
        last = area.chip_offset(area.chip_values[-1])
        beyond = Offset(last.x + area.room.chip_width + area.room.chip_gap, last.y)
        assert area.chip_at(beyond) is None
        await pilot.click(area, offset=beyond)
        await pilot.pause()
        assert app.session.state.ante == 0
