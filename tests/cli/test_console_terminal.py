"""The real app on a pseudo terminal with TERM=linux: console characters and 16 colours, chosen on its own.

Everything the app writes is read back: escape sequences give the colours it asked for, the
rest is text that must be in the characters of Uni2-Terminus16 (as in tests/ui/test_console_glyphs.py).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from ..terminal import Terminal, app_command, clean_environment

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo terminal")

FONT_DATA = Path(__file__).resolve().parent.parent / "ui" / "data" / "Uni2-Terminus16.codepoints"
FONT = frozenset(int(line[2:], 16) for line in FONT_DATA.read_text().split())
ESCAPES = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|[=>78])")
RICH_COLOURS = re.compile(r"\x1b\[[0-9;]*[34]8;[25];")  # 256-colour or RGB foreground/background


def play_one_deal(tmp_path: Path, *args: str, **environ: str) -> str:
    """Welcome, an ante, a deal (two cards up, one face down); everything written, decoded."""
    env = clean_environment(**environ)
    if "COLORTERM" not in environ:
        env.pop("COLORTERM", None)  # the colours must follow from TERM alone
    command = app_command("--data-dir", str(tmp_path), "--lang", "en", "--seed", "7", *args)
    with Terminal(command, env=env) as terminal:
        terminal.wait_for("Choose your language")
        terminal.write(b"\r")
        terminal.wait_for("DEAL")
        terminal.write(b"+d")
        terminal.wait_for("raise?")
        terminal.write(b"\x11")  # Ctrl+Q
        assert terminal.exit_status() == 0
        return terminal.text()


def test_term_linux_draws_console_characters_in_sixteen_colours(tmp_path):
    output = play_one_deal(tmp_path, TERM="linux")
    assert not RICH_COLOURS.search(output)
    text = ESCAPES.sub("", output)
    assert {"╱", "╲", "╭"} <= set(text)  # the card back and the edges were drawn
    holes = sorted({c for c in text if c >= " " and ord(c) not in FONT})
    assert holes == []


def test_glyphs_console_asks_for_sixteen_colours_on_any_terminal(tmp_path):
    output = play_one_deal(tmp_path, "--glyphs", "console", TERM="xterm-256color", COLORTERM="truecolor")
    assert not RICH_COLOURS.search(output)
    text = ESCAPES.sub("", output)
    assert {"╱", "╲"} <= set(text)
    assert sorted({c for c in text if c >= " " and ord(c) not in FONT}) == []


def test_a_full_terminal_gets_the_full_set_in_true_colour(tmp_path):
    """The check above can fail: elsewhere the app draws ▚▞ backs and asks for RGB colours."""
    output = play_one_deal(tmp_path, TERM="xterm-256color", COLORTERM="truecolor")
    assert RICH_COLOURS.search(output)
    text = ESCAPES.sub("", output)
    assert {"▚", "▞"} <= set(text)
    assert any(ord(c) not in FONT for c in text if c >= " ")
