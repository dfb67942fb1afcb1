"""`reddog serve`: loopback unless told otherwise, and one seat per journal, with real kiosk
processes behind a real websocket (the browser itself is in test_browser.py)."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import pytest

from ..cli.run import run_cli

pytest.importorskip("textual_serve", reason="the web extra is not installed (pip install '.[web]')")

from aiohttp import ClientSession, WSMsgType, web

from reddog_tui.web.server import KioskServer, kiosk_command

DEADLINE_S = 90  # a kiosk starts in a second or two; a loaded machine may take far longer
TAB_A, TAB_B, TAB_C = "a" * 32, "b" * 32, "c" * 32


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "can be reached from other machines"), ("de", "ist von anderen Rechnern erreichbar")],
)
def test_an_address_other_machines_reach_needs_allow_remote(tmp_path, language, words):
    proc = run_cli(["serve", "--lang", language, "--host", "0.0.0.0", "--data-dir", str(tmp_path)])
    assert proc.returncode == 2
    assert words in proc.stderr and "--allow-remote" in proc.stderr
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize("host", ["127.0.0.1", "::1", "localhost", "127.0.0.2"])
def test_loopback_addresses_need_no_flag(host):
    from reddog_tui.cli.serve import is_loopback

    assert is_loopback(host)


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.20", "::", "kiosk.local"])
def test_other_addresses_are_not_loopback(host):
    from reddog_tui.cli.serve import is_loopback

    assert not is_loopback(host)


def test_the_kiosk_options_work_before_and_after_serve():
    from reddog_tui.cli.parser import parse_arguments

    before = parse_arguments(["--lang", "de", "--data-dir", "x", "--kiosk", "serve"])
    after = parse_arguments(["serve", "--lang", "de", "--data-dir", "x", "--kiosk", "--port", "8123"])
    for args in (before, after):
        assert (args.command, args.lang, args.data_dir, args.kiosk) == ("serve", "de", "x", True)
    assert (before.host, before.port, after.port) == ("127.0.0.1", 8000, 8123)


def test_serve_in_kiosk_mode_needs_a_pin_first(tmp_path):
    proc = run_cli(["serve", "--kiosk", "--lang", "de", "--data-dir", str(tmp_path)])
    assert proc.returncode == 2
    assert "attendant set-pin" in proc.stderr and "Traceback" not in proc.stderr


def test_the_kiosk_process_is_this_python_on_this_journal(tmp_path):
    command = kiosk_command(tmp_path, kiosk=True)
    assert command[:3] == [sys.executable, "-m", "reddog_tui"]
    assert command[command.index("--data-dir") + 1] == str(tmp_path)
    assert "--kiosk" in command and "--lang" not in command  # --lang would override the player's choice
    assert "--kiosk" not in kiosk_command(tmp_path, kiosk=False)
    assert KioskServer(command, language="pl").next_command().startswith("exec env LANGUAGE=pl ")


async def read_until(socket, word: bytes) -> bytes:
    """What the kiosk drew on this socket until `word` appears in it."""
    seen = b""

    async def read() -> bytes:
        nonlocal seen
        while word not in seen:
            message = await socket.receive()
            if message.type == WSMsgType.BINARY:
                seen += message.data
            elif message.type in (WSMsgType.CLOSE, WSMsgType.CLOSED, WSMsgType.CLOSING):
                raise AssertionError(f"closed before {word!r} was drawn: {seen[-2000:]!r}")
        return seen

    return await asyncio.wait_for(read(), DEADLINE_S)


async def closed(socket) -> bool:
    async def drain() -> None:
        while (await socket.receive()).type not in (WSMsgType.CLOSE, WSMsgType.CLOSED, WSMsgType.CLOSING):
            pass

    await asyncio.wait_for(drain(), DEADLINE_S)
    return True


def test_one_seat_a_second_screen_is_turned_away_and_a_reload_takes_the_table_back(tmp_path):
    server = KioskServer(kiosk_command(tmp_path, kiosk=False), language="de")
    processes, previous_at_start = [], []  # each kiosk process; how the one before stood when the next started
    start = server.next_command

    def next_command() -> str:
        previous_at_start.append(processes[-1].returncode if processes else "none")
        return start()

    server.next_command = next_command

    async def scenario() -> None:
        runner = web.AppRunner(server.application())
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = runner.addresses[0][1]
        url = f"ws://127.0.0.1:{port}/ws/"
        try:
            async with ClientSession() as http:
                first = await http.ws_connect(url + TAB_A + "?width=100&height=30")
                await read_until(first, b"Sprache")  # the German welcome
                first_process = server.seat.holder.service.process
                processes.append(first_process)

                # Another tab while the first plays: sent to the page that says so, in German.
                second = await http.ws_connect(url + TAB_B)
                message = await asyncio.wait_for(second.receive(), DEADLINE_S)
                assert message.type == WSMsgType.TEXT
                assert json.loads(message.data) == ["open_url", {"url": "/busy", "new_tab": False}]
                assert await closed(second)
                async with http.get(f"http://127.0.0.1:{port}/busy") as page:
                    assert "Dieser Tisch ist belegt" in await page.text()
                assert first_process.returncode is None  # the first table plays on

                # The first tab reloads before its old socket is gone: the old kiosk ends cleanly
                # (its journal closed), then the new one opens the same journal, still German.
                again = await http.ws_connect(url + TAB_A + "?width=100&height=30")
                await read_until(again, b"Sprache")
                assert first_process.returncode == 0
                assert await closed(first)

                # A dropped connection frees the seat for the next screen.
                again_process = server.seat.holder.service.process
                processes.append(again_process)
                await again.close()
                third = await http.ws_connect(url + TAB_C + "?width=100&height=30")
                await read_until(third, b"Sprache")
                assert again_process.returncode == 0
                await third.close()
        finally:
            await runner.cleanup()
        holder = server.seat.holder
        await asyncio.wait_for(holder.ended.wait(), DEADLINE_S)
        assert holder.service.process.returncode == 0
        # Each kiosk started only once the one before had ended cleanly (its journal closed).
        assert previous_at_start == ["none", 0, 0]

    asyncio.run(scenario())


def test_the_page_names_no_other_host(tmp_path):
    """Every address in the page is on the server itself (the browser test blocks the rest)."""
    server = KioskServer(kiosk_command(tmp_path, kiosk=False), language="fr")

    async def scenario() -> tuple[str, str]:
        runner = web.AppRunner(server.application())
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = runner.addresses[0][1]
        try:
            async with ClientSession() as http:
                async with http.get(f"http://127.0.0.1:{port}/") as index:
                    page = await index.text()
                async with http.get(f"http://127.0.0.1:{port}/reddog/fonts/DejaVuSansMono.ttf") as font:
                    assert font.status == 200 and len(await font.read()) > 100_000
                async with http.get(f"http://127.0.0.1:{port}/busy") as busy:
                    return page, await busy.text()
        finally:
            await runner.cleanup()

    page, busy = asyncio.run(scenario())
    for html in (page, busy):
        assert "http://" not in html and "https://" not in html and "//fonts" not in html
    assert 'lang="fr"' in page and "La connexion à la table est terminée." in page
    assert "Cette table est occupée" in busy


@pytest.mark.parametrize(
    "sent, default, size", [("120", 80, 120), ("0", 80, 1), ("-5", 24, 1), ("100000", 80, 1000), ("wide", 80, 80)]
)
def test_a_window_size_from_the_page_is_held_between_1_and_1000(sent, default, size):
    """The page reports its size; a size no screen has (a page's mistake or a hostile one) is held."""
    from reddog_tui.web.server import _size

    assert _size(sent, default) == size


@pytest.mark.parametrize("text", ['["stdin", "x", "y"]', '["stdin", "x", null]', '["stdin"]', '[5, "x"]'])
def test_a_frame_is_a_kind_and_its_data_and_nothing_more(text):
    """A frame from the page is `["kind", data]`: a list of any other length or shape is no frame,
    whatever its first two items hold."""
    from reddog_tui.web.server import _frame

    assert _frame('["stdin", "x"]') == ("stdin", "x")
    assert _frame(text) == ("", None)


HALL_SECRET = "hunter2-never-shown"


def test_serve_hands_the_hall_settings_to_its_kiosks_in_the_environment(monkeypatch, tmp_path):
    """Not on their command lines, which anyone on the machine can read (`ps`)."""
    import reddog_tui.web.server as web_server
    from reddog_tui.cli import main

    handed: list[dict] = []
    monkeypatch.setattr(web_server, "serve", lambda *args, **kwargs: handed.append(kwargs) or 0)
    monkeypatch.setenv("REDDOG_HALL_DSN", f"host=hall.local dbname=reddog password={HALL_SECRET}")
    assert main(["--kiosk-id", "4", "serve", "--data-dir", str(tmp_path)]) == 0
    assert main(["--hall-dsn", "reddog", "--kiosk-id", "4", "serve", "--data-dir", str(tmp_path)]) == 0
    from_environment, from_option = handed
    for kwargs in handed:
        command = KioskServer(kiosk_command(tmp_path, kiosk=False, extra=kwargs["extra"])).next_command()
        assert "--hall-dsn" not in command and "hall.local" not in command and HALL_SECRET not in command
        assert "--kiosk-id 4" in command  # a kiosk's number is no secret
    assert from_environment["environment"] == {
        "REDDOG_HALL_DSN": f"host=hall.local dbname=reddog password={HALL_SECRET}"
    }
    assert from_option["environment"] == {"REDDOG_HALL_DSN": "service=reddog"}


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="reads the kiosk's command line from /proc")
def test_the_kiosk_process_of_serve_has_no_hall_settings_on_its_command_line(tmp_path):
    """`reddog serve --hall-dsn …` as a real process; its kiosk's command line read from /proc."""
    import os
    import socket
    import subprocess
    import time

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    dsn = "host=127.0.0.1 port=1 dbname=reddog_hall_private connect_timeout=1"
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("REDDOG_", "LC_", "LANG"))}
    environment["LANG"] = "C"
    serving = subprocess.Popen(
        [sys.executable, "-m", "reddog_tui", "--hall-dsn", dsn, "--kiosk-id", "4", "serve", "--port", str(port),
         "--data-dir", str(tmp_path / "kiosk")],
        env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip

    async def scenario() -> tuple[bytes, bytes]:
        async with ClientSession() as http:
            deadline = time.monotonic() + DEADLINE_S
            while True:
                try:
                    socket_ = await http.ws_connect(f"ws://127.0.0.1:{port}/ws/{TAB_A}?width=100&height=30")
                    break
                except OSError:
                    assert serving.poll() is None and time.monotonic() < deadline, (
                        serving.stderr and serving.stderr.read()
                    )
                    await asyncio.sleep(0.2)
            await read_until(socket_, b"Language")
            (kiosk,) = _children(serving.pid)
            command_line = Path(f"/proc/{kiosk}/cmdline").read_bytes()
            kiosk_environment = Path(f"/proc/{kiosk}/environ").read_bytes()
            await socket_.close()
            return command_line, kiosk_environment

    try:
        command_line, kiosk_environment = asyncio.run(scenario())
    finally:
        serving.terminate()
        serving.wait(DEADLINE_S)
    words = command_line.split(b"\0")
    assert b"reddog_tui" in words and b"--kiosk-id" in words
    assert b"--hall-dsn" not in words and b"reddog_hall_private" not in command_line
    assert b"REDDOG_HALL_DSN=" + dsn.encode() in kiosk_environment.split(b"\0")


def test_a_kiosk_that_never_ends_holds_the_seat_for_a_bounded_time_only(monkeypatch, caplog):
    """A reload while the old kiosk hangs: the new screen is told the seat is in use, after a
    bounded wait, and the server says why; it does not wait for ever."""
    from reddog_tui.web import server as web_server

    monkeypatch.setattr(web_server, "END_GRACE_S", 0.05)

    class Socket:
        closed = False

        async def close(self) -> None:
            self.closed = True

    async def scenario() -> tuple[object, bool]:
        seat = web_server.Seat()
        old = Socket()
        assert await seat.take("a" * 32, old) is not None  # its kiosk never ends: `ended` is never set
        taken = await asyncio.wait_for(seat.take("a" * 32, Socket()), 15)  # the bound is 2 × 0.05 + 5 s
        return taken, old.closed

    taken, old_closed = asyncio.run(scenario())
    assert taken is None and old_closed
    assert "has not ended" in caplog.text
