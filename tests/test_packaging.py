"""Packaging and the translators' tools: the licence, the dependency ranges and pins, the
catalogue header, and pybabel run exactly as docs/translating.md documents it."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from packaging.requirements import Requirement

import reddog_tui

REPO = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text())
PROJECT = PYPROJECT["project"]


def constraints() -> dict[str, str]:
    pins = {}
    for line in (REPO / "constraints.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            pins[re.sub(r"[-_.]+", "-", name).lower()] = version
    return pins


def test_the_licence_file_is_mit_and_named_in_the_metadata():
    assert (REPO / "LICENSE").read_text().startswith("MIT License\n")
    assert PROJECT["license"] == "MIT" and PROJECT["license-files"] == ["LICENSE"]
    assert PROJECT["authors"] and PROJECT["urls"]["Issues"] and PROJECT["classifiers"]
    assert not any(c.startswith("License ::") for c in PROJECT["classifiers"])  # the expression says it


def test_babel_is_a_range_and_its_reason_is_recorded():
    (babel,) = [Requirement(r) for r in PROJECT["dependencies"] if Requirement(r).name == "babel"]
    assert "==" not in str(babel.specifier) and babel.specifier.contains("2.18.0")
    assert babel.specifier.contains("2.16.0") and not babel.specifier.contains("2.15.0")
    text = (REPO / "pyproject.toml").read_text()
    reason = text[text.index("# Babel:") : text.index('"babel>=')]
    assert "[[tool.babel.mappings]]" in reason and "constraints.txt" in reason


def test_every_dependency_is_pinned_in_the_constraints_within_its_range():
    pins = constraints()
    wanted = [r for extra in PROJECT["optional-dependencies"].values() for r in extra] + PROJECT["dependencies"]
    for requirement in map(Requirement, wanted):
        name = requirement.name.lower()
        if name == PROJECT["name"]:  # the test extra names the hall extra of this package
            continue
        assert name in pins, name
        assert requirement.specifier.contains(pins[name]), (name, pins[name])


def test_ci_installs_from_the_constraints():
    ci = (REPO / ".ci" / "run").read_text()
    assert "pip install -c constraints.txt '.[test]'" in ci
    readme = (REPO / "README.md").read_text()
    assert "pip install -c constraints.txt '.[test]' && pytest" in readme
    assert "pip install -c constraints.txt ./reddog_tui-" in readme  # the kiosk image


def test_ci_builds_the_documentation_strictly_with_the_docs_extra():
    ci = (REPO / ".ci" / "run").read_text()
    assert "pip install --quiet -c constraints.txt '.[docs]'" in ci
    (build,) = [line for line in ci.splitlines() if "mkdocs build" in line and not line.lstrip().startswith("#")]
    assert "--strict" in build.split()
    assert ci.index("mypy\n") < ci.index(build)  # after the static checks


def test_the_template_header_names_project_version_and_bug_address():
    with (REPO / "locales" / "reddog.pot").open("rb") as handle:
        template = read_po(handle)
    assert template.project == "reddog-tui" and template.version == reddog_tui.__version__
    assert template.msgid_bugs_address == PROJECT["urls"]["Issues"]
    assert f"Copyright (C) 2026 {PROJECT['authors'][0]['name']}" in template.header_comment


def documented_pybabel_commands() -> list[str]:
    """The pybabel commands of docs/translating.md's "The catalogues", continuation lines joined."""
    guide = (REPO / "docs" / "translating.md").read_text()
    section = guide[guide.index("## The catalogues") :]
    section = section[: section.index("\n## ", 4)]
    joined = section.replace("\\\n", " ")
    return [line.strip() for line in joined.splitlines() if line.strip().startswith("pybabel ")]


@pytest.mark.skipif(shutil.which("bash") is None, reason="runs the documented commands in bash")
def test_pybabel_as_documented_reproduces_the_catalogues(tmp_path):
    commands = documented_pybabel_commands()
    assert [c.split()[1] for c in commands] == ["extract", "update", "compile"]
    for name in ("reddog_tui", "locales"):
        shutil.copytree(REPO / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO / "pyproject.toml", tmp_path)
    bin_dir = Path(sys.executable).parent
    environment = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}", "PYTHONPATH": str(tmp_path)}
    for command in commands:
        done = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=environment, capture_output=True, text=True)
        assert done.returncode == 0, (command, done.stderr[-2000:])

    def without_dates(path: Path) -> str:
        return re.sub(r'"(POT-Creation-Date|PO-Revision-Date): [^"]*"', "", path.read_text())

    for path in [REPO / "locales" / "reddog.pot", *sorted((REPO / "locales").glob("*/LC_MESSAGES/reddog.po"))]:
        again = tmp_path / path.relative_to(REPO)
        # pybabel marks a template's header fuzzy, as xgettext does; nothing else may differ.
        assert without_dates(again).replace("#, fuzzy\n", "", 1) == without_dates(path).replace("#, fuzzy\n", "", 1), (
            path
        )
    assert sorted(p.parent.parent.name for p in tmp_path.glob("locales/*/LC_MESSAGES/reddog.mo")) == [
        "de",
        "en",
        "fr",
        "it",
        "pl",
    ]


def test_the_sound_files_ship_in_the_wheel_and_the_script_that_makes_them_does_not():
    """The wheel takes every file of the package that git does not ignore, less its `exclude`
    (tests/ui/test_wheel.py checks a built wheel's list)."""
    import pathspec

    wheel = PYPROJECT["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert wheel["packages"] == ["reddog_tui"]
    assert "reddog_tui/ui/sound/make_sounds.py" in wheel["exclude"]
    ignored = pathspec.GitIgnoreSpec.from_lines((REPO / ".gitignore").read_text().splitlines())
    excluded = pathspec.GitIgnoreSpec.from_lines(wheel["exclude"])
    sounds = sorted((REPO / "reddog_tui" / "ui" / "sound" / "files").glob("*.wav"))
    assert len(sounds) == 11
    for path in sounds:
        relative = path.relative_to(REPO).as_posix()
        assert not ignored.match_file(relative) and not excluded.match_file(relative), relative


def test_miniaudio_plays_the_sounds_from_a_wheel_with_nothing_to_build():
    (miniaudio,) = [Requirement(r) for r in PROJECT["dependencies"] if Requirement(r).name == "miniaudio"]
    assert miniaudio.specifier.contains(constraints()["miniaudio"]) and not miniaudio.specifier.contains("2.0")
