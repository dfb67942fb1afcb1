"""The hall's secrets and how a failed login reads: no password on a command line, in a log or
an error; `--hall-dsn` takes a libpq service name; a wrong database, role or password and a
malformed setting each say which; `hall meters` exits 2 when it cannot reach the server and 1
on a discrepancy."""

from __future__ import annotations

import logging
import threading

import psycopg
import pytest
from psycopg.conninfo import conninfo_to_dict, make_conninfo

from reddog_tui.cli import main
from reddog_tui.cli.hall import link_failure_text
from reddog_tui.hall import failure, server
from reddog_tui.hall.dsn import DsnRefused, from_command_line, from_environment, without_password
from reddog_tui.hall.replicator import Replicator
from reddog_tui.i18n import LANGUAGES, set_language

from .conftest import login_dsn, own_database
from .standin import PasswordRefusingServer

SECRET = "hunter2-never-shown"
UNREACHABLE_DSN = "host=127.0.0.1 port=1 dbname=nothing connect_timeout=1"
ENVIRONMENT = ("REDDOG_HALL_DSN", "REDDOG_KIOSK_ID", "LANGUAGE", "LC_ALL", "LC_MESSAGES")
LIBPQ_ENVIRONMENT = ("PGPASSWORD", "PGPASSFILE", "PGSERVICE", "PGSERVICEFILE", "PGUSER", "PGDATABASE")


@pytest.fixture(autouse=True)
def no_hall_environment(monkeypatch, tmp_path):
    for name in ENVIRONMENT + LIBPQ_ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C")
    monkeypatch.setenv("PGPASSFILE", str(tmp_path / "no-password-file"))  # never the tester's own ~/.pgpass


def run(capsys, *argv):
    try:
        code = main(list(argv))
    except SystemExit as refused:  # refused with the arguments
        code = refused.code
    out = capsys.readouterr()
    return code, out.out, out.err


def hall_log(caplog) -> str:
    return "\n".join(r.getMessage() for r in caplog.records if r.name.startswith("reddog_tui"))


# --- no password on the command line -----------------------------------------------------------

PASSWORD_DSNS = [
    f"host=127.0.0.1 port=1 dbname=hall password={SECRET}",
    f"host=127.0.0.1 port=1 password='{SECRET} with spaces'",
    f"postgresql://kiosk:{SECRET}@127.0.0.1:1/hall",
    f"postgresql://kiosk@127.0.0.1:1/hall?password={SECRET}",
]


@pytest.mark.parametrize("dsn", PASSWORD_DSNS)
def test_a_password_on_the_command_line_is_refused(capsys, caplog, dsn):
    code, out, err = run(capsys, "--hall-dsn", dsn, "hall", "meters")
    assert (code, out) == (2, "")
    assert err == (
        "reddog: --hall-dsn must not hold a password: anyone on this machine can read a command line. "
        "Put the password in a password file (PGPASSFILE or ~/.pgpass), or name a service of the "
        "service file (PGSERVICEFILE).\n"
    )
    assert SECRET not in err + hall_log(caplog)


@pytest.mark.parametrize(("language", "words"), [("de", "Passwortdatei"), ("pl", "pliku haseł"),
                                                 ("fr", "fichier de mots de passe"), ("it", "file delle password")])  # fmt: skip
def test_the_password_refusal_speaks_the_chosen_language(capsys, language, words):
    code, _, err = run(capsys, "--lang", language, "--hall-dsn", PASSWORD_DSNS[0], "hall", "meters")
    assert code == 2 and words in err and "PGPASSFILE" in err and SECRET not in err


def test_a_kiosk_is_refused_a_password_on_its_command_line_too(capsys, tmp_path):
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "--kiosk-id", "3", "--hall-dsn", PASSWORD_DSNS[2])
    assert (code, out) == (2, "") and "PGPASSFILE" in err and SECRET not in err


def test_the_environment_may_carry_a_password(capsys, monkeypatch, pg_dsn):
    monkeypatch.setenv("REDDOG_HALL_DSN", f"{pg_dsn} password={SECRET}")  # trust: the password is not asked
    code, _, err = run(capsys, "hall", "pushes")
    assert (code, err) == (0, "")


def test_a_refusal_names_the_login_a_service_chose(capsys, monkeypatch, tmp_path, pg_dsn):
    """The service file names the role, the command line does not: the refusal still says whose."""
    settings = conninfo_to_dict(login_dsn(pg_dsn, "console", "floor"))
    service_file = tmp_path / "pg_service.conf"
    service_file.write_text("[reddog_floor]\n" + "".join(f"{k}={v}\n" for k, v in settings.items()))
    monkeypatch.setenv("PGSERVICEFILE", str(service_file))
    code, out, err = run(capsys, "--hall-dsn", "reddog_floor", "hall", "vouchers")
    assert (code, out) == (2, "")
    assert err.startswith(f"The hall server does not allow {settings['user']} to do this: ")


def test_a_bare_name_is_a_service_of_the_service_file(capsys, monkeypatch, tmp_path, pg_dsn):
    service_file = tmp_path / "pg_service.conf"
    service_file.write_text("[reddog_test]\n" + "".join(f"{k}={v}\n" for k, v in conninfo_to_dict(pg_dsn).items()))
    monkeypatch.setenv("PGSERVICEFILE", str(service_file))
    assert from_command_line("reddog_test") == "service=reddog_test"
    code, _, err = run(capsys, "--hall-dsn", "reddog_test", "hall", "pushes")
    assert (code, err) == (0, "")
    code, _, err = run(capsys, "--hall-dsn", "reddog_absent", "hall", "pushes")
    assert code == 2
    assert err == "The service reddog_absent is not in the service file (PGSERVICEFILE, else ~/.pg_service.conf).\n"


def test_a_full_connection_string_or_address_still_works_and_the_password_is_never_shown():
    assert from_command_line("host=h dbname=d") == "host=h dbname=d"
    assert from_command_line("postgresql://k@h/d") == "postgresql://k@h/d"
    assert from_environment(f"host=h password={SECRET}") == f"host=h password={SECRET}"
    for dsn in PASSWORD_DSNS:
        shown = without_password(dsn)
        assert SECRET not in shown and "127.0.0.1" in shown
    assert without_password("service=reddog") == "service=reddog"
    with pytest.raises(DsnRefused):
        from_command_line(f"postgresql://k:{SECRET}@h/d")


# --- a malformed setting -----------------------------------------------------------------------


def test_a_malformed_setting_has_its_own_message_which_shows_none_of_it(capsys, caplog, monkeypatch):
    monkeypatch.setenv("REDDOG_HALL_DSN", f"host=127.0.0.1 dbname=hall {SECRET}")  # "password=" forgotten
    code, out, err = run(capsys, "hall", "meters")
    assert (code, out) == (2, "")
    assert err == (
        "reddog: The hall server setting (--hall-dsn or REDDOG_HALL_DSN) cannot be read. Give a service "
        "name such as reddog, settings such as “host=hall.local dbname=reddog”, or a postgresql:// address.\n"
    )
    assert SECRET not in err + hall_log(caplog)


def test_a_misspelt_setting_is_named(capsys, monkeypatch):
    code, _, err = run(capsys, "--lang", "de", "--hall-dsn", "host=127.0.0.1 pasword=x", "hall", "meters")
    assert code == 2 and "„pasword“" in err and "nicht gelesen werden" in err


# --- a wrong database, role or password --------------------------------------------------------


def test_a_wrong_database_name_says_so_and_logs_it_without_the_password(capsys, caplog, monkeypatch, pg_dsn):
    caplog.set_level(logging.INFO, logger="reddog_tui")
    monkeypatch.setenv("REDDOG_HALL_DSN", make_conninfo(pg_dsn, dbname="reddog_no_such_db", password=SECRET))
    code, out, err = run(capsys, "hall", "meters")
    assert (code, out) == (2, "")
    assert err == "The hall server has no database reddog_no_such_db: check dbname in the connection settings.\n"
    log = hall_log(caplog)
    assert "no_database" in log and "dbname=reddog_no_such_db" in log and SECRET not in log


def test_a_wrong_role_says_so_and_logs_it(capsys, caplog, pg_dsn):
    caplog.set_level(logging.INFO, logger="reddog_tui")
    dsn = make_conninfo(pg_dsn, user="reddog_no_such_role")
    code, out, err = run(capsys, "--lang", "it", "--hall-dsn", dsn, "hall", "meters")
    assert (code, out) == (2, "")
    assert err == (
        "Il server della sala non conosce il ruolo di accesso reddog_no_such_role: controlla user "
        "nelle impostazioni di connessione, o registra questa postazione (reddog hall enroll).\n"
    )
    assert "no_role" in hall_log(caplog) and "user=reddog_no_such_role" in hall_log(caplog)


@pytest.fixture
def standin():
    listener = PasswordRefusingServer()
    yield listener
    listener.close()


def test_a_wrong_password_says_so_and_shows_no_password(capsys, caplog, monkeypatch, tmp_path, standin):
    """The test server trusts every login, so it cannot refuse a password: the stand-in
    (standin.py) answers the start-up as PostgreSQL does for a wrong one, SQLSTATE 28P01 with the
    server's wording. The client is the real libpq and psycopg, reading the password from a
    password file as an enrolled kiosk does; their error is what is classified here."""
    caplog.set_level(logging.INFO, logger="reddog_tui")
    password_file = tmp_path / "pgpass"
    password_file.write_text(f"127.0.0.1:{standin.port}:hall:reddog_kiosk_7:{SECRET}\n")
    password_file.chmod(0o600)
    monkeypatch.setenv("PGPASSFILE", str(password_file))
    dsn = f"host=127.0.0.1 port={standin.port} dbname=hall user=reddog_kiosk_7 sslmode=disable"
    with pytest.raises(psycopg.OperationalError) as refused:
        server.connect(dsn)
    assert failure.classify(refused.value, dsn).kind is failure.Kind.BAD_PASSWORD
    code, out, err = run(capsys, "--hall-dsn", dsn, "hall", "meters")
    assert (code, out) == (2, "")
    assert err == (
        "The hall server refused the password of reddog_kiosk_7: check the password file (PGPASSFILE, "
        "else ~/.pgpass), or enroll this place again (reddog hall enroll).\n"
    )
    assert standin.passwords == [SECRET.encode()] * 2  # sent, and refused
    assert "bad_password" in hall_log(caplog) and SECRET not in err + hall_log(caplog)


def test_a_login_with_no_password_at_hand_says_where_it_goes(capsys, standin):
    dsn = f"host=127.0.0.1 port={standin.port} dbname=hall user=reddog_kiosk_8 sslmode=disable"
    code, out, err = run(capsys, "--lang", "fr", "--hall-dsn", dsn, "hall", "meters")
    assert (code, out) == (2, "")
    assert err == (
        "Le serveur de la salle demande un mot de passe pour reddog_kiosk_8, et il n'y en a aucun\u00a0: "
        "mettez-le dans le fichier de mots de passe (PGPASSFILE, sinon ~/.pgpass).\n"
    )
    assert standin.passwords == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_way_of_failing_has_its_own_text_in_every_language(language):
    try:
        set_language(language)
        texts = {
            kind: link_failure_text(failure.LinkFailure(kind, role="r7", database="db7", service="s7", detail="d7"))
            for kind in failure.Kind
        }
    finally:
        set_language("en")
    assert len(set(texts.values())) == len(texts)  # no two kinds read alike
    if language != "en":
        english = {kind: link_failure_text(failure.LinkFailure(kind, "r7", "db7", "s7", "d7")) for kind in failure.Kind}
        assert not {kind for kind in texts if texts[kind] == english[kind]}  # every one translated
    assert "db7" in texts[failure.Kind.NO_DATABASE] and "r7" in texts[failure.Kind.NO_ROLE]
    assert "r7" in texts[failure.Kind.BAD_PASSWORD] and "r7" in texts[failure.Kind.NO_PASSWORD]
    assert "s7" in texts[failure.Kind.NO_SERVICE] and "d7" in texts[failure.Kind.UNREACHABLE]


# --- the kiosk's link logs its failure, without the password ----------------------------------


def test_the_kiosk_logs_a_failed_link_once_without_the_password(caplog, pg_dsn, kiosk_store):
    caplog.set_level(logging.INFO, logger="reddog_tui")
    dsn = make_conninfo(pg_dsn, dbname="reddog_no_such_db", password=SECRET)
    attempts = threading.Semaphore(0)

    def connect(dsn: str) -> psycopg.Connection:
        try:
            return server.connect(dsn)
        finally:
            attempts.release()

    replicator = Replicator(kiosk_store("alone"), 4242, dsn, connect=connect)
    replicator.start()
    try:
        for _ in range(3):  # the replicator tries again 0.2 s, then 0.5 s after a failure
            assert attempts.acquire(timeout=30)
        error = replicator.status.error
    finally:
        replicator.stop()
    lines = [r.getMessage() for r in caplog.records if "no_database" in r.getMessage()]
    assert len(lines) == 1 and "dbname=reddog_no_such_db" in lines[0]
    assert error is not None and "reddog_no_such_db" in error
    assert SECRET not in hall_log(caplog) + error


# --- hall meters: 2 when the server cannot be reached, 1 on a discrepancy ----------------------


def test_hall_meters_exits_2_when_it_cannot_reach_the_server(capsys):
    code, out, err = run(capsys, "--hall-dsn", UNREACHABLE_DSN, "hall", "meters")
    assert (code, out) == (2, "")
    assert err.startswith("The hall server cannot be reached: ") and "Traceback" not in err
    with pytest.raises(SystemExit):
        main(["hall", "meters", "--help"])
    assert "status 0: every kiosk adds up, 1: a discrepancy, 2: the server was not reached" in " ".join(
        capsys.readouterr().out.split()
    )


def test_hall_meters_exits_1_on_a_discrepancy_and_0_without(capsys, pg_dsn):
    with own_database(pg_dsn, "meters_exit") as dsn:
        code, _, err = run(capsys, "--hall-dsn", dsn, "hall", "meters")
        assert (code, err) == (0, "")
        with server.connect(login_dsn(dsn, "kiosk", 5)) as conn:
            server.register_kiosk(conn, 5)
            server.record_conflict(conn, "another journal ships as kiosk 5")
        code, out, err = run(capsys, "--hall-dsn", dsn, "hall", "meters")
        assert (code, err) == (1, "") and "5" in out
