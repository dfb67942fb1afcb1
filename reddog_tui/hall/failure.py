"""Why a hall connection or call failed, as one kind: the one place that reads psycopg's errors.

A refused login has no SQLSTATE on the client (libpq gets no result, only the server's text),
so those kinds are read from the server's words, which are English unless the server's
lc_messages says otherwise; a server speaking another language gets REFUSED with its own words.
Errors raised by a statement carry their SQLSTATE and are read by it.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from enum import StrEnum

from .dsn import DsnRefused, scrub, settings, without_password

log = logging.getLogger(__name__)


class Kind(StrEnum):
    MALFORMED = "malformed"  # the settings are not a service name, a connection string or an address
    NO_SERVICE = "no_service"  # the service name is not in the service file
    UNREACHABLE = "unreachable"  # no server answered: address, network, TLS, a stalled link
    NO_DATABASE = "no_database"  # 3D000
    NO_ROLE = "no_role"  # 28000, the login role does not exist
    BAD_PASSWORD = "bad_password"  # 28P01
    NO_PASSWORD = "no_password"  # the server asks for one and the client has none
    REFUSED = "refused"  # any other refused login: pg_hba.conf, NOLOGIN, too many connections
    DENIED = "denied"  # 42501: logged in, but the role may not do this (a retired kiosk, say)
    ERROR = "error"  # the server refused a statement for another reason


@dataclass(frozen=True, slots=True)
class LinkFailure:
    kind: Kind
    role: str | None = None  # the login role libpq used, if known
    database: str | None = None
    service: str | None = None
    detail: str = ""  # the server's or libpq's words, first line, no password; empty if MALFORMED


_BY_SQLSTATE = {"3D000": Kind.NO_DATABASE, "28P01": Kind.BAD_PASSWORD, "42501": Kind.DENIED, "53300": Kind.REFUSED}
# The server's words for a refused login, in the order they are tried.
_BY_WORDS = (
    (re.compile(r'definition of service "[^"]*" not found|service file "[^"]*" not found'), Kind.NO_SERVICE),
    (re.compile(r'database "[^"]*" does not exist'), Kind.NO_DATABASE),
    (re.compile(r'role "[^"]*" does not exist'), Kind.NO_ROLE),
    (re.compile(r"password authentication failed"), Kind.BAD_PASSWORD),
    (re.compile(r"no password supplied"), Kind.NO_PASSWORD),
    (re.compile(r"FATAL:"), Kind.REFUSED),
)
_PREFIXES = re.compile(r"^(?:connection failed: |connection is bad: )?(?:connection to server [^:]* failed: )?")


def classify(error: BaseException, dsn: str, login: str | None = None) -> LinkFailure:
    """The kind of `error` (a psycopg.Error, or DsnRefused) met on the hall server named by `dsn`;
    `login`: the role a connection that failed later logged in as (an error of a statement does
    not say it, and a service or PGUSER may have chosen it)."""
    import psycopg

    try:
        given = settings(dsn)
    except DsnRefused:
        return LinkFailure(Kind.MALFORMED)
    if isinstance(error, DsnRefused):
        return LinkFailure(Kind.MALFORMED)
    role = _used(error, "user") or login or given.get("user")
    database = _used(error, "db") or given.get("dbname")
    service = given.get("service")
    words = str(error).strip()
    detail = scrub(_PREFIXES.sub("", words.splitlines()[0] if words else type(error).__name__).strip(), dsn)
    state = getattr(error, "sqlstate", None)
    if state is not None:
        kind = _BY_SQLSTATE.get(state)
        if kind is None:
            kind = Kind.UNREACHABLE if state.startswith(("08", "57P")) else Kind.ERROR
            if state == "28000":
                kind = Kind.NO_ROLE if _BY_WORDS[2][0].search(words) else Kind.REFUSED
    elif isinstance(error, psycopg.ProgrammingError):  # libpq could not read the settings
        return LinkFailure(Kind.MALFORMED, role, database, service)
    else:
        kind = next((kind for pattern, kind in _BY_WORDS if pattern.search(words)), Kind.UNREACHABLE)
    if kind is not Kind.UNREACHABLE and kind is not Kind.ERROR:
        detail = re.sub(r"^FATAL:\s*", "", detail)
    return LinkFailure(kind, role, database, service, detail)


def _used(error: BaseException, name: str) -> str | None:
    """What libpq used for `name` on the failed connection (after the service file and PG* variables)."""
    value = getattr(getattr(error, "pgconn", None), name, None)
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    return value or None


def log_failure(failure: LinkFailure, dsn: str, logger: logging.Logger = log) -> None:
    """One line for the system journal, in English, with the settings shown without their password."""
    logger.error(
        "hall server %s: %s%s",
        without_password(dsn),
        failure.kind.value,
        f" ({failure.detail})" if failure.detail else "",
    )
