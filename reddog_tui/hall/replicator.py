"""The outbox: a background thread that ships the kiosk's committed journal entries to the hall.

The SQLite journal is the outbox: entries after the newest one the server holds are the ones
to send, so nothing extra is written during play and nothing is lost when the server is
down. The thread has its own server connection; play never waits for it. After an outage it
reconnects and catches up from where the server stands.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

import psycopg

from ..store import Store, StoreError
from ..store.session import hall_pushes_done
from ..store.settings import Key, read_settings
from . import chain, server
from .dsn import scrub
from .failure import classify, log_failure
from .schema import HallNotReady, require_current

BATCH = 500  # entries per server transaction
POLL_S = 0.1  # how often the journal is looked at when there is nothing to send
RETRY_S = (0.2, 0.5, 1.0, 2.0, 5.0)  # waits between reconnection attempts, the last repeated
VOUCHER_POOL = 3  # validation numbers held ready, so a cash-out never waits for the server
ALIVE_S = 5.0  # an idle kiosk tells the server it is alive this often
PUSH_POLL_S = 2.0  # how often the server is asked for settings it has for this kiosk


@dataclass(frozen=True, slots=True)
class ReplicationStatus:
    connected: bool
    shipped_seq: int | None  # the newest entry the server confirmed; None before the first contact
    error: str | None  # the last failure, while not connected
    conflict: str | None  # set when the server refused this journal; shipping stops
    offline_since: float | None = None  # when the link went down (seconds since the epoch); None while connected


class Replicator:
    """Ships `store`'s journal as kiosk `kiosk_id`. `start()` once; `stop()` before the store is closed."""

    def __init__(
        self,
        store: Store,
        kiosk_id: int,
        dsn: str,
        connect: Callable[[str], psycopg.Connection] = server.connect,
        poll_s: float = POLL_S,
    ) -> None:
        self._store = store
        self.hall_id: int | None = None  # the hall's identifier, once the server said it
        self._chain = (0, chain.GENESIS)  # (seq, hash) of the newest entry whose hash is known
        self.kiosk_id = kiosk_id
        self._dsn = dsn
        self._connect = connect
        self._poll_s = poll_s
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._lock = threading.Lock()
        self._status = ReplicationStatus(False, None, None, None, offline_since=time.time())
        self._pool: deque[int] = deque()
        self._pushes: list[server.SettingsPush] = []  # fetched, not yet applied or refused here
        self._last_failure: tuple[str, str] | None = None  # the failure logged last, until a connection works
        self._fetched_to = 0  # the newest push fetched from the server
        self._thread = threading.Thread(target=self._run, name=f"hall-replicator-{kiosk_id}", daemon=True)

    # --- for the kiosk --------------------------------------------------------
    def start(self) -> None:
        self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        self._wake.set()
        self._thread.join(timeout)

    def nudge(self) -> None:
        """Something was committed: look now rather than at the next poll."""
        self._wake.set()

    @property
    def status(self) -> ReplicationStatus:
        with self._lock:
            return self._status

    def waiting_entries(self, seq: int) -> int | None:
        """How many of the journal's entries up to `seq` the server does not hold yet; None before
        the server has said what it holds."""
        shipped = self.status.shipped_seq
        return None if shipped is None else max(0, seq - shipped)

    def take_voucher_number(self) -> int | None:
        """A validation number the server issued for this kiosk, or None if none is held."""
        with self._lock:
            return self._pool.popleft() if self._pool else None

    def pending_settings(self) -> list[server.SettingsPush]:
        """Settings the hall sent that this kiosk has not applied or refused yet, oldest first."""
        with self._lock:
            return list(self._pushes)

    def settled(self, push_id: int) -> None:
        """Push `push_id` is journaled here (applied or refused): it is pending no more."""
        with self._lock:
            self._pushes = [push for push in self._pushes if push.push_id != push_id]

    def wait_shipped(self, seq: int, timeout: float) -> bool:
        """Wait until the server holds entry `seq` (for tests and orderly shutdown)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            shipped = self.status.shipped_seq
            if shipped is not None and shipped >= seq:
                return True
            self._wake.set()
            time.sleep(0.02)
        return False

    # --- the thread -----------------------------------------------------------
    def _set(self, **changes: object) -> None:
        with self._lock:
            fields = {name: getattr(self._status, name) for name in ReplicationStatus.__slots__}
            fields.update(changes)
            if fields["connected"]:
                fields["offline_since"] = None
            elif fields["offline_since"] is None:  # the link just went down
                fields["offline_since"] = time.time()
            self._status = ReplicationStatus(**fields)

    def _run(self) -> None:
        failures = 0
        while not self._stop.is_set():
            try:
                with self._connect(self._dsn) as conn:
                    failures = 0
                    self._serve(conn)
            except (psycopg.Error, StoreError, OSError, HallNotReady) as exc:
                # Numbers in the pool stay reserved for this kiosk on the server: still good offline.
                self._set(connected=False, error=scrub(f"{type(exc).__name__}: {exc}".strip(), self._dsn))
                if isinstance(exc, psycopg.Error):
                    self._log_failure(exc)
                self._stop.wait(RETRY_S[min(failures, len(RETRY_S) - 1)])
                failures += 1
            except server.KioskConflict as exc:
                self._set(connected=False, conflict=str(exc))
                return
        self._set(connected=False)

    def _log_failure(self, exc: psycopg.Error) -> None:
        """One log line per way of failing, not one per attempt (they come every few seconds)."""
        failure = classify(exc, self._dsn)
        if (failure.kind, failure.detail) != self._last_failure:
            self._last_failure = (failure.kind, failure.detail)
            log_failure(failure, self._dsn)

    def _serve(self, conn: psycopg.Connection) -> None:
        # Every exchange with the server is answered in time or the link is taken for dead
        # (server.LinkStalled), and `_run` connects again.
        with server.answered_within(conn):
            require_current(conn)
            found = server.register_kiosk(conn, self.kiosk_id)
            held, conflict = found.shipped_seq, found.conflict
            known = read_settings(self._store.settings_rows()).hall_id
            if known is None:  # kept, so that vouchers issued offline later carry the hall
                self._store.set_setting(Key.HALL_ID, found.hall_id)
            elif known != found.hall_id:
                raise server.KioskConflict(
                    f"kiosk {self.kiosk_id}: this journal belongs to hall {known}, not to hall {found.hall_id}"
                )
            self.hall_id = found.hall_id
            if conflict is None:
                conflict = self._check_same_journal(held, found.chain)
                if conflict is not None:
                    server.record_conflict(conn, conflict)
        if conflict is not None:
            raise server.KioskConflict(conflict)
        self._set(connected=True, error=None, shipped_seq=held)
        self._last_failure = None
        last_contact = time.monotonic()
        last_push_check = float("-inf")
        while not self._stop.is_set():
            with server.answered_within(conn):
                self._fill_pool(conn)
                if time.monotonic() - last_push_check > PUSH_POLL_S:
                    self._fetch_pushes(conn)
                    last_push_check = time.monotonic()
                entries = self._store.journal_entries_after(held, BATCH)
                if entries:
                    prev = self._hash_through(held)
                    shipped = list(chain.links(self.kiosk_id, entries, prev))
                    held = server.ship(conn, self.kiosk_id, entries, prev)
                    self._chain = next(((x.seq, x.hash) for x in shipped if x.seq == held), self._chain)
                    self._set(shipped_seq=held)
                    last_contact = time.monotonic()
                    continue
                if time.monotonic() - last_contact > ALIVE_S:
                    server.touch(conn)
                    last_contact = time.monotonic()
            self._wake.wait(self._poll_s)
            self._wake.clear()

    def _hash_through(self, seq: int) -> str:
        """The chain's hash of this journal's entry `seq`, from the newest one known."""
        known, value = self._chain if self._chain[0] <= seq else (0, chain.GENESIS)
        while known < seq:
            entries = self._store.journal_entries_after(known, min(BATCH, seq - known))
            if not entries:
                raise server.KioskConflict(f"kiosk {self.kiosk_id}: this journal has no entry {known + 1}")
            for x in chain.links(self.kiosk_id, entries, value):
                known, value = x.seq, x.hash
        self._chain = (known, value)
        return value

    def _check_same_journal(self, held: int, held_hash: str | None) -> str | None:
        """The server's newest entry for this kiosk must be this journal's entry of that seq,
        hash for hash (a server that holds entries from before the chain has none to compare)."""
        if held == 0 or held_hash is None:
            return None
        if self._store.journal_entries_after(held - 1, 1) == [] or self._hash_through(held) != held_hash:
            return f"kiosk {self.kiosk_id}: the server holds entry {held}, which is not this journal's"
        return None

    def _fetch_pushes(self, conn: psycopg.Connection) -> None:
        # A push may be applied before an older one that waits for the round's end, so the newest
        # one journaled does not say that every older one is done: the first look asks for them
        # all and leaves out those the journal has; later looks ask only for newer ones.
        with self._lock:
            fetched = self._fetched_to
        newer = server.pushes_after(conn, fetched)
        if not newer:
            return
        done = hall_pushes_done(self._store) if fetched == 0 else set()
        with self._lock:
            self._pushes.extend(push for push in newer if push.push_id not in done)
            self._fetched_to = newer[-1].push_id

    def _fill_pool(self, conn: psycopg.Connection) -> None:
        with self._lock:
            missing = VOUCHER_POOL - len(self._pool)
        if missing > 0 and self.hall_id is not None:
            numbers = server.reserve_voucher_numbers(conn, missing)
            with self._lock:
                self._pool.extend(numbers)
