"""Read an English compound no dictionary lists as the two words it is written of.

"farmhouse", "gearbag", "daycare" are often missing from a dictionary though both their
parts are in it: searched whole they find nothing and, being no dictionary's word, would
be taken for a typo of some other word ("farmhouse" -> "warehouse") or for an unknown
name that makes the question unanswerable. Read as "farm" + "house", each part is
translated and weighed as a word of its own.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["english_parts"]

MIN_PART = 3
"""Letters each part needs ("farm|house", never "a|bout")."""


def english_parts(word: str, known: Callable[[str], bool]) -> tuple[str, str] | None:
    """The two dictionary words (by ``known``) a lower-case Latin word no dictionary
    knows is made of, the longest first part first; ``None`` when there are none."""
    if not (word.isascii() and word.isalpha() and word.islower()) or known(word):
        return None
    for cut in range(len(word) - MIN_PART, MIN_PART - 1, -1):
        head, tail = word[:cut], word[cut:]
        if known(head) and known(tail):
            return head, tail
    return None
