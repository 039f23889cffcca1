"""The people a question names by a nickname their lines record ("1:1 с Тимохой").

The lexicon knows entities by their names; a nickname lives in a person's line ("все
зовут его Тимоха", "goes by Vasco"). A question that says the nickname, in any case
("с Тимохой", "у Тимохи"), names that person as well as the full name would: the person
counts as mentioned, so the notes that mention them are one hop away.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import aiosqlite

from memory_core.caches import Versions
from memory_core.extraction_names import latin_key
from memory_core.language import is_cyrillic, is_stop_word, stem, tokens
from memory_core.morphology import lemmas
from memory_core.name_aliases import case_stems
from memory_core.name_resolver import nickname_lookup
from memory_core.naming import display_name
from memory_core.ranking import QueryTerm
from memory_core.service import ScopedMemory

__all__ = ["by_name", "nicknamed"]

MIN_NICK = 3
"""The shortest word read as a nickname."""


def _forms(word: str) -> set[str]:
    """A word with its lemmas and, for a word the dictionary does not know as a name, its
    forms without a case ending ("Тимохой": "Тимоха")."""
    if not is_cyrillic(word):
        return {word}
    return {word, *lemmas(word), *case_stems(word)}


async def nicknamed(
    scoped: ScopedMemory, conn: aiosqlite.Connection, versions: Versions, message: str
) -> dict[str, tuple[str, ...]]:
    """Each word of a message (lower case) that is a person's recorded nickname, and the
    people it names."""
    words = [w for w in tokens(message) if len(w) >= MIN_NICK and not is_stop_word(w)]
    if not words:
        return {}
    index = await nickname_lookup(scoped, conn, versions)
    if not index:
        return {}
    found: dict[str, tuple[str, ...]] = {}
    for word in words:
        names = {n: None for f in _forms(word) for n in index.get(latin_key(f.capitalize()), ())}
        if names:
            found[word.lower()] = tuple(names)
    return found


def by_name(terms: Sequence[QueryTerm], nicks: Mapping[str, Sequence[str]]) -> None:
    """Let a nickname's term also find the words of the names it stands for: a note titled
    "1:1 Тимофей" is about the one everybody calls Тимоха."""
    for term in terms:
        names = nicks.get(term.surface.lower())
        if not names or term.phrase:
            continue
        extra = [stem(w) for n in names for w in display_name(n).split() if len(w) >= MIN_NICK]
        term.prefixes = tuple(dict.fromkeys((*term.prefixes, *extra)))
