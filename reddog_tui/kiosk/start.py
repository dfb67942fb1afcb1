"""Whether a locked kiosk may start (it needs an attendant PIN first), and the language the kiosk
speaks on the command line: the check `reddog --kiosk` and `reddog serve --kiosk` make, and the
messages of `reddog attendant set-pin`."""

from __future__ import annotations

from pathlib import Path

from .. import i18n
from ..i18n import LANGUAGES, _
from .pin import PIN_SETTING


def speak(language: str | None, store=None) -> None:
    """Messages in --lang, else the kiosk's saved language, else the system's, else English."""
    saved = store.get_setting("language") if store is not None else None
    chosen = language or (saved if saved in LANGUAGES else None) or i18n.system_language() or i18n.DEFAULT_LANGUAGE
    i18n.set_language(chosen)


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
        speak(language, store)
        return _(
            "Kiosk mode needs an attendant PIN first. Set one with:\n  reddog --data-dir {data_dir} attendant set-pin"
        ).format(data_dir=data_dir)
    finally:
        store.close()
