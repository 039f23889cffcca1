"""The other forms one query word is searched by: its translations, and forms its stem misses.

A question in one language must find lines in the other, and a Russian stem does not start
every form of its word. :func:`translated` gives a word's translations as index prefixes
(a Russian translation's -н- adjective and an adjective's noun too: "cloud" finds
"облачная", "allergic" finds "аллергия"), and whole words for translations too short to
search as a prefix or whose stem does not start all their forms ("движок" -> "движка",
"продавать" -> "продаём"); a phrase among the best translations is searched by its words
("ЦОД": "data center", "warehouse": "хранилище данных"); a Russian verb translation is
searched by its root too, as the nouns made from it start ("pay" -> "оплатить" finds
"оплата", "deliver" -> "доставлять" finds "доставка"); :func:`lemma_forms` gives the
inflections of a Russian word's dictionary form when its stem does not start them ("Олей"
-> "Оля", "Оли"); :func:`derived_base` gives the word an English derivative no dictionary
lists is made from ("reordering" -> "ordering", "moldy" -> "mold").
"""

from __future__ import annotations

import re
from functools import lru_cache

from memory_core import bilingual
from memory_core.caches import is_cyrillic_word
from memory_core.language import STOP_WORDS, stem
from memory_core.morphology import analyzer, known_russian_word
from memory_core.recall.word_family import family_translations
from memory_core.search import fts_tokens
from memory_core.wordforms import (
    all_forms,
    irregular_forms,
    lemmas,
    source_nouns,
    verb_forms,
    verb_root,
)

__all__ = [
    "MIN_TRANSLATED",
    "TRANSLATIONS",
    "abbreviation_meanings",
    "derived_base",
    "lemma_forms",
    "owner_noun",
    "stem_prefix",
    "translated",
]

TRANSLATIONS = 3
"""Translations of a word searched besides it (the dictionary's best first); a glossary's
are all searched, however many it gives ("keep" is "хранить", "держать", "оставлять"...)."""
MIN_TRANSLATED = 4
"""Shorter translated prefixes are dropped: "дар" (gift) would find every Дарья."""


def lemma_forms(word: str, base: str) -> tuple[str, ...]:
    """The forms of a Russian word's dictionary form that its stem does not start, searched
    whole: "Олей" stems to "оле", which "Оля", "Оли" do not start (every form of the
    dictionary form then); "ошибки" stems to "ошибк", which the plural "ошибок" does not
    start (a vowel comes in before the stem's last letter: those forms only, not another
    word's forms a dictionary lists with it, "лет" of "год")."""
    if not is_cyrillic_word(word):
        return ()
    found = lemmas(word)
    lemma = found[0] if found else word
    if lemma != word and not lemma.startswith(base):
        return all_forms(lemma)
    kept = base[:-1]
    return tuple(f for f in all_forms(lemma) if f.startswith(kept) and not f.startswith(base))


_POSSESSIVE = re.compile(
    r"^(?P<stem>[а-яё]{2,}?)(?:ин|ина|ино|ины|ину|иной|иного|иному|иным|ином|иных|иными)$"
)


@lru_cache(maxsize=4096)
def owner_noun(word: str) -> str | None:
    """The noun in -а/-я a possessive adjective is made of ("тёщин" -> "тёща", "бабушкиной"
    -> "бабушка"), or None: "тёщин город" asks about the mother-in-law's."""
    found = _POSSESSIVE.match(word.lower())
    morph = analyzer()
    if found is None or morph is None:
        return None
    if not any("Poss" in p.tag for p in morph.parse(word.lower())):
        return None
    for noun in (f"{found['stem']}а", f"{found['stem']}я"):
        if any(p.tag.POS == "NOUN" and p.normal_form == noun for p in morph.parse(noun)):
            return noun
    return None


def stem_prefix(word: str) -> str:
    """The index prefix a translation is searched by: its stem, cut back to what the word
    itself starts with ("anniversary" stems to "anniversari", searched as "anniversar")."""
    folded = fts_tokens(stem(word))
    plain = fts_tokens(word)
    if not folded or not plain:
        return ""
    base, whole = folded[0], plain[0]
    if whole.startswith(base):
        return base
    common = next(
        (i for i, (a, b) in enumerate(zip(base, whole, strict=False)) if a != b),
        min(len(base), len(whole)),
    )
    return whole[:common]


def translated(word: str) -> tuple[list[str], list[str]]:
    """A word's one-word translations into the other language: index prefixes, and whole
    words for those whose stem is too short to search as a prefix (all their forms)."""
    found = bilingual.translations(word, limit=TRANSLATIONS, all_curated=True)
    # "собеседовали": the dictionary has only "собеседование" (interview)
    return _searched_as(found or family_translations(word, TRANSLATIONS))


def abbreviation_meanings(word: str) -> tuple[list[str], list[str]]:
    """What a glossary says a short word stands for, in both languages, searched as
    :func:`translated` searches translations: "др" is "birthday" and "день рождения", "бд"
    is "database" and "база" (a memory writes the long form in either language; the long
    form in the word's own language is that of its first meaning: "pay" also means "платить").

    Only the curated glossaries are asked: a dictionary's senses of two letters are noise.
    A phrase is searched by its longest word ("рождения", "кадров", "proprietor"): its other
    words ("день", "отдел", "project") would find half the memory.
    """
    meanings = list(bilingual.translations(word, limit=0, all_curated=True))
    if meanings:  # the long form in the word's own language, by the best meaning only
        back = bilingual.translations(meanings[0], limit=0, all_curated=True)
        meanings.extend(b for b in back if b != word and b not in meanings)
    return _searched_as(tuple(dict.fromkeys(_longest_word(m) for m in meanings)))


def _longest_word(phrase: str) -> str:
    """A phrase's longest word (the last of equally long ones: "product manager" ->
    "manager"); a single word as it is."""
    words = phrase.split()
    if len(words) < 2:
        return phrase
    return max(reversed(words), key=len)


def _searched_as(found: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """Index prefixes and whole words that find these translations (see :func:`translated`)."""
    prefixes: list[str] = []
    whole: list[str] = []
    # a phrase among the best is searched by its words ("отгул": "day off")
    phrases = [other for other in found if " " in other]
    for other in (*_phrase_words(phrases), *(other for other in found if " " not in other)):
        for form in (other, *irregular_forms(other)):  # выбрали -> choose, chose, chosen
            # a Russian verb by what all its forms start with: "согласует" for "approve"
            prefix = stem_prefix(form)
            if _cut_short(form, prefix):
                whole.extend(_y_forms(form))
            elif len(prefix) >= MIN_TRANSLATED:
                prefixes.append(prefix)
                # "pay" -> "оплатить" must find "оплата", "deliver" -> "доставка"
                root = verb_root(form)
                if root and root != prefix:
                    prefixes.append(root)
                if form.endswith(_ADJECTIVE_END):
                    prefixes.extend(_noun_stems(form, prefix))
                else:
                    prefixes.extend(_adjective_stems(prefix))
                # "согласует" does not start as "согласовать" does, "денег" as "деньги"
                finite = verb_forms(form)
                forms = finite or (all_forms(form) if is_cyrillic_word(form) else ())
                whole.extend(f for f in forms if not f.startswith(prefix))
            elif prefix:
                whole.extend(all_forms(form))
                whole.extend(_soft_adjective(form, prefix))
    return prefixes, list(dict.fromkeys(whole))


_MIN_CUT = 6
"""A shorter prefix cut back from an English stem's "-i" is searched as whole words."""


def _cut_short(word: str, prefix: str) -> bool:
    """Whether an English word in "-y" is searched by a short prefix its stem's "-i" was cut
    back to, which starts other words: "party" by "part" finds "parts", "reply" by "repl"
    finds "replaced" (a long one still finds the word's family: "deliver", "compan")."""
    return (
        word.isascii()
        and word.endswith("y")
        and len(prefix) < min(len(word), _MIN_CUT)
        and word.startswith(prefix)
    )


def _y_forms(word: str) -> list[str]:
    """The forms of an English word in "-y" after a consonant, searched whole: "party",
    "parties", "partied", "partying"."""
    stem_ = word[:-1]
    return [word, stem_ + "ies", stem_ + "ied", word + "ing"]


def _phrase_words(translations: list[str]) -> list[str]:
    """The content words of phrase translations ("доплачивать": "extra pay", "цод": "data
    center"): each word of 4+ letters is searched, as no index word is a phrase."""
    words = (w for t in translations for w in fts_tokens(t))
    return list(
        dict.fromkeys(w for w in words if len(w) >= MIN_TRANSLATED and w not in STOP_WORDS)
    )


_ALTERNATES = {"к": "ч", "г": "ж", "х": "ш", "ц": "ч"}
"""The consonant a Russian noun's stem ends in, and the one its adjective has instead."""


def _adjective_stems(prefix: str) -> tuple[str, ...]:
    """The start of the adjective a Russian noun stem makes when its last consonant changes
    ("облак" -> "облачн" as in "облачная", "книг" -> "книжн"): a translation "cloud" must
    find "облачную АТС" too ("налог" gives "наложн", which no word starts: "наложить" is
    not found). Searched only where the index holds it."""
    last = _ALTERNATES.get(prefix[-1:])
    if last is None or not is_cyrillic_word(prefix) or len(prefix) < MIN_TRANSLATED:
        return ()
    return (prefix[:-1] + last + "н",)


def _soft_adjective(noun: str, prefix: str) -> tuple[str, ...]:
    """The forms of the "-ний" adjective a short Russian noun makes ("зима" -> "зимний",
    "лето" -> "летний"): the noun's stem is too short to search as a prefix, so "winter"
    would not find "зимнюю резину". Only an adjective the Russian dictionary knows."""
    if not is_cyrillic_word(noun) or len(prefix) + 1 < MIN_TRANSLATED:
        return ()
    if lemmas(noun)[:1] != (noun,):  # "лет" is "год" here, not "лето"
        return ()
    adjective = prefix + "ний"
    return all_forms(adjective) if known_russian_word(adjective) else ()


_ADJECTIVE_END = ("ий", "ый", "ой", "ая", "яя", "ое", "ее")
_MIN_NOUN_STEM = 5


def _noun_stems(word: str, prefix: str) -> tuple[str, ...]:
    """What a Russian adjective and the noun it is made from both start with, when the
    adjective's stem does not find the noun ("allergic" -> "аллергический" must find
    "аллергия": searched by "аллерги")."""
    if not is_cyrillic_word(word):
        return ()
    nouns = source_nouns(word)
    if not nouns:
        return ()
    noun = stem_prefix(nouns[-1])
    size = next(
        (i for i, (a, b) in enumerate(zip(prefix, noun, strict=False)) if a != b),
        min(len(prefix), len(noun)),
    )
    common = prefix[:size]
    return (common,) if len(common) >= _MIN_NOUN_STEM and common != prefix else ()


_DERIVING_PREFIXES = (
    "over", "under", "out", "re", "un", "pre", "mis", "dis", "non", "co", "sub", "multi",
    "cross", "self",
)  # fmt: skip
"""English prefixes that make a word of another ("reorder", "unused", "overbooked")."""
_DERIVING_SUFFIXES = ("ness", "less", "ably", "able", "ment", "ful", "ly", "y")
"""English suffixes that make a word of another ("moldy", "bugless", "resizable")."""
_MIN_BASE = 3


def derived_base(word: str) -> str | None:
    """The dictionary word an English word no dictionary lists is made from, by one prefix
    or suffix, or both ("reordering" -> "ordering", "unused" -> "used", "moldy" -> "mold",
    "unreadable" -> "read"); None for a word the dictionary lists, or one made of no word.

    Such a word means what its base does, near enough to search for: it is no typo of
    another word of the memory ("reordering" is not "rendering").
    """
    w = word.lower()
    if len(w) < _MIN_BASE + 2 or not (w.isascii() and w.isalpha()):
        return None
    if bilingual.translations(w, limit=1):
        return None
    heads = [w[len(p) :] for p in _DERIVING_PREFIXES if w.startswith(p)]
    for rest in (*heads, w):
        for base in (rest, *_without_suffix(rest)):
            if base != w and len(base) >= _MIN_BASE and bilingual.translations(base, limit=1):
                return base
    return None


def _without_suffix(word: str) -> list[str]:
    """The word less one deriving suffix, with a "y" it turned to "i" back ("happiness")."""
    out: list[str] = []
    for suffix in _DERIVING_SUFFIXES:
        rest = word[: -len(suffix)]
        if word.endswith(suffix) and len(rest) >= _MIN_BASE:
            out.append(rest)
            if rest.endswith("i"):
                out.append(rest[:-1] + "y")
    return out
