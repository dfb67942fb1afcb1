"""How much work one key press on the table does: engine legality checks, catalogue look-ups,
number formats and SQL statements, counted (not timed) for one press of each key.

    python benchmarks/calls.py

Counted by code object through a profile hook, so calls made inside the engine (a check
that asks `allowed_actions` itself) count too, whatever name a module imported them by.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

KEYS = ("add chip", "deal", "language switch")


def _counted_code() -> dict[object, str]:
    from reddog_tui import i18n
    from reddog_tui.engine import table as engine
    from reddog_tui.i18n import formatting

    return {
        engine.allowed_actions.__code__: "allowed_actions",
        engine.why_not.__code__: "why_not",
        i18n._.__code__: "catalogue look-ups",
        i18n.pgettext.__code__: "catalogue look-ups",
        i18n.ngettext.__code__: "catalogue look-ups",
        formatting.number.__code__: "number formats",
    }


class CallCounter:
    """Counts calls of the watched functions and the SQL statements of one connection."""

    def __init__(self) -> None:
        self.watched = _counted_code()
        self.counts: Counter[str] = Counter()

    def _profile(self, frame, event, _arg) -> None:
        if event == "call":
            name = self.watched.get(frame.f_code)
            if name is not None:
                self.counts[name] += 1

    def _statement(self, _sql: str) -> None:
        self.counts["SQL statements"] += 1

    async def count(self, app, press) -> Counter[str]:
        """The calls made while `press()` runs and its frame is drawn."""
        self.counts = Counter()
        connection = app.store._conn
        connection.set_trace_callback(self._statement)
        sys.setprofile(self._profile)
        try:
            await press()
        finally:
            sys.setprofile(None)
            connection.set_trace_callback(None)
        return self.counts


def measure() -> dict[str, Counter[str]]:
    """One press of each key: `+` on a fresh table, `d` with an ante, `l` mid-round under the rules."""
    from benchmarks.app_bench import AS_DEPLOYED, _table_app, send_key

    async def body(data_dir: Path) -> dict[str, Counter[str]]:
        app = _table_app(data_dir)
        counter = CallCounter()
        found: dict[str, Counter[str]] = {}
        async with app.run_test(size=(80, 24), **AS_DEPLOYED) as pilot:
            await pilot.press("enter")
            await pilot.pause()
            found["add chip"] = await counter.count(app, lambda: send_key(pilot, "plus"))
            await pilot.pause()
            found["deal"] = await counter.count(app, lambda: send_key(pilot, "d"))
            await pilot.pause()
            await pilot.press("f2", "f1")  # settings built, then the rules over the table
            await pilot.pause()
            found["language switch"] = await counter.count(app, lambda: send_key(pilot, "l"))
        return found

    with tempfile.TemporaryDirectory() as tmp:
        return asyncio.run(body(Path(tmp)))


COLUMNS = ("allowed_actions", "why_not", "SQL statements", "catalogue look-ups", "number formats")


def print_counts(found: dict[str, Counter[str]]) -> None:
    print(f"{'calls per key press':<20}" + "".join(f"{name:>20}" for name in COLUMNS))
    for key in KEYS:
        print(f"{key:<20}" + "".join(f"{found[key][name]:>20}" for name in COLUMNS))


if __name__ == "__main__":
    print_counts(measure())
