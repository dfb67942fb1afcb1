"""Out of credits: the practice table says so and offers a new bankroll; the kiosk asks for an attendant."""

from __future__ import annotations

from pathlib import Path

from reddog_tui.engine import StackedDealer
from reddog_tui.store import GameSession, Store, identity_gap
from reddog_tui.ui.app import NEW_PLAYER_CREDITS

from .helpers import SPREAD_4_LOSE, make_app, run, screen_text


def table_with(data_dir: Path, credits: int) -> Path:
    with Store.open(data_dir) as store:
        GameSession(store, StackedDealer([]), initial_credits=credits)
    return data_dir


def message(app) -> str:
    """What the table says out of credits: the panel in place of the chips (the message line is
    left for refusals)."""
    return str(app.screen.query_one("#zero-credits").content)


def shown(app, selector: str) -> bool:
    return bool(app.screen.query(selector)) and app.screen.query_one(selector).display


@run
async def test_the_practice_table_out_of_credits_offers_a_new_bankroll(tmp_path):
    app = make_app(table_with(tmp_path, 1), "en", [SPREAD_4_LOSE])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus", "d", "c")  # R8: the last credit is lost
        assert (app.session.state.credits, app.session.state.on_table) == (0, 0)
        assert (
            message(app)
            == "You have no credits left. NEW BANKROLL starts this practice table again with 1,000\u00a0credits."
        )
        text = screen_text(app)
        assert " b  NEW BANKROLL" in text and "You have no credits left." in text
        assert not shown(app, "#chip-rack") and shown(app, "#zero-credits")
        assert "+ adds" not in text  # no hint that cannot work
        assert shown(app, "#new-bankroll")
        await pilot.press("b")
        state = app.session.state
        assert (state.credits, state.ante, state.cards) == (NEW_PLAYER_CREDITS, 0, None)
        assert not shown(app, "#new-bankroll") and "+ adds" in screen_text(app)
        assert app.session.meters()["credits_in"] == 1 + NEW_PLAYER_CREDITS
        assert identity_gap(app.session.state, app.session.meters()) == 0
        await pilot.press("plus")  # and play goes on
        assert app.session.state.ante == 1


@run
async def test_out_of_credits_after_a_restart_still_offers_it_and_a_click_takes_it(tmp_path):
    app = make_app(table_with(tmp_path, 0), "de")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        assert message(app).startswith("Keine Punkte mehr.")
        await pilot.click("#new-bankroll")
        assert app.session.state.credits == NEW_PLAYER_CREDITS


@run
async def test_the_kiosk_out_of_credits_asks_for_an_attendant_and_offers_nothing(tmp_path):
    from tests.kiosk.kiosk_helpers import kiosk_app

    app = kiosk_app(table_with(tmp_path, 1), "en", [SPREAD_4_LOSE])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus", "d", "c")
        assert app.session.state.credits == 0
        assert message(app) == "You have no credits. Please call an attendant to add some."
        assert shown(app, "#zero-credits") and str(app.screen.query_one("#message").content) == ""
        assert "NEW BANKROLL" not in screen_text(app) and not shown(app, "#new-bankroll")
        await pilot.press("b")
        assert app.session.state.credits == 0 and app.session.meters()["credits_in"] == 1
