"""The hall server's connection settings, and its password kept where no one else reads it.

A setting is a libpq service name (`reddog` means `service=reddog`, read from the service file),
a connection string (`host=hall.local dbname=reddog`) or a postgresql:// address. A password
belongs in the password file (PGPASSFILE, else ~/.pgpass) or the service file: a command line
can be read by anyone on the machine (`ps`), so a password given there is refused. The
environment (REDDOG_HALL_DSN), which only the process's owner and root can read, may hold one.

Wherever settings are shown (a log line, a message) they go through `without_password`.
"""

from __future__ import annotations

import re
from enum import StrEnum

DSN_VARIABLE = "REDDOG_HALL_DSN"
# What libpq accepts as a service name and no connection string or address can be.
SERVICE_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*")
UNREADABLE = "(unreadable settings, not shown)"
_UNKNOWN_OPTION = re.compile(r'invalid (?:connection option|URI query parameter:) "([A-Za-z0-9_]+)"')


class Refusal(StrEnum):
    MALFORMED = "malformed"  # not a service name, a connection string or an address
    PASSWORD = "password"  # a password where others can read it


class DsnRefused(ValueError):
    """The settings cannot be used. `option` names a setting libpq does not know, if that is why."""

    def __init__(self, refusal: Refusal, option: str | None = None) -> None:
        super().__init__(refusal.value if option is None else f"{refusal.value}: {option}")
        self.refusal = refusal
        self.option = option


def conninfo(text: str) -> str:
    """The libpq connection string of a setting: a bare name is a service of the service file."""
    text = text.strip()
    return f"service={text}" if SERVICE_NAME.fullmatch(text) else text


def settings(text: str) -> dict[str, str]:
    """The settings a connection string or address holds (libpq's own reading), or DsnRefused.

    libpq's complaint is not passed on: it quotes the text around the mistake, which may be a
    password; only the name of an unknown setting is kept.
    """
    from psycopg import ProgrammingError
    from psycopg.conninfo import conninfo_to_dict

    try:
        return {key: str(value) for key, value in conninfo_to_dict(conninfo(text)).items()}
    except ProgrammingError as error:
        unknown = _UNKNOWN_OPTION.search(str(error))
        raise DsnRefused(Refusal.MALFORMED, unknown.group(1) if unknown else None) from None


def from_command_line(text: str) -> str:
    """The connection string for `--hall-dsn TEXT`; DsnRefused if malformed or holding a password."""
    if "password" in settings(text):
        raise DsnRefused(Refusal.PASSWORD)
    return conninfo(text)


def from_environment(text: str) -> str:
    """The connection string for REDDOG_HALL_DSN=TEXT; DsnRefused if malformed."""
    settings(text)
    return conninfo(text)


def without_password(dsn: str) -> str:
    """The settings as they may be shown: a connection string with no password in it."""
    try:
        shown = settings(dsn)
    except DsnRefused:
        return UNREADABLE  # where a password would be in it cannot be told
    from psycopg.conninfo import make_conninfo

    shown.pop("password", None)
    return make_conninfo("", **shown)


def scrub(text: str, dsn: str) -> str:
    """`text` (a server's or libpq's message) with the password of `dsn` taken out, if it holds one."""
    try:
        password = settings(dsn).get("password")
    except DsnRefused:
        return text
    return text.replace(password, "***") if password else text
