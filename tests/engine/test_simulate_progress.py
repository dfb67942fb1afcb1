"""`reddog simulate`'s progress bar: drawn with rich.progress on a terminal, gone when it ends."""

from __future__ import annotations

import io
import json
import re

from reddog_tui.cli import main


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_long_run_on_a_terminal_shows_a_bar_and_clears_it(capsys, monkeypatch):
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    assert main(["simulate", "--rounds", "100000", "--seed", "3", "--json"]) == 0
    drawn = terminal.getvalue()
    assert "━" in drawn and re.search(r" \d+% ", drawn)  # rich's bar and the share done
    assert "\x1b[?25h" in drawn and drawn.endswith("\x1b[2K")  # the cursor given back, the bar's line erased
    assert json.loads(capsys.readouterr().out)["rounds"] == 100_000


def test_no_bar_when_standard_error_is_not_a_terminal(capsys):
    assert main(["simulate", "--rounds", "100000", "--seed", "3", "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == "" and json.loads(captured.out)["rounds"] == 100_000
