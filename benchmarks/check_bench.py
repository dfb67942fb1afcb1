"""How long `reddog check` and the exports take on a journal with a long history.

    python benchmarks/check_bench.py [--quick] [--rounds N]

The history is written as in store_bench.py (the engine plays, the rows go in with
executemany). Timed: the start-up checks and the full check (`check_journal`, as
`reddog check` and `reddog check --full` run them, read-only), the meters export and the
whole journal export, each the median of a few runs with the file in the page cache.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.store_bench import fill_history
from reddog_tui.store.export import JOURNAL_FIELDS, read_journal, read_meters, to_csv
from reddog_tui.store.health import Status, check_journal, read_only
from reddog_tui.store.paths import database_path


def _median_seconds(work, repeats: int) -> float:
    work()  # warm the page cache
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def measure(quick: bool, rounds: int | None = None, report=lambda line: None) -> dict[str, float]:
    rounds = rounds or (1_000 if quick else 100_000)
    repeats = 3 if quick else 5
    root = Path(tempfile.mkdtemp(prefix="reddog-check-bench-"))
    try:
        entries = fill_history(root, rounds)
        size = database_path(root).stat().st_size / 1e6
        report(f"journal: {rounds:,} settled rounds, {entries:,} journal entries, {size:.1f} MB")

        def check(full: bool) -> None:
            results = check_journal(root, full=full)
            assert all(r.status is Status.PASSED for r in results), results

        def export_journal() -> None:
            with read_only(root) as conn:
                to_csv(read_journal(conn), JOURNAL_FIELDS)

        def export_meters() -> None:
            with read_only(root) as conn:
                read_meters(conn)

        figures = {
            "check_ms": _median_seconds(lambda: check(False), repeats) * 1000,
            "check_full_ms": _median_seconds(lambda: check(True), repeats) * 1000,
            "meters_export_ms": _median_seconds(export_meters, repeats) * 1000,
            "journal_export_ms": _median_seconds(export_journal, repeats) * 1000,
        }
        for name, value in figures.items():
            report(f"  {name:<20}{value:>10.1f} ms   (median of {repeats})")
        return figures | {"rounds": rounds, "file_mb": size}
    finally:
        shutil.rmtree(root)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a tiny run, to check the script works")
    parser.add_argument("--rounds", type=int, default=None, help="settled rounds in the journal")
    args = parser.parse_args()
    measure(args.quick, args.rounds, report=print)


if __name__ == "__main__":
    main()
