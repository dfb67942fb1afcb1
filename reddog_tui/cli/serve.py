"""`reddog serve`: the kiosk in a web browser, one screen at a time (the optional extra `web`);
only this machine can reach it unless --allow-remote is given."""

from __future__ import annotations

import argparse
import sys

from ..i18n import _
from .parser import EXIT_USAGE, HALL_DSN_VARIABLE, resolved_data_dir
from .play import textual_refused


def is_loopback(host: str) -> bool:
    import ipaddress
    import socket

    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        pass
    if not host or any(c.isspace() for c in host):  # inet_aton would read "127.0.0.1 x" as 127.0.0.1
        return False
    try:  # the shorter forms the system's resolver takes as well: 127.1, 0x7f.1, 2130706433
        return ipaddress.IPv4Address(socket.inet_aton(host)).is_loopback
    except OSError:
        return False


def run(args: argparse.Namespace) -> int:
    if textual_refused():  # each browser's kiosk would stop on it
        return EXIT_USAGE
    if not args.allow_remote and not is_loopback(args.host):
        print("reddog: " + _("{host} can be reached from other machines, and whoever opens the page plays "
                             "the kiosk. Add --allow-remote to serve it there anyway.").format(host=args.host),
              file=sys.stderr)  # fmt: skip
        return EXIT_USAGE
    try:
        from ..web.server import serve
    except ImportError:
        print("reddog: " + _("reddog serve needs the web extra: pip install 'reddog-tui[web]'"), file=sys.stderr)
        return EXIT_USAGE
    from ..i18n import current_language

    data_dir = resolved_data_dir(args).resolve()
    if args.kiosk:
        from ..kiosk.start import kiosk_refusal

        refusal = kiosk_refusal(data_dir, args.lang)
        if refusal is not None:
            print(refusal, file=sys.stderr)
            return EXIT_USAGE
    extra = ["--log-level", args.log_level]
    if args.kiosk_id is not None:
        extra += ["--kiosk-id", str(args.kiosk_id)]
    # The hall's settings go to each kiosk in its environment: a command line anyone can read.
    environment = {HALL_DSN_VARIABLE: args.hall_dsn} if args.hall_dsn else {}
    return serve(
        args.host, args.port, data_dir, kiosk=args.kiosk, language=current_language(), extra=extra,
        environment=environment,
    )  # fmt: skip
