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
    "M0016_LINE_VERSION",
    "M0017_TEXT_EDITS",
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

# ``entity.lines_version`` changes whenever what recall reads of an entity changes: its
# name, type, time or scope, or one of its lines (added, removed, edited, forgotten, moved).
# Counts and confidence (reinforcement, fading) are left out: ranking does not read them.
# The value is the scope's ``scope_version.lines`` counter after the change, so it only
# grows, also for an id SQLite gives again after a delete. Recall keeps entities with
# their lines between questions and reads a kept one again only when its version moved
# (memory_core.entity_lines).
_BUMP = """
    INSERT INTO scope_version (scope, lines) VALUES ({scope}, 1)
    ON CONFLICT (scope) DO UPDATE SET lines = lines + 1;
    UPDATE entity SET lines_version = (SELECT lines FROM scope_version WHERE scope = {scope})
    WHERE id = {entity};"""
_LINE_COLUMNS = "text, position, key, source, as_of, updated_at, forgotten_at, entity_id, scope"
M0016_LINE_VERSION = f"""
ALTER TABLE entity ADD COLUMN lines_version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE scope_version ADD COLUMN lines INTEGER NOT NULL DEFAULT 0;
CREATE TRIGGER lines_version_observation_insert AFTER INSERT ON observation BEGIN
{_BUMP.format(scope="new.scope", entity="new.entity_id")}
END;
CREATE TRIGGER lines_version_observation_delete AFTER DELETE ON observation BEGIN
{_BUMP.format(scope="old.scope", entity="old.entity_id")}
END;
CREATE TRIGGER lines_version_observation_update AFTER UPDATE OF {_LINE_COLUMNS} ON observation
BEGIN
{_BUMP.format(scope="old.scope", entity="old.entity_id")}
{_BUMP.format(scope="new.scope", entity="new.entity_id")}
END;
CREATE TRIGGER lines_version_entity_insert AFTER INSERT ON entity BEGIN
{_BUMP.format(scope="new.scope", entity="new.id")}
END;
CREATE TRIGGER lines_version_entity_update AFTER UPDATE OF name, entity_type, updated_at, scope
ON entity BEGIN
{_BUMP.format(scope="new.scope", entity="new.id")}
END;
"""

# ``scope_version.edits`` counts the changes that can bring a word into the search index
# without a new row: a line's text edited in place, a forgotten line restored, an entity
# renamed. New rows bring their words with new ids, which the vocabulary reads by id
# (memory_core.caches.Vocabulary); deletes only take words away. So the document counts of
# query terms no document held are read again only when this moves, not after every write.
_EDIT = """
    INSERT INTO scope_version (scope, edits) VALUES ({scope}, 1)
    ON CONFLICT (scope) DO UPDATE SET edits = edits + 1;"""
M0017_TEXT_EDITS = f"""
ALTER TABLE scope_version ADD COLUMN edits INTEGER NOT NULL DEFAULT 0;
CREATE TRIGGER edits_observation_text AFTER UPDATE OF text ON observation
WHEN new.text IS NOT old.text BEGIN
{_EDIT.format(scope="new.scope")}
END;
CREATE TRIGGER edits_observation_restore AFTER UPDATE OF forgotten_at ON observation
WHEN old.forgotten_at IS NOT NULL AND new.forgotten_at IS NULL BEGIN
{_EDIT.format(scope="new.scope")}
END;
CREATE TRIGGER edits_entity_name AFTER UPDATE OF name ON entity
WHEN new.name IS NOT old.name BEGIN
{_EDIT.format(scope="new.scope")}
END;
"""
