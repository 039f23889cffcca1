"""Score the candidate entities of a recall and pick the lines to show (pure, no I/O).

An entity's score is the memory-fabric formula ``0.5*relevance + 0.3*recency +
0.2*source_authority``; relevance is the share of the query (weighted by rarity) it
covers, in its name above all. Lines are chosen from the best entities: those that hold
query terms first, near-duplicates merged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from memory_core.entity_lines import Loaded, Profile
from memory_core.graph_rank import is_cue
from memory_core.language import normalize
from memory_core.models import Relation
from memory_core.naming import split_prefix
from memory_core.observation import observation_kind
from memory_core.ranking import (
    QueryTerm,
    dedup_lines,
    fabric_score,
    held_terms,
    names_other_entity,
    recency,
    recency_of,
    source_authority,
    term_hits,
)
from memory_core.recall.own_words import TRANSLATED_SHARE, own_hits
from memory_core.recall.results import RecalledLine, RecallOptions
from memory_core.rows import EntityRow, ObservationRow
from memory_core.search import fts_tokens

__all__ = [
    "Candidate",
    "Question",
    "anchored",
    "answering",
    "best_answers",
    "holds_the_role",
    "lighten_strays",
    "needed_for_coverage",
    "pick_lines",
    "recalled",
    "rescore",
    "score",
]

MIN_COVERAGE_OF_MANY = 0.35
"""A long question is answered by a memory holding this share of it in several words."""
MANY_TERMS = 2
BROAD = 5
"""An entity with more lines than this shows only those that answer (or this many)."""


@dataclass(slots=True)
class Question:
    """What one recall asks: weighed terms, parameters, and what the message names."""

    terms: list[QueryTerm]
    options: RecallOptions
    now: float
    mentioned: set[str]
    self_ref: bool
    considered: int = 0
    """How many entities the recall looked at (set once ranking is done)."""
    asked_types: frozenset[str] = frozenset()
    """The scope's relation types the message names by their own words ("who audits us"):
    see :mod:`memory_core.relation_words`."""
    cue_terms: frozenset[int] = frozenset()
    """The terms (by position) that name them: they say what is asked, not what about."""
    first_person: bool = False
    """Whether it says a verb of oneself without a first-person word ("когда сдаю
    экзамен"): about the owner too, though too weakly to let the owner's entry answer
    with any word it holds (see :attr:`self_ref`)."""
    role: bool = False
    """Whether it asks who holds a role in something ("who runs the sales team", "кто
    отвечает за бэкапы"), not of oneself, one's family or a reporting line."""

    @property
    def personal(self) -> bool:
        """Whether the question is about the owner, by a word or a verb."""
        return self.self_ref or self.first_person

    @property
    def candidates(self) -> int:
        """How many entities one index query may propose (1.5 x MEMORY_FABRIC_MAX_RESULTS)."""
        return max(self.options.max_results * 3 // 2, self.options.max_nodes)


@dataclass(slots=True)
class Candidate:
    """An entity that may answer, with its visible lines and how it matches the terms."""

    row: EntityRow
    rank: int
    lines: Sequence[ObservationRow] = ()
    name_hits: list[bool] = field(default_factory=list)
    doc_hits: list[bool] = field(default_factory=list)
    coverage: float = 0.0
    name_cover: float = 0.0
    score: float = 0.0
    relevance: float = 0.0
    inherited: list[bool] | None = None
    via: tuple[Relation, ...] = ()
    """The links that brought the entity, when the graph did (they explain the hop)."""
    own_hits: list[bool] | None = None
    """For each query term, whether the name or a line holds it in the question's own word
    (``None``: no term has a translation)."""
    outworded: frozenset[int] = frozenset()
    """The terms (by position) it holds only through a translation while another candidate
    holds all it holds in the question's own words: see :func:`prefer_own_words`."""
    loaded: Loaded | None = None
    """The kept entity its row and lines came from: what ranking works out of it whatever
    the question is kept there (:class:`memory_core.entity_lines.Profile`)."""

    def profile(self) -> Profile:
        """The entity's folded name and lines, their words and dates, and its standing."""
        if self.loaded is None:
            self.loaded = Loaded(-1, self.row, tuple(self.lines))
        return self.loaded.profile()

    def standing(self) -> tuple[float | None, float]:
        """When its newest line was true (``None``: no line) and its best source's authority."""
        return self.profile().standing

    def matched(self) -> list[bool]:
        """For each query term, whether the name, a line or an inherited link holds it."""
        inherited = self.inherited
        return [
            name or doc or bool(inherited and inherited[i])
            for i, (name, doc) in enumerate(zip(self.name_hits, self.doc_hits, strict=True))
        ]


def needed_for_coverage(question: Question, searchable: Sequence[QueryTerm]) -> list[QueryTerm]:
    """Return the rarest terms of which any good answer must hold at least one.

    An answer needs ``min_coverage`` of the query's weight (or, in several words,
    :data:`MIN_COVERAGE_OF_MANY`); once the terms left out weigh less than that, every
    answer holds one of the terms kept. So the OR fallback searches
    only rare words, which is both complete and fast.
    """
    total = sum(t.weight for t in question.terms)
    chosen: list[QueryTerm] = []
    left = total
    least = min(question.options.min_coverage, MIN_COVERAGE_OF_MANY)
    for term in sorted(searchable, key=lambda t: -t.weight):
        if left < least * total:
            break
        chosen.append(term)
        left -= term.weight
    return chosen or list(searchable)


def lighten_strays(question: Question, cands: Sequence[Candidate], phrasing: float) -> bool:
    """Weigh as phrasing the words no candidate holds together with another of the question.

    A word weighs by its rarity in the memory, and in a question in the other language a
    framing word ("people", "ever", "whole") is rare there for its language alone, or
    reaches one memory through a far-fetched sense of a translation: it then outweighs the
    subject, and the memory that holds two of the question's words covers too little to
    answer. So when some candidate holds two or more of the words, a word that only
    candidates holding nothing else of the question hold weighs ``phrasing``, as a
    dictionary word no memory holds does. A word in the name of an entity the message
    names is its subject, and keeps its weight.

    Returns:
        Whether a weight changed (the candidates must then be scored again).
    """
    matched = [c.matched() for c in cands]
    together = [any(m[i] and sum(m) > 1 for m in matched) for i in range(len(question.terms))]
    if not any(together):
        return False
    changed = False
    for i, term in enumerate(question.terms):
        if together[i] or term.weight <= phrasing or not any(m[i] for m in matched):
            continue
        if any(c.name_hits[i] for c in cands if c.row.name in question.mentioned):
            continue
        term.weight = phrasing
        changed = True
    return changed


def score(
    question: Question,
    cand: Candidate,
    total_rank: int,
    *,
    self_ref: bool = True,
    reweighed: bool = False,
) -> None:
    """Set a candidate's term hits, coverage and fabric score (``total_rank`` candidates).

    With ``reweighed``, only the weights changed since the candidate was scored: its term
    hits are kept.
    """
    terms = question.terms
    weights = [t.weight for t in terms]
    total = sum(weights) or 1.0
    if not reweighed:
        # the type word counts as part of the name: "статус проекта Borealis" asks about it
        known = cand.profile()
        cand.name_hits = held_terms(terms, known.name, known.name_words, known.name_months)
        cand.doc_hits = held_terms(terms, known.doc, known.doc_words, known.doc_months)
        cand.own_hits = own_hits(terms, cand)
        if cand.row.entity_type == "User" and not question.personal and sum(cand.doc_hits) > 1:
            _one_line(question, cand)
    matched = cand.matched()
    cand.coverage = sum(w for w, m in zip(weights, matched, strict=True) if m) / total
    covered = cand.coverage  # a term held only through a translation ranks for less
    if cand.outworded:
        lost = sum(weights[i] for i in cand.outworded) * (1.0 - TRANSLATED_SHARE)
        covered -= lost / total
    by_month = _held_by_month_only(terms, cand, matched)
    if by_month:  # "in June" holds "лето", less than "летом" does
        covered -= sum(weights[i] for i in by_month) * (1.0 - TRANSLATED_SHARE) / total
    cand.name_cover = sum(w for w, m in zip(weights, cand.name_hits, strict=True) if m) / total
    position = 1.0 - cand.rank / max(total_rank, 1)
    mention = 0.0
    if cand.row.name in question.mentioned:
        # the message names this very entity: it outranks memories that merely mention it
        cand.name_cover = max(cand.name_cover, 0.5 + 0.5 * cand.name_cover)
        mention = cand.name_cover
    relevance = 0.40 * covered + 0.30 * cand.name_cover + 0.15 * position + 0.15 * mention
    if self_ref and question.self_ref and cand.row.entity_type == "User":
        relevance = min(1.0, relevance + 0.2)
    rescore(question, cand, relevance)


def _held_by_month_only(
    terms: Sequence[QueryTerm], cand: Candidate, matched: Sequence[bool]
) -> list[int]:
    """The season terms a candidate holds only by the name of one of their months."""
    seasons = [i for i, t in enumerate(terms) if t.by_month and matched[i]]
    if not seasons:
        return []
    known = cand.profile()
    said = [
        QueryTerm(
            terms[i].surface,
            prefixes=tuple(p for p in terms[i].prefixes if p not in terms[i].by_month),
            words=tuple(w for w in terms[i].words if w not in terms[i].by_month),
            month=terms[i].month,
            season=terms[i].season,
        )
        for i in seasons
    ]
    in_name = held_terms(said, known.name, known.name_words, known.name_months)
    in_doc = held_terms(said, known.doc, known.doc_words, known.doc_months)
    return [i for i, n, d in zip(seasons, in_name, in_doc, strict=True) if not (n or d)]


def _one_line(question: Question, cand: Candidate) -> None:
    """Count what the owner's entry holds in its best line only, for a question not about
    the owner: the entry gathers unrelated facts of a life, and a "vendor" in a rule and a
    "solar" in the role do not make it the answer to "поставщик солнечных водонагревателей".
    """
    terms = question.terms
    weights = [t.weight for t in terms]
    best: list[bool] | None = None
    best_weight = -1.0
    for line in cand.lines:
        hits = term_hits(terms, line.text)
        held = sum(w for w, h in zip(weights, hits, strict=True) if h)
        if held > best_weight:
            best, best_weight = hits, held
    if best is None:
        return
    cand.doc_hits = best
    if cand.own_hits is not None:
        cand.own_hits = [
            own and (name or doc)
            for own, name, doc in zip(cand.own_hits, cand.name_hits, best, strict=True)
        ]


def rescore(question: Question, cand: Candidate, relevance: float) -> None:
    """Set a candidate's relevance and its fabric score for it.

    Recency and authority order the memories that are about equally relevant. A relevance
    above 1 (an entity a link asked about brings) adds its excess on top.
    """
    cand.relevance = relevance
    # recency falls with age: the newest line's is the largest
    newest, auth = cand.standing()
    rec = 0.0 if newest is None else recency_of(newest, question.now)
    base = fabric_score(
        min(relevance, 1.0), rec, auth, cross_reference=False, weights=question.options.weights
    )
    cand.score = base + max(0.0, relevance - 1.0)


def _answers(question: Question, cand: Candidate) -> bool:
    """Tell whether a candidate covers enough of the question to be shown at all."""
    if cand.coverage >= question.options.min_coverage:
        return True
    if cand.coverage >= MIN_COVERAGE_OF_MANY and sum(cand.matched()) >= MANY_TERMS:
        return True  # a long question: several of its words, not most of them
    if cand.coverage >= MIN_COVERAGE_OF_MANY and holds_the_role(question, cand):
        return True  # "who runs the sales team": the role line saying "sales"
    if cand.row.name in question.mentioned and cand.name_cover > 0:
        return True  # the message names it
    return question.self_ref and cand.row.entity_type == "User" and cand.coverage > 0


def holds_the_role(question: Question, cand: Candidate) -> bool:
    """Whether a person's own lines hold every word a role question asks about.

    "who runs the sales team", "кто отвечает за закупки": "runs", "team" and "отвечает"
    only say that a role is asked; the person whose line says "продажи" holds the role,
    though those words are most of the question's weight (see :attr:`Question.role`).
    """
    if not question.role or question.personal or cand.row.entity_type != "Person":
        return False
    if any(cand.name_hits) or cand.row.name in question.mentioned:
        return False
    about = [
        i
        for i, t in enumerate(question.terms)
        if i not in question.cue_terms and not is_cue(normalize(t.surface))
    ]
    if not about or len(about) == len(question.terms):
        return False
    return all(cand.doc_hits[i] for i in about)


def answering(question: Question, cands: Sequence[Candidate]) -> list[Candidate]:
    """Return the candidates that cover enough of the question to be shown at all."""
    return [c for c in cands if _answers(question, c)]


def best_answers(question: Question, cands: Sequence[Candidate]) -> list[Candidate]:
    """Return the candidates best first, at most ``max_nodes``, keeping a named one.

    A message that names an entity returns it: when the best few do not include any
    entity the message names, the last place goes to the best-ranked named one (unless
    the question asks about a month, when the dated things are the answer).
    """
    ranked = _named_first(question, sorted(cands, key=lambda c: (-c.score, c.rank)))
    limit = question.options.max_nodes
    top = ranked[:limit]
    if not top or any(c.row.name in question.mentioned for c in top):
        return top
    if any(t.month for t in question.terms):
        return top
    named = next((c for c in ranked[limit:] if c.row.name in question.mentioned), None)
    return top if named is None else [*top[:-1], named]


_POINTED_AT = frozenset({"Jira"})
"""Entities asked about for what points at them (see graph_rank.POINTER_TYPES)."""


def _named_first(question: Question, ranked: list[Candidate]) -> list[Candidate]:
    """Put an entity without lines that the message names, holding every word of it, before
    those ranked above it that hold no word it does not: "Tom" shows Tom (known only by his
    link) before the project that link brought, which scored higher for its lines."""
    out = list(ranked)
    for cand in ranked:
        own = cand.matched()
        if cand.row.name not in question.mentioned or not all(own) or cand.lines:
            continue  # one with lines ranks by them; "who leads Atlas" asks for a link
        if cand.row.entity_type in _POINTED_AT:
            continue  # a ticket without lines is asked about for the notes that point at it
        at = out.index(cand)
        while at > 0:
            above = out[at - 1].matched()
            if above == own or any(a and not o for a, o in zip(above, own, strict=True)):
                break
            out[at - 1], out[at] = out[at], out[at - 1]
            at -= 1
    return out


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


def anchored(question: Question, cands: list[Candidate]) -> list[Candidate]:
    """Keep only memories that mention every named entity, when any memory does."""
    anchors = _anchor_terms(question.terms, question.mentioned)
    if not anchors:
        return cands

    def has_all(c: Candidate) -> bool:
        return all(
            c.name_hits[i] or c.doc_hits[i] or bool(c.inherited and c.inherited[i])
            for i in anchors
        )

    kept = [c for c in cands if has_all(c)]
    return kept or cands


def pick_lines(top: Sequence[Candidate], question: Question) -> list[tuple[RecalledLine, int]]:
    """Choose the lines to show: those that hold query terms first, each by fabric score.

    A broad entity (the ``User:`` entry whatever its size, any entity of more than
    :data:`BROAD` lines: a big project) asked about something beyond its name shows only
    its lines that hold something the question asks, or, when none does, its :data:`BROAD`
    best: a question about the owner's city does not list their rules. Asked about by its
    name alone, it shows all.

    Returns:
        ``(line, observation id)`` pairs, best first, at most ``max_observations``.
    """
    terms, options, now = question.terms, question.options, question.now
    weights = [t.weight for t in terms]
    total = sum(weights) or 1.0
    best_score = top[0].score or 1.0
    scored: list[tuple[float, float, ObservationRow, str]] = []
    for cand in top:
        node_weight = cand.score / best_score
        # what the user asks about the entity: the terms its name does not already hold
        asked = [not n for n in cand.name_hits] if not all(cand.name_hits) else None
        asked_total = sum(w for w, a in zip(weights, asked or [], strict=False) if a) or total
        mine: list[tuple[float, float, ObservationRow, str]] = []
        # a term none of its lines holds (together, as scored) is in none of them alone
        held = [i for i, h in enumerate(cand.doc_hits) if h] if cand.doc_hits else None
        some = [terms[i] for i in held] if held is not None else terms
        for obs in cand.lines:
            if held is None:
                hits = term_hits(terms, obs.text)
            else:
                hits = [False] * len(terms)
                for i, found in zip(held, term_hits(some, obs.text) if some else (), strict=False):
                    hits[i] = found
            if asked is not None:
                hit = (
                    sum(w for w, h, a in zip(weights, hits, asked, strict=True) if h and a)
                    / asked_total
                )
            else:
                hit = sum(w for w, h in zip(weights, hits, strict=True) if h) / total
            rel = 0.6 * hit + 0.4 * cand.name_cover
            line_score = fabric_score(
                rel,
                recency(obs.as_of, obs.updated_at, now),
                source_authority(obs.source),
                cross_reference=hit > 0 and names_other_entity(obs.text),
                weights=options.weights,
            )
            mine.append((hit, line_score * node_weight, obs, cand.row.name))
        # the owner's own entry is broad whatever its size: one line per part of a life
        broad = len(mine) > BROAD or cand.row.entity_type == "User"
        if asked is not None and broad:
            mine.sort(key=lambda x: (-round(x[0], 1), -x[1]))
            answering_lines = [x for x in mine if x[0] > 0]
            mine = answering_lines or mine[:BROAD]
        scored.extend(mine)
    scored.sort(key=lambda x: (-round(x[0], 1), -x[1]))
    kept = dedup_lines(
        [(x[1], x[2].text) for x in scored],
        options.weights.dedup_threshold,
        options.max_observations,
    )
    out: list[tuple[RecalledLine, int]] = []
    for index, cross in kept[: options.max_observations]:
        _, line_score, obs, entity = scored[index]
        out.append((recalled(entity, obs, round(line_score, 4), cross=cross), obs.id))
    return out


def recalled(
    entity: str, obs: ObservationRow, line_score: float, *, cross: bool = False
) -> RecalledLine:
    """The line as a recall returns it: its entity, text, kind, date, source and score."""
    kind = observation_kind(obs.text)
    return RecalledLine(entity, obs.text, line_score, cross, kind, obs.as_of, obs.source)
