"""A kiosk plays all day: the views of the table built for earlier transitions are freed, not kept."""

from __future__ import annotations

import gc

from reddog_tui.ui.view import TableView

from .helpers import make_app, run

ROUNDS = [("5H", "TS", "8D"), ("2C", "9D", "KS")] * 10  # spreads: a deal, then a call, each round


@run
async def test_the_views_of_earlier_transitions_are_freed(tmp_path):
    app = make_app(tmp_path, "en", ROUNDS)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus")
        for _ in range(len(ROUNDS)):
            await pilot.press("d", "c")
        assert app.session.state.rounds_dealt == len(ROUNDS)  # forty transitions and more
        gc.collect()
        alive = [o for o in gc.get_objects() if isinstance(o, TableView)]
        assert 1 <= len(alive) <= 3, len(alive)  # the one in view (and what a screen still draws from)
