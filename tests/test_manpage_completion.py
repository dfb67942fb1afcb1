"""reddog(1) and the shell completion, both written from the argument parser itself."""

from __future__ import annotations

import argparse
import shutil
import subprocess

import pytest

from reddog_tui.cli import main
from reddog_tui.cli.parser import build_parser


def every_parser(parser: argparse.ArgumentParser, prefix: str = "reddog"):
    yield prefix, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from every_parser(sub, f"{prefix} {name}")


def output_of(capsys, *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def test_the_manual_page_names_every_command_and_option(capsys):
    page = output_of(capsys, "--lang", "de", "manpage")  # in English whatever the language asked
    assert page.startswith(".TH REDDOG 1 ")
    for command, parser in every_parser(build_parser()):
        if command != "reddog":
            assert f".SS {command.replace('-', chr(92) + '-')}\n" in page, command
        for action in parser._actions:
            for option in action.option_strings:
                assert f"\\fB{option.replace('-', chr(92) + '-')}\\fR" in page, (command, option)
    assert "REDDOG_DATA_DIR" in page and ".SH EXIT STATUS" in page


@pytest.mark.skipif(shutil.which("groff") is None, reason="groff renders the page")
def test_the_manual_page_renders_without_warnings(capsys):
    page = output_of(capsys, "manpage")
    rendered = subprocess.run(
        ["groff", "-man", "-Tutf8", "-ww"], input=page, capture_output=True, text=True, timeout=30
    )
    assert rendered.returncode == 0 and rendered.stderr == ""
    text = rendered.stdout
    assert "reddog check" in text and "--full" in text.replace("\u2010", "-")


def complete(script: str, words: list[str]) -> list[str]:
    """What bash offers for the last of `words`, through the generated completion function."""
    line = " ".join(words)
    probe = (
        f"{script}\n"
        f"COMP_WORDS=({line}); COMP_CWORD={len(words) - 1}; COMP_LINE='{line}'; COMP_POINT=${{#COMP_LINE}}\n"
        "_shtab_reddog; printf '%s\\n' \"${COMPREPLY[@]}\"\n"
    )
    done = subprocess.run(["bash", "-c", probe], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    return sorted(set(done.stdout.split()))


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash runs the completion")
def test_bash_completes_commands_and_options(capsys):
    script = output_of(capsys, "completion", "bash")
    assert subprocess.run(["bash", "-n"], input=script, text=True).returncode == 0
    assert "check" in complete(script, ["reddog", "ch"])
    assert complete(script, ["reddog", "attendant", "''"]) == ["journal", "meters", "set-pin"]
    assert complete(script, ["reddog", "check", "--"]) == ["--data-dir", "--full", "--help", "--json"]
    assert complete(script, ["reddog", "--log-level", "''"]) == ["debug", "error", "info", "warning"]


def test_zsh_completion_is_written_too(capsys):
    script = output_of(capsys, "completion", "zsh")
    assert script.startswith("#compdef reddog") and "check" in script and "--since" in script


def test_an_unknown_shell_is_refused(capsys):
    with pytest.raises(SystemExit) as info:
        main(["completion", "fish"])
    assert info.value.code == 2 and "bash" in capsys.readouterr().err
