"""`reddog hall resolve N`: the operator has decided which journal kiosk N is, and clears the number
conflict that stopped it shipping."""

from __future__ import annotations

import pytest

from reddog_tui.cli import main
from reddog_tui.hall import server
from reddog_tui.hall.numbers import MAX_KIOSK_ID


@pytest.fixture(autouse=True)
def no_hall_environment(monkeypatch):
    for name in ("REDDOG_HALL_DSN", "REDDOG_KIOSK_ID", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C")


def resolve(capsys, pg_dsn, kiosk: str, lang: str = "en") -> tuple[int, str, str]:
    code = main(["--lang", lang, "--hall-dsn", pg_dsn, "hall", "resolve", kiosk])
    out = capsys.readouterr()
    return code, out.out, out.err


def conflict(pg, kiosk_id: int) -> str | None:
    return pg.execute("SELECT conflict FROM hall_kiosk WHERE kiosk_id = %s", (kiosk_id,)).fetchone()[0]


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "Kiosk {k}: the number conflict is cleared. If it stopped shipping, restart it.\n"),
        (
            "de",
            "Kiosk {k}: Der Nummernkonflikt ist aufgehoben. Hat er die Übertragung eingestellt, bitte neu starten.\n",
        ),
    ],
)
def test_resolve_clears_the_conflict_and_says_so(capsys, pg, pg_dsn, kiosk_conn, kiosk_id, lang, line):
    kiosk = kiosk_conn(kiosk_id)
    server.register_kiosk(kiosk, kiosk_id)
    server.record_conflict(kiosk, f"kiosk {kiosk_id}: the server holds entry 5, which is not this journal's")
    assert server.register_kiosk(kiosk, kiosk_id).conflict is not None  # the kiosk would stop shipping
    assert resolve(capsys, pg_dsn, str(kiosk_id), lang) == (0, line.format(k=kiosk_id), "")
    assert conflict(pg, kiosk_id) is None
    assert server.register_kiosk(kiosk, kiosk_id).conflict is None


def test_resolve_without_a_conflict_changes_nothing(capsys, pg, pg_dsn, kiosk_conn, kiosk_id):
    server.register_kiosk(kiosk_conn(kiosk_id), kiosk_id)
    code, out, err = resolve(capsys, pg_dsn, str(kiosk_id))
    assert (code, out) == (3, "")
    assert err == f"Kiosk {kiosk_id} has no number conflict. Nothing was changed.\n"


def test_resolve_of_a_kiosk_the_hall_does_not_know(capsys, pg, pg_dsn):
    code, out, err = resolve(capsys, pg_dsn, str(MAX_KIOSK_ID))
    assert (code, out) == (2, "")
    assert err == f"The hall has no kiosk {MAX_KIOSK_ID}. Nothing was changed.\n"  # a name, never grouped
    assert pg.execute("SELECT count(*) FROM hall_kiosk WHERE kiosk_id = %s", (MAX_KIOSK_ID,)).fetchone()[0] == 0


@pytest.mark.parametrize("given", ["0", "abc", "-1"])
def test_resolve_of_no_kiosk_number_is_refused(capsys, pg_dsn, given):
    with pytest.raises(SystemExit) as exited:
        main(["--hall-dsn", pg_dsn, "hall", "resolve", given])
    assert exited.value.code == 2
    assert "Traceback" not in capsys.readouterr().err
