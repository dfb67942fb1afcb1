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
    # 4: who is calling. The hall's identity, its logins, the journal chain, and the only ways a
    # kiosk or the cashier writes: functions owned by the schema's owner that take the caller from
    # session_user (see hall/admin.py for the roles and grants).
    """
    CREATE TABLE hall_config (
        single boolean PRIMARY KEY DEFAULT true CHECK (single),
        hall_id integer NOT NULL CHECK (hall_id BETWEEN 1000 AND 9999),
        role_prefix text NOT NULL CHECK (role_prefix ~ '^[a-z0-9_]{1,40}$'),
        voucher_expiry_days integer NOT NULL DEFAULT 365 CHECK (voucher_expiry_days > 0),
        lockout_failures integer NOT NULL DEFAULT 5 CHECK (lockout_failures > 0),
        lockout_window_s integer NOT NULL DEFAULT 600 CHECK (lockout_window_s > 0)
    );

    CREATE TABLE hall_login (
        role name PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('kiosk', 'cashier', 'console')),
        kiosk_id integer UNIQUE CHECK ((kind = 'kiosk') = (kiosk_id IS NOT NULL)),
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        retired_at timestamptz
    );

    -- hash(n) = sha256(hash(n-1) as hex text || the entry's text), hex; NULL before the chain existed.
    ALTER TABLE hall_journal ADD COLUMN hash text, ADD COLUMN note jsonb;  -- note: why a push was refused
    ALTER TABLE hall_push_result ADD COLUMN reason jsonb;  -- that note, for `reddog hall pushes`
    ALTER TABLE hall_kiosk ADD COLUMN chain text;  -- the hash of entry shipped_seq
    ALTER TABLE hall_voucher ADD COLUMN redeemed_nonce bigint, ADD COLUMN redeemed_by name;

    CREATE FUNCTION hall_hash(prev text, body text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT SET search_path = pg_catalog, pg_temp AS $$
        SELECT encode(sha256(convert_to(prev || body, 'UTF8')), 'hex')
    $$;

    -- An 18-digit validation number of this hall with its Damm check digit (hall/tickets.py).
    CREATE FUNCTION hall_is_ticket(number bigint, hall integer) RETURNS boolean
    LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
    DECLARE
        damm constant integer[] := '{0,3,1,7,5,9,8,6,4,2,7,0,9,2,1,5,4,8,6,3,4,2,0,6,8,7,1,3,5,9,1,7,5,0,9,8,3,4,2,6,6,1,2,3,0,4,5,9,7,8,3,6,7,4,2,0,9,5,8,1,5,8,6,9,7,2,0,1,3,4,8,9,4,5,3,6,2,0,1,7,9,4,3,8,6,1,7,2,0,5,2,5,8,1,4,3,6,7,9,0}';
        digits text := number::text;
        interim integer := 0;
    BEGIN
        IF number IS NULL OR length(digits) <> 18 OR left(digits, 4)::integer <> hall THEN
            RETURN false;
        END IF;
        FOR i IN 1..18 LOOP
            interim := damm[interim * 10 + substr(digits, i, 1)::integer + 1];
        END LOOP;
        RETURN interim = 0;
    END $$;

    -- The caller's place in the hall, from the login it connected with: a kiosk's number, 0 for
    -- the cashier or the console. Unknown, retired or of another kind: refused.
    CREATE FUNCTION hall_caller(wanted text) RETURNS integer
    LANGUAGE plpgsql STABLE SET search_path = pg_catalog, pg_temp AS $$
    DECLARE
        login public.hall_login;
    BEGIN
        SELECT * INTO login FROM public.hall_login l WHERE l.role = session_user;
        IF NOT FOUND OR login.kind <> wanted THEN
            RAISE EXCEPTION 'the role % is no % of this hall', session_user, wanted USING ERRCODE = '42501';
        END IF;
        IF login.retired_at IS NOT NULL THEN
            RAISE EXCEPTION 'the role % was retired', session_user USING ERRCODE = '42501';
        END IF;
        RETURN coalesce(login.kiosk_id, 0);
    END $$;

    -- Why a number the hall does not hold is refused: another hall's validation number, or unknown.
    CREATE FUNCTION hall_unknown_voucher(ticket bigint) RETURNS text
    LANGUAGE sql STABLE SET search_path = pg_catalog, public, pg_temp AS $$
        SELECT CASE WHEN length(ticket::text) = 18 AND public.hall_is_ticket(ticket, left(ticket::text, 4)::integer)
                         AND NOT public.hall_is_ticket(ticket, (SELECT c.hall_id FROM public.hall_config c))
                    THEN 'other_hall' ELSE 'unknown' END
    $$;

    CREATE FUNCTION hall_register()
    RETURNS TABLE (kiosk_id integer, shipped_seq bigint, chain text, conflict text, hall_id integer)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    #variable_conflict use_column
    DECLARE
        k integer := public.hall_caller('kiosk');
    BEGIN
        INSERT INTO public.hall_kiosk (kiosk_id) VALUES (k)
        ON CONFLICT (kiosk_id) DO UPDATE SET last_seen = clock_timestamp();
        RETURN QUERY SELECT h.kiosk_id, h.shipped_seq, h.chain, h.conflict, c.hall_id
            FROM public.hall_kiosk h CROSS JOIN public.hall_config c WHERE h.kiosk_id = k;
    END $$;

    CREATE FUNCTION hall_touch() RETURNS void
    LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
        UPDATE public.hall_kiosk SET last_seen = clock_timestamp() WHERE kiosk_id = public.hall_caller('kiosk')
    $$;

    -- The kiosk found that the server's copy is not its journal's: recorded once, shipping stops.
    CREATE FUNCTION hall_report_conflict(reason text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    DECLARE
        k integer := public.hall_caller('kiosk');
    BEGIN
        UPDATE public.hall_kiosk SET conflict = left(reason, 500) WHERE kiosk_id = k AND conflict IS NULL;
        PERFORM pg_notify('reddog_hall', k::text);
    END $$;

    -- Store the caller's entries [{"seq", "prev", "entry": text}, ...] (consecutive, oldest first).
    -- Entries held already must be the same text; a new one must continue the chain, name this
    -- kiosk and its own seq; a cash-out's voucher must be backed by its credits out and by the
    -- credits the kiosk had. Anything else refuses the whole batch and raises the conflict.
    CREATE FUNCTION hall_ship(entries jsonb) RETURNS TABLE (shipped_seq bigint, refused text)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    #variable_conflict use_column
    DECLARE
        k integer := public.hall_caller('kiosk');
        hall integer;
        kiosk public.hall_kiosk;
        held bigint;
        link text;
        table_before jsonb;
        item jsonb;
        n bigint;
        body text;
        e jsonb;
        stored text;
        earlier text;
        amount bigint;
        ticket bigint;
        was_reserved boolean;
        reason text;
    BEGIN
        SELECT c.hall_id INTO hall FROM public.hall_config c;
        SELECT * INTO kiosk FROM public.hall_kiosk h WHERE h.kiosk_id = k FOR UPDATE;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'kiosk % has not registered', k USING ERRCODE = '55000';
        END IF;
        IF kiosk.conflict IS NOT NULL THEN
            RETURN QUERY SELECT kiosk.shipped_seq, kiosk.conflict;
            RETURN;
        END IF;
        held := kiosk.shipped_seq;
        link := CASE WHEN held = 0 THEN repeat('0', 64) ELSE kiosk.chain END;  -- NULL: shipped before the chain
        table_before := kiosk.state;
        BEGIN
            FOR item IN SELECT x.value FROM jsonb_array_elements(entries) x LOOP
                n := (item->>'seq')::bigint;
                body := item->>'entry';
                IF n IS NULL OR body IS NULL THEN
                    RAISE EXCEPTION 'a shipment item is not {seq, prev, entry}' USING ERRCODE = 'RD001';
                END IF;
                IF n <= held THEN  -- sent again after a lost answer: it must be the entry held
                    SELECT j.hash INTO stored FROM public.hall_journal j WHERE j.kiosk_id = k AND j.seq = n;
                    IF n = 1 THEN
                        earlier := repeat('0', 64);
                    ELSE
                        SELECT j.hash INTO earlier FROM public.hall_journal j WHERE j.kiosk_id = k AND j.seq = n - 1;
                    END IF;
                    IF stored IS NOT NULL AND earlier IS NOT NULL AND stored <> public.hall_hash(earlier, body) THEN
                        RAISE EXCEPTION 'entry % was sent again with other content', n USING ERRCODE = 'RD001';
                    END IF;
                    CONTINUE;
                END IF;
                IF n <> held + 1 THEN
                    RAISE EXCEPTION 'entry % does not follow entry %', n, held USING ERRCODE = 'RD001';
                END IF;
                IF link IS NOT NULL AND (item->>'prev') IS DISTINCT FROM link THEN
                    RAISE EXCEPTION 'entry % does not continue the entry % the server holds', n, held
                        USING ERRCODE = 'RD001';
                END IF;
                e := body::jsonb;
                IF (e->>'seq')::bigint IS DISTINCT FROM n THEN
                    RAISE EXCEPTION 'entry % calls itself entry %', n, e->>'seq' USING ERRCODE = 'RD001';
                END IF;
                IF (e->>'kiosk')::integer IS DISTINCT FROM k THEN
                    RAISE EXCEPTION 'entry % is written for kiosk %, not for this one', n, e->>'kiosk'
                        USING ERRCODE = 'RD001';
                END IF;
                IF EXISTS (SELECT 1 FROM jsonb_each(e->'meters') m WHERE jsonb_typeof(m.value) <> 'number') THEN
                    RAISE EXCEPTION 'entry % has meters that are not numbers', n USING ERRCODE = 'RD001';
                END IF;
                IF e->>'action' = 'cash_out' AND e->>'voucher' IS NOT NULL THEN
                    amount := (e->>'value')::bigint;
                    IF amount IS NULL OR amount < 1
                       OR amount IS DISTINCT FROM (e->'meters'->>'credits_out')::bigint
                       OR amount > coalesce((table_before->>'credits')::bigint + (table_before->>'ante')::bigint, 0) THEN
                        RAISE EXCEPTION 'entry % issues a voucher of % credits with no matching cash-out', n, e->>'value'
                            USING ERRCODE = 'RD001';
                    END IF;
                    ticket := (e->>'voucher')::bigint;
                    IF public.hall_is_ticket(ticket, hall) THEN  -- other numbers predate the hall: not its vouchers
                        DELETE FROM public.hall_voucher_reserved r WHERE r.number = ticket AND r.kiosk_id = k;
                        was_reserved := FOUND;
                        IF EXISTS (SELECT 1 FROM public.hall_voucher v WHERE v.number = ticket)
                           OR EXISTS (SELECT 1 FROM public.hall_voucher_reserved r WHERE r.number = ticket) THEN
                            RAISE EXCEPTION 'entry % issues voucher %, which is not this kiosk''s to issue', n, ticket
                                USING ERRCODE = 'RD001';
                        END IF;
                        INSERT INTO public.hall_voucher (number, kiosk_id, seq, amount, issued_at, issued_offline)
                        VALUES (ticket, k, n, amount, (e->>'time')::double precision, NOT was_reserved);
                    END IF;
                END IF;
                link := public.hall_hash(coalesce(link, item->>'prev'), body);
                INSERT INTO public.hall_journal (kiosk_id, seq, time, action, value, voucher, meters, state, hash, note)
                VALUES (k, n, (e->>'time')::double precision, e->>'action', (e->>'value')::bigint,
                        (e->>'voucher')::bigint, e->'meters', e->'state', link, e->'note');
                held := n;
                table_before := e->'state';
            END LOOP;
        EXCEPTION
            WHEN SQLSTATE 'RD001' THEN
                reason := SQLERRM;
            WHEN data_exception OR integrity_constraint_violation THEN  -- not JSON, not numbers, fields missing
                reason := format('entry %s is not a journal entry: %s', n, SQLERRM);
        END;
        IF reason IS NOT NULL THEN
            UPDATE public.hall_kiosk h SET conflict = reason WHERE h.kiosk_id = k;
            PERFORM pg_notify('reddog_hall', k::text);
            RETURN QUERY SELECT kiosk.shipped_seq, reason;
            RETURN;
        END IF;
        IF held > kiosk.shipped_seq THEN
            INSERT INTO public.hall_meter (kiosk_id, name, value)
            SELECT k, m.key, sum(m.value::bigint) FROM public.hall_journal j, jsonb_each_text(j.meters) m
            WHERE j.kiosk_id = k AND j.seq > kiosk.shipped_seq AND m.value::bigint <> 0 GROUP BY m.key
            ON CONFLICT (kiosk_id, name) DO UPDATE SET value = public.hall_meter.value + excluded.value;
            -- A credit must follow the hall's mark: this kiosk, this amount, and the intent journaled
            -- last for this voucher (a second credit for one mark is flagged too).
            INSERT INTO public.hall_credit_mismatch (kiosk_id, seq, voucher, credited)
            SELECT k, j.seq, j.voucher, j.value FROM public.hall_journal j
            WHERE j.kiosk_id = k AND j.seq > kiosk.shipped_seq AND j.action = 'voucher_redeemed'
              AND NOT EXISTS (SELECT 1 FROM public.hall_voucher v
                  WHERE v.number = j.voucher AND v.redeemed_kiosk = k AND v.amount = j.value
                    AND v.redeemed_seq = (SELECT max(i.seq) FROM public.hall_journal i WHERE i.kiosk_id = k
                        AND i.action = 'voucher_redeeming' AND i.voucher = j.voucher AND i.seq < j.seq))
            ON CONFLICT DO NOTHING;
            INSERT INTO public.hall_push_result (push_id, kiosk_id, applied, seq, reason)
            SELECT p.push_id, k, j.action = 'hall_settings', j.seq, j.note
            FROM public.hall_journal j JOIN public.hall_push p ON p.push_id = j.value
            WHERE j.kiosk_id = k AND j.seq > kiosk.shipped_seq
              AND j.action IN ('hall_settings', 'hall_settings_refused')
              AND (p.kiosk_id IS NULL OR p.kiosk_id = k)
            ON CONFLICT DO NOTHING;
            UPDATE public.hall_kiosk h SET shipped_seq = held, chain = link, state = table_before,
                last_seen = clock_timestamp() WHERE h.kiosk_id = k;
            PERFORM pg_notify('reddog_hall', k::text);
        END IF;
        RETURN QUERY SELECT held, NULL::text;
    END $$;

    -- Numbers the kiosk drew (tickets.new_number) held for its next cash-outs: those that are
    -- tickets of this hall and unused; a kiosk holds at most 20 at a time.
    CREATE FUNCTION hall_reserve_numbers(proposed bigint[]) RETURNS SETOF bigint
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    #variable_conflict use_column
    DECLARE
        k integer := public.hall_caller('kiosk');
        hall integer;
        holding bigint;
    BEGIN
        SELECT c.hall_id INTO hall FROM public.hall_config c;
        SELECT count(*) INTO holding FROM public.hall_voucher_reserved r WHERE r.kiosk_id = k;
        RETURN QUERY INSERT INTO public.hall_voucher_reserved (number, kiosk_id)
            SELECT p.n, k FROM (SELECT DISTINCT u.n FROM unnest(proposed) AS u(n)) p
            WHERE public.hall_is_ticket(p.n, hall)
              AND NOT EXISTS (SELECT 1 FROM public.hall_voucher v WHERE v.number = p.n)
            LIMIT greatest(0, 20 - holding)
            ON CONFLICT DO NOTHING RETURNING number;
    END $$;

    -- Mark voucher `ticket` redeemed by the caller's intent (seq, nonce), once; the same intent
    -- asking again gets the same answer, which names the intent it answers.
    CREATE FUNCTION hall_redeem(ticket bigint, intent_seq bigint, intent_nonce bigint)
    RETURNS TABLE (outcome text, amount bigint, kiosk_id integer, seq bigint, nonce bigint)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    #variable_conflict use_column
    DECLARE
        k integer := public.hall_caller('kiosk');
        v public.hall_voucher;
    BEGIN
        -- Two redeemers of one voucher: the second waits for the first's row lock, held only
        -- inside this statement, then finds it redeemed.
        UPDATE public.hall_voucher h SET redeemed_kiosk = k, redeemed_seq = intent_seq, redeemed_nonce = intent_nonce,
            redeemed_at = clock_timestamp(), redeemed_by = session_user
        WHERE h.number = ticket AND h.redeemed_kiosk IS NULL RETURNING h.* INTO v;
        IF FOUND THEN
            PERFORM pg_notify('reddog_hall', k::text);
        ELSE
            SELECT * INTO v FROM public.hall_voucher h WHERE h.number = ticket;
            IF NOT FOUND THEN
                RETURN QUERY SELECT public.hall_unknown_voucher(ticket), 0::bigint, k, intent_seq, intent_nonce;
                RETURN;
            END IF;
        END IF;
        IF v.redeemed_kiosk = k AND v.redeemed_seq = intent_seq AND v.redeemed_nonce IS NOT DISTINCT FROM intent_nonce THEN
            RETURN QUERY SELECT 'redeemed'::text, v.amount, k, intent_seq, intent_nonce;
        ELSE
            RETURN QUERY SELECT 'already_redeemed'::text, v.amount, k, intent_seq, intent_nonce;
        END IF;
    END $$;

    CREATE FUNCTION hall_cashier_redeem(ticket bigint) RETURNS TABLE (outcome text, amount bigint)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    #variable_conflict use_column
    DECLARE
        desk integer := public.hall_caller('cashier');
        serial bigint := nextval('public.hall_cashier_redemption');
        v public.hall_voucher;
    BEGIN
        UPDATE public.hall_voucher h SET redeemed_kiosk = desk, redeemed_seq = serial, redeemed_at = clock_timestamp(),
            redeemed_by = session_user
        WHERE h.number = ticket AND h.redeemed_kiosk IS NULL RETURNING h.* INTO v;
        IF FOUND THEN
            PERFORM pg_notify('reddog_hall', 'cashier');
            RETURN QUERY SELECT 'redeemed'::text, v.amount;
            RETURN;
        END IF;
        SELECT * INTO v FROM public.hall_voucher h WHERE h.number = ticket;
        RETURN QUERY SELECT CASE WHEN FOUND THEN 'already_redeemed' ELSE public.hall_unknown_voucher(ticket) END,
            coalesce(v.amount, 0);
    END $$;

    CREATE FUNCTION hall_pushes_after(after bigint) RETURNS TABLE (push_id bigint, kiosk_id integer, settings jsonb)
    LANGUAGE plpgsql SECURITY DEFINER STABLE SET search_path = pg_catalog, public, pg_temp AS $$
    #variable_conflict use_column
    DECLARE
        k integer := public.hall_caller('kiosk');
    BEGIN
        RETURN QUERY SELECT p.push_id, p.kiosk_id, p.settings FROM public.hall_push p
            WHERE p.push_id > after AND (p.kiosk_id = k OR p.kiosk_id IS NULL) ORDER BY p.push_id;
    END $$;
    """,
    # 5: the voucher's lifecycle. Expiry after voucher_expiry_days, voiding by an operator, the
    # lockout of a place (a kiosk's or a cash desk's login) that asks about wrong numbers, and an
    # append-only audit trail written by triggers, so that no way of changing the hall escapes it.
    """
    ALTER TABLE hall_config
        ADD CONSTRAINT hall_config_expiry_days CHECK (voucher_expiry_days BETWEEN 1 AND 3650),
        ADD CONSTRAINT hall_config_lockout_failures CHECK (lockout_failures BETWEEN 2 AND 100),
        ADD CONSTRAINT hall_config_lockout_window CHECK (lockout_window_s BETWEEN 10 AND 86400);

    ALTER TABLE hall_voucher
        ADD COLUMN voided_at timestamptz, ADD COLUMN voided_by name, ADD COLUMN void_reason text,
        ADD CONSTRAINT hall_voucher_void CHECK ((voided_at IS NULL) = (voided_by IS NULL)
                                                AND (voided_at IS NULL) = (void_reason IS NULL)),
        ADD CONSTRAINT hall_voucher_void_or_redeemed CHECK (voided_at IS NULL OR redeemed_kiosk IS NULL);

    -- Numbers a place asked to redeem that are no voucher the hall issued: what a lockout counts.
    CREATE TABLE hall_redeem_failure (
        place name NOT NULL,                     -- the login that asked
        number bigint NOT NULL,
        at timestamptz NOT NULL DEFAULT clock_timestamp()
    );
    CREATE INDEX hall_redeem_failure_place ON hall_redeem_failure (place, at);

    -- A place locked out: every redemption it asks for is refused until `until`.
    CREATE TABLE hall_lockout (
        lockout_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        place name NOT NULL,
        locked_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        until timestamptz NOT NULL,
        failures integer NOT NULL
    );
    CREATE INDEX hall_lockout_place ON hall_lockout (place, until);

    -- Who did what and when: appended by the triggers below, never changed or deleted.
    CREATE TABLE hall_audit (
        audit_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT clock_timestamp(),
        who name NOT NULL DEFAULT session_user,
        event text NOT NULL CHECK (event IN ('push', 'payment', 'void', 'retire', 'config', 'lockout')),
        subject text,                            -- the voucher, kiosk, login or place concerned
        detail jsonb NOT NULL DEFAULT '{}'
    );

    CREATE FUNCTION hall_audit_refuse() RETURNS trigger
    LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
    BEGIN
        RAISE EXCEPTION 'the hall''s audit trail is append-only: % refused', TG_OP USING ERRCODE = '42501';
    END $$;
    CREATE TRIGGER hall_audit_append_only BEFORE UPDATE OR DELETE ON hall_audit
        FOR EACH ROW EXECUTE FUNCTION hall_audit_refuse();
    CREATE TRIGGER hall_audit_no_truncate BEFORE TRUNCATE ON hall_audit
        FOR EACH STATEMENT EXECUTE FUNCTION hall_audit_refuse();

    -- The triggers write as the owner, whoever changed the table; `who` is the login (session_user).
    CREATE FUNCTION hall_audit_push() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    BEGIN
        INSERT INTO public.hall_audit (event, subject, detail)  -- the names only: a PIN's hash stays in the push
        VALUES ('push', NEW.kiosk_id::text, jsonb_build_object('push', NEW.push_id,
                'settings', (SELECT coalesce(jsonb_agg(s.key ORDER BY s.key), '[]') FROM jsonb_object_keys(NEW.settings) s(key))));
        RETURN NULL;
    END $$;
    CREATE TRIGGER hall_audit_push AFTER INSERT ON hall_push FOR EACH ROW EXECUTE FUNCTION hall_audit_push();

    CREATE FUNCTION hall_audit_voucher() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    BEGIN
        IF OLD.redeemed_kiosk IS NULL AND NEW.redeemed_kiosk = 0 THEN  -- 0: the cash desk
            INSERT INTO public.hall_audit (event, subject, detail)
            VALUES ('payment', NEW.number::text, jsonb_build_object('amount', NEW.amount));
        END IF;
        IF OLD.voided_at IS NULL AND NEW.voided_at IS NOT NULL THEN
            INSERT INTO public.hall_audit (event, subject, detail)
            VALUES ('void', NEW.number::text, jsonb_build_object('amount', NEW.amount, 'reason', NEW.void_reason));
        END IF;
        RETURN NULL;
    END $$;
    CREATE TRIGGER hall_audit_voucher AFTER UPDATE ON hall_voucher FOR EACH ROW EXECUTE FUNCTION hall_audit_voucher();

    CREATE FUNCTION hall_audit_login() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    BEGIN
        IF OLD.retired_at IS NULL AND NEW.retired_at IS NOT NULL THEN
            INSERT INTO public.hall_audit (event, subject, detail)
            VALUES ('retire', NEW.role, jsonb_build_object('kiosk', NEW.kiosk_id));
        END IF;
        RETURN NULL;
    END $$;
    CREATE TRIGGER hall_audit_login AFTER UPDATE ON hall_login FOR EACH ROW EXECUTE FUNCTION hall_audit_login();

    CREATE FUNCTION hall_audit_config() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    DECLARE
        now_set jsonb := jsonb_build_object('voucher_expiry_days', NEW.voucher_expiry_days,
            'lockout_failures', NEW.lockout_failures, 'lockout_window_s', NEW.lockout_window_s);
        was_set jsonb := '{}';
    BEGIN
        IF TG_OP = 'UPDATE' THEN
            was_set := jsonb_build_object('voucher_expiry_days', OLD.voucher_expiry_days,
                'lockout_failures', OLD.lockout_failures, 'lockout_window_s', OLD.lockout_window_s);
        END IF;
        IF now_set IS DISTINCT FROM was_set THEN
            INSERT INTO public.hall_audit (event, subject, detail)
            VALUES ('config', NULL, jsonb_build_object('from', was_set, 'to', now_set));
        END IF;
        RETURN NULL;
    END $$;
    CREATE TRIGGER hall_audit_config AFTER INSERT OR UPDATE ON hall_config
        FOR EACH ROW EXECUTE FUNCTION hall_audit_config();

    CREATE FUNCTION hall_audit_lockout() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    BEGIN
        INSERT INTO public.hall_audit (who, event, subject, detail)
        VALUES (session_user, 'lockout', NEW.place, jsonb_build_object('until', NEW.until, 'failures', NEW.failures));
        RETURN NULL;
    END $$;
    CREATE TRIGGER hall_audit_lockout AFTER INSERT ON hall_lockout FOR EACH ROW EXECUTE FUNCTION hall_audit_lockout();

    -- The end of the caller's lockout, or NULL when it is not locked out.
    CREATE FUNCTION hall_locked_until(caller name) RETURNS timestamptz
    LANGUAGE sql STABLE SET search_path = pg_catalog, public, pg_temp AS $$
        SELECT max(l.until) FROM public.hall_lockout l WHERE l.place = caller AND l.until > clock_timestamp()
    $$;

    -- `caller` asked for `ticket`, no voucher of the hall: recorded. With lockout_failures different
    -- numbers within lockout_window_s (none counted from before its last lockout ended), the place
    -- is locked out for lockout_window_s. Written in the redemption's own statement, which returns
    -- its refusal rather than raising, so the count is kept.
    CREATE FUNCTION hall_wrong_number(caller name, ticket bigint) RETURNS void
    LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
    DECLARE
        c public.hall_config;
        moment timestamptz;
        since timestamptz;
        wrong integer;
    BEGIN
        SELECT * INTO c FROM public.hall_config;
        -- Two wrong numbers from one place at once must not both miss the lockout.
        PERFORM pg_advisory_xact_lock(hashtext('reddog hall lockout ' || caller));
        moment := clock_timestamp();  -- after the wait for the lock
        INSERT INTO public.hall_redeem_failure (place, number, at) VALUES (caller, ticket, moment);
        since := greatest(moment - make_interval(secs => c.lockout_window_s),
                          (SELECT max(l.until) FROM public.hall_lockout l WHERE l.place = caller));
        SELECT count(DISTINCT f.number) INTO wrong FROM public.hall_redeem_failure f
            WHERE f.place = caller AND f.at > since;
        IF wrong >= c.lockout_failures AND public.hall_locked_until(caller) IS NULL THEN
            INSERT INTO public.hall_lockout (place, locked_at, until, failures)
            VALUES (caller, moment, moment + make_interval(secs => c.lockout_window_s), wrong);
            PERFORM pg_notify('reddog_hall', 'lockout');
        END IF;
    END $$;

    -- Why voucher `v` (of the hall) cannot be paid now, or NULL if it can.
    CREATE FUNCTION hall_voucher_refusal(v public.hall_voucher) RETURNS text
    LANGUAGE sql STABLE SET search_path = pg_catalog, public, pg_temp AS $$
        SELECT CASE
            WHEN v.voided_at IS NOT NULL THEN 'voided'
            WHEN v.redeemed_kiosk IS NOT NULL THEN 'already_redeemed'
            WHEN to_timestamp(v.issued_at) < clock_timestamp()
                 - make_interval(days => (SELECT c.voucher_expiry_days FROM public.hall_config c)) THEN 'expired'
        END
    $$;

    -- As in migration 4, and: the same intent asking again gets its answer first, whatever
    -- happened since; then a locked-out kiosk is refused; a number that is no voucher of the
    -- hall is counted; a voided or expired voucher is refused as such.
    CREATE OR REPLACE FUNCTION hall_redeem(ticket bigint, intent_seq bigint, intent_nonce bigint)
    RETURNS TABLE (outcome text, amount bigint, kiosk_id integer, seq bigint, nonce bigint)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    #variable_conflict use_column
    DECLARE
        k integer := public.hall_caller('kiosk');
        v public.hall_voucher;
        known boolean;
        refusal text;
    BEGIN
        SELECT * INTO v FROM public.hall_voucher h WHERE h.number = ticket;
        known := FOUND;
        IF known AND v.redeemed_kiosk = k AND v.redeemed_seq = intent_seq
           AND v.redeemed_nonce IS NOT DISTINCT FROM intent_nonce THEN
            RETURN QUERY SELECT 'redeemed'::text, v.amount, k, intent_seq, intent_nonce;
            RETURN;
        END IF;
        IF public.hall_locked_until(session_user) IS NOT NULL THEN
            RETURN QUERY SELECT 'locked_out'::text, 0::bigint, k, intent_seq, intent_nonce;
            RETURN;
        END IF;
        IF NOT known THEN
            PERFORM public.hall_wrong_number(session_user, ticket);
            RETURN QUERY SELECT public.hall_unknown_voucher(ticket), 0::bigint, k, intent_seq, intent_nonce;
            RETURN;
        END IF;
        refusal := public.hall_voucher_refusal(v);
        IF refusal IS NULL THEN
            -- Two redeemers of one voucher: the second waits for the first's row lock, held only
            -- inside this statement, then finds it redeemed (or voided meanwhile).
            UPDATE public.hall_voucher h SET redeemed_kiosk = k, redeemed_seq = intent_seq,
                redeemed_nonce = intent_nonce, redeemed_at = clock_timestamp(), redeemed_by = session_user
            WHERE h.number = ticket AND h.redeemed_kiosk IS NULL AND h.voided_at IS NULL RETURNING h.* INTO v;
            IF FOUND THEN
                PERFORM pg_notify('reddog_hall', k::text);
                RETURN QUERY SELECT 'redeemed'::text, v.amount, k, intent_seq, intent_nonce;
                RETURN;
            END IF;
            SELECT * INTO v FROM public.hall_voucher h WHERE h.number = ticket;
            refusal := coalesce(public.hall_voucher_refusal(v), 'already_redeemed');
        END IF;
        RETURN QUERY SELECT refusal, v.amount, k, intent_seq, intent_nonce;
    END $$;

    CREATE OR REPLACE FUNCTION hall_cashier_redeem(ticket bigint) RETURNS TABLE (outcome text, amount bigint)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    #variable_conflict use_column
    DECLARE
        desk integer := public.hall_caller('cashier');
        serial bigint;
        v public.hall_voucher;
        refusal text;
    BEGIN
        IF public.hall_locked_until(session_user) IS NOT NULL THEN
            RETURN QUERY SELECT 'locked_out'::text, 0::bigint;
            RETURN;
        END IF;
        SELECT * INTO v FROM public.hall_voucher h WHERE h.number = ticket;
        IF NOT FOUND THEN
            PERFORM public.hall_wrong_number(session_user, ticket);
            RETURN QUERY SELECT public.hall_unknown_voucher(ticket), 0::bigint;
            RETURN;
        END IF;
        refusal := public.hall_voucher_refusal(v);
        IF refusal IS NULL THEN
            serial := nextval('public.hall_cashier_redemption');
            UPDATE public.hall_voucher h SET redeemed_kiosk = desk, redeemed_seq = serial,
                redeemed_at = clock_timestamp(), redeemed_by = session_user
            WHERE h.number = ticket AND h.redeemed_kiosk IS NULL AND h.voided_at IS NULL RETURNING h.* INTO v;
            IF FOUND THEN
                PERFORM pg_notify('reddog_hall', 'cashier');
                RETURN QUERY SELECT 'redeemed'::text, v.amount;
                RETURN;
            END IF;
            SELECT * INTO v FROM public.hall_voucher h WHERE h.number = ticket;
            refusal := coalesce(public.hall_voucher_refusal(v), 'already_redeemed');
        END IF;
        RETURN QUERY SELECT refusal, v.amount;
    END $$;
    """,
    # 6: the lockout holds whatever the caller does around it. Each place's redemptions wait on a
    # row of hall_place_lock, a table of the owner's that no login may read or lock (an advisory
    # lock's key anyone could take); the lockout is checked after that wait, so calls queued
    # behind a lockout see it; a redemption outside READ COMMITTED is refused, for a snapshot
    # taken earlier would not see the wrong numbers other transactions counted meanwhile; a
    # missing number counts as a wrong one. A cash-out stamped at no plausible time is refused at
    # shipping, and a voucher's expiry is reckoned in seconds, so a stamp stored earlier cannot
    # make the refusal raise.
    """
    CREATE TABLE hall_place_lock (place name PRIMARY KEY);  -- no grants: the owner's functions only
    REVOKE ALL ON hall_place_lock FROM PUBLIC;

    -- Waits until no other redemption of `caller` is under way; held to the end of the transaction.
    -- Refuses (25000) a transaction that is not READ COMMITTED.
    CREATE FUNCTION hall_lock_place(caller name) RETURNS void
    LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
    BEGIN
        IF current_setting('transaction_isolation') <> 'read committed' THEN
            RAISE EXCEPTION 'a redemption is answered only under READ COMMITTED, not %',
                upper(current_setting('transaction_isolation')) USING ERRCODE = '25000';
        END IF;
        INSERT INTO public.hall_place_lock (place) VALUES (caller) ON CONFLICT (place) DO NOTHING;
        PERFORM 1 FROM public.hall_place_lock p WHERE p.place = caller FOR UPDATE;
    END $$;
    REVOKE ALL ON FUNCTION hall_lock_place(name) FROM PUBLIC;

    -- As in migration 5, without a lock of its own: its callers hold the place's (hall_lock_place).
    CREATE OR REPLACE FUNCTION hall_wrong_number(caller name, ticket bigint) RETURNS void
    LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
    DECLARE
        c public.hall_config;
        moment timestamptz := clock_timestamp();
        since timestamptz;
        wrong integer;
    BEGIN
        SELECT * INTO c FROM public.hall_config;
        INSERT INTO public.hall_redeem_failure (place, number, at) VALUES (caller, coalesce(ticket, -1), moment);
        since := greatest(moment - make_interval(secs => c.lockout_window_s),
                          (SELECT max(l.until) FROM public.hall_lockout l WHERE l.place = caller));
        SELECT count(DISTINCT f.number) INTO wrong FROM public.hall_redeem_failure f
            WHERE f.place = caller AND f.at > since;
        IF wrong >= c.lockout_failures AND public.hall_locked_until(caller) IS NULL THEN
            INSERT INTO public.hall_lockout (place, locked_at, until, failures)
            VALUES (caller, moment, moment + make_interval(secs => c.lockout_window_s), wrong);
            PERFORM pg_notify('reddog_hall', 'lockout');
        END IF;
    END $$;

    -- As in migration 5, in seconds since 1970: no stamp can put the date out of range.
    CREATE OR REPLACE FUNCTION hall_voucher_refusal(v public.hall_voucher) RETURNS text
    LANGUAGE sql STABLE SET search_path = pg_catalog, public, pg_temp AS $$
        SELECT CASE
            WHEN v.voided_at IS NOT NULL THEN 'voided'
            WHEN v.redeemed_kiosk IS NOT NULL THEN 'already_redeemed'
            WHEN v.issued_at < extract(epoch FROM clock_timestamp())
                 - 86400 * (SELECT c.voucher_expiry_days FROM public.hall_config c) THEN 'expired'
        END
    $$;

    -- As in migration 4, and a voucher's cash-out must be stamped at a plausible time: not before
    -- 2000, not more than a day ahead of the hall's clock (a kiosk offline for days ships late, so
    -- any time since then is taken); not a number (Infinity, NaN) refuses the entry.
    CREATE OR REPLACE FUNCTION hall_ship(entries jsonb) RETURNS TABLE (shipped_seq bigint, refused text)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    #variable_conflict use_column
    DECLARE
        k integer := public.hall_caller('kiosk');
        hall integer;
        kiosk public.hall_kiosk;
        held bigint;
        link text;
        table_before jsonb;
        item jsonb;
        n bigint;
        body text;
        e jsonb;
        stored text;
        earlier text;
        amount bigint;
        ticket bigint;
        was_reserved boolean;
        stamp double precision;
        reason text;
    BEGIN
        SELECT c.hall_id INTO hall FROM public.hall_config c;
        SELECT * INTO kiosk FROM public.hall_kiosk h WHERE h.kiosk_id = k FOR UPDATE;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'kiosk % has not registered', k USING ERRCODE = '55000';
        END IF;
        IF kiosk.conflict IS NOT NULL THEN
            RETURN QUERY SELECT kiosk.shipped_seq, kiosk.conflict;
            RETURN;
        END IF;
        held := kiosk.shipped_seq;
        link := CASE WHEN held = 0 THEN repeat('0', 64) ELSE kiosk.chain END;  -- NULL: shipped before the chain
        table_before := kiosk.state;
        BEGIN
            FOR item IN SELECT x.value FROM jsonb_array_elements(entries) x LOOP
                n := (item->>'seq')::bigint;
                body := item->>'entry';
                IF n IS NULL OR body IS NULL THEN
                    RAISE EXCEPTION 'a shipment item is not {seq, prev, entry}' USING ERRCODE = 'RD001';
                END IF;
                IF n <= held THEN  -- sent again after a lost answer: it must be the entry held
                    SELECT j.hash INTO stored FROM public.hall_journal j WHERE j.kiosk_id = k AND j.seq = n;
                    IF n = 1 THEN
                        earlier := repeat('0', 64);
                    ELSE
                        SELECT j.hash INTO earlier FROM public.hall_journal j WHERE j.kiosk_id = k AND j.seq = n - 1;
                    END IF;
                    IF stored IS NOT NULL AND earlier IS NOT NULL AND stored <> public.hall_hash(earlier, body) THEN
                        RAISE EXCEPTION 'entry % was sent again with other content', n USING ERRCODE = 'RD001';
                    END IF;
                    CONTINUE;
                END IF;
                IF n <> held + 1 THEN
                    RAISE EXCEPTION 'entry % does not follow entry %', n, held USING ERRCODE = 'RD001';
                END IF;
                IF link IS NOT NULL AND (item->>'prev') IS DISTINCT FROM link THEN
                    RAISE EXCEPTION 'entry % does not continue the entry % the server holds', n, held
                        USING ERRCODE = 'RD001';
                END IF;
                e := body::jsonb;
                IF (e->>'seq')::bigint IS DISTINCT FROM n THEN
                    RAISE EXCEPTION 'entry % calls itself entry %', n, e->>'seq' USING ERRCODE = 'RD001';
                END IF;
                IF (e->>'kiosk')::integer IS DISTINCT FROM k THEN
                    RAISE EXCEPTION 'entry % is written for kiosk %, not for this one', n, e->>'kiosk'
                        USING ERRCODE = 'RD001';
                END IF;
                IF EXISTS (SELECT 1 FROM jsonb_each(e->'meters') m WHERE jsonb_typeof(m.value) <> 'number') THEN
                    RAISE EXCEPTION 'entry % has meters that are not numbers', n USING ERRCODE = 'RD001';
                END IF;
                IF e->>'action' = 'cash_out' AND e->>'voucher' IS NOT NULL THEN
                    amount := (e->>'value')::bigint;
                    IF amount IS NULL OR amount < 1
                       OR amount IS DISTINCT FROM (e->'meters'->>'credits_out')::bigint
                       OR amount > coalesce((table_before->>'credits')::bigint + (table_before->>'ante')::bigint, 0) THEN
                        RAISE EXCEPTION 'entry % issues a voucher of % credits with no matching cash-out', n, e->>'value'
                            USING ERRCODE = 'RD001';
                    END IF;
                    ticket := (e->>'voucher')::bigint;
                    IF public.hall_is_ticket(ticket, hall) THEN  -- other numbers predate the hall: not its vouchers
                        stamp := (e->>'time')::double precision;
                        IF stamp IS NULL OR NOT (stamp >= 946684800  -- 2000-01-01; NaN is above every number
                                                 AND stamp <= extract(epoch FROM clock_timestamp() + interval '1 day')) THEN
                            RAISE EXCEPTION 'entry % issues voucher % at time %, which is no plausible time', n, ticket,
                                e->>'time' USING ERRCODE = 'RD001';
                        END IF;
                        DELETE FROM public.hall_voucher_reserved r WHERE r.number = ticket AND r.kiosk_id = k;
                        was_reserved := FOUND;
                        IF EXISTS (SELECT 1 FROM public.hall_voucher v WHERE v.number = ticket)
                           OR EXISTS (SELECT 1 FROM public.hall_voucher_reserved r WHERE r.number = ticket) THEN
                            RAISE EXCEPTION 'entry % issues voucher %, which is not this kiosk''s to issue', n, ticket
                                USING ERRCODE = 'RD001';
                        END IF;
                        INSERT INTO public.hall_voucher (number, kiosk_id, seq, amount, issued_at, issued_offline)
                        VALUES (ticket, k, n, amount, (e->>'time')::double precision, NOT was_reserved);
                    END IF;
                END IF;
                link := public.hall_hash(coalesce(link, item->>'prev'), body);
                INSERT INTO public.hall_journal (kiosk_id, seq, time, action, value, voucher, meters, state, hash, note)
                VALUES (k, n, (e->>'time')::double precision, e->>'action', (e->>'value')::bigint,
                        (e->>'voucher')::bigint, e->'meters', e->'state', link, e->'note');
                held := n;
                table_before := e->'state';
            END LOOP;
        EXCEPTION
            WHEN SQLSTATE 'RD001' THEN
                reason := SQLERRM;
            WHEN data_exception OR integrity_constraint_violation THEN  -- not JSON, not numbers, fields missing
                reason := format('entry %s is not a journal entry: %s', n, SQLERRM);
        END;
        IF reason IS NOT NULL THEN
            UPDATE public.hall_kiosk h SET conflict = reason WHERE h.kiosk_id = k;
            PERFORM pg_notify('reddog_hall', k::text);
            RETURN QUERY SELECT kiosk.shipped_seq, reason;
            RETURN;
        END IF;
        IF held > kiosk.shipped_seq THEN
            INSERT INTO public.hall_meter (kiosk_id, name, value)
            SELECT k, m.key, sum(m.value::bigint) FROM public.hall_journal j, jsonb_each_text(j.meters) m
            WHERE j.kiosk_id = k AND j.seq > kiosk.shipped_seq AND m.value::bigint <> 0 GROUP BY m.key
            ON CONFLICT (kiosk_id, name) DO UPDATE SET value = public.hall_meter.value + excluded.value;
            -- A credit must follow the hall's mark: this kiosk, this amount, and the intent journaled
            -- last for this voucher (a second credit for one mark is flagged too).
            INSERT INTO public.hall_credit_mismatch (kiosk_id, seq, voucher, credited)
            SELECT k, j.seq, j.voucher, j.value FROM public.hall_journal j
            WHERE j.kiosk_id = k AND j.seq > kiosk.shipped_seq AND j.action = 'voucher_redeemed'
              AND NOT EXISTS (SELECT 1 FROM public.hall_voucher v
                  WHERE v.number = j.voucher AND v.redeemed_kiosk = k AND v.amount = j.value
                    AND v.redeemed_seq = (SELECT max(i.seq) FROM public.hall_journal i WHERE i.kiosk_id = k
                        AND i.action = 'voucher_redeeming' AND i.voucher = j.voucher AND i.seq < j.seq))
            ON CONFLICT DO NOTHING;
            INSERT INTO public.hall_push_result (push_id, kiosk_id, applied, seq, reason)
            SELECT p.push_id, k, j.action = 'hall_settings', j.seq, j.note
            FROM public.hall_journal j JOIN public.hall_push p ON p.push_id = j.value
            WHERE j.kiosk_id = k AND j.seq > kiosk.shipped_seq
              AND j.action IN ('hall_settings', 'hall_settings_refused')
              AND (p.kiosk_id IS NULL OR p.kiosk_id = k)
            ON CONFLICT DO NOTHING;
            UPDATE public.hall_kiosk h SET shipped_seq = held, chain = link, state = table_before,
                last_seen = clock_timestamp() WHERE h.kiosk_id = k;
            PERFORM pg_notify('reddog_hall', k::text);
        END IF;
        RETURN QUERY SELECT held, NULL::text;
    END $$;

    -- As in migration 5, with the place's lock taken first and the lockout checked after it.
    CREATE OR REPLACE FUNCTION hall_redeem(ticket bigint, intent_seq bigint, intent_nonce bigint)
    RETURNS TABLE (outcome text, amount bigint, kiosk_id integer, seq bigint, nonce bigint)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    #variable_conflict use_column
    DECLARE
        k integer := public.hall_caller('kiosk');
        v public.hall_voucher;
        known boolean;
        refusal text;
    BEGIN
        PERFORM public.hall_lock_place(session_user);
        SELECT * INTO v FROM public.hall_voucher h WHERE h.number = ticket;
        known := FOUND;
        IF known AND v.redeemed_kiosk = k AND v.redeemed_seq = intent_seq
           AND v.redeemed_nonce IS NOT DISTINCT FROM intent_nonce THEN
            RETURN QUERY SELECT 'redeemed'::text, v.amount, k, intent_seq, intent_nonce;
            RETURN;
        END IF;
        IF public.hall_locked_until(session_user) IS NOT NULL THEN
            RETURN QUERY SELECT 'locked_out'::text, 0::bigint, k, intent_seq, intent_nonce;
            RETURN;
        END IF;
        IF NOT known THEN
            PERFORM public.hall_wrong_number(session_user, ticket);
            RETURN QUERY SELECT public.hall_unknown_voucher(ticket), 0::bigint, k, intent_seq, intent_nonce;
            RETURN;
        END IF;
        refusal := public.hall_voucher_refusal(v);
        IF refusal IS NULL THEN
            UPDATE public.hall_voucher h SET redeemed_kiosk = k, redeemed_seq = intent_seq,
                redeemed_nonce = intent_nonce, redeemed_at = clock_timestamp(), redeemed_by = session_user
            WHERE h.number = ticket AND h.redeemed_kiosk IS NULL AND h.voided_at IS NULL RETURNING h.* INTO v;
            IF FOUND THEN
                PERFORM pg_notify('reddog_hall', k::text);
                RETURN QUERY SELECT 'redeemed'::text, v.amount, k, intent_seq, intent_nonce;
                RETURN;
            END IF;
            SELECT * INTO v FROM public.hall_voucher h WHERE h.number = ticket;
            refusal := coalesce(public.hall_voucher_refusal(v), 'already_redeemed');
        END IF;
        RETURN QUERY SELECT refusal, v.amount, k, intent_seq, intent_nonce;
    END $$;

    CREATE OR REPLACE FUNCTION hall_cashier_redeem(ticket bigint) RETURNS TABLE (outcome text, amount bigint)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    #variable_conflict use_column
    DECLARE
        desk integer := public.hall_caller('cashier');
        serial bigint;
        v public.hall_voucher;
        refusal text;
    BEGIN
        PERFORM public.hall_lock_place(session_user);
        IF public.hall_locked_until(session_user) IS NOT NULL THEN
            RETURN QUERY SELECT 'locked_out'::text, 0::bigint;
            RETURN;
        END IF;
        SELECT * INTO v FROM public.hall_voucher h WHERE h.number = ticket;
        IF NOT FOUND THEN
            PERFORM public.hall_wrong_number(session_user, ticket);
            RETURN QUERY SELECT public.hall_unknown_voucher(ticket), 0::bigint;
            RETURN;
        END IF;
        refusal := public.hall_voucher_refusal(v);
        IF refusal IS NULL THEN
            serial := nextval('public.hall_cashier_redemption');
            UPDATE public.hall_voucher h SET redeemed_kiosk = desk, redeemed_seq = serial,
                redeemed_at = clock_timestamp(), redeemed_by = session_user
            WHERE h.number = ticket AND h.redeemed_kiosk IS NULL AND h.voided_at IS NULL RETURNING h.* INTO v;
            IF FOUND THEN
                PERFORM pg_notify('reddog_hall', 'cashier');
                RETURN QUERY SELECT 'redeemed'::text, v.amount;
                RETURN;
            END IF;
            SELECT * INTO v FROM public.hall_voucher h WHERE h.number = ticket;
            refusal := coalesce(public.hall_voucher_refusal(v), 'already_redeemed');
        END IF;
        RETURN QUERY SELECT refusal, v.amount;
    END $$;
    """,
    # 7: no answer about a number before the question is on record. A place asks about a voucher
    # number in a transaction of its own (hall_redeem_ask, hall_cashier_ask) and is answered in a
    # later one (…_answer); a question whose answer was never committed, because the caller
    # rolled it back or the link died, counts as a wrong number until then. A number a kiosk
    # drew itself for an offline voucher is put on record the same way before hall_ship takes
    # it. The numbers a kiosk holds for its next cash-outs are drawn by the hall, not proposed
    # by the kiosk, so no call tells a login which numbers are taken.
    f"""
    CREATE TABLE hall_number_question (
        question_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        place name NOT NULL,                     -- the login that asked
        kind text NOT NULL CHECK (kind IN ('redeem', 'ship')),
        number bigint,
        seq bigint,                              -- a kiosk's redemption intent, its seq and nonce
        nonce bigint,
        asked_at timestamptz NOT NULL,
        asked_in xid8 NOT NULL,                  -- the asking transaction: answered only once it committed
        answer text                              -- NULL until an answer is committed
    );
    CREATE INDEX hall_number_question_place ON hall_number_question (place, asked_at);
    REVOKE ALL ON hall_number_question FROM PUBLIC;

    -- Locks `caller` out when it has asked about lockout_failures different wrong numbers within
    -- lockout_window_s (none counted from before its last lockout ended): refused numbers and
    -- questions left without a committed answer. The caller holds the place's lock.
    CREATE FUNCTION hall_count_wrong(caller name) RETURNS void
    LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
    DECLARE
        c public.hall_config;
        moment timestamptz := clock_timestamp();
        since timestamptz;
        wrong integer;
    BEGIN
        SELECT * INTO c FROM public.hall_config;
        since := greatest(moment - make_interval(secs => c.lockout_window_s),
                          (SELECT max(l.until) FROM public.hall_lockout l WHERE l.place = caller));
        SELECT count(DISTINCT w.number) INTO wrong FROM (
            SELECT f.number FROM public.hall_redeem_failure f WHERE f.place = caller AND f.at > since
            UNION ALL
            SELECT coalesce(q.number, -1) FROM public.hall_number_question q
            WHERE q.place = caller AND q.asked_at > since AND q.answer IS NULL
        ) w;
        IF wrong >= c.lockout_failures AND public.hall_locked_until(caller) IS NULL THEN
            INSERT INTO public.hall_lockout (place, locked_at, until, failures)
            VALUES (caller, moment, moment + make_interval(secs => c.lockout_window_s), wrong);
            PERFORM pg_notify('reddog_hall', 'lockout');
        END IF;
    END $$;
    REVOKE ALL ON FUNCTION hall_count_wrong(name) FROM PUBLIC;

    -- As in migration 6, the count shared with unanswered questions.
    CREATE OR REPLACE FUNCTION hall_wrong_number(caller name, ticket bigint) RETURNS void
    LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
    BEGIN
        INSERT INTO public.hall_redeem_failure (place, number, at) VALUES (caller, coalesce(ticket, -1), clock_timestamp());
        PERFORM public.hall_count_wrong(caller);
    END $$;

    -- Puts the caller's question about `ticket` on record and returns its id; says nothing of the number.
    CREATE FUNCTION hall_ask(kind text, ticket bigint, intent_seq bigint, intent_nonce bigint) RETURNS bigint
    LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
    DECLARE
        asked bigint;
    BEGIN
        PERFORM public.hall_lock_place(session_user);
        PERFORM public.hall_count_wrong(session_user);  -- questions left unanswered since the last one
        INSERT INTO public.hall_number_question (place, kind, number, seq, nonce, asked_at, asked_in)
        VALUES (session_user, kind, ticket, intent_seq, intent_nonce, clock_timestamp(), pg_current_xact_id())
        RETURNING question_id INTO asked;
        RETURN asked;
    END $$;
    REVOKE ALL ON FUNCTION hall_ask(text, bigint, bigint, bigint) FROM PUBLIC;

    -- The caller's question `asked` of `kind`, once the transaction that asked it has committed;
    -- refused (22023) when it is not the caller's, (25000) when it is not committed yet.
    CREATE FUNCTION hall_question(asked bigint, kind text) RETURNS public.hall_number_question
    LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
    DECLARE
        q public.hall_number_question;
    BEGIN
        SELECT * INTO q FROM public.hall_number_question h
        WHERE h.question_id = asked AND h.place = session_user AND h.kind = hall_question.kind;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'question % is not one this login asked', asked USING ERRCODE = '22023';
        END IF;
        IF pg_xact_status(q.asked_in) IS DISTINCT FROM 'committed' THEN
            RAISE EXCEPTION 'question % is answered only once the transaction that asked it has committed', asked
                USING ERRCODE = '25000';
        END IF;
        RETURN q;
    END $$;
    REVOKE ALL ON FUNCTION hall_question(bigint, text) FROM PUBLIC;

    -- The redemptions of migration 6 become the answers' inner steps: no login calls them any more.
    ALTER FUNCTION hall_redeem(bigint, bigint, bigint) RENAME TO hall_redeem_now;
    ALTER FUNCTION hall_cashier_redeem(bigint) RENAME TO hall_cashier_redeem_now;
    DROP FUNCTION hall_reserve_numbers(bigint[]);
    ALTER FUNCTION hall_ship(jsonb) RENAME TO hall_ship_now;
    DO $$
    DECLARE
        f regprocedure;
        grantee text;
    BEGIN
        FOREACH f IN ARRAY ARRAY['public.hall_redeem_now(bigint, bigint, bigint)', 'public.hall_cashier_redeem_now(bigint)',
                                 'public.hall_ship_now(jsonb)']::regprocedure[] LOOP
            FOR grantee IN SELECT DISTINCT a.grantee::regrole::text FROM pg_proc p, aclexplode(p.proacl) a
                           WHERE p.oid = f AND a.grantee <> 0 AND a.grantee <> p.proowner LOOP
                EXECUTE format('REVOKE EXECUTE ON FUNCTION %s FROM %s', f, grantee);
            END LOOP;
            EXECUTE format('REVOKE EXECUTE ON FUNCTION %s FROM PUBLIC', f);
        END LOOP;
    END $$;

    CREATE FUNCTION hall_redeem_ask(ticket bigint, intent_seq bigint, intent_nonce bigint) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    BEGIN
        PERFORM public.hall_caller('kiosk');
        RETURN public.hall_ask('redeem', ticket, intent_seq, intent_nonce);
    END $$;

    CREATE FUNCTION hall_redeem_answer(asked bigint)
    RETURNS TABLE (outcome text, amount bigint, kiosk_id integer, seq bigint, nonce bigint)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    #variable_conflict use_column
    DECLARE
        q public.hall_number_question;
        r record;
    BEGIN
        PERFORM public.hall_caller('kiosk');
        q := public.hall_question(asked, 'redeem');
        SELECT * INTO r FROM public.hall_redeem_now(q.number, q.seq, q.nonce);
        UPDATE public.hall_number_question h SET answer = r.outcome WHERE h.question_id = asked;
        RETURN QUERY SELECT r.outcome, r.amount, r.kiosk_id, r.seq, r.nonce;
    END $$;

    CREATE FUNCTION hall_cashier_ask(ticket bigint) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    BEGIN
        PERFORM public.hall_caller('cashier');
        RETURN public.hall_ask('redeem', ticket, NULL, NULL);
    END $$;

    CREATE FUNCTION hall_cashier_answer(asked bigint) RETURNS TABLE (outcome text, amount bigint)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    #variable_conflict use_column
    DECLARE
        q public.hall_number_question;
        r record;
    BEGIN
        PERFORM public.hall_caller('cashier');
        q := public.hall_question(asked, 'redeem');
        SELECT * INTO r FROM public.hall_cashier_redeem_now(q.number);
        UPDATE public.hall_number_question h SET answer = r.outcome WHERE h.question_id = asked;
        RETURN QUERY SELECT r.outcome, r.amount;
    END $$;

    -- A fresh validation number of hall `hall` (hall/tickets.py): 13 digits from the server's
    -- strong random source (gen_random_uuid), then the Damm check digit.
    CREATE FUNCTION hall_new_ticket(hall integer) RETURNS bigint
    LANGUAGE plpgsql VOLATILE SET search_path = pg_catalog, pg_temp AS $$
    DECLARE
        damm constant integer[] := '{{0,3,1,7,5,9,8,6,4,2,7,0,9,2,1,5,4,8,6,3,4,2,0,6,8,7,1,3,5,9,1,7,5,0,9,8,3,4,2,6,6,1,2,3,0,4,5,9,7,8,3,6,7,4,2,0,9,5,8,1,5,8,6,9,7,2,0,1,3,4,8,9,4,5,3,6,2,0,1,7,9,4,3,8,6,1,7,2,0,5,2,5,8,1,4,3,6,7,9,0}}';
        bits text := replace(gen_random_uuid()::text, '-', '');  -- hex; digit 13 is the version
        body text;
        interim integer := 0;
    BEGIN
        body := hall::text || lpad((('x' || substr(bits, 1, 12) || substr(bits, 14, 3))::bit(60)::bigint
                                    % {10**13})::text, 13, '0');
        FOR i IN 1..17 LOOP
            interim := damm[interim * 10 + substr(body, i, 1)::integer + 1];
        END LOOP;
        RETURN (body || interim::text)::bigint;
    END $$;
    REVOKE ALL ON FUNCTION hall_new_ticket(integer) FROM PUBLIC;

    -- Up to `wanted` numbers the hall draws and holds for the caller's next cash-outs; a kiosk
    -- holds at most 20 at a time.
    CREATE FUNCTION hall_reserve_numbers(wanted integer) RETURNS SETOF bigint
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    #variable_conflict use_column
    DECLARE
        k integer := public.hall_caller('kiosk');
        hall integer;
        room integer;
    BEGIN
        SELECT c.hall_id INTO hall FROM public.hall_config c;
        SELECT 20 - count(*) INTO room FROM public.hall_voucher_reserved r WHERE r.kiosk_id = k;
        RETURN QUERY INSERT INTO public.hall_voucher_reserved (number, kiosk_id)
            SELECT d.n, k FROM (SELECT public.hall_new_ticket(hall) AS n FROM generate_series(1, least(wanted, room))) d
            WHERE NOT EXISTS (SELECT 1 FROM public.hall_voucher v WHERE v.number = d.n)
            ON CONFLICT DO NOTHING RETURNING number;
    END $$;

    -- The numbers of this hall that `entries` (a shipment, as hall_ship_now takes it) issue as
    -- vouchers and the kiosk does not hold: numbers it drew itself, offline.
    CREATE FUNCTION hall_drawn_offline(k integer, entries jsonb) RETURNS SETOF bigint
    LANGUAGE sql STABLE SET search_path = pg_catalog, public, pg_temp AS $$
        SELECT DISTINCT (((x.value->>'entry')::jsonb->>'voucher'))::bigint AS n FROM jsonb_array_elements(entries) x
        WHERE jsonb_typeof(x.value->'entry') = 'string'
          AND ((x.value->>'entry')::jsonb->>'action') = 'cash_out'
          AND (x.value->>'seq') ~ '^[0-9]{{1,18}}$'
          AND (x.value->>'seq')::bigint > (SELECT h.shipped_seq FROM public.hall_kiosk h WHERE h.kiosk_id = k)
          AND ((x.value->>'entry')::jsonb->>'voucher') ~ '^[0-9]{{18}}$'
          AND public.hall_is_ticket(((x.value->>'entry')::jsonb->>'voucher')::bigint,
                                    (SELECT c.hall_id FROM public.hall_config c))
          AND NOT EXISTS (SELECT 1 FROM public.hall_voucher_reserved r
                          WHERE r.kiosk_id = k AND r.number = ((x.value->>'entry')::jsonb->>'voucher')::bigint)
    $$;
    """
    + """
    -- As hall_ship_now, once every number the shipment issues that the kiosk drew itself is on
    -- record in a committed question of the kiosk's; until then the numbers are put on record
    -- and nothing is shipped: the answer's `refused` is 'asked', and the kiosk ships again.
    CREATE FUNCTION hall_ship(entries jsonb) RETURNS TABLE (shipped_seq bigint, refused text)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    #variable_conflict use_column
    DECLARE
        k integer := public.hall_caller('kiosk');
        unasked bigint[];
        r record;
    BEGIN
        BEGIN
            SELECT array_agg(d.n) INTO unasked FROM public.hall_drawn_offline(k, entries) d(n)
            WHERE NOT EXISTS (SELECT 1 FROM public.hall_number_question q
                              WHERE q.place = session_user AND q.kind = 'ship' AND q.number = d.n
                                AND pg_xact_status(q.asked_in) = 'committed');
        EXCEPTION WHEN data_exception THEN
            unasked := NULL;  -- not a shipment hall_ship_now can read: it says why
        END;
        IF unasked IS NOT NULL THEN
            PERFORM public.hall_ask('ship', n, NULL, NULL) FROM unnest(unasked) u(n);
            RETURN QUERY SELECT h.shipped_seq, 'asked'::text FROM public.hall_kiosk h WHERE h.kiosk_id = k;
            RETURN;
        END IF;
        SELECT * INTO r FROM public.hall_ship_now(entries);
        UPDATE public.hall_number_question q SET answer = 'issued'
        WHERE q.place = session_user AND q.kind = 'ship' AND q.answer IS NULL
          AND EXISTS (SELECT 1 FROM public.hall_voucher v WHERE v.number = q.number AND v.kiosk_id = k);
        RETURN QUERY SELECT r.shipped_seq, r.refused;
    END $$;
    """,
    # 8: the floor's vouchers without what pays them. A console's login reads this view, not
    # hall_voucher: a voucher's number is a bearer's claim to its credits, so the floor sees its
    # last four digits only (admin.grant gives the console no column that holds a whole number).
    # Pushes likewise by their settings' names: one may carry an attendant PIN's hash, which a
    # short PIN does not keep secret.
    """
    CREATE VIEW hall_floor_voucher AS
    SELECT right(v.number::text, 4) AS number_end, v.kiosk_id, v.seq, v.amount, v.issued_at, v.issued_offline,
           v.redeemed_kiosk, v.voided_at
    FROM hall_voucher v;

    -- The pushes by the names of the settings they set, never their values.
    CREATE VIEW hall_push_named AS
    SELECT p.push_id, p.kiosk_id, ARRAY(SELECT jsonb_object_keys(p.settings) ORDER BY 1) AS names
    FROM hall_push p;
    """,
)


def schema_version(conn: psycopg.Connection) -> int:
    """The migration the server has reached (0 for an empty database)."""
    exists = conn.execute("SELECT to_regclass('hall_schema_version') IS NOT NULL").fetchone()
    if not exists or not exists[0]:
        return 0
    row = conn.execute("SELECT max(version) FROM hall_schema_version").fetchone()
    return (row[0] or 0) if row else 0


FIRST_WITH_ROLES = 4  # the migration that brought the roles: a server below it needs `reddog hall init`


class HallNotReady(RuntimeError):
    """The server is not the one this version of Red Dog works with: `needs` says what the
    operator runs, "init" (no hall, or one from before the roles), "migrate" (older migrations)
    or "upgrade" (a newer Red Dog migrated it)."""

    def __init__(self, needs: str, version: int) -> None:
        super().__init__(f"the hall server (schema {version}) needs: {needs}")
        self.needs = needs
        self.version = version


def require_current(conn: psycopg.Connection) -> None:
    """Ordinary connections (kiosk, cashier, console) never change the schema: they check it."""
    version = schema_version(conn)
    if version < FIRST_WITH_ROLES:
        raise HallNotReady("init", version)
    if version < len(MIGRATIONS):
        raise HallNotReady("migrate", version)
    if version > len(MIGRATIONS):
        raise HallNotReady("upgrade", version)


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
