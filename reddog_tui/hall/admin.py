"""Setting up a hall server and who may use it: roles, migrations as the owner, grants, logins.

Run on an administrator's connection (a superuser, or a role with CREATEROLE that owns the
database). Every role is named after the hall's prefix, since roles are shared by the whole
PostgreSQL cluster: P_owner owns every table and function; P_kiosk, P_cashier, P_console are
the groups the logins P_kiosk_N, P_cashier_NAME, P_console_NAME belong to. A kiosk writes only
through the functions of migration 4, which take its number from the login it connected with.
"""

from __future__ import annotations

import os
import random
import re
import secrets
from dataclasses import dataclass
from pathlib import Path

import psycopg
from psycopg import sql

from . import schema, tickets
from .numbers import MAX_KIOSK_ID

PREFIX_PATTERN = re.compile(r"^[a-z0-9_]{1,40}$")
NAME_PATTERN = re.compile(r"^[a-z0-9_]{1,20}$")
GROUPS = ("kiosk", "cashier", "console")

# What each group may do; nothing else is granted to anyone but the owner.
KIOSK_FUNCTIONS = (
    "hall_register()",
    "hall_ship(jsonb)",
    "hall_touch()",
    "hall_report_conflict(text)",
    "hall_reserve_numbers(integer)",
    "hall_redeem_ask(bigint, bigint, bigint)",
    "hall_redeem_answer(bigint)",
    "hall_pushes_after(bigint)",
)
CASHIER_FUNCTIONS = ("hall_cashier_ask(bigint)", "hall_cashier_answer(bigint)")
CONSOLE_FUNCTIONS = ("hall_identity_gap(jsonb, bigint, bigint, bigint, bigint)",)
# What a console reads: the floor, never a whole voucher number (a bearer's claim to its credits)
# nor a pushed setting's value (it may be an attendant PIN's hash, which a short PIN does not keep secret).
CONSOLE_TABLES = (
    "hall_kiosk",
    "hall_meter",
    "hall_floor_voucher",  # migration 8: vouchers with the last four digits of their number
    "hall_push_named",  # migration 8: pushes by the names of their settings
    "hall_push_result",
    "hall_kiosk_meters",
    "hall_kiosk_status",
    "hall_config",
    "hall_login",
    "hall_lockout",  # migration 5: the console's alarm
    "hall_audit",  # migration 5: `reddog hall audit` on a console's login
)


# hall_journal for a console: every column but the voucher's number.
CONSOLE_JOURNAL_COLUMNS = (
    "kiosk_id",
    "seq",
    "time",
    "action",
    "value",
    "meters",
    "state",
    "received_at",
    "hash",
    "note",
)


class HallSetupError(Exception):
    """What the operator asked cannot be done; `reason` is one of the keys cli/hall.py words."""

    def __init__(self, reason: str, **detail: object) -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


def default_prefix(dbname: str) -> str:
    """The database's name reduced to the letters a role prefix may hold."""
    reduced = re.sub(r"[^a-z0-9_]", "_", dbname.lower())[:40]
    return reduced or "hall"


def role(prefix: str, *parts: object) -> str:
    return "_".join([prefix, *(str(p) for p in parts)])


def hall_prefix(conn: psycopg.Connection) -> str:
    """The prefix `reddog hall init` chose; HallNotReady("init") if the hall was never set up."""
    if schema.schema_version(conn) < schema.FIRST_WITH_ROLES:
        raise schema.HallNotReady("init", schema.schema_version(conn))
    row = conn.execute("SELECT role_prefix FROM hall_config").fetchone()
    if row is None:
        raise schema.HallNotReady("init", schema.schema_version(conn))
    return str(row[0])


def _role_exists(conn: psycopg.Connection, name: str) -> bool:
    return conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (name,)).fetchone() is not None


@dataclass(frozen=True, slots=True)
class HallSetup:
    prefix: str
    hall_id: int
    version: int


def init(
    conn: psycopg.Connection, prefix: str | None, rng: random.Random, voucher_expiry_days: int | None = None
) -> HallSetup:
    """Create the roles, run the migrations as the owner, set the hall's identity, grant.

    `rng` draws the hall identifier (secrets.SystemRandom() in use); `voucher_expiry_days`, if
    given, how long the hall's vouchers stay valid (hall/lifecycle.py's bounds). Refuses a
    database that is a hall already (HallSetupError "initialised"): `migrate` is for that."""
    from .lifecycle import check_setting

    if voucher_expiry_days is not None:
        check_setting("voucher_expiry_days", voucher_expiry_days)
    dbname = conn.info.dbname
    prefix = prefix if prefix is not None else default_prefix(dbname)
    if not PREFIX_PATTERN.match(prefix):
        raise HallSetupError("prefix", prefix=prefix)
    if schema.schema_version(conn) >= schema.FIRST_WITH_ROLES:
        raise HallSetupError("initialised", prefix=hall_prefix(conn))
    owner = role(prefix, "owner")
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (schema.MIGRATION_LOCK,))
        for name in (owner, *(role(prefix, g) for g in GROUPS)):
            if not _role_exists(conn, name):
                conn.execute(sql.SQL("CREATE ROLE {} NOLOGIN").format(sql.Identifier(name)))
        me = conn.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user").fetchone()
        if not (me and me[0]):  # a CREATEROLE administrator acts as the owner through membership
            conn.execute(sql.SQL("GRANT {} TO current_user").format(sql.Identifier(owner)))
        conn.execute(sql.SQL("GRANT USAGE, CREATE ON SCHEMA public TO {}").format(sql.Identifier(owner)))
        # A hall made before the roles: its objects pass to the owner.
        for kind, name in conn.execute(
            "SELECT CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'S' THEN 'SEQUENCE' ELSE 'TABLE' END, c.relname"
            " FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
            " WHERE n.nspname = 'public' AND c.relname LIKE 'hall\\_%%' AND c.relkind IN ('r', 'v', 'S')"
        ).fetchall():
            conn.execute(
                sql.SQL("ALTER {} {} OWNER TO {}").format(sql.SQL(kind), sql.Identifier(name), sql.Identifier(owner))
            )
        for (signature,) in conn.execute(
            "SELECT p.oid::regprocedure::text FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace"
            " WHERE n.nspname = 'public' AND p.proname LIKE 'hall\\_%%'"
        ).fetchall():
            conn.execute(sql.SQL("ALTER FUNCTION {} OWNER TO {}").format(sql.SQL(signature), sql.Identifier(owner)))
    version = _migrate_as(conn, owner)
    hall_id = tickets.new_hall_id(rng)
    with conn.transaction():
        conn.execute(sql.SQL("SET LOCAL ROLE {}").format(sql.Identifier(owner)))
        given: dict[str, object] = {"hall_id": hall_id, "role_prefix": prefix}
        if voucher_expiry_days is not None:
            given["voucher_expiry_days"] = voucher_expiry_days
        conn.execute(
            sql.SQL("INSERT INTO hall_config ({}) VALUES ({})").format(
                sql.SQL(", ").join(map(sql.Identifier, given)), sql.SQL(", ").join(sql.Placeholder() * len(given))
            ),
            list(given.values()),
        )
    grant(conn, prefix)
    return HallSetup(prefix, hall_id, version)


def migrate(conn: psycopg.Connection) -> HallSetup:
    """`reddog hall migrate`: the migrations this server lacks, as the owner, then the grants."""
    prefix = hall_prefix(conn)
    version = _migrate_as(conn, role(prefix, "owner"))
    grant(conn, prefix)
    row = conn.execute("SELECT hall_id FROM hall_config").fetchone()
    assert row is not None
    return HallSetup(prefix, int(row[0]), version)


def _migrate_as(conn: psycopg.Connection, owner: str) -> int:
    conn.execute(sql.SQL("SET ROLE {}").format(sql.Identifier(owner)))
    try:
        return schema.migrate(conn)
    finally:
        conn.execute("RESET ROLE")


def grant(conn: psycopg.Connection, prefix: str) -> None:
    """Revoke everything from PUBLIC, then grant each group what it needs (repeatable)."""
    kiosk, cashier, console = (sql.Identifier(role(prefix, g)) for g in GROUPS)
    groups = sql.SQL(", ").join([kiosk, cashier, console])
    owner = sql.Identifier(role(prefix, "owner"))
    db = sql.Identifier(conn.info.dbname)
    statements: list[sql.Composable] = [
        sql.SQL("REVOKE ALL ON DATABASE {} FROM PUBLIC").format(db),
        sql.SQL("GRANT CONNECT ON DATABASE {} TO {}").format(db, groups),
        sql.SQL("REVOKE ALL ON SCHEMA public FROM PUBLIC"),
        sql.SQL("GRANT USAGE ON SCHEMA public TO {}").format(groups),
        sql.SQL("REVOKE ALL ON ALL TABLES IN SCHEMA public FROM PUBLIC, {}").format(groups),  # then granted anew
        sql.SQL("REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM PUBLIC"),
        sql.SQL("REVOKE ALL ON ALL FUNCTIONS IN SCHEMA public FROM PUBLIC"),
        sql.SQL("ALTER DEFAULT PRIVILEGES FOR ROLE {} REVOKE EXECUTE ON FUNCTIONS FROM PUBLIC").format(owner),
        sql.SQL("GRANT SELECT ON hall_schema_version TO {}").format(groups),
    ]
    for group, functions in ((kiosk, KIOSK_FUNCTIONS), (cashier, CASHIER_FUNCTIONS), (console, CONSOLE_FUNCTIONS)):
        for signature in functions:
            statements.append(sql.SQL("GRANT EXECUTE ON FUNCTION {} TO {}").format(sql.SQL(signature), group))
    for table in CONSOLE_TABLES:
        statements.append(sql.SQL("GRANT SELECT ON {} TO {}").format(sql.Identifier(table), console))
    statements.append(
        sql.SQL("GRANT SELECT ({}) ON hall_journal TO {}").format(
            sql.SQL(", ").join(sql.Identifier(c) for c in CONSOLE_JOURNAL_COLUMNS), console
        )
    )
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (schema.MIGRATION_LOCK,))  # grants race otherwise
        for statement in statements:
            conn.execute(statement.as_string(conn))


# --- logins ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Enrolment:
    role: str
    service: str  # the libpq service name written for it
    service_file: Path
    password_file: Path


def enroll(
    conn: psycopg.Connection,
    kind: str,
    who: int | str,
    out_dir: Path,
    host: str | None = None,
    port: str | None = None,
    sslmode: str | None = None,
) -> Enrolment:
    """Create (or give a new secret to) the login of kiosk `who` / cashier or console `who`, and
    write its libpq service file and password file (mode 0600) in `out_dir` for the operator.

    The secret is drawn with `secrets`, sent to the server only as its SCRAM verifier, written
    only to the password file and never returned or printed."""
    prefix = hall_prefix(conn)
    if kind == "kiosk":
        if not isinstance(who, int) or not 1 <= who <= MAX_KIOSK_ID:
            raise HallSetupError("kiosk", kiosk=who)
    elif kind in ("cashier", "console"):
        if not isinstance(who, str) or not NAME_PATTERN.match(who):
            raise HallSetupError("name", name=who)
    else:
        raise ValueError(kind)
    login = role(prefix, kind, who)
    secret = secrets.token_urlsafe(32)
    verifier = conn.pgconn.encrypt_password(secret.encode(), login.encode(), b"scram-sha-256").decode()
    with conn.transaction():
        row = conn.execute("SELECT retired_at IS NOT NULL FROM hall_login WHERE role = %s", (login,)).fetchone()
        if row is not None and row[0]:
            raise HallSetupError("retired", role=login)
        if _role_exists(conn, login):
            conn.execute(
                sql.SQL("ALTER ROLE {} LOGIN PASSWORD {}").format(sql.Identifier(login), sql.Literal(verifier))
            )
        else:
            conn.execute(
                sql.SQL("CREATE ROLE {} LOGIN PASSWORD {} IN ROLE {}").format(
                    sql.Identifier(login), sql.Literal(verifier), sql.Identifier(role(prefix, kind))
                )
            )
        conn.execute(
            "INSERT INTO hall_login (role, kind, kiosk_id) VALUES (%s, %s, %s) ON CONFLICT (role) DO NOTHING",
            (login, kind, who if kind == "kiosk" else None),
        )
    host = host or conn.info.host
    port = port or str(conn.info.port)
    dbname = conn.info.dbname
    out_dir.mkdir(parents=True, exist_ok=True)
    service = f"reddog-{login.replace('_', '-')}"
    password_file = (out_dir / f"{login}.pgpass").resolve()
    service_file = (out_dir / f"{login}.pg_service.conf").resolve()
    _write_private(password_file, ":".join(_pgpass_field(f) for f in (host, port, dbname, login, secret)) + "\n")
    lines = [f"[{service}]", f"host={host}", f"port={port}", f"dbname={dbname}", f"user={login}"]
    if sslmode:
        lines.append(f"sslmode={sslmode}")
    # No passfile line: it would win over the PGPASSFILE the kiosk's unit sets, and name a
    # folder that exists only where the files were made.
    _write_private(service_file, "\n".join(lines) + "\n")
    return Enrolment(login, service, service_file, password_file)


def _pgpass_field(text: str) -> str:
    return text.replace("\\", "\\\\").replace(":", "\\:")


def _write_private(path: Path, text: str) -> None:
    """Written readable by its owner only, from the first byte on."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.fchmod(fd, 0o600)
        os.write(fd, text.encode())
    finally:
        os.close(fd)


def retire(conn: psycopg.Connection, kiosk_id: int) -> str:
    """Revoke kiosk `kiosk_id` at once: no more logins, its sessions ended, marked retired (its
    functions refuse it from now on). Returns the role; HallSetupError "unknown" if none."""
    prefix = hall_prefix(conn)
    login = role(prefix, "kiosk", kiosk_id)
    with conn.transaction():
        row = conn.execute(
            "UPDATE hall_login SET retired_at = coalesce(retired_at, clock_timestamp())"
            " WHERE role = %s AND kind = 'kiosk' RETURNING role",
            (login,),
        ).fetchone()
        if row is None:
            raise HallSetupError("unknown", kiosk=kiosk_id)
        if _role_exists(conn, login):
            conn.execute(sql.SQL("ALTER ROLE {} NOLOGIN").format(sql.Identifier(login)))
    conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = %s", (login,))
    return login


def hall_roles(conn: psycopg.Connection, prefix: str) -> list[str]:
    """The cluster's roles of the hall with this prefix: logins first, then groups, the owner last."""
    names = [
        r[0]
        for r in conn.execute("SELECT rolname FROM pg_roles WHERE starts_with(rolname, %s)", (prefix + "_",)).fetchall()
    ]
    groups = [role(prefix, g) for g in GROUPS]
    logins = sorted(n for n in names if any(n.startswith(g + "_") for g in groups))
    return logins + [g for g in groups if g in names] + [n for n in names if n == role(prefix, "owner")]
