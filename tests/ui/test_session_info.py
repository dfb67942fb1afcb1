"""The kiosk's top bar (time played, net result) speaks the language shown, from the key on."""

from __future__ import annotations

from reddog_tui.engine import Outcome
from reddog_tui.ui.kiosk_texts import signed_number
from reddog_tui.ui.screens.table import TableScreen
from reddog_tui.ui.shown_kiosk import ShownKiosk
from reddog_tui.ui.widgets.session_info import SessionInfo
from tests.kiosk.kiosk_helpers import PIN, kiosk_app, paying_in

from .helpers import SPREAD_4_LOSE, HeldTimers, run, screen_text


def top_bar(app) -> str:
    return str(app.screen.query_one("#session-info").content)


@run
async def test_the_top_bar_relabels_with_the_language_key_at_once(tmp_path, monkeypatch):
    app = kiosk_app(tmp_path, "en")
    # No tick of the kiosk's clock: one would relabel the bar by itself, hiding a bar that does not follow.
    monkeypatch.setattr(ShownKiosk, "second", lambda self: None)
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
async def test_the_net_result_waits_for_the_third_card_as_the_table_does(tmp_path, monkeypatch):
    """R7, R8: a lost raise changes the net result only when the third card has turned."""
    app = kiosk_app(tmp_path, "en", rounds=[SPREAD_4_LOSE])
    monkeypatch.setattr(ShownKiosk, "second", lambda self: None)  # the bar redraws only as the table does
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "f12", *PIN, "enter", *paying_in(100), "escape", "escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen), app.screen
        app.animation_level = "full"  # the helper turns Textual's animations off, and with them the frames
        timers = HeldTimers(app)
        await pilot.press("plus", "d")
        app.play.finish_motion()
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


@run
async def test_a_long_banner_is_cut_short_and_the_credits_stay_whole(tmp_path, monkeypatch):
    """At 80 columns the German cash-out banner, the time played, a seven-digit net result and
    seven-digit credits do not fit: the reminder gives way, never the credits."""
    app = kiosk_app(tmp_path, "de")
    monkeypatch.setattr(ShownKiosk, "second", lambda self: None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "f12", *PIN, "enter", *paying_in(9_999_999), "escape", "escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen), app.screen
        app.kiosk_mode.cash_out_requested = True  # as the reality check's Stop asks
        app.refresh_session_info()
        await pilot.pause()
        bar = screen_text(app).splitlines()[0]
        assert bar.rstrip().endswith("Punkte 9.999.999"), bar
        assert (
            f"Auszahlung erbeten   Spielzeit 0:00  Ergebnis {signed_number(0)}" in bar
        )  # room for all of it: nothing cut
        monkeypatch.setattr(SessionInfo, "net_result", lambda self, net: 9_999_999)
        app.refresh_session_info()
        await pilot.pause()
        bar = screen_text(app).splitlines()[0]
        assert bar.rstrip().endswith("Punkte 9.999.999"), bar
        assert "Auszahlung erbeten   Spielzeit 0:00" in bar  # the staff's banner comes first, whole
        assert "…" in bar and "+9.999.999" not in bar  # the reminder after it is cut short
