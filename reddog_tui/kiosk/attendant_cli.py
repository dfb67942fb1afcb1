"""`reddog attendant set-pin`, and the check that a locked kiosk has a PIN before it starts."""

from __future__ import annotations

import getpass
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from .. import i18n
from ..i18n import LANGUAGES, _
from .pin import MAX_PIN_LENGTH, MIN_PIN_LENGTH, PIN_SETTING, PinRefused, hash_pin
from .store_messages import store_error_text

EXIT_USAGE = 2
EXIT_STORE = 1


def _speak(language: str | None, store=None) -> None:
    """Messages in --lang, else the kiosk's saved language, else the system's, else English."""
    saved = store.get_setting("language") if store is not None else None
    chosen = language or (saved if saved in LANGUAGES else None) or i18n.system_language() or i18n.DEFAULT_LANGUAGE
    i18n.set_language(chosen)


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
        _speak(language)
        print(_store_message(error), file=sys.stderr)
        return EXIT_STORE
    try:
        _speak(language, store)
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


def kiosk_refusal(data_dir: Path, language: str | None = None) -> str | None:
    """Why `reddog --kiosk` cannot start (no PIN set yet), or None. A store problem is left to the app."""
    from ..store import Store, StoreError

    try:
        store = Store.open(data_dir)
    except StoreError:
        return None  # the app shows its own localized screen for that
    try:
        if store.get_setting(PIN_SETTING):
            return None
        _speak(language, store)
        return _(
            "Kiosk mode needs an attendant PIN first. Set one with:\n  reddog --data-dir {data_dir} attendant set-pin"
        ).format(data_dir=data_dir)
    finally:
        store.close()
