"""A Russian verb said with "не" is searched as what the pair means, not as the verb.

"дважды не явился на приём" asks about "two missed visits", "тест не прошёл" about a test
that failed: another language says such a pair in one word ("miss", "no-show", "fail"),
and the verb's own translations ("come", "pass") say the opposite. When a glossary
translates the pair ("не явиться = miss, no-show"), the verb's term searches those
translations instead of its own; the Russian verb itself is still searched as written.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from memory_core import bilingual
from memory_core.caches import is_cyrillic_word
from memory_core.language import normalize
from memory_core.ranking import QueryTerm
from memory_core.recall.word_forms import TRANSLATIONS, translated
from memory_core.wordforms import lemmas

__all__ = ["negated_meanings", "read_negations"]

_NOT = frozenset({"не"})


def negated_meanings(verb: str) -> tuple[list[str], list[str]]:
    """What "не" with ``verb`` (any form) means in the other language, as index prefixes and
    whole words (see :func:`~memory_core.recall.word_forms.translated`); empty when no
    glossary or dictionary translates the pair."""
    word = normalize(verb)
    for form in dict.fromkeys((word, *lemmas(word))):
        phrase = f"не {form}"
        if bilingual.translations(phrase, limit=TRANSLATIONS, all_curated=True):
            return translated(phrase)
    return [], []


def read_negations(terms: Sequence[QueryTerm], before: Mapping[str, str]) -> None:
    """Let each Russian word said right after "не" search what the pair means instead of
    its own translations; ``before`` maps each word of the message to the word before it."""
    for term in terms:
        word = normalize(term.surface)
        if term.phrase or not term.prefixes or before.get(word, "") not in _NOT:
            continue
        if not is_cyrillic_word(word):
            continue
        prefixes, whole = negated_meanings(word)
        if not prefixes and not whole:
            continue
        own = tuple(p for p in term.prefixes if p not in term.foreign)
        own_words = tuple(w for w in term.words if w not in term.foreign)
        term.prefixes = tuple(dict.fromkeys((*own, *prefixes)))
        term.words = tuple(dict.fromkeys((*own_words, *whole)))
        term.foreign = frozenset((*prefixes, *whole)) - set(own) - set(own_words)
