"""The settings screen (R15): language, progressive betting (locked mid-round, R13), fast play, sound."""

from __future__ import annotations

from reddog_tui.engine import Outcome, Phase
from reddog_tui.ui.screens.settings import SettingsScreen
from reddog_tui.ui.screens.table import TableScreen

from .helpers import CONSECUTIVE, SPREAD_4_WIN, HeldTimers, make_app, run


def value_of(app, key: str) -> str:
    row = app.screen.query_one(f"#setting-{key.replace('_', '-')}")
    return str(row.query_one(".setting-value").content)


@run
async def test_progressive_is_locked_while_a_round_is_open(tmp_path):
    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus", "d", "f2")
        assert isinstance(app.screen, SettingsScreen)
        reason = str(app.screen.query_one("#settings-reason").content)
        assert reason == "Progressive betting can only be changed between rounds."
        assert app.screen.query_one("#setting-progressive").has_class("-locked")
        await pilot.press("down", "enter")  # try to switch it anyway
        assert app.session.state.config.progressive is False
        assert app.session.state.phase is Phase.DECISION


@run
async def test_progressive_on_offers_collect_and_deal(tmp_path):
    """R13: with progressive betting a won round offers COLLECT or DEAL, and DEAL lets it all ride."""
    app = make_app(tmp_path, "it", [SPREAD_4_WIN, SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "f2", "down")
        await pilot.click("#setting-progressive")
        assert app.session.state.config.progressive is True
        assert value_of(app, "progressive") == "Sì"
        assert str(app.screen.query_one("#settings-reason").content) == ""
        await pilot.press("escape", "plus", "d", "c")
        assert isinstance(app.screen, TableScreen)
        state = app.session.state
        assert (state.outcome, state.on_table) == (Outcome.WIN, 2)
        shown = {b.table_action.value for b in app.screen.query(".action") if b.display}
        assert shown == {"collect", "deal"}
        await pilot.press("d")
        assert app.session.state.ante == 2  # winnings and ante ride (R13)
        assert app.session.state.phase is Phase.DECISION


@run
async def test_fast_play_and_sound_are_saved(tmp_path):
    app = make_app(tmp_path, "pl")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "f2")
        assert (value_of(app, "fast_play"), value_of(app, "sound")) == ("Nie", "Tak")
        await pilot.press("down", "down", "enter", "down", "space")
        assert (app.fast_play, app.sound) == (True, False)
        assert (value_of(app, "fast_play"), value_of(app, "sound")) == ("Tak", "Nie")
    again = make_app(tmp_path, "pl")
    async with again.run_test(size=(80, 24)):
        assert (again.fast_play, again.sound) == (True, False)


class _Timer:
    def stop(self) -> None:
        pass


@run
async def test_fast_play_shortens_the_push_pause(tmp_path):
    """R10: a push deals again after the configured pause, shorter with fast play but never under
    the 1.5 s its banner needs to be read. The timers are recorded and run by hand rather than
    waited for, so a busy machine cannot matter."""
    app = make_app(tmp_path, "en", [CONSECUTIVE, CONSECUTIVE, SPREAD_4_WIN], push_pause=3.0)
    async with app.run_test(size=(80, 24)) as pilot:
        timers = HeldTimers(app)
        await pilot.press("enter", "plus", "d")
        assert app.session.state.outcome is Outcome.PUSH
        app.set_setting_on("fast_play", True)
        await timers.fire()  # the first pause ends: the same ante is dealt again, and pushes again
        assert app.session.state.outcome is Outcome.PUSH
        await timers.fire()
        assert app.session.state.phase is Phase.DECISION
        assert [timer.delay for timer in timers.timers] == [3.0, 1.5]


@run
async def test_language_from_settings_changes_every_screen(tmp_path):
    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus", "d", "f2", "right")
        assert app.language == "de"
        assert str(app.screen.query_one("#settings-title").content) == "Spieleinstellungen"
        assert value_of(app, "language").strip("◀▶ ") == "Deutsch"
        table = app._table_screen()
        await pilot.press("escape")  # a screen underneath reads in the new language once it is shown
        assert app.screen is table
        assert str(table.query_one("#message").content) == "5 und 10: Wertunterschied 4 – erhöhen?"
        await pilot.press("f2", "left")
        assert app.language == "en"
        assert app.session.get_setting("language") == "en"
