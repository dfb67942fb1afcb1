"""What `reddog par` and `reddog simulate` print: in the chosen language with its numbers, a
closed pipe ends them quietly, and too few rounds get no confidence interval."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys

import pytest

from reddog_tui.cli import main
from reddog_tui.engine.simulate import MIN_ROUNDS_FOR_INTERVAL

from .run import run_cli

NNBSP, NBSP = "\u202f", "\u00a0"

# One line of the PAR sheet and of a simulation per language: its words and Babel's numbers.
PAR_LINES = {
    "en": (f"Red Dog PAR sheet, 1{NBSP}deck", "house edge, best play", "3.1554%  (523/16575)", "raise on spreads 7, 8, 9, 10, 11"),
    "de": (f"Red-Dog-PAR-Blatt, 1{NBSP}Kartendeck", "Hausvorteil, optimale Spielweise", f"3,1554{NBSP}%  (523/16575)", "erhöhen bei Wertunterschied 7, 8, 9, 10, 11"),
    "pl": (f"Arkusz PAR Red Dog, 1{NBSP}talia", "przewaga kasyna przy najlepszej strategii", "3,1554%  (523/16575)", "podbijaj przy Spreadzie 7, 8, 9, 10, 11"),
    "fr": (f"Fiche PAR de Red Dog, 1{NBSP}jeu de cartes", "avantage de la maison, meilleure stratégie", f"3,1554{NBSP}%  (523/16575)", "brelan"),
    "it": (f"Scheda PAR di Red Dog, 1{NBSP}mazzo", "vantaggio del banco, strategia migliore", "3,1554%  (523/16575)", "rilancia con scarto 7, 8, 9, 10, 11"),
}  # fmt: skip


@pytest.mark.parametrize("language", PAR_LINES)
def test_par_speaks_the_chosen_language(capsys, language):
    assert main(["--lang", language, "par"]) == 0
    out = capsys.readouterr().out
    for words in PAR_LINES[language]:
        assert words in out, out
    if language != "en":
        assert "house edge" not in out and "spread" not in out.replace("Spread", "")


def test_par_plural_of_decks(capsys):
    main(["--lang", "pl", "par", "--decks", "2"])
    main(["--lang", "pl", "par", "--decks", "5"])
    out = capsys.readouterr().out
    assert f"Arkusz PAR Red Dog, 2{NBSP}talie" in out and f"Arkusz PAR Red Dog, 5{NBSP}talii" in out


SIMULATE_LINES = {
    "en": ("rounds             20,000", "95% interval", "degrees of freedom", "rounds per second"),
    "de": ("Runden              20.000", f"Konfidenzintervall 95{NBSP}%", "Freiheitsgraden", "Runden pro Sekunde"),
    "pl": (f"rundy             20{NBSP}000", "przedział ufności 95%", "stopniach swobody", "rundy na sekundę"),
    "fr": (f"manches                   20{NNBSP}000", f"intervalle de confiance à 95{NBSP}%", "degrés de liberté", "manches par seconde"),
    "it": ("mani                  20.000", "intervallo di confidenza al 95%", "gradi di libertà", "mani al secondo"),
}  # fmt: skip


@pytest.mark.parametrize("language", SIMULATE_LINES)
def test_simulate_speaks_the_chosen_language(capsys, language):
    assert main(["--lang", language, "simulate", "--rounds", "20000", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    for words in SIMULATE_LINES[language]:
        assert words in out, out


def test_one_round_has_no_interval(capsys):
    assert main(["--lang", "en", "simulate", "--rounds", "1", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert f"no 95% interval below 100{NBSP}rounds" in out and "0.0000%–0.0000%" not in out
    assert main(["--lang", "en", "simulate", "--rounds", "1", "--seed", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rtp_ci95"] is None


def test_the_interval_starts_at_its_minimum(capsys):
    main(["--lang", "de", "simulate", "--rounds", str(MIN_ROUNDS_FOR_INTERVAL - 1), "--seed", "1"])
    assert f"Konfidenzintervall 95{NBSP}% erst ab 100{NBSP}Runden" in capsys.readouterr().out
    main(["--lang", "de", "simulate", "--rounds", str(MIN_ROUNDS_FOR_INTERVAL), "--seed", "1", "--json"])
    low, high = json.loads(capsys.readouterr().out)["rtp_ci95"]
    assert low < high


@pytest.mark.parametrize(
    "argv, status",
    [
        (["par"], 141),  # 128 + SIGPIPE, as a shell shows a writer whose reader went away
        (["par", "--json"], 141),
        (["simulate", "--rounds", "300", "--seed", "2"], 141),
        (["--help"], 0),  # argparse drops a help text it cannot write, and ends as help does
        (["par", "--help"], 0),
    ],
    ids=lambda value: " ".join(value) if isinstance(value, list) else str(value),
)
def test_a_closed_pipe_ends_quietly(argv, status):
    """`reddog par | head -5`: the reader is gone before the first write, every time."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "reddog_tui", "--lang", "en", *argv],
            stdout=write_end, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True, timeout=60,
        )  # fmt: skip
    finally:
        os.close(write_end)
    assert proc.stderr == ""
    assert proc.returncode == status


def test_head_reads_the_first_lines():
    proc = subprocess.run(
        f"{sys.executable} -m reddog_tui --lang en par | head -5", shell=True, capture_output=True, text=True,
        timeout=60, env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )  # fmt: skip
    assert proc.stderr == "" and proc.stdout.splitlines()[0] == f"Red Dog PAR sheet, 1{NBSP}deck"
    assert len(proc.stdout.splitlines()) == 5


def test_the_data_folder_stays_untouched_by_par(tmp_path):
    proc = run_cli(["--data-dir", str(tmp_path / "d"), "par"])
    assert proc.returncode == 0 and not (tmp_path / "d").exists()


# --- output that cannot be written, and a Textual setting that cannot be used ---------------------

EXIT_OUTPUT_FAILED = 74  # sysexits' EX_IOERR: the command ran, its output could not be written


def played_folder(folder):
    from tests.test_operator_cli import played

    played(folder)
    return folder


def run_with_stdout(argv, stdout, **environment) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("REDDOG_", "TEXTUAL_"))}
    env.update(LANG="C.UTF-8", **environment)
    return subprocess.run([sys.executable, "-m", "reddog_tui", *argv], stdout=stdout, stderr=subprocess.PIPE,
                          stdin=subprocess.DEVNULL, text=True, timeout=60, env=env)  # fmt: skip


@pytest.mark.parametrize("language, says", [
    ("en", "reddog: The output could not be written: the disk is full.\n"),
    ("de", "reddog: Die Ausgabe konnte nicht geschrieben werden: Der Datenträger ist voll.\n"),
])  # fmt: skip
@pytest.mark.parametrize("argv", [["attendant", "journal", "--csv"], ["par"], ["check"]], ids=" ".join)
def test_output_to_a_full_disk_is_one_line_and_a_failure(tmp_path, argv, language, says):
    with open("/dev/full", "w") as full:
        proc = run_with_stdout(["--lang", language, "--data-dir", str(played_folder(tmp_path)), *argv], full)
    assert proc.returncode == EXIT_OUTPUT_FAILED
    assert proc.stderr == says


@pytest.mark.parametrize("argv", [["check"], ["par"], ["attendant", "meters", "--json"]], ids=" ".join)
def test_a_closed_standard_output_is_one_line_and_a_failure(tmp_path, argv):
    command = [sys.executable, "-m", "reddog_tui", "--lang", "it", "--data-dir", str(played_folder(tmp_path)), *argv]
    proc = subprocess.run(["sh", "-c", 'exec "$@" >&-', "sh", *command], capture_output=True, text=True, timeout=60)
    assert proc.returncode == EXIT_OUTPUT_FAILED
    assert proc.stderr == "reddog: Impossibile scrivere l'output: l'output standard è chiuso.\n"


ENCODING_REFUSAL = {
    "en": "reddog: The output could not be written: its character set, ascii, cannot show this text. "
    "Use a UTF-8 locale, for example LANG=C.UTF-8.\n",
    "de": "reddog: Die Ausgabe konnte nicht geschrieben werden: Ihr Zeichensatz ascii kann diesen Text nicht "
    "darstellen. Verwenden Sie eine UTF-8-Locale, zum Beispiel LANG=C.UTF-8.\n",
}


# English `check` is plain ASCII; its German words are not.
@pytest.mark.parametrize("argv, language", [(["par"], "en"), (["check"], "de"), (["attendant", "journal"], "en")])
def test_an_output_character_set_without_the_texts_characters_is_one_line(tmp_path, argv, language):
    proc = run_with_stdout(["--lang", language, "--data-dir", str(played_folder(tmp_path)), *argv], subprocess.PIPE,
                           PYTHONIOENCODING="ascii")  # fmt: skip
    assert proc.returncode == EXIT_OUTPUT_FAILED
    assert proc.stderr == ENCODING_REFUSAL[language]


@pytest.mark.parametrize("variable, value, says", [
    ("TEXTUAL_COLOR_SYSTEM", "garbage", "reddog: TEXTUAL_COLOR_SYSTEM is “garbage”, which Textual does not know. "
                                        "Use one of auto, standard, 256, truecolor, windows, or leave it unset.\n"),
    ("TEXTUAL_DRIVER", "x", "reddog: TEXTUAL_DRIVER is “x”, which is not a Textual driver that can be loaded. "
                            "Leave it unset.\n"),
    ("TEXTUAL_DRIVER", "textual.app:App", "reddog: TEXTUAL_DRIVER is “textual.app:App”, which is not a Textual "
                                          "driver that can be loaded. Leave it unset.\n"),
])  # fmt: skip
@pytest.mark.parametrize("argv", [["--kiosk"], [], ["serve", "--kiosk"]], ids=" ".join)
def test_a_textual_setting_it_cannot_use_is_one_line_before_anything_starts(tmp_path, variable, value, says, argv):
    from tests.kiosk.kiosk_helpers import with_pin

    with_pin(tmp_path)
    if "serve" in argv:  # were the setting not refused, it would serve here, alone
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            argv = [*argv, "--port", str(probe.getsockname()[1])]
    proc = run_with_stdout(["--lang", "en", "--data-dir", str(tmp_path), *argv], subprocess.PIPE, **{variable: value})
    assert proc.returncode == 2
    assert proc.stderr == says and proc.stdout == ""
