"""Whole entities for a search (MCP ``search_nodes``): ranked by the index and the names.

An MCP client asks for entities, not for the few lines a chat answer shows, so no line is
scored here (the chat's line picking is :mod:`memory_core.recall`). The query's words
become the recall's weighed terms (stems, concept words of both languages, typo fixes:
:mod:`memory_core.recall.terms`); the full-text index finds the candidates (every term, or
when few hold every term, any in names, then in lines too) and the entities the query names
join them; the candidates are read with their lines in one statement, and the best of them
are the answer. A candidate is ranked by the share of the query's weight it holds (rare
words weigh more), in its name above all, and by its place in the index's order; a named
entity counts its name as held.
One that holds less than :data:`COVERED` of the query is left out (a named one never). When
nothing is left (a query of stop words only), the entities holding every word as typed are
the answer (:func:`memory_core.search.search_entity_ids`).

The relations touching the chosen entities (those between them first) are read with their
count in one more statement.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import aiosqlite

from memory_core.caches import Versions
from memory_core.entity_texts import EntityText
from memory_core.graph_rank import is_cue
from memory_core.language import normalize, tokens
from memory_core.models import Entity, Graph
from memory_core.naming import split_prefix
from memory_core.query import build_query
from memory_core.ranking import QueryTerm, fold_line
from memory_core.recall.results import RankedGraph
from memory_core.recall.terms import (
    COMMON_SHARE,
    make_terms,
    ordinary_word,
    term_expression,
    weigh,
)
from memory_core.search import fts_tokens, search_entity_ids
from memory_core.search_index import SearchIndex
from memory_core.service import ScopedMemory
from memory_core.thesaurus import refers_to_self

__all__ = ["COVERED", "find_entities"]

COVERED = 0.5
"""The least share of the query's weight an entity must hold to be shown (unless named)."""
CANDIDATES = 30
"""How many of the index's best matches are ranked, at least (more when more are asked)."""
OR_WHEN_FEWER = 3
"""Entities holding some of the words are looked for when fewer than this hold them all:
in their names, and in their lines too when fewer than this hold one in their name."""

_fold_once: Callable[[str], str] = fold_line.__wrapped__


@lru_cache(maxsize=4096)
def _name_words(display: str) -> tuple[str, ...]:
    """The index words of a name (folding a Cyrillic name char by char is slow)."""
    return tuple(fts_tokens(display))


@dataclass(frozen=True, slots=True)
class _Query:
    """What every candidate is ranked against."""

    terms: Sequence[QueryTerm]
    total: float
    named: frozenset[int]
    speakers: frozenset[int]
    """The scope's ``User`` entities, when the query is about oneself."""


@dataclass(slots=True)
class _Candidate:
    entity_id: int
    rank: int
    coverage: float = 0.0
    score: float = 0.0


async def find_entities(
    scoped: ScopedMemory, query: str, limit: int, *, relation_limit: int
) -> RankedGraph:
    """Return the scope's ``limit`` entities that best answer ``query``, whole, best first.

    Each entity comes with all its visible lines in stored order; at most ``relation_limit``
    relations touching them come along (those between them first) with their total count.
    """
    repo, index, caches = scoped.repo, scoped.search_index, scoped.caches
    async with scoped.read() as conn:
        versions = await Versions.read(index, conn)
        lexicon = await caches.lexicon(repo, conn, versions)
        built = build_query(query, lexicon, ordinary=ordinary_word)
        ids: list[int] = []
        if built.tokens:
            vocab = await caches.words(index, conn, versions)
            named = await repo.entities_by_name(conn, built.entities)
            made = _as_named(make_terms(built), built.entities)
            terms = await weigh(index, conn, made, vocab, names_entity=bool(named))
            about_self = refers_to_self(tokens(query[:4096]))
            speakers = await repo.ids_of_type(conn, "User", limit=3) if about_self else []
            wanted = _Query(
                terms,
                sum(t.weight for t in terms),
                frozenset(r.id for r in named.values()),
                frozenset(speakers),
            )
            order = await _candidates(conn, index, wanted, max(limit, CANDIDATES))
            shown = await repo.entity_texts(conn, order)
            ids = _best(wanted, [i for i in order if i in shown], shown)[:limit]
        if not ids:  # stop words only, or words the terms did not reach: as typed
            ids = await search_entity_ids(conn, index, query, limit, caches.shares)
            shown = await repo.entity_texts(conn, ids)
        if not ids:
            return RankedGraph(Graph(), 0)
        relations, total = (
            await repo.relations_touching_counted(conn, ids, limit=relation_limit)
            if relation_limit > 0
            else ([], 0)
        )
    entities = [
        Entity(shown[i].name, shown[i].entity_type, tuple(shown[i].texts))
        for i in ids
        if i in shown
    ]
    return RankedGraph.keep(entities, relations, total, relation_limit)


def _as_named(terms: list[QueryTerm], entities: Sequence[str]) -> list[QueryTerm]:
    """A word of a name the query spells is searched as that name is written, not by its
    translations ("Phoenix" the project, not "чудо" or "образец")."""
    spelled = {w for name in entities for w in _name_words(split_prefix(name)[1])}
    out = []
    for term in terms:
        own = term.own_forms() if set(fts_tokens(term.surface)) <= spelled else None
        out.append(own if own is not None and (own.prefixes or own.words) else term)
    return out


async def _candidates(
    conn: aiosqlite.Connection, index: SearchIndex, query: _Query, want: int
) -> list[int]:
    """The index's ``want`` best matches, then the named entities and the speaker's."""
    searchable = [t for t in query.terms if (t.phrase or t.prefixes or t.words) and t.weight > 0]
    found: list[int] = []
    if searchable:
        # very common words barely narrow but make a search slow, and a cue word ("кто
        # отвечает", "who leads") says what is asked, not about what: they are only scored
        common = math.log(1.0 + 1.0 / COMMON_SHARE)
        narrowing = [
            t for t in searchable if t.weight >= common and not is_cue(normalize(t.surface))
        ] or searchable
        every = " AND ".join(term_expression(t) for t in narrowing)
        found = await index.best_entities(conn, every, want)
        rare = _needed(narrowing, query.total)
        if len(found) < OR_WHEN_FEWER and rare:
            # names first: ranking every document holding one of the words took over a
            # millisecond at 50k entities (1,700 documents for "kyc OR overview"), and the
            # best of them were mostly names holding one; lines when no name holds any
            anyone = " OR ".join(term_expression(t) for t in rare)
            in_names = await index.best_entities(conn, f"{{name}} : ({anyone})", want)
            found += in_names
            if len(in_names) < OR_WHEN_FEWER:
                found += await index.best_entities(conn, anyone, want)
    return list(dict.fromkeys([*found, *query.named, *query.speakers]))


def _best(query: _Query, order: Sequence[int], shown: dict[int, EntityText]) -> list[int]:
    """The candidates that hold enough of the query, best first."""
    if query.total <= 0:
        return [i for i in order if i in query.named]
    cands = []
    for rank, entity_id in enumerate(order):
        cand = _score(query, _Candidate(entity_id, rank), len(order), shown[entity_id])
        if cand.coverage >= COVERED or entity_id in query.named | query.speakers:
            cands.append(cand)
    cands.sort(key=lambda c: (-c.score, c.rank))
    return [c.entity_id for c in cands]


def _needed(terms: Sequence[QueryTerm], total: float) -> list[QueryTerm]:
    """The rarest terms one of which an entity holding :data:`COVERED` of ``total`` must hold.

    Empty when that takes every term (an entity holding all of them was searched already).
    """
    chosen: list[QueryTerm] = []
    left = sum(t.weight for t in terms)
    for term in sorted(terms, key=lambda t: -t.weight):
        if left < COVERED * total:
            break
        chosen.append(term)
        left -= term.weight
    return chosen if len(chosen) < len(terms) or len(terms) > 1 else []


def _score(query: _Query, cand: _Candidate, ranked: int, entity: EntityText) -> _Candidate:
    """Rank one candidate: the query's weight it holds, in its name above all, and its place.

    A month ("май") is held by a line dated in it. The type word counts as part of the name
    ("статус проекта ESO" asks about a project), and a name the query spells whole ("Brian
    Nelson", not a note named after him) gains; an entity the query names holds all its
    name, and the speaker's entry gains when the query is about oneself.
    """
    terms, total = query.terms, query.total
    display = split_prefix(entity.name)[1]
    folded_name = fold_line(f"{entity.entity_type} {display}")
    # each candidate's lines are folded once here: not kept in fold_line's cache (megabytes
    # of text at 50k entities, and hashing the key cost as much as folding it)
    folded_lines = _fold_once("\n".join(entity.texts))
    months = {d[5:7] for d in entity.dates if d and len(d) >= 7}
    in_name = [t.matches(folded_name) for t in terms]
    held = [
        n or t.matches(folded_lines) or (t.month is not None and f"{t.month:02d}" in months)
        for t, n in zip(terms, in_name, strict=True)
    ]
    cand.coverage = sum(t.weight for t, h in zip(terms, held, strict=True) if h) / total
    name_cover = sum(t.weight for t, n in zip(terms, in_name, strict=True) if n) / total
    mention = 0.0
    if cand.entity_id in query.named:
        name_cover = mention = 0.5 + 0.5 * name_cover
    position = 1.0 - cand.rank / max(ranked, 1)
    cand.score = 0.4 * cand.coverage + 0.3 * name_cover + 0.15 * position + 0.15 * mention
    words = _name_words(display)
    if words and all(any(t.matches(w) for t in terms) for w in words):
        cand.score += 0.1
    if cand.entity_id in query.speakers:
        cand.score += 0.2
    return cand
