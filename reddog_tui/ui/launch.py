"""Starts the kiosk from the command line's arguments."""

from __future__ import annotations

import asyncio
from argparse import Namespace
from pathlib import Path

# A seeded demo plays on its own journal in this folder of the data directory, so that a
# fixed shuffle never spends or changes the real table's credits and meters.
DEMO_FOLDER = "demo"


def demo_data_dir(data_dir: Path) -> Path:
    return data_dir / DEMO_FOLDER


def launch(args: Namespace, data_dir_env: str | None = None) -> int:
    from ..kiosk.signals import OrderlyEnd
    from ..store import resolve_data_dir
    from .glyphs import choose_glyph_set, prepare_terminal

    glyphs = choose_glyph_set(getattr(args, "glyphs", None))
    prepare_terminal(glyphs)  # before Textual reads its settings
    from .app import RedDogApp

    kiosk = bool(getattr(args, "kiosk", False))
    data_dir = resolve_data_dir(args.data_dir, data_dir_env)
    if args.seed is not None:  # the command line refuses --seed with --kiosk
        data_dir = demo_data_dir(data_dir)
    lock = None
    if kiosk:
        import os
        import sys

        from ..kiosk.attendant_cli import kiosk_refusal
        from ..kiosk.signals import ExitSignalLock

        refusal = kiosk_refusal(data_dir, args.lang)
        if refusal is not None:
            print(refusal, file=sys.stderr)
            return 2
        os.environ.pop("TEXTUAL_ALLOW_SIGNALS", None)  # Ctrl+C, Ctrl+Z, Ctrl+\ must stay plain keys
        lock = ExitSignalLock()
        lock.hold()
    app = RedDogApp(
        language=args.lang, data_dir=data_dir, seed=args.seed, kiosk=kiosk, hall=getattr(args, "hall", None),
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
        app.run()
    finally:
        orderly.uninstall()
        if lock is not None:
            lock.release()
    if orderly.exit_status is not None:
        return orderly.exit_status
    # A journal that cannot be used refuses play: the exit status says so too.
    return app.return_code or (1 if app.store_error is not None else 0)
