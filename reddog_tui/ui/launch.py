"""Starts the kiosk from the command line's arguments."""

from __future__ import annotations

from argparse import Namespace


def launch(args: Namespace, data_dir_env: str | None = None) -> int:
    from ..store import resolve_data_dir
    from .app import RedDogApp

    kiosk = bool(getattr(args, "kiosk", False))
    data_dir = resolve_data_dir(args.data_dir, data_dir_env)
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
    app = RedDogApp(language=args.lang, data_dir=data_dir, seed=args.seed, kiosk=kiosk)
    try:
        app.run()
    finally:
        if lock is not None:
            lock.release()
    # A journal that cannot be used refuses play: the exit status says so too.
    return app.return_code or (1 if app.store_error is not None else 0)
