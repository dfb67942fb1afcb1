"""`reddog attendant set-pin` without a person at a terminal: Ctrl+D, no terminal at all, and
`--pin-stdin` for provisioning scripts. Never a traceback; nothing stored unless a PIN was given."""

from __future__ import annotations

import sys

import pytest

from reddog_tui.kiosk.pin import PIN_SETTING, verify_pin
from reddog_tui.store import Store

from ..terminal import Terminal, app_command
from .run import run_cli

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX terminal")

NO_PIN = {
    "en": "No PIN was entered. Nothing was changed. A script can give the PIN on standard input with --pin-stdin.",
    "de": "Es wurde keine PIN eingegeben. Es wurde nichts geändert.",
    "pl": "Nie wpisano PIN-u. Nic nie zmieniono.",
    "fr": "Aucun code PIN n'a été saisi. Rien n'a été modifié.",
    "it": "Nessun PIN inserito. Non è stato modificato nulla.",
}


def stored_hash(data_dir):
    with Store.open(data_dir) as store:
        return store.get_setting(PIN_SETTING)


@pytest.mark.parametrize("language", NO_PIN)
def test_no_terminal_and_nothing_on_standard_input(tmp_path, language):
    proc = run_cli(["--lang", language, "--data-dir", str(tmp_path), "attendant", "set-pin"], new_session=True)
    assert proc.returncode == 2
    assert NO_PIN[language] in proc.stderr
    assert "Traceback" not in proc.stderr and "Warning" not in proc.stderr
    assert stored_hash(tmp_path) is None


@pytest.mark.parametrize("after_first", [False, True], ids=["at the first prompt", "at the second prompt"])
def test_ctrl_d_at_the_terminal(tmp_path, after_first):
    with Terminal(app_command("--lang", "en", "--data-dir", str(tmp_path), "attendant", "set-pin")) as terminal:
        terminal.wait_for("New attendant PIN")
        if after_first:
            terminal.write(b"4711\r")
            terminal.wait_for("The same PIN again")
        terminal.write(b"\x04")  # Ctrl+D: end of input
        assert terminal.exit_status() == 2
        said = terminal.received().decode()
        assert "No PIN was entered. Nothing was changed." in said and "Traceback" not in said
        assert stored_hash(tmp_path) is None


def test_pin_stdin_sets_the_pin(tmp_path):
    proc = run_cli(["--lang", "de", "--data-dir", str(tmp_path), "attendant", "set-pin", "--pin-stdin"], input="4711\n")
    assert proc.returncode == 0, proc.stderr
    assert "Die Aufsichts-PIN ist festgelegt." in proc.stdout and "4711" not in proc.stdout + proc.stderr
    hashed = stored_hash(tmp_path)
    assert verify_pin("4711", hashed) and not verify_pin("4712", hashed)


def test_pin_stdin_reads_only_the_first_line(tmp_path):
    proc = run_cli(["--data-dir", str(tmp_path), "attendant", "set-pin", "--pin-stdin"], input="123456\r\n999999\n")
    assert proc.returncode == 0 and verify_pin("123456", stored_hash(tmp_path))


@pytest.mark.parametrize(
    "given, says",
    [
        ("", "Die Standardeingabe endete ohne PIN. Es wurde nichts geändert."),
        ("\n", "Eine PIN hat 4 bis 12\u00a0Ziffern"),
        ("12ab\n", "Eine PIN hat 4 bis 12\u00a0Ziffern"),
    ],
    ids=["empty", "an empty line", "not digits"],
)
def test_pin_stdin_refusals(tmp_path, given, says):
    proc = run_cli(["--lang", "de", "--data-dir", str(tmp_path), "attendant", "set-pin", "--pin-stdin"], input=given)
    assert proc.returncode == 2 and says in proc.stderr and "Traceback" not in proc.stderr
    assert stored_hash(tmp_path) is None


def test_pin_stdin_refuses_bytes_that_are_no_text(tmp_path):
    proc = run_cli(
        ["--data-dir", str(tmp_path), "attendant", "set-pin", "--pin-stdin"], input=None, stdin=open_bytes(tmp_path)
    )
    assert proc.returncode == 2 and "A PIN is 4 to 12\u00a0digits" in proc.stderr and "Traceback" not in proc.stderr


def test_two_pins_that_differ_by_a_trailing_space_are_refused(tmp_path, capsys):
    from reddog_tui.cli.pin import EXIT_USAGE, set_pin

    answers = iter(["4711", "4711 "])
    assert set_pin(tmp_path, "en", ask=lambda prompt: next(answers)) == EXIT_USAGE
    assert "The two PINs differ. Nothing was changed." in capsys.readouterr().err
    assert stored_hash(tmp_path) is None


def test_two_pins_of_the_same_length_that_differ_are_refused(tmp_path, capsys):
    from reddog_tui.cli.pin import EXIT_USAGE, set_pin

    answers = iter(["4711", "4712"])
    assert set_pin(tmp_path, "en", ask=lambda prompt: next(answers)) == EXIT_USAGE
    assert "The two PINs differ. Nothing was changed." in capsys.readouterr().err
    assert stored_hash(tmp_path) is None


def test_a_new_pin_is_journaled_on_a_kiosk_in_use_and_a_new_folder_gets_no_table(tmp_path):
    from reddog_tui.cli.pin import set_pin
    from reddog_tui.engine import StackedDealer
    from reddog_tui.store import GameSession

    fresh, used = tmp_path / "fresh", tmp_path / "used"
    assert set_pin(fresh, "en", ask=lambda prompt: "4711") == 0
    with Store.open(fresh) as store:
        assert store.load_table() is None  # the PIN alone: the kiosk's first start creates the table
    with Store.open(used) as store:
        GameSession(store, StackedDealer([]), 100)
    assert set_pin(used, "en", ask=lambda prompt: "4711") == 0
    with Store.open(used) as store:
        events = GameSession(store, StackedDealer([])).attendant_events(["pin_set"], 5)
        assert [event for _, event, _ in events] == ["pin_set"]
        assert verify_pin("4711", store.get_setting(PIN_SETTING))


def open_bytes(tmp_path):
    path = tmp_path / "pin.bin"
    path.write_bytes(b"\xff\xfe4711\n")
    return path.open("rb")
