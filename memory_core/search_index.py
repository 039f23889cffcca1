"""The search repository: every statement that reads or maintains the full-text indexes.

The indexes (``entity_fts``, ``observation_fts``, ``entity_doc`` and its vocabulary) are
defined in :mod:`memory_core.schema` and kept current by its triggers; everything else that
touches them is here. They hold every scope of the file: :class:`SearchIndex` returns only
its own scope's entities, while counts and the vocabulary it reads are file-wide statistics
(how common a word is), never content. The module functions maintain the index of the whole
file (bulk writes, segment merges, checks).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

import aiosqlite

from memory_core.rows import chunks, fetch_one, marks
from memory_core.schema import ENTITY_DOC_FILL_SQL, doc_line_sql
from memory_core.scope import Scope

__all__ = [
    "BULK_AUTOMERGE",
    "WRITE_AUTOMERGE",
    "SearchIndex",
    "attach_vocabulary",
    "defer_documents",
    "fill_documents",
    "index_problems",
    "index_rows_from",
    "merge_segments",
    "optimize_documents",
    "rebuild_documents",
    "set_automerge",
]

BULK_AUTOMERGE = 4
"""Segments of one level the indexes collect before merging, during a bulk import."""
WRITE_AUTOMERGE = 16
"""The same for ordinary writes (migration 0008): no single write pays for a big merge."""
OVERFETCH = 4
"""How many times more best matches :meth:`SearchIndex.best_entities` ranks than it needs."""

_NEW_NAMES_SQL = "SELECT name FROM entity WHERE id > ?"
_NEW_LINES_SQL = f"SELECT {doc_line_sql()} FROM observation WHERE id > ? AND forgotten_at IS NULL"
_RANKED_SQL = (
    "SELECT e.id, e.scope FROM (SELECT rowid AS doc, bm25(entity_doc, 5.0, 1.0) AS score"
    " FROM entity_doc WHERE entity_doc MATCH ? ORDER BY score LIMIT ?)"
    " CROSS JOIN entity e ON e.id = doc ORDER BY score"
)
_SCOPED_SQL = (
    "SELECT e.id FROM entity_doc CROSS JOIN entity e ON e.id = entity_doc.rowid"
    " WHERE entity_doc MATCH ? AND e.scope = ? ORDER BY bm25(entity_doc, 5.0, 1.0) LIMIT ?"
)
_SEARCH_SQL = (
    "SELECT e.id, entity_doc.name, entity_doc.body FROM entity_doc"
    " CROSS JOIN entity e ON e.id = entity_doc.rowid"
    " WHERE entity_doc MATCH ? AND e.scope = ?"
    " ORDER BY bm25(entity_doc, ?, 1.0) LIMIT ?"
)
_CONTENT_INDEXES = ("entity_fts", "observation_fts")


class SearchIndex:
    """Index reads for ONE scope: entities of other scopes are never returned.

    Methods take the connection of the surrounding read or write transaction.
    """

    def __init__(self, scope: Scope) -> None:
        self.scope = scope.value

    async def best_entities(self, conn: aiosqlite.Connection, match: str, want: int) -> list[int]:
        """Return the ids of the scope's ``want`` entities whose documents best match ``match``.

        Ranked by bm25, with name words weighing five times line words. Joining each match
        with its entity to check the scope costs more than ranking when a word is common
        (4,000 matches: 11 ms instead of 7), so the best :data:`OVERFETCH` times ``want``
        are ranked first and their scopes checked; that is exact whenever enough of them are
        this scope's or there were no more matches, and otherwise every match is joined (a
        scope that holds a small part of a shared file).
        """
        rows = list(await conn.execute_fetchall(_RANKED_SQL, (match, want * OVERFETCH)))
        mine = [i for i, s in rows if s == self.scope][:want]
        if len(mine) >= want or len(rows) < want * OVERFETCH:
            return mine
        scoped = await conn.execute_fetchall(_SCOPED_SQL, (match, self.scope, want))
        return [r[0] for r in scoped]

    async def documents(
        self, conn: aiosqlite.Connection, match: str, *, name_weight: float, limit: int
    ) -> list[tuple[int, str, str]]:
        """Return ``(entity id, folded name, folded body)`` of the best matches, best first."""
        fetched = await conn.execute_fetchall(_SEARCH_SQL, (match, self.scope, name_weight, limit))
        return [(int(i), str(name), str(body)) for i, name, body in fetched]

    async def documents_of(
        self, conn: aiosqlite.Connection, ids: Sequence[int]
    ) -> list[tuple[int, str, str]]:
        """Return ``(entity id, folded name, folded body)`` of these entities of the scope."""
        out: list[tuple[int, str, str]] = []
        for part in chunks(list(ids)):
            fetched = await conn.execute_fetchall(
                "SELECT e.id, d.name, d.body FROM entity e CROSS JOIN entity_doc d"
                f" ON d.rowid = e.id WHERE +e.scope = ? AND e.id IN ({marks(len(part))})",
                (self.scope, *part),
            )
            out.extend((int(i), str(name), str(body)) for i, name, body in fetched)
        return out

    async def count_matches(self, conn: aiosqlite.Connection, match: str) -> int:
        """Return how many documents of the whole file match ``match``."""
        row = await fetch_one(
            conn, "SELECT count(*) FROM entity_doc WHERE entity_doc MATCH ?", (match,)
        )
        return int(row[0]) if row else 0

    async def word_docs(self, conn: aiosqlite.Connection, word: str, *, prefix: bool) -> int:
        """Return how many documents hold ``word`` (or a word it begins, with ``prefix``).

        Read from the index vocabulary: a document with two such words counts twice.
        """
        row = await fetch_one(
            conn,
            "SELECT coalesce(sum(doc), 0) FROM temp.entity_doc_vocab WHERE term >= ? AND term < ?",
            (word, word + ("\U0010ffff" if prefix else "\x00")),
        )
        return int(row[0]) if row else 0

    async def document_count(self, conn: aiosqlite.Connection) -> int:
        """Return about how many documents the index holds (the largest entity id; >= 1)."""
        row = await fetch_one(conn, "SELECT coalesce(max(id), 1) FROM entity")
        return max(int(row[0]) if row else 1, 1)

    async def vocabulary(self, conn: aiosqlite.Connection) -> list[str]:
        """Return every word of the index (folded as the index folds)."""
        fetched = await conn.execute_fetchall("SELECT term FROM temp.entity_doc_vocab")
        return [str(term) for (term,) in fetched]

    async def texts_after(
        self, conn: aiosqlite.Connection, entity_id: int, observation_id: int
    ) -> list[str]:
        """Return the names and the indexed part of the lines written after these ids.

        What the index added for them, to learn new words without reading the vocabulary.
        """
        texts: list[str] = []
        for sql, last in ((_NEW_NAMES_SQL, entity_id), (_NEW_LINES_SQL, observation_id)):
            texts.extend(str(text) for (text,) in await conn.execute_fetchall(sql, (last,)))
        return texts

    async def versions(self, conn: aiosqlite.Connection) -> tuple[int, int, int, int, int, int]:
        """Return what caches of the index compare to know they are current, in one trip.

        The scope's name-change, insert and link counters (``scope_version``), the largest
        entity and line ids of the file (the index grows with them), and the file's edit
        counters summed (texts edited in place, lines restored, names changed).
        """
        row = await fetch_one(
            conn,
            "SELECT (SELECT names FROM scope_version WHERE scope = ?1),"
            " (SELECT inserted FROM scope_version WHERE scope = ?1),"
            " (SELECT max(id) FROM entity), (SELECT max(id) FROM observation),"
            " (SELECT relations FROM scope_version WHERE scope = ?1),"
            " (SELECT total(edits) FROM scope_version)",
            (self.scope,),
        )
        values = [int(v or 0) for v in row] if row else [0] * 6
        return values[0], values[1], values[2], values[3], values[4], values[5]


# ------------------------------------------------------------------ the whole file
async def attach_vocabulary(conn: aiosqlite.Connection) -> None:
    """Make the index vocabulary (words and document counts) readable on ``conn``."""
    await conn.execute(
        "CREATE VIRTUAL TABLE IF NOT EXISTS temp.entity_doc_vocab"
        " USING fts5vocab(main, entity_doc, 'row')"
    )


async def merge_segments(conn: aiosqlite.Connection, pages: int) -> None:
    """Merge small ``entity_doc`` segments, writing at most ``pages`` pages."""
    await conn.execute("INSERT INTO entity_doc (entity_doc, rank) VALUES ('merge', ?)", (pages,))


async def set_automerge(conn: aiosqlite.Connection, level: int) -> None:
    """Set how many segments of one level the indexes collect before merging.

    Small writes keep :data:`WRITE_AUTOMERGE` so no single write pays for a big merge; a
    bulk import sets :data:`BULK_AUTOMERGE` while it runs so that it leaves few, large
    segments for fast reads.
    """
    for table in ("entity_fts", "observation_fts", "entity_doc"):
        await conn.execute(
            f"INSERT INTO {table} ({table}, rank) VALUES ('automerge', ?)", (level,)
        )


async def optimize_documents(conn: aiosqlite.Connection) -> None:
    """Merge the whole ``entity_doc`` index into one segment (after a bulk write).

    A search reads every segment, and an import leaves a dozen: merging them takes about
    0.5 s at 50,000 entities and makes searches ~10% faster.
    """
    await conn.execute("INSERT INTO entity_doc (entity_doc) VALUES ('optimize')")


async def defer_documents(conn: aiosqlite.Connection) -> None:
    """Stop per-row index updates until :func:`rebuild_documents` (bulk writes)."""
    await conn.execute("INSERT INTO entity_doc_defer (flag) VALUES (1)")


async def index_rows_from(
    conn: aiosqlite.Connection, first_entity_id: int, first_observation_id: int
) -> None:
    """Index the entity names and lines written (deferred) from these ids on, in bulk."""
    await conn.execute(
        "INSERT INTO entity_fts (rowid, name) SELECT id, name FROM entity WHERE id >= ?",
        (first_entity_id,),
    )
    await conn.execute(
        "INSERT INTO observation_fts (rowid, text) SELECT id, text FROM observation WHERE id >= ?",
        (first_observation_id,),
    )


async def rebuild_documents(conn: aiosqlite.Connection, scope: Scope, ids: Sequence[int]) -> None:
    """Rebuild the documents of these entities of ``scope`` and resume per-row updates."""
    await conn.execute("DELETE FROM entity_doc_defer")
    for part in chunks(list(ids)):
        holes = marks(len(part))
        await conn.execute(f"DELETE FROM entity_doc WHERE rowid IN ({holes})", tuple(part))
        await conn.execute(
            f"{ENTITY_DOC_FILL_SQL} WHERE e.scope = ? AND e.id IN ({holes})",
            (scope.value, *part),
        )


async def fill_documents(conn: aiosqlite.Connection) -> None:
    """Write the document of every entity into an empty ``entity_doc``, then optimize it."""
    await conn.execute(ENTITY_DOC_FILL_SQL)
    await optimize_documents(conn)


def index_problems(conn: sqlite3.Connection) -> list[str]:
    """Check on a plain ``sqlite3`` connection that the indexes match their tables.

    ``entity_fts`` and ``observation_fts`` are compared with their content tables (FTS5
    ``integrity-check`` with rank 1), and every entity must have exactly one ``entity_doc``
    document. Indexes not created yet (a file never migrated) have no problems.
    """
    tables = {
        row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
    }
    problems: list[str] = []
    for index in _CONTENT_INDEXES:
        if index not in tables:
            continue
        try:
            conn.execute(f"INSERT INTO {index} ({index}, rank) VALUES ('integrity-check', 1)")
        except sqlite3.DatabaseError as exc:
            problems.append(f"{index} is out of step with its table ({exc})")
    if {"entity", "entity_doc"} <= tables:
        missing = conn.execute(
            "SELECT count(*) FROM entity WHERE id NOT IN (SELECT rowid FROM entity_doc)"
        ).fetchone()[0]
        orphans = conn.execute(
            "SELECT count(*) FROM entity_doc WHERE rowid NOT IN (SELECT id FROM entity)"
        ).fetchone()[0]
        if missing:
            problems.append(f"{missing} entities have no entity_doc row")
        if orphans:
            problems.append(f"{orphans} entity_doc rows belong to no entity")
    return problems
