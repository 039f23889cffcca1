"""Match an English word to the English loanwords a memory writes in Cyrillic ("кемпер").

A bilingual person writes many English words in Cyrillic letters: "на кемпере", "бэкап",
"фидбек". No dictionary lists them, so an English question ("the camper") cannot reach them
by translation. Both spellings reduce to the same sound key: consonants by sound, each run
of vowels as one mark, doubled letters once ("camper" and "кемпер" are both ``kVmpVr``,
"backup" and "бэкап" ``bVkVp``, "price" and "прайс" ``prVs``). :func:`cyrillic_keys` gives
the keys of an index word (with a case ending dropped), :func:`latin_keys` those of a query
word; a key needs :data:`MIN_CONSONANTS` consonants, as shorter ones match by chance.
:func:`written_in_cyrillic` gives the index words an English query word is written as.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from memory_core.language import stem
from memory_core.morphology import known_russian_word
from memory_core.name_gender import is_given_name

__all__ = ["MIN_CONSONANTS", "cyrillic_keys", "latin_keys", "written_in_cyrillic"]

MIN_CONSONANTS = 3
VOWEL = "V"

_CYRILLIC = {
    "б": "b", "в": "v", "г": "g", "д": "d", "ж": "j", "з": "s", "к": "k", "л": "l", "м": "m",
    "н": "n", "п": "p", "р": "r", "с": "s", "т": "t", "ф": "f", "х": "h", "ц": "s", "ч": "c",
    "ш": "c", "щ": "c", "ь": "", "ъ": "",
}  # fmt: skip
"""Cyrillic consonants by sound class; every other Cyrillic letter (й too) is a vowel."""
_CYRILLIC_VOWELS = frozenset("аеёиоуыэюяй")
_CASE_ENDINGS = ("Vm", "Vh", "Vv")
"""Keys of Russian case endings after a vowel mark is dropped: -ом, -ах/-ях, -ов/-ев."""

_LATIN_PAIRS = {"ck": "k", "ph": "f", "th": "t", "sh": "c", "ch": "c", "qu": "kv", "dg": "j"}
_LATIN = {
    "b": "b", "d": "d", "f": "f", "g": "g", "j": "j", "k": "k", "l": "l", "m": "m", "n": "n",
    "p": "p", "q": "k", "r": "r", "s": "s", "t": "t", "v": "v", "w": "v", "z": "s", "x": "ks",
}  # fmt: skip
_LATIN_VOWELS = frozenset("aeiouy")


def _finish(marks: list[str]) -> str:
    """Join sound marks, one of each run, with no vowel mark at the end."""
    out: list[str] = []
    for mark in marks:
        for ch in mark:
            if not out or out[-1] != ch:
                out.append(ch)
    return "".join(out).rstrip(VOWEL)


def _enough(key: str) -> bool:
    return sum(1 for ch in key if ch != VOWEL) >= MIN_CONSONANTS


def cyrillic_keys(word: str) -> tuple[str, ...]:
    """The sound keys of a folded Cyrillic index word: whole, and without a case ending
    ("кемпером" is ``kVmpVr`` too); empty for a word of other letters or too few sounds."""
    if not word or any(ch not in _CYRILLIC and ch not in _CYRILLIC_VOWELS for ch in word):
        return ()
    marks: list[str] = []
    i = 0
    while i < len(word):
        if word.startswith("дж", i):
            marks.append("j")
            i += 2
            continue
        ch = word[i]
        marks.append(VOWEL if ch in _CYRILLIC_VOWELS else _CYRILLIC[ch])
        i += 1
    key = _finish(marks)
    keys = [key]
    for ending in _CASE_ENDINGS:
        if key.endswith(ending):
            keys.append(key[: -len(ending)].rstrip(VOWEL))
    return tuple(k for k in dict.fromkeys(keys) if _enough(k))


def latin_keys(word: str) -> tuple[str, ...]:
    """The sound keys of a lower-case English word, with and without a silent final "e"
    ("price" as ``prVs``); empty for a word of other letters or too few sounds."""
    if len(word) < MIN_CONSONANTS or not (word.isascii() and word.isalpha()):
        return ()
    marks: list[str] = []
    i = 0
    while i < len(word):
        pair = word[i : i + 2]
        if pair in _LATIN_PAIRS:
            marks.append(_LATIN_PAIRS[pair])
            i += 2
            continue
        ch = word[i]
        if ch == "c":  # soft before e, i, y ("price"), else hard ("camper")
            marks.append("s" if word[i + 1 : i + 2] in ("e", "i", "y") else "k")
        elif ch == "h":
            marks.append("h" if i == 0 else "")
        else:
            marks.append(VOWEL if ch in _LATIN_VOWELS else _LATIN.get(ch, ""))
        i += 1
    key = _finish(marks)
    return (key,) if _enough(key) else ()


def written_in_cyrillic(word: str, loans: Mapping[str, Sequence[str]]) -> list[str]:
    """The Cyrillic index words (``loans``: by :func:`cyrillic_keys`) that write a lower-case
    English word or its stem ("campers", "camper") as it sounds: only words no Russian
    dictionary knows and no first names ("кемпере", never "кампус" or "Лука")."""
    keys = dict.fromkeys((*latin_keys(word), *latin_keys(stem(word))))
    found = (w for key in keys for w in loans.get(key, ()))
    return [w for w in dict.fromkeys(found) if not known_russian_word(w) and not is_given_name(w)]
