"""Choose a word's further dictionary senses by the memory itself: those its entities use
together with the question's other words.

Only a word's first few translations are searched (:data:`~.word_forms.TRANSLATIONS`): a
dictionary's later senses are often far-fetched ("оценка" is also "appraisement"), and
searched blindly they bring memories that hold nothing else of the question. But the
sense a person meant is often further down the list ("советовал" is "advise" first and
"suggest" fourth). So the later senses are kept for a question only where this scope's
index holds them *within a few words of another word of the question* (:data:`NEAR_WORDS`):
a sense that matches nothing relevant costs nothing (it is never searched), and one that
does lets the memory holding both answer. A term's weight stays what its first senses made it.
"""

from __future__ import annotations

import aiosqlite

from memory_core import bilingual
from memory_core.caches import Vocabulary
from memory_core.ranking import QueryTerm
from memory_core.recall.word_forms import MIN_TRANSLATED, TRANSLATIONS, stem_prefix
from memory_core.search import fts_phrase, fts_tokens
from memory_core.search_index import SearchIndex

__all__ = ["FURTHER_SENSES", "NEAR_WORDS", "add_context_senses"]

FURTHER_SENSES = 10
"""How far down a word's dictionary translations a sense may be taken from."""
NEAR_WORDS = 4
"""How close to another word of the question a further sense must stand: a few words, as
in one phrase of a line. Anywhere in the same entity took wrong senses ("ставить" as a
stake, "переход" as a march) where the entity's other lines held the other word."""
_MAX_PROBES = 12
"""The most further senses one question checks against the index."""


async def add_context_senses(
    index: SearchIndex, conn: aiosqlite.Connection, terms: list[QueryTerm], vocab: Vocabulary
) -> None:
    """Add to each single-word term the further senses the index holds near another term."""
    plain = [t for t in terms if t.prefixes and not t.phrase and not t.corrected and t.weight]
    if len(plain) < 2:
        return
    probes = 0
    for term in plain:
        nearby = [
            fts_phrase(p, prefix=len(p) >= 3)
            for t in terms
            if t is not term and t.weight > 0 and not t.phrase
            for p in (*(t.search_prefixes or t.prefixes), *t.words)
        ]
        if not nearby:
            continue
        found: list[str] = []
        for prefix in _further_prefixes(term):
            if probes >= _MAX_PROBES:
                break
            if not await _held(index, conn, prefix, vocab):
                continue
            probes += 1
            match = " OR ".join(
                f"NEAR({fts_phrase(prefix, prefix=True)} {near}, {NEAR_WORDS})" for near in nearby
            )
            # filed under the sense's prefix (see TermCounts): a new line without a word that
            # starts so leaves this count as it was (but for words meeting across two lines),
            # so other writes keep it
            key = "\x01" + prefix + "\x02\x03" + "\x00".join(nearby)
            if key not in vocab.doc_freq:
                vocab.doc_freq[key] = await index.count_matches(conn, match)
            if vocab.doc_freq[key]:
                found.append(prefix)
        if found:
            term.prefixes = (*term.prefixes, *found)
            term.foreign = term.foreign | frozenset(found)
            if term.search_prefixes:
                term.search_prefixes = (*term.search_prefixes, *found)


def _further_prefixes(term: QueryTerm) -> list[str]:
    """The index prefixes of a word's translations past the ones already searched."""
    senses = bilingual.translations(term.surface, limit=FURTHER_SENSES)[TRANSLATIONS:]
    words = [w for s in senses for w in fts_tokens(s)] if senses else []
    out: list[str] = []
    for word in words:
        prefix = stem_prefix(word)
        if len(prefix) < MIN_TRANSLATED or prefix in out:
            continue
        if any(prefix.startswith(p) or p.startswith(prefix) for p in term.prefixes):
            continue
        out.append(prefix)
    return out


async def _held(
    index: SearchIndex, conn: aiosqlite.Connection, prefix: str, vocab: Vocabulary
) -> bool:
    """Whether any indexed word starts with ``prefix`` (a look-up in the vocabulary)."""
    key = "\x01" + prefix
    if key not in vocab.doc_freq:
        vocab.doc_freq[key] = await index.word_docs(conn, prefix, prefix=True)
    return vocab.doc_freq[key] > 0
