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
import platform
import statistics
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


@dataclass
class Figure:
    name: str
    value: float  # the measured median, in `unit`
    baseline: float  # the baseline's median, same unit
    unit: str
    budget: str  # the budget as a person reads it
    ratio_limit: float | None = None  # ratio value/baseline must stay within this
    higher_is_better: bool = False
    absolute_limit: float | None = None  # value must stay under this (same unit)

    @property
    def ratio(self) -> float:
        return self.value / self.baseline if self.baseline else float("inf")

    @property
    def met(self) -> bool:
        ok = True
        if self.ratio_limit is not None:
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
        Figure("engine: simulate rounds/s", played, floor, "rounds/s", "≥ 0.3× the draw-only loop",
               ratio_limit=0.3, higher_is_better=True)
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
        figures.append(Figure(f"par sheet, {decks} deck{'s' * (decks > 1)} (process)", took * 1000,
                              bare * 1000, "ms", "well under a second", absolute_limit=1000))
    return figures


# --- the table -------------------------------------------------------------------

ENTRIES: dict[str, Callable[[bool], list[Figure]]] = {
    "engine": bench_engine,
    "par": bench_par,
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
        print(
            f"{f.name:<44}{f.value:>10.1f} {f.unit:<3}{f.baseline:>10.1f} {f.unit:<3}{f.ratio:>8.2f}×"
            f"  {f.budget:<30}{'yes' if f.met else 'NO':>5}"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="smoke run with few repetitions")
    parser.add_argument("--only", choices=sorted(ENTRIES), action="append", help="run only these entries")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "latest.json")
    args = parser.parse_args(argv)

    figures: list[Figure] = []
    for name in args.only or ENTRIES:
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
