"""What `reddog serve` takes from textual-serve, held to the version it was written for: each
test here fails when an upgrade of textual-serve moves a part the server relies on."""

from __future__ import annotations

import asyncio
import inspect
import sys
import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest

pytest.importorskip("textual_serve", reason="the web extra is not installed (pip install '.[web]')")

from packaging.requirements import Requirement
from textual_serve.app_service import AppService

from reddog_tui.web.textual_serve_adapter import (
    TEXTUAL_STATIC,
    DownloadManager,
    KioskAppService,
    TextualServeChanged,
)

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"
DEADLINE_S = 60
# Stands in for a Textual app: the line textual-serve waits for, then it ends at the first
# packet on its input (the quit that `stop` sends).
QUITS_ON_THE_FIRST_PACKET = "import sys; print('__GANGLION__', flush=True); sys.stdin.buffer.read(1)"


def test_the_installed_textual_serve_is_the_pinned_one():
    extras = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    (pin,) = [Requirement(line) for line in extras["web"] if Requirement(line).name == "textual-serve"]
    assert str(pin.specifier) == "<1.2,>=1.1.3"  # a new minor version: read textual_serve_adapter.py first
    assert pin.specifier.contains(version("textual-serve"))


def test_the_public_methods_the_server_calls_are_there_as_it_calls_them():
    parameters = inspect.signature(AppService.__init__).parameters
    assert {"command", "write_bytes", "write_str", "close", "download_manager"} <= set(parameters)
    assert list(inspect.signature(AppService.start).parameters) == ["self", "width", "height"]
    assert list(inspect.signature(AppService.set_terminal_size).parameters) == ["self", "width", "height"]
    assert list(inspect.signature(AppService.send_bytes).parameters) == ["self", "data"]
    for name in ("stop", "blur", "focus"):
        assert list(inspect.signature(getattr(AppService, name)).parameters) == ["self"], name
    assert inspect.isclass(DownloadManager)
    # The page loads these from textual-serve's package.
    for path in ("js/textual.js", "css/xterm.css"):
        assert (TEXTUAL_STATIC / path).is_file(), path


def service(command: str) -> KioskAppService:
    async def nothing(*_args) -> None:
        pass

    return KioskAppService(
        command, write_bytes=nothing, write_str=nothing, close=nothing, download_manager=DownloadManager()
    )


def test_the_started_process_is_in_reach_and_stop_ends_it():
    async def scenario() -> None:
        app = service(f'exec {sys.executable} -c "{QUITS_ON_THE_FIRST_PACKET}"')
        await app.start(80, 24)
        process = app.process
        assert process.pid > 0 and process.returncode is None
        await asyncio.wait_for(app.stop(), DEADLINE_S)
        assert await asyncio.wait_for(process.wait(), DEADLINE_S) == 0

    asyncio.run(scenario())


def test_it_says_so_loudly_when_the_process_is_not_where_textual_serve_1_1_keeps_it(monkeypatch):
    async def start_elsewhere(self, width: int, height: int) -> None:
        self._process = None  # as if an upgrade had moved or renamed it
        self._elsewhere = await asyncio.create_subprocess_exec(sys.executable, "-c", "pass")

    monkeypatch.setattr(AppService, "_open_app_process", start_elsewhere)
    monkeypatch.setattr(AppService, "run", lambda self: asyncio.sleep(0))

    async def scenario() -> None:
        app = service("true")
        with pytest.raises(TextualServeChanged, match=r"textual-serve 1\.1 only"):
            await app.start(80, 24)
        await app._elsewhere.wait()

    asyncio.run(scenario())
