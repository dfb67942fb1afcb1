"""One app in a process of its own, timing keys in blocks when asked (see app_bench.interleaved).

    python benchmarks/key_worker.py SCENARIO DATA_DIR

It prints "ready" once the app is set up, then reads a number from each line of its input: that
many presses are timed and their seconds printed as one JSON list. An empty line or 0 ends it.
The bare app and the kiosk's scenarios run side by side this way, block after block, so a change of
the machine's load falls on both alike.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.app_bench import (
    AS_DEPLOYED,
    _reduce_motion,
    _table_app,
    _to_table,
    assert_the_rules_read_in_the_current_language,
    assert_the_table_reads_in_the_current_language,
    send_key,
    timed_press,
)

Step = Callable[[object], Awaitable[float]]


async def _nothing(pilot) -> None:
    pass


def scenario(name: str, data_dir: Path):
    """(the app, its setup, one timed press, a check at the end) of a scenario."""
    from reddog_tui.engine import Phase

    if name == "bare":
        from benchmarks.bare_app import BareApp

        bare = BareApp()

        async def bump(pilot) -> float:
            return await timed_press(pilot, "plus")

        async def counted(pilot) -> None:
            assert bare.count == presses_done[0]  # every timed press was handled

        return bare, _nothing, bump, counted

    if name == "chip":
        app = _table_app(data_dir)

        async def chip(pilot) -> float:
            return await timed_press(pilot, "plus")

        async def placed(pilot) -> None:
            assert app.session.state.ante == presses_done[0]  # every timed press placed its chip

        return app, _to_table, chip, placed

    if name == "deal":
        app = _table_app(data_dir, motion=True)

        async def to_table(pilot) -> None:
            await _reduce_motion(pilot)  # timed to the last frame: with motion off, the key draws it
            await _to_table(pilot)

        async def deal(pilot) -> float:
            await send_key(pilot, "plus")
            took = await timed_press(pilot, "d")
            assert app.session.state.phase is not Phase.BETTING
            assert not app.play.motion_left_s()  # no frame left to draw
            if app.session.state.phase is Phase.DECISION:
                await send_key(pilot, "c")
            await send_key(pilot, "n")  # a new bet: back to betting, untimed
            return took

        return app, to_table, deal, _nothing

    if name == "switch":
        app = _table_app(data_dir)

        async def mid_round(pilot) -> None:
            await pilot.press("enter", "plus", "d")  # a round is open
            await pilot.press("f2", "f1")  # settings built, then the rules over the table

        async def switch(pilot) -> float:
            before = app.language
            took = await timed_press(pilot, "l")
            assert app.language != before
            assert_the_rules_read_in_the_current_language(app)
            return took

        async def table_redrawn(pilot) -> None:
            # The screens underneath may redraw only when shown again: checked, untimed, at the end.
            await pilot.press("escape")
            await pilot.pause()
            assert_the_table_reads_in_the_current_language(app)

        return app, mid_round, switch, table_redrawn

    raise SystemExit(f"unknown scenario: {name}")


presses_done = [0]


async def serve(name: str, data_dir: Path) -> None:
    app, setup, press, finish = scenario(name, data_dir)
    async with app.run_test(size=(80, 24), **AS_DEPLOYED) as pilot:
        await setup(pilot)
        await pilot.pause()
        print("ready", flush=True)
        while True:
            line = await asyncio.to_thread(sys.stdin.readline)
            count = int(line.strip() or 0)
            if not count:
                break
            times = []
            for _ in range(count):
                times.append(await press(pilot))
                presses_done[0] += 1
                await pilot.pause(0.02)  # untimed: let timers and the machine settle
            print(json.dumps(times), flush=True)
        await finish(pilot)


if __name__ == "__main__":
    asyncio.run(serve(sys.argv[1], Path(sys.argv[2])))
