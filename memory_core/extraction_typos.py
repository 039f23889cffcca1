"""Mend a role word typed with one letter wrong before the rules read it ("архитектр").

People type fast in chat and drop, double, swap or miss a letter of a role word ("архитектр
данных у нас теперь X", "тимлидм", "продактм"). The role rules match role words as written,
so such a word hides the role. :func:`mend_roles` puts the role word back when a Russian word
the dictionary does not know is one edit (a letter dropped, added, changed, or two swapped)
away from exactly one role word the dictionary knows, or, for a word of 11 letters or more,
from exactly one role word at all ("тестировщецей": the dictionary lacks "тестировщица").
Capitalised words are left alone: an unknown one may be a surname ("Менеджян").
"""

from __future__ import annotations

import re
from functools import lru_cache

from memory_core.extraction_lexicon import kind_of_role
from memory_core.morphology import known_russian_word

__all__ = ["mend_roles"]

_WORD = re.compile(r"(?<![\w-])[а-яё]{6,}(?![\w-])")
"""A lowercase Russian word long enough that one edit cannot make it another word by chance."""
_LONG = 11
"""An unknown word this long, one edit from a role word, is that role word mistyped..."""
_LONG_STEM = 8
"""...when the role's stem is this long too: not "тестер…" or "тёщ…" with any ending."""
_LETTERS = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"


def _edits(word: str) -> set[str]:
    """Every word one edit away from ``word``."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    return (
        {a + b[1:] for a, b in splits if b}
        | {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
        | {a + c + b[1:] for a, b in splits if b for c in _LETTERS}
        | {a + c + b for a, b in splits for c in _LETTERS}
    )


@lru_cache(maxsize=4096)
def _mended(word: str) -> str:
    """The role word ``word`` is a typo of, or ``word`` itself."""
    if known_russian_word(word) or kind_of_role(word) is not None:
        return word
    # only a word the dictionary knows: role words take any ending, so "милошем" is one
    # letter from "мидл…" and a name typed in lowercase must not become a role
    found = {w for w in _edits(word) if known_russian_word(w) and kind_of_role(w) is not None}
    if not found and len(word) >= _LONG:
        # a long role word the dictionary lacks ("тестировщица"): its typo is no name
        found = {w for w in _edits(word) if _stem_length(w) >= _LONG_STEM}
    return found.pop() if len(found) == 1 else word


def _stem_length(word: str) -> int:
    """How many first letters of ``word`` make a role word (0 when none does)."""
    if kind_of_role(word) is None:
        return 0
    return next(n for n in range(1, len(word) + 1) if kind_of_role(word[:n]) is not None)


def mend_roles(text: str) -> str:
    """Return ``text`` with each role word typed one letter wrong put right."""
    return _WORD.sub(lambda m: _mended(m.group(0)), text)
