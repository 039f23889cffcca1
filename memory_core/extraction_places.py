"""Tell a word that names a place ("Вильнюсе", "Berlin"): no tool, project or person.

A project's sentence may say where it runs or lives ("Roamer живёт в Вильнюсе", "Porta is
hosted in Berlin"); the rules that make a new ``Project:`` of the word after a verb of using
ask :func:`is_place` first. A Cyrillic word is a place when the dictionary knows it as a
geographic name in any case; a Latin one when its dictionary translation is.
"""

from __future__ import annotations

from functools import lru_cache

from memory_core import bilingual
from memory_core.language import is_cyrillic
from memory_core.morphology import analyzer

__all__ = ["is_place"]


def _geographic(word: str) -> bool:
    morph = analyzer()
    if morph is None or not morph.word_is_known(word):
        return False
    return any("Geox" in p.tag for p in morph.parse(word))


@lru_cache(maxsize=2048)
def is_place(word: str) -> bool:
    """Whether one word names a city, a country or another place (by the dictionaries)."""
    if not word[:1].isupper() or " " in word.strip():
        return False
    lower = word.strip().lower()
    if is_cyrillic(lower):
        return _geographic(lower)
    return any(_geographic(t) for t in bilingual.translations(lower, limit=2) if " " not in t)
