"""Other names of a stored person: nicknames their lines record, short forms, sound-alikes.

Four ways a message may name someone the memory holds without any spelling of their name:

* a nickname a line records: "все зовут Айка", "in the team they call him Sev", "(Даник)",
  «Даник», "nickname=Шера" (:func:`nicknames`); the resolver keys it like a name, so "Айку"
  finds it too, and so does a case form the dictionary reads as another word ("Бобе");
* a short form made of the first syllable of the full name: "Tima", "Даня" for a stored
  "Тимур", "Данияр" (:func:`short_form_stem`), only for words the table of diminutives
  knows as short forms;
* an affectionate form made with a suffix: "Настюха", "евочку", "Юлька" for a stored "Настя",
  "Ева", "Юля" (:func:`diminutive_bases` gives the plain forms to look up);
* a Latin name written in Cyrillic by ear ("Софи Лоран" for "Sophie Laurent", "Майкл" for
  "Michael") or the other way round (:func:`sound_skeletons`): consonants only, with the
  spellings that read one way in English or French ("ch" as "k", a silent final "t").

And one way a message names a project, a tool or a team by a Russian case form of a name the
dictionary does not know: "корпы", "в корпе" for "Korpa" (:func:`case_stems`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache

from memory_core.language import is_cyrillic, normalize
from memory_core.morphology import lemmas, related_names
from memory_core.naming import display_name
from memory_core.translit import cyrillic_spellings, name_key

__all__ = [
    "NICKNAME_CUES",
    "case_stems",
    "diminutive_bases",
    "nickname_index",
    "nicknames",
    "short_form_stem",
    "sound_skeletons",
]

_NICK_WORD = r"(?P<nick>(?-i:[A-ZА-ЯЁ][a-zа-яё]+(?:-[A-ZА-ЯЁ]?[a-zа-яё]+)?))"
_SAID_NICK = re.compile(  # "все зовут Айка", "в команде зовут его Даник", "they call him Sev"
    r"\b(?:зовут|называют|кличут|call|calls|called|aka|a\.k\.a\.|прозвище|по\s+прозвищу|"
    r"nicknamed|nickname|goes\s+by|кличка)(?:\s*[=:]\s*|\s+)"  # "nickname=Шера"
    r"(?:(?:его|её|ее|him|her|them|просто|just|is)\s+)*"
    rf"[«\"'“]?{_NICK_WORD}",
    re.IGNORECASE,
)
_MARKED_NICK = re.compile(rf"\(\s*{_NICK_WORD}\s*\)|[«“\"]{_NICK_WORD.replace('nick', 'q')}[»”\"]")
"""A word in brackets or quotes: "(Даник)", «Даник»; a nickname when it starts like a name
the person's first name does (not "(Sber)" on an analyst's line)."""
NICKNAME_CUES = (
    "зовут", "называют", "кличут", "call", "aka", "a.k.a", "прозвищ", "nicknam", "goes by",
    "кличк", "(", "«", '"', "“",
)  # fmt: skip
"""Pieces of text a line holding a nickname has one of (for a store to read only those)."""
_SHORT_STEM = 3
"""Letters of a short form ("Тима") a full name ("Тимур") must start with."""
_VOWELS = frozenset("aeiouy")
_SILENT_END = re.compile(r"(?<=[aeiou][aeioun])[tsx]$")
"""A final letter often not pronounced in a Latin name: "Laurent", "Margaux", "Dumas"."""


def nicknames(name: str, lines: Iterable[str]) -> list[str]:
    """Return the nicknames a person's lines record ("все зовут Айка" -> "Айка")."""
    initial = name_key(display_name(name).split(maxsplit=1)[0])[:1]
    found: list[str] = []
    for line in lines:
        said = [m["nick"] for m in _SAID_NICK.finditer(line)]
        marked = [m["nick"] or m["q"] for m in _MARKED_NICK.finditer(line)]
        said += [w for w in marked if name_key(w)[:1] == initial]
        found += [w for w in said if w not in found]
    return found


def nickname_index(
    lines: Mapping[str, Sequence[str]], key: Callable[[str], str]
) -> dict[str, list[str]]:
    """Map the ``key`` of every nickname people's lines record to those people."""
    index: dict[str, list[str]] = {}
    for name, texts in lines.items():
        if name.startswith("Person:"):
            for nick in nicknames(name, texts):
                index.setdefault(key(nick), []).append(name)
    return index


@lru_cache(maxsize=4096)
def short_form_stem(word: str) -> str | None:
    """Return the stem a full name must start with when ``word`` is a short form of it.

    "Тима", "Tima", "Тиме" -> "тим" (Тимур as well as Тимофей); ``None`` for a word the table of
    related names does not know as a short form ("Дина" is a name of its own).
    """
    plain = normalize(word)
    if is_cyrillic(plain):  # "Стасу" -> "стас"
        forms = [plain, *(normalize(x) for x in lemmas(word))]
    else:
        forms = list(cyrillic_spellings(plain)[:2])
    for form in forms:
        full = related_names(form)
        if full and all(len(f) > len(form) for f in full) and len(form) > _SHORT_STEM:
            return form[:_SHORT_STEM]
    return None


_DIMINUTIVE_SUFFIXES = (
    "юшка", "ушка", "енька", "онька", "ечка", "очка", "ичка", "юха", "уха", "ёха", "оха",
    "ька", "уля", "уся", "юся", "чик", "ик", "ка",
)  # fmt: skip
"""Suffixes of affectionate Russian name forms, longest first ("Настюха", "Евочка", "Юлька")."""
_MIN_STEM = 2


@lru_cache(maxsize=8192)
def diminutive_bases(word: str) -> tuple[str, ...]:
    """Return the plain names an affectionate form may be made from, lower case.

    "настюха" -> "настя", "наста", "наст"; "евочку" -> "ева", ...; "Юлька" -> "юля", ...:
    the stem left without a diminutive suffix, with the endings a plain name has. Only the
    stem is read, so the caller must find one of them among known names (or nicknames).
    """
    if not is_cyrillic(word) or len(word) < len("евка"):
        return ()
    bases: list[str] = []
    for form in dict.fromkeys((normalize(word), *(normalize(x) for x in lemmas(word)))):
        suffix = next((s for s in _DIMINUTIVE_SUFFIXES if form.endswith(s)), None)
        stem = form[: -len(suffix)] if suffix else ""
        if len(stem) < _MIN_STEM:
            continue
        soft = stem[:-1] if stem.endswith("ь") else stem
        bases += [soft + "я", stem + "а", stem, soft + "ья"]
    return tuple(b for b in dict.fromkeys(bases) if b != normalize(word))


def _skeleton(key: str) -> str:
    """The consonants of a key (its first letter kept), doubles merged."""
    if not key:
        return ""
    key = re.sub(r"^(?:dj|j)", "i", key)  # "Джейсон", "Жасур" start as "Jason", "Jasur" do
    rest = "".join(ch for ch in key[1:] if ch not in _VOWELS and ch != "h")
    return re.sub(r"(.)\1+", r"\1", key[0] + rest)


@lru_cache(maxsize=16384)
def sound_skeletons(word: str) -> frozenset[str]:
    """The consonant skeletons a name word may sound like, in either script.

    A Latin word also gets its readings with "ch" as "k" ("Michael"), "th" as "t" and a
    silent final consonant ("Laurent"); a Cyrillic word is read letter by letter.
    """
    plain = normalize(word)
    if is_cyrillic(plain):
        forms = {plain}
    else:
        forms = {plain, plain.replace("ch", "k"), plain.replace("th", "t")}
        if "ç" in word.lower():  # Portuguese and French "ç" reads "s": Gonçalo
            forms.add(normalize(word.lower().replace("ç", "s")))
        forms |= {_SILENT_END.sub("", f) for f in forms}
        forms |= {f[:-1] + "sh" for f in forms if f.endswith("es")}  # Antunes: "Антунеш"
    return frozenset(s for s in (_skeleton(name_key(f)) for f in forms) if len(s) > 1)


_CASE_ENDINGS = ("ами", "ями", "ой", "ей", "ою", "ею", "ом", "ем", "ах", "ях", "ы", "и", "е",
                 "у", "ю", "а", "я", "о")  # fmt: skip
_NOMINATIVE_ENDINGS = ("", "а", "я", "о")
_MIN_CASE_STEM = 3


@lru_cache(maxsize=4096)
def case_stems(word: str) -> tuple[str, ...]:
    """Return the nominatives a Russian case form may have when its word is no known one.

    "корпы", "корпу", "корпе" -> "корпа" among others ("корп", "корпя"...): the word without
    a case ending, bare or with a nominative one. Empty for a Latin word or a short stem.
    """
    plain = normalize(word)
    if not is_cyrillic(plain):
        return ()
    found: list[str] = []
    for ending in _CASE_ENDINGS:
        stem = plain[: -len(ending)]
        if plain.endswith(ending) and len(stem) >= _MIN_CASE_STEM:
            found += [stem + end for end in _NOMINATIVE_ENDINGS if stem + end not in found]
    return tuple(found)
