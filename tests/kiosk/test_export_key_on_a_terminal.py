"""The meters screen's export key as the key bar shows it, "E", typed on a real terminal."""

from __future__ import annotations

import sys

import pytest

from ..terminal import Terminal, app_command
from .kiosk_helpers import PIN, with_pin

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs a pseudo terminal")

F12 = b"\x1b[24~"


@pytest.mark.parametrize("typed", [b"E", b"e"], ids=["shift+e", "e"])
def test_the_export_key_works_as_the_key_bar_shows_it(tmp_path, typed):
    data_dir = with_pin(tmp_path / "data")
    with Terminal(app_command("--kiosk", "--data-dir", str(data_dir), "--lang", "en")) as kiosk:
        kiosk.wait_for("Choose your language")
        kiosk.write(b"\r")
        kiosk.wait_for("Credits")
        kiosk.write(F12 + PIN.encode() + b"\r")
        kiosk.wait_for("Add credits")
        since = kiosk.mark()
        kiosk.write(b"3")
        kiosk.wait_for("Export to files", since=since)
        since = kiosk.mark()
        kiosk.write(typed)
        kiosk.wait_for("Written to", since=since)
    assert len(list(data_dir.glob("reddog-meters-*.csv"))) == 1
    assert len(list(data_dir.glob("reddog-journal-*.csv"))) == 1
