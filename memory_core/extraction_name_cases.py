"""Russian personal names in the nominative: "Михаила Орлова" -> "Михаил Орлов".

:func:`lemmatize_name` puts a name read in an oblique case back in the nominative, keeping
the gender of its first name for its surname; :func:`nominative` does one word of it;
:func:`hidden_name` finds the man's name an oblique form hides behind a common noun ("Гайка":
Гайк). :func:`morph` is the one Russian analyzer they share with the rest of extraction.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import TYPE_CHECKING, cast

from memory_core import morphology
from memory_core.language import is_cyrillic

if TYPE_CHECKING:
    from pymorphy3 import MorphAnalyzer
    from pymorphy3.analyzer import Parse

__all__ = [
    "gender_of",
    "hidden_name",
    "is_name",
    "lemmatize_name",
    "morph",
    "nominative",
    "oblique_stems",
]

_NAME_TAGS = ("Name", "Surn", "Patr")
_RARER = 1.5
"""How much likelier an oblique reading of a name must be to beat a nominative one."""


@cache
def morph() -> MorphAnalyzer:
    """Load the Russian analyzer once, on first use (it takes a moment and ~20 MB).

    It is the one :func:`memory_core.morphology.analyzer` loads: one copy serves all.
    """
    shared = morphology.analyzer()
    if shared is not None:
        return cast("MorphAnalyzer", shared)
    from pymorphy3 import MorphAnalyzer  # noqa: PLC0415 - lazy: only extraction needs it

    return MorphAnalyzer()


def gender_of(parse: Parse) -> str | None:
    """The gender of one reading of a word: ``masc``, ``femn`` or ``None``."""
    return next((g for g in ("masc", "femn") if g in parse.tag), None)


def is_name(parse: Parse) -> bool:
    """Whether one reading of a word is a first name, a surname or a patronymic."""
    return any(tag in parse.tag for tag in _NAME_TAGS)


def nominative(
    word: str, gender: str | None, case: str | None = None, *, oblique_next: bool = False
) -> tuple[str, str | None, str | None]:
    """Return one name word in the nominative, with the gender and case it was read in.

    A word the dictionary does not know as a name ("Квасом" after "Стёпой") follows the case
    of the name before it.
    """
    hidden = hidden_name(word)
    if hidden is not None:
        return hidden, "masc", None
    parses = morph().parse(word)
    named = [p for p in parses if is_name(p) and "plur" not in p.tag]
    if not morphology.known_russian_word(word):  # "Євген": no guessed vocative of "Євгена"
        named = [p for p in named if "voct" not in p.tag]
    if case is None and any("Fixd" in p.tag and "nomn" in p.tag for p in named):
        return word, gender, None  # "Лена Цируле": a surname that never declines stays as is
    if gender is not None:
        same = [p for p in named if gender_of(p) in (gender, None)]
        if not same and gender == "femn" and case is None and word.lower().endswith(("а", "я")):
            return word, gender, None  # "Нигора" before "Алимовна" is no "Нигор" in the genitive
        named = same or named
    if named:
        nominative = next((p for p in named if "nomn" in p.tag), None)
        likeliest = max(p.score for p in named)
        # a rare nominative reading ("Виталия", a woman's name) loses to a common oblique one
        # when the surname after it is no nominative ("Виталия Ступака", not "Дина Орлова")
        rare = oblique_next and nominative is not None and nominative.score * _RARER < likeliest
        if nominative is not None and not rare:
            return word, gender or gender_of(nominative), None
    elif case is not None:
        named = [
            p
            for p in parses
            if p.tag.case == case and "sing" in p.tag and gender_of(p) in (gender, None)
        ]
    if not named:
        return word, gender, case
    # equally likely readings: a woman's name ("Марину" is Марина, not Марин) is the common one
    best = min(named, key=lambda p: (-p.score, gender_of(p) != "femn"))
    inflected = best.inflect({"nomn", "sing"}) or best.inflect({"nomn"})
    form = inflected.word if inflected is not None else best.normal_form
    if "ё" not in word.lower():  # keep the owner's spelling: "Степой" -> "Степа", not "Стёпа"
        form = form.replace("ё", "е")
    if word[:1].isupper():
        form = form[:1].upper() + form[1:]
    return form, gender or gender_of(best), best.tag.case


_FEMININE_PATRONYMIC = re.compile(r"(?:овна|евна|ична)$")
"""A woman's patronymic in the nominative: the name before it is nominative and feminine."""


_UNDECLINED_SURNAME = re.compile(r"[бвгджзклмнпрстфхцчшщ]$")
_MAN_SURNAME = re.compile(r"(?:ов|ев|ёв|ин|ын)$")
"""A Russian man's surname ("Орлов", "Ильин"): one that declines, whatever the first name."""
_WOMAN_SURNAME = re.compile(r"(?:ов|ев|ёв|ин|ын)а$|(?:ск|цк)ая$")
"""A Russian woman's surname ("Исаева"), or a man's in the genitive: never kept as read."""


def _woman_before_undeclined(words: list[str]) -> bool:
    """Whether a first name in "-а"/"-я" stands before a surname ending in a consonant that
    was left as it is ("Мирьяна Вранеш"): a man's surname would decline with his name
    ("Мирьяна Вранеша"), so this is a woman's name in the nominative."""
    if len(words) != 2 or not all(is_cyrillic(w) and w.isalpha() for w in words):
        return False
    first, last = (w.lower() for w in words)
    return (
        first.endswith(("а", "я"))
        and _UNDECLINED_SURNAME.search(last) is not None
        and _MAN_SURNAME.search(last) is None
    )


_INSTRUMENTAL = re.compile(r"(?:ой|ою|ею|єю)$")


def _woman_instrumental(word: str) -> bool:
    """Whether a name the dictionary only guesses at ends as a woman's name in the
    instrumental and reads so ("Оленой", "Лілею"): no man's nominative "Оленой"."""
    return _INSTRUMENTAL.search(word.lower()) is not None and any(
        is_name(p) and "femn" in p.tag and "ablt" in p.tag for p in morph().parse(word)
    )


def _only_nominative(word: str) -> bool:
    """Whether every name reading of a word is a nominative that declines ("Ираклий"): the
    surname after it is in the nominative too, however the dictionary guesses it."""
    named = [p for p in morph().parse(word) if is_name(p)]
    return bool(named) and all("nomn" in p.tag and "Fixd" not in p.tag for p in named)


def _nominative_name(word: str) -> bool:
    """Tell whether a word may be a name or surname in the nominative ("Орлова", "Ким")."""
    return any("nomn" in p.tag and is_name(p) for p in morph().parse(word))


@lru_cache(maxsize=4096)
def lemmatize_name(name: str) -> str:
    """Put a Russian personal name into the nominative (``Михаила Орлова`` -> ``Михаил Орлов``).

    Words already nominative stay as written; the gender of the first recognised first name
    keeps a surname's (``Дарье Соколовой`` -> ``Дарья Соколова``). Latin words are kept.
    """
    gender: str | None = None
    case: str | None = None
    out: list[str] = []
    words = name.split()
    if len(words) > 1 and _FEMININE_PATRONYMIC.search(words[1].lower()):
        gender = "femn"  # "Нигора Алимовна": a woman's name, whatever else the word may be
    if _woman_before_undeclined(words):
        return name  # "Мирьяна Вранеш": no "Мирьян" in the genitive
    for i, word in enumerate(words):
        if i > 0 and _only_nominative(words[0]) and not _WOMAN_SURNAME.search(word.lower()):
            out += words[i:]  # "Ираклий Гвалия": no "Гвалий" in the genitive
            break
        if is_cyrillic(word) and word.isalpha():
            after = words[i + 1] if i + 1 < len(words) else ""
            oblique_next = bool(after) and not _nominative_name(after)
            if (
                after
                and not oblique_next
                and not morphology.known_russian_word(word)
                and not _woman_instrumental(word)  # "с Оленой Стецюк": Олена Стецюк
            ):
                out.append(word)  # "Сона Аветисян": a name the dictionary only guesses at
                continue  # stays as written before a surname in the nominative
            if i == 0 and _woman_instrumental(word):
                gender = "femn"  # "Оленой": no man's nominative the dictionary guesses
            form, gender, case = nominative(word, gender, case, oblique_next=oblique_next)
            out.append(form)
        else:
            out.append(word)
    if len(out) == 2 and out[0] == words[0] and gender == "masc" and case in _MAN_ENDINGS:
        out[0] = _man_nominative(words[0], _MAN_ENDINGS[case])
    if len(out) == 2 and out[1] == words[1] and case is None:
        out[1] = _surname_instrumental(words[1])
    return " ".join(out)


_SURNAME_ABLT = re.compile(r"(?<=[бвгдзклмнпрстфх])ом$|(?<=[жшчщц])ем$")
"""A man's foreign surname in the instrumental: "-ом", or "-ем" after a hushing consonant."""
_MIN_SURNAME = 3


def _surname_instrumental(word: str) -> str:
    """A surname the dictionary does not know, in the instrumental after a first name that
    does not decline ("с Ласло Тёрёком": Тёрёк, "с Пабло Ковачем": Ковач): the case shows only
    on the surname, so its ending is taken off; any other word stays as written."""
    m = _SURNAME_ABLT.search(word.lower())
    if not is_cyrillic(word) or m is None or m.start() < _MIN_SURNAME:
        return word
    if morphology.known_russian_word(word) or any(is_name(p) for p in morph().parse(word)):
        return word
    return word[: m.start()]


_MAN_ENDINGS = {"gent": ("а", "я"), "datv": ("у", "ю"), "ablt": ("ом", "ем"), "loct": ("е",)}
"""The endings of a man's first name in the case his surname was read in."""


def _man_nominative(word: str, endings: tuple[str, ...]) -> str:
    """A man's first name the dictionary does not know, put in the case of his surname:
    "Ведрану" before "Латиновичу" is Ведран (the surname is dative, so is the name)."""
    if any(is_name(p) for p in morph().parse(word)):
        return word
    low = word.lower()
    end = next((e for e in endings if low.endswith(e) and len(word) - len(e) >= 3), None)
    if end is None:
        return word
    stem = word[: -len(end)]
    return stem + "й" if end in ("я", "ю", "ем", "е") and stem[-1:].lower() in "аеиоу" else stem


_MASC_OBLIQUE = ("ом", "ем", "а", "я", "у", "ю", "е")
_STEM_ENDINGS: tuple[tuple[str, str], ...] = (
    ("аю", "ай"), ("аем", "ай"), ("ая", "ай"), ("ае", "ай"),
    ("яю", "яй"), ("ею", "ей"), ("ою", "ой"),
    ("ом", ""), ("ем", ""), ("у", ""), ("ю", ""), ("а", ""), ("е", ""),
)  # fmt: skip
_MAX_STEMS = 6


def oblique_stems(name: str) -> list[str]:
    """Nominatives a foreign name in an oblique case may have, for looking up someone known:
    "Михаю Опришану" may be Михай Опришан (the dictionary reads "Михаю" as "Михая").

    Only for resolving against the memory: none of these is ever made a new person.
    """
    words = name.split()
    if not words or len(words) > 2 or not all(is_cyrillic(w) and w.isalpha() for w in words):
        return []
    options: list[list[str]] = []
    for word in words:
        low = word.lower()
        stems = [word[: len(word) - len(end)] + new for end, new in _STEM_ENDINGS
                 if low.endswith(end) and len(word) - len(end) >= 3]  # fmt: skip
        options.append(stems)
    if len(words) == 1:
        return options[0][:_MAX_STEMS]
    return [f"{a} {b}" for a in options[0] for b in options[1]][:_MAX_STEMS]


def hidden_name(word: str) -> str | None:
    """Return the man's name an oblique form hides behind a common noun ("Гайка": Гайк).

    Only a capitalised word the dictionary knows as no name, whose stem without a case
    ending is a masculine first name in the nominative.
    """
    if not word[:1].isupper() or any(is_name(p) for p in morph().parse(word)):
        return None
    for ending in _MASC_OBLIQUE:
        stem = word[: -len(ending)]
        if word.lower().endswith(ending) and len(stem) > 2:
            parses = morph().parse(stem)
            if any(is_name(p) and "nomn" in p.tag and "masc" in p.tag for p in parses):
                return stem
    return None
