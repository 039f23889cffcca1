"""The shapes of stored rows and the helpers every statement module shares.

One-trip reads (:func:`fetch_one`), ``IN (...)`` lists cut to SQLite's parameter limit
(:func:`chunks`, :func:`marks`) and the column lists the row tuples are read with.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple

import aiosqlite

__all__ = [
    "CHUNK",
    "ENTITY_COLS",
    "ENTITY_WIDTH",
    "OBS_COLS",
    "EntityRow",
    "ObservationRow",
    "chunks",
    "fetch_one",
    "marks",
]


async def fetch_one(
    conn: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()
) -> sqlite3.Row | None:
    """Return the first row of ``sql`` (or None) in one round trip to the database thread.

    ``async with conn.execute(...) as cur`` costs three trips (execute, fetch, close) of about
    70 microseconds each on a small machine; a recall makes dozens of queries.
    """
    rows = list(await conn.execute_fetchall(sql, params))
    return rows[0] if rows else None


CHUNK = 500
"""Largest ``IN (...)`` list sent in one statement."""


def chunks(items: Sequence[Any], size: int = CHUNK) -> Iterator[Sequence[Any]]:
    """Yield ``items`` in slices of at most ``size``."""
    for start in range(0, len(items), size):
        yield items[start : start + size]


def marks(n: int) -> str:
    """Return ``n`` SQL placeholders: ``?,?,?``."""
    return ",".join("?" * n)


class EntityRow(NamedTuple):
    """An entity's stored row."""

    id: int
    name: str
    entity_type: str
    updated_at: float


class ObservationRow(NamedTuple):
    """An observation's stored row, with the fields ranking uses.

    A named tuple: a recall builds a few hundred of these, and a frozen dataclass took
    three times as long to build.
    """

    id: int
    entity_id: int
    position: int
    text: str
    key: str | None
    source: str | None
    as_of: str | None
    updated_at: float
    access_count: int
    confidence: float


ENTITY_COLS = "id, name, entity_type, updated_at"
ENTITY_WIDTH = len(ENTITY_COLS.split(","))
OBS_COLS = (
    "id, entity_id, position, text, key, source, as_of, updated_at, access_count, confidence"
)
