"""Starts the kiosk from the command line's arguments."""

from __future__ import annotations

from argparse import Namespace


def launch(args: Namespace, data_dir_env: str | None = None) -> int:
    from ..store import resolve_data_dir
    from .app import RedDogApp

    app = RedDogApp(
        language=args.lang,
        data_dir=resolve_data_dir(args.data_dir, data_dir_env),
        seed=args.seed,
        kiosk=bool(getattr(args, "kiosk", False)),
    )
    app.run()
    # A journal that cannot be used refuses play: the exit status says so too.
    return 1 if app.store_error is not None else 0
