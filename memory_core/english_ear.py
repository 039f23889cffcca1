"""How an English name sounds to a Russian ear: the consonant skeletons of its readings.

A project, tool or company named in English words is written in Cyrillic as it sounds, not
as it is spelled: "Lighthouse" as "лайтхаус", "Quickdraw" as "квикдро", "Sunrise" as
"санрайз", "Chalkbag" as "чокбэг", "Ironwood" as "айронвуд". Letter by letter those share
little, but their consonants, read the English way, are the same: a silent "gh" or "l"
("night", "chalk"), "qu" as "kv", an "s" between vowels as "z", a "w" that only ends a vowel
("draw", "show"), a first vowel said "ай"/"а". :func:`english_skeletons` gives the
skeletons of those readings (:func:`memory_core.name_aliases.sound_skeletons` of each), so a
Cyrillic word no dictionary knows finds the name by how it sounds.
"""

from __future__ import annotations

import re
from functools import lru_cache

from memory_core.language import is_cyrillic, normalize
from memory_core.name_aliases import sound_skeletons

__all__ = ["english_skeletons"]

_READINGS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^wr"), "r"),  # Wrenfield: silent
    (re.compile(r"^kn"), "n"),  # Knightsbridge: silent
    (re.compile(r"(?<=i)gh|gh(?=t|$)"), ""),  # light, high, Highland: silent
    (re.compile(r"(?<=[ao])l(?=[kf])"), ""),  # chalk, walk, half: silent
    (re.compile(r"(?<=s)t(?=le|en)"), ""),  # castle, thistle, listen: silent
    (re.compile(r"dge|^j"), "dzh"),  # ridge, Jetstream: "дж"
    (re.compile(r"qu"), "kv"),
    (re.compile(r"ph"), "f"),
    (re.compile(r"(?<=[aeo])w(?=$|[^aeiouy])"), ""),  # draw, show, hawk, owl
    (re.compile(r"^[iy](?=[^aeiouy])"), "ai"),  # Ironwood, Ikon
    (re.compile(r"^u(?=[^aeiouy][^aeiouy]|n)"), "a"),  # Upland, Under
)
"""English spellings and how a Russian ear writes them, applied in order."""
_W_AS_U = re.compile(r"^wh?|w(?=[aeiouy])")
"""A "w" before a vowel, said "у" as often as "в": "уайлдфайр", "клируотер", "риджуэй"."""
_VOICED_S = re.compile(r"(?<=[aeiou])s(?=[aeiouy])")
"""An "s" between vowels, often said "z" (rise, rose), often not (house): both are read."""


@lru_cache(maxsize=512)
def english_skeletons(word: str) -> frozenset[str]:
    """The consonant skeletons of a Latin word read as English and as spelled (only as
    spelled for a word with letters English does not have; empty for a Cyrillic word)."""
    plain = normalize(word)
    if is_cyrillic(plain):
        return frozenset()
    if not plain.isascii() or not plain.isalpha():  # "Gonçalo" is read as it is spelled
        return sound_skeletons(word)
    read = plain
    for pattern, sound in _READINGS:
        read = pattern.sub(sound, read)
    forms = {read, _W_AS_U.sub("u", read)}
    forms |= {_VOICED_S.sub("z", f) for f in forms}  # "санрайз", but "лайтхаус"
    found = set(sound_skeletons(word))  # as spelled, "ç" as "s" too
    for form in forms - {plain}:
        found |= sound_skeletons(form)
    return frozenset(found)
