"""The web server of `reddog serve`: the page, its fonts and scripts, and one seat per journal.

Each browser connection (a websocket) runs the kiosk as its own process through textual-serve's
AppService (by way of textual_serve_adapter.py, the one module that knows textual-serve's
inside). The journal admits one kiosk at a time, so the server admits one connection at a
time too:

- a reload of the same browser tab takes the seat back: the old kiosk is ended (its journal
  closed, everything committed stays) before the new one starts, which shows the same table;
- a dropped connection ends its kiosk, and the next connection takes the free seat;
- any other connection while the seat is taken is sent to a page that says the kiosk is in use.

A tab is known by an id the page keeps in the tab's sessionStorage, which a reload keeps and
another tab, window or screen does not have (static/seat.js gives a copy of a playing tab an
id of its own). Only our own page, reached by the address the server listens on, may
connect (`same_origin`); every frame is checked for its shape, and the keys in it pass the
same input guard as a terminal's (ui/input_guard.py) before the kiosk's process reads them.
Every file the page needs is served from here; the page names no other host.
"""

from __future__ import annotations

import asyncio
import html
import json
import logging
import math
import os
import re
import shlex
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from aiohttp import WSMsgType, hdrs, web

from ..i18n import _, set_language
from ..ui.input_guard import MAX_TERMINAL_SIZE, InputGuard
from ..ui.theme import FELT
from .textual_serve_adapter import TEXTUAL_STATIC, DownloadManager, KioskAppService

log = logging.getLogger(__name__)

STATIC = Path(__file__).with_name("static")  # our fonts and the page's script
END_GRACE_S = 10.0  # an ending kiosk closes its journal in well under a second; past this it is killed
BUSY_RETRY_S = 5  # the "in use" page tries again this often, so it gives way once the seat is free
TAB_ID = re.compile(r"[0-9a-f]{8,64}")
DEFAULT_FONT_SIZE = 16
GAME_NAME = "Red Dog"  # the page's title: the game's name, the same in every language
LOCAL_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})  # what a browser on this machine calls it
EVERY_ADDRESS = frozenset({"", "0.0.0.0", "::"})  # listening on these, the machine answers to any name


@dataclass
class Sitting:
    """One connection that holds the seat, and the kiosk process it runs."""

    tab: str
    websocket: web.WebSocketResponse
    service: KioskAppService | None = None
    ended: asyncio.Event = field(default_factory=asyncio.Event)


class Seat:
    """One live kiosk per journal. `take` waits for an ending kiosk, never for a live one."""

    def __init__(self) -> None:
        self.holder: Sitting | None = None
        self._lock = asyncio.Lock()  # connections take the seat one after the other

    async def take(self, tab: str, websocket: web.WebSocketResponse) -> Sitting | None:
        """The seat for this connection, or None while another tab plays."""
        async with self._lock:
            holder = self.holder
            if holder is not None and not holder.ended.is_set():
                if holder.tab != tab and not holder.websocket.closed:
                    return None
                # The same tab reloaded (its old page is gone even if the socket has not
                # noticed yet), or the old connection dropped: its kiosk ends first.
                log.info("seat handed over%s", " after a reload" if holder.tab == tab else "")
                if not await _ended_in_time(holder):
                    return None  # the old kiosk still holds its journal: this screen is told the seat is in use
            self.holder = Sitting(tab, websocket)
            return self.holder


async def _ended_in_time(holder: Sitting) -> bool:
    """Close the holder's connection and wait for its kiosk to end, which `end_kiosk` bounds;
    past that bound, with a margin, something is stuck: say so rather than wait for ever."""
    await holder.websocket.close()
    try:
        await asyncio.wait_for(holder.ended.wait(), 2 * END_GRACE_S + 5)
    except TimeoutError:
        log.warning("the kiosk of the previous connection has not ended; its seat is not handed on")
        return False
    return True


async def end_kiosk(service: KioskAppService) -> None:
    """Ask the kiosk to quit (it closes its journal as on any exit) and wait for the process to
    end; kill it if it does not. Committed state is in the journal either way."""
    process = service.process
    try:
        await asyncio.wait_for(service.stop(), END_GRACE_S)
        await asyncio.wait_for(process.wait(), END_GRACE_S)
    except TimeoutError:
        log.warning("the kiosk did not end within %s s; killed", END_GRACE_S)
        if process.returncode is None:
            process.kill()
            await process.wait()


def page_language_texts() -> dict[str, str]:
    return {
        "title": GAME_NAME,
        # TRANSLATORS: shown in the browser when the connection to the kiosk ended.
        "ended": _("The connection to the table ended. The table is kept."),
        # TRANSLATORS: a button in the browser that connects to the kiosk again.
        "reconnect": _("Connect again"),
    }


class KioskServer:
    """The aiohttp application of `reddog serve`."""

    def __init__(self, kiosk_command: Sequence[str], language: str = "en", host: str = "127.0.0.1") -> None:
        self.kiosk_command = list(kiosk_command)
        self.language = language  # of the pages, and of a table whose journal has no language yet
        self.host = host  # the address it listens on: the names a page may reach it by
        self.seat = Seat()
        self.downloads = DownloadManager()

    def next_command(self) -> str:
        # exec: the kiosk is the process itself and gets the quit. LANGUAGE stands in for the
        # system's language, so a table starts in ours but keeps the language a player chose.
        return f"exec env LANGUAGE={shlex.quote(self.language)} {shlex.join(self.kiosk_command)}"

    def application(self) -> web.Application:
        app = web.Application()
        app.add_routes([
            web.get("/", self.index),
            web.get("/busy", self.busy),
            web.get("/ws/{tab}", self.websocket),
            web.static("/static", TEXTUAL_STATIC),
            web.static("/reddog", STATIC),
        ])  # fmt: skip
        app.on_shutdown.append(self.on_shutdown)
        return app

    def _speak(self) -> None:
        set_language(self.language)

    async def index(self, request: web.Request) -> web.Response:
        self._speak()
        texts = {key: html.escape(text) for key, text in page_language_texts().items()}
        try:
            font_size = max(8, min(64, int(request.query.get("fontsize", DEFAULT_FONT_SIZE))))
        except ValueError:
            font_size = DEFAULT_FONT_SIZE
        page = INDEX_PAGE.format(lang=self.language, font_size=font_size, **PAGE_COLOURS, **texts)
        return web.Response(text=page, content_type="text/html", headers={"Cache-Control": "no-store"})

    async def busy(self, request: web.Request) -> web.Response:
        self._speak()
        page = BUSY_PAGE.format(
            lang=self.language,
            **PAGE_COLOURS,
            retry=BUSY_RETRY_S,
            title=html.escape(page_language_texts()["title"]),
            # TRANSLATORS: the browser page a second screen sees while the kiosk is played elsewhere.
            heading=html.escape(_("This kiosk is in use")),
            # TRANSLATORS: under "This kiosk is in use"; the page tries again by itself.
            text=html.escape(
                _("The table is being played on another screen. This page opens it as soon as it is free.")
            ),
        )
        return web.Response(text=page, content_type="text/html", headers={"Cache-Control": "no-store"})

    def same_origin(self, request: web.Request) -> bool:
        """Whether the connection comes from our own page, by our own name: a page of another
        site may open a websocket to this machine (its Origin says so), and a name of another
        site may lead to this machine (DNS rebinding: its Host says so)."""
        host = request.headers.get(hdrs.HOST, "")
        name = _host_name(host)
        listening = self.host.strip("[]").lower()
        if name is None or (listening not in EVERY_ADDRESS and name not in LOCAL_NAMES | {listening}):
            return False
        origin = request.headers.get(hdrs.ORIGIN)
        if origin is None:  # not a browser's page
            return True
        parts = urlsplit(origin)
        return parts.scheme in ("http", "https") and parts.netloc.lower() == host.lower()

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        if not self.same_origin(request):
            log.warning(
                "refused a connection from another site (Origin %r, Host %r)",
                request.headers.get(hdrs.ORIGIN),
                request.headers.get(hdrs.HOST),
            )
            return web.Response(status=403)
        tab = request.match_info["tab"]
        websocket = web.WebSocketResponse(heartbeat=15)
        await websocket.prepare(request)
        if not TAB_ID.fullmatch(tab):
            await websocket.close()
            return websocket
        sitting = await self.seat.take(tab, websocket)
        if sitting is None:
            log.info("a second screen was sent to the in-use page")
            await websocket.send_json(["open_url", {"url": "/busy", "new_tab": False}])
            await websocket.close()
            return websocket
        width, height = _size(request.query.get("width"), 80), _size(request.query.get("height"), 24)

        async def close() -> None:  # the kiosk quit by itself: the page shows "connect again"
            await websocket.close()

        try:
            service = KioskAppService(
                self.next_command(),
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=close,
                download_manager=self.downloads,
            )
            await service.start(width, height)
            sitting.service = service  # started: from here on it is ended below
            await _relay(websocket, service)
        finally:
            try:
                if sitting.service is not None:
                    await end_kiosk(sitting.service)
            finally:
                sitting.ended.set()
        return websocket

    async def on_shutdown(self, app: web.Application) -> None:
        holder = self.seat.holder
        if holder is not None and not holder.ended.is_set():
            await _ended_in_time(holder)


def _host_name(host: str) -> str | None:
    """The name in a Host header ("name:port", "[::1]:port"), lowercase; None if it is not one."""
    try:
        return urlsplit(f"//{host}").hostname
    except ValueError:
        return None


def _size(value: object, default: int) -> int:
    """A width or height from the browser (the address's text, or a number in a frame), in
    1..MAX_TERMINAL_SIZE; anything else gives `default`."""
    if isinstance(value, str):
        try:
            value = int(value)
        except ValueError:
            return default
    if isinstance(value, float) and math.isfinite(value):
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool):
        return default
    return max(1, min(MAX_TERMINAL_SIZE, value))


def _frame(text: str) -> tuple[str, object]:
    """A frame from the page, `["kind", data]`; anything else is ("", None), which nothing heeds."""
    try:
        frame = json.loads(text)
    except (ValueError, RecursionError):  # not JSON, or nested too deep to read
        return "", None
    if isinstance(frame, list) and len(frame) == 2 and isinstance(frame[0], str):
        return frame[0], frame[1]
    return "", None


async def _relay(websocket: web.WebSocketResponse, service: KioskAppService) -> None:
    """Keys, clicks and the window's size from the browser to the kiosk, until either side closes.
    Frames of any other shape are ignored; the keys pass the same guard as a terminal's."""
    guard = InputGuard()
    async for message in websocket:
        if message.type != WSMsgType.TEXT:
            continue
        kind, data = _frame(message.data)
        if kind == "stdin" and isinstance(data, str):
            passed = guard.feed(data.encode("utf-8", "surrogatepass"))  # the guard drops what is not UTF-8
            if passed:  # Textual takes an empty packet for the end of its input
                await service.send_bytes(passed)
        elif kind == "resize" and isinstance(data, dict):
            await service.set_terminal_size(_size(data.get("width"), 80), _size(data.get("height"), 24))
        elif kind == "ping":
            await websocket.send_json(["pong", data])
        elif kind == "blur":
            await service.blur()
        elif kind == "focus":
            await service.focus()


# textual.js draws with the font family 'Roboto Mono'; that name is given here to DejaVu Sans
# Mono, served from the package, which has every character the table draws (the suits too).
# textual.js starts the terminal on the window's load; the script below sets the websocket
# address (with the tab's id) before that, and holds the start until both faces are loaded,
# since the terminal measures its cells once.
# The pages around the terminal in the felt's colours, from the one module that holds colours.
PAGE_COLOURS = {"felt": FELT.felt, "felt_deep": FELT.felt_deep, "ink": FELT.table_text}

INDEX_PAGE = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, user-scalable=no">
<title>{title}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/static/css/xterm.css">
<style>
@font-face {{ font-family: 'Roboto Mono'; font-weight: normal; src: url(/reddog/fonts/DejaVuSansMono.ttf); }}
@font-face {{ font-family: 'Roboto Mono'; font-weight: bold; src: url(/reddog/fonts/DejaVuSansMono-Bold.ttf); }}
html, body {{ margin: 0; height: 100%; overflow: hidden; background: {felt}; touch-action: none; }}
.textual-terminal {{ width: 100vw; height: 100vh; }}
.ended {{ display: none; position: absolute; inset: 0; z-index: 10;
  background: color-mix(in srgb, {felt_deep} 90%, transparent); color: {ink}; font: 24px 'Roboto Mono', monospace; align-items: center; justify-content: center;
  flex-direction: column; text-align: center; }}
body.-closed .ended {{ display: flex; }}
.ended button {{ font: inherit; padding: 16px 32px; margin: 24px; }}
</style>
<script src="/static/js/textual.js"></script>
</head>
<body>
<div class="ended"><p>{ended}</p><button type="button" onclick="location.reload()">{reconnect}</button></div>
<div id="terminal" class="textual-terminal" data-font-size="{font_size}"></div>
<script src="/reddog/seat.js"></script>
</body>
</html>
"""

BUSY_PAGE = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta http-equiv="refresh" content="{retry};url=/">
<title>{title}</title>
<link rel="icon" href="data:,">
<style>
@font-face {{ font-family: 'DejaVu Sans Mono'; src: url(/reddog/fonts/DejaVuSansMono.ttf); }}
body {{ margin: 0; height: 100vh; display: flex; flex-direction: column; align-items: center;
  justify-content: center; background: {felt}; color: {ink}; font: 24px 'DejaVu Sans Mono', monospace;
  text-align: center; }}
h1 {{ font-size: 40px; }}
</style>
</head>
<body id="busy">
<h1>{heading}</h1>
<p>{text}</p>
</body>
</html>
"""


def kiosk_command(data_dir: Path, *, kiosk: bool, extra: Sequence[str] = ()) -> list[str]:
    """The command line of one kiosk process: this Python, this journal, the full card glyphs
    (the page's font has them all). No --lang: that would override the language a player chose
    before a reload (the server sets the language a new journal starts in)."""
    command = [sys.executable, "-m", "reddog_tui", "--data-dir", str(data_dir), "--glyphs", "full", *extra]
    if kiosk:
        command.append("--kiosk")
    return command


def serve(
    host: str,
    port: int,
    data_dir: Path,
    *,
    kiosk: bool,
    language: str,
    extra: Sequence[str] = (),
    environment: Mapping[str, str] | None = None,
) -> int:
    """Runs the server until SIGINT or SIGTERM; the kiosk playing then is ended cleanly.

    `environment` is handed to every kiosk process: settings that must not be on a command line,
    which anyone on the machine can read. textual-serve starts each kiosk with a copy of this
    process's environment, so they are put there.
    """
    os.environ.update(environment or {})
    server = KioskServer(kiosk_command(data_dir, kiosk=kiosk, extra=extra), language=language, host=host)
    log.info("serving the kiosk on http://%s:%d/, data dir %s", host, port, data_dir)
    try:
        web.run_app(server.application(), host=host, port=port, print=None, access_log=None)
    except OSError as error:
        set_language(language)
        print(
            _("reddog serve: cannot listen on {host} port {port}: {reason}").format(
                host=host, port=port, reason=error.strerror or error
            ),
            file=sys.stderr,
        )
        return 1
    return 0
