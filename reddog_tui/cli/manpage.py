"""`reddog manpage` and `reddog completion SHELL`: the manual page `reddog(1)`, written in roff
from the command's own argument parser, and the shell completion script, written from it by shtab.

Generated rather than kept by hand, so every option and sub-command the parser knows is in them
and nothing else: `reddog manpage > reddog.1` (the README's deployment installs it).
"""

from __future__ import annotations

import argparse
import sys

from .. import __version__
from ..i18n import DEFAULT_LANGUAGE, set_language
from .parser import argparse_messages, build_parser

ENVIRONMENT = (
    ("REDDOG_DATA_DIR", "The data folder when --data-dir is not given."),
    ("LANG, LC_ALL, LC_MESSAGES", "The language of messages when --lang is not given."),
)
EXIT_STATUS = (
    ("0", "Success; for check: the journal is healthy."),
    ("1", "The journal cannot be used (the kiosk refuses it); for check: the journal is damaged."),
    ("2", "Wrong usage, or no attendant PIN in kiosk mode; for check: the journal cannot be read."),
)
FILES = (("DATA_DIR/reddog.db", "The journal: table, meters, settled rounds, vouchers, settings (SQLite)."),)


def run(args: argparse.Namespace) -> int:
    """Both are written in English from the parser, the language of man pages and option names."""
    set_language(DEFAULT_LANGUAGE)
    with argparse_messages():
        parser = build_parser()
    if args.command == "manpage":
        sys.stdout.write(manpage(parser))
        return 0
    import shtab

    sys.stdout.write(shtab.complete(parser, shell=args.shell))
    return 0


def roff(text: str) -> str:
    """Text safe for roff: backslashes and hyphens escaped, no line starting with a control character."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\n".join("\\&" + line if line.startswith((".", "'")) else line for line in text.splitlines())


def _usage(parser: argparse.ArgumentParser) -> str:
    """The usage line as one paragraph, without argparse's "usage:" and its indentation."""
    words = parser.format_usage().split()
    # A long list of choices may break after any of its commas (\: is roff's invisible break point).
    return roff(" ".join(words[1:] if words and words[0].endswith(":") else words)).replace(",", ",\\:")


def _options(parser: argparse.ArgumentParser) -> list[str]:
    lines = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) or action.help == argparse.SUPPRESS:
            continue
        if action.option_strings:
            names = ", ".join(f"\\fB{roff(name)}\\fR" for name in action.option_strings)
            if action.nargs != 0:
                metavar = action.metavar or (
                    "{" + ",".join(map(str, action.choices)) + "}" if action.choices else action.dest.upper()
                )
                names += f" \\fI{roff(str(metavar))}\\fR"
        else:
            names = f"\\fI{roff(str(action.metavar or action.dest))}\\fR"
        lines += [".TP", names, roff(action.help or "")]
    return lines


def _commands(parser: argparse.ArgumentParser, prefix: str) -> list[str]:
    lines = []
    for action in parser._actions:
        if not isinstance(action, argparse._SubParsersAction):
            continue
        helps = {choice.dest: choice.help for choice in action._choices_actions}
        for name, sub in action.choices.items():
            command = f"{prefix} {name}"
            lines += [".SS " + roff(command), roff(helps.get(name) or ""), ".PP", _usage(sub)]
            lines += _options(sub)
            lines += _commands(sub, command)
    return lines


def manpage(parser: argparse.ArgumentParser) -> str:
    name = parser.prog
    lines = [
        f'.TH {name.upper()} 1 "" "{name} {__version__}" "User Commands"',
        ".ad l",  # left-aligned: long option lists cannot be justified
        ".nh",  # and no hyphenation inside option names
        ".SH NAME",
        f"{name} \\- {roff(parser.description or '')}",
        ".SH SYNOPSIS",
        _usage(parser),
        ".SH OPTIONS",
        *_options(parser),
        ".SH COMMANDS",
        *_commands(parser, name),
        ".SH ENVIRONMENT",
    ]
    for title, sections in (("ENVIRONMENT", ENVIRONMENT), ("EXIT STATUS", EXIT_STATUS), ("FILES", FILES)):
        if title != "ENVIRONMENT":
            lines.append(f".SH {title}")
        for key, text in sections:
            lines += [".TP", f"\\fB{roff(key)}\\fR", roff(text)]
    return "\n".join(lines) + "\n"
