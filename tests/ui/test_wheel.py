"""The built wheel, installed into a fresh virtual environment, finds its catalogues.

Builds the wheel, installs it (not editable) with its dependencies into a new
venv from constraints.txt, as the README's deployment does, and starts the app
headless in German from an unrelated folder; then the installed `reddog` gives its
version, checks the journal that start wrote and exports its meters and journal. Takes
about a minute; pip reads its usual settings, so PIP_NO_INDEX and
PIP_FIND_LINKS can point it at local wheels on a machine without network.
Deselect with `-m "not install"`.
"""

from __future__ import annotations

import csv
import importlib.util
import io
import json
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
from reddog_tui.ui.table_play import table_screen
from reddog_tui import i18n
from reddog_tui.ui.app import RedDogApp

async def main():
    app = RedDogApp(language="de", data_dir=sys.argv[1], push_pause=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "plus")
        table = table_screen(app)
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
    assert "reddog_tui/i18n/catalogues.py" not in names  # the translators' tool stays in the source tree
    sounds = {n for n in names if n.startswith("reddog_tui/ui/sound/files/")}
    assert sounds == {f"reddog_tui/ui/sound/files/{p.name}" for p in (REPO / "reddog_tui/ui/sound/files").glob("*.wav")}
    assert len(sounds) == 11 and "reddog_tui/ui/sound/make_sounds.py" not in names  # the sounds, not their maker
    (license_file,) = [n for n in names if n.endswith(".dist-info/licenses/LICENSE")]
    with zipfile.ZipFile(wheel) as archive:
        assert archive.read(license_file).startswith(b"MIT License")
        (metadata,) = [n for n in names if n.endswith(".dist-info/METADATA")]
        metadata_text = archive.read(metadata).decode()
    assert "License-Expression: MIT" in metadata_text and "License-File: LICENSE" in metadata_text
    assert "Classifier: Topic :: Games/Entertainment" in metadata_text and "Project-URL: Issues, " in metadata_text
    assert "Requires-Dist: babel<3,>=2.16" in metadata_text

    environment = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True, clear=True).create(environment)
    python = environment / "bin" / "python"
    constraints = REPO / "constraints.txt"
    installed = run([str(python), "-m", "pip", "install", "--quiet", "-c", str(constraints), str(wheel)], cwd=tmp_path)
    assert installed.returncode == 0, installed.stdout + installed.stderr

    elsewhere = tmp_path / "somewhere-else"
    elsewhere.mkdir()
    started = run([str(python), "-c", HEADLESS_START, str(tmp_path / "data")], cwd=elsewhere, timeout=120)
    assert started.returncode == 0, started.stdout + started.stderr
    lines = dict(line.split(" ", 1) for line in started.stdout.splitlines() if " " in line)
    assert str(environment) in lines["LOCALES"] and "site-packages" in lines["LOCALES"]
    assert lines["FAILED"] == "[]"
    assert lines["MESSAGE"] == "Weitere Spielmarken setzen oder GEBEN drücken."
    assert "GEBEN" in lines["DEAL"]
    assert lines["CREDITS"].startswith("Punkte 999")

    refused = run([str(environment / "bin" / "reddog"), "--lang", "xx"], cwd=elsewhere)
    assert refused.returncode == 2
    assert "de, pl, fr, it, en" in refused.stderr

    # The operator's commands of the installed package, from a folder that is neither the data nor the source.
    reddog = str(environment / "bin" / "reddog")
    version = run([reddog, "--version"], cwd=elsewhere)
    metadata_version = run(
        [str(python), "-c", "import importlib.metadata as m; print(m.version('reddog-tui'))"], cwd=elsewhere
    )
    assert version.returncode == 0 and version.stdout == f"reddog {metadata_version.stdout.strip()}\n"
    data = str(tmp_path / "data")
    checked = run([reddog, "--data-dir", data, "--lang", "de", "check", "--full"], cwd=elsewhere)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.splitlines()[-1] == "In Ordnung."
    report = run([reddog, "--data-dir", data, "check", "--json"], cwd=elsewhere)
    assert report.returncode == 0 and json.loads(report.stdout)["verdict"] == "healthy"
    meters = run([reddog, "--data-dir", data, "attendant", "meters", "--csv"], cwd=elsewhere)
    assert meters.returncode == 0, meters.stderr
    values = {row["name"]: int(row["value"]) for row in csv.DictReader(io.StringIO(meters.stdout))}
    assert (
        values["credits"] + values["on_table"]
        == values["credits_in"]
        - values["credits_out"]
        - values["total_wagered"]
        + values["total_paid"]
        + values["at_risk"]
    )
    assert values["credits_in"] == 1000 and values["on_table"] == 1  # the chip the headless start placed
    journal = run([reddog, "--data-dir", data, "attendant", "journal", "--json"], cwd=elsewhere)
    assert journal.returncode == 0 and [r["event"] for r in json.loads(journal.stdout)] == ["open_table"]
    missing = run([reddog, "--data-dir", str(tmp_path / "nothing-here"), "check"], cwd=elsewhere)
    assert missing.returncode == 2 and not (tmp_path / "nothing-here").exists()
    manual = run([reddog, "manpage"], cwd=elsewhere)
    assert manual.returncode == 0 and manual.stdout.startswith(".TH REDDOG 1")
    completion = run([reddog, "completion", "bash"], cwd=elsewhere)
    assert completion.returncode == 0 and "reddog" in completion.stdout
