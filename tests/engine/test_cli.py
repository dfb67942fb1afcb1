"""The `reddog par` and `reddog simulate` commands and their refusals."""

import json
import os
import subprocess
import sys

import pytest

from reddog_tui.cli import main


def run(capsys, *argv):
    code = main(["--lang", "en", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_par_json_for_one_deck(capsys):
    code, out, _ = run(capsys, "par", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["decks"] == 1 and data["house_edge_fraction"] == "523/16575"
    assert data["raise_spreads"] == [7, 8, 9, 10, 11]
    assert set(data["probabilities"]) == {"pair", "three_of_a_kind", "consecutive"} | {
        f"spread_{k}" for k in range(1, 12)
    }
    for key in ("house_edge", "never_raise_house_edge", "element_of_risk", "rtp", "std_dev"):
        assert isinstance(data[key], float)


@pytest.mark.parametrize("decks, edge", [(2, 3.0766), (4, 2.8838), (6, 2.7978), (8, 2.7509)])
def test_par_json_multi_deck(capsys, decks, edge):
    _, out, _ = run(capsys, "par", "--decks", str(decks), "--json")
    data = json.loads(out)
    assert round(data["house_edge"] * 100, 4) == edge and data["raise_spreads"] == [7, 8, 9, 10, 11]


def test_par_table_is_readable(capsys):
    code, out, _ = run(capsys, "par")
    assert code == 0 and "523/16575" in out and "raise on spreads 7, 8, 9, 10, 11" in out


def test_par_table_shows_a_pair_that_pushes_apart_from_three_of_a_kind(capsys):
    # R5b: a pair pushes unless the third card makes three of a kind, which pays 11:1. With
    # P(pair) = 1/17 and P(three of a kind) = 1/425 (the rules' numbers), the pair's push row is
    # 1/17 - 1/425 = 24/425, so that the rows of the table add up to one.
    code, out, _ = run(capsys, "par")
    lines = {line.split("  ")[0]: line for line in out.splitlines() if "  " in line}
    assert code == 0
    assert lines["pair"].split()[1:] == ["0.056471", "push"]
    assert lines["three of a kind"].split()[4:] == ["0.002353", "11:1"]


def test_simulate_json(capsys):
    code, out, _ = run(capsys, "simulate", "--rounds", "20000", "--seed", "11", "--json")
    data = json.loads(out)
    assert code == 0 and data["rounds"] == 20000
    low, high = data["rtp_ci95"]
    assert low < data["exact_rtp"] < high
    for key in ("rtp", "chi_square", "p_value", "rounds_per_second"):
        assert isinstance(data[key], float)


def run_cli(argv, lang):
    environment = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANGUAGE")}
    environment["LANG"] = lang
    return subprocess.run(
        [sys.executable, "-m", "reddog_tui", *argv], capture_output=True, text=True, timeout=60, env=environment
    )


@pytest.mark.parametrize(
    "argv, says",
    [
        (["par", "--decks", "0"], "1 to 8"),
        (["par", "--decks", "nine"], "1 to 8"),
        (["simulate", "--rounds", "-5"], "from 1"),
        (["simulate", "--rounds", "abc"], "from 1"),
        (["simulate"], "--rounds"),
        (["shuffle"], "par"),
        (["--lang", "xx"], "de, pl, fr, it, en"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(argv, says):
    proc = run_cli(argv, "C")
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and says in lines[0]
    assert "Traceback" not in proc.stderr and proc.stdout == ""


@pytest.mark.parametrize(
    "argv, lang, says",
    [
        (["par", "--decks", "0"], "de_DE.UTF-8", "muss eine ganze Zahl von 1 bis 8 sein, nicht 0."),
        (["--lang", "pl", "simulate", "--rounds", "abc"], "C", "musi być liczbą całkowitą od 1 wzwyż, a\u00a0nie abc."),
        (
            ["--lang", "xx"],
            "fr_FR.UTF-8",
            "La langue doit être l'une de celles-ci\u00a0: de, pl, fr, it, en, et non xx.",
        ),
    ],
)
def test_refusals_speak_the_chosen_or_the_system_language(argv, lang, says):
    proc = run_cli(argv, lang)
    assert proc.returncode == 2 and says in proc.stderr and "Traceback" not in proc.stderr
