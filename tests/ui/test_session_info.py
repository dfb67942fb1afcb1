"""The kiosk's top bar (time played, net result) speaks the language shown, from the key on."""

from __future__ import annotations

from reddog_tui.engine import Outcome
from reddog_tui.ui.kiosk_texts import signed_number
from reddog_tui.ui.screens.table import TableScreen
from tests.kiosk.kiosk_helpers import PIN, kiosk_app, paying_in

from .helpers import SPREAD_4_LOSE, HeldTimers, run


def top_bar(app) -> str:
    return str(app.screen.query_one("#session-info").content)


@run
async def test_the_top_bar_relabels_with_the_language_key_at_once(tmp_path):
    app = kiosk_app(tmp_path, "en")
    # No tick of the kiosk's clock: one would relabel the bar by itself, hiding a bar that does not follow.
    app.kiosk_tick = lambda: None  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        assert isinstance(app.screen, TableScreen) and app.language == "en"
        assert top_bar(app).startswith("Played 0:00  Net ")
        await pilot.press("l")
        assert app.language == "de"
        assert top_bar(app).startswith("Spielzeit 0:00  Ergebnis ")
        await pilot.press("l")
        assert app.language == "pl" and "Spielzeit" not in top_bar(app) and "Played" not in top_bar(app)


@run
async def test_the_net_result_waits_for_the_third_card_as_the_table_does(tmp_path):
    """R7, R8: a lost raise changes the net result only when the third card has turned."""
    app = kiosk_app(tmp_path, "en", rounds=[SPREAD_4_LOSE])
    app.kiosk_tick = lambda: None  # type: ignore[method-assign]  # the bar redraws only as the table does
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "f12", *PIN, "enter", *paying_in(100), "escape", "escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen), app.screen
        app.animation_level = "full"  # the helper turns Textual's animations off, and with them the frames
        timers = HeldTimers(app)
        await pilot.press("plus", "d")
        app.finish_motion()
        await pilot.press("r")
        assert app.session.state.outcome is Outcome.LOSE  # committed: ante and raise are gone
        app.refresh_session_info()  # as the kiosk's tick of the clock does, during the beat
        assert top_bar(app).endswith(f"Net {signed_number(0)}")
        await timers.fire()  # the card turns
        app.refresh_session_info()
        assert top_bar(app).endswith(f"Net {signed_number(0)}")
        await timers.fire()  # the result
        assert not timers.pending()
        assert top_bar(app).endswith(f"Net {signed_number(-2)}")
