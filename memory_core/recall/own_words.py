"""Prefer the memory that holds a question in its own words to one reached by translations.

Each query term finds the question's word (its stem, spellings, forms) and also its
translations and concept words (:attr:`~memory_core.ranking.QueryTerm.foreign`). Where one
memory holds the whole question as it is written and another only through translations
("кто отвечает за счета": "Лена отвечает за счета" and "Tom is our account manager"), the
second ranks lower: its translated terms count for :data:`TRANSLATED_SHARE` of their weight.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from memory_core.ranking import QueryTerm, held_terms

if TYPE_CHECKING:
    from memory_core.recall.scoring import Candidate

__all__ = ["TRANSLATED_SHARE", "own_hits", "prefer_own_words"]

TRANSLATED_SHARE = 0.7
"""What a term held only through a translation counts for in ranking, as a share of its
weight, when another candidate holds the whole question in its own words."""


def own_hits(terms: Sequence[QueryTerm], cand: Candidate) -> list[bool] | None:
    """For each term, whether the candidate holds it in the question's own word (or by an
    inherited link); ``None`` when no term has a translation."""
    own = [t.own_forms() for t in terms]
    if not any(own):
        return None
    known = cand.profile()
    found = [o for o in own if o is not None]
    in_name = iter(held_terms(found, known.name, known.name_words, known.name_months))
    in_doc = iter(held_terms(found, known.doc, known.doc_words, known.doc_months))
    inherited = cand.inherited
    hits = []
    for i, form in enumerate(own):
        if form is None:
            hits.append(cand.name_hits[i] or cand.doc_hits[i])
        else:
            hits.append(next(in_name) | next(in_doc))
        hits[-1] = hits[-1] or bool(inherited and inherited[i])
    return hits


def prefer_own_words(cands: Sequence[Candidate]) -> bool:
    """Count the terms of a candidate that holds the question only through translations
    for less, where another candidate holds the whole question in its own words.

    "кто отвечает за счета" finds "Лена отвечает за счета" by its words and "Tom is our
    account manager" by translations of them: both hold the terms, but the memory that
    says it in the words asked is the one meant. A memory that answers a question asked
    in the other language keeps its translations whole, unless another holds every word of
    it as the question writes it; one that holds some word of the question as it is written
    is not counted down.

    Returns:
        Whether some candidate's terms are now so counted (they must be scored again).
    """
    changed = False
    for cand in cands:
        if cand.own_hits is None:
            continue
        matched = cand.matched()
        translated = frozenset(
            i
            for i, (m, own) in enumerate(zip(matched, cand.own_hits, strict=True))
            if m and not own
        )
        if not translated or any(cand.own_hits):
            continue  # a memory that holds some of it in its own words is in its language
        if any(other is not cand and other.own_hits and all(other.own_hits) for other in cands):
            cand.outworded = translated
            changed = True
    return changed
