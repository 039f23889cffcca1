"""The graph stage of recall: lift the entities linked to what a message names or matches.

The word stage finds *seeds*: entities whose name or lines hold the question's words, and
the entities it names. Many answers are one link away ("кто пм на Polaris" is the person
``-[pm_of]->`` Polaris; "где обсуждали BCN-30" is the note that references the key), so the
seeds' scores spread along the scope's relations, two hops at most
(:func:`memory_core.graph_rank.spread`), and an entity reached by a link the question asks
about, or of the kind it asks for, joins the candidates.

A seed passes on as much as it covers of the question, counting only the words that say
what the question is *about* ("кто", "врач", "notes" say what is asked): a named project
is the whole subject of "кто пм на Polaris" but a mere context of "реестр схем в Orion",
where the notes about the schema registry answer. An entity the message names outweighs
one whose lines only mention it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import aiosqlite

from memory_core.entity_lines import EntityLines
from memory_core.graph_rank import (
    KIN_TYPES,
    WORK_TYPES,
    Asked,
    Reached,
    asked,
    canonical_type,
    is_cue,
    spread,
)
from memory_core.language import normalize, tokens
from memory_core.lexicon import heard_keys
from memory_core.models import Relation
from memory_core.name_keys import index_keys
from memory_core.naming import split_prefix
from memory_core.neighbours import Neighbourhoods
from memory_core.ranking import term_hits
from memory_core.recall.candidates import load
from memory_core.recall.scoring import Candidate, Question, holds_the_role, rescore, score
from memory_core.recall.speaker import holds_all_but
from memory_core.recall.trades import of_asked
from memory_core.repository import Repository
from memory_core.thesaurus import SELF_WORDS, is_self_topic

__all__ = ["widen"]

FIRST_HOP = 40
"""Relations read per seed end."""
SECOND_HOP = 10
"""Relations read per end of a first-hop neighbour."""
NEIGHBOURS = 60
"""First-hop neighbours whose own relations are read."""
UNNAMED_SEED = 0.7
"""A seed the message does not name passes on this share when another one is named."""
OWN_COVER = 0.3
"""Weight of a linked entity's own coverage of the question beside the link's score."""
_OURS = SELF_WORDS | frozenset(
    {"мы", "нам", "нас", "наш", "наша", "наше", "наши", "нашего", "нашей", "нашему", "нашим",
     "we", "us", "our"}
)  # fmt: skip
"""Words that put the owner at one end of what a question asks about."""
BELOW_WHOLE = 0.95
"""What an entity a link brings keeps of the score of a seed that holds the whole question."""
WANTED = 1.3
"""Lift of a word match that is the kind of entity the question asks for."""


def _about(question: Question) -> list[float]:
    """The weight of each term that says what the question is about (0 for cue words); when
    every word is a cue ("кто лечит папу"), each weighs as it is."""
    about = [
        0.0 if i in question.cue_terms or is_cue(normalize(t.surface)) else t.weight
        for i, t in enumerate(question.terms)
    ]
    return about if any(about) else [t.weight for t in question.terms]


def _covered(cand: Candidate, about: Sequence[float]) -> float:
    total = sum(about) or 1.0
    return sum(w for w, hit in zip(about, cand.matched(), strict=True) if hit) / total


def _spelled(cand: Candidate, question: Question, about: Sequence[float]) -> float:
    """The share of the question a named entity covers counting the words that spell its
    name in another form ("лиза" names Елизавета Громова without holding "лиз", "тимохи"
    Тимофей)."""
    keys = {k for word in tokens(cand.row.name.partition(":")[2]) for k in index_keys(word)}
    total = sum(about) or 1.0
    held = cand.matched()
    return (
        sum(
            w
            for w, hit, term in zip(about, held, question.terms, strict=True)
            if hit or (not term.phrase and not keys.isdisjoint(heard_keys(term.surface)))
        )
        / total
    )


def _seeds(
    question: Question,
    cands: Sequence[Candidate],
    good: Sequence[Candidate],
    words: Sequence[str],
) -> dict[str, float]:
    about = _about(question)
    named = any(c.row.name in question.mentioned for c in good)
    seeds: dict[str, float] = {}
    for c in good:
        share = _covered(c, about)
        if named and c.row.name not in question.mentioned:
            share *= UNNAMED_SEED
        elif c.row.name in question.mentioned:
            share = max(share, _spelled(c, question, about))
        seeds[c.row.name] = max(seeds.get(c.row.name, 0.0), share)
    if question.self_ref and not question.mentioned and not _topic_held(question, good, words):
        for c in cands:
            if c.row.entity_type == "User":
                seeds[c.row.name] = 1.0
    return seeds


_KIN_HOLDERS = frozenset({"User", "Person"})
"""Entries whose lines holding a family word describe a relative, not a topic."""


def _topic_held(question: Question, good: Sequence[Candidate], words: Sequence[str]) -> bool:
    """Whether the question is the owner's only by a family or home word ("ребёнка",
    "kids") that an answer holds in its own lines with another word of the question: then
    the word is that answer's topic ("как родители подписывают согласие": the consent rule
    for any parents), not the owner's family to follow; so is a word that names a link.
    A first-person word ("мои", "our") or verb keeps the owner at the start."""
    if question.first_person or not _OURS.isdisjoint(words):
        return False
    topics = [
        i
        for i, t in enumerate(question.terms)
        if i in question.cue_terms or is_cue(normalize(t.surface)) or is_self_topic(t.surface)
    ]
    if not topics:
        return False
    for c in good:
        if c.row.entity_type in _KIN_HOLDERS or c.row.name in question.mentioned:
            continue  # a person whose line says "жена" is most often that relative
        held = c.matched()
        if sum(held) > 1 and any(held[i] for i in topics):
            return True
    return False


def _subjects(
    question: Question, cands: Sequence[Candidate], seeds: dict[str, float]
) -> dict[str, float]:
    """Seeds a relation question has though no word stage answer covers it: entities whose
    name holds what the question is about, every other word being a cue ("кто занимается
    переездом": the project "Переезд в Ваке" is the subject, "занимается" only says which
    link is asked for)."""
    about = _about(question)
    if all(about):  # every word is a cue, or none: nothing to tell subject from cue
        return {}
    total = sum(about) or 1.0
    found: dict[str, float] = {}
    for c in cands:
        if c.row.name in seeds or not any(c.name_hits):
            continue
        named = sum(w for w, hit in zip(about, c.name_hits, strict=True) if hit) / total
        if named >= question.options.min_coverage:
            found[c.row.name] = named
    return found


async def _neighbourhood(
    repo: Repository,
    conn: aiosqlite.Connection,
    links: Neighbourhoods,
    seeds: dict[str, float],
    ids: list[int],
    *,
    asks: Asked,
) -> tuple[list[Relation], dict[str, str], dict[str, int]]:
    """The relations within two hops of the seeds, and the types and ids of their ends.

    The second hop reads :data:`SECOND_HOP` links per direction for all the neighbours
    together, except around relatives a family question goes through ("кто классуха у
    старшей": the daughter's own links, whoever else the owner is linked to)."""
    first = await links.touching(repo, conn, ids, FIRST_HOP)
    near: dict[str, int] = {}
    kin: dict[str, int] = {}
    for link in first:
        rel = link.relation
        if rel.from_ in seeds and rel.to in seeds:
            continue
        name, entity_id = (rel.to, link.to_id) if rel.from_ in seeds else (rel.from_, link.from_id)
        near.setdefault(name, entity_id)
        if asks.kin is not None and canonical_type(rel.relation_type) in KIN_TYPES:
            kin.setdefault(name, entity_id)
    second = await links.touching(repo, conn, list(near.values())[:NEIGHBOURS], SECOND_HOP)
    if kin:
        second = [*second, *await links.touching(repo, conn, list(kin.values()), FIRST_HOP)]
    types: dict[str, str] = {}
    found: dict[str, int] = {}
    for link in (*first, *second):
        rel = link.relation
        types[rel.from_], types[rel.to] = link.from_type, link.to_type
        found[rel.from_], found[rel.to] = link.from_id, link.to_id
    return [link.relation for link in (*first, *second)], types, found


def _admitted(
    asks: Asked,
    seeds: dict[str, float],
    relations: list[Relation],
    types: dict[str, str],
    *,
    lineless: set[str],
    linked_only: bool = False,
) -> dict[str, Reached]:
    """The reached entities that join the candidates, with the score their links gave
    (with ``linked_only``, only those a link of the kind asked for brought)."""
    admitted: dict[str, Reached] = {}
    for name, hit in spread(seeds, relations, asks, types).items():
        wanted = asks.wants(types.get(name)) and not linked_only
        first = hit.via[0]
        from_lineless = len(hit.via) == 1 and (first.from_ in lineless or first.to in lineless)
        if hit.asked or wanted or from_lineless:
            admitted[name] = hit
    return admitted


def _answered(question: Question, good: Sequence[Candidate]) -> bool:
    """Whether a candidate holds every word of the question but its cue and "my" words."""
    spare = [is_cue(w) or w in SELF_WORDS for w in (normalize(t.surface) for t in question.terms)]
    return any(holds_all_but(c, spare) for c in good)


def _said_whole(good: Sequence[Candidate], seeds: dict[str, float]) -> bool:
    """Whether a seed's own lines hold every word of the question, the words that name a
    link too: then those words are what it is about, not a link to follow."""
    return any(c.row.name in seeds and c.doc_hits and all(c.doc_hits) for c in good)


def _not_needed_dropped(
    question: Question,
    good: Sequence[Candidate],
    seeds: dict[str, float],
    admitted: dict[str, Reached],
    pool: dict[str, Candidate],
) -> dict[str, Reached]:
    """The admitted entities but those the answer does not need.

    "кто мой тимлид": the one holding the role answers; the owner's other links (his wife,
    his dentist) would only fill the places left. "когда родительское собрание": the son's
    line holds every word, "родительское" too, so that word names no link to follow to his
    parent, the owner's entry holding nothing of the question (it would show all its lines).
    """
    if _answered(question, good):
        admitted = {n: h for n, h in admitted.items() if not _owners_other(h, n, pool.get(n))}
    if _said_whole(good, seeds):
        admitted = {
            n: h
            for n, h in admitted.items()
            if split_prefix(n)[0] != "User" or (n in pool and any(pool[n].matched()))
        }
    return admitted


def _owners_other(hit: Reached, name: str, cand: Candidate | None) -> bool:
    """Whether an entity holds no word of the question and came only as one more of the
    owner's links ("my" questions seed the ``User:`` entry), by a link not asked about."""
    if hit.asked or cand is None or any(cand.matched()):
        return False
    rel = hit.via[-1]
    other = rel.to if rel.from_ == name else rel.from_
    return split_prefix(other)[0] == "User"


def _in_month(question: Question, cand: Candidate | None, name: str) -> bool:
    """Whether an entity is dated in every month the question names."""
    months = [i for i, t in enumerate(question.terms) if t.month is not None]
    if not months:
        return True
    text = name if cand is None else name + "\n" + "\n".join(o.text for o in cand.lines)
    hits = term_hits(question.terms, text)
    return all(hits[i] for i in months)


def _kind_whole(asks: Asked, good: Sequence[Candidate]) -> float | None:
    """The best relevance of an answer of the kind asked for that holds every word: it
    answers before those of that kind a link brings holding less ("личные заметки за
    март": a personal note of March, not every March note of someone "personal"); ``None``
    when there is none, or the question asks for a link ("who's under Pavel" is not Pavel).
    """
    if asks.relation_types:
        return None
    return max(
        (c.relevance for c in good if asks.wants(c.row.entity_type) and all(c.matched())),
        default=None,
    )


def _below_whole(
    lifted: float,
    cand: Candidate,
    seed_whole: float | None,
    kind_whole: float | None,
    whole: dict[str, float],
) -> float:
    """What a link lifts an entity to, kept below the seed it came from when that seed holds
    the whole question (``seed_whole``), and below the best answer of the kind asked for
    that holds every word (``kind_whole``) when the entity itself does not."""
    if seed_whole is not None and cand.row.name not in whole:
        lifted = min(lifted, seed_whole * BELOW_WHOLE)
    if kind_whole is not None and not all(cand.matched()):
        lifted = min(lifted, kind_whole * WANTED * BELOW_WHOLE)
    return lifted


def _starts_at_owner(words: Sequence[str], asks: Asked) -> bool:
    """Whether a question asks for a link of "us" or of one's family and may start at the
    owner when nothing it names answers ("кто нам сдаёт хату", "who fixes our car", "к
    какому терапевту ходит батя", "кто классуха у старшей")."""
    if not asks.relation_types:
        return False
    return asks.kin is not None or not _OURS.isdisjoint(words)


def _names_unknown(question: Question) -> bool:
    """Whether the question names something no memory holds ("who runs our gym in
    Viljandi"): then the owner's links do not answer it either."""
    return any(t.unknown_name for t in question.terms)


async def _with_owner(
    repo: Repository,
    conn: aiosqlite.Connection,
    *,
    question: Question,
    words: Sequence[str],
    asks: Asked,
    cands: list[Candidate],
    seeds: dict[str, float],
    kept: EntityLines,
) -> tuple[list[Candidate], dict[str, float], bool]:
    """The candidates and seeds with the owner's entry where a question of "us" starts there,
    and whether only the owner's links may answer."""
    if not _starts_at_owner(words, asks) or _names_unknown(question):
        return cands, seeds, False
    if not seeds:
        # "кто нам сдаёт хату": nothing the question names answers, the owner is the
        # link's other end
        owner = await load(repo, conn, await repo.ids_of_type(conn, "User", limit=1), kept)
        from_owner = not cands  # no word of it matched anything: only its links may answer
        return [*cands, *owner], {c.row.name: 1.0 for c in owner}, from_owner
    if (
        asks.relation_types - WORK_TYPES - KIN_TYPES
        and asks.kin is None
        and not question.mentioned
        and not any(split_prefix(n)[0] == "User" for n in seeds)
    ):
        # "which vet do we take bublik to": the note on the dog names no vet; ours is
        # linked to the owner
        owner = await load(repo, conn, await repo.ids_of_type(conn, "User", limit=1), kept)
        known = {c.row.name for c in cands}
        cands = [*cands, *(c for c in owner if c.row.name not in known)]
        seeds = {**seeds, **{c.row.name: UNNAMED_SEED for c in owner}}
    return cands, seeds, False


async def widen(
    repo: Repository,
    conn: aiosqlite.Connection,
    question: Question,
    message: str,
    *,
    cands: list[Candidate],
    good: list[Candidate],
    links: Neighbourhoods,
    kept: EntityLines,
) -> list[Candidate]:
    """Return ``good`` plus the entities the graph brings, every one scored again.

    Args:
        repo: the scope's statements.
        conn: the recall's read transaction.
        links: the scope's kept links, current in ``conn``'s snapshot.
        kept: the scope's kept entities with their lines.
        question: the weighed terms and what the message names.
        message: the message, for the words that say what is asked.
        cands: every candidate the word stage loaded.
        good: those that answer by their words.
    """
    words = [normalize(w) for w in tokens(message[:4096])]
    asks = asked(words)
    if question.asked_types:
        asks = replace(asks, relation_types=asks.relation_types | question.asked_types)
    seeds = _seeds(question, cands, good, words)
    if asks.relation_types:
        seeds.update(_subjects(question, cands, seeds))
    cands, seeds, from_owner = await _with_owner(
        repo, conn, question=question, words=words, asks=asks, cands=cands, seeds=seeds, kept=kept
    )
    if not seeds:
        return good
    by_name = {c.row.name: c for c in cands}
    lineless = {n for n in seeds if n in by_name and not by_name[n].lines}
    if not (asks.relation_types or asks.want_type or lineless):
        return good  # no link could admit anyone (see _admitted), nor lift a kind asked for
    ids = [by_name[n].row.id for n in seeds if n in by_name]
    relations, types, found = await _neighbourhood(repo, conn, links, seeds, ids, asks=asks)
    types.update({c.row.name: c.row.entity_type for c in cands})
    admitted = _admitted(asks, seeds, relations, types, lineless=lineless, linked_only=from_owner)
    known = {c.row.name for c in good}
    pool = {c.row.name: c for c in cands}
    new_ids = [found[n] for n in sorted(admitted) if n not in known and n in found]
    for extra in await load(repo, conn, new_ids, kept):
        extra.rank += len(cands)
        score(question, extra, len(cands) + len(new_ids), self_ref=False)
        pool[extra.row.name] = extra
    admitted = {
        n: h
        for n, h in admitted.items()
        if _in_month(question, pool.get(n), n) and of_asked(question, words, h, n, pool.get(n))
    }
    about = _about(question)
    out = list(good)
    admitted = _not_needed_dropped(question, good, seeds, admitted, pool)
    out.extend(pool[n] for n in admitted if n not in known and n in pool)
    # a seed that holds every word, the cue words too ("hockey team" in "play hockey, team
    # X"), answers by itself: what its links bring ranks below it
    # (not an entity the question names when it asks for another of its kind by a link:
    # "кто у нас под Борисом" asks for the people under him)
    whole = {
        c.row.name: c.relevance
        for c in good
        if all(c.matched())
        and not (
            asks.relation_types
            and c.row.name in question.mentioned
            and asks.want_type == c.row.entity_type
        )
    }
    # so does the person whose lines hold what a role question is about ("who runs the
    # sales team": the one whose role line says "sales", not the people she reports to)
    whole.update({c.row.name: c.relevance for c in good if holds_the_role(question, c)})
    kind_whole = _kind_whole(asks, good)
    for cand in out:
        own = cand.relevance
        if asks.wants(cand.row.entity_type):
            own *= WANTED
        link = admitted.get(cand.row.name)
        if link is not None:
            # the link's score plus what the entity holds of the question itself, so among
            # the notes of a project the one about the topic asked comes first
            held = _covered(cand, about) if cand.row.name in known else 0.0
            lifted = link.score + OWN_COVER * held
            first = link.via[0]
            seed = first.from_ if first.from_ in seeds else first.to
            lifted = _below_whole(lifted, cand, whole.get(seed), kind_whole, whole)
            if lifted > own:
                own = lifted
                cand.via = tuple(link.via)
        rescore(question, cand, own)
    return out
