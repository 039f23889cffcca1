"""The recall loop: from one chat message to the few memories that matter (DESIGN §5).

1. :func:`memory_core.query.build_query` turns the message into 3-8 terms.
2. Each term becomes an FTS5 expression (every user token quoted; word prefixes; concept
   words of both languages; a typo is corrected against the index vocabulary with
   rapidfuzz). Candidates come from an AND query, then an OR fallback.
3. Candidates are scored by the memory-fabric formula
   ``0.5*relevance + 0.3*recency + 0.2*source_authority``; relevance is the share of the
   query (weighted by rarity) an entity covers, in its name above all.
4. The top 1-3 nodes are opened with their relations (a second hop for relationship
   questions), and at most 12 lines are returned, best first; near-duplicate lines
   (over 85% similar) are merged.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import aiosqlite
from rapidfuzz import fuzz, process

from memory_core.language import tokens
from memory_core.models import Entity, Graph, Relation
from memory_core.naming import split_prefix
from memory_core.query import BuiltQuery, Lexicon, build_query
from memory_core.ranking import (
    FabricWeights,
    QueryTerm,
    dedup_lines,
    fabric_score,
    fact_time,
    names_other_entity,
    recency,
    recency_of,
    source_authority,
    term_hits,
)
from memory_core.rows import EntityRow, ObservationRow
from memory_core.schema import MONTH_WORD
from memory_core.search import fts_match, fts_phrase, fts_tokens
from memory_core.search_index import SearchIndex
from memory_core.service import ScopedMemory
from memory_core.thesaurus import alternatives, month_of, refers_to_self, transliterations

__all__ = [
    "RankedGraph",
    "RecallOptions",
    "RecallResult",
    "RecalledLine",
    "rank_graph",
    "recall",
    "warm_up",
]

_RELATIONSHIP_RE = re.compile(
    r"\b(recommend\w*|suggest\w*|advis\w*|said|says|think\w*|propos\w*|told|"
    r"рекоменд\w*|совет\w*|сказал\w*|предлож\w*|дума\w*|говорил\w*)\b",
    re.IGNORECASE,
)
_OR_WHEN_FEWER = 3
_RELATION_LIMIT = 20
_HOP_LIMIT = 40
_COMMON_SHARE = 0.1
_ALTERNATIVE_SHARE = 0.05
_COSTLY_DOCS = 1_000
_MIN_TYPO_LEN = 4
_DATE_WORD_RE = re.compile(rf"\d+|{MONTH_WORD}\d\d")
_RELEVANCE_BAND = 0.1
_VOCAB_TTL = 60.0
_VOCAB_GROWTH = 2_000


@dataclass(frozen=True, slots=True)
class RecallOptions:
    """Recall parameters; the defaults are DESIGN §5's (the bot passes its settings)."""

    max_nodes: int = 3
    max_observations: int = 12
    max_results: int = 20
    """MEMORY_FABRIC_MAX_RESULTS: each index query proposes up to 1.5 times this many entities."""
    weights: FabricWeights = field(default_factory=FabricWeights)
    min_coverage: float = 0.6
    reinforce: bool = True


@dataclass(frozen=True, slots=True)
class RecalledLine:
    """One recalled observation line and the entity it belongs to."""

    entity: str
    text: str
    score: float
    cross_validated: bool = False


@dataclass(frozen=True, slots=True)
class RecallResult:
    """What one message recalled: the built query, ranked nodes, lines and relations."""

    query: str
    built: BuiltQuery
    nodes: tuple[str, ...] = ()
    lines: tuple[RecalledLine, ...] = ()
    relations: tuple[Relation, ...] = ()
    recent: bool = False

    @property
    def built_query(self) -> str:
        """The query as shown to the user."""
        return self.built.text

    def to_dict(self) -> dict[str, Any]:
        """Return the CLI's JSON shape."""
        return {
            "query": self.query,
            "built_query": self.built.text,
            "nodes": list(self.nodes),
            "observations": [{"entity": ln.entity, "text": ln.text} for ln in self.lines],
        }


@dataclass(slots=True)
class _Candidate:
    row: EntityRow
    rank: int
    lines: list[ObservationRow] = field(default_factory=list)
    name_hits: list[bool] = field(default_factory=list)
    doc_hits: list[bool] = field(default_factory=list)
    coverage: float = 0.0
    name_cover: float = 0.0
    score: float = 0.0
    relevance: float = 0.0
    inherited: list[bool] | None = None


class _ScopeCache:
    """Per-scope lexicon of entity names, refreshed when the scope's names change."""

    def __init__(self) -> None:
        self.version = -1
        self.inserted = -1
        self.max_id = 0
        self.lexicon = Lexicon()


class _VocabCache:
    """The FTS vocabulary for typo correction, split by script and length.

    ``key`` is the largest entity and observation ids it has seen: words of newer rows are
    added from the rows themselves. The whole vocabulary (``full_key`` when last read) is
    read again after a large import, or :data:`_VOCAB_TTL` seconds after the last full read
    once something was written (for deleted and edited words); an unchanged memory never
    reads it twice.
    """

    def __init__(self) -> None:
        self.key: tuple[int, int] = (-1, -1)
        self.full_key: tuple[int, int] = (-1, -1)
        self.known: set[str] = set()
        self.by_shape: dict[tuple[bool, int], list[str]] = {}
        self.docs = 1
        self.doc_freq: dict[str, int] = {}
        self.built_at = 0.0

    def add(self, term: str) -> None:
        """Offer one folded index word to typo correction.

        Short and known words are skipped, and so are numbers and the index's month words
        (``mo04``): a mistyped word is never "corrected" into a date.
        """
        if len(term) < _MIN_TYPO_LEN or term in self.known or _DATE_WORD_RE.fullmatch(term):
            return
        self.known.add(term)
        self.by_shape.setdefault((_is_cyrillic(term), len(term)), []).append(term)


def _is_cyrillic(word: str) -> bool:
    return any("а" <= ch <= "я" for ch in word)


def _caches(memory: ScopedMemory) -> tuple[dict[str, _ScopeCache], _VocabCache]:
    return memory.memory.caches.setdefault(  # type: ignore[no-any-return]
        "recall", ({}, _VocabCache())
    )


@dataclass(frozen=True, slots=True)
class _Versions:
    """What the caches compare to know they are current: counters and the largest ids."""

    names: int
    inserted: int
    max_entity: int
    max_observation: int


async def _versions(memory: ScopedMemory, conn: aiosqlite.Connection) -> _Versions:
    return _Versions(*await memory.search_index.versions(conn))


async def _lexicon(
    memory: ScopedMemory, conn: aiosqlite.Connection, versions: _Versions
) -> Lexicon:
    scopes, _ = _caches(memory)
    cache = scopes.setdefault(memory.scope.value, _ScopeCache())
    version, inserted = versions.names, versions.inserted
    if version == cache.version:
        return cache.lexicon
    added = inserted - cache.inserted
    if cache.version >= 0 and version - cache.version == added:
        # only inserts since the last look: read the new entities alone
        new = await memory.repo.named_ids(conn, after=cache.max_id)
        if len(new) == added:
            for entity_id, name in new:
                cache.lexicon.add(name)
                cache.max_id = max(cache.max_id, entity_id)
            cache.version, cache.inserted = version, inserted
            return cache.lexicon
    rows = await memory.repo.named_ids(conn)
    names = {name for _, name in rows}
    for gone in [n for n in cache.lexicon.names if n not in names]:
        cache.lexicon.remove(gone)
    for name in names:
        cache.lexicon.add(name)  # a name already there is left as it is
    cache.max_id = max((entity_id for entity_id, _ in rows), default=0)
    cache.version, cache.inserted = version, inserted
    return cache.lexicon


async def _vocab(
    memory: ScopedMemory, conn: aiosqlite.Connection, versions: _Versions
) -> _VocabCache:
    _, vocab = _caches(memory)
    key = (versions.max_entity, versions.max_observation)
    # a minute after the last full read, and only if something was written since then
    due = key != vocab.full_key and time.monotonic() - vocab.built_at > _VOCAB_TTL
    if key == vocab.key and not due:
        return vocab
    grown = (key[0] - vocab.key[0], key[1] - vocab.key[1])
    if not due and vocab.key[0] >= 0 and min(grown) >= 0 and sum(grown) <= _VOCAB_GROWTH:
        # a few rows were added: their words join the vocabulary, nothing is read twice
        for text in await memory.search_index.texts_after(conn, *vocab.key):
            for word in fts_tokens(text):
                vocab.add(word)
    else:
        fetched = await memory.search_index.vocabulary(conn)
        vocab.known, vocab.by_shape = set(), {}
        for term in fetched:
            vocab.add(term)
        vocab.built_at = time.monotonic()
        vocab.full_key = key
    vocab.docs = max(key[0], 1)
    vocab.key = key
    vocab.doc_freq.clear()
    return vocab


async def _doc_freq(
    index: SearchIndex, conn: aiosqlite.Connection, term: QueryTerm, vocab: _VocabCache
) -> int:
    """Return how many entity documents hold the term (cached until the vocabulary changes)."""
    key = "\x00".join(term.phrase) + "\x01" + "\x00".join(term.prefixes)
    if key not in vocab.doc_freq:
        vocab.doc_freq[key] = await _count_docs(index, conn, term)
    return vocab.doc_freq[key]


async def _count_docs(index: SearchIndex, conn: aiosqlite.Connection, term: QueryTerm) -> int:
    if term.phrase:
        return await index.count_matches(conn, _expr(term))
    total = 0
    for prefix in term.prefixes:
        total += await index.word_docs(conn, prefix, prefix=True)
    for word in term.dates:
        total += await index.word_docs(conn, word, prefix=False)
    return total


def _expr(term: QueryTerm) -> str:
    if term.phrase:
        parts = [fts_match(" ".join(term.phrase), prefix=False)]
    else:
        parts = [fts_phrase(p, prefix=len(p) >= 3) for p in term.search_prefixes or term.prefixes]
    parts.extend(fts_phrase(d, prefix=False) for d in term.dates)
    return parts[0] if len(parts) == 1 else "(" + " OR ".join(parts) + ")"


def _make_terms(built: BuiltQuery) -> list[QueryTerm]:
    terms: list[QueryTerm] = []
    for surface, word_stem in zip(built.tokens, built.stems, strict=True):
        words = fts_tokens(surface)
        if not words:
            continue
        month = month_of(surface)
        if len(words) > 1:
            terms.append(QueryTerm(surface, phrase=tuple(words), month=month))
            continue
        folded = fts_tokens(word_stem)
        base = folded[0] if folded else words[0]
        if not words[0].startswith(base):
            # the stemmer restored a letter (Павлова -> павел): search what was typed
            common = next(
                (i for i, (a, b) in enumerate(zip(base, words[0], strict=False)) if a != b),
                min(len(base), len(words[0])),
            )
            base = words[0][: max(common, min(len(words[0]), 4))]
        if len(base) < 3:
            terms.append(QueryTerm(surface, phrase=(words[0],), month=month))
            continue
        extra = tuple(a for a in (*alternatives(base), *transliterations(base)) if a != base)
        terms.append(QueryTerm(surface, prefixes=(base, *extra), month=month))
    return terms


async def _weigh(
    index: SearchIndex,
    conn: aiosqlite.Connection,
    terms: list[QueryTerm],
    vocab: _VocabCache,
    *,
    names_entity: bool = False,
) -> list[QueryTerm]:
    """Set each term's rarity weight; correct typos; split unknown compounds.

    A word found nowhere weighs as much as the rarest word, so a query about something
    the memory does not hold covers too little to answer; but when the message names a
    known entity, unknown words are taken as phrasing and weigh little.
    """
    out: list[QueryTerm] = []
    for term in terms:
        df = await _doc_freq(index, conn, term, vocab)
        if df == 0 and term.phrase and len(term.phrase) > 1 and term.month is None:
            parts = [QueryTerm(w, prefixes=(w,)) for w in term.phrase if len(w) >= 3]
            out.extend(await _weigh(index, conn, parts, vocab, names_entity=names_entity))
            continue
        if df == 0 and term.month is None:
            word = fts_tokens(term.surface)[0] if fts_tokens(term.surface) else ""
            fixed = _correct(word, vocab) if len(word) >= _MIN_TYPO_LEN else []
            if fixed:
                term.prefixes = term.corrected = tuple(fixed)
                term.phrase = ()
                df = await _doc_freq(index, conn, term, vocab)
        term.weight = math.log(1.0 + vocab.docs / (1.0 + df)) if df else 1.0
        if len(term.prefixes) > 1:
            await _narrow_alternatives(index, conn, term, vocab)
        if term.month is not None:
            # a month is matched against dates in scoring; it narrows to about 1 in 12
            term.weight = math.log(13.0)
            if df == 0:
                term.prefixes = ()
        if df == 0 and term.month is None:
            term.weight = 0.5 if names_entity else math.log(1.0 + vocab.docs)
        out.append(term)
    return out


async def _narrow_alternatives(
    index: SearchIndex, conn: aiosqlite.Connection, term: QueryTerm, vocab: _VocabCache
) -> None:
    """Search a term's very common alternatives only in scoring, not in the FTS query.

    "live" also stands for "location", which every person has: searching it would cost
    much and narrow nothing. An alternative is left to scoring when more than 1 in 10
    entities hold it, or more than 1 in 20 and over a thousand in all (at 50k entities,
    ranking the 4,500 holders of "location" for "where do I live" cost ~3 ms and changed
    no result of the eval). The word as typed is always searched.
    """
    keep = [term.prefixes[0]]
    for prefix in term.prefixes[1:]:
        single = QueryTerm(term.surface, prefixes=(prefix,))
        df = await _doc_freq(index, conn, single, vocab)
        costly = df > _ALTERNATIVE_SHARE * vocab.docs and df > _COSTLY_DOCS
        if df <= _COMMON_SHARE * vocab.docs and not costly:
            keep.append(prefix)
    term.search_prefixes = tuple(keep)


def _correct(word: str, vocab: _VocabCache) -> list[str]:
    """Return the index words closest to a word the index does not hold (a typo)."""
    cyrillic = _is_cyrillic(word)
    pool = [
        t
        for size in range(len(word) - 2, len(word) + 3)
        for t in vocab.by_shape.get((cyrillic, size), ())
    ]
    hits = process.extract(word, pool, scorer=fuzz.ratio, score_cutoff=75, limit=2)
    if not hits:
        return []
    best = hits[0][1]
    return [str(h[0]) for h in hits if best - h[1] < 5]


@dataclass(slots=True)
class _Run:
    """The state of one recall: the scope, its read transaction, terms and parameters."""

    memory: ScopedMemory
    conn: aiosqlite.Connection
    terms: list[QueryTerm]
    options: RecallOptions
    now: float
    mentioned: set[str]
    self_ref: bool

    @property
    def candidates(self) -> int:
        """How many entities one index query may propose (1.5 x MEMORY_FABRIC_MAX_RESULTS)."""
        return max(self.options.max_results * 3 // 2, self.options.max_nodes)


async def _candidates(run: _Run, extra_names: Sequence[str]) -> list[int]:
    memory, conn = run.memory, run.conn
    matchable = [t for t in run.terms if t.phrase or t.prefixes]  # months without words: no
    ids: list[int] = []
    searchable = [t for t in matchable if t.weight > 0]
    common = math.log(1.0 + 1.0 / _COMMON_SHARE)
    if searchable:
        # very common words barely narrow an AND but make it slow: leave them to scoring
        narrowing = [t for t in searchable if t.weight >= common] or searchable
        ids.extend(await _best_documents(run, " AND ".join(_expr(t) for t in narrowing)))
    if len(ids) < _OR_WHEN_FEWER and len(searchable) > 1:
        needed = " OR ".join(_expr(t) for t in _needed_for_coverage(run.terms, searchable, run))
        # names first: cheap (names are short) and what most partial questions are about
        for match in ("{name} : (" + needed + ")", needed):
            ids.extend(i for i in await _best_documents(run, match) if i not in ids)
            if len(ids) >= _OR_WHEN_FEWER:
                break
    if extra_names:
        rows = await memory.repo.entities_by_name(conn, extra_names)
        ids.extend(r.id for r in rows.values() if r.id not in ids)
    if run.self_ref:
        users = await memory.repo.ids_of_type(conn, "User", limit=3)
        ids.extend(i for i in users if i not in ids)
    return ids


async def _best_documents(run: _Run, match: str) -> list[int]:
    """Return the scope's entities whose documents best match ``match``, best first."""
    return await run.memory.search_index.best_entities(run.conn, match, run.candidates)


def _needed_for_coverage(
    terms: Sequence[QueryTerm], searchable: Sequence[QueryTerm], run: _Run
) -> list[QueryTerm]:
    """Return the rarest terms of which any good answer must hold at least one.

    An answer needs ``min_coverage`` of the query's weight; once the terms left out weigh
    less than that, every answer holds one of the terms kept. So the OR fallback searches
    only rare words, which is both complete and fast.
    """
    total = sum(t.weight for t in terms)
    chosen: list[QueryTerm] = []
    left = total
    for term in sorted(searchable, key=lambda t: -t.weight):
        if left < run.options.min_coverage * total:
            break
        chosen.append(term)
        left -= term.weight
    return chosen or list(searchable)


def _score(run: _Run, cand: _Candidate, total_rank: int, *, self_ref: bool = True) -> None:
    terms, now = run.terms, run.now
    weights = [t.weight for t in terms]
    total = sum(weights) or 1.0
    # the type word counts as part of the name: "статус проекта Borealis" asks about the status
    display = f"{cand.row.entity_type} {split_prefix(cand.row.name)[1]}"
    cand.name_hits = term_hits(terms, display)
    cand.doc_hits = term_hits(terms, "\n".join(o.text for o in cand.lines))
    matched = [
        cand.name_hits[i] or cand.doc_hits[i] or bool(cand.inherited and cand.inherited[i])
        for i in range(len(terms))
    ]
    cand.coverage = sum(w for w, m in zip(weights, matched, strict=True) if m) / total
    cand.name_cover = sum(w for w, m in zip(weights, cand.name_hits, strict=True) if m) / total
    position = 1.0 - cand.rank / max(total_rank, 1)
    mention = 0.0
    if cand.row.name in run.mentioned:
        # the message names this very entity: it outranks memories that merely mention it
        cand.name_cover = max(cand.name_cover, 0.5 + 0.5 * cand.name_cover)
        mention = cand.name_cover
    relevance = 0.40 * cand.coverage + 0.30 * cand.name_cover + 0.15 * position + 0.15 * mention
    if self_ref and run.self_ref and cand.row.entity_type == "User":
        relevance = min(1.0, relevance + 0.2)
    # recency falls with age: the newest line's is the largest
    newest = max((fact_time(o.as_of, o.updated_at) for o in cand.lines), default=None)
    rec = 0.0 if newest is None else recency_of(newest, now)
    auth = max((source_authority(o.source) for o in cand.lines), default=0.5)
    cand.score = fabric_score(
        relevance, rec, auth, cross_reference=False, weights=run.options.weights
    )


async def _rank(
    memory: ScopedMemory, conn: aiosqlite.Connection, message: str, options: RecallOptions
) -> tuple[BuiltQuery, _Run | None, list[_Candidate]]:
    """Build the query and rank the scope's entities for it, best first (at most max_nodes).

    The run is None when the message has no content words (the caller shows recent memories).
    """
    versions = await _versions(memory, conn)
    lexicon = await _lexicon(memory, conn, versions)
    built = build_query(message, lexicon)
    if not built.tokens:
        return built, None, []
    vocab = await _vocab(memory, conn, versions)
    terms = await _weigh(
        memory.search_index, conn, _make_terms(built), vocab, names_entity=bool(built.entities)
    )
    run = _Run(
        memory,
        conn,
        terms,
        options,
        memory.memory.clock(),
        mentioned={n for n in built.entities if not n.startswith("Note:")},
        self_ref=refers_to_self(tokens(message[:4096])),
    )
    ids = await _candidates(run, built.entities)
    if not ids or not terms:
        return built, run, []
    cands = await _load(memory, conn, ids)
    for cand in cands:
        _score(run, cand, len(ids))
    cands = _anchored(cands, _anchor_terms(terms, run.mentioned))
    if _RELATIONSHIP_RE.search(message):
        cands = await _second_hop(run, cands)
    good = [c for c in cands if _answers(run, c)]
    if good:
        # Recency and authority order the memories that are about equally relevant;
        # they never lift a weak match over a strong one.
        best = max(c.relevance for c in good)
        good = [c for c in good if c.relevance >= best - _RELEVANCE_BAND]
    good.sort(key=lambda c: (-c.score, c.rank))
    return built, run, good[: options.max_nodes]


def _answers(run: _Run, cand: _Candidate) -> bool:
    """Tell whether a candidate covers enough of the question to be shown at all."""
    if cand.coverage >= run.options.min_coverage:
        return True
    if cand.row.name in run.mentioned and cand.name_cover > 0:
        return True  # the message names it
    return run.self_ref and cand.row.entity_type == "User" and cand.coverage > 0


async def recall(
    memory: ScopedMemory, message: str, options: RecallOptions | None = None
) -> RecallResult:
    """Recall what the scope holds about one message.

    Args:
        memory: the scope to read (nothing outside it is ever read).
        message: the user's message, any text; FTS syntax in it is inert.
        options: limits and ranking parameters.

    Returns:
        The built query, up to ``max_nodes`` entity names (best first), up to
        ``max_observations`` lines (best first) and the relations of those nodes. An empty
        query returns recent memories; a query with no real match returns no nodes.
    """
    options = options or RecallOptions()
    async with memory.db.read() as conn:
        built, run, top = await _rank(memory, conn, message, options)
        if run is None:
            return await _recent(memory, conn, message, built, options)
        if not top:
            return RecallResult(message, built)
        lines = _pick_lines(top, run.terms, options, run.now)
        relations = await memory.repo.relations_touching(
            conn, [c.row.id for c in top], limit=_RELATION_LIMIT
        )
    result = RecallResult(
        message,
        built,
        tuple(c.row.name for c in top),
        tuple(ln for ln, _ in lines),
        tuple(relations[:_RELATION_LIMIT]),
    )
    if options.reinforce:
        async with memory.db.write() as wconn:
            await memory.repo.reinforce(wconn, [oid for _, oid in lines])
    return result


async def warm_up(memory: ScopedMemory) -> None:
    """Fill the scope's recall caches (entity names, index words) before the first query.

    At 50k entities that takes a few hundred milliseconds, which a long-running server
    would otherwise add to its first answer.
    """
    async with memory.db.read() as conn:
        versions = await _versions(memory, conn)
        await _lexicon(memory, conn, versions)
        await _vocab(memory, conn, versions)


@dataclass(frozen=True, slots=True)
class RankedGraph:
    """The entities that best answer a message, best first, and relations touching them.

    ``relations`` holds those between the entities first, then the others, at most the
    ``relation_limit`` asked; ``relations_total`` counts every relation touching them.
    """

    graph: Graph
    relations_total: int

    @classmethod
    def keep(
        cls, entities: Sequence[Entity], relations: Sequence[Relation], total: int, limit: int
    ) -> RankedGraph:
        """Keep ``limit`` of the relations touching ``entities``, those between them first."""
        chosen = {e.name for e in entities}
        inside = [r for r in relations if r.from_ in chosen and r.to in chosen]
        outside = [r for r in relations if not (r.from_ in chosen and r.to in chosen)]
        kept = tuple((inside + outside)[:limit])
        return cls(Graph(tuple(entities), kept), max(total, len(kept)))


async def rank_graph(
    memory: ScopedMemory, message: str, limit: int, *, relation_limit: int
) -> RankedGraph:
    """Rank the scope's entities for ``message`` and return the best ``limit``, whole.

    For callers that show whole entities (the MCP ``search_nodes``): one read transaction,
    and the rows the ranking loaded are the ones returned, so nothing is read twice.
    """
    options = RecallOptions(max_nodes=limit, max_results=max(limit, 20), reinforce=False)
    async with memory.db.read() as conn:
        _, _, top = await _rank(memory, conn, message, options)
        if not top or relation_limit <= 0:
            return RankedGraph(Graph(_entities_of(top)), 0)
        ids = [c.row.id for c in top]
        relations, total = await memory.repo.relations_touching_counted(
            conn, ids, limit=relation_limit
        )
    return RankedGraph.keep(_entities_of(top), relations, total, relation_limit)


def _entities_of(cands: Sequence[_Candidate]) -> tuple[Entity, ...]:
    return tuple(
        Entity(c.row.name, c.row.entity_type, tuple(o.text for o in c.lines)) for c in cands
    )


def _anchor_terms(terms: Sequence[QueryTerm], mentioned: set[str]) -> list[int]:
    """Return the indexes of terms that spell a name the message mentions."""
    words: set[str] = set()
    for name in mentioned:
        words.update(fts_tokens(split_prefix(name)[1]))
    anchors = []
    for i, term in enumerate(terms):
        parts = term.phrase or tuple(fts_tokens(term.surface))
        if parts and all(p in words for p in parts):
            anchors.append(i)
    return anchors


def _anchored(cands: list[_Candidate], anchors: Sequence[int]) -> list[_Candidate]:
    """Keep only memories that mention every named entity, when any memory does."""
    if not anchors:
        return cands

    def has_all(c: _Candidate) -> bool:
        return all(
            c.name_hits[i] or c.doc_hits[i] or bool(c.inherited and c.inherited[i])
            for i in anchors
        )

    kept = [c for c in cands if has_all(c)]
    return kept or cands


async def _load(
    memory: ScopedMemory, conn: aiosqlite.Connection, ids: Sequence[int]
) -> list[_Candidate]:
    rows, obs = await memory.repo.entities_with_lines(conn, ids)
    return [_Candidate(rows[i], rank, obs.get(i, [])) for rank, i in enumerate(ids) if i in rows]


async def _second_hop(run: _Run, cands: list[_Candidate]) -> list[_Candidate]:
    """Let neighbours of the best node inherit the terms it matched (relationship questions)."""
    if not cands:
        return cands
    best = max(cands, key=lambda c: (c.name_cover, c.coverage))
    if best.name_cover <= 0 or best.coverage >= 0.999:
        return cands  # nothing named, or the named node already answers everything
    memory, conn, terms = run.memory, run.conn, run.terms
    relations = await memory.repo.relations_touching(conn, [best.row.id], limit=_HOP_LIMIT)
    names = {r.to if r.from_ == best.row.name else r.from_ for r in relations}
    rows = await memory.repo.entities_by_name(conn, names)
    known = {c.row.id: c for c in cands}
    new_ids = [r.id for r in rows.values() if r.id not in known]
    extra = await _load(memory, conn, new_ids[:_HOP_LIMIT])
    inherited = [best.name_hits[i] for i in range(len(terms))]
    for cand in [*extra, *(known[r.id] for r in rows.values() if r.id in known)]:
        cand.inherited = inherited
        cand.rank = len(cands)
        _score(run, cand, len(cands) + 1, self_ref=False)
    return [*cands, *extra]


def _pick_lines(
    top: Sequence[_Candidate], terms: Sequence[QueryTerm], options: RecallOptions, now: float
) -> list[tuple[RecalledLine, int]]:
    """Choose the lines to show: those that hold query terms first, each by fabric score."""
    weights = [t.weight for t in terms]
    total = sum(weights) or 1.0
    best_score = top[0].score or 1.0
    scored: list[tuple[float, float, str, str, int]] = []
    for cand in top:
        node_weight = cand.score / best_score
        # what the user asks about the entity: the terms its name does not already hold
        asked = [not n for n in cand.name_hits] if not all(cand.name_hits) else None
        asked_total = sum(w for w, a in zip(weights, asked or [], strict=False) if a) or total
        for obs in cand.lines:
            hits = term_hits(terms, obs.text)
            if asked is not None:
                hit = (
                    sum(w for w, h, a in zip(weights, hits, asked, strict=True) if h and a)
                    / asked_total
                )
            else:
                hit = sum(w for w, h in zip(weights, hits, strict=True) if h) / total
            rel = 0.6 * hit + 0.4 * cand.name_cover
            score = fabric_score(
                rel,
                recency(obs.as_of, obs.updated_at, now),
                source_authority(obs.source),
                cross_reference=hit > 0 and names_other_entity(obs.text),
                weights=options.weights,
            )
            scored.append((hit, score * node_weight, obs.text, cand.row.name, obs.id))
    scored.sort(key=lambda x: (-round(x[0], 1), -x[1]))
    kept = dedup_lines([(x[1], x[2]) for x in scored], options.weights.dedup_threshold)
    out: list[tuple[RecalledLine, int]] = []
    for index, cross in kept[: options.max_observations]:
        _, score, text, entity, oid = scored[index]
        out.append((RecalledLine(entity, text, round(score, 4), cross), oid))
    return out


async def _recent(
    memory: ScopedMemory,
    conn: aiosqlite.Connection,
    message: str,
    built: BuiltQuery,
    options: RecallOptions,
) -> RecallResult:
    rows = await memory.repo.recent_observations(conn, options.max_observations)
    entities = await memory.repo.entities_by_id(conn, {o.entity_id for o in rows})
    lines = tuple(
        RecalledLine(entities[o.entity_id].name, o.text, 0.0)
        for o in rows
        if o.entity_id in entities
    )
    nodes = tuple(dict.fromkeys(ln.entity for ln in lines))[: options.max_nodes]
    return RecallResult(message, built, nodes, lines, (), recent=True)
