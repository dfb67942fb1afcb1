"""`reddog serve`: loopback unless told otherwise, and one seat per journal, with real kiosk
processes behind a real websocket (the browser itself is in test_browser.py)."""

from __future__ import annotations

import asyncio
import json
import sys

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
    from reddog_tui.cli import is_loopback

    assert is_loopback(host)


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.20", "::", "kiosk.local"])
def test_other_addresses_are_not_loopback(host):
    from reddog_tui.cli import is_loopback

    assert not is_loopback(host)


def test_the_kiosk_options_work_before_and_after_serve():
    from reddog_tui.cli import parse_arguments

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
    assert "Cette borne est occupée" in busy


@pytest.mark.parametrize(
    "sent, default, size", [("120", 80, 120), ("0", 80, 1), ("-5", 24, 1), ("100000", 80, 1000), ("wide", 80, 80)]
)
def test_a_window_size_from_the_page_is_held_between_1_and_1000(sent, default, size):
    """The page reports its size; a size no screen has (a page's mistake or a hostile one) is held."""
    from reddog_tui.web.server import _size

    assert _size(sent, default) == size
