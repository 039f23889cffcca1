"""Fold the words of a chat message for small-talk lookup (pure): case, letters, layouts, typos.

:func:`key` folds case, ``ё``/``й``/``э`` and repeated letters; :func:`translit` reads Latin
transliteration as Cyrillic (``spasibo``); :data:`TO_RU_LAYOUT` / :data:`TO_EN_LAYOUT` undo
the wrong keyboard layout (``ghbdtn``); :data:`HOMOGLYPHS` reads Latin look-alike letters
inside a Cyrillic word; :func:`one_typo` forgives one typo in an everyday word.
"""

from __future__ import annotations

import re
from typing import Final

from memory_core.language import normalize

__all__ = [
    "HOMOGLYPHS",
    "TO_EN_LAYOUT",
    "TO_RU_LAYOUT",
    "VOWELS",
    "key",
    "one_typo",
    "squeeze",
    "translit",
]

_LATIN: Final = "qwertyuiopasdfghjklzxcvbnm"
_RU_KEYS: Final = "йцукенгшщзфывапролдячсмить"
TO_RU_LAYOUT: Final = str.maketrans(_LATIN, _RU_KEYS)
TO_EN_LAYOUT: Final = str.maketrans(_RU_KEYS, _LATIN)
_TRANSLIT: Final = (
    ("shch", "щ"), ("sch", "щ"), ("zh", "ж"), ("kh", "х"), ("ts", "ц"), ("ch", "ч"),
    ("sh", "ш"), ("yo", "е"), ("yu", "ю"), ("ya", "я"), ("ye", "е"), ("a", "а"), ("b", "б"),
    ("v", "в"), ("w", "в"), ("g", "г"), ("d", "д"), ("e", "е"), ("z", "з"), ("i", "и"),
    ("j", "й"), ("k", "к"), ("l", "л"), ("m", "м"), ("n", "н"), ("o", "о"), ("p", "п"),
    ("r", "р"), ("s", "с"), ("t", "т"), ("u", "у"), ("f", "ф"), ("h", "х"), ("c", "ц"),
    ("x", "х"),
)  # fmt: skip
VOWELS: Final = frozenset("аеиоуыэюяaeiouy")
# Latin letters that look Cyrillic, as typed inside a Cyrillic word ("cпасибо" with a Latin c).
HOMOGLYPHS: Final = str.maketrans("acekmhopxyt", "асекмнорхут")


def squeeze(word: str) -> str:
    """Squeeze repeated letters (``спасибооо`` -> ``спасибо``)."""
    return re.sub(r"(.)\1+", r"\1", word)


def key(word: str) -> str:
    """Fold a word for vocabulary lookup: case, ё->е, й->и, repeated letters squeezed."""
    return squeeze(normalize(word).replace("й", "и").replace("э", "е"))


def translit(word: str) -> str:
    """Read a Latin transliteration as Cyrillic (``spasibo`` -> ``спасибо``)."""
    out, i = [], 0
    while i < len(word):
        if word[i] == "y":  # й after a vowel, ы elsewhere (spokoynoy, vy)
            out.append("й" if i and word[i - 1] in VOWELS else "ы")
            i += 1
            continue
        for latin, cyrillic in _TRANSLIT:
            if word.startswith(latin, i):
                out.append(cyrillic)
                i += len(latin)
                break
        else:
            out.append(word[i])
            i += 1
    return "".join(out)


def one_typo(typed: str, word: str) -> bool:
    """Tell whether ``typed`` is ``word`` with one forgivable typo (see the module docstring).

    The first letter must be right, and the ending (where Russian inflects) is left alone:
    a letter missing or extra before the last two, or a vowel for a vowel before the last
    three, or two neighbours swapped after the first letter.
    """
    if len(typed) == len(word):
        diff = [i for i, (a, b) in enumerate(zip(typed, word, strict=True)) if a != b]
        if len(diff) == 2:
            i, j = diff
            return i > 0 and j == i + 1 and typed[i] == word[j] and typed[j] == word[i]
        if len(diff) == 1:
            i = diff[0]
            return 0 < i < len(word) - 3 and typed[i] in VOWELS and word[i] in VOWELS
        return False
    shorter, longer = sorted((typed, word), key=len)
    if len(longer) - len(shorter) != 1:
        return False
    return any(longer[:i] + longer[i + 1 :] == shorter for i in range(1, len(longer) - 2))
