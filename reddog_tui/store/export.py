"""The meters and the journal for the books, read-only, so they can be read while a kiosk plays.

Every amount is whole credits. The rows carry what the accounting identity needs:
    credits + on_table == credits_in - credits_out - total_wagered + total_paid + at_risk
with, from the journal rows alone: credits_in = the "credits" events, credits_out = the
vouchers, total_paid = the rounds' paid, total_wagered = the rounds' ante + raise + at_risk.
"""

from __future__ import annotations

import csv
import io
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from ..engine import Action
from .accounting import ZERO_METERS, at_risk
from .database import ROUND_COLUMNS, settled_round, table_state
from .schema import METER_NAMES

TABLE_FIELDS = ("credits", "on_table", "at_risk")
METER_FIELDS = (*METER_NAMES, *TABLE_FIELDS)
JOURNAL_FIELDS = (
    "time",
    "record",
    "number",
    "event",
    "amount",
    "cards",
    "kind",
    "spread",
    "outcome",
    "ante",
    "raised",
    "paid",
    "credits_before",
    "credits_after",
)
PLAY_ACTIONS = frozenset(action.value for action in Action)
CREDIT_EVENTS = frozenset({"open_table", "add_credits"})  # the entries that count as credits in
# A cash-out's journal entry is exported as its voucher, once.
EVENTS_SHOWN_AS_VOUCHERS = frozenset({"cash_out"})
# A text cell starting so is run as a formula by a spreadsheet (OWASP, "CSV Injection"): a
# leading apostrophe makes it text. Numbers are written as numbers and never start a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def read_meters(conn: sqlite3.Connection) -> dict[str, int]:
    """The meters and the table's credits, chips on the table and amount at risk, in one read;
    ValueError for a table state no release writes."""
    conn.execute("BEGIN")  # one committed state, even while the kiosk writes
    try:
        meters = dict(ZERO_METERS)
        meters.update(conn.execute("SELECT name, value FROM meters").fetchall())
        row = conn.execute("SELECT state FROM table_state WHERE id = 1").fetchone()
    finally:
        conn.execute("COMMIT")
    state = table_state(row[0]) if row else None
    table = {
        "credits": state.credits if state else 0,
        "on_table": state.on_table if state else 0,
        "at_risk": at_risk(state) if state else 0,
    }
    return {name: meters[name] for name in METER_NAMES} | table


def read_journal(conn: sqlite3.Connection, since: datetime | None = None) -> list[dict[str, object]]:
    """Settled rounds, vouchers and attendant events from `since` on (all when None), oldest first.

    Each row has every field of JOURNAL_FIELDS; the ones that do not apply are None.
    ValueError for a settled round, or a table state, the kiosk would refuse to read.
    """
    start = since.timestamp() if since is not None else float("-inf")
    rows: list[tuple[float, int, dict[str, object]]] = []
    conn.execute("BEGIN")
    try:
        # A listing of a journal the kiosk would refuse to open would pass damage off as history.
        state = conn.execute("SELECT state FROM table_state WHERE id = 1").fetchone()
        if state is not None:
            table_state(state[0])
        for record in conn.execute(f"SELECT {ROUND_COLUMNS} FROM rounds WHERE time >= ? ORDER BY round", (start,)):
            r = settled_round(record)
            fields = {
                "number": r.number,
                "cards": " ".join(r.cards),
                "kind": r.kind.value,
                "spread": r.spread,
                "outcome": r.outcome.value,
                "ante": r.ante,
                "raised": r.raised,
                "paid": r.paid,
                "credits_before": r.credits_before,
                "credits_after": r.credits_after,
            }
            rows.append((record[1], 1, _row("round", time=record[1], **fields)))
        for number, time, amount in conn.execute(
            "SELECT number, time, amount FROM vouchers WHERE time >= ? ORDER BY number", (start,)
        ):
            rows.append((time, 2, _row("voucher", number=number, time=time, amount=amount)))
        for seq, time, action, value in conn.execute(
            "SELECT seq, time, action, value FROM journal WHERE time >= ? ORDER BY seq", (start,)
        ):
            if action in PLAY_ACTIONS or action in EVENTS_SHOWN_AS_VOUCHERS:
                continue
            kind = "credits" if action in CREDIT_EVENTS else "event"
            rows.append((time, 0, _row(kind, number=seq, time=time, event=action, amount=value)))
    finally:
        conn.execute("COMMIT")
    rows.sort(key=lambda item: (item[0], item[1]))
    return [row for _time, _order, row in rows]


def _row(record: str, time: float, **fields: object) -> dict[str, object]:
    row: dict[str, object] = dict.fromkeys(JOURNAL_FIELDS)
    row.update(fields)
    row["record"] = record
    row["time"] = datetime.fromtimestamp(time, UTC).isoformat(timespec="seconds")
    return row


def to_csv(rows: list[dict[str, object]], fields: tuple[str, ...]) -> str:
    """CSV with a header row; a field that does not apply is an empty cell."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=fields, lineterminator="\n")
    writer.writeheader()
    writer.writerows({name: _cell(value) for name, value in row.items()} for row in rows)
    return buffer.getvalue()


def _cell(value: object) -> object:
    """A CSV cell that a spreadsheet shows as written and never runs."""
    if not isinstance(value, str):
        return value
    if value.startswith(FORMULA_STARTS):
        value = "'" + value
    # The writer quotes a cell with a line break, but not one with a bare carriage return, which
    # some readers take for the end of a row: as a line break it stays inside its quoted cell.
    return value.replace("\r\n", "\n").replace("\r", "\n")


def meters_csv(meters: dict[str, int]) -> str:
    return to_csv([{"name": name, "value": meters[name]} for name in METER_FIELDS], ("name", "value"))


def write_export_files(conn: sqlite3.Connection, folder: Path, moment: datetime) -> list[Path]:
    """The meters and the whole journal as two CSV files in `folder`, named by the UTC time.

    Each file is written under a temporary name and renamed, so a reader never sees half a file.
    """
    stamp = moment.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    contents = {
        f"reddog-meters-{stamp}.csv": meters_csv(read_meters(conn)),
        f"reddog-journal-{stamp}.csv": to_csv(read_journal(conn), JOURNAL_FIELDS),
    }
    written = []
    for name, text in contents.items():
        path = Path(folder) / name
        draft = path.with_name(name + ".part")
        draft.write_text(text, encoding="utf-8")
        draft.replace(path)
        written.append(path)
    return written
