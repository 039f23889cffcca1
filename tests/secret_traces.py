"""Look for a secret everywhere a database file could keep it: tables, indexes, raw bytes.

:func:`traces` reads the file with its own connection and returns where the secret was
found (empty: nowhere): any text column of any table; any long word of it among the terms
of the three full-text indexes (read through ``fts5vocab``, since FTS5 stores its terms
lower-cased and prefix-compressed, where a byte search could miss them); and the bytes of
the database file and its write-ahead log.
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

__all__ = ["secret_words", "traces"]

_INDEXES = ("entity_fts", "observation_fts", "entity_doc")


def secret_words(secret: str) -> list[str]:
    """The lower-case words of a secret long enough to be its own (what an index would keep)."""
    return [w for w in re.findall(r"\w+", secret.casefold()) if len(w) >= 6]


def traces(db: Path, secret: str) -> list[str]:
    """Return where ``secret`` (or one of its long words) is found; empty when nowhere."""
    found: list[str] = []
    needle = secret.casefold()
    conn = sqlite3.connect(db)
    try:
        tables = [
            row[0]
            for row in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'"
                " AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%'"
            )
        ]
        for table in tables:
            for row in conn.execute(f"SELECT * FROM {table}"):
                text = " ".join(str(v) for v in row if isinstance(v, str)).casefold()
                if needle in text:
                    found.append(f"table {table}")
                    break
        for index in _INDEXES:
            vocab = f"temp.v_{index}"
            conn.execute(f"CREATE VIRTUAL TABLE {vocab} USING fts5vocab(main, {index}, 'row')")
            terms = [str(r[0]) for r in conn.execute(f"SELECT term FROM {vocab}")]
            if any(w in terms for w in secret_words(secret)):
                found.append(f"index {index}")
    finally:
        conn.close()
    raw = b"".join(p.read_bytes() for p in db.parent.glob(db.name + "*") if p.is_file())
    if secret.encode() in raw:
        found.append("file bytes")
    return found
