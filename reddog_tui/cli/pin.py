"""`reddog attendant set-pin`, and a new attendant PIN typed twice without echo or read from
standard input, which `reddog hall push --pin` asks for too. (The check that a locked kiosk has
a PIN before it starts is the kiosk's own: `kiosk/start.py`.)"""

from __future__ import annotations

import getpass
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from ..i18n import _
from ..kiosk.pin import MAX_PIN_LENGTH, MIN_PIN_LENGTH, PIN_SETTING, PinRefused, hash_pin
from ..kiosk.start import speak
from ..kiosk.store_messages import store_error_text

EXIT_USAGE = 2
EXIT_STORE = 1


def _store_message(error) -> str:
    return store_error_text(error.code, str(error.path))


def has_terminal() -> bool:
    """Whether a person can be asked: getpass asks on the process's terminal, /dev/tty."""
    if os.name != "posix":
        return sys.stdin is not None and sys.stdin.isatty()
    try:
        os.close(os.open("/dev/tty", os.O_RDWR | os.O_NOCTTY))
    except OSError:
        return False
    return True


def _ask_without_echo(prompt: str) -> str:
    # Without a terminal getpass would read standard input after an English warning that the
    # PIN may be echoed. A script gives the PIN with --pin-stdin instead; here it is no input.
    if not has_terminal():
        raise EOFError
    return getpass.getpass(prompt)


def _pin_typed_twice(ask: Callable[[str], str]) -> str | None:
    """The PIN asked twice; None (after saying why) when nothing was typed or the two differ."""
    try:
        first = ask(_("New attendant PIN ({low} to {high} digits): ").format(low=MIN_PIN_LENGTH, high=MAX_PIN_LENGTH))
        second = ask(_("The same PIN again: "))
    except EOFError:  # Ctrl+D, or no terminal and nothing on standard input
        print(
            _("No PIN was entered. Nothing was changed. A script can give the PIN on standard input with --pin-stdin."),
            file=sys.stderr,
        )
        return None
    if first != second:
        print(_("The two PINs differ. Nothing was changed."), file=sys.stderr)
        return None
    return first


def new_pin_hash(pin_stream: TextIO | None = None, ask: Callable[[str], str] | None = None) -> str | None:
    """A new PIN, typed twice without echo or read from `pin_stream`, as its salted hash; None
    (after saying why on standard error) when there is none or it is not a PIN."""
    try:
        pin = _pin_from(pin_stream) if pin_stream is not None else _pin_typed_twice(ask or _ask_without_echo)
    except UnicodeDecodeError:  # bytes that are no text are no digits either
        pin = ""
    if pin is None:
        return None
    try:
        return hash_pin(pin)
    except PinRefused:
        print(
            _("A PIN is {low} to {high} digits (0–9). Nothing was changed.").format(
                low=MIN_PIN_LENGTH, high=MAX_PIN_LENGTH
            ),
            file=sys.stderr,
        )
        return None


def _pin_from(stream: TextIO | None) -> str | None:
    """The first line of `stream`, without its line end; None (after saying why) when there is none."""
    line = stream.readline() if stream is not None else ""
    if not line:
        print(_("Standard input ended before a PIN was given. Nothing was changed."), file=sys.stderr)
        return None
    return line.rstrip("\r\n")


def set_pin(
    data_dir: Path,
    language: str | None = None,
    ask: Callable[[str], str] | None = None,
    *,
    pin_stream: TextIO | None = None,
) -> int:
    """Store only the PIN's salted scrypt hash. The PIN is asked twice without echo, or read
    once from `pin_stream` (`--pin-stdin`, for provisioning scripts)."""
    from ..engine import ShuffledDealer
    from ..store import GameSession, Store, StoreError

    try:
        store = Store.open(data_dir)
    except StoreError as error:
        speak(language)
        print(_store_message(error), file=sys.stderr)
        return EXIT_STORE
    try:
        speak(language, store)
        hashed = new_pin_hash(pin_stream, ask)
        if hashed is None:
            return EXIT_USAGE
        store.set_setting(PIN_SETTING, hashed)
        if store.load_table() is not None:  # a kiosk already in use: the change is journaled too
            GameSession(store, ShuffledDealer(__import__("secrets").SystemRandom()), 0).journal_attendant_event(
                "pin_set"
            )
        print(_("The attendant PIN is set."))
        return 0
    except StoreError as error:
        print(_store_message(error), file=sys.stderr)
        return EXIT_STORE
    finally:
        store.close()
