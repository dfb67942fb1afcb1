"""The kiosk app against a bare Textual app, measured in the same run."""

from __future__ import annotations

import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

# Every app runs as it does deployed: Textual's `run` gives each screen its tooltip and its toasts'
# rack, which `run_test` leaves out unless asked. Without the tooltip, each card that changes its
# tooltip made Textual build (and throw away) an error naming the screen's children.
AS_DEPLOYED = {"tooltips": True, "notifications": True}


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


WORKER = HERE / "key_worker.py"


def interleaved(presses: int, scenarios: tuple[str, ...], block: int = 10) -> dict[str, list[float]]:
    """Seconds of each timed press, by scenario (key_worker.py names them), `presses` of each.

    Each scenario's app runs in a process of its own, and they take turns, a block of presses
    each: a shared machine's load comes and goes over seconds, and measured one after the other
    the bare app and the kiosk met different loads (the deal's ratio ranged from 1.75× to 2.59×
    over five runs of the same code).
    """
    times: dict[str, list[float]] = {name: [] for name in scenarios}
    with tempfile.TemporaryDirectory() as tmp:
        workers: dict[str, subprocess.Popen[str]] = {}
        try:
            for name in scenarios:
                workers[name] = subprocess.Popen(
                    [sys.executable, str(WORKER), name, str(Path(tmp) / name)],
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    text=True,
                )
            for name, worker in workers.items():
                if _answer(worker) != "ready":
                    raise RuntimeError(f"the {name} worker did not start")
            done = 0
            while done < presses:
                count = min(block, presses - done)
                for name, worker in workers.items():
                    _ask(worker, count)
                    answer = _answer(worker)
                    if not answer.startswith("["):
                        raise RuntimeError(f"the {name} worker stopped: {answer!r}")
                    times[name] += json.loads(answer)
                done += count
            for name, worker in workers.items():
                _ask(worker, 0)
                if worker.wait(timeout=60) != 0:  # its check at the end failed
                    raise RuntimeError(f"the {name} worker failed its last check")
        finally:
            for worker in workers.values():
                if worker.poll() is None:
                    worker.kill()
                    worker.wait()
    return times


def _ask(worker: subprocess.Popen[str], count: int) -> None:
    assert worker.stdin is not None
    worker.stdin.write(f"{count}\n")
    worker.stdin.flush()


def _answer(worker: subprocess.Popen[str]) -> str:
    assert worker.stdout is not None
    return worker.stdout.readline().strip()


def key_to_frame(presses: int) -> dict[str, float]:
    """Median seconds from a key press on the table until the screen is idle again: a chip, a
    deal (reduce motion: the key draws the last frame), and the bare app's key, taken in turns."""
    times = interleaved(presses, ("bare", "chip", "deal"))
    return {
        "app_chip": statistics.median(times["chip"]),
        "app_deal": statistics.median(times["deal"]),
        "bare": statistics.median(times["bare"]),
    }


def bare_key(presses: int) -> float:
    """Median seconds of the bare app's key, alone."""
    return statistics.median(interleaved(presses, ("bare",))["bare"])


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
        async with app.run_test(size=(80, 24), **AS_DEPLOYED) as pilot:
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
                planned = app.play.motion_left_s()
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


def language_switch(presses: int) -> dict[str, float]:
    """Median seconds from `l` mid-round until the screen in view reads in the new language, and
    the bare app's key, taken in turns (key_worker.py's "switch": the rules over the table, the
    settings built; the screens underneath may redraw only when shown again, which it checks)."""
    times = interleaved(presses, ("bare", "switch"))
    return {"switch": statistics.median(times["switch"]), "bare": statistics.median(times["bare"])}


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
        async with app.run_test(size=(80, 24), **AS_DEPLOYED) as pilot:
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
