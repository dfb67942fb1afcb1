"""Building a deterministic app and reading its screen, shared by the UI tests."""

from __future__ import annotations

from pathlib import Path

from reddog_tui.engine import StackedDealer
from reddog_tui.ui.app import RedDogApp
from reddog_tui.ui.table_play import table_screen

LANGUAGES = ("en", "de", "pl", "fr", "it")

# Stacked rounds (R6 examples where they fit): first, second (face up), third (face down).
SPREAD_4_WIN = ("5H", "TS", "8D")  # 5 and 10: spread 4 (it, en); 8 lies between
SPREAD_4_LOSE = ("5H", "TS", "TD")  # the third equals a face-up card: a loss (R8)
CONSECUTIVE = ("7H", "8S", "2C")  # R5a: a push
THREE_OF_A_KIND = ("6H", "6S", "6D")  # R5b: 11:1
PAIR_PUSH = ("KH", "KS", "3C")  # R5b: a pair, the third differs: push
SPREAD_1 = ("2C", "4D", "3H")  # spread 1 pays 5:1


def pinned_environment(monkeypatch, tmp_path: Path) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C")
    monkeypatch.setenv("REDDOG_DATA_DIR", str(tmp_path / "unused-default"))
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")


def make_app(
    data_dir: Path,
    language: str | None = "en",
    rounds=(),
    *,
    seed: int | None = None,
    push_pause: float | None = None,
    kiosk: bool = False,
) -> RedDogApp:
    dealer = StackedDealer([list(r) for r in rounds]) if rounds else None
    app = RedDogApp(language=language, data_dir=data_dir, seed=seed, dealer=dealer, push_pause=push_pause, kiosk=kiosk)
    app.animation_level = "none"
    return app


def screen_text(app: RedDogApp) -> str:
    """Everything the current screen shows, as plain text lines."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(segment.text for segment in strip) for strip in strips)


def drawn_lines(widget) -> list[str]:
    """The lines `widget` draws at its size, as plain text."""
    return ["".join(segment.text for segment in strip) for strip in widget.render_lines(widget.size.region)]


def run(coroutine_function):
    """Run an async Pilot test body with plain asyncio (no async pytest plugin needed)."""
    import asyncio
    import functools

    @functools.wraps(coroutine_function)
    def wrapper(*args, **kwargs):
        return asyncio.run(coroutine_function(*args, **kwargs))

    return wrapper


class HeldTimers:
    """The app's one-shot timers, recorded and fired by hand.

    A real timer can run between two checks of a test on a loaded machine; holding them
    makes the order of events the test's own."""

    def __init__(self, app: RedDogApp) -> None:
        self.timers: list[HeldTimer] = []
        self.app = app
        app.set_timer = self._set_timer  # type: ignore[method-assign]

    def _set_timer(self, delay: float, callback, **_options) -> HeldTimer:
        timer = HeldTimer(delay, self.app._guarded(callback))  # the app's journal guard stays on
        self.timers.append(timer)
        return timer

    def pending(self) -> list[HeldTimer]:
        return [timer for timer in self.timers if not timer.stopped]

    async def fire(self) -> None:
        """Run the one pending timer, as if its delay had passed."""
        import inspect

        (timer,) = self.pending()
        timer.stopped = True
        result = timer.callback()
        if inspect.isawaitable(result):
            await result


class HeldTimer:
    def __init__(self, delay: float, callback) -> None:
        self.delay = delay
        self.callback = callback
        self.stopped = False

    def stop(self) -> None:
        self.stopped = True


async def wait_until(pilot, condition, deadline_s: float = 30.0) -> None:
    """Let the app run until `condition()` holds; fail only after a generous deadline."""
    import time

    end = time.monotonic() + deadline_s
    while not condition():
        assert time.monotonic() < end, "the condition did not come about in time"
        await pilot.pause(0.05)


def language_spot(app: RedDogApp, language: str):
    """The welcome list and where `language` stands on it: its options are lines of one
    OptionList, not widgets, so a click names the list and the option's line (below the edge)."""
    from reddog_tui.ui.widgets.choice_list import ChoiceList

    languages = app.screen.query_one("#language-list", ChoiceList)
    return languages, (languages.region.width // 2, 1 + languages.get_option_index(language))


async def click_language(pilot, language: str) -> None:
    languages, offset = language_spot(pilot.app, language)
    await pilot.click(languages, offset=offset)
    await pilot.pause()


def seen_buttons(app: RedDogApp) -> list:
    """The table's action buttons a guest sees, in their order: an action shown, not veiled."""
    table = table_screen(app)
    assert table is not None, "no table"
    return [button for button in table.buttons if button.table_action is not None and not button.veiled]


def button_of(app: RedDogApp, action: str):
    """The table's button that shows `action` now ("deal", "new_bet"); the test fails if none does."""
    from reddog_tui.engine import Action

    table = table_screen(app)
    assert table is not None, "no table"
    button = table.button_of(Action(action))
    assert button is not None, f"no button shows {action}"
    return button


def bet_area(app: RedDogApp):
    """The table's bet area: its chips before the deal, a settled round's banner after."""
    table = table_screen(app)
    assert table is not None, "no table"
    return table.bet_area


async def click_chip(pilot, value: int, button: int = 1) -> None:
    """A click on the chip of `value` (a right click, button 3, takes one off)."""
    area = bet_area(pilot.app)
    await pilot.click(area, offset=area.chip_offset(value), button=button)
    await pilot.pause()


def chip_face(area, value: int) -> str:
    """The middle row of the chip of `value` as drawn, edges included ("│ 25  │")."""
    offset = area.chip_offset(value)
    line = area.render_lines(area.size.region)[offset.y]
    text = "".join(segment.text for segment in line)
    left = offset.x - area.room.chip_width // 2
    return text[left : left + area.room.chip_width]
