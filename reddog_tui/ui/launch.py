"""Starts the kiosk from the command line's arguments."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from argparse import Namespace
from collections.abc import Mapping
from pathlib import Path

# A seeded demo plays on its own journal in this folder of the data directory, so that a
# fixed shuffle never spends or changes the real table's credits and meters.
DEMO_FOLDER = "demo"


log = logging.getLogger(__name__)


def demo_data_dir(data_dir: Path) -> Path:
    return data_dir / DEMO_FOLDER


def launch(args: Namespace, data_dir_env: str | None = None) -> int:
    from .. import __version__
    from ..kiosk.signals import OrderlyEnd
    from ..logs import held_while_drawing
    from ..store import resolve_data_dir
    from .glyphs import choose_glyph_set, prepare_terminal

    glyphs = choose_glyph_set(getattr(args, "glyphs", None))
    prepare_terminal(glyphs)  # before Textual reads its settings
    from .app import RedDogApp

    kiosk = bool(getattr(args, "kiosk", False))
    data_dir = resolve_data_dir(args.data_dir, data_dir_env)
    if args.seed is not None:  # the command line refuses --seed with --kiosk
        data_dir = demo_data_dir(data_dir)
    log.info("Red Dog %s starts%s, data dir %s", __version__, " in kiosk mode" if kiosk else "", data_dir)
    lock = None
    if kiosk:
        import os
        import sys

        from ..kiosk.signals import ExitSignalLock
        from ..kiosk.start import kiosk_refusal

        refusal = kiosk_refusal(data_dir, args.lang)
        if refusal is not None:
            log.error("kiosk mode refused: %s", refusal)
            print(refusal, file=sys.stderr)
            return 2
        os.environ.pop("TEXTUAL_ALLOW_SIGNALS", None)  # Ctrl+C, Ctrl+Z, Ctrl+\ must stay plain keys
        lock = ExitSignalLock()
        lock.hold()
    hall = getattr(args, "hall", None)
    if hall is not None and args.seed is None:
        refusal = hall_refusal(data_dir, hall[1], args.lang)
        if refusal is not None:
            import sys

            log.error("hall start refused: %s", refusal)
            print(refusal, file=sys.stderr)
            if lock is not None:
                lock.release()
            return 2
    app = RedDogApp(
        language=args.lang,
        data_dir=data_dir,
        seed=args.seed,
        kiosk=kiosk,
        hall=hall,
        glyphs=glyphs,
    )

    def end(signal_number: int) -> None:
        # Runs in the signal handler, between two steps of the event loop: only ask the loop
        # to end the app (call_soon_threadsafe also wakes it), so the app closes its journal
        # and its driver gives the terminal back (main screen, mouse off, cursor shown).
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # before the app runs or after it ended: the terminal is the shell's
            raise SystemExit(128 + signal_number) from None
        loop.call_soon_threadsafe(app.exit)

    orderly = OrderlyEnd(end)
    orderly.install()
    try:
        with held_while_drawing():
            app.run()
    finally:
        orderly.uninstall()
        if lock is not None:
            lock.release()
    if app.crashed:
        print(crash_text())  # on the screen: one line in the player's language, never a traceback
    if orderly.exit_status is not None:
        status = orderly.exit_status
    else:  # a journal that cannot be used refuses play: the exit status says so too
        status = app.return_code or (1 if app.store_error is not None else 0)
    log.info("Red Dog stops, exit status %d", status)
    if orderly.exit_status == 128 + signal.SIGHUP:
        _terminal_gone()
    return status


def _terminal_gone() -> None:
    """After a hangup nothing reaches the terminal: what is still buffered for it goes nowhere,
    so the interpreter's last flush cannot turn the exit status into a write error."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        for stream in (sys.stdout, sys.stderr):
            os.dup2(devnull, stream.fileno())
    except (OSError, ValueError):
        pass


def hall_refusal(data_dir, kiosk_id: int, language: str | None) -> str | None:
    """Why this journal cannot join the hall as `kiosk_id` (it joined as another), or None.
    A journal that cannot be opened is left to the app's own screen."""
    from .. import i18n
    from ..hall.kiosk_link import claim_kiosk_id
    from ..i18n import _
    from ..store import Store, StoreError

    try:
        store = Store.open(data_dir)
    except StoreError:
        return None
    try:
        pinned = claim_kiosk_id(store, kiosk_id)
    finally:
        store.close()
    if pinned is None:
        return None
    if language:
        i18n.set_language(language)
    return _(
        "This kiosk's journal belongs to kiosk {pinned} of the hall, so it cannot start as kiosk {kiosk}. "
        "Start it with --kiosk-id {pinned}."
    ).format(pinned=pinned, kiosk=kiosk_id)


def textual_setting_refusal(environ: Mapping[str, str] | None = None) -> str | None:
    """Why Textual cannot start with the operator's TEXTUAL_COLOR_SYSTEM or TEXTUAL_DRIVER, or
    None. Textual reads both as it starts and stops with a traceback on a value it cannot use."""
    from ..i18n import _

    environ = os.environ if environ is None else environ
    color_system = environ.get("TEXTUAL_COLOR_SYSTEM")
    if color_system is not None:
        from rich.console import COLOR_SYSTEMS  # the names Textual hands on to Rich, with "auto"

        choices = ("auto", *COLOR_SYSTEMS)
        if color_system not in choices:
            return _(
                "TEXTUAL_COLOR_SYSTEM is “{given}”, which Textual does not know. Use one of {choices}, "
                "or leave it unset."
            ).format(given=color_system, choices=", ".join(choices))
    driver = environ.get("TEXTUAL_DRIVER")
    if driver is not None and not _loadable_driver(driver):
        return _(
            "TEXTUAL_DRIVER is “{given}”, which is not a Textual driver that can be loaded. Leave it unset."
        ).format(given=driver)
    return None


def _loadable_driver(name: str) -> bool:
    """Whether Textual can load the driver "module:Class" as it does from TEXTUAL_DRIVER."""
    import importlib
    import inspect

    from textual.driver import Driver

    module_name, _colon, class_name = name.partition(":")
    try:
        found = getattr(importlib.import_module(module_name), class_name)
    except Exception:  # any module may be named: whatever stops its import refuses it
        return False
    return inspect.isclass(found) and issubclass(found, Driver)


def crash_text() -> str:
    from ..i18n import _

    return _("Red Dog stopped after an unexpected error. The table is kept; please call an attendant.")
