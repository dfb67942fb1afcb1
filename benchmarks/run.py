"""Measure reddog-tui against its baselines and print the performance table.

    python benchmarks/run.py            full run (a few minutes)
    python benchmarks/run.py --quick    smoke run: every entry, few repetitions

Every figure is a median of repeated runs, reported as a ratio to a baseline
measured in the same run, with the absolute time beside it. Results are
printed as a table and written as JSON (``--out``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


@dataclass
class Figure:
    name: str
    value: float  # the measured median, in `unit`
    baseline: float | None  # the baseline's median, same unit; None for an absolute budget
    unit: str
    budget: str  # the budget as a person reads it
    ratio_limit: float | None = None  # ratio value/baseline must stay within this
    higher_is_better: bool = False
    absolute_limit: float | None = None  # value must stay under this (same unit)

    @property
    def ratio(self) -> float | None:
        return self.value / self.baseline if self.baseline else None

    @property
    def met(self) -> bool:
        ok = True
        if self.ratio_limit is not None and self.ratio is not None:
            ok = self.ratio >= self.ratio_limit if self.higher_is_better else self.ratio <= self.ratio_limit
        if self.absolute_limit is not None:
            ok = ok and self.value < self.absolute_limit
        return ok


def median_of(runs: int, measure: Callable[[], float]) -> float:
    return statistics.median(measure() for _ in range(runs))


def process_seconds(argv: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


# --- engine ------------------------------------------------------------------


def bench_engine(quick: bool) -> list[Figure]:
    """`reddog simulate` rounds per second against drawing three cards alone."""
    import secrets

    from reddog_tui.engine.cards import ShuffledDealer
    from reddog_tui.engine.simulate import simulate

    rounds = 20_000 if quick else 200_000
    rng = secrets.SystemRandom()

    def floor_loop() -> float:
        # The least work a round needs: three cards from a fresh deck, same source.
        dealer = ShuffledDealer(rng)
        started = time.perf_counter()
        for _ in range(rounds):
            dealer.draw_three(1)
        return rounds / (time.perf_counter() - started)

    def engine() -> float:
        return simulate(rounds, rng).rounds_per_second

    runs = 3 if quick else 7
    floor = median_of(runs, floor_loop)
    played = median_of(runs, engine)
    return [
        Figure(
            "engine: simulate rounds/s",
            played,
            floor,
            "rounds/s",
            "≥ 0.3× the draw-only loop",
            ratio_limit=0.3,
            higher_is_better=True,
        )
    ]


# --- PAR sheet -----------------------------------------------------------------


def bench_par(quick: bool) -> list[Figure]:
    runs = 3 if quick else 11
    python = [sys.executable, "-c", "pass"]
    bare = median_of(runs, lambda: process_seconds(python))
    figures = []
    for decks in (1, 8):
        argv = [sys.executable, "-m", "reddog_tui", "par", "--decks", str(decks), "--json"]
        took = median_of(runs, lambda: process_seconds(argv))
        figures.append(
            Figure(
                f"par sheet, {decks} deck{'s' * (decks > 1)} (process)",
                took * 1000,
                bare * 1000,
                "ms",
                "well under a second",
                absolute_limit=1000,
            )
        )
    return figures


# --- the app ---------------------------------------------------------------------


def bench_cold_start(quick: bool) -> list[Figure]:
    from benchmarks.app_bench import cold_start

    app, bare = cold_start(3 if quick else 11)
    return [
        Figure(
            "cold start to the table (process)", app * 1000, bare * 1000, "ms", "≤ 1.3× the bare app", ratio_limit=1.3
        )
    ]


def bench_key_to_frame(quick: bool) -> list[Figure]:
    from benchmarks.app_bench import key_to_frame

    times = key_to_frame(8 if quick else 60)
    bare = times["bare"] * 1000
    return [
        Figure("key to frame: add chip", times["app_chip"] * 1000, bare, "ms", "≤ 2× the bare app", ratio_limit=2.0),
        Figure(
            "key to frame: deal (reduce motion)",
            times["app_deal"] * 1000,
            bare,
            "ms",
            "≤ 3× the bare app",
            ratio_limit=3.0,
        ),
    ]


def bench_deal_motion(quick: bool) -> list[Figure]:
    from benchmarks.app_bench import bare_key, deal_motion

    motion = deal_motion(8 if quick else 40)
    bare = bare_key(8 if quick else 60) * 1000
    return [
        Figure(
            "deal in frames: key to last frame",
            motion["deal"] * 1000,
            motion["deal_set"] * 1000,
            "ms",
            "for the record (base: frames' set length)",
        ),
        Figure(
            "third card turned: key to last frame",
            motion["turn"] * 1000,
            motion["turn_set"] * 1000,
            "ms",
            "for the record (base: frames' set length)",
        ),
        Figure(
            "deal in frames: longest frame a timer draws (median)",
            motion["longest_frame"] * 1000,
            bare,
            "ms",
            "≤ 3× the bare app (a deal's key)",
            ratio_limit=3.0,
        ),
        Figure(
            "deal in frames: the key's own frame (median)",
            motion["key_frame"] * 1000,
            bare,
            "ms",
            "≤ 3× the bare app (a deal's key)",
            ratio_limit=3.0,
        ),
    ]


def bench_language_switch(quick: bool) -> list[Figure]:
    from benchmarks.app_bench import language_switch

    times = language_switch(5 if quick else 40)
    return [
        Figure(
            "language switch, three screens built",
            times["switch"] * 1000,
            times["bare"] * 1000,
            "ms",
            "≤ 4× the bare key",
            ratio_limit=4.0,
        )
    ]


def bench_long_day(quick: bool) -> list[Figure]:
    from benchmarks.app_bench import long_day

    rounds, marks = (300, (50, 300)) if quick else (5000, (500, 5000))
    day = long_day(rounds, marks)
    return [
        Figure(
            f"long day: memory growth, round {marks[0]} → {marks[1]}",
            day["rss_growth_mb"],
            None,
            "MB",
            "< 10 MB",
            absolute_limit=10,
        ),
        Figure(
            f"long day: last {marks[0]} rounds / first {marks[0]}",
            day["last_window_s"] * 1000,
            day["first_window_s"] * 1000,
            "ms",
            "≤ 1.2",
            ratio_limit=1.2,
        ),
    ]


def bench_store(quick: bool) -> list[Figure]:
    from benchmarks.store_bench import measure

    figures = measure(quick)
    return [
        Figure(
            "store: transitions committed",
            figures["transitions_per_second"],
            None,
            "/s",
            "synchronous=FULL, for the record",
        ),
        Figure(
            "store: start-up, long history vs empty",
            figures["startup_full_ms"],
            figures["startup_empty_ms"],
            "ms",
            "does not grow with history",
            ratio_limit=2.0,
        ),
    ]


def bench_check(quick: bool) -> list[Figure]:
    from benchmarks.check_bench import measure

    figures = measure(quick)
    rounds = f"{figures['rounds']:,} rounds"
    return [
        Figure(f"reddog check, {rounds}", figures["check_ms"], None, "ms", "for the record"),
        Figure(f"reddog check --full, {rounds}", figures["check_full_ms"], None, "ms", "for the record"),
        Figure(f"journal export (all rows), {rounds}", figures["journal_export_ms"], None, "ms", "for the record"),
    ]


def bench_calls(quick: bool) -> list[Figure]:
    from benchmarks.calls import COLUMNS, KEYS, measure

    found = measure()  # counts, not times: the same in a quick run
    return [
        Figure(f"calls, {key}: {name}", found[key][name], None, "", "for the record")
        for key in KEYS
        for name in COLUMNS
    ]


# --- the table -------------------------------------------------------------------

ENTRIES: dict[str, Callable[[bool], list[Figure]]] = {
    "cold_start": bench_cold_start,
    "key_to_frame": bench_key_to_frame,
    "deal_motion": bench_deal_motion,
    "language_switch": bench_language_switch,
    "long_day": bench_long_day,
    "engine": bench_engine,
    "par": bench_par,
    "store": bench_store,
    "check": bench_check,
    "calls": bench_calls,
}


def machine() -> str:
    import os

    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}"


def print_table(figures: list[Figure]) -> None:
    print(f"{'measure':<44}{'median':>14}{'baseline':>14}{'ratio':>9}  {'budget':<30}{'met':>5}")
    for f in figures:
        baseline = f"{f.baseline:>10.1f} {f.unit:<3}" if f.baseline is not None else f"{'—':>14}"
        ratio = f"{f.ratio:>8.2f}×" if f.ratio is not None else f"{'—':>9}"
        print(f"{f.name:<44}{f.value:>10.1f} {f.unit:<3}{baseline}{ratio}  {f.budget:<30}{'yes' if f.met else 'NO':>5}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="smoke run with few repetitions")
    parser.add_argument("--only", choices=sorted(ENTRIES), action="append", help="run only these entries")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "latest.json")
    args = parser.parse_args(argv)

    figures: list[Figure] = []
    for name in args.only or ENTRIES:
        # The writes an entry left for the disk (the cold start's journals and folders, say) are
        # flushed before the next one starts, so they do not land in its commits' syncs.
        os.sync()
        figures += ENTRIES[name](args.quick)
    print(f"machine: {machine()}")
    print_table(figures)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(
        json.dumps(
            {
                "machine": machine(),
                "quick": args.quick,
                "command": "python benchmarks/run.py" + (" --quick" if args.quick else ""),
                "figures": [asdict(f) | {"ratio": f.ratio, "met": f.met} for f in figures],
            },
            indent=2,
            ensure_ascii=False,
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
