"""Other names of a stored person: nicknames their lines record, short forms, sound-alikes.

Four ways a message may name someone the memory holds without any spelling of their name:

* a nickname a line records: "все зовут Айка", "in the team they call him Sev", "(Даник)",
  «Даник», "nickname=Шера", "она же Ага", "коротко — Свят", "short: Gabe", or a line that
  is only names: "Паша / Paweł", "Стив", "Дима, тоже из Минска" (:func:`nicknames`); the
  resolver keys it like a name, so "Айку" finds it too, and so does a case form the
  dictionary reads as another word ("Бобе");
* a short form made of the first syllable of the full name: "Tima", "Даня" for a stored
  "Тимур", "Данияр" (:func:`short_form_stem`), only for words the table of diminutives
  knows as short forms;
* an affectionate form made with a suffix: "Настюха", "евочку", "Юлька" for a stored "Настя",
  "Ева", "Юля" (:func:`diminutive_bases` gives the plain forms to look up);
* a Latin name written in Cyrillic by ear ("Софи Лоран" for "Sophie Laurent", "Майкл" for
  "Michael") or the other way round (:func:`sound_skeletons`): consonants only, with the
  spellings that read one way in English, French or Portuguese ("ch" as "k", a silent final
  "t", "s" before a consonant as "sh").

And one way a message names a project, a tool or a team by a Russian case form of a name the
dictionary does not know: "корпы", "в корпе" for "Korpa" (:func:`case_stems`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache

from memory_core.language import is_cyrillic, normalize
from memory_core.morphology import analyzer, lemmas, related_names
from memory_core.name_heard import heard_cyrillic
from memory_core.naming import display_name
from memory_core.observation import parse_observation
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

_UP = "A-ZА-ЯЁҐЄІЇЎÀ-ÖØ-ÞĀ-ž"
_LOW = "a-zа-яёґєіїўß-öø-ÿĀ-ž"
_NICK_WORD = rf"(?P<nick>(?-i:[{_UP}][{_LOW}]+(?:-[{_UP}]?[{_LOW}]+)?))"
"""A name's word, marked Latin letters too ("Dóri", "Łucja"; Latin Extended-A holds both
cases of each, so its lower-case letters are not told from capitals after the first)."""
_SAID_NICK = re.compile(  # "все зовут Айка", "дома зовём Яся", "they call him Sev"
    r"\b(?:зовут|зов[её]м|звать|зовите|называют|называем|кличут|call|calls|called|aka|a\.k\.a\.|прозвище|"
    r"по\s+прозвищу|"
    r"(?:она|он)\s+же|"
    r"nicknamed|nickname|goes\s+by|кличка|"
    r"(?:ник(?:нейм)?|nick)(?:\s+(?:в|in)\s+\w+)?\s*[—–:-]|"  # "ник в чатах — Дэн"
    r"(?:в|in)\s+(?:чатах|чате|слаке|телеге|slack|chats?)\s*[—–:-]|"  # "в чатах — Крис"
    r"(?:коротко|кратко|сокращ[её]нно|(?:for\s+)?short|short\s+form)\s*[—–:-])"  # "коротко — Свят"
    r"(?:\s*[=:]\s*|\s+)"  # "nickname=Шера"
    r"(?:(?:его|её|ее|him|her|them|просто|just|is)\s+)*"
    rf"[«\"'“]?{_NICK_WORD}",
    re.IGNORECASE,
)
_MARKED_NICK = re.compile(rf"\(\s*{_NICK_WORD}\s*\)|[«“\"]{_NICK_WORD.replace('nick', 'q')}[»”\"]")
"""A word in brackets or quotes: "(Даник)", «Даник»; a nickname when it starts like a name
the person's first name does (not "(Sber)" on an analyst's line)."""
NICKNAME_CUES = (
    "зовут", "зовём", "зовем", "звать", "зовите", "называют", "называем", "кличут", "call",
    "aka", "a.k.a", "прозвищ", "nicknam", "goes by", "кличк", "(", "«", '"', "“", " же ",
    "fact: ", "ник", "nick", "чат", "slack", "слак", "коротк", "кратк", "сокращ", "short",
)  # fmt: skip
"""Pieces of text a line holding a nickname has one of (for a store to read only those)."""
_SHORT_STEM = 3
"""Letters of a short form ("Тима") a full name ("Тимур") must start with."""
_VOWELS = frozenset("aeiouy")
_S_BEFORE_CONSONANT = re.compile(r"(?<=[aeiou])s(?=[bcdfgjklmnpqrtvwxz])")
"""An "s" Portuguese reads "sh" before a consonant, as it does last: "Castro" as "Каштру",
"Bastos" as "Баштуш", "Antunes" as "Антунеш"."""
_SILENT_END = re.compile(r"(?<=[aeiou][aeioun])[tsx]$")
"""A final letter often not pronounced in a Latin name: "Laurent", "Margaux", "Dumas"."""


_MORE_NICKS = re.compile(rf"\s*/\s*{_NICK_WORD}")
"""One more spelling after a nickname: "все зовут Томек / Tomek"."""
_BARE_WORD = r"[^\W\d_]+(?:-[^\W\d_]+)?"
_NAMES_HEAD = re.compile(rf"{_BARE_WORD}(?:\s*/\s*{_BARE_WORD})*\s*(?:[,;]|$)")
"""A line's text that opens with names only: "Паша / Paweł", "Стив", "Дима, тоже из Минска"."""
_BARE_KINDS = frozenset({None, "fact", "alias", "nickname", "nick"})


def nicknames(name: str, lines: Iterable[str]) -> list[str]:
    """Return the nicknames a person's lines record ("все зовут Айка" -> "Айка")."""
    first = display_name(name).split(maxsplit=1)[0]
    initial = name_key(first)[:1]
    found: list[str] = []
    for line in lines:
        said = [m["nick"] for m in _SAID_NICK.finditer(line)]
        for m in _SAID_NICK.finditer(line):
            at = m.end()
            while (more := _MORE_NICKS.match(line, at)) is not None:
                said.append(more["nick"])
                at = more.end()
        marked = [m["nick"] or m["q"] for m in _MARKED_NICK.finditer(line)]
        said += [w for w in marked if name_key(w)[:1] == initial]
        said += _bare_names(line, first)
        found += [w for w in said if w not in found]
    return found


def _bare_names(line: str, first: str) -> list[str]:
    """The names a line that opens with names only records: "Паша / Paweł", "Kuba / Куба",
    "Стив", "Дима, тоже из Минска".

    A line of names only must hold a given name, the person's first name or one name in two
    scripts; a line going on after a comma must open with a given name starting as the
    person's first name does or related to it ("Лёша" for Алексей), so "Вера, его жена" on
    Роман's line is no nickname of his.
    """
    parsed = parse_observation(line)
    body = parsed.body.strip()
    head = _NAMES_HEAD.match(body) if parsed.kind in _BARE_KINDS else None
    if head is None:
        return []
    words = re.findall(r"[^\s/,;]+", head[0])
    if not all(w[:1].isupper() for w in words):
        return []
    keys = [name_key(w) for w in words]
    if head.end() < len(body):
        lead = words[0]
        related = normalize(first) in related_names(normalize(lead))
        kin = keys[0][:1] == name_key(first)[:1] or related
        return words if _given_name(lead) and kin else []
    spelled_twice = len(set(keys)) == 1 < len(words)
    own = name_key(first) in keys
    return words if spelled_twice or own or any(_given_name(w) for w in words) else []


@lru_cache(maxsize=4096)
def _given_name(word: str) -> bool:
    """Whether the dictionary knows a Cyrillic word as a first name ("Сеня", "Паша")."""
    morph = analyzer()
    if morph is None or not is_cyrillic(word):
        return False
    return any("Name" in p.tag for p in morph.parse(word))


def nickname_index(
    lines: Mapping[str, Sequence[str]], key: Callable[[str], str]
) -> dict[str, list[str]]:
    """Map the ``key`` of every nickname people's lines record to those people."""
    index: dict[str, list[str]] = {}
    for name, texts in lines.items():
        if name.startswith("Person:"):
            for nick in nicknames(name, texts):
                heard = (*cyrillic_spellings(nick)[:1], *heard_cyrillic(nick))  # "Kjelle": Кьелле
                for form in dict.fromkeys((nick, *heard)):  # "Przemek": Пшемек
                    index.setdefault(key(form), []).append(name)
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
    "юша", "уша", "ька", "уля", "уся", "юся", "чик", "ик", "ка",
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
        forms |= {f[:-1] + "sh" for f in forms if re.search("[aeiou]s$", f)}  # "Антунеш"
        forms |= {_S_BEFORE_CONSONANT.sub("sh", f) for f in forms}  # Castro: "Каштру"
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
