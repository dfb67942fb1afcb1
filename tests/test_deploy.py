"""The kiosk set-ups the documentation describes (docs/): their systemd units, the hall's drop-in and foot's settings are valid.

`systemd-analyze verify` checks each unit as systemd would load it. The programs a unit starts
must exist for it to pass, so paths not installed on this machine (Red Dog under /opt, and
cage or foot where their packages are missing) are replaced by an empty executable in a copy
of the unit; every other line is checked as committed.
"""

from __future__ import annotations

import configparser
import shutil
import subprocess
from pathlib import Path

import pytest

DEPLOY = Path(__file__).resolve().parent.parent / "deploy"
CONSOLE_UNIT = DEPLOY / "reddog-kiosk.service"
GRAPHICAL_UNIT = DEPLOY / "reddog-kiosk-cage.service"
FOOT_CONFIG = DEPLOY / "foot.ini"
SERVE_UNIT = DEPLOY / "reddog-serve.service"
BROWSER_UNIT = DEPLOY / "reddog-browser.service"
CHROMIUM_POLICY = DEPLOY / "chromium-policy.json"
HALL_DROP_IN = DEPLOY / "reddog-hall.conf"  # a drop-in for the kiosk's unit in a hall


def unit_settings(unit: Path) -> dict[str, dict[str, list[str]]]:
    """Section -> key -> values (a key may repeat, as Environment= does)."""
    sections: dict[str, dict[str, list[str]]] = {}
    section = None
    for line in unit.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            section = sections.setdefault(line.strip("[]"), {})
            continue
        key, _, value = line.partition("=")
        assert section is not None, f"{unit.name}: {line!r} before any section"
        section.setdefault(key, []).append(value)
    return sections


def executables(unit: Path) -> list[str]:
    command = unit_settings(unit)["Service"]["ExecStart"][0]
    return [word for word in command.split() if word.startswith("/") and "=" not in word]


def stubbed_copy(tmp_path: Path, unit: Path) -> Path:
    """A copy of `unit` in tmp_path whose programs not installed here are an empty executable."""
    text = unit.read_text()
    stub = tmp_path / "stub"
    stub.write_text("#!/bin/sh\n")
    stub.chmod(0o755)
    for program in executables(unit):
        if not Path(program).is_file():
            text = text.replace(program, str(stub))
    copy = tmp_path / unit.name
    copy.write_text(text)
    return copy


def verify(unit: Path) -> tuple[int, str]:
    """systemd-analyze verify of `unit`, with the drop-ins in `<unit>.d/` beside it."""
    result = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, timeout=60)
    return result.returncode, result.stdout + result.stderr


needs_systemd_analyze = pytest.mark.skipif(
    shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed here"
)


@needs_systemd_analyze
@pytest.mark.parametrize("unit", [CONSOLE_UNIT, GRAPHICAL_UNIT, SERVE_UNIT, BROWSER_UNIT], ids=lambda unit: unit.name)
def test_the_unit_passes_systemd_analyze_verify(tmp_path, unit):
    assert verify(stubbed_copy(tmp_path, unit)) == (0, "")


@needs_systemd_analyze
@pytest.mark.parametrize("unit", [CONSOLE_UNIT, GRAPHICAL_UNIT, SERVE_UNIT], ids=lambda unit: unit.name)
def test_the_hall_drop_in_passes_systemd_analyze_verify_with_each_kiosk_unit(tmp_path, unit):
    copy = stubbed_copy(tmp_path, unit)
    drop_in = tmp_path / f"{unit.name}.d" / "hall.conf"
    drop_in.parent.mkdir()
    drop_in.write_text(HALL_DROP_IN.read_text())
    assert verify(copy) == (0, "")
    # The drop-in is read: a line of it systemd cannot use is reported.
    drop_in.write_text(HALL_DROP_IN.read_text().replace("%d/pgpass", "%Q/pgpass"))
    assert "hall.conf" in verify(copy)[1]


def test_the_hall_drop_in_reads_the_secrets_from_root_owned_files_through_credentials():
    service = unit_settings(HALL_DROP_IN)["Service"]
    credentials = dict(value.split(":", 1) for value in service["LoadCredential"])
    assert set(credentials) == {"pg_service.conf", "pgpass", "root.crt"}
    assert all(path.startswith("/etc/reddog/hall/") for path in credentials.values())
    environment = dict(value.split("=", 1) for value in service["Environment"])
    assert environment["PGSERVICEFILE"] == "%d/pg_service.conf" and environment["PGPASSFILE"] == "%d/pgpass"
    assert environment["PGSSLROOTCERT"] == "%d/root.crt"
    assert environment["REDDOG_HALL_DSN"].isidentifier()  # a service's name: no settings, no password


def test_no_unit_holds_hall_settings_or_a_password():
    for unit in [*sorted(DEPLOY.glob("*.service")), HALL_DROP_IN]:
        settings = unit_settings(unit)["Service"]
        for command in settings.get("ExecStart", []):
            assert "--hall-dsn" not in command and "password" not in command.lower(), unit.name
        for value in settings.get("Environment", []):
            assert not value.startswith("PGPASSWORD=") and "password=" not in value.lower(), unit.name


def test_the_hall_guide_installs_the_hall_drop_in_and_its_files():
    guide = (DEPLOY.parent / "docs" / "hall.md").read_text(encoding="utf-8")
    hall = guide[guide.index("## Setting up a hall") : guide.index("## Tests and load")]
    assert "deploy/reddog-hall.conf" in hall and "reddog-kiosk.service.d/hall.conf" in hall
    installs = [line.split() for line in hall.splitlines() if line.strip().startswith("install -m 0600")]
    for credential in unit_settings(HALL_DROP_IN)["Service"]["LoadCredential"]:
        path = credential.split(":", 1)[1]
        folder, _, name = path.rpartition("/")
        # Each file the drop-in reads is installed there, readable by root alone (0600).
        assert any(
            words[-1] == path or (words[-1] == folder + "/" and any(w.endswith("/" + name) for w in words[3:-1]))
            for words in installs
        ), name
    assert "sslmode=verify-full" in hall and "pg_dump" in hall and "pg_restore" in hall


def test_the_console_unit_draws_on_the_console():
    """Textual draws on standard error: sent to the journal, the screen would go there, tty1 stay blank."""
    service = unit_settings(CONSOLE_UNIT)["Service"]
    assert service["StandardInput"] == service["StandardOutput"] == service["StandardError"] == ["tty"]
    assert service["TTYPath"] == ["/dev/tty1"]
    assert "TERM=linux" in service["Environment"]
    assert "--glyphs console" in service["ExecStart"][0]


def test_the_graphical_unit_runs_red_dog_in_foot_with_its_settings():
    service = unit_settings(GRAPHICAL_UNIT)["Service"]
    command = service["ExecStart"][0].split()
    assert command[0].endswith("/cage") and "-s" not in command  # -s would allow switching consoles
    assert "--config=/etc/reddog/foot.ini" in command
    assert command[-4:] == ["/opt/reddog/venv/bin/reddog", "--kiosk", "--glyphs", "full"]


def test_foot_offers_the_player_none_of_its_own_shortcuts():
    config = configparser.ConfigParser(strict=True)
    config.read_string("[main]\n" + FOOT_CONFIG.read_text())
    for action in ("spawn-terminal", "show-urls-launch", "pipe-visible", "pipe-scrollback", "pipe-selected"):
        assert config["key-bindings"][action] == "none"
    assert "DejaVu Sans Mono" in config["main"]["font"]


@pytest.mark.skipif(shutil.which("foot") is None, reason="foot is not installed here")
def test_foot_accepts_the_settings():
    result = subprocess.run(
        ["foot", "--check-config", f"--config={FOOT_CONFIG}"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr


def test_the_browser_kiosk_shows_the_loopback_server_with_the_kiosk_flags():
    serve = unit_settings(SERVE_UNIT)["Service"]["ExecStart"][0].split()
    assert serve[1:3] == ["serve", "--kiosk"] and serve[serve.index("--host") + 1] == "127.0.0.1"
    assert "--allow-remote" not in serve
    browser = unit_settings(BROWSER_UNIT)["Service"]["ExecStart"][0].split()
    flags = {"--kiosk", "--noerrdialogs", "--disable-pinch", "--overscroll-history-navigation=0"}
    assert flags <= set(browser) and browser[-1] == "http://127.0.0.1:" + serve[serve.index("--port") + 1] + "/"
    assert unit_settings(BROWSER_UNIT)["Unit"]["Wants"] == ["reddog-serve.service"]


def test_the_chromium_policy_turns_off_the_developer_tools():
    import json

    assert json.loads(CHROMIUM_POLICY.read_text())["DeveloperToolsAvailability"] == 2  # 2: never


def test_every_chromium_flag_of_the_browser_unit_is_explained_in_the_unit_and_the_guide():
    command = unit_settings(BROWSER_UNIT)["Service"]["ExecStart"][0].split()
    flags = [word for word in command[command.index("/usr/bin/chromium") + 1 :] if word.startswith("--")]
    assert {"--kiosk", "--noerrdialogs", "--disable-pinch", "--overscroll-history-navigation=0"} <= set(flags)
    comments = " ".join(line.lstrip("# ") for line in BROWSER_UNIT.read_text().splitlines() if line.startswith("#"))
    browser_section = (DEPLOY.parent / "docs" / "operator" / "browser.md").read_text(encoding="utf-8")
    browser_section = " ".join(browser_section.split())  # lines joined
    for flag in flags:
        assert f"{flag}:" in comments, f"{flag} is not explained in {BROWSER_UNIT.name}"
        assert f"`{flag}` (" in browser_section, f"{flag} is not explained in docs/operator/browser.md"
