"""The kiosk in real Chromium (Debian's, driven by Playwright; no browser is downloaded), on a
touch screen: a round played by taps on the screen's buttons and chips, the language switched
mid-round through all five and the rules, settings and recall opened and left by taps on the
key bar, a reload mid-round that shows the same table, and not one request that leaves
127.0.0.1. Then the keys in the browser, in kiosk mode (the F keys and the plain keys beside
them, and the exits that stay locked), and a second tab while the first plays.

Screenshots, one per language, go to test-artefacts/browser/ (ignored by git) for a person to
look at. The screen's text is read from the page's terminal (xterm.js): the test serves
textual.js with one change, which hands the terminal object to the page's window.
"""

from __future__ import annotations

import contextlib
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
from reddog_tui.i18n.keys import BUTTON_KEYS, bar_item

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
pytestmark = pytest.mark.skipif(
    not os.access(CHROMIUM, os.X_OK), reason="Chromium is not installed (apt-get install chromium)"
)
sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install '.[test]')")
pytest.importorskip("textual_serve", reason="the web extra is not installed (pip install '.[web]')")

ARTEFACTS = Path(__file__).resolve().parents[2] / "test-artefacts" / "browser"
DEADLINE_S = 90.0  # the machine is shared and slow at times: poll, never assume a time
TAP_SPACING_MS = 600  # a person's taps, never a double tap (the kiosk counts a double tap once)
LOCAL_HOST = "127.0.0.1"
PIN = "2468"
VIEWPORT = {"width": 1280, "height": 720}
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


def bar(language: str, action: str) -> str:
    """A key bar item as drawn: its key, then what it does ("F1  Rules")."""
    i18n.set_language(language)
    try:
        key, label, _action = bar_item(action)
        return f"{key}  {label}"
    finally:
        i18n.set_language("en")


def said(language: str, message: str) -> str:
    i18n.set_language(language)
    try:
        return _(message)
    finally:
        i18n.set_language("en")


class Kiosk:
    """The page, with the screen's text and taps on it by what it says."""

    def __init__(self, page) -> None:
        self.page = page
        self.last_tap = 0.0

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

    def tap(self, word: str) -> None:
        """A finger's tap in the middle of `word` on the screen, where the terminal draws it."""
        self.wait_for(word)
        lines = self.lines()
        row = next(y for y, line in enumerate(lines) if word in line)
        column = lines[row].index(word) + len(word) / 2
        box = self.page.locator(".xterm-screen").bounding_box()
        columns, rows = self.page.evaluate("[window.reddogTerminal.cols, window.reddogTerminal.rows]")
        since = (time.monotonic() - self.last_tap) * 1000
        if since < TAP_SPACING_MS:
            self.page.wait_for_timeout(TAP_SPACING_MS - since)
        self.page.touchscreen.tap(
            box["x"] + column * box["width"] / columns, box["y"] + (row + 0.5) * box["height"] / rows
        )
        self.last_tap = time.monotonic()

    def tap_until_gone(self, word: str) -> None:
        """Tap `word` and wait until the screen no longer shows it."""
        self.tap(word)
        self.wait_until_gone(word)

    def wait_until_gone(self, word: str) -> None:
        deadline = time.monotonic() + DEADLINE_S
        while any(word in line for line in self.lines()):
            assert time.monotonic() < deadline, f"{word} still on the screen:\n" + "\n".join(self.lines())
            self.page.wait_for_timeout(100)

    def press(self, key: str, until: str) -> None:
        """A key on the keyboard, then wait for `until` on the screen."""
        self.page.keyboard.press(key)
        self.wait_for(until)

    def table(self) -> list[str]:
        """The top of the table: credits, the three cards and the pay table."""
        return self.lines()[:10]

    def cards(self) -> list[str]:
        """The three cards, by suit and number (a face card's letter is the language's: K, R, D…)."""
        kept = set("♠♥♦♣▚▞0123456789")
        return ["".join(c if c in kept else "." if c.isalpha() else c for c in line[:40]) for line in self.table()[1:8]]

    def dealt_cards(self) -> list[str]:
        """The cards once the deal has been shown to its last frame, where no place is empty
        any more (an empty place is drawn with a dashed line)."""
        deadline = time.monotonic() + DEADLINE_S
        while any("╌" in line for line in self.cards()):
            assert time.monotonic() < deadline, "the deal never showed all three places:\n" + "\n".join(self.lines())
            self.page.wait_for_timeout(100)
        return self.cards()

    def third_card_turned(self) -> None:
        """Wait until no card shows its back: the third card has been turned after its beat."""
        deadline = time.monotonic() + DEADLINE_S
        while any("▚▞" in line for line in self.cards()):
            assert time.monotonic() < deadline, "the third card was never turned:\n" + "\n".join(self.lines())
            self.page.wait_for_timeout(100)

    def connected(self) -> bool:
        """The page still talks to its kiosk (textual.js marks the body when the socket closes)."""
        return not self.page.evaluate("document.body.classList.contains('-closed')")

    def shot(self, name: str) -> Path:
        ARTEFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTEFACTS / f"{name}.png"
        self.page.screenshot(path=str(path))
        return path


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOCAL_HOST, 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def serving(data_dir: Path, *options: str):
    """`reddog serve` on a free port of 127.0.0.1, in German; yields its address. It must end
    with status 0 and without a traceback."""
    port = free_port()
    environment = {k: v for k, v in os.environ.items() if not k.startswith("REDDOG_")}
    command = [sys.executable, "-m", "reddog_tui", "serve", "--port", str(port), "--lang", "de", *options]
    process = subprocess.Popen(
        [*command, "--data-dir", str(data_dir)], env=environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
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


@pytest.fixture
def server(tmp_path):
    with serving(tmp_path) as url:
        yield url


@pytest.fixture
def kiosk_server(tmp_path):
    """The server in kiosk mode, with an attendant PIN set as the README says."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith("REDDOG_")}
    subprocess.run(
        [sys.executable, "-m", "reddog_tui", "--data-dir", str(tmp_path), "attendant", "set-pin", "--pin-stdin"],
        input=f"{PIN}\n",
        text=True,
        env=environment,
        check=True,
        capture_output=True,
    )
    with serving(tmp_path, "--kiosk") as url:
        yield url


class Browser:
    """Chromium on a touch screen of 1280×720 whose every request is noted; any request for
    another host than 127.0.0.1 is refused and noted as blocked."""

    def __init__(self, playwright) -> None:
        self.browser = playwright.chromium.launch(executable_path=CHROMIUM)
        self.requests: list[str] = []
        self.blocked: list[str] = []

    def route(self, route) -> None:
        url = urlparse(route.request.url)
        if url.hostname != LOCAL_HOST:
            self.blocked.append(route.request.url)
            route.abort()
        elif url.path == "/static/js/textual.js":
            response = route.fetch()
            body = response.text()
            assert EXPOSE_TERMINAL[0] in body  # the one change the test makes to the page
            route.fulfill(response=response, body=body.replace(*EXPOSE_TERMINAL))
        else:
            route.continue_()

    def context(self):
        """A browser profile of its own: its tabs share nothing with another context's."""
        context = self.browser.new_context(viewport=VIEWPORT, has_touch=True)
        context.route("**/*", self.route)
        context.on("request", lambda request: self.requests.append(request.url))
        context.on("page", lambda page: page.on("websocket", lambda socket: self.requests.append(socket.url)))
        return context

    def only_local(self) -> None:
        assert self.blocked == []
        assert self.requests and {urlparse(url).hostname for url in self.requests} == {LOCAL_HOST}


@contextlib.contextmanager
def chromium():
    with sync_api.sync_playwright() as playwright:
        browser = Browser(playwright)
        try:
            yield browser
        finally:
            browser.browser.close()


def deal_until_the_raise_is_asked(kiosk: Kiosk, language: str) -> None:
    """A chip by tap, then deal until a hand waits for raise or call (a pair or a consecutive
    hand settles or pushes by itself)."""
    chip, deal, call = "│ 10  │", button(language, Action.DEAL), button(language, Action.CALL)
    rebet, new_bet = button(language, Action.REBET), button(language, Action.NEW_BET)
    ante_of_one_chip = said(language, "Ante") + " 10"

    def bet_and_deal() -> None:
        kiosk.tap(chip)
        kiosk.wait_for(ante_of_one_chip)
        kiosk.tap_until_gone(deal)

    bet_and_deal()
    for _attempt in range(20):
        shown = kiosk.wait_for(call, rebet, new_bet)
        if shown == call:
            return
        if shown == rebet:  # a pair settled by itself: deal again with the same ante
            kiosk.tap_until_gone(rebet)
        else:
            kiosk.tap_until_gone(new_bet)
            bet_and_deal()
    raise AssertionError("twenty deals without a hand to raise or call")


def test_a_round_by_taps_in_chromium_five_languages_the_key_bar_and_a_reload(server):
    with chromium() as browser:
        page = browser.context().new_page()
        kiosk = Kiosk(page)
        page.goto(server)

        # The welcome screen in the server's language; a tap on a language opens the table.
        kiosk.tap("Deutsch")
        language = "de"
        deal_until_the_raise_is_asked(kiosk, language)

        # Mid-round: every language in turn by a tap on the key bar, the same cards in each.
        cards = kiosk.dealt_cards()
        screenshots = [kiosk.shot(f"table-{language}")]
        for _step in range(len(LANGUAGES) - 1):
            kiosk.tap(bar(language, "next_language"))
            language = next_language(language)
            kiosk.wait_for(button(language, Action.CALL))
            assert kiosk.cards() == cards
            screenshots.append(kiosk.shot(f"table-{language}"))
        assert language == "en"

        # The rules, settings and recall by taps on the key bar, each left by its Back.
        for action, title in (
            ("show_rules", "Game Rules"),
            ("show_settings", "Game Settings"),
            ("show_recall", "Game recall"),
        ):
            kiosk.tap(bar(language, action))
            kiosk.wait_for(said(language, title))
            if action == "show_rules":
                screenshots.append(kiosk.shot(f"rules-{language}"))
            kiosk.tap(bar(language, "back_to_table"))
            kiosk.wait_for(button(language, Action.CALL))
            assert kiosk.cards() == cards

        # A reload mid-round: the old kiosk ends, the new one shows the same table.
        before = kiosk.table()
        page.reload()
        kiosk.wait_for(button(language, Action.CALL))
        deadline = time.monotonic() + DEADLINE_S
        while kiosk.table() != before and time.monotonic() < deadline:
            page.wait_for_timeout(100)
        assert kiosk.table() == before
        screenshots.append(kiosk.shot(f"reloaded-{language}"))

        # The round ends by a tap.
        kiosk.tap_until_gone(button(language, Action.CALL))
        kiosk.wait_for(button(language, Action.REBET), button(language, Action.NEW_BET))
        kiosk.third_card_turned()  # the result comes with the turn, after a beat face down
        screenshots.append(kiosk.shot(f"settled-{language}"))
        browser.only_local()
    assert all(path.stat().st_size > 10_000 for path in screenshots)


def test_keys_in_chromium_in_kiosk_mode_the_f_keys_and_the_plain_keys_and_no_way_out(kiosk_server):
    """F1, F2, F3 and F12 reach the kiosk on the page, and so do ?, s, h and a beside them;
    Ctrl+Q and the others that would end a terminal's kiosk leave this one playing. (A kiosk
    starts without credits: an attendant adds them.)"""
    language = "de"
    deal, back = button(language, Action.DEAL), bar(language, "back_to_table")
    screens = {
        "show_rules": said(language, "Game Rules"),
        "show_settings": said(language, "Game Settings"),
        "show_recall": said(language, "Game recall"),
        "attendant": said(language, "Enter the attendant PIN and press Enter."),
    }
    with chromium() as browser:
        page = browser.context().new_page()
        kiosk = Kiosk(page)
        page.goto(kiosk_server)
        kiosk.wait_for("Deutsch")
        kiosk.press("Enter", deal)  # no tap first: the page gives the keyboard to the kiosk
        for keys, action in (
            (("F1", "?"), "show_rules"),
            (("F2", "s"), "show_settings"),
            (("F3", "h"), "show_recall"),
            (("F12", "a"), "attendant"),
        ):
            for key in keys:
                kiosk.press(key, back)  # a screen over the table, with its Back on the key bar
                assert screens[action] in "\n".join(kiosk.lines()), key
                page.keyboard.press("Escape")
                kiosk.wait_until_gone(back)
                kiosk.wait_for(deal)
        # The keys that end or stop a program in a terminal, on the table and on the PIN entry,
        # a person's pace apart (the kiosk drops keys that come faster than anyone types).
        exits = ("Control+q", "Control+c", "Control+z", "Control+Backslash", "Escape")
        for key in (*exits, "a", *exits[:-1], "?"):
            page.keyboard.press(key)
            page.wait_for_timeout(TAP_SPACING_MS)
        kiosk.wait_for(screens["attendant"])  # a opened the PIN entry; ? is no PIN digit
        page.keyboard.press("Escape")
        kiosk.wait_for(deal)
        kiosk.press("l", button(next_language(language), Action.DEAL))  # and the kiosk still answers
        assert kiosk.connected()
        kiosk.shot(f"kiosk-keys-{language}")
        browser.only_local()


def test_a_second_tab_is_told_the_kiosk_is_in_use_and_gets_the_table_once_the_first_is_closed(server):
    language = "de"
    in_use = said(language, "This kiosk is in use")
    with chromium() as browser:
        context = browser.context()
        first = context.new_page()
        kiosk = Kiosk(first)
        first.goto(server)
        kiosk.tap("Deutsch")
        kiosk.tap("│ 10  │")
        kiosk.wait_for(said(language, "Ante") + " 10")

        def turned_away(page) -> None:
            page.wait_for_url("**/busy", timeout=DEADLINE_S * 1000)
            assert page.locator("h1").inner_text() == in_use  # the server's language, not an error

        # A second tab of the same browser, a copy of the playing tab (its storage copied, id
        # and all) and another browser altogether: each is told the kiosk is in use.
        second = context.new_page()
        second.goto(server)
        turned_away(second)
        Kiosk(second).shot(f"busy-{language}")
        with first.expect_popup() as opened:
            first.evaluate("window.open(location.href)")
        copy = opened.value
        turned_away(copy)
        other = browser.context().new_page()
        other.goto(server)
        turned_away(other)

        # The first tab plays on, untouched by them.
        assert kiosk.connected()
        kiosk.tap("┃ 10  ┃")  # the chip of 10, chosen now
        kiosk.wait_for(said(language, "Ante") + " 20")
        table = kiosk.table()
        copy.close()
        other.context.close()

        # The first tab closes: its kiosk ends, and the second tab, which tries again every few
        # seconds, opens the same table.
        first.close()
        waiting = Kiosk(second)
        second.wait_for_url(server, timeout=DEADLINE_S * 1000)
        waiting.wait_for(said(language, "Ante") + " 20")
        assert waiting.table() == table
        browser.only_local()
