"""Load on the hall server: simulated kiosks playing and replicating at once.

    python benchmarks/hall_bench.py            50 kiosks, 10 transitions/s each, 2 minutes
    python benchmarks/hall_bench.py --quick    10 kiosks for 15 seconds

Each kiosk is the engine driving a real SQLite journal (no UI) with its own replicator
thread; the kiosks run in a few worker processes. A fresh database is made on the server
(REDDOG_TEST_PG_DSN, default the local one) and dropped at the end. Reported: transitions
committed, the slowest play steps, replication lag (server receipt minus kiosk commit) at
p50/p99, the server's CPU while loaded, and entries lost or doubled (must both be 0).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import secrets
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import psycopg  # noqa: E402

from benchmarks.hall_kiosk import AutoPlayer, new_session  # noqa: E402
from reddog_tui.hall import admin as hall_admin  # noqa: E402
from reddog_tui.hall.replicator import Replicator  # noqa: E402
from reddog_tui.store import Store  # noqa: E402

DEFAULT_DSN = "host=127.0.0.1 port=5432 dbname=postgres"
CATCH_UP_S = 120


def kiosk_dsn(dsn: str, kiosk_id: int) -> str:
    with psycopg.connect(dsn, autocommit=True) as conn:
        login = hall_admin.role(hall_admin.hall_prefix(conn), "kiosk", kiosk_id)
    return psycopg.conninfo.make_conninfo(dsn, user=login)


def run_kiosks(kiosk_ids: list[int], dsn: str | None, rate: float, seconds: float, results) -> None:
    """One worker process: its kiosks play at `rate` transitions a second each for `seconds`."""
    with tempfile.TemporaryDirectory(prefix="reddog-hall-bench-") as tmp:
        stores = {k: Store.open(Path(tmp) / str(k)) for k in kiosk_ids}
        players = {k: AutoPlayer(new_session(stores[k], seed=k), seed=k) for k in kiosk_ids}
        # Each kiosk connects with its own login (`reddog hall enroll`), as in a hall.
        replicators = {k: Replicator(stores[k], k, kiosk_dsn(dsn, k), poll_s=0.05) for k in kiosk_ids} if dsn else {}
        for r in replicators.values():
            r.start()
        steps: dict[int, list[float]] = {k: [] for k in kiosk_ids}

        def play(k: int) -> None:
            start = time.monotonic()
            n = 0
            while (now := time.monotonic()) - start < seconds:
                due = start + n / rate
                if due > now:
                    time.sleep(due - now)
                t = time.monotonic()
                players[k].step()
                steps[k].append(time.monotonic() - t)
                n += 1

        threads = [threading.Thread(target=play, args=(k,)) for k in kiosk_ids]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        caught_up = all(r.wait_shipped(players[k].session.seq, CATCH_UP_S) for k, r in replicators.items())
        for r in replicators.values():
            r.stop()
        for s in stores.values():
            s.close()
        results.put(
            {
                "last_seq": {k: players[k].session.seq for k in kiosk_ids},
                "steps": [d for k in kiosk_ids for d in steps[k]],
                "caught_up": caught_up,
            }
        )


def postgres_cpu() -> dict[tuple[int, int], float]:
    """CPU seconds (user + system) of each postgres process now, keyed by (pid, start time)."""
    tick = os.sysconf("SC_CLK_TCK")
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        name = stat[stat.index("(") + 1 : stat.rindex(")")]
        if name.startswith("postgres"):
            fields = stat[stat.rindex(")") + 2 :].split()
            found[(int(entry.name), int(fields[19]))] = (int(fields[11]) + int(fields[12])) / tick
    return found


class ServerCpu:
    """Samples the server's processes while the load runs: a backend's CPU is counted up to its
    last sample, since it is gone once its kiosk disconnects."""

    def __init__(self, every_s: float = 0.25) -> None:
        self._start = postgres_cpu()
        self._seen = dict(self._start)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, args=(every_s,), daemon=True)
        self._thread.start()

    def _sample(self, every_s: float) -> None:
        while not self._stop.wait(every_s):
            self._seen.update(postgres_cpu())

    def stop(self) -> float:
        """CPU seconds the server used since this object was made."""
        self._stop.set()
        self._thread.join()
        self._seen.update(postgres_cpu())
        return sum(cpu - self._start.get(key, 0.0) for key, cpu in self._seen.items())


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="10 kiosks for 15 seconds")
    parser.add_argument("--kiosks", type=int)
    parser.add_argument("--rate", type=float, default=10.0, help="transitions a second per kiosk")
    parser.add_argument("--seconds", type=float)
    parser.add_argument("--processes", type=int, default=5)
    parser.add_argument("--out", help="write the figures as JSON here too")
    parser.add_argument(
        "--without-hall", action="store_true", help="the same play with no replication: the baseline for play steps"
    )
    args = parser.parse_args()
    kiosks = args.kiosks or (10 if args.quick else 50)
    seconds = args.seconds or (15.0 if args.quick else 120.0)

    admin = os.environ.get("REDDOG_TEST_PG_DSN", DEFAULT_DSN)
    name = f"reddog_bench_{os.getpid()}_{secrets.token_hex(3)}"
    with psycopg.connect(admin, autocommit=True, connect_timeout=3) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    dsn = psycopg.conninfo.make_conninfo(admin, dbname=name)
    try:
        ids = list(range(1, kiosks + 1))
        with psycopg.connect(dsn, autocommit=True) as conn, tempfile.TemporaryDirectory() as enrolled:
            hall_admin.init(conn, None, secrets.SystemRandom())  # as `reddog hall init`
            for k in ids:
                hall_admin.enroll(conn, "kiosk", k, Path(enrolled))
        groups = [ids[i :: args.processes] for i in range(args.processes) if ids[i :: args.processes]]
        results: multiprocessing.Queue = multiprocessing.Queue()
        workers = [
            multiprocessing.Process(
                target=run_kiosks, args=(g, None if args.without_hall else dsn, args.rate, seconds, results)
            )
            for g in groups
        ]
        server_cpu, wall_before = ServerCpu(), time.monotonic()
        for w in workers:
            w.start()
        reports = [results.get() for _ in workers]
        cpu_used, wall = server_cpu.stop(), time.monotonic() - wall_before
        for w in workers:
            w.join()

        last_seq = {k: v for r in reports for k, v in r["last_seq"].items()}
        steps = [d for r in reports for d in r["steps"]]
        if args.without_hall:
            last_seq = {}  # nothing was shipped: only the play figures mean something
        with psycopg.connect(dsn, autocommit=True) as conn:
            held = {
                k: (n, distinct, top)
                for k, n, distinct, top in conn.execute(
                    "SELECT kiosk_id, count(*), count(DISTINCT seq), max(seq) FROM hall_journal GROUP BY kiosk_id"
                ).fetchall()
            }
            lags = [
                r[0] for r in conn.execute("SELECT extract(epoch FROM received_at) - time FROM hall_journal").fetchall()
            ]
            gaps = conn.execute("SELECT count(*) FROM hall_kiosk_status WHERE identity_gap <> 0").fetchone()[0]
        lost = sum(last_seq[k] - held.get(k, (0, 0, 0))[1] for k in last_seq)
        doubled = sum(n - distinct for n, distinct, _ in held.values())
        committed = sum(r["last_seq"][k] for r in reports for k in r["last_seq"])
        figures = {
            "kiosks": kiosks,
            "seconds": seconds,
            "transitions_committed": committed,
            "transitions_per_second": round(committed / seconds, 1),
            "play_step_p50_ms": round(1000 * percentile(steps, 0.50), 2),
            "play_step_p99_ms": round(1000 * percentile(steps, 0.99), 2),
            "play_step_max_ms": round(1000 * max(steps), 2),
            "lag_p50_ms": round(1000 * statistics.median(lags), 1) if lags else None,
            "lag_p99_ms": round(1000 * percentile(lags, 0.99), 1) if lags else None,
            "server_cpu_percent_of_one_core": round(100 * cpu_used / wall, 1),
            "entries_lost": lost,
            "entries_doubled": doubled,
            "identity_discrepancies": gaps,
            "caught_up": all(r["caught_up"] for r in reports),
        }
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            for role in hall_admin.hall_roles(conn, hall_admin.default_prefix(name)):
                conn.execute(psycopg.sql.SQL("DROP ROLE IF EXISTS {}").format(psycopg.sql.Identifier(role)))
    width = max(map(len, figures))
    for key, value in figures.items():
        print(f"{key:<{width}}  {value}")
    if args.out:
        Path(args.out).write_text(json.dumps(figures, indent=2) + "\n")
    ok = lost == 0 and doubled == 0 and gaps == 0 and figures["caught_up"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
