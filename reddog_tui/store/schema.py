"""The database layout. Bump SCHEMA_VERSION and add a migration when it changes."""

from __future__ import annotations

SCHEMA_VERSION = 4
APPLICATION_ID = 0x52446F67  # "RDog" in the SQLite header: marks the file as ours

METER_NAMES = (
    "credits_in",
    "credits_out",
    "games_played",
    "games_won",
    "total_wagered",
    "total_paid",
    "pushes",
)

DDL = """
-- The table as it is now: exactly one row, replaced by every transition.
-- seq is the journal entry that produced it (a second writer is detected by it).
CREATE TABLE table_state (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    seq INTEGER NOT NULL,
    state TEXT NOT NULL,
    round_balance_before INTEGER NOT NULL  -- credits + chips on the table when the open round was dealt
);

-- Every transition, in order, with the state after it. Append-only.
-- meters: what the entry added to the meters (JSON); the meters table is their sum.
-- voucher: the validation number a cash-out issued or a redemption concerns.
-- intent: the identity of the money action the entry carries out (credits added, a cash-out,
-- a redemption and its outcome); unique, so carrying one out a second time writes nothing.
-- note: what an entry says beside its figures (a refused hall push: the settings model's reason, JSON).
CREATE TABLE journal (
    seq INTEGER PRIMARY KEY,
    time REAL NOT NULL,
    action TEXT NOT NULL,
    value INTEGER,
    state TEXT NOT NULL,
    meters TEXT NOT NULL DEFAULT '{}',
    voucher INTEGER,
    intent TEXT,
    note TEXT
);
CREATE UNIQUE INDEX journal_intent_once ON journal (intent);

-- Non-volatile meters. They only grow.
CREATE TABLE meters (
    name TEXT PRIMARY KEY,
    value INTEGER NOT NULL CHECK (value >= 0)
) WITHOUT ROWID;

CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;

-- One row per settled round, keyed by its number: a replayed settlement cannot be written twice.
-- The key is the rowid, so the newest rows are found without scanning history.
CREATE TABLE rounds (
    round INTEGER PRIMARY KEY,
    time REAL NOT NULL,
    card1 TEXT NOT NULL,
    card2 TEXT NOT NULL,
    card3 TEXT NOT NULL,
    ante INTEGER NOT NULL,
    raised INTEGER NOT NULL,
    kind TEXT NOT NULL,
    spread INTEGER NOT NULL,
    outcome TEXT NOT NULL,
    paid INTEGER NOT NULL,
    credits_before INTEGER NOT NULL,
    credits_after INTEGER NOT NULL
);

CREATE TABLE vouchers (
    number INTEGER PRIMARY KEY,
    time REAL NOT NULL,
    amount INTEGER NOT NULL CHECK (amount > 0)
);

CREATE TRIGGER meters_only_grow BEFORE UPDATE ON meters WHEN NEW.value < OLD.value
BEGIN SELECT RAISE(ABORT, 'meters only grow'); END;
CREATE TRIGGER meters_kept BEFORE DELETE ON meters
BEGIN SELECT RAISE(ABORT, 'meters are never deleted'); END;
CREATE TRIGGER journal_append_only_update BEFORE UPDATE ON journal
BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER journal_append_only_delete BEFORE DELETE ON journal
BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER rounds_append_only_update BEFORE UPDATE ON rounds
BEGIN SELECT RAISE(ABORT, 'settled rounds are never changed'); END;
CREATE TRIGGER rounds_append_only_delete BEFORE DELETE ON rounds
BEGIN SELECT RAISE(ABORT, 'settled rounds are never changed'); END;
"""

# Schema 1 -> 2: journal entries carry their meter increments and voucher number. The
# increments of older entries were not kept, so the migration appends one entry carrying
# the meters as they stand: the journal's increments then add up to the meters again.
MIGRATE_1_TO_2 = """
ALTER TABLE journal ADD COLUMN meters TEXT NOT NULL DEFAULT '{}';
ALTER TABLE journal ADD COLUMN voucher INTEGER;
"""
METERS_CARRIED_ACTION = "meters_carried"

# Schema 2 -> 3: money actions carry their identity, and the journal takes each one once
# (NULL, the identity of every older entry and of play, is never equal to another NULL).
MIGRATE_2_TO_3 = """
ALTER TABLE journal ADD COLUMN intent TEXT;
CREATE UNIQUE INDEX journal_intent_once ON journal (intent);
"""

# Schema 3 -> 4: an entry may carry a note (why the settings model refused a hall push), shipped with it.
MIGRATE_3_TO_4 = """
ALTER TABLE journal ADD COLUMN note TEXT;
"""
