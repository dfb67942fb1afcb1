"""Hostile input through `reddog serve`'s websocket: a real server, a real kiosk process.

Bad frames are ignored, keys pass the same input guard as a terminal's (ui/input_guard.py)
before they reach the kiosk's process, in-band sizes are held to the limit, and only our own
page, reached by our own name, may connect.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re

import pytest

pytest.importorskip("textual_serve", reason="the web extra is not installed (pip install '.[web]')")

from aiohttp import ClientSession, WSMsgType, WSServerHandshakeError, web

from reddog_tui.ui.input_guard import MAX_TERMINAL_SIZE, PASTE_TIMEOUT_S
from reddog_tui.web.server import KioskServer, kiosk_command

from ..kiosk.kiosk_helpers import with_pin
from .test_serve import DEADLINE_S, read_until

TAB = "a" * 32
F12 = "\x1b[24~"
PROMPT = b"Enter the attendant PIN and press Enter."
ANSWER_S = 20  # F12 is answered in well under a second; a deaf kiosk never answers


async def serving(server: KioskServer, body) -> None:
    """`body(http, port)` while `server` listens on a free loopback port."""
    runner = web.AppRunner(server.application())
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        async with ClientSession() as http:
            await body(http, runner.addresses[0][1])
    finally:
        await runner.cleanup()


def at_the_table(tmp_path, scenario) -> None:
    """`scenario(socket)` on a locked kiosk's table, in English, over a websocket."""
    server = KioskServer(kiosk_command(with_pin(tmp_path), kiosk=True), language="en")

    async def body(http, port) -> None:
        socket = await http.ws_connect(f"ws://127.0.0.1:{port}/ws/{TAB}?width=100&height=30")
        await read_until(socket, b"Choose your language")
        await socket.send_json(["stdin", "\r"])
        await read_until(socket, b"Credits")
        await scenario(socket)
        await socket.close()

    # Each read is bounded, and so is the whole: a kiosk or a server that hangs fails the test.
    asyncio.run(asyncio.wait_for(serving(server, body), 4 * DEADLINE_S))


async def answers_f12(socket) -> None:
    await socket.send_json(["stdin", F12])
    await asyncio.wait_for(read_until(socket, PROMPT), ANSWER_S)


@pytest.mark.parametrize(
    "hostile",
    ["\x1b[99999999999999999999;5u", "\x1b[97;5;2147483648u", "\x1b[48;24;80;0;0t\x1b[<0;3;3M"],
    ids=["huge-codepoint", "huge-text", "zero-size-then-click"],
)
def test_a_malformed_sequence_from_the_browser_is_dropped(tmp_path, hostile):
    async def scenario(socket) -> None:
        await socket.send_json(["stdin", hostile])
        await answers_f12(socket)

    at_the_table(tmp_path, scenario)


def test_an_unfinished_paste_from_the_browser_is_dropped(tmp_path):
    async def scenario(socket) -> None:
        await socket.send_json(["stdin", "\x1b[200~abc"])
        await asyncio.sleep(PASTE_TIMEOUT_S + 0.2)
        await answers_f12(socket)

    at_the_table(tmp_path, scenario)


def test_an_in_band_size_from_the_browser_is_held_to_the_limit(tmp_path):
    rows, columns = MAX_TERMINAL_SIZE + 100, MAX_TERMINAL_SIZE + 200

    async def scenario(socket) -> None:
        await socket.send_json(["stdin", f"\x1b[48;{rows};{columns};{rows * 20};{columns * 10}t"])
        drawn = await read_until(socket, f"\x1b[{MAX_TERMINAL_SIZE};".encode())  # its last row
        await socket.send_json(["stdin", F12])  # all drawn in between is read on the way to the prompt
        drawn += await asyncio.wait_for(read_until(socket, PROMPT), ANSWER_S)
        assert max(int(row) for row in re.findall(rb"\x1b\[(\d+);\d+H", drawn)) == MAX_TERMINAL_SIZE

    at_the_table(tmp_path, scenario)


BAD_FRAMES = [
    "5",
    "null",
    '"stdin"',
    '{"stdin": "x", "resize": 1}',
    '["stdin"]',
    '["stdin", "x", "y"]',
    '["resize", [100, 30]]',
    '["resize", {"width": Infinity, "height": 30}]',
    '["resize", {"width": NaN, "height": 30}]',
    '["resize", {"width": [1], "height": {"a": 1}}]',
    '["resize", {"width": "1e999", "height": true}]',
    '["stdin", ""]',  # Textual would take an empty packet for the end of its input
    '["stdin", "\\ud800"]',  # not a character: not UTF-8
    "[" * 100_000,
    "not json",
]


def test_frames_of_any_other_shape_are_ignored(tmp_path, caplog):
    caplog.set_level(logging.WARNING)

    async def scenario(socket) -> None:
        for frame in BAD_FRAMES:
            await socket.send_str(frame)
        await socket.send_json(["ping", "still here"])
        await answers_f12(socket)  # the session goes on, and the kiosk hears its keys

    at_the_table(tmp_path, scenario)
    assert [record.getMessage() for record in caplog.records if record.exc_info] == []


def test_resize_frames_are_held_to_the_limit(tmp_path):
    async def scenario(socket) -> None:
        # A narrow window keeps the thousand rows cheap to draw; the width's clamp is the same function's.
        await socket.send_str(json.dumps(["resize", {"width": 40, "height": 1e300}]))
        drawn = await read_until(socket, f"\x1b[{MAX_TERMINAL_SIZE};".encode())
        assert max(int(row) for row in re.findall(rb"\x1b\[(\d+);\d+H", drawn)) == MAX_TERMINAL_SIZE

    at_the_table(tmp_path, scenario)


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "http://evil.example"},
        {"Host": "evil.example"},
        {"Host": "evil.example", "Origin": "http://evil.example"},
        {"Origin": "null"},
    ],
    ids=["origin", "host", "both", "null-origin"],
)
def test_another_site_may_not_connect(tmp_path, headers):
    server = KioskServer(kiosk_command(with_pin(tmp_path), kiosk=True), language="en")

    async def body(http, port) -> None:
        with pytest.raises(WSServerHandshakeError) as refused:
            await http.ws_connect(f"ws://127.0.0.1:{port}/ws/{TAB}", headers=headers)
        assert refused.value.status == 403
        assert server.seat.holder is None  # no kiosk was started for it

    asyncio.run(serving(server, body))


@pytest.mark.parametrize("tab", ["a" * 32 + "!", "a" * 65], ids=["trailing", "too-long"])
def test_a_tab_that_is_no_tab_identity_is_closed_without_a_kiosk(tmp_path, tab):
    server = KioskServer(kiosk_command(with_pin(tmp_path), kiosk=True), language="en")

    async def body(http, port) -> None:
        socket = await http.ws_connect(f"ws://127.0.0.1:{port}/ws/{tab}")
        message = await asyncio.wait_for(socket.receive(), DEADLINE_S)
        assert message.type in (WSMsgType.CLOSE, WSMsgType.CLOSED, WSMsgType.CLOSING)
        assert server.seat.holder is None  # no kiosk was started for it

    asyncio.run(serving(server, body))


@pytest.mark.parametrize("name", ["127.0.0.1", "localhost"])
def test_our_own_page_may_connect(tmp_path, name):
    server = KioskServer(kiosk_command(with_pin(tmp_path), kiosk=True), language="en")

    async def body(http, port) -> None:
        origin = f"http://{name}:{port}"
        socket = await http.ws_connect(f"{origin.replace('http', 'ws')}/ws/{TAB}", headers={"Origin": origin})
        await read_until(socket, b"Choose your language")
        await socket.close()

    asyncio.run(serving(server, body))


@pytest.mark.parametrize(
    ("listening", "host", "origin", "admitted"),
    [
        ("127.0.0.1", "127.0.0.1:8000", "http://127.0.0.1:8000", True),
        ("127.0.0.1", "localhost:8000", None, True),
        ("::1", "[::1]:8000", "http://[::1]:8000", True),
        ("127.0.0.1", "127.0.0.1:8000", "http://127.0.0.1:9000", False),  # another site on this machine
        ("127.0.0.1", "127.0.0.1:8000", "ftp://127.0.0.1:8000", False),  # another scheme is another origin
        ("127.0.0.1", "kiosk.example:8000", None, False),
        ("192.168.1.20", "192.168.1.20:8000", "https://192.168.1.20:8000", True),
        ("0.0.0.0", "kiosk.lan:8000", "http://kiosk.lan:8000", True),  # every address: any name of the machine
        ("0.0.0.0", "kiosk.lan:8000", "http://evil.example", False),
        ("127.0.0.1", "", None, False),
    ],
)
def test_same_origin_is_our_page_by_our_name(listening, host, origin, admitted):
    from aiohttp.test_utils import make_mocked_request

    headers = {"Host": host} | ({"Origin": origin} if origin else {})
    request = make_mocked_request("GET", f"/ws/{TAB}", headers=headers)
    assert KioskServer(["true"], host=listening).same_origin(request) is admitted
