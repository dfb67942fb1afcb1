"""The built wheel, installed into a fresh virtual environment, finds its catalogues.

Builds the wheel, installs it (not editable) with its dependencies into a new
venv, and starts the app headless in German from an unrelated folder. Takes
about a minute; pip reads its usual settings, so PIP_NO_INDEX and
PIP_FIND_LINKS can point it at local wheels on a machine without network.
Deselect with `-m "not install"`.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

HEADLESS_START = r"""
import asyncio, sys
from reddog_tui import i18n
from reddog_tui.ui.app import RedDogApp

async def main():
    app = RedDogApp(language="de", data_dir=sys.argv[1], push_pause=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus")
        table = app._table_screen()
        print("LOCALES", i18n.locales_dir())
        print("FAILED", sorted(i18n.failed_languages()))
        print("MESSAGE", table.query_one("#message").content)
        print("DEAL", [str(b.label) for b in table.query(".action") if b.display])
        print("CREDITS", table.query_one("#credits").content)

asyncio.run(main())
"""


def run(command: list[str], cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    environment["LANG"] = "C.UTF-8"
    return subprocess.run(command, cwd=cwd, env=environment, capture_output=True, text=True, timeout=timeout)


@pytest.mark.install
def test_installed_wheel_starts_in_german_from_another_folder(tmp_path):
    dist = tmp_path / "dist"
    build = [sys.executable, "-m", "build", "--wheel", "--outdir", str(dist)]
    if importlib.util.find_spec("hatchling") is not None:
        build.append("--no-isolation")  # the backend is already here: no download needed
    built = run([*build, str(REPO)], cwd=tmp_path)
    assert built.returncode == 0, built.stdout + built.stderr
    (wheel,) = dist.glob("reddog_tui-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    for language in ("en", "de", "pl", "fr", "it"):
        assert f"reddog_tui/locales/{language}/LC_MESSAGES/reddog.po" in names
    assert "reddog_tui/ui/reddog.tcss" in names

    environment = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True, clear=True).create(environment)
    python = environment / "bin" / "python"
    installed = run([str(python), "-m", "pip", "install", "--quiet", str(wheel)], cwd=tmp_path)
    assert installed.returncode == 0, installed.stdout + installed.stderr

    elsewhere = tmp_path / "somewhere-else"
    elsewhere.mkdir()
    started = run([str(python), "-c", HEADLESS_START, str(tmp_path / "data")], cwd=elsewhere, timeout=120)
    assert started.returncode == 0, started.stdout + started.stderr
    lines = dict(line.split(" ", 1) for line in started.stdout.splitlines() if " " in line)
    assert str(environment) in lines["LOCALES"] and "site-packages" in lines["LOCALES"]
    assert lines["FAILED"] == "[]"
    assert lines["MESSAGE"].startswith("Wetteinsatz 1.")
    assert "GEBEN" in lines["DEAL"]
    assert lines["CREDITS"].startswith("Punkte 999")

    refused = run([str(environment / "bin" / "reddog"), "--lang", "xx"], cwd=elsewhere)
    assert refused.returncode == 2
    assert "en, de, pl, fr, it" in refused.stderr
