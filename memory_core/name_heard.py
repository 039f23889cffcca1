"""How Russian writes a Latin name it heard: the Cyrillic spellings a Czech, Slovak, Polish or
Germanic (Scandinavian too) name gets by its sounds rather than by its letters.

Russian writes West Slavic hacek letters and digraphs as they sound ("Křenek" is "Крженек",
"Vondráčková" "Вондрачкова", "Przemek" "Пшемек", "Szymański" "Шиманский") and the "h" of
Czech, Slovak, Ukrainian and German names as "г" ("Zahradníková" is "Заградникова", "Holub"
"Голуб", "Heine" "Гейне"), and Scandinavian letters as they sound ("Øystein" is "Эйстейн",
"Hågensen" "Хогенсен", "Sjur" "Шур"). A plain transliteration folds the marks away
("vondrackova") or keeps the "h" as "х", and then misses the person the memory holds under the
Latin name. Spanish and Basque names are written by ear too ("Goikoetxea" is "Гойкоэчеа",
"Olaizola" "Олаисола", "González" "Гонсалес").
:func:`heard_cyrillic` gives those spellings; they are only keys for finding someone the
memory already holds, never a name for someone new.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from memory_core.translit import cyrillic_spellings

__all__ = ["heard_cyrillic"]

_DEVOICED_RZ = re.compile(r"(?<=[ptk])rz|(?<=ch)rz", re.IGNORECASE)
"""A Polish "rz" after a voiceless consonant sounds "sz": "Przemek" is "Пшемек"."""
_POLISH_MARK = re.compile(r"[łąęśźżńó]|sz|cz|rz", re.IGNORECASE)
_SOUNDS = (
    ("szcz", "shch"), ("sz", "sh"), ("cz", "ch"), ("rz", "zh"), ("ó", "u"), ("w", "v"),
    ("ą", "on"), ("ę", "en"),
)  # fmt: skip
"""Polish spellings of one sound, as the digraphs the transliteration reads."""
_HACEK = str.maketrans(
    {"š": "sh", "ž": "zh", "č": "ch", "ř": "rzh", "ż": "zh", "ź": "zh", "ś": "sh", "ć": "ch"}
)
"""Hacek and acute consonants, as the digraphs the transliteration reads."""
_BARE_H = re.compile(r"(?<![csztkpgdr])h(?=[aeiouyáéíóúýěůrlv])")
"""An "h" sounded before a vowel or "r", "l", "v" and no part of a digraph ("ch", "sh"):
Czech "Hrušková", German "Heine", where English "John" and "Sarah" keep theirs silent."""
_MAX_PER_FORM: Final = 2
_NORDIC = (
    (re.compile(r"^ø(?=[yj])"), "e"),  # "Øystein": Эйстейн
    (re.compile(r"ø"), "yo"),  # "Søren": Сёрен, "Bjørn": Бьёрн
    (re.compile(r"å"), "o"),  # "Håkon": Хокон, "Åse": Осе
    (re.compile(r"(?:skj|sj)(?=[aeiouyæøå])"), "sh"),  # "Sjur": Шур
)
"""Norwegian, Swedish and Danish letters and groups as the sounds Russian writes them by."""
_NORDIC_MARK = re.compile(r"[øå]|sj", re.IGNORECASE)
_IBERIAN = (
    (re.compile(r"tx"), "ch"),  # Basque "Etxebarria": Эчебаррия
    (re.compile(r"^x(?=[aeiou])"), "sh"),  # Basque "Xabier": Шабьер
    (re.compile(r"(?<!t)z"), "s"),  # Spanish and Basque "z": "Olazabal" is Оласабаль
)
"""Spanish and Basque letters as Russian writes them by ear: "tx" as "ч", "z" as "с", a
first "x" as "ш"."""
_IBERIAN_MARK = re.compile(r"z|tx|^x[aeiou]")
_IBERIAN_MIN: Final = 6
"""Only a surname-long word is also heard the Iberian way ("Liza" stays "Лиза", not "Лиса")."""


def _forms(word: str) -> list[str]:
    """The Latin word respelt as the sounds Russian hears: hacek letters and Polish digraphs
    as plain digraphs, and the same with its sounded "h" as "g"."""
    spoken = word.lower()
    if _POLISH_MARK.search(spoken):
        spoken = _DEVOICED_RZ.sub("sz", spoken)
        for written, sound in _SOUNDS:
            spoken = spoken.replace(written, sound)
    spoken = spoken.translate(_HACEK)
    if _NORDIC_MARK.search(spoken):
        for letters, sound in _NORDIC:
            spoken = letters.sub(sound, spoken)
    forms = [spoken]
    if len(spoken) >= _IBERIAN_MIN and _IBERIAN_MARK.search(spoken):  # if it is Iberian
        iberian = spoken
        for letters, sound in _IBERIAN:
            iberian = letters.sub(sound, iberian)
        forms.append(iberian)
    if _BARE_H.search(spoken):
        forms.append(_BARE_H.sub("g", spoken))
    return forms


@lru_cache(maxsize=8192)
def heard_cyrillic(word: str) -> tuple[str, ...]:
    """The Cyrillic spellings of a Latin name word as Russian writes it by ear, beyond the
    ones :func:`~memory_core.translit.cyrillic_spellings` reads from its folded letters
    ("Křenek" -> "крженек", "Zahradníková" -> "заградникова", "Przemek" -> "пшемек").

    Empty for a word in Cyrillic, and for a plain Latin word with no "h" (nothing to hear
    otherwise than it is written).
    """
    if not word or any("а" <= ch.lower() <= "я" or ch in "ёЁ" for ch in word):
        return ()
    plain = cyrillic_spellings(word)
    found: list[str] = []
    for form in _forms(word):
        if form == word.lower():
            continue
        found += [s for s in cyrillic_spellings(form)[:_MAX_PER_FORM] if s not in plain]
    return tuple(dict.fromkeys(found))
