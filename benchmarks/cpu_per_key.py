"""CPU time of the kiosk's own process per key press, against the bare app's, in one run.

    python benchmarks/cpu_per_key.py [PRESSES]

Wall-clock key-to-frame times swing with the load of a shared machine; the process's
own CPU time for the same press (sent and waited for as in app_bench.key_to_frame)
does much less, so this is the figure to compare two versions by when the machine is busy.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


async def _cpu_press(pilot, key: str) -> float:
    from benchmarks.app_bench import send_key

    started = time.process_time()
    await send_key(pilot, key)
    return time.process_time() - started


def measure(presses: int) -> dict[str, float]:
    """Median CPU seconds per press: a chip, a deal, a language switch mid-round, the bare app's key."""
    from benchmarks.app_bench import AS_DEPLOYED, _table_app, send_key
    from benchmarks.bare_app import BareApp
    from reddog_tui.engine import Phase

    async def table(data_dir: Path) -> dict[str, list[float]]:
        app = _table_app(data_dir)
        found: dict[str, list[float]] = {"chip": [], "deal": [], "language": []}
        async with app.run_test(size=(80, 24), **AS_DEPLOYED) as pilot:
            await pilot.press("enter")
            for _ in range(presses):
                found["chip"].append(await _cpu_press(pilot, "plus"))
                found["deal"].append(await _cpu_press(pilot, "d"))
                if app.session.state.phase is Phase.DECISION:
                    await send_key(pilot, "c")
                await send_key(pilot, "n")
                await pilot.pause(0.01)
            await pilot.press("plus", "d", "f2", "f1")  # a round open, settings built, the rules over the table
            await pilot.pause()
            for _ in range(presses):
                found["language"].append(await _cpu_press(pilot, "l"))
                await pilot.pause(0.01)
        return found

    async def bare() -> list[float]:
        app = BareApp()
        times = []
        async with app.run_test(size=(80, 24), **AS_DEPLOYED) as pilot:
            await pilot.pause()
            for _ in range(presses):
                times.append(await _cpu_press(pilot, "plus"))
                await pilot.pause(0.01)
        return times

    with tempfile.TemporaryDirectory() as tmp:
        found = asyncio.run(table(Path(tmp)))
    medians = {name: statistics.median(times) for name, times in found.items()}
    medians["bare"] = statistics.median(asyncio.run(bare()))
    return medians


if __name__ == "__main__":
    medians = measure(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
    bare = medians["bare"]
    for name, seconds in medians.items():
        print(f"{name:<10}{seconds * 1000:>8.2f} ms CPU{seconds / bare:>8.2f}×")
