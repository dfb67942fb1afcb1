"""Click to changed frame in Chromium: the kiosk served by `reddog serve` against the bare app
served by the same server code.

    python benchmarks/browser_latency.py [--clicks N]

Each server runs as its own process on 127.0.0.1; Debian's Chromium (Playwright, headless,
1280×720) opens the page. A click is timed in the page, from the mouse-down event to the first
frame xterm.js draws whose text differs from the screen at the click. The kiosk's click adds a
chip of 1 to the ante and the next takes it off (a left and a right click); the bare app's click
presses its button, which counts. Clicks are made one at a time, each from a quiet screen, 0.6 s apart (no double clicks).
Prints medians and the ratio; writes benchmarks/results/browser_latency.json.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
EXPOSE_TERMINAL = ("this.terminal=new v.Terminal(", "this.terminal=window.reddogTerminal=new v.Terminal(")
# In the page: the screen's text at each mouse-down, and the time to the first frame that differs.
TIMER = """() => {
    const terminal = window.reddogTerminal;
    const text = () => {
        const lines = [];
        for (let y = 0; y < terminal.rows; y++) lines.push(terminal.buffer.active.getLine(y).translateToString(true));
        return lines.join("\\n");
    };
    window.reddogLatencies = [];
    let pending = null;
    document.addEventListener("mousedown", () => { pending = {at: performance.now(), screen: text()}; }, true);
    terminal.onRender(() => {
        if (pending && text() !== pending.screen) {
            window.reddogLatencies.push(performance.now() - pending.at);
            pending = null;
        }
    });
}"""
SCREEN = """() => { const t = window.reddogTerminal, out = [];
    for (let y = 0; y < t.rows; y++) out.push(t.buffer.active.getLine(y).translateToString(true)); return out; }"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(command: list[str], port: int) -> subprocess.Popen:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("REDDOG_")}
    environment["PYTHONPATH"] = str(ROOT)
    process = subprocess.Popen(command, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5).close()
            return process
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"the server did not start: {command}") from None
            time.sleep(0.2)


def serve_bare(port: int) -> None:
    """The bare app behind the same server as the kiosk."""
    from aiohttp import web

    from reddog_tui.web.server import KioskServer

    server = KioskServer([sys.executable, str(ROOT / "benchmarks" / "bare_web_app.py")], language="en")
    web.run_app(server.application(), host="127.0.0.1", port=port, print=None, access_log=None)


class Page:
    def __init__(self, page) -> None:
        self.page = page

    def find(self, word: str, timeout: float = 60) -> tuple[float, float]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            lines = self.page.evaluate(SCREEN) if self.page.evaluate("!!window.reddogTerminal") else []
            for row, line in enumerate(lines):
                if word in line:
                    box = self.page.locator(".xterm-screen").bounding_box()
                    columns, rows = self.page.evaluate("[window.reddogTerminal.cols, window.reddogTerminal.rows]")
                    column = line.index(word) + len(word) / 2
                    return (box["x"] + column * box["width"] / columns, box["y"] + (row + 0.5) * box["height"] / rows)
            self.page.wait_for_timeout(100)
        raise SystemExit(f"{word!r} never appeared")

    def measure(self, clicks: list[tuple[tuple[float, float], str]]) -> list[float]:
        self.page.evaluate(TIMER)
        for number, ((x, y), button) in enumerate(clicks, start=1):
            self.page.mouse.click(x, y, button=button)
            deadline = time.monotonic() + 30
            while self.page.evaluate("window.reddogLatencies.length") < number:
                if time.monotonic() > deadline:
                    raise SystemExit("a click changed nothing on the screen")
                self.page.wait_for_timeout(20)
            # A quiet screen before the next click, and past Textual's double-click time, so
            # that every click is a first click (the kiosk ignores a double click's second).
            self.page.wait_for_timeout(600)
        return self.page.evaluate("window.reddogLatencies")


def measure(url: str, playwright, prepare) -> list[float]:
    browser = playwright.chromium.launch(executable_path=CHROMIUM)
    try:
        page = browser.new_page(viewport={"width": 1280, "height": 720})

        def expose(route) -> None:
            response = route.fetch()
            route.fulfill(response=response, body=response.text().replace(*EXPOSE_TERMINAL))

        page.route("**/static/js/textual.js", expose)
        page.goto(url)
        return Page(page).measure(prepare(Page(page)))
    finally:
        browser.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=40)
    parser.add_argument("--serve-bare", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve_bare:
        serve_bare(args.serve_bare)
        return 0
    from playwright.sync_api import sync_playwright

    def kiosk_clicks(page: Page):
        page.page.mouse.click(*page.find("English"))
        chip = page.find("┃  1  ┃")  # the chip of 1, selected at the start
        page.find("DEAL")
        return [(chip, "left" if n % 2 == 0 else "right") for n in range(args.clicks)]

    def bare_clicks(page: Page):
        return [(page.find("Deal"), "left")] * args.clicks

    results = {}
    with tempfile.TemporaryDirectory() as data_dir, sync_playwright() as playwright:
        for name, command, prepare in (
            (
                "kiosk",
                [sys.executable, "-m", "reddog_tui", "serve", "--lang", "en", "--data-dir", data_dir],
                kiosk_clicks,
            ),
            ("bare", [sys.executable, __file__, "--serve-bare"], bare_clicks),
        ):
            port = free_port()
            process = start([*command, "--port", str(port)] if name == "kiosk" else [*command, str(port)], port)
            try:
                results[name] = measure(f"http://127.0.0.1:{port}/", playwright, prepare)
            finally:
                process.terminate()
                process.wait(timeout=60)
    kiosk, bare = statistics.median(results["kiosk"]), statistics.median(results["bare"])
    print(f"click to changed frame, median of {args.clicks}: kiosk {kiosk:.1f} ms, bare Textual app {bare:.1f} ms, "
          f"ratio {kiosk / bare:.2f}×")  # fmt: skip
    out = ROOT / "benchmarks" / "results" / "browser_latency.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"kiosk_ms": results["kiosk"], "bare_ms": results["bare"], "median_kiosk_ms": kiosk,
                               "median_bare_ms": bare, "ratio": kiosk / bare}, indent=2))  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
