"""The nominatives a name in an oblique case may have when the dictionary does not know it.

Ukrainian names and forms the Russian dictionary lacks ("Левка", "Левкові" for Левко;
"Лілею", "Ліля"; "Орисі", "Орися"; "Оленою", "Олена") still take the endings of their
declension. :func:`case_form_keys` gives, per word of a capitalised Cyrillic name, the keys
of those nominatives, so a resolver can match them against the people the memory holds (it
never makes a new person of them).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from memory_core.language import is_cyrillic

__all__ = ["case_form_keys", "nominatives"]

_ENDINGS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("ові", ("о", "")), ("еві", ("о", "")), ("єві", ("о", "")),
    ("ою", ("а",)), ("ею", ("я", "а")), ("єю", ("я",)),
    ("ой", ("а",)), ("ей", ("я", "а")),
    ("ом", ("о", "")), ("ем", ("о", "", "й")), ("єм", ("й",)),
    ("а", ("о", "")), ("я", ("ь", "й")),
    ("у", ("о", "а", "")), ("ю", ("я", "ь", "й")),
    ("і", ("а", "я", "")), ("ї", ("я",)), ("и", ("а",)), ("е", ("а", "о", "")),
)  # fmt: skip
"""An oblique ending and the nominative endings a name that takes it may have."""
_MIN_STEM = 3


@lru_cache(maxsize=4096)
def nominatives(word: str) -> tuple[str, ...]:
    """The nominatives ``word`` may be the oblique form of ("Левка" -> "Левко", "Левк")."""
    low = word.lower()
    found: list[str] = []
    for ending, options in _ENDINGS:
        stem = low[: -len(ending)]
        if low.endswith(ending) and len(stem) >= _MIN_STEM:
            found += [stem + new for new in options if stem + new not in found]
            break  # the longest ending that fits: "Левкові" is no "Левков" + "і"
    return tuple(found)


def case_form_keys(name: str, key: Callable[[str], str]) -> list[frozenset[str]] | None:
    """Per word of a capitalised Cyrillic name of one or two words, the ``key`` of each
    nominative it may stand for; ``None`` for any other name."""
    words = name.split()
    if not 1 <= len(words) <= 2 or not all(
        w[:1].isupper() and w.isalpha() and is_cyrillic(w) for w in words
    ):
        return None
    return [frozenset(key(form) for form in nominatives(w)) | {key(w)} for w in words]
