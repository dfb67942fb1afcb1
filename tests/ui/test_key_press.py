"""A key presses the button of its action, as Textual's calculator example does, so a key and a
click take one path: the press, then the button's action, which the app's one `check_action` allows
or refuses. A key whose button is hidden or disabled presses nothing and is refused in words."""

from __future__ import annotations

import asyncio

import pytest
from textual import events

from reddog_tui.engine import Outcome, Phase, StackedDealer
from reddog_tui.store import GameSession, Store
from reddog_tui.store.settings import Key
from reddog_tui.ui.widgets.buttons import ActionButton, KioskButton

from .helpers import CONSECUTIVE, SPREAD_4_LOSE, SPREAD_4_WIN, button_of, make_app, run


class Presses:
    """The buttons pressed (a press of a hidden or disabled button does nothing): a table action's
    button by the action it showed, any other button by its id."""

    def __init__(self, monkeypatch) -> None:
        self.seen: list[str | None] = []
        press = KioskButton.press

        def recorded(button: KioskButton):
            if button.display and not button.disabled:
                shown = button.table_action if isinstance(button, ActionButton) else None
                self.seen.append(shown.value if shown is not None else button.id)
            return press(button)

        monkeypatch.setattr(KioskButton, "press", recorded)

    def ids(self) -> list[str | None]:
        return self.seen


def journaled(app) -> list[str]:
    """The actions committed, oldest first."""
    return [action for _time, action, _value in reversed(app.session.journal_actions(50))]


def message(app) -> str:
    return str(app.screen.query_one("#message").content)


# (language, progressive betting, the keys to the phase, the key, the button it presses (by the action it
# shows), the action committed)
PRESSED_BY_KEY = {
    "deal": ("en", False, ("plus",), "d", "deal", "deal"),
    "raise": ("en", False, ("plus", "d"), "r", "raise", "raise"),
    "call": ("en", False, ("plus", "d"), "c", "call", "call"),
    "oui raises": ("fr", False, ("plus", "d"), "o", "raise", "raise"),
    "non calls": ("fr", False, ("plus", "d"), "n", "call", "call"),
    "new bet": ("en", False, ("plus", "d", "c"), "n", "new_bet", "new_bet"),
    "rebet": ("en", False, ("plus", "d", "c"), "d", "rebet", "rebet"),
    "collect": ("de", True, ("plus", "d", "r"), "o", "collect", "collect"),
}


@pytest.mark.parametrize("case", PRESSED_BY_KEY)
@run
async def test_a_key_presses_the_button_of_its_action_and_the_action_runs_once(tmp_path, case, monkeypatch):
    language, progressive, path, key, button, action = PRESSED_BY_KEY[case]
    presses = Presses(monkeypatch)
    app = make_app(tmp_path, language, [SPREAD_4_WIN] * 2)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        if progressive:
            app.session.set_progressive(True)
        await pilot.press(*path)
        shown = button_of(app, button)
        assert shown.display and not shown.disabled and not shown.veiled
        before, presses.seen = journaled(app), []
        await pilot.press(key)
        await pilot.pause()
        assert presses.ids() == [button]
        assert journaled(app) == [*before, action]


@run
async def test_b_presses_the_new_bankroll_button(tmp_path, monkeypatch):
    with Store.open(tmp_path) as store:  # one credit left to lose
        GameSession(store, StackedDealer([]), initial_credits=1)
    presses = Presses(monkeypatch)
    app = make_app(tmp_path, "en", [SPREAD_4_LOSE])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus", "d", "c")
        assert app.session.state.credits == 0
        presses.seen = []
        await pilot.press("b")
        await pilot.pause()
        assert presses.ids() == ["new-bankroll"]
        assert app.session.state.credits == app.new_player_credits


@pytest.mark.parametrize(
    "path, key, refusal",
    [
        # DEAL is shown but disabled without an ante.
        ((), "d", "No ante yet: add a chip first."),
        # RAISE is not shown before the deal.
        (("plus",), "r", "RAISE is not possible now: place an ante and deal first."),
        # NEW BET is not shown while the raise is asked.
        (("plus", "d"), "n", "NEW BET is not possible now: raise or call first."),
    ],
    ids=["disabled", "hidden", "hidden-mid-round"],
)
@run
async def test_a_key_whose_button_is_hidden_or_disabled_presses_nothing_and_says_why(
    tmp_path, path, key, refusal, monkeypatch
):
    presses = Presses(monkeypatch)
    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", *path)
        before, presses.seen = app.session.state, []
        await pilot.press(key)
        await pilot.pause()
        assert presses.ids() == []
        assert app.session.state == before
        assert message(app) == refusal


@run
async def test_a_pressed_button_acts_only_where_a_key_may(tmp_path):
    """The press runs its action through `check_action`: under the too-small notice a press of
    DEAL (as a key would make it, were keys let through) deals nothing."""
    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus")
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        assert app.size_notice_shown()
        button_of(app, "deal").press()
        await pilot.pause()
        assert app.session.state.phase is Phase.BETTING
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        button_of(app, "deal").press()
        await pilot.pause()
        assert app.session.state.phase is Phase.DECISION


@run
async def test_keys_in_a_quick_burst_act_in_their_order(tmp_path):
    """The keys arrive together, before the first one's press has reached its button: the raise
    must follow the deal, not be refused before it."""
    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus")
        for key in ("d", "r"):
            app.post_message(events.Key(key, key))
        await pilot.pause()
        await pilot.pause()
        assert journaled(app)[-3:] == ["add_chip", "deal", "raise"]
        assert app.session.state.phase is Phase.SETTLED and app.session.state.raised == 1


@run
async def test_a_keys_press_returns_once_its_buttons_action_has_run(tmp_path):
    """The button runs its action later, from its own queue: the key's action waits for it, so the
    key after it acts on the phase it made (whatever else the loop runs in between)."""
    app = make_app(tmp_path, "en", [SPREAD_4_WIN])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus")
        button_of(app, "deal").call_later(asyncio.sleep, 0.05)  # the button still busy when the key comes
        await app.screen.action_press("deal")
        assert app.session.state.phase is Phase.DECISION
        button_of(app, "raise").call_later(asyncio.sleep, 0.05)
        await app.screen.action_press("raise")
        assert app.session.state.phase is Phase.SETTLED


@pytest.mark.parametrize(
    "animations, reduce_motion, flash", [("full", False, True), ("full", True, False), ("none", False, False)]
)
@run
async def test_a_pressed_button_flashes_only_where_motion_is_on(tmp_path, animations, reduce_motion, flash):
    """A push leaves DEAL where it was: the key's press shows on it, unless motion is off (reduce
    motion, or Textual's animations off as in most tests)."""
    app = make_app(tmp_path, "en", [CONSECUTIVE] * 2)
    app.animation_level = animations
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus")
        app.set_setting_on(Key.REDUCE_MOTION, reduce_motion)
        await pilot.press("d")
        app.play.finish_motion()
        deal = button_of(app, "deal")
        assert app.session.state.outcome is Outcome.PUSH and deal.display
        assert deal.has_class("-active") is flash
