"""What the kiosk reads from a terminal or a browser: malformed input is dropped before Textual sees it.

Textual's input parser trusts what it reads. A key report with a number beyond Unicode
(`ESC[99999999999999999999;5u`), a sub-parameter where it expects a plain number
(`ESC[97:65u`), or an in-band window size of zero (then any click) makes it raise, and its
input thread ends with it; a bracketed paste that never closes (`ESC[200~abc`) holds every
later key, F12 included. `InputGuard` reads the bytes first, on both routes (the terminal's
driver, ui/terminal_input.py; the browser's relay, web/server.py), and passes on only:

- valid UTF-8 (anything else is dropped);
- control sequences (ESC [ ... final byte) of at most Textual's 32 characters whose numbers
  are ASCII digits up to the last code point, with sub-parameters (a:b) only in the third
  field (a key's text, the one Textual splits), and in-band window sizes of four sizes >= 1;
- a bracketed paste once it closes, if it closes within PASTE_TIMEOUT_S and PASTE_MAX_CHARS;
  otherwise it is dropped, and what comes after it is read as keys again.

Pure: bytes in, bytes out, the clock injected. No Textual import, so the web server uses it too.
"""

from __future__ import annotations

import codecs
import re
import time
from collections.abc import Callable

# The largest screen, in columns and rows, on every route: a terminal's in-band report, the
# browser's window. A person's screen is far smaller; a larger one would only cost memory.
MAX_TERMINAL_SIZE = 1000

ESC = "\x1b"
PASTE_START = "\x1b[200~"
PASTE_END = "\x1b[201~"
PASTE_TIMEOUT_S = 1.0  # a terminal sends a paste at once; one still open after this never closes
PASTE_MAX_CHARS = 4096  # far more than any field of the kiosk takes
SEQUENCE_TIMEOUT_S = 1.0  # a control sequence left unfinished this long is dropped
MAX_SEQUENCE = 32  # Textual's own limit: it reads no longer control sequence as one
MAX_NUMBER = 0x10FFFF  # the last Unicode code point; Textual turns key numbers into characters

# ESC [, a private marker, parameters, intermediates, the final byte (ECMA-48).
CONTROL_SEQUENCE = re.compile(r"\x1b\[([<=>?]?)([0-9:;]*)([ -/]*)([@-~])")
UNFINISHED = re.compile(r"\x1b\[([<=>?]?)([0-9:;]*)([ -/]*)")  # the same without its final byte yet


def numbers_fit(parameters: str) -> bool:
    """Whether Textual can read each number of these parameters ("1;5", "97;;97:98")."""
    for index, field in enumerate(parameters.split(";")):
        numbers = field.split(":")
        if len(numbers) > 1 and index != 2:  # Textual reads the first two fields as plain numbers
            return False
        if any(len(number) > 7 or (number and int(number) > MAX_NUMBER) for number in numbers):
            return False
    return True


def well_formed(sequence: str) -> bool:
    """Whether Textual's parser may read this control sequence (ESC [ ... final byte)."""
    match = CONTROL_SEQUENCE.fullmatch(sequence)
    if match is None or len(sequence) > MAX_SEQUENCE:
        return False
    marker, parameters, intermediates, final = match.groups()
    if not numbers_fit(parameters):
        return False
    if not marker and parameters.startswith("48;"):  # an in-band window size: Textual divides by each
        sizes = parameters.split(";")[1:]
        return final == "t" and not intermediates and len(sizes) == 4 and all(s and int(s) >= 1 for s in sizes)
    return True


def well_begun(unfinished: str) -> bool:
    """Whether this beginning of a control sequence (no final byte yet) may still end well formed."""
    match = UNFINISHED.fullmatch(unfinished)
    return match is not None and len(unfinished) < MAX_SEQUENCE and numbers_fit(match.group(2))


class InputGuard:
    """One input stream's filter: `feed` takes the bytes as they arrive and returns what may pass.

    An escape is held until it is known to be well formed, except a lone ESC at the end of a
    read (the Escape key), which is passed on at once. Textual's parser then waits a moment for
    what follows it, and a sequence typed a byte at a time must reach it byte by byte: so
    after an ESC passed on (`escape_sent`), each byte passes while the sequence may still end
    well formed; once it cannot, an ESC is passed instead, on which Textual's parser gives up
    the sequence (it reads what it had as single keys) and waits again, and the rest of the
    sequence is dropped (`skipping`).
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.decode = codecs.getincrementaldecoder("utf-8")(errors="ignore").decode
        self.escape = ""  # the escape being read: "" (none), ESC, or ESC "[" and what followed
        self.escape_sent = False  # its ESC has been passed on already
        self.skipping = False  # the rest of a sequence given up is being dropped
        self.escape_since = 0.0
        self.paste: list[str] | None = None  # a bracketed paste being held, from its start
        self.paste_size = 0
        self.paste_dropped = False  # too long: the rest of it is dropped up to its end
        self.paste_escape_sent = False  # the ESC that started it had been passed on
        self.paste_since = 0.0
        self.dropped = 0  # sequences and pastes dropped, for the log

    def feed(self, data: bytes) -> bytes:
        now = self.clock()
        self.expire(now)
        out: list[str] = []
        for char in self.decode(data):
            self.read(char, out, now)
        if self.escape == ESC and not self.escape_sent:  # the Escape key: Textual's parser decides
            self.emit(ESC, out)
            self.escape_sent = True
        return "".join(out).encode("utf-8")

    def expire(self, now: float) -> None:
        """Drop a paste or a control sequence that has been left unfinished."""
        if self.paste is not None and now - self.paste_since > PASTE_TIMEOUT_S:
            self.dropped += not self.paste_dropped
            self.end_paste_dropped()
        elif len(self.escape) > 1 and not self.escape_sent and now - self.escape_since > SEQUENCE_TIMEOUT_S:
            self.drop_escape()

    def read(self, char: str, out: list[str], now: float) -> None:
        if self.skipping:
            self.skipping = " " <= char <= "?"  # up to and with the final byte
            if not "\x20" <= char <= "\x7e":
                self.read(char, out, now)
        elif not self.escape:
            if char == ESC:
                self.escape, self.escape_sent, self.escape_since = ESC, False, now
            else:
                self.emit(char, out)
        elif self.escape == ESC:
            if char == "[":
                self.escape += char
                self.escape_since = now
                self.emit(char if self.escape_sent else "", out)
            else:  # ESC and another character (Alt+key, SS3, ...): Textual reads these safely
                self.emit("" if self.escape_sent else ESC, out)
                self.escape = ""
                self.read(char, out, now)
        elif " " <= char <= "?":  # a parameter or intermediate byte
            if not self.escape_sent:
                if len(self.escape) <= MAX_SEQUENCE:  # longer is refused at the end; no need to keep it
                    self.escape += char
            elif well_begun(self.escape + char):
                self.escape += char
                self.emit(char, out)
            else:
                self.give_up(out)
                self.skipping = True
        elif "@" <= char <= "~":  # the final byte
            sequence = self.escape + char
            if not self.escape_sent and not well_formed(sequence):
                self.drop_escape()
                return
            # A paste whose start has been passed on could not be held: it is given up too.
            if self.escape_sent and (sequence == PASTE_START or not well_formed(sequence)):
                self.give_up(out)
                return
            text = char if self.escape_sent else sequence
            if sequence == PASTE_START and self.paste is None:
                self.paste, self.paste_size, self.paste_dropped, self.paste_since = [text], 0, False, now
                self.paste_escape_sent = self.escape_sent
            elif sequence == PASTE_END and self.paste is not None:
                if self.paste_dropped:
                    self.end_paste_dropped()
                    return
                out.append("".join(self.paste) + text)
                self.paste = None
            else:
                self.emit(text, out)
            self.escape = ""
        else:  # anything else breaks the sequence; the character is read afresh
            if self.escape_sent:
                self.give_up(out)
            else:
                self.drop_escape()
            self.read(char, out, now)

    def emit(self, text: str, out: list[str]) -> None:
        if self.paste is None:
            out.append(text)
        elif not self.paste_dropped:
            self.paste.append(text)
            self.paste_size += len(text)
            if self.paste_size > PASTE_MAX_CHARS:
                self.paste_dropped = True
                self.paste.clear()
                self.dropped += 1

    def give_up(self, out: list[str]) -> None:
        """End a sequence partly passed on: Textual's parser gives it up on the next ESC."""
        self.dropped += 1
        self.emit(ESC, out)
        self.escape = ESC

    def drop_escape(self) -> None:
        self.dropped += 1
        # An ESC passed on before still waits in Textual's parser for what follows.
        self.escape = ESC if self.escape_sent else ""

    def end_paste_dropped(self) -> None:
        self.paste = None
        self.paste_dropped = False
        self.escape = ESC if self.paste_escape_sent else ""
        self.escape_sent = self.paste_escape_sent
