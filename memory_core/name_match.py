"""Tell whether two single name tokens are the same name, in any script, case or accents.

:func:`same_name` compares :func:`memory_core.translit.name_key` values, then the other
alphabet's spellings, then a rapidfuzz edit similarity on keys for typos. A gendered or
suffixed form (``Иван``/``Ивана``/``Иванов``, ``Alex``/``Alexa``) or a different digit is
never the same name.
"""

from __future__ import annotations

import re
from functools import lru_cache

from rapidfuzz.distance import OSA

from memory_core.language import normalize
from memory_core.name_heard import heard_cyrillic
from memory_core.translit import cyrillic_spellings, name_key

__all__ = ["SAME_NAME_THRESHOLD", "same_name"]

SAME_NAME_THRESHOLD = 88.0
"""Minimum similarity (0-100) of two name keys for :func:`same_name` to forgive a typo.

The similarity is rapidfuzz's normalized OSA (edit distance counting a swap of neighbours
as one edit): at 88 a key of 9+ letters may carry one typo and shorter keys must match
exactly (``Дима``/``Дина``, ``Крылова``/``Кирилова``, ``Фёдорова``/``Федотова`` stay
apart).  Keys already absorb transliteration, so the threshold only decides typos.  On the
generated set in ``tests/memory_core/test_translit.py`` (4,560 mixed-system spellings of
456 names, 3,768 pairs of different but near or gendered names): 0 misses and 0 false
matches at 88; 0.27% false matches at 87, 2.2% at 80; one typo in a 9+ letter key is
accepted 92% of the time at 88 and 56% at 90.
"""

_NON_ALNUM_RE = re.compile(r"[\W_]+")
_DIGITS_RE = re.compile(r"\d+")


def _keys(word: str) -> frozenset[str]:
    """The word's key and, for a Latin word, the keys of its Cyrillic spellings."""
    heard = heard_cyrillic(word)  # "Zahradníková" heard as "Заградникова"
    return frozenset((name_key(word), *(name_key(c) for c in (*cyrillic_spellings(word), *heard))))


def _suffixed(a: str, b: str) -> bool:
    """Tell keys that differ by an ending: Ivan/Ivana/Ivanov, Petrovskii/Petrovskaia."""
    if a.startswith(b) or b.startswith(a):
        return True
    return a[-1] != b[-1] and (a[-1] in "aeiou" or b[-1] in "aeiou")


@lru_cache(maxsize=16384)
def same_name(a: str, b: str) -> bool:
    """Tell whether two single name tokens are the same name, in any script, case or accents.

    Two tokens are the same name when their :func:`name_key` values are equal, when a Latin
    token has a Cyrillic spelling with the other's key (``David``/``Дэвид``,
    ``Jane``/``Джейн``), or when the keys differ only by a typo (normalized OSA similarity
    >= :data:`SAME_NAME_THRESHOLD`).  Never the same: tokens with different digits, and keys
    where one extends the other or the final vowels differ -- gendered and suffixed forms
    (``Иван``/``Ивана``/``Иванов``, ``Petrov``/``Petrova``, ``Alex``/``Alexa``,
    ``Mark``/``Marco``).  Diminutives are other tokens here (see ``morphology``).

    Args:
        a: One name token.
        b: Another name token.

    Returns:
        True if both name the same person name.
    """
    na = _NON_ALNUM_RE.sub("", normalize(a))
    nb = _NON_ALNUM_RE.sub("", normalize(b))
    if not na or not nb:
        return False
    if na == nb:
        return True
    if _DIGITS_RE.findall(na) != _DIGITS_RE.findall(nb):
        return False
    ka, kb = name_key(na), name_key(nb)
    if ka == kb:
        return True
    keys_a, keys_b = _keys(na), _keys(nb)
    if keys_a & keys_b:
        return True
    if not ka or not kb or _suffixed(ka, kb):
        return False
    return any(
        OSA.normalized_similarity(x, y) * 100 >= SAME_NAME_THRESHOLD and not _suffixed(x, y)
        for x in keys_a
        for y in keys_b
    )
