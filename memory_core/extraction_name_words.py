"""Tell whether a known person's name may hold a word that is also a function word.

Short surnames such as "Ли", "Ко", "Ан", "To" are stop words as well, so a span of words
is otherwise never read as a name when one of them is such a word. A span is still that
person when it resolves to them and every such word is one of the words of their name:
"Майе Ли" is the known "Майя Ли", while "Маша и" stays a first name and a conjunction.
Likewise a role word is never read as a name, yet a known project may be called by one
("Coach", "Pilot"): written as the memory writes it, capitalised, it is that project.
"""

from __future__ import annotations

from memory_core.extraction_names import EntityResolver
from memory_core.language import is_stop_word
from memory_core.naming import display_name, split_prefix

__all__ = ["own_name_words", "project_as_written"]


def own_name_words(words: list[str], resolver: EntityResolver) -> str | None:
    """Return the known person ``words`` name whole, each function word one of their name's.

    Args:
        words: two or more words side by side, as written.
        resolver: finds the known entity the words name.

    Returns:
        The person's entity name, or ``None`` when the words are not their name.
    """
    if len(words) < 2 or not all(w[:1].isupper() for w in words):
        return None
    found = resolver.resolve(" ".join(words))
    if found is None or split_prefix(found)[0] != "Person":
        return None
    own = {w.casefold() for w in display_name(found).split()}
    return None if any(is_stop_word(w) and w.casefold() not in own for w in words) else found


def project_as_written(word: str, resolver: EntityResolver) -> str | None:
    """Return the known project a capitalised role word ("Coach", "Pilot") names when it is
    that project's whole name written as the memory writes it, else ``None``."""
    if not word[:1].isupper() or word.isupper():
        return None
    found = resolver.resolve(word, "Project")
    return found if found is not None and split_prefix(found)[1] == word else None
