"""The kiosk app against a bare Textual app, measured in the same run."""

from __future__ import annotations

import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _seconds_to_ready(argv: list[str]) -> float:
    started = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    took = time.perf_counter() - started
    proc.wait(timeout=60)
    if line.strip() != "ready":
        raise RuntimeError(f"start probe failed: {argv}")
    return took


def _prepared_data_dir(root: Path) -> Path:
    """A data dir with chips on the ante, so the table opens directly (as after a restart)."""
    import random

    from reddog_tui.engine import Action, ShuffledDealer
    from reddog_tui.store import GameSession, Store

    data_dir = root / "cold-start"
    store = Store.open(data_dir)
    session = GameSession(store, ShuffledDealer(random.Random(1)))
    session.act(Action.ADD_CHIP, 5)
    store.close()
    return data_dir


def _compile_bytecode() -> None:
    """Compile the game's modules (and the bare app's) as pip does when it installs them.

    Textual's modules come compiled from their installation; without this, a checkout run with
    PYTHONDONTWRITEBYTECODE would compile every module of the game from source at each start,
    which is no start of an installed kiosk.
    """
    import compileall

    for package in ("reddog_tui", "benchmarks"):
        compileall.compile_dir(HERE.parent / package, quiet=1)


def cold_start(runs: int) -> tuple[float, float]:
    """Median seconds from a new process to a screen ready for a key: (app, bare)."""
    _compile_bytecode()
    probe = str(HERE / "start_probe.py")
    with tempfile.TemporaryDirectory() as tmp:
        data_dir = _prepared_data_dir(Path(tmp))
        app, bare = [], []
        for _ in range(runs):  # interleaved, so both see the same machine load
            bare.append(_seconds_to_ready([sys.executable, probe, "bare"]))
            app.append(_seconds_to_ready([sys.executable, probe, "app", str(data_dir)]))
    return statistics.median(app), statistics.median(bare)


async def _press_times(app, keys: list[str], setup=None) -> list[float]:
    times = []
    async with app.run_test(size=(80, 24)) as pilot:
        if setup is not None:
            await setup(pilot)
        await pilot.pause()
        for key in keys:
            times.append(await timed_press(pilot, key))
            await pilot.pause(0.02)  # untimed: let timers and the machine settle
    return times


async def timed_press(pilot, key: str) -> float:
    """Seconds from a key press until every widget has handled its messages and the frame is drawn.

    Pilot.press itself sleeps until the process looks idle (tens of milliseconds
    of polling), so the key is sent to the driver directly and the wait is for
    the messages themselves.
    """
    started = time.perf_counter()
    await send_key(pilot, key)
    return time.perf_counter() - started


async def send_key(pilot, key: str) -> None:
    """Send one key and wait until it is handled and its frame drawn."""
    from textual import events

    app = pilot.app
    event = events.Key(key, key if len(key) == 1 else None)
    event.set_sender(app)
    app._driver.send_message(event)
    await until_idle(app)
    app.screen._on_timer_update()  # draw the frame now rather than at the next refresh tick


def _pumps(app) -> list:
    """The app and every widget of its screen: whatever may hold a message of the press."""
    return [app, *app.screen.walk_children(with_self=True)]


def _busy(pumps: list) -> bool:
    """Some message is queued or being handled by one of `pumps`."""
    return any(pump._message_queue.qsize() or pump._next_callbacks for pump in pumps)


async def until_idle(app) -> None:
    """Yield to the event loop until nothing is queued or running, twice in a row.

    Unlike Pilot's own waits this posts no messages of its own. The widgets are listed once, and
    again only when a widget comes or goes or another screen is shown: walking the screen's tree
    at every turn of the loop would charge a screen of seventy widgets for its size, a screen of
    three almost nothing, and that cost is the measurement's, not the app's.
    """
    quiet = 0
    shape = None
    pumps: list = []
    while quiet < 2:
        await asyncio.sleep(0)
        now = (app.screen, len(app._registry))
        if now != shape:
            shape, pumps = now, _pumps(app)
        quiet = 0 if _busy(pumps) else quiet + 1


def _table_app(data_dir: Path, push_pause=None, *, motion: bool = False):
    """The kiosk on a seeded table; without `motion` every key draws its last frame at once
    (Textual's animations off), with it the deal and the third card come in frames."""
    import random

    from reddog_tui.engine import ShuffledDealer
    from reddog_tui.ui.app import RedDogApp

    app = RedDogApp(language="en", data_dir=data_dir, dealer=ShuffledDealer(random.Random(7)), push_pause=push_pause)
    app.animation_level = "full" if motion else "none"
    return app


async def _reduce_motion(pilot) -> None:
    """The player's setting, as F2 switches it: the cards' frames off, the last frame with the key."""
    from reddog_tui.store.settings import Key

    pilot.app.set_setting_on(Key.REDUCE_MOTION, True)
    assert not pilot.app.motion


async def _to_table(pilot) -> None:
    await pilot.press("enter")  # welcome → table


def key_to_frame(presses: int) -> dict[str, float]:
    """Median seconds from a key press on the table until the screen is idle again."""
    from benchmarks.bare_app import BareApp
    from reddog_tui.engine import Phase

    async def deals(app) -> list[float]:
        times = []
        async with app.run_test(size=(80, 24)) as pilot:
            await _reduce_motion(pilot)  # timed to the last frame: with motion off, the key draws it
            await _to_table(pilot)
            for _ in range(presses):
                await send_key(pilot, "plus")
                times.append(await timed_press(pilot, "d"))
                assert app.session.state.phase is not Phase.BETTING
                assert not app.motion_left_s()  # no frame left to draw
                if app.session.state.phase is Phase.DECISION:
                    await send_key(pilot, "c")
                await send_key(pilot, "n")  # a new bet: back to betting, untimed
                await pilot.pause(0.02)
        return times

    with tempfile.TemporaryDirectory() as tmp:
        app = _table_app(Path(tmp) / "chips")
        chip = asyncio.run(_press_times(app, ["plus"] * presses, _to_table))
        assert app.session.state.ante == presses  # every timed press placed its chip
        dealt = asyncio.run(deals(_table_app(Path(tmp) / "deals", motion=True)))
    bare = BareApp()
    bare_plus = asyncio.run(_press_times(bare, ["plus"] * presses))
    assert bare.count == presses  # every timed press was handled
    return {
        "app_chip": statistics.median(chip),
        "app_deal": statistics.median(dealt),
        "bare": statistics.median(bare_plus),
    }


def deal_motion(presses: int) -> dict[str, float]:
    """The deal and the third card in frames, as a player sees them (motion on, normal pace).

    Medians, in seconds: from `d` to the last frame of a spread's deal, and from `c` to the
    third card turned with the round's result; beside them the lengths the frames are set to.
    `longest_frame` is the longest frame a timer draws in each deal or turn, from the timer firing
    to the frame drawn, as a median over them: each must stay within a deal key's budget.
    `key_frame` is the key's own frame (the committed action, drawn with the first card's look).
    """
    from reddog_tui.engine import Phase
    from reddog_tui.ui.screens.table import TableScreen

    async def body(app) -> dict[str, list[float]]:
        found: dict[str, list[float]] = {
            "deal": [],
            "deal_set": [],
            "turn": [],
            "turn_set": [],
            "longest_frame": [],
            "key_frame": [],
        }
        async with app.run_test(size=(80, 24)) as pilot:
            await _to_table(pilot)
            table = app.screen
            assert isinstance(table, TableScreen)
            fired: list[float] = []
            draw_frame = table._next_frame

            def timed_frame() -> None:
                fired.append(time.perf_counter())
                draw_frame()

            table._next_frame = timed_frame  # type: ignore[method-assign]  # the frames' timers call it

            async def in_frames(key: str) -> tuple[float, float]:
                """Seconds from `key` to its last frame, and the length its frames are set to."""
                started = time.perf_counter()
                await send_key(pilot, key)
                frames = [time.perf_counter() - started]
                planned = app.motion_left_s()
                while table.in_motion:
                    seen = len(fired)
                    while len(fired) == seen:  # a turn of the loop each, so no sleep is timed as the frame's
                        await asyncio.sleep(0)
                    await until_idle(app)
                    app.screen._on_timer_update()
                    frames.append(time.perf_counter() - fired[-1])
                found["key_frame"].append(frames[0])
                found["longest_frame"].append(max(frames[1:]))
                return time.perf_counter() - started, planned

            for _ in range(presses):
                await send_key(pilot, "plus")
                took, planned = await in_frames("d")
                if app.session.state.phase is Phase.DECISION:  # a spread: its deal, then its turn
                    found["deal"].append(took)
                    found["deal_set"].append(planned)
                    took, planned = await in_frames("c")
                    found["turn"].append(took)
                    found["turn_set"].append(planned)
                await send_key(pilot, "n")
                await pilot.pause(0.02)
        return found

    with tempfile.TemporaryDirectory() as tmp:
        found = asyncio.run(body(_table_app(Path(tmp), motion=True)))
    return {name: statistics.median(times) for name, times in found.items()}


def language_switch(presses: int) -> float:
    """Median seconds from `l` mid-round until the screen in view reads in the new language.

    The screens underneath may redraw only when they are shown again: that is checked,
    untimed, by going back to the table after the last switch.
    """

    async def body(data_dir: Path) -> list[float]:
        app = _table_app(data_dir)
        times = []
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("enter", "plus", "d")  # a round is open
            await pilot.press("f2", "f1")  # settings built, then the rules over the table
            await pilot.pause()
            for _ in range(presses):
                before = app.language
                times.append(await timed_press(pilot, "l"))
                assert app.language != before
                assert_the_rules_read_in_the_current_language(app)
                await pilot.pause(0.02)
            await pilot.press("escape")
            await pilot.pause()
            assert_the_table_reads_in_the_current_language(app)
        return times

    with tempfile.TemporaryDirectory() as tmp:
        return statistics.median(asyncio.run(body(Path(tmp))))


def assert_the_rules_read_in_the_current_language(app) -> None:
    """Checked after the timing: the frame drawn must already show the new words."""
    from textual.widgets import Static

    from reddog_tui.i18n import _

    assert type(app.screen).__name__ == "RulesScreen"
    assert str(app.screen.query_one("#rules-title", Static).content) == _("Game Rules")


def assert_the_table_reads_in_the_current_language(app) -> None:
    from textual.widgets import Static

    from reddog_tui.i18n import _

    assert type(app.screen).__name__ == "TableScreen"
    assert _("Credits") in str(app.screen.query_one("#credits", Static).content)


def _rss_bytes() -> int:
    import os

    with open(f"/proc/{os.getpid()}/statm") as handle:
        return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def long_day(rounds: int, marks: tuple[int, int]) -> dict[str, float]:
    """Rounds played by keys through the app with the store on disk: memory and pace over the day."""
    import gc

    from reddog_tui.engine import Outcome, Phase

    first_mark, last_mark = marks
    window = first_mark

    async def body(data_dir: Path) -> dict[str, float]:
        app = _table_app(data_dir, push_pause=0.005)
        round_times: list[float] = []
        rss: dict[int, int] = {}
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("enter", "plus")
            for n in range(1, rounds + 1):
                started = time.perf_counter()
                await send_key(pilot, "d")
                state = app.session.state
                while state.phase is Phase.SETTLED and state.outcome is Outcome.PUSH:
                    await asyncio.sleep(0.002)  # the push deals the next hand by itself
                    state = app.session.state
                if state.phase is Phase.DECISION:
                    await send_key(pilot, "r" if state.spread >= 7 and state.credits >= state.ante else "c")
                if app.session.state.credits + app.session.state.on_table < 10:
                    app.session.add_credits(1000)  # keep playing all day
                round_times.append(time.perf_counter() - started)
                if n in (first_mark, last_mark):
                    gc.collect()
                    rss[n] = _rss_bytes()
        first = sum(round_times[:window])
        last = sum(round_times[-window:])
        return {
            "rss_growth_mb": (rss[last_mark] - rss[first_mark]) / 2**20,
            "pace_ratio": last / first,
            "first_window_s": first,
            "last_window_s": last,
        }

    with tempfile.TemporaryDirectory() as tmp:
        return asyncio.run(body(Path(tmp)))
