"""The SQL of the later migrations (0011 on): plain tables and data fixes.

They use none of the search-index helpers of :mod:`memory_core.schema`, which lists them in
``MIGRATIONS`` after the others. Append only: never edit a released migration.
"""

from __future__ import annotations

__all__ = [
    "M0011_PERSON_IDS",
    "M0012_WORKING_MEMORY",
    "M0013_PROMOTION",
    "M0014_INBOX",
    "M0015_RELATION_VERSION",
]

M0011_PERSON_IDS = """
UPDATE entity
SET name = name || ' (id ' || substr(scope, 6) || ')',
    name_key = name_key || ' id ' || substr(scope, 6)
WHERE entity_type = 'User' AND scope GLOB 'chat:[1-9]*' AND name GLOB 'User:?*'
    AND name NOT GLOB '* (id [1-9]*)';
"""
# A person's User: entry outside the owner's scope is bound to their numeric id by its name
# (memory_core.naming.person_entry). A private chat's scope, chat:<positive id>, is one
# person's, whose id is the chat's: its User: entries made before the binding get that id.
# A group's cannot be told apart (two members called Alex shared one) and stay as they are.

M0012_WORKING_MEMORY = """
CREATE TABLE working_turn (
    id         INTEGER PRIMARY KEY,
    scope      TEXT    NOT NULL,
    created_at REAL    NOT NULL,
    message    TEXT    NOT NULL,
    reply      TEXT    NOT NULL,
    entities   TEXT    NOT NULL DEFAULT '[]',
    wrote      TEXT    NOT NULL DEFAULT '[]'
);
CREATE INDEX working_turn_scope_time ON working_turn (scope, created_at);
"""

M0013_PROMOTION = """
ALTER TABLE observation ADD COLUMN durable_at REAL;
CREATE TABLE recall_day (
    scope          TEXT    NOT NULL,
    observation_id INTEGER NOT NULL REFERENCES observation (id) ON DELETE CASCADE,
    day            INTEGER NOT NULL,
    PRIMARY KEY (scope, observation_id, day)
) WITHOUT ROWID;
CREATE INDEX recall_day_observation ON recall_day (observation_id);
"""

M0014_INBOX = """
CREATE TABLE inbox (
    update_id   INTEGER PRIMARY KEY,
    payload     TEXT,
    received_at REAL    NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    done_at     REAL
);
CREATE INDEX inbox_done ON inbox (done_at);
"""
# The durable inbox (memory_core.inbox): an outside update is stored before it is handled
# and marked done after its reply; the payload is cleared then. It holds no scope: it is
# the whole file's queue, like schema_migrations.

# ``scope_version.relations`` changes whenever a scope's links change (a relation added,
# removed or moved, or an entity's type changed), so recall's cache of the relations around
# entities (memory_core.neighbours) knows when to read them again.
M0015_RELATION_VERSION = """
ALTER TABLE scope_version ADD COLUMN relations INTEGER NOT NULL DEFAULT 0;
CREATE TRIGGER scope_version_relation_insert AFTER INSERT ON relation BEGIN
    INSERT INTO scope_version (scope, relations) VALUES (new.scope, 1)
    ON CONFLICT (scope) DO UPDATE SET relations = relations + 1;
END;
CREATE TRIGGER scope_version_relation_delete AFTER DELETE ON relation BEGIN
    INSERT INTO scope_version (scope, relations) VALUES (old.scope, 1)
    ON CONFLICT (scope) DO UPDATE SET relations = relations + 1;
END;
CREATE TRIGGER scope_version_relation_update AFTER UPDATE ON relation BEGIN
    INSERT INTO scope_version (scope, relations) VALUES (old.scope, 1)
    ON CONFLICT (scope) DO UPDATE SET relations = relations + 1;
    INSERT INTO scope_version (scope, relations) VALUES (new.scope, 1)
    ON CONFLICT (scope) DO UPDATE SET relations = relations + 1;
END;
CREATE TRIGGER scope_version_entity_type AFTER UPDATE OF entity_type ON entity BEGIN
    INSERT INTO scope_version (scope, relations) VALUES (new.scope, 1)
    ON CONFLICT (scope) DO UPDATE SET relations = relations + 1;
END;
"""
