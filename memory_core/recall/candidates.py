"""Find the entities that may answer a recall: index searches, named entities, neighbours.

Candidates come from an AND query over the terms that narrow, then an OR fallback over the
rarest terms when too few came: names first, then lines holding any of them (or, when names
gave enough, lines holding two of them); entities the message names, and the owner's
``User`` entity for questions about oneself, join them. For relationship questions the
neighbours of the best named entity are a second hop.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from itertools import combinations

import aiosqlite

from memory_core.entity_lines import EntityLines
from memory_core.neighbours import Neighbourhoods
from memory_core.ranking import QueryTerm
from memory_core.recall.scoring import Candidate, Question, needed_for_coverage, score
from memory_core.recall.terms import COMMON_SHARE, term_expression
from memory_core.repository import Repository
from memory_core.search_index import SearchIndex

__all__ = ["asks_about_relations", "find_candidates", "load", "second_hop"]

OR_WHEN_FEWER = 3
"""The OR fallback runs when the AND query found fewer entities than this."""
PAIRED = 3
"""With this many rare words, a memory holding two of them is searched for besides names."""
HOP_LIMIT = 40
"""The most neighbours a second hop looks at."""
_RELATIONSHIP_RE = re.compile(
    r"\b(recommend\w*|suggest\w*|advis\w*|said|says|think\w*|propos\w*|told|"
    r"рекоменд\w*|совет\w*|сказал\w*|предлож\w*|дума\w*|говорил\w*)\b",
    re.IGNORECASE,
)


async def find_candidates(
    repo: Repository,
    index: SearchIndex,
    conn: aiosqlite.Connection,
    question: Question,
    named: Sequence[str],
) -> list[int]:
    """Return the ids of the scope's entities worth scoring, best index match first.

    Args:
        repo: the scope's repository.
        index: the scope's search index.
        conn: the recall's read connection.
        question: the weighed terms and parameters.
        named: entity names the message mentions (they are always candidates).
    """
    # months without words are matched in scoring only
    matchable = [t for t in question.terms if t.phrase or t.prefixes or t.words]
    ids: list[int] = []
    searchable = [t for t in matchable if t.weight > 0]
    common = math.log(1.0 + 1.0 / COMMON_SHARE)
    want = question.candidates
    if searchable:
        # very common words barely narrow an AND but make it slow: leave them to scoring
        narrowing = [t for t in searchable if t.weight >= common] or searchable
        match = " AND ".join(term_expression(t) for t in narrowing)
        ids.extend(await index.best_entities(conn, match, want))
    if len(ids) < OR_WHEN_FEWER and len(searchable) > 1:
        rare = needed_for_coverage(question, searchable)
        needed = " OR ".join(term_expression(t) for t in rare)
        # names first: cheap (names are short) and what most partial questions are about;
        # but names holding one of the words must not hide a memory holding two of them
        # ("login" names three notes; the 2FA decision holds "login" and "mandatory")
        named_first = "{name} : (" + needed + ")"
        ids.extend(i for i in await index.best_entities(conn, named_first, want) if i not in ids)
        more = needed if len(ids) < OR_WHEN_FEWER else _pairs(rare) if len(rare) >= PAIRED else ""
        if more:
            ids.extend(i for i in await index.best_entities(conn, more, want) if i not in ids)
    if named:
        rows = await repo.entities_by_name(conn, named)
        ids.extend(r.id for r in rows.values() if r.id not in ids)
    if question.self_ref:
        users = await repo.ids_of_type(conn, "User", limit=3)
        ids.extend(i for i in users if i not in ids)
    return ids


def _pairs(terms: Sequence[QueryTerm]) -> str:
    """The FTS expression of documents that hold at least two of ``terms``."""
    pairs = combinations([term_expression(t) for t in terms], 2)
    return " OR ".join(f"({a} AND {b})" for a, b in pairs)


async def load(
    repo: Repository, conn: aiosqlite.Connection, ids: Sequence[int], kept: EntityLines
) -> list[Candidate]:
    """Load the entities and visible lines of ``ids`` as candidates ranked in that order."""
    found = await kept.load(repo, conn, ids)
    return [
        Candidate(found[i].row, rank, found[i].lines, loaded=found[i])
        for rank, i in enumerate(ids)
        if i in found
    ]


def asks_about_relations(message: str) -> bool:
    """Tell whether a message asks what someone said or recommends (a second-hop question)."""
    return _RELATIONSHIP_RE.search(message) is not None


async def second_hop(
    repo: Repository,
    conn: aiosqlite.Connection,
    question: Question,
    cands: list[Candidate],
    *,
    links: Neighbourhoods,
    kept: EntityLines,
) -> list[Candidate]:
    """Let neighbours of the best node inherit the terms it matched (relationship questions)."""
    if not cands:
        return cands
    best = max(cands, key=lambda c: (c.name_cover, c.coverage))
    if best.name_cover <= 0 or best.coverage >= 0.999:
        return cands  # nothing named, or the named node already answers everything
    touching = await links.touching(repo, conn, [best.row.id], HOP_LIMIT)
    ends = dict(sorted(link.other(best.row.id)[1::-1] for link in touching))
    known = {c.row.id: c for c in cands}
    new_ids = [i for i in ends.values() if i not in known]
    extra = await load(repo, conn, new_ids[:HOP_LIMIT], kept)
    inherited = [best.name_hits[i] for i in range(len(question.terms))]
    for cand in [*extra, *(known[i] for i in ends.values() if i in known)]:
        cand.inherited = inherited
        cand.rank = len(cands)
        score(question, cand, len(cands) + 1, self_ref=False)
    return [*cands, *extra]
