"""The kiosk's top bar (time played, net result) speaks the language shown, from the key on."""

from __future__ import annotations

from reddog_tui.ui.screens.table import TableScreen
from tests.kiosk.kiosk_helpers import kiosk_app

from .helpers import run


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
