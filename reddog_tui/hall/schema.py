"""The hall server's tables, created and changed only by these numbered migrations.

Each migration runs once, in its own transaction, under an advisory lock so that kiosks
starting together do not race; the version reached is kept in hall_schema_version.
Append new migrations at the end; never edit one that has shipped.
"""

from __future__ import annotations

import psycopg

from .numbers import KIOSK_RANGE, MAX_KIOSK_ID, SERVER_FIRST

MIGRATION_LOCK = 0x52446F67  # any fixed number: the advisory lock of the migrations

MIGRATIONS: tuple[str, ...] = (
    # 1: replicated journals, per-kiosk meters, vouchers and the identity check.
    f"""
    CREATE TABLE hall_kiosk (
        kiosk_id integer PRIMARY KEY CHECK (kiosk_id BETWEEN 1 AND {MAX_KIOSK_ID}),
        shipped_seq bigint NOT NULL DEFAULT 0,   -- the newest journal entry received
        first_seen timestamptz NOT NULL DEFAULT clock_timestamp(),
        last_seen timestamptz NOT NULL DEFAULT clock_timestamp(),
        state jsonb,                             -- the table after that entry
        conflict text                            -- why entries from this id were refused
    );

    -- Every kiosk's journal, entry for entry; (kiosk, seq) is written once.
    CREATE TABLE hall_journal (
        kiosk_id integer NOT NULL REFERENCES hall_kiosk,
        seq bigint NOT NULL,
        time double precision NOT NULL,          -- when the kiosk committed it
        action text NOT NULL,
        value bigint,
        voucher bigint,
        meters jsonb NOT NULL,
        state jsonb NOT NULL,
        received_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        PRIMARY KEY (kiosk_id, seq)
    );

    -- The sums of the replicated meter increments, kept with each shipment.
    CREATE TABLE hall_meter (
        kiosk_id integer NOT NULL REFERENCES hall_kiosk,
        name text NOT NULL,
        value bigint NOT NULL CHECK (value >= 0),
        PRIMARY KEY (kiosk_id, name)
    );

    CREATE SEQUENCE hall_voucher_number MINVALUE {SERVER_FIRST} MAXVALUE {KIOSK_RANGE - 1} START {SERVER_FIRST} NO CYCLE;
    CREATE SEQUENCE hall_cashier_redemption;

    -- Numbers handed to a kiosk ahead of a cash-out, so that a cash-out never waits.
    CREATE TABLE hall_voucher_reserved (
        number bigint PRIMARY KEY,
        kiosk_id integer NOT NULL REFERENCES hall_kiosk,
        reserved_at timestamptz NOT NULL DEFAULT clock_timestamp()
    );

    -- Every hall voucher, from the cash-out entry that issued it. A redemption is the pair
    -- (kiosk, seq of its intent), or (0, a cashier number): set once, repeatable by the same pair.
    CREATE TABLE hall_voucher (
        number bigint PRIMARY KEY,
        kiosk_id integer NOT NULL REFERENCES hall_kiosk,
        seq bigint NOT NULL,
        amount bigint NOT NULL CHECK (amount > 0),
        issued_at double precision NOT NULL,
        issued_offline boolean NOT NULL,
        redeemed_kiosk integer,
        redeemed_seq bigint,
        redeemed_at timestamptz,
        CHECK ((redeemed_kiosk IS NULL) = (redeemed_seq IS NULL))
    );

    -- The accounting identity of store/accounting.py, on a replicated state and the meter
    -- sums: 0 when every credit is accounted for. Tests hold the two to the same answers.
    CREATE FUNCTION hall_identity_gap(state jsonb, credits_in bigint, credits_out bigint,
                                      wagered bigint, paid bigint) RETURNS bigint
    LANGUAGE sql IMMUTABLE AS $$
        SELECT (state->>'credits')::bigint + (state->>'ante')::bigint + (state->>'raised')::bigint
               + (state->>'winnings')::bigint
               - (credits_in - credits_out - wagered + paid
                  + CASE WHEN state->>'phase' = 'decision' THEN (state->>'ante')::bigint ELSE 0 END)
    $$;

    CREATE VIEW hall_kiosk_meters AS
    SELECT k.kiosk_id, k.shipped_seq, k.last_seen, k.conflict, k.state,
           coalesce(sum(m.value) FILTER (WHERE m.name = 'credits_in'), 0)::bigint AS credits_in,
           coalesce(sum(m.value) FILTER (WHERE m.name = 'credits_out'), 0)::bigint AS credits_out,
           coalesce(sum(m.value) FILTER (WHERE m.name = 'games_played'), 0)::bigint AS games_played,
           coalesce(sum(m.value) FILTER (WHERE m.name = 'games_won'), 0)::bigint AS games_won,
           coalesce(sum(m.value) FILTER (WHERE m.name = 'total_wagered'), 0)::bigint AS total_wagered,
           coalesce(sum(m.value) FILTER (WHERE m.name = 'total_paid'), 0)::bigint AS total_paid,
           coalesce(sum(m.value) FILTER (WHERE m.name = 'pushes'), 0)::bigint AS pushes
    FROM hall_kiosk k LEFT JOIN hall_meter m USING (kiosk_id)
    GROUP BY k.kiosk_id;

    CREATE VIEW hall_kiosk_status AS
    SELECT v.*,
           CASE WHEN v.state IS NULL THEN 0 ELSE
               hall_identity_gap(v.state, v.credits_in, v.credits_out, v.total_wagered, v.total_paid)
           END AS identity_gap
    FROM hall_kiosk_meters v;
    """,
    # 2: settings and attendant PIN hashes the hall sends to one kiosk or to all.
    f"""
    CREATE TABLE hall_push (
        push_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        kiosk_id integer CHECK (kiosk_id BETWEEN 1 AND {MAX_KIOSK_ID}),  -- NULL: every kiosk
        settings jsonb NOT NULL,                 -- {{setting key: its text, as a kiosk stores it}}
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
    );

    -- What a kiosk did with a push, read from its replicated journal entry.
    CREATE TABLE hall_push_result (
        push_id bigint NOT NULL REFERENCES hall_push,
        kiosk_id integer NOT NULL REFERENCES hall_kiosk,
        applied boolean NOT NULL,
        seq bigint NOT NULL,
        PRIMARY KEY (push_id, kiosk_id)
    );
    """,
    # 3: credits a kiosk journaled for a voucher the hall did not redeem for it (or for another amount).
    """
    CREATE TABLE hall_credit_mismatch (
        kiosk_id integer NOT NULL REFERENCES hall_kiosk,
        seq bigint NOT NULL,
        voucher bigint,
        credited bigint,
        PRIMARY KEY (kiosk_id, seq)
    );

    CREATE OR REPLACE VIEW hall_kiosk_status AS
    SELECT v.*,
           CASE WHEN v.state IS NULL THEN 0 ELSE
               hall_identity_gap(v.state, v.credits_in, v.credits_out, v.total_wagered, v.total_paid)
           END AS identity_gap,
           (SELECT count(*) FROM hall_credit_mismatch c WHERE c.kiosk_id = v.kiosk_id)::integer AS credit_mismatches
    FROM hall_kiosk_meters v;
    """,
    # 4: why a kiosk's settings model refused a push, as its journal entry says (the refusal's fields, worded where read).
    """
    ALTER TABLE hall_push_result ADD COLUMN reason jsonb;
    """,
)


def schema_version(conn: psycopg.Connection) -> int:
    """The migration the server has reached (0 for an empty database)."""
    exists = conn.execute("SELECT to_regclass('hall_schema_version') IS NOT NULL").fetchone()
    if not exists or not exists[0]:
        return 0
    row = conn.execute("SELECT max(version) FROM hall_schema_version").fetchone()
    return (row[0] or 0) if row else 0


def migrate(conn: psycopg.Connection) -> int:
    """Apply the migrations the server lacks, each in its own transaction; return the version reached.

    Refuses (RuntimeError) a server migrated by a newer version of Red Dog.
    """
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
        conn.execute(
            "CREATE TABLE IF NOT EXISTS hall_schema_version ("
            " version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT clock_timestamp())"
        )
    while True:
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
            version = schema_version(conn)
            if version > len(MIGRATIONS):
                raise RuntimeError(f"hall schema {version} is newer than this version knows ({len(MIGRATIONS)})")
            if version == len(MIGRATIONS):
                return version
            conn.execute(MIGRATIONS[version])
            conn.execute("INSERT INTO hall_schema_version (version) VALUES (%s)", (version + 1,))
