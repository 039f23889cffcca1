"""Token search over one scope's FTS5 indexes: every token must match, best entities first."""

from __future__ import annotations

import re

import aiosqlite

from memory_core.language import normalize
from memory_core.scope import Scope

__all__ = ["fts_phrase", "fts_tokens", "search_entity_ids"]

_WORD_RE = re.compile(r"[^\W_]+")
MAX_TOKENS = 8
NAME_WEIGHT = 5.0


def fts_tokens(text: str) -> list[str]:
    """Split text into FTS5-comparable tokens: words, folded as the index folds them.

    This mirrors the ``unicode61 remove_diacritics 2`` tokenizer (case folded, accents off
    Latin letters, ``_`` a separator) plus ``ё`` read as ``е`` as in ``entity_doc``; so
    ``Фёдор`` gives ``федор`` and ``Café`` gives ``cafe``. FTS syntax characters never
    survive.
    """
    return _WORD_RE.findall(normalize(text))


def fts_phrase(token: str, *, prefix: bool | None = None) -> str:
    """Quote one token as an FTS5 string (a prefix query for 3+ characters by default).

    A token of several words (``"2025 04 09"``) is an exact phrase.
    """
    if prefix is None:
        prefix = len(token) >= 3 and " " not in token
    quoted = '"' + token.replace('"', '""') + '"'
    return quoted + ("*" if prefix else "")


def query_tokens(query: str) -> list[str]:
    """Split a search query into tokens; words joined by ``-`` or ``.`` stay one phrase.

    ``2025-04-09`` and ``ESO-159`` are searched as the exact phrases ``2025 04 09`` and
    ``eso 159``, not as loose numbers that half the graph holds.
    """
    out: list[str] = []
    for chunk in re.split(r"[^\w.-]+", query):
        words = fts_tokens(chunk)
        if not words:
            continue
        if len(words) > 1 and re.fullmatch(r"[^\W_]+(?:[.-][^\W_]+)+", chunk.strip(".-")):
            out.append(" ".join(words))
        else:
            out.extend(words)
    return list(dict.fromkeys(out))


async def search_entity_ids(
    conn: aiosqlite.Connection, scope: Scope, query: str, limit: int
) -> list[int]:
    """Return ids of entities in ``scope`` that hold every token of ``query``, best first.

    A token matches a word of the entity's name or of any of its lines by prefix (tokens
    of three or more characters) or exactly (shorter ones); words joined by ``-`` or ``.``
    (dates, Jira keys) match as an exact phrase. Entities are ranked by bm25, with name
    words weighing more than line words. A query with no words matches nothing.
    """
    tokens = query_tokens(query)[:MAX_TOKENS]
    if not tokens or limit <= 0:
        return []
    match = " AND ".join(fts_phrase(t) for t in tokens)
    async with conn.execute(
        "SELECT e.id FROM entity_doc CROSS JOIN entity e ON e.id = entity_doc.rowid"
        " WHERE entity_doc MATCH ? AND e.scope = ?"
        " ORDER BY bm25(entity_doc, ?, 1.0) LIMIT ?",
        (match, scope.value, NAME_WEIGHT, limit),
    ) as cur:
        return [row[0] for row in await cur.fetchall()]
