"""`reddog --version`, `reddog check` and the meter and journal exports: output and exit status.

`check` exits 0 for a healthy journal, 1 for a damaged one, 2 when it cannot read it; the
exports and `check` read through SQLite's read-only access, so they work while a kiosk plays.
"""

from __future__ import annotations

import csv
import io
import json
import os
import random
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import reddog_tui
from reddog_tui.cli import main
from reddog_tui.engine import Action, Phase, ShuffledDealer
from reddog_tui.store import GameSession, Store
from reddog_tui.store.paths import DB_FILENAME
from reddog_tui.store.schema import SCHEMA_VERSION

from .store.conftest import FakeClock, file_digest, stacked
from .store.test_open import root_page, scribble_on_page

REPO = Path(__file__).resolve().parents[1]


def run(capsys, data_dir: Path, *argv: str, lang: str = "en") -> tuple[int, str, str]:
    code = main(["--lang", lang, "--data-dir", str(data_dir), *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def played(data_dir: Path, rounds: int = 3) -> Path:
    """A closed journal: a table of 1,000 credits and a few settled rounds."""
    with Store.open(data_dir, clock=FakeClock()) as store:
        session = GameSession(store, stacked(*["2H 9S 5D"] * rounds))
        session.act(Action.ADD_CHIP, 10)
        session.act(Action.DEAL)
        session.act(Action.CALL)
        for _ in range(rounds - 1):
            session.act(Action.REBET)
            session.act(Action.CALL)
    return data_dir / DB_FILENAME


def raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None)


def check_json(capsys, data_dir: Path, *flags: str) -> tuple[int, dict]:
    code, out, _err = run(capsys, data_dir, "check", "--json", *flags)
    return code, json.loads(out)


def statuses(report: dict) -> dict[str, str]:
    return {c["name"]: c["status"] for c in report["checks"]}


# --- --version ---------------------------------------------------------------------


def test_version_is_the_package_version(capsys):
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.strip() == f"reddog {reddog_tui.__version__}"


def test_the_package_metadata_takes_the_version_from_the_package():
    pyproject = (REPO / "pyproject.toml").read_text()
    assert 'dynamic = ["version"]' in pyproject and 'path = "reddog_tui/__init__.py"' in pyproject
    assert "\nversion =" not in pyproject  # no second place that states it


# --- check: healthy, damaged, cannot read --------------------------------------------


def test_check_on_a_healthy_journal(capsys, tmp_path):
    path = played(tmp_path)
    digest = file_digest(path)
    code, out, _err = run(capsys, tmp_path, "check")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == f"Journal: {path}"
    assert [line.split()[0] for line in lines[1:5]] == ["OK"] * 4
    assert "Integrity of the table, meters, settings and vouchers" in out
    assert lines[-1] == "Healthy."
    assert file_digest(path) == digest  # read only


def test_check_full_adds_the_whole_file_and_the_history(capsys, tmp_path):
    played(tmp_path)
    code, report = check_json(capsys, tmp_path, "--full")
    assert code == 0 and report["verdict"] == "healthy" and report["exit_status"] == 0
    assert statuses(report) == {n: "passed" for n in ("file", "format", "integrity", "identity", "history")}
    code, out, _err = run(capsys, tmp_path, "check", "--full")
    assert code == 0 and "Integrity of the whole file" in out


def test_check_in_german(capsys, tmp_path):
    played(tmp_path)
    code, out, _err = run(capsys, tmp_path, "check", lang="de")
    assert code == 0
    lines = out.splitlines()
    assert [line.split("  ")[1] for line in lines[1:5]] == ["in Ordnung"] * 4
    assert "Abrechnungsgleichung" in lines[4] and lines[-1] == "In Ordnung."
    assert "Accounting identity" not in out and "Healthy." not in out


def test_check_of_a_folder_without_a_journal_cannot_read(capsys, tmp_path):
    code, report = check_json(capsys, tmp_path)
    assert code == 2 and report["verdict"] == "cannot_read"
    assert report["checks"][0] == {
        "name": "file",
        "status": "failed",
        "cause": "missing",
        "detail": str(tmp_path / DB_FILENAME),
    }
    assert {c["status"] for c in report["checks"][1:]} == {"skipped"}
    assert not (tmp_path / DB_FILENAME).exists()  # check never creates a journal


def test_check_of_a_newer_schema_cannot_read(capsys, tmp_path):
    conn = raw(played(tmp_path))
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    code, report = check_json(capsys, tmp_path)
    assert code == 2 and statuses(report)["format"] == "failed"


def test_check_of_a_file_that_is_not_a_journal_is_damaged(capsys, tmp_path):
    (tmp_path / DB_FILENAME).write_text("credits=1000\n")
    code, out, _err = run(capsys, tmp_path, "check")
    assert code == 1
    assert "This is not a Red Dog journal." in out


def test_check_of_a_damaged_table_page(capsys, tmp_path):
    path = played(tmp_path)
    scribble_on_page(path, root_page(path, "table_state"))
    code, report = check_json(capsys, tmp_path)
    assert code == 1 and report["verdict"] == "damaged"
    assert statuses(report) == {"file": "passed", "format": "passed", "integrity": "failed", "identity": "skipped"}


def test_check_of_meters_that_do_not_add_up(capsys, tmp_path):
    conn = raw(played(tmp_path))
    conn.execute("UPDATE meters SET value = value + 1 WHERE name = 'total_paid'")
    conn.close()
    code, report = check_json(capsys, tmp_path)
    assert code == 1 and statuses(report)["identity"] == "failed"
    assert "off by -1" in report["checks"][3]["detail"]


def test_a_voucher_the_meters_never_counted_fails_only_the_full_check(capsys, tmp_path):
    conn = raw(played(tmp_path))
    conn.execute("INSERT INTO vouchers (time, amount) VALUES (0, 50)")  # no credits_out for it
    conn.close()
    code, _report = check_json(capsys, tmp_path)
    assert code == 0  # the start-up checks do not read the history
    code, report = check_json(capsys, tmp_path, "--full")
    assert code == 1 and statuses(report)["history"] == "failed"
    assert "credits_out" in report["checks"][-1]["detail"]


def test_a_round_missing_from_the_history_fails_the_full_check(capsys, tmp_path):
    conn = raw(played(tmp_path))
    conn.execute("DROP TRIGGER rounds_append_only_delete")
    conn.execute("DELETE FROM rounds WHERE round = 2")
    conn.close()
    code, report = check_json(capsys, tmp_path, "--full")
    assert code == 1 and statuses(report)["history"] == "failed"
    assert "games_played" in report["checks"][-1]["detail"]


def test_an_entry_missing_from_the_middle_of_the_journal_fails_the_full_check(capsys, tmp_path):
    # The first and the last entry are still there and the table is at the last one: only the
    # numbers in between tell that one is gone.
    conn = raw(played(tmp_path))
    conn.execute("DROP TRIGGER journal_append_only_delete")
    conn.execute("DELETE FROM journal WHERE seq = 2")
    conn.close()
    code, report = check_json(capsys, tmp_path, "--full")
    assert code == 1 and statuses(report)["history"] == "failed"
    assert "journal numbers" in report["checks"][-1]["detail"]


HOLD_EXCLUSIVE = textwrap.dedent(
    """
    import sqlite3, sys, time
    conn = sqlite3.connect(sys.argv[1], isolation_level=None)
    conn.execute("PRAGMA locking_mode = EXCLUSIVE")
    conn.execute("BEGIN EXCLUSIVE")
    print("held", flush=True)
    time.sleep(60)
    """
)


def test_check_of_a_journal_another_program_holds_exclusively_cannot_read(capsys, tmp_path):
    path = played(tmp_path)
    holder = subprocess.Popen([sys.executable, "-c", HOLD_EXCLUSIVE, str(path)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        code, out, _err = run(capsys, tmp_path, "check")
    finally:
        holder.kill()
        holder.wait()
    assert code == 2
    assert "Another program holds the journal; try again later." in out


# --- while a kiosk plays ---------------------------------------------------------------

PLAYING_KIOSK = textwrap.dedent(
    """
    import random, sys
    from reddog_tui.engine import Action, Phase, ShuffledDealer
    from reddog_tui.store import GameSession, Store

    store = Store.open(sys.argv[1])  # the kiosk's own open: the data folder's lock, WAL, synchronous=FULL
    session = GameSession(store, ShuffledDealer(random.Random(5)))
    print("playing", flush=True)
    for line in sys.stdin:  # one round per line read, so the test knows what was committed
        session.act(Action.ADD_CHIP, 5) if session.state.phase is Phase.BETTING else session.act(Action.NEW_BET)
        session.act(Action.ADD_CHIP, 5) if session.state.phase is Phase.BETTING else None
        session.act(Action.DEAL)
        if session.state.phase is Phase.DECISION:
            session.act(Action.CALL)
        print(session.state.rounds_dealt, flush=True)
    """
)


def test_check_and_exports_read_a_journal_while_the_kiosk_plays(capsys, tmp_path):
    kiosk = subprocess.Popen(
        [sys.executable, "-c", PLAYING_KIOSK, str(tmp_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    try:
        assert kiosk.stdout.readline().strip() == "playing"
        for expected_rounds in (1, 2, 3):
            kiosk.stdin.write("\n")
            kiosk.stdin.flush()
            assert int(kiosk.stdout.readline()) == expected_rounds
            code, report = check_json(capsys, tmp_path, "--full")
            assert code == 0, report
            code, out, _err = run(capsys, tmp_path, "attendant", "meters", "--json")
            assert code == 0 and json.loads(out)["games_played"] == expected_rounds
            code, out, _err = run(capsys, tmp_path, "attendant", "journal", "--json")
            assert code == 0 and [r["number"] for r in json.loads(out) if r["record"] == "round"] == list(
                range(1, expected_rounds + 1)
            )
        with pytest.raises(Exception) as refused:  # and a second kiosk is still kept out
            Store.open(tmp_path)
        assert getattr(refused.value, "code", None) == "locked"
        assert kiosk.poll() is None  # the kiosk plays on
    finally:
        kiosk.stdin.close()
        kiosk.wait(timeout=30)
    assert kiosk.returncode == 0


# --- the exports and the accounting identity -------------------------------------------


def busy_day(data_dir: Path, rounds: int = 300) -> dict:
    """A seeded day: credits added, progressive rides, rebets, raises, pushes and cash-outs."""
    rng = random.Random(2026)
    with Store.open(data_dir, clock=FakeClock()) as store:
        session = GameSession(store, ShuffledDealer(random.Random(7)), initial_credits=500)
        for number in range(rounds):
            if session.state.phase is Phase.SETTLED:  # new bet, rebet, collect, or let it ride
                session.act(rng.choice([a for a in AFTER_ROUND if session.why_not(a) is None]))
            if session.state.phase is Phase.BETTING:
                if number % 97 == 0:
                    if session.state.credits + session.state.ante:
                        session.cash_out()
                    session.add_credits(rng.randint(20, 300))
                if number % 40 == 0 and session.why_not(Action.SET_PROGRESSIVE) is None:
                    session.set_progressive(not session.state.config.progressive)
                while session.state.ante < 10:
                    if session.why_not(Action.ADD_CHIP, 5) is not None:
                        session.add_credits(100)
                    session.act(Action.ADD_CHIP, 5)
                session.act(Action.DEAL)
            if session.state.phase is Phase.DECISION:
                raise_it = session.state.spread >= 7 and session.why_not(Action.RAISE) is None
                session.act(Action.RAISE if raise_it else Action.CALL)
        while session.state.phase is not Phase.DECISION:  # the day ends with a spread waiting: an ante at risk
            if session.state.phase is Phase.SETTLED:  # a push deals again by itself
                session.act(next(a for a in AFTER_ROUND if session.why_not(a) is None))
                continue
            if session.state.ante < 5:
                session.act(Action.ADD_CHIP, 5)
            session.act(Action.DEAL)
        return store.meters()


AFTER_ROUND = (Action.NEW_BET, Action.REBET, Action.COLLECT, Action.DEAL)


def test_the_exported_rows_alone_satisfy_the_accounting_identity(capsys, tmp_path):
    meters_in_store = busy_day(tmp_path)
    code, out, _err = run(capsys, tmp_path, "attendant", "meters", "--csv")
    assert code == 0
    meters = {row["name"]: int(row["value"]) for row in csv.DictReader(io.StringIO(out))}
    code, out, _err = run(capsys, tmp_path, "attendant", "journal", "--csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    whole = lambda value: int(value) if value else 0  # noqa: E731 - empty cells are fields that do not apply

    # The identity, from the meters export: credits + on the table = in - out - wagered + paid + at risk.
    assert meters["credits"] + meters["on_table"] == (
        meters["credits_in"]
        - meters["credits_out"]
        - meters["total_wagered"]
        + meters["total_paid"]
        + meters["at_risk"]
    )
    # Each meter again, from the journal rows alone.
    rounds = [r for r in rows if r["record"] == "round"]
    credits_in = sum(whole(r["amount"]) for r in rows if r["record"] == "credits")
    credits_out = sum(whole(r["amount"]) for r in rows if r["record"] == "voucher")
    wagered = sum(whole(r["ante"]) + whole(r["raised"]) for r in rounds) + meters["at_risk"]
    paid = sum(whole(r["paid"]) for r in rounds)
    assert (credits_in, credits_out, wagered, paid) == (
        meters["credits_in"],
        meters["credits_out"],
        meters["total_wagered"],
        meters["total_paid"],
    )
    assert meters["credits"] + meters["on_table"] == credits_in - credits_out - wagered + paid + meters["at_risk"]
    # The day was a real one: every kind of row is there, and the export is the store's own meters.
    assert {k: meters[k] for k in meters_in_store} == meters_in_store
    assert meters["at_risk"] == 5 and meters["games_played"] == len(rounds) + 1  # the open round
    assert len(rounds) > 200 and credits_out > 0 and sum(1 for r in rows if r["event"] == "add_credits") >= 3
    assert {r["outcome"] for r in rounds} == {"win", "lose", "push"}
    for r in rounds:  # every round: credits after - before = paid - ante - raise
        assert whole(r["credits_after"]) - whole(r["credits_before"]) == whole(r["paid"]) - whole(r["ante"]) - whole(
            r["raised"]
        )


def test_json_and_csv_exports_carry_the_same_rows(capsys, tmp_path):
    busy_day(tmp_path, rounds=60)
    _code, as_json, _err = run(capsys, tmp_path, "attendant", "journal", "--json")
    _code, as_csv, _err = run(capsys, tmp_path, "attendant", "journal", "--csv")
    from_json = [{k: "" if v is None else str(v) for k, v in row.items()} for row in json.loads(as_json)]
    assert from_json == list(csv.DictReader(io.StringIO(as_csv)))


def test_journal_since_a_date_leaves_earlier_rows_out(capsys, tmp_path):
    played(tmp_path, rounds=5)  # the fake clock starts at 2027-01-15T08:00:00Z and ticks a second a read
    _code, out, _err = run(capsys, tmp_path, "attendant", "journal", "--json")
    every = json.loads(out)
    middle = every[len(every) // 2]["time"]
    code, out, _err = run(capsys, tmp_path, "attendant", "journal", "--since", middle, "--json")
    later = json.loads(out)
    assert code == 0 and later == [row for row in every if row["time"] >= middle] and 0 < len(later) < len(every)
    code, out, _err = run(capsys, tmp_path, "attendant", "journal", "--since", "2030-01-01", "--json")
    assert code == 0 and json.loads(out) == []


def test_a_since_with_its_own_offset_is_that_moment(capsys, tmp_path):
    """--since 10:00:05+02:00 is 08:00:05 UTC: the offset given is kept, not replaced by UTC's."""
    played(tmp_path, rounds=5)
    _code, as_utc, _err = run(capsys, tmp_path, "attendant", "journal", "--since", "2027-01-15T08:00:05", "--json")
    code, out, _err = run(capsys, tmp_path, "attendant", "journal", "--since", "2027-01-15T10:00:05+02:00", "--json")
    assert code == 0 and json.loads(out) == json.loads(as_utc) and json.loads(out)


def test_a_cash_out_is_listed_once_as_its_voucher(capsys, tmp_path):
    with Store.open(tmp_path, clock=FakeClock()) as store:
        GameSession(store, stacked(), initial_credits=300).cash_out()
    code, out, _err = run(capsys, tmp_path, "attendant", "journal", "--json")
    rows = json.loads(out)
    assert code == 0 and [(r["record"], r["event"], r["amount"]) for r in rows] == [
        ("credits", "open_table", 300),
        ("voucher", None, 300),
    ]


def test_journal_text_is_in_the_chosen_language(capsys, tmp_path):
    played(tmp_path, rounds=2)
    code, out, _err = run(capsys, tmp_path, "attendant", "journal", lang="de")
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 3  # the table opened, two rounds
    assert "Round" not in out and "credits" not in out
    assert lines[1].endswith(
        "  Runde 1: 2♥ 9♠ 5♦, Wertunterschied 6, gesetzt 10\u00a0Punkte, ausgezahlt 20\u00a0Punkte"
    )
    assert lines[0].endswith("  Tisch eröffnet: 1.000\u00a0Punkte")


def test_every_journaled_event_is_named_in_the_chosen_language(capsys, tmp_path):
    """A redemption asked, credited and refused, and a practice table's new bankroll: no line
    shows the journal's own name for what happened."""
    with Store.open(tmp_path, clock=FakeClock()) as store:
        session = GameSession(store, stacked("2H 9S 5D"), initial_credits=0)
        session.new_bankroll(100)
        session.begin_voucher_redemption(123_456, "intent-credited")
        session.credit_redeemed_voucher(123_456, 40)
        session.begin_voucher_redemption(654_321, "intent-refused")
        session.refuse_voucher_redemption(654_321)
        events = [entry.action for entry in store.journal_entries_after(0, 100)]
    assert events == [
        "open_table",
        "new_bankroll",
        "voucher_redeeming",
        "voucher_redeemed",
        "voucher_redeeming",
        "voucher_refused",
    ]
    code, out, _err = run(capsys, tmp_path, "attendant", "journal", lang="de")
    assert code == 0
    texts = [line.split("  ", 1)[1] for line in out.splitlines()]
    assert texts == [
        "Tisch eröffnet: 0\u00a0Punkte",
        "Übungstisch neu gestartet: 100\u00a0Punkte",
        "Einlösung eines Auszahlungsbelegs beim Saal angefragt",
        "Auszahlungsbeleg eingelöst: 40\u00a0Punkte aufgeladen",
        "Einlösung eines Auszahlungsbelegs beim Saal angefragt",
        "Auszahlungsbeleg vom Saal abgewiesen: nichts aufgeladen",
    ]


def test_a_raised_round_is_listed_with_the_ante_and_the_raise_as_its_stake(capsys, tmp_path):
    # R7: the raise is a second bet equal to the ante; R8, R9: spread 6 pays 1:1 on both, so a
    # 10-credit ante raised stakes 20 and the win hands back 40.
    with Store.open(tmp_path, clock=FakeClock()) as store:
        session = GameSession(store, stacked("2H 9S 5D"))
        session.act(Action.ADD_CHIP, 10)
        session.act(Action.DEAL)
        session.act(Action.RAISE)
    code, out, _err = run(capsys, tmp_path, "attendant", "journal")
    assert code == 0
    assert out.splitlines()[1].endswith(", stake 20\u00a0credits, paid 40\u00a0credits")


def test_meters_text_in_polish(capsys, tmp_path):
    played(tmp_path)
    code, out, _err = run(capsys, tmp_path, "attendant", "meters", lang="pl")
    assert code == 0 and len(out.splitlines()) == 10
    assert "Credits in" not in out and "Chips on the table" not in out
    assert out.splitlines()[8].startswith("Żetony na stole") and out.splitlines()[8].endswith(" 20")


def test_a_bad_since_is_refused_in_the_language(capsys, tmp_path):
    with pytest.raises(SystemExit) as info:
        main(["--lang", "fr", "--data-dir", str(tmp_path), "attendant", "journal", "--since", "yesterday"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert (
        err
        == "reddog attendant journal: --since attend une date comme 2026-12-01 ou 2026-12-01T18:00, pas yesterday.\n"
    )


def test_exports_of_a_folder_without_a_journal(capsys, tmp_path):
    for command in (["attendant", "meters"], ["attendant", "journal", "--csv"]):
        code, out, err = run(capsys, tmp_path, *command)
        assert code == 2 and out == ""
        assert "There is no journal in this folder." in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("export", ["meters", "journal"])
def test_exports_of_a_journal_whose_table_state_cannot_be_read_say_damaged(capsys, tmp_path, export):
    """A journal that opens but holds a table state the kiosk cannot read is damaged (1), not
    unreadable (2): the file was read, and what it holds is wrong."""
    conn = raw(played(tmp_path))
    conn.execute("""UPDATE table_state SET state = '{"credits": 5}'""")  # no table config, no phase
    conn.close()
    code, out, err = run(capsys, tmp_path, "attendant", export)
    assert (code, out) == (1, "")
    assert "Damage found." in err


@pytest.mark.parametrize(
    "damage, flags",
    [
        ("UPDATE rounds SET kind = 'bogus' WHERE round = 2", ()),  # a hand no release ever wrote
        ("UPDATE rounds SET card1 = 'ZZ' WHERE round = 2", ()),  # no card
        ("UPDATE rounds SET time = 1e30 WHERE round = 2", ()),  # a moment no calendar holds
        ("UPDATE rounds SET time = 1e30 WHERE round = 2", ("--json",)),
        ("UPDATE rounds SET time = 1e30 WHERE round = 2", ("--csv",)),
    ],
)
def test_a_journal_listing_with_a_damaged_round_says_damaged_without_a_traceback(capsys, tmp_path, damage, flags):
    """The text listing reads each round's cards and hand; any listing reads its time."""
    conn = raw(played(tmp_path))
    conn.execute("DROP TRIGGER rounds_append_only_update")
    conn.execute(damage)
    conn.close()
    code, out, err = run(capsys, tmp_path, "attendant", "journal", *flags)
    assert (code, out) == (1, "")
    assert "Damage found." in err


def test_the_hall_may_push_the_sound_volume_checked_by_the_settings_model():
    from reddog_tui.cli.hall import parse_push

    assert parse_push(["volume=40"]) == {"volume": "40"}
    refused = parse_push(["volume=101"])
    assert isinstance(refused, str) and "0" in refused and "100" in refused
