"""Token search (``search_nodes``): every token must match, best entities first.

Also the FTS5 expressions every search writes: tokens folded as the index folds them,
quoted so no FTS syntax survives. The statements themselves are in
:mod:`memory_core.search_index`.
"""

from __future__ import annotations

import re
import time

import aiosqlite

from memory_core.language import WORD_RE, normalize
from memory_core.ranking import fold_line
from memory_core.search_index import SearchIndex

__all__ = [
    "date_token",
    "fts_match",
    "fts_phrase",
    "fts_tokens",
    "query_tokens",
    "search_entity_ids",
    "token_pattern",
    "token_share",
]

_DATE_RE = re.compile(r"(\d{4}) (\d{2})(?: (\d{2}))?")
MAX_TOKENS = 8
NAME_WEIGHT = 5.0
COMMON_SHARE = 0.5
OVERFETCH = 3
SHARE_TTL = 60.0

Shares = dict[str, tuple[float, float]]
"""Share of documents holding a search token, and when it was counted (``time.monotonic``)."""


def fts_tokens(text: str) -> list[str]:
    """Split text into FTS5-comparable tokens: words, folded as the index folds them.

    This mirrors the ``unicode61 remove_diacritics 2`` tokenizer (case folded, accents off
    Latin letters, ``_`` a separator) plus ``ё`` read as ``е`` as in ``entity_doc``; so
    ``Фёдор`` gives ``федор`` and ``Café`` gives ``cafe``. FTS syntax characters never
    survive.
    """
    return WORD_RE.findall(normalize(text))


def fts_phrase(token: str, *, prefix: bool | None = None) -> str:
    """Quote one token as an FTS5 string (a prefix query for 3+ characters by default).

    A token of several words (``"2025 04 09"``) is an exact phrase.
    """
    if prefix is None:
        prefix = len(token) >= 3 and " " not in token
    quoted = '"' + token.replace('"', '""') + '"'
    return quoted + ("*" if prefix else "")


def date_token(phrase: str) -> str | None:
    """Return the token a line's ``as_of`` date is indexed as, for a date phrase.

    ``"2025 04 09"`` gives ``"20250409"``, a month ``"2025 04"`` gives ``"202504"`` (a
    prefix of the dates in it); anything else None. See :func:`memory_core.schema.doc_line_sql`.
    """
    m = _DATE_RE.fullmatch(phrase)
    if m is None or not 1 <= int(m.group(2)) <= 12:
        return None
    return "".join(g for g in m.groups() if g)


def fts_match(token: str, *, prefix: bool | None = None) -> str:
    """Return the FTS5 expression for one query token (see :func:`fts_phrase`).

    A date also matches the lines it is the ``as_of`` date of: ``("2025 04 09" OR
    "20250409")``.
    """
    phrase = fts_phrase(token, prefix=prefix)
    date = date_token(token)
    if date is None:
        return phrase
    return f"({phrase} OR {fts_phrase(date, prefix=len(date) < 8)})"


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


def token_pattern(token: str) -> re.Pattern[str]:
    """A regex finding a query token in folded text as the index would (see fts_match)."""
    words = token.split()
    body = r"[\W_]+".join(re.escape(w) for w in words)
    exact = len(words) > 1 or len(token) < 3
    date = date_token(token)
    if date is not None:  # as typed, or as the as_of token of a line
        end = r"(?![^\W_])"
        return re.compile(rf"(?<![^\W_])(?:{body}{end}|{date}{end if len(date) == 8 else ''})")
    return re.compile(r"(?<![^\W_])" + body + (r"(?![^\W_])" if exact else ""))


async def token_share(
    conn: aiosqlite.Connection, index: SearchIndex, token: str, cache: Shares
) -> float:
    """Return the share of entity documents holding ``token`` (cached for a minute)."""
    now = time.monotonic()
    hit = cache.get(token)
    if hit is not None and now - hit[1] < SHARE_TTL:
        return hit[0]
    total = await index.document_count(conn)
    word = max(token.split(), key=len)  # a phrase is at most as common as its rarest word
    docs = await index.word_docs(conn, word, prefix=len(word) >= 3 and " " not in token)
    date = date_token(token)
    if date is not None:
        docs += await index.word_docs(conn, date, prefix=len(date) < 8)
    share = docs / total
    if len(cache) > 10_000:
        cache.clear()
    cache[token] = (share, now)
    return share


async def search_entity_ids(
    conn: aiosqlite.Connection,
    index: SearchIndex,
    query: str,
    limit: int,
    cache: Shares | None = None,
) -> list[int]:
    """Return ids of the index's scope's entities holding every token of ``query``, best first.

    A token matches a word of the entity's name or of any of its lines by prefix (tokens
    of three or more characters) or exactly (shorter ones); words joined by ``-`` or ``.``
    (dates, Jira keys) match as an exact phrase. Entities are ranked by bm25, with name
    words weighing more than line words. Tokens that more than half of all entities hold
    ("meeting", "2025") are checked on the candidates instead of in the index, where they
    would cost much and narrow little. A query with no words matches nothing.
    """
    tokens = query_tokens(query)[:MAX_TOKENS]
    if not tokens or limit <= 0:
        return []
    shares = cache if cache is not None else {}
    indexed = [t for t in tokens if await token_share(conn, index, t, shares) <= COMMON_SHARE]
    checked = [t for t in tokens if t not in indexed] if indexed else []
    indexed = indexed or tokens
    match = " AND ".join(fts_match(t) for t in indexed)
    rows = await index.documents(
        conn, match, name_weight=NAME_WEIGHT, limit=limit * OVERFETCH if checked else limit
    )
    patterns = [token_pattern(t) for t in checked]
    kept = [r[0] for r in rows if all(p.search(fold_line(f"{r[1]} {r[2]}")) for p in patterns)]
    return kept[:limit]
