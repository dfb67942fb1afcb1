"""The kiosk in real Chromium (Debian's, driven by Playwright; no browser is downloaded): a round
played with clicks, the language switched mid-round through all five, the rules (F1), settings
(F2) and recall (F3) opened, a reload mid-round that shows the same table, and not one request
that leaves 127.0.0.1.

Screenshots, one per language, go to test-artefacts/browser/ (ignored by git) for a person to
look at. The screen's text is read from the page's terminal (xterm.js): the test serves
textual.js with one change, which hands the terminal object to the page's window.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

import pytest

from reddog_tui import i18n
from reddog_tui.engine import Action
from reddog_tui.i18n import LANGUAGES, _, next_language
from reddog_tui.i18n.keys import BUTTON_KEYS

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
pytestmark = pytest.mark.skipif(
    not os.access(CHROMIUM, os.X_OK), reason="Chromium is not installed (apt-get install chromium)"
)
sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install '.[test]')")
pytest.importorskip("textual_serve", reason="the web extra is not installed (pip install '.[web]')")

ARTEFACTS = Path(__file__).resolve().parents[2] / "test-artefacts" / "browser"
DEADLINE_S = 90.0  # the machine is shared and slow at times: poll, never assume a time
LOCAL_HOST = "127.0.0.1"
EXPOSE_TERMINAL = ("this.terminal=new v.Terminal(", "this.terminal=window.reddogTerminal=new v.Terminal(")
SCREEN_TEXT = """() => {
    const terminal = window.reddogTerminal;
    if (!terminal) return [];
    const lines = [];
    for (let y = 0; y < terminal.rows; y++) lines.push(terminal.buffer.active.getLine(y).translateToString(true));
    return lines;
}"""


LABELS = {Action.DEAL: "DEAL", Action.CALL: "CALL", Action.REBET: "REBET", Action.NEW_BET: "NEW BET"}


def button(language: str, action: Action) -> str:
    """A table button as drawn: its key, then its label ("c  CALL"), which no message line has."""
    return f"{BUTTON_KEYS[action]}  {said(language, LABELS[action])}"


def said(language: str, message: str) -> str:
    i18n.set_language(language)
    try:
        return _(message)
    finally:
        i18n.set_language("en")


class Kiosk:
    """The page, with the screen's text and clicks on it by what it says."""

    def __init__(self, page) -> None:
        self.page = page

    def lines(self) -> list[str]:
        return self.page.evaluate(SCREEN_TEXT)

    def wait_for(self, *words: str) -> str:
        """The first of `words` that the screen shows, waiting for one of them."""
        deadline = time.monotonic() + DEADLINE_S
        while time.monotonic() < deadline:
            screen = "\n".join(self.lines())
            for word in words:
                if word in screen:
                    return word
            self.page.wait_for_timeout(100)
        raise AssertionError(f"none of {words} on the screen:\n" + "\n".join(self.lines()))

    def click(self, word: str) -> None:
        """A left click in the middle of `word` on the screen, where the terminal draws it."""
        self.wait_for(word)
        lines = self.lines()
        row = next(y for y, line in enumerate(lines) if word in line)
        column = lines[row].index(word) + len(word) / 2
        box = self.page.locator(".xterm-screen").bounding_box()
        columns, rows = self.page.evaluate("[window.reddogTerminal.cols, window.reddogTerminal.rows]")
        self.page.mouse.click(box["x"] + column * box["width"] / columns, box["y"] + (row + 0.5) * box["height"] / rows)

    def click_until_gone(self, word: str) -> None:
        """Click `word` and wait until the screen no longer shows it. The next phase's button
        comes up where this one was, so a second click at the spot would press that one."""
        self.click(word)
        deadline = time.monotonic() + DEADLINE_S
        while any(word in line for line in self.lines()):
            assert time.monotonic() < deadline, f"{word} still on the screen:\n" + "\n".join(self.lines())
            self.page.wait_for_timeout(100)

    def table(self) -> list[str]:
        """The top of the table: credits, the three cards and the pay table."""
        return self.lines()[:10]

    def cards(self) -> list[str]:
        """The three cards, by suit and number (a face card's letter is the language's: K, R, D…)."""
        kept = set("♠♥♦♣▚▞0123456789")
        return ["".join(c if c in kept else "." if c.isalpha() else c for c in line[:40]) for line in self.table()[1:8]]

    def shot(self, name: str) -> Path:
        ARTEFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTEFACTS / f"{name}.png"
        self.page.screenshot(path=str(path))
        return path


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOCAL_HOST, 0))
        return probe.getsockname()[1]


@pytest.fixture
def server(tmp_path):
    port = free_port()
    environment = {k: v for k, v in os.environ.items() if not k.startswith("REDDOG_")}
    command = [sys.executable, "-m", "reddog_tui", "serve", "--port", str(port), "--lang", "de"]
    process = subprocess.Popen(
        [*command, "--data-dir", str(tmp_path)], env=environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )
    url = f"http://{LOCAL_HOST}:{port}/"
    deadline = time.monotonic() + DEADLINE_S
    while True:
        try:
            urllib.request.urlopen(url, timeout=5).close()
            break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(process.stdout.read().decode()) from None
            time.sleep(0.2)
    yield url
    process.terminate()
    output = process.communicate(timeout=60)[0].decode()
    assert process.returncode == 0, output
    assert "Traceback" not in output, output


def test_a_round_in_chromium_with_clicks_five_languages_the_rules_and_a_reload(server):
    requests, blocked = [], []

    def route(route) -> None:
        url = urlparse(route.request.url)
        if url.hostname != LOCAL_HOST:
            blocked.append(route.request.url)
            route.abort()
        elif url.path == "/static/js/textual.js":
            response = route.fetch()
            body = response.text()
            assert EXPOSE_TERMINAL[0] in body  # the one change the test makes to the page
            route.fulfill(response=response, body=body.replace(*EXPOSE_TERMINAL))
        else:
            route.continue_()

    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 720})
            context.route("**/*", route)
            page = context.new_page()
            page.on("request", lambda request: requests.append(request.url))
            page.on("websocket", lambda socket: requests.append(socket.url))
            kiosk = Kiosk(page)
            page.goto(server)

            # The welcome screen in the server's language; a click on a language opens the table.
            kiosk.click("Deutsch")

            # A chip by click, then deal until a hand waits for raise or call (a pair or a
            # consecutive hand settles or pushes by itself).
            language = "de"
            chip, deal, call = "│ 10  │", button(language, Action.DEAL), button(language, Action.CALL)
            rebet, new_bet = button(language, Action.REBET), button(language, Action.NEW_BET)
            ante_of_one_chip = "Wetteinsatz 10"

            def bet_and_deal() -> None:
                kiosk.click(chip)
                kiosk.wait_for(ante_of_one_chip)
                kiosk.click_until_gone(deal)

            bet_and_deal()
            for _attempt in range(20):
                shown = kiosk.wait_for(call, rebet, new_bet)
                if shown == call:
                    break
                if shown == rebet:  # a pair settled by itself: deal again with the same ante
                    kiosk.click_until_gone(rebet)
                else:
                    kiosk.click_until_gone(new_bet)
                    bet_and_deal()
            else:
                raise AssertionError("twenty deals without a hand to raise or call")

            # Mid-round: every language in turn, the same cards in each.
            cards = kiosk.cards()
            screenshots = [kiosk.shot(f"table-{language}")]
            for _step in range(len(LANGUAGES) - 1):
                page.keyboard.press("l")
                language = next_language(language)
                kiosk.wait_for(button(language, Action.CALL))
                assert kiosk.cards() == cards
                screenshots.append(kiosk.shot(f"table-{language}"))
            assert language == "en"

            # The rules, then back to the same table.
            page.keyboard.press("F1")
            kiosk.wait_for(said(language, "Game Rules"))
            screenshots.append(kiosk.shot(f"rules-{language}"))
            page.keyboard.press("Escape")
            kiosk.wait_for(button(language, Action.CALL))
            # F2 and F3 reach the kiosk too: the page's terminal takes them before the browser.
            for key, title in (("F2", "Game Settings"), ("F3", "Game recall")):
                page.keyboard.press(key)
                kiosk.wait_for(said(language, title))
                page.keyboard.press("Escape")
                kiosk.wait_for(button(language, Action.CALL))

            # A reload mid-round: the old kiosk ends, the new one shows the same table.
            before = kiosk.table()
            page.reload()
            kiosk.wait_for(button(language, Action.CALL))
            deadline = time.monotonic() + DEADLINE_S
            while kiosk.table() != before and time.monotonic() < deadline:
                page.wait_for_timeout(100)
            assert kiosk.table() == before
            screenshots.append(kiosk.shot(f"reloaded-{language}"))

            # A second screen (another browser, so another tab id) is told the kiosk is in use,
            # in the server's language, while the first plays on.
            other = browser.new_context(viewport={"width": 1280, "height": 720})
            other.route("**/*", route)
            second = other.new_page()
            second.on("request", lambda request: requests.append(request.url))
            second.goto(server)
            second.wait_for_url("**/busy", timeout=DEADLINE_S * 1000)
            assert said("de", "This kiosk is in use") in second.locator("h1").inner_text()
            Kiosk(second).shot("busy-de")
            other.close()
            kiosk.wait_for(button(language, Action.CALL))

            # The round ends by click.
            kiosk.click_until_gone(button(language, Action.CALL))
            kiosk.wait_for(button(language, Action.REBET), button(language, Action.NEW_BET))
            screenshots.append(kiosk.shot(f"settled-{language}"))
        finally:
            browser.close()

    assert blocked == []
    assert requests and {urlparse(url).hostname for url in requests} == {LOCAL_HOST}
    assert all(path.stat().st_size > 10_000 for path in screenshots)
