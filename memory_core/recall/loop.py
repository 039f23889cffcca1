"""The recall entry points: rank a scope's entities for a message, then return the answer.

:func:`recall` returns the best lines for a chat answer (and counts them as recalled),
:func:`rank_graph` the best entities whole (for MCP), :func:`warm_up` fills the caches.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import pairwise

import aiosqlite

from memory_core.caches import Versions
from memory_core.graph_rank import asked, is_cue
from memory_core.language import normalize, tokens
from memory_core.models import Entity, Graph
from memory_core.morphology import first_person_verb
from memory_core.name_keys import index_keys, query_keys
from memory_core.neighbours import Neighbourhoods
from memory_core.query import (
    BuiltQuery,
    build_query,
    named_possessives,
    spelled_out,
    written_as_names,
)
from memory_core.ranking import QueryTerm
from memory_core.recall.asked_days import add_weekdays
from memory_core.recall.candidates import asks_about_relations, find_candidates, load, second_hop
from memory_core.recall.framing import lighten_frame_verbs
from memory_core.recall.kin_asked import without_unlinked_kin
from memory_core.recall.negated import read_negations
from memory_core.recall.nicknamed import by_name, nicknamed
from memory_core.recall.own_words import prefer_own_words
from memory_core.recall.results import RankedGraph, RecallOptions, RecallResult
from memory_core.recall.scoring import (
    Candidate,
    Question,
    anchored,
    answering,
    best_answers,
    lighten_strays,
    pick_lines,
    recalled,
    score,
)
from memory_core.recall.senses import add_context_senses
from memory_core.recall.speaker import speaker_alone
from memory_core.recall.terms import (
    CUE_WEIGHT,
    NAMED_UNKNOWN,
    make_terms,
    ordinary_word,
    phrasing_weight,
    weigh,
)
from memory_core.recall.widen import widen
from memory_core.service import ScopedMemory
from memory_core.smalltalk import asks_for_recent, classify
from memory_core.thesaurus import refers_to_self

__all__ = ["mentioned_names", "rank_graph", "recall", "warm_up"]

RELATION_LIMIT = 20
"""The most relations a recall returns."""


async def _rank(
    scoped: ScopedMemory,
    conn: aiosqlite.Connection,
    message: str,
    options: RecallOptions,
) -> tuple[BuiltQuery, Question | None, list[Candidate], Neighbourhoods]:
    """Build the query and rank the scope's entities for it, best first (at most max_nodes).

    The question is None when the message has no content words (the caller shows recent
    memories). Also returns the scope's kept links, current in ``conn``'s snapshot.
    """
    repo, index, caches = scoped.repo, scoped.search_index, scoped.caches
    message = spelled_out(message)
    versions = await Versions.read(index, conn)
    links = caches.links(repo.scope, versions)
    lexicon = await caches.lexicon(repo, conn, versions)
    message = named_possessives(message, lexicon, ordinary_word)
    built = build_query(message, lexicon, ordinary=ordinary_word)
    nicks = await nicknamed(scoped, conn, versions, message)
    people = [n for names in nicks.values() for n in names if n not in built.entities]
    if people:  # "1:1 с Тимохой": the person whose line says "все зовут его Тимоха"
        built = replace(built, entities=tuple(dict.fromkeys((*built.entities, *people))))
    if not built.tokens:
        return built, None, [], links
    vocab = await caches.words(index, conn, versions)
    before = said_before(message)
    terms = make_terms(built)
    _no_month_in_names(terms, built.entities)
    by_name(terms, nicks)
    add_weekdays(terms, before)  # "по каким дням": "по вторникам"
    read_negations(terms, before)  # "не явился": "missed"
    terms = await weigh(
        index,
        conn,
        terms,
        vocab,
        names_entity=bool(built.entities),
        proper=written_as_names(message),
        before=before,
    )
    _own_surnames(terms, built.entities)
    await add_context_senses(index, conn, terms, vocab)
    naming = (await caches.relation_words(conn, repo.scope, versions)).asked(terms)
    for i in naming:
        if not is_cue(normalize(terms[i].surface)):  # a cue word weighs so already
            terms[i].weight *= CUE_WEIGHT
    question = Question(
        terms,
        options,
        scoped.now(),
        mentioned=_named(built.entities, terms, before),
        self_ref=refers_to_self(tokens(message[:4096])),
        first_person=any(first_person_verb(w) for w in tokens(message[:4096])),
        role=asked(normalize(w) for w in tokens(message[:4096])).role,
        asked_types=frozenset().union(*naming.values()),
        cue_terms=frozenset(naming),
    )
    ids = await find_candidates(repo, index, conn, question, built.entities)
    if not terms:
        return built, question, [], links
    # with no candidate, a family question may still start at the owner (see widen)
    kept = caches.entity_lines(repo.scope)
    cands = await load(repo, conn, ids, kept) if ids else []
    for cand in cands:
        score(question, cand, len(ids))
    phrasing = phrasing_weight(vocab.docs)
    framed = lighten_frame_verbs(terms, [c.matched() for c in cands], phrasing)  # "keeping"
    reweighed = lighten_strays(question, cands, phrasing) or framed
    if prefer_own_words(cands) or reweighed:
        for cand in cands:
            score(question, cand, len(ids), reweighed=True)
    cands = anchored(question, cands)
    if asks_about_relations(message):
        cands = await second_hop(repo, conn, question, cands, links=links, kept=kept)
    good = await widen(
        repo,
        conn,
        question,
        message,
        cands=cands,
        good=answering(question, cands),
        links=links,
        kept=kept,
    )
    question.considered = len({c.row.id for c in (*cands, *good)})
    good = await without_unlinked_kin(repo, conn, question, good, links)
    return built, question, speaker_alone(question, best_answers(question, good), good), links


def said_before(message: str) -> dict[str, str]:
    """Each word of a message (lower case) and the word said right before it."""
    words = [w.lower() for w in tokens(message[:4096])]
    out: dict[str, str] = {}
    for first, second in pairwise(words):
        out.setdefault(second, first)
    return out


def _no_month_in_names(terms: Sequence[QueryTerm], entities: Sequence[str]) -> None:
    """A word of a name the message spells with another word of it is that name, not a
    month: "notes with Jan Novák" asks for the notes that mention him, not for January's
    ("встречи в марте" still asks for March, though someone is called Marta)."""
    if not entities or all(term.month is None for term in terms):
        return
    for name in entities:
        keys = [index_keys(w) for w in name.partition(":")[2].split()]
        spelling = [
            i
            for i, term in enumerate(terms)
            if any(not k.isdisjoint(query_keys(term.surface)) for k in keys)
        ]
        if len(spelling) < 2:
            continue
        for i in spelling:
            terms[i].month, terms[i].season = None, ()


def _own_surnames(terms: Sequence[QueryTerm], entities: Sequence[str]) -> None:
    """Take back "another person's surname" from a word that is part of a name the message
    names ("Marina Volkova" for Марина Волкова, found across scripts, not by the index)."""
    if not any(term.other_surname for term in terms):
        return
    keys = {k for name in entities for w in name.partition(":")[2].split() for k in index_keys(w)}
    for term in terms:
        if term.other_surname and not keys.isdisjoint(query_keys(term.surface)):
            term.other_surname = term.unknown_name = False
            term.weight = NAMED_UNKNOWN


def _named(
    entities: Sequence[str], terms: Sequence[QueryTerm], before: Mapping[str, str]
) -> set[str]:
    """The entities a message names (no notes), without a person it named by a given name
    that another surname follows ("Kacper Nowak" is not the Kacper Wróbel known; a "Kate"
    known by her given name alone may be Kate Smith)."""
    given = [query_keys(before[t.surface]) for t in terms if t.other_surname]
    if not given:
        return {name for name in entities if not name.startswith("Note:")}
    out = set()
    for name in entities:
        kind, _, rest = name.partition(":")
        if kind == "Note":
            continue
        words = rest.split()
        # a person known by a given name alone may have any surname ("Kate" is Kate Smith)
        keys = index_keys(words[0]) if kind == "Person" and len(words) > 1 else frozenset()
        if any(not k.isdisjoint(keys) for k in given):
            continue
        out.add(name)
    return out


async def recall(
    memory: ScopedMemory,
    message: str,
    options: RecallOptions | None = None,
    *,
    speaker: str | None = None,
) -> RecallResult:
    """Recall what the scope holds about one message.

    Args:
        memory: the scope to read (nothing outside it is ever read).
        message: the user's message, any text; FTS syntax in it is inert.
        options: limits and ranking parameters.
        speaker: the asking member's ``User`` entry in a shared scope: a message about
            oneself shows that entry only (by default, the scope's first ``User`` entries).

    Returns:
        The built query, up to ``max_nodes`` entity names (best first), up to
        ``max_observations`` lines (best first) and the relations of those nodes. Small
        talk ("ок, спс", "👍", "good night") recalls nothing; an empty message or one that
        asks what is remembered ("что ты помнишь?") returns recent memories; a query with
        no real match returns no nodes.
    """
    options = options or RecallOptions()
    if classify(message) is not None:
        return RecallResult(message, build_query(""))
    async with memory.read() as conn:
        built, question, top, links = await _rank(memory, conn, message, options)
        if question is None:
            if refers_to_self(tokens(message[:4096])):  # "что ты знаешь обо мне?", "а я?"
                mine = await _speaker(
                    memory, conn, message, built, options, links=links, speaker=speaker
                )
                if mine is not None:
                    return mine
            if message.strip() and not asks_for_recent(message):
                return RecallResult(message, built)
            return await _recent(memory, conn, message, built, options)
        if not top:
            return RecallResult(message, built)
        lines = pick_lines(top, question)
        touching = await links.touching(memory.repo, conn, [c.row.id for c in top], RELATION_LIMIT)
    # the links that explain a hop come first ("Ольга -[pm_of]-> Orion")
    hops = [r for c in top for r in c.via]
    relations = list(dict.fromkeys([*hops, *(k.relation for k in touching)]))[:RELATION_LIMIT]
    result = RecallResult(
        message,
        built,
        tuple(c.row.name for c in top),
        tuple(ln for ln, _ in lines),
        tuple(relations),
        scores=tuple(round(c.score, 4) for c in top),
        candidates=question.considered,
    )
    if options.reinforce:
        memory.reinforce([oid for _, oid in lines])  # written within a second, in a batch
    return result


async def mentioned_names(memory: ScopedMemory, message: str) -> tuple[str, ...]:
    """The entity names a message mentions, in any inflection, without ranking anything."""
    async with memory.read() as conn:
        versions = await Versions.read(memory.search_index, conn)
        lexicon = await memory.caches.lexicon(memory.repo, conn, versions)
    return build_query(message, lexicon, ordinary=ordinary_word).entities


async def warm_up(memory: ScopedMemory, *, chat: bool = True) -> None:
    """Fill the scope's recall caches (entity names, index words) before the first query.

    At 50k entities that takes a few hundred milliseconds, which a long-running server
    would otherwise add to its first answer. With ``chat`` the relation types that chat
    questions may name are read too (an MCP server's searches never ask for them).
    """
    async with memory.read() as conn:
        versions = await Versions.read(memory.search_index, conn)
        await memory.caches.lexicon(memory.repo, conn, versions)
        await memory.caches.words(memory.search_index, conn, versions)
        if chat:
            await memory.caches.relation_words(conn, memory.repo.scope, versions)


async def rank_graph(
    memory: ScopedMemory, message: str, limit: int, *, relation_limit: int
) -> RankedGraph:
    """Rank the scope's entities for ``message`` and return the best ``limit``, whole.

    For callers that show whole entities (the MCP ``search_nodes``): one read transaction,
    and the rows the ranking loaded are the ones returned, so nothing is read twice.
    """
    options = RecallOptions(max_nodes=limit, max_results=max(limit, 20), reinforce=False)
    async with memory.read() as conn:
        _, _, top, _ = await _rank(memory, conn, message, options)
        if not top or relation_limit <= 0:
            return RankedGraph(Graph(_entities_of(top)), 0)
        ids = [c.row.id for c in top]
        relations, total = await memory.repo.relations_touching_counted(
            conn, ids, limit=relation_limit
        )
    return RankedGraph.keep(_entities_of(top), relations, total, relation_limit)


def _entities_of(cands: Sequence[Candidate]) -> tuple[Entity, ...]:
    return tuple(
        Entity(c.row.name, c.row.entity_type, tuple(o.text for o in c.lines)) for c in cands
    )


async def _speaker(
    memory: ScopedMemory,
    conn: aiosqlite.Connection,
    message: str,
    built: BuiltQuery,
    options: RecallOptions,
    *,
    links: Neighbourhoods,
    speaker: str | None,
) -> RecallResult | None:
    """The scope's own ``User`` entries, whole with their links, for a message about oneself
    and nothing else ("что ты обо мне знаешь", "what do you know about me"); None when the
    memory has no such entry."""
    if speaker is not None:
        rows = await memory.repo.entities_by_name(conn, [speaker])
        ids = [r.id for r in rows.values() if r.entity_type == "User"]
        if not ids:  # the speaker has no entry yet: nothing about them
            return RecallResult(message, built, about_speaker=True)
    else:
        ids = await memory.repo.ids_of_type(conn, "User", limit=3)
    if not ids:
        return None
    cands = await load(memory.repo, conn, ids, memory.caches.entity_lines(memory.repo.scope))
    lines = [recalled(c.row.name, o, 0.0) for c in cands for o in c.lines]
    touching = await links.touching(memory.repo, conn, ids, RELATION_LIMIT)
    return RecallResult(
        message,
        built,
        tuple(c.row.name for c in cands)[: options.max_nodes],
        tuple(lines[: options.max_observations]),
        tuple(dict.fromkeys(k.relation for k in touching))[:RELATION_LIMIT],
        about_speaker=True,
    )


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
        recalled(entities[o.entity_id].name, o, 0.0) for o in rows if o.entity_id in entities
    )
    nodes = tuple(dict.fromkeys(ln.entity for ln in lines))[: options.max_nodes]
    return RecallResult(message, built, nodes, lines, (), recent=True)
