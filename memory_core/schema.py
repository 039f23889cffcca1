"""The database schema as named, ordered migrations recorded in ``schema_migrations``.

Tables: ``entity``, ``observation`` and ``relation``, each with a ``scope`` column that
leads every unique constraint and index. Search indexes, all kept in step by triggers:

* ``entity_fts``: FTS5 external-content index over entity names;
* ``observation_fts``: FTS5 external-content index over observation lines;
* ``entity_doc``: one FTS5 document per entity (its name plus all its lines), so an
  entity-level search can require every token across lines and rank with bm25. Since
  ``0010_doc_lines`` a line's provenance suffix is indexed as its date, month and source
  (:func:`doc_line_sql`), not word by word.

A bulk import sets ``entity_doc_defer``: the insert triggers then stand aside, and the import
fills all three indexes for the rows it wrote, in the same transaction, in bulk.

Observations carry a lifecycle (``0007_lifecycle``): ``forgotten_at`` marks a line
forgotten softly (kept for a while, hidden from every read and from ``entity_doc``) and
``decayed_at`` the last time its confidence decayed.

``working_turn`` (``0011_working_memory``) keeps a chat's last turns for 24 hours, only to
resolve references ("это", "his phone"); it is never read as memory. ``recall_day``
(``0012_promotion``) records the days an ``auto`` line was recalled on, and
``observation.durable_at`` marks a line promoted for being recalled often (it no longer
fades).

``inbox`` (``0014_inbox``) keeps each outside update (a Telegram update) from the moment it
arrives until it has been answered, so a crash in between loses nothing.

``scope_version.names`` changes whenever a scope's entity names change, so caches of names
(the recall lexicon) know when to refresh; ``scope_version.inserted`` counts the inserts alone
(``0009_inserted_names``), so a cache can tell that only new entities came and read just them.
"""

from __future__ import annotations

from memory_core.schema_late import (
    M0011_PERSON_IDS,
    M0012_WORKING_MEMORY,
    M0013_PROMOTION,
    M0014_INBOX,
    M0015_RELATION_VERSION,
    M0016_LINE_VERSION,
    M0017_TEXT_EDITS,
)

__all__ = [
    "ENTITY_DOC_FILL_SQL",
    "MIGRATIONS",
    "MONTH_WORD",
    "Migration",
    "doc_body_sql",
    "doc_line_sql",
    "fold_sql",
    "month_word",
]

Migration = tuple[str, str]

_FTS_TOKENIZER = "unicode61 remove_diacritics 2 separators ''_''"


def fold_sql(expr: str) -> str:
    """Wrap a SQL text expression so ``ё`` reads as ``е`` (FTS5's tokenizer keeps them apart).

    ``entity_doc`` stores folded text, and queries fold their tokens the same way, so
    "Киселева" finds "Киселёва".
    """
    return f"replace(replace({expr}, 'ё', 'е'), 'Ё', 'Е')"


_0001_graph = """
CREATE TABLE entity (
    id          INTEGER PRIMARY KEY,
    scope       TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    name_key    TEXT    NOT NULL,
    entity_type TEXT    NOT NULL,
    created_at  REAL    NOT NULL,
    updated_at  REAL    NOT NULL,
    UNIQUE (scope, name),
    UNIQUE (scope, id)
);
CREATE INDEX entity_scope_key ON entity (scope, name_key);
CREATE INDEX entity_scope_type ON entity (scope, entity_type);
CREATE INDEX entity_scope_updated ON entity (scope, updated_at);

CREATE TABLE observation (
    id           INTEGER PRIMARY KEY,
    scope        TEXT    NOT NULL,
    entity_id    INTEGER NOT NULL,
    position     INTEGER NOT NULL,
    text         TEXT    NOT NULL,
    kind         TEXT,
    key          TEXT,
    as_of        TEXT,
    source       TEXT,
    created_at   REAL    NOT NULL,
    updated_at   REAL    NOT NULL,
    access_count INTEGER NOT NULL DEFAULT 0,
    confidence   REAL    NOT NULL DEFAULT 0.8,
    FOREIGN KEY (scope, entity_id) REFERENCES entity (scope, id) ON DELETE CASCADE
);
CREATE INDEX observation_scope_entity ON observation (scope, entity_id, position);
CREATE INDEX observation_scope_key ON observation (scope, entity_id, key);
CREATE INDEX observation_scope_text ON observation (scope, entity_id, text);
CREATE INDEX observation_scope_updated ON observation (scope, updated_at);

CREATE TABLE relation (
    id            INTEGER PRIMARY KEY,
    scope         TEXT    NOT NULL,
    from_id       INTEGER NOT NULL,
    to_id         INTEGER NOT NULL,
    relation_type TEXT    NOT NULL,
    created_at    REAL    NOT NULL,
    FOREIGN KEY (scope, from_id) REFERENCES entity (scope, id) ON DELETE CASCADE,
    FOREIGN KEY (scope, to_id) REFERENCES entity (scope, id) ON DELETE CASCADE,
    UNIQUE (scope, from_id, to_id, relation_type)
);
CREATE INDEX relation_scope_to ON relation (scope, to_id, from_id, relation_type);
"""

_0002_fts = f"""
CREATE VIRTUAL TABLE entity_fts USING fts5 (
    name, content='entity', content_rowid='id',
    tokenize='{_FTS_TOKENIZER}', prefix='2 3'
);
CREATE TRIGGER entity_fts_insert AFTER INSERT ON entity BEGIN
    INSERT INTO entity_fts (rowid, name) VALUES (new.id, new.name);
END;
CREATE TRIGGER entity_fts_delete AFTER DELETE ON entity BEGIN
    INSERT INTO entity_fts (entity_fts, rowid, name) VALUES ('delete', old.id, old.name);
END;
CREATE TRIGGER entity_fts_update AFTER UPDATE OF name ON entity BEGIN
    INSERT INTO entity_fts (entity_fts, rowid, name) VALUES ('delete', old.id, old.name);
    INSERT INTO entity_fts (rowid, name) VALUES (new.id, new.name);
END;

CREATE VIRTUAL TABLE observation_fts USING fts5 (
    text, content='observation', content_rowid='id',
    tokenize='{_FTS_TOKENIZER}', prefix='2 3'
);
CREATE TRIGGER observation_fts_insert AFTER INSERT ON observation BEGIN
    INSERT INTO observation_fts (rowid, text) VALUES (new.id, new.text);
END;
CREATE TRIGGER observation_fts_delete AFTER DELETE ON observation BEGIN
    INSERT INTO observation_fts (observation_fts, rowid, text) VALUES ('delete', old.id, old.text);
END;
CREATE TRIGGER observation_fts_update AFTER UPDATE OF text ON observation BEGIN
    INSERT INTO observation_fts (observation_fts, rowid, text) VALUES ('delete', old.id, old.text);
    INSERT INTO observation_fts (rowid, text) VALUES (new.id, new.text);
END;
"""

_0003_entity_doc = f"""
CREATE VIRTUAL TABLE entity_doc USING fts5 (
    name, body, tokenize='{_FTS_TOKENIZER}', prefix='2 3'
);
CREATE TABLE entity_doc_defer (flag INTEGER NOT NULL);
CREATE TRIGGER entity_doc_entity_insert AFTER INSERT ON entity
WHEN NOT EXISTS (SELECT 1 FROM entity_doc_defer) BEGIN
    INSERT INTO entity_doc (rowid, name, body) VALUES (new.id, {fold_sql("new.name")}, '');
END;
CREATE TRIGGER entity_doc_entity_delete AFTER DELETE ON entity BEGIN
    DELETE FROM entity_doc WHERE rowid = old.id;
END;
CREATE TRIGGER entity_doc_entity_update AFTER UPDATE OF name ON entity BEGIN
    UPDATE entity_doc SET name = {fold_sql("new.name")} WHERE rowid = new.id;
END;
CREATE TRIGGER entity_doc_observation_insert AFTER INSERT ON observation
WHEN NOT EXISTS (SELECT 1 FROM entity_doc_defer) BEGIN
    UPDATE entity_doc SET body = (
        SELECT {fold_sql("group_concat(text, ' ')")} FROM observation
        WHERE scope = new.scope AND entity_id = new.entity_id
    ) WHERE rowid = new.entity_id;
END;
CREATE TRIGGER entity_doc_observation_delete AFTER DELETE ON observation BEGIN
    UPDATE entity_doc SET body = coalesce((
        SELECT {fold_sql("group_concat(text, ' ')")} FROM observation
        WHERE scope = old.scope AND entity_id = old.entity_id
    ), '') WHERE rowid = old.entity_id;
END;
CREATE TRIGGER entity_doc_observation_update AFTER UPDATE OF text ON observation BEGIN
    UPDATE entity_doc SET body = (
        SELECT {fold_sql("group_concat(text, ' ')")} FROM observation
        WHERE scope = new.scope AND entity_id = new.entity_id
    ) WHERE rowid = new.entity_id;
END;
"""

_0004_applied_updates = """
CREATE TABLE applied_update (
    scope      TEXT NOT NULL,
    update_key TEXT NOT NULL,
    result     TEXT NOT NULL,
    created_at REAL NOT NULL,
    PRIMARY KEY (scope, update_key)
);
"""

_0005_scope_version = """
CREATE TABLE scope_version (
    scope TEXT PRIMARY KEY,
    names INTEGER NOT NULL DEFAULT 0
);
CREATE TRIGGER scope_version_entity_insert AFTER INSERT ON entity BEGIN
    INSERT INTO scope_version (scope, names) VALUES (new.scope, 1)
    ON CONFLICT (scope) DO UPDATE SET names = names + 1;
END;
CREATE TRIGGER scope_version_entity_delete AFTER DELETE ON entity BEGIN
    INSERT INTO scope_version (scope, names) VALUES (old.scope, 1)
    ON CONFLICT (scope) DO UPDATE SET names = names + 1;
END;
CREATE TRIGGER scope_version_entity_update AFTER UPDATE OF name ON entity BEGIN
    INSERT INTO scope_version (scope, names) VALUES (new.scope, 1)
    ON CONFLICT (scope) DO UPDATE SET names = names + 1;
END;
"""

_0006_bulk_fts = """
DROP TRIGGER observation_fts_insert;
CREATE TRIGGER observation_fts_insert AFTER INSERT ON observation
WHEN NOT EXISTS (SELECT 1 FROM entity_doc_defer) BEGIN
    INSERT INTO observation_fts (rowid, text) VALUES (new.id, new.text);
END;
DROP TRIGGER entity_fts_insert;
CREATE TRIGGER entity_fts_insert AFTER INSERT ON entity
WHEN NOT EXISTS (SELECT 1 FROM entity_doc_defer) BEGIN
    INSERT INTO entity_fts (rowid, name) VALUES (new.id, new.name);
END;
"""

_VISIBLE_BODY = fold_sql("group_concat(text, ' ')")


def _doc_triggers(body: str) -> str:
    """The three triggers that keep an entity's ``entity_doc`` body in step with its lines."""
    return f"""DROP TRIGGER entity_doc_observation_insert;
CREATE TRIGGER entity_doc_observation_insert AFTER INSERT ON observation
WHEN NOT EXISTS (SELECT 1 FROM entity_doc_defer) BEGIN
    UPDATE entity_doc SET body = coalesce((
        SELECT {body} FROM observation
        WHERE scope = new.scope AND entity_id = new.entity_id AND forgotten_at IS NULL
    ), '') WHERE rowid = new.entity_id;
END;
DROP TRIGGER entity_doc_observation_delete;
CREATE TRIGGER entity_doc_observation_delete AFTER DELETE ON observation BEGIN
    UPDATE entity_doc SET body = coalesce((
        SELECT {body} FROM observation
        WHERE scope = old.scope AND entity_id = old.entity_id AND forgotten_at IS NULL
    ), '') WHERE rowid = old.entity_id;
END;
DROP TRIGGER entity_doc_observation_update;
CREATE TRIGGER entity_doc_observation_update AFTER UPDATE OF text, forgotten_at ON observation
BEGIN
    UPDATE entity_doc SET body = coalesce((
        SELECT {body} FROM observation
        WHERE scope = new.scope AND entity_id = new.entity_id AND forgotten_at IS NULL
    ), '') WHERE rowid = new.entity_id;
END;
"""


_0007_lifecycle = f"""
ALTER TABLE observation ADD COLUMN forgotten_at REAL;
ALTER TABLE observation ADD COLUMN decayed_at REAL;
{_doc_triggers(_VISIBLE_BODY)}"""

_0008_fts_automerge = """
INSERT INTO entity_fts (entity_fts, rank) VALUES ('automerge', 16);
INSERT INTO observation_fts (observation_fts, rank) VALUES ('automerge', 16);
INSERT INTO entity_doc (entity_doc, rank) VALUES ('automerge', 16);
"""
# Every write transaction adds one small segment to each index; FTS5 merges segments at
# commit once 4 share a level (the default), which made one write in a few dozen slow.
# Merging at 16 keeps writes flat; reads stay fast (few hundred segments even at 50k).

_0009_inserted_names = """
ALTER TABLE scope_version ADD COLUMN inserted INTEGER NOT NULL DEFAULT 0;
DROP TRIGGER scope_version_entity_insert;
CREATE TRIGGER scope_version_entity_insert AFTER INSERT ON entity BEGIN
    INSERT INTO scope_version (scope, names, inserted) VALUES (new.scope, 1, 1)
    ON CONFLICT (scope) DO UPDATE SET names = names + 1, inserted = inserted + 1;
END;
"""
# When ``names`` and ``inserted`` grew by the same amount, the only change since a cache was
# filled is new entities (with larger ids): it can read those instead of every name again
# (at 50k entities, reloading every name made the first search after a write ~100 ms).


MONTH_WORD = "mo"
"""What the index writes before a line's month number: ``mo04`` (see :func:`doc_line_sql`)."""


def month_word(month: int) -> str:
    """Return the index word of the lines dated in ``month`` (1-12): ``mo04`` for April."""
    return f"{MONTH_WORD}{month:02d}"


def doc_line_sql(alias: str = "") -> str:
    """One observation line as ``entity_doc`` indexes it (``0010_doc_lines``).

    The line without its ``(as_of=..., src=...)`` suffix (``doc_len`` is the length before
    it, NULL when there is none), then its date as one word, its month as another and its
    source: ``pref: a=b (as_of=2025-04-09, src=user)`` reads ``pref: a=b 20250409 mo04
    user``. Nearly every line has a date, so indexing the suffix as written made "2025",
    "as", "of" and "src" words of nearly every document: a date search then ranked tens of
    thousands of them. A prefix search reaches ``mo04`` only through ``mo`` and a digit,
    which nobody types. ``alias`` qualifies the columns (``"o"`` reads ``o.text``).
    Migration 0010's triggers are built from it: a change needs a new migration.
    """
    p = f"{alias}." if alias else ""
    return (
        f"(CASE WHEN {p}doc_len IS NULL THEN {p}text ELSE substr({p}text, 1, {p}doc_len) END"
        f" || CASE WHEN {p}as_of GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'"
        f" THEN ' ' || replace({p}as_of, '-', '') || ' {MONTH_WORD}' || substr({p}as_of, 6, 2)"
        " ELSE '' END"
        f" || CASE WHEN {p}doc_len IS NULL OR {p}source IS NULL THEN '' ELSE ' ' || {p}source END)"
    )


def doc_body_sql(alias: str = "") -> str:
    """The folded ``entity_doc`` body: an entity's lines as :func:`doc_line_sql` reads them."""
    return fold_sql(f"group_concat({doc_line_sql(alias)}, ' ')")


_DOC_BODY = doc_body_sql()

ENTITY_DOC_FILL_SQL = (
    f"INSERT INTO entity_doc (rowid, name, body) SELECT e.id, {fold_sql('e.name')},"
    f" coalesce((SELECT {doc_body_sql('o')} FROM observation o"
    " WHERE o.scope = e.scope AND o.entity_id = e.id AND o.forgotten_at IS NULL), '')"
    " FROM entity e"
)
"""Write the ``entity_doc`` documents of the entities a ``WHERE`` appended to it selects."""

_0010_doc_lines = f"""
ALTER TABLE observation ADD COLUMN doc_len INTEGER;
{_doc_triggers(_DOC_BODY)}DROP TABLE entity_doc;
CREATE VIRTUAL TABLE entity_doc USING fts5 (
    name, body, tokenize='{_FTS_TOKENIZER}', prefix='2 3'
);
INSERT INTO entity_doc (entity_doc, rank) VALUES ('automerge', 16);
INSERT INTO entity_doc (entity_doc, rank) VALUES ('usermerge', 2);
"""
# usermerge 2: the idle-time 'merge' (memory_core.db.Database) joins any two segments of a
# level, so the small segments of single writes do not pile up for searches to read.
# The database layer then fills ``doc_len`` for every line and ``entity_doc`` for every
# entity (``memory_core.migrate``: Python parses the lines; about 4 s at 50k entities).

MIGRATIONS: tuple[Migration, ...] = (
    ("0001_graph", _0001_graph),
    ("0002_fts", _0002_fts),
    ("0003_entity_doc", _0003_entity_doc),
    ("0004_applied_updates", _0004_applied_updates),
    ("0005_scope_version", _0005_scope_version),
    ("0006_bulk_fts", _0006_bulk_fts),
    ("0007_lifecycle", _0007_lifecycle),
    ("0008_fts_automerge", _0008_fts_automerge),
    ("0009_inserted_names", _0009_inserted_names),
    ("0010_doc_lines", _0010_doc_lines),
    ("0011_person_ids", M0011_PERSON_IDS),
    ("0012_working_memory", M0012_WORKING_MEMORY),
    ("0013_promotion", M0013_PROMOTION),
    ("0014_inbox", M0014_INBOX),
    ("0015_relation_version", M0015_RELATION_VERSION),
    ("0016_line_version", M0016_LINE_VERSION),
    ("0017_text_edits", M0017_TEXT_EDITS),
)
"""Every migration, in order. Append only: never edit or reorder a released one."""
