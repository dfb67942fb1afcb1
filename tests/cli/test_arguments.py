"""The command line: refusals (exit 2, one line in the chosen language), help and argparse's own
messages in every language, and the language taken from the environment as GNU gettext does."""

from __future__ import annotations

import pytest

from .run import run_cli

LANGUAGES = ("en", "de", "pl", "fr", "it")


def one_line_refusal(proc) -> str:
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr and proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0]


SEED_WITH_KIOSK = {
    "en": "reddog: --seed plays a demo and cannot be used with --kiosk.",
    "de": "reddog: --seed spielt eine Demo und ist mit --kiosk nicht erlaubt.",
    "pl": "reddog: --seed uruchamia demo i\u00a0nie można go użyć z\u00a0--kiosk.",
    "fr": "reddog: --seed lance une démo et ne peut pas être utilisé avec --kiosk.",
    "it": "reddog: --seed avvia una demo e non si può usare con --kiosk.",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_seed_is_refused_in_kiosk_mode(tmp_path, language):
    proc = run_cli(["--lang", language, "--kiosk", "--seed", "7", "--data-dir", str(tmp_path)])
    assert one_line_refusal(proc) == SEED_WITH_KIOSK[language]
    assert list(tmp_path.iterdir()) == []  # nothing opened, nothing created


EMPTY_FOLDER = {
    "en": "--data-dir needs the name of a folder; it was empty.",
    "de": "--data-dir braucht den Namen eines Ordners; er war leer.",
    "pl": "--data-dir wymaga nazwy folderu, a\u00a0podana nazwa jest pusta.",
    "fr": "--data-dir attend le nom d'un dossier\u202f; aucune valeur n'a été indiquée.",
    "it": "--data-dir richiede il nome di una cartella, ma il valore è vuoto.",
}


# --data-dir is read before any command: every command in one language, every language with one.
EMPTY_FOLDER_CASES = [("en", ["par"]), ("en", ["attendant", "set-pin"])] + [(language, []) for language in LANGUAGES]


@pytest.mark.parametrize("language, command", EMPTY_FOLDER_CASES)
def test_an_empty_data_dir_is_refused(tmp_path, language, command):
    home = tmp_path / "home"  # where the default folder would be
    proc = run_cli(["--lang", language, "--data-dir", "", *command], HOME=str(home), XDG_DATA_HOME=str(home))
    assert one_line_refusal(proc) == "reddog: " + EMPTY_FOLDER[language]
    assert not home.exists()


# argparse's own words, in each language: the usage line, the section titles and -h's help.
HELP_WORDS = {
    "en": ("usage: reddog", "commands:", "options:", "show this help message and exit", "lock the kiosk for public play"),
    "de": ("Aufruf: reddog", "Befehle:", "Optionen:", "diese Hilfe zeigen und beenden", "den Kiosk für den öffentlichen Spielbetrieb absichern"),
    "pl": ("użycie: reddog", "polecenia:", "opcje:", "pokaż tę pomoc i\u00a0zakończ", "uruchom w\u00a0trybie kiosku, zabezpieczonym do gry"),
    "fr": ("utilisation\u00a0: reddog", "commandes\u00a0:", "options\u00a0:", "afficher cette aide et quitter", "verrouiller la borne"),
    "it": ("uso: reddog", "comandi:", "opzioni:", "mostra questo aiuto ed esci", "blocca il chiosco per il gioco in pubblico"),
}  # fmt: skip


@pytest.mark.parametrize("language", LANGUAGES)
def test_help_follows_lang(language):
    proc = run_cli(["--lang", language, "--help"])
    assert proc.returncode == 0 and proc.stderr == ""
    for words in HELP_WORDS[language]:
        assert words in proc.stdout
    if language != "en":
        assert "show this help" not in proc.stdout and "usage:" not in proc.stdout
    assert "positional arguments" not in proc.stdout


@pytest.mark.parametrize("language", LANGUAGES)
def test_sub_command_help_follows_lang(language):
    proc = run_cli(["--lang", language, "simulate", "--help"])
    assert proc.returncode == 0 and HELP_WORDS[language][0] + " simulate" in proc.stdout
    assert ("how many rounds to play" in proc.stdout) == (language == "en")


ARGPARSE_REFUSALS = {
    "invalid choice": (["shuffle"], {
        "en": "reddog: invalid choice: 'shuffle' (choose from 'par', 'simulate', 'check', 'attendant', 'hall', 'serve', 'completion', 'manpage')",
        "de": "reddog: ungültige Auswahl: 'shuffle' (möglich sind 'par', 'simulate', 'check', 'attendant', 'hall', 'serve', 'completion', 'manpage')",
        "pl": "reddog: nieprawidłowy wybór: 'shuffle' (do wyboru: 'par', 'simulate', 'check', 'attendant', 'hall', 'serve', 'completion', 'manpage')",
        "fr": "reddog: choix non valide\u00a0: 'shuffle' (valeurs possibles\u00a0: 'par', 'simulate', 'check', 'attendant', 'hall', 'serve', 'completion', 'manpage')",
        "it": "reddog: scelta non valida: 'shuffle' (scegli tra 'par', 'simulate', 'check', 'attendant', 'hall', 'serve', 'completion', 'manpage')",
    }),
    "missing --rounds": (["simulate"], {
        "en": "reddog simulate: the following arguments are required: --rounds",
        "de": "reddog simulate: diese Angaben fehlen: --rounds",
        "pl": "reddog simulate: brakuje wymaganych argumentów: --rounds",
        "fr": "reddog simulate: ces arguments sont obligatoires\u00a0: --rounds",
        "it": "reddog simulate: mancano questi argomenti obbligatori: --rounds",
    }),
    "unrecognized arguments": (["par", "--bogus"], {
        "en": "reddog: unrecognized arguments: --bogus",
        "de": "reddog: unbekannte Angaben: --bogus",
        "pl": "reddog: nieznane argumenty: --bogus",
        "fr": "reddog: arguments inconnus\u00a0: --bogus",
        "it": "reddog: argomenti non riconosciuti: --bogus",
    }),
    "a value missing": (["par", "--decks"], {
        "en": "reddog par: expected one argument",
        "de": "reddog par: erwartet einen Wert",
        "pl": "reddog par: wymaga jednej wartości",
        "fr": "reddog par: attend une valeur",
        "it": "reddog par: richiede un valore",
    }),
}  # fmt: skip


@pytest.mark.parametrize("case", ARGPARSE_REFUSALS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_argparse_refusals_follow_lang(case, language):
    argv, says = ARGPARSE_REFUSALS[case]
    assert one_line_refusal(run_cli(["--lang", language, *argv])) == says[language]


@pytest.mark.parametrize("case", ["invalid choice", "missing --rounds"])
def test_argparse_refusals_follow_the_system_language(case):
    argv, says = ARGPARSE_REFUSALS[case]
    assert one_line_refusal(run_cli(argv, LANG="it_IT.UTF-8")) == says["it"]


@pytest.mark.parametrize(
    "environment, language",
    [
        ({"LANGUAGE": "sv:pl:de", "LC_ALL": "fr_FR.UTF-8", "LANG": "it_IT.UTF-8"}, "pl"),  # the list, first we have
        ({"LANGUAGE": "sv", "LC_ALL": "fr_FR.UTF-8", "LC_MESSAGES": "de_DE", "LANG": "it_IT"}, "fr"),
        ({"LC_MESSAGES": "de_DE.UTF-8", "LANG": "it_IT.UTF-8"}, "de"),
        ({"LANG": "it_IT.UTF-8"}, "it"),
        ({"LC_ALL": "C.UTF-8", "LANG": "de_DE.UTF-8"}, "en"),  # the first one set decides alone
    ],
)
def test_the_environment_chooses_the_language_as_gettext_does(environment, language):
    argv, says = ARGPARSE_REFUSALS["unrecognized arguments"]
    assert one_line_refusal(run_cli(argv, **environment)) == says[language]


@pytest.mark.parametrize("typed", ["١٠٠", "1_000", "+100"])
def test_a_count_is_written_with_the_digits_0_to_9_only(typed):
    """As everywhere a number is typed: other scripts' digits, underscores and signs are refused."""
    proc = run_cli(["--lang", "en", "simulate", "--rounds", typed])
    assert one_line_refusal(proc) == f"reddog simulate: --rounds must be a whole number from 1 up, not {typed}."


@pytest.mark.parametrize("spelling", [["--language", "pl"], ["--language=pl"], ["--lang=pl"]])
def test_the_language_option_may_be_spelt_out_and_joined_by_an_equals_sign(spelling):
    """`--language` is `--lang` spelt out: it chooses the messages' language, and a value it
    refuses is refused in the language asked for by the other spelling, as for `--lang`."""
    proc = run_cli([*spelling, "simulate", "--help"])
    assert proc.returncode == 0 and HELP_WORDS["pl"][0] + " simulate" in proc.stdout
    refused = one_line_refusal(run_cli(["--lang", "de", "--language", "xx", "par"], LANG="C"))
    assert refused.startswith("reddog: ") and "xx" in refused and "not xx" not in refused


# --data-dir after a command that reads the journal is the same folder as before it.
AFTER_THE_COMMAND = [["check"], ["check", "--full"], ["attendant", "meters"], ["attendant", "journal"]]


@pytest.mark.parametrize("command", AFTER_THE_COMMAND, ids=" ".join)
def test_the_data_folder_may_follow_the_command(tmp_path, command):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    before = run_cli(["--data-dir", str(tmp_path), *command])
    after = run_cli([*command, "--data-dir", str(tmp_path)])
    both = run_cli(["--data-dir", str(elsewhere), *command, "--data-dir", str(tmp_path)])  # the later one counts
    assert "Traceback" not in after.stderr
    assert str(tmp_path / "reddog.db") in after.stdout + after.stderr
    assert (after.returncode, after.stdout) == (before.returncode, before.stdout) == (both.returncode, both.stdout)
    assert str(elsewhere) not in both.stdout + both.stderr
