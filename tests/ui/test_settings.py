"""The settings screen (R15): language, progressive betting (locked mid-round, R13), fast play, sound."""

from __future__ import annotations

from reddog_tui.engine import Outcome, Phase
from reddog_tui.ui.screens.settings import SettingsScreen
from reddog_tui.ui.screens.table import TableScreen
from reddog_tui.ui.table_play import table_screen
from reddog_tui.ui.widgets.setting_fields import LanguageSelect, OnOffSwitch

from .helpers import CONSECUTIVE, SPREAD_4_WIN, HeldTimers, make_app, run, screen_text, seen_buttons


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
        assert reason == "Finish the round with NEW BET or COLLECT to change progressive betting."
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
        shown = {b.table_action.value for b in seen_buttons(app)}
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
        assert (app.settings.fast_play, app.settings.sound) == (True, False)
        assert (value_of(app, "fast_play"), value_of(app, "sound")) == ("Tak", "Nie")
    again = make_app(tmp_path, "pl")
    async with again.run_test(size=(80, 24)):
        assert (again.settings.fast_play, again.settings.sound) == (True, False)


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
        select = app.screen.query_one("#language-select", LanguageSelect)
        assert select.value == "de" and "Deutsch" in screen_text(app)
        table = table_screen(app)
        await pilot.press("escape")  # a screen underneath reads in the new language once it is shown
        assert app.screen is table
        assert str(table.query_one("#message").content) == "5 und 10: Wertunterschied 4 – erhöhen?"
        await pilot.press("f2", "left")
        assert app.language == "en"
        assert app.session.get_setting("language") == "en"


@run
async def test_a_tap_on_a_switch_changes_its_setting_and_a_locked_one_springs_back(tmp_path):
    app = make_app(tmp_path, "fr", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "f2")
        fast = app.screen.query_one("#switch-fast-play", OnOffSwitch)
        await pilot.click(fast)
        await pilot.pause()
        assert app.settings.fast_play is True and fast.value is True
        assert value_of(app, "fast_play") == "Oui"
        await pilot.press("escape", "plus", "d", "f2")  # a round is open: progressive is locked (R13)
        progressive = app.screen.query_one("#switch-progressive", OnOffSwitch)
        await pilot.click(progressive)
        await pilot.pause()
        assert app.session.state.config.progressive is False and progressive.value is False
        reason = str(app.screen.query_one("#settings-reason").content)
        assert reason == "La mise progressive ne se change qu'entre deux manches."


@run
async def test_the_language_select_lists_the_registry_and_a_tap_picks_one(tmp_path):
    from reddog_tui.i18n import LANGUAGES

    app = make_app(tmp_path, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "f2")
        select = app.screen.query_one("#language-select", LanguageSelect)
        assert [value for _name, value in select._options] == list(LANGUAGES)  # no public getter for the options
        await pilot.click(select)
        await pilot.pause()
        assert select.expanded
        await pilot.press("up", "enter")  # from English, the one before it: Italiano
        await pilot.pause()
        assert app.language == "it" and app.session.get_setting("language") == "it"
        assert not select.expanded
        await pilot.press("down", "down", "right")  # the screen's keys still work the rows: fast play on
        assert app.settings.fast_play is True
        await pilot.click(select)
        await pilot.pause()
        await pilot.press("escape")  # closes the list only
        assert not select.expanded and isinstance(app.screen, SettingsScreen) and app.language == "it"
        await pilot.press("right")  # fast play off again: the keys are the screen's once more
        assert app.settings.fast_play is False


@run
async def test_a_players_preferences_are_written_without_waiting_for_the_disk_and_a_deal_waits(tmp_path):
    """The language and the player's switches are preferences: their commits are not synced (the
    next synced commit, a deal's, syncs them with it); the deal's commit waits for the disk."""
    from reddog_tui.store.settings import Key

    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        connection = app.session.store._conn
        commits: list[tuple[str, bool]] = []
        synced = [connection.execute("PRAGMA synchronous").fetchone()[0] == 2]
        written: list[str] = []

        def seen(statement: str) -> None:
            words = statement.upper().split()
            if words[:2] == ["PRAGMA", "SYNCHRONOUS"] and "=" in words:
                synced[0] = words[-1] == "FULL"
            elif "SETTINGS" in words or "JOURNAL" in words:
                written.append("settings" if "SETTINGS" in words else "journal")
            elif words == ["COMMIT"]:
                commits.append((written[-1] if written else "", synced[0]))
                written.clear()

        connection.set_trace_callback(seen)
        await pilot.press("l")  # English → the next language
        await pilot.pause()
        app.set_setting_on(Key.REDUCE_MOTION, True)
        await pilot.press("plus", "d")
        await pilot.pause()
        connection.set_trace_callback(None)
        assert app.settings.language != "en" and app.settings.reduce_motion
        assert commits[:2] == [("settings", False), ("settings", False)]
        assert commits[-1] == ("journal", True)  # the deal (R3), synced
