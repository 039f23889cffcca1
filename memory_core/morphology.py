"""Russian lemmas and name forms: any case or number of a name or noun back to its normal form.

:func:`lemmas` turns ``Ивану``, ``Петровых``, ``Лилией``, ``пагинации`` into ``иван``,
``петров``, ``лилия``, ``пагинация`` with the pymorphy3 dictionary analyzer (OpenCorpora
dictionary, package ``pymorphy3-dicts-ru``). :func:`name_forms` adds the full name for a
common diminutive and the diminutives for a full name (``Мишки`` -> ``мишка``, ``михаил``).

The analyzer is loaded on first use, once per process and under a lock, never at import
time, so commands that never look at Russian words start as fast as before.  Loading it
(import plus dictionaries) takes 40-55 ms and adds 24 MB of resident memory; a parse then
costs about 60 us per word before the cache (2-core development machine, warm disk
cache).  Without pymorphy3 (a bare machine) both functions fall back to
:func:`language.stem`: the "lemma" is then a stem (``Петровых`` -> ``петр``) and name
forms are stems too, which is still consistent within one process.

Some full names and diminutives are also everyday words (Вера, Любовь, Надежда, Лев,
Слава): apply :func:`name_forms` to words used as names, not to every word of a message.

Outputs are lower case with ``ё`` written ``е``, as :func:`language.normalize` makes them.
"""

from __future__ import annotations

import logging
import threading
from functools import lru_cache
from typing import Any

from memory_core.language import is_cyrillic, normalize, stem

__all__ = [
    "MAX_LEMMAS",
    "analyzer",
    "backend",
    "full_names",
    "lemmas",
    "name_forms",
    "related_names",
]

MAX_LEMMAS = 3
"""At most this many lemmas are returned for one word."""

logger = logging.getLogger(__name__)

_lock = threading.Lock()
_loaded: list[Any] = []  # [analyzer or None] once loading has been tried
_NAME_TAGS = frozenset({"Name", "Surn", "Patr"})

# Full name: its common diminutives (nominative, ё as е).  A diminutive that is also an
# everyday word after ё -> е is left out: Тёма (тема), Поля (поля).
_DIMINUTIVES_TEXT = """
александр: саша шура саня сашка санек санька сашенька шурик
алексей: леша алеша леха лешка алеха
анатолий: толя толик
андрей: андрюша андрюха
антон: антоша тоша тоха
аркадий: аркаша
артем: артемка
борис: боря
вадим: вадик
валентин: валя
валерий: валера
василий: вася васька
виктор: витя витек витька
виталий: виталик витя
владимир: вова володя вовка
владислав: влад владик слава
всеволод: сева
вячеслав: слава славик
геннадий: гена
георгий: гоша жора
григорий: гриша
даниил: даня данила
денис: дениска
дмитрий: дима димка митя димон
евгений: женя женька
егор: егорка
иван: ваня ванечка ванюша ванька
игорь: игорек
илья: илюша илюха
кирилл: кирюша киря
константин: костя
леонид: леня
лев: лева
максим: макс
матвей: мотя
михаил: миша мишка мишаня
николай: коля колян
олег: олежка
павел: паша павлик
петр: петя
роман: рома ромка
святослав: слава
семен: сеня
сергей: сережа серега
станислав: стас слава
степан: степа
тимофей: тима тимоша
федор: федя
эдуард: эдик
юрий: юра юрка
яков: яша
ярослав: ярик слава
александра: саша шура сашенька
алина: аля
анастасия: настя настенька ася
анна: аня анечка анюта нюра
антонина: тоня
валентина: валя
валерия: лера
варвара: варя
вера: верочка
вероника: ника
виктория: вика
галина: галя
дарья: даша дашенька
евгения: женя
екатерина: катя катюша катька
елена: лена леночка
елизавета: лиза
зинаида: зина
ирина: ира ирочка
ксения: ксюша
лариса: лара
лидия: лида
лилия: лиля
любовь: люба
людмила: люда мила
маргарита: рита марго
мария: маша машенька маня машка
надежда: надя
наталья: наташа ната
наталия: наташа ната
ольга: оля оленька
раиса: рая
светлана: света
софия: соня
софья: соня
таисия: тая
тамара: тома
татьяна: таня танечка
ульяна: уля
юлия: юля юленька
"""


def _read_diminutives(text: str) -> tuple[dict[str, frozenset[str]], dict[str, frozenset[str]]]:
    """Parse the table into full name -> diminutives and diminutive -> full names."""
    down: dict[str, set[str]] = {}
    up: dict[str, set[str]] = {}
    for line in text.strip().splitlines():
        full, _, shorts = line.partition(":")
        for short in shorts.split():
            down.setdefault(full, set()).add(short)
            up.setdefault(short, set()).add(full)
    return (
        {k: frozenset(v) for k, v in down.items()},
        {k: frozenset(v) for k, v in up.items()},
    )


_TO_DIMINUTIVES, _TO_FULL = _read_diminutives(_DIMINUTIVES_TEXT)


@lru_cache(maxsize=8192)
def known_russian_word(word: str) -> bool:
    """Whether the Russian dictionary holds this word form (not a guess for an unknown one)."""
    morph = analyzer()
    return morph is not None and bool(morph.word_is_known(word.lower()))


@lru_cache(maxsize=8192)
def first_person_verb(word: str) -> bool:
    """Whether a Russian word is most likely a verb said of oneself ("хочу", "живу"): a
    question without "я" may still be about the speaker ("куда хочу поехать летом")."""
    morph = analyzer()
    if morph is None or not is_cyrillic(word):
        return False
    tag = morph.parse(word.lower())[0].tag
    return tag.POS == "VERB" and "1per" in tag and "sing" in tag


@lru_cache(maxsize=8192)
def of_noun(head: str, word: str) -> bool:
    """Whether a Russian word is most likely a noun in the genitive said after a noun, the
    thing that noun is of ("рецепт мусаки", "расписание электричек"); not one counted
    ("сколько стоек") or said after a verb."""
    morph = analyzer()
    if morph is None or not is_cyrillic(word) or not is_cyrillic(head):
        return False
    parse = morph.parse(word.lower())[0]
    if parse.tag.POS != "NOUN" or "gent" not in parse.tag or parse.score < LIKELY_PARSE:
        return False
    return bool(morph.parse(head.lower())[0].tag.POS == "NOUN")


LIKELY_PARSE = 0.75
"""The least score of a parse taken for the word's reading."""


def analyzer() -> Any:
    """Return the process's one pymorphy3 analyzer (None if it is unavailable).

    Its dictionaries take ~20 MB, so every module that parses Russian words shares it.
    """
    return _analyzer()


def _analyzer() -> Any:
    """Return the pymorphy3 analyzer, loading it on first use; None if it is unavailable."""
    if not _loaded:
        with _lock:
            if not _loaded:
                _loaded.append(_load())
    return _loaded[0]


def _load() -> Any:
    try:
        import pymorphy3  # noqa: PLC0415 - loaded on first use, never at import time

        return pymorphy3.MorphAnalyzer(lang="ru")
    except (ImportError, OSError, ValueError) as exc:
        logger.warning("pymorphy3 unavailable, Russian words fall back to stems: %s", exc)
        return None


def backend() -> str:
    """Return which analyzer serves this process: ``"pymorphy3"`` or ``"stem"`` (loads it)."""
    return "stem" if _analyzer() is None else "pymorphy3"


def _lemma_of(parse: Any) -> str:
    """A parse's normal form; a woman's surname or patronymic keeps its gender."""
    tag = parse.tag
    if ("Surn" in tag or "Patr" in tag) and "femn" in tag and "sing" in tag:
        nominative = parse.inflect({"nomn"})  # Петровой -> петрова, not петров
        if nominative is not None:
            return str(nominative.word)
    return str(parse.normal_form)


@lru_cache(maxsize=65536)
def lemmas(word: str) -> tuple[str, ...]:
    """Return the normal forms of a Russian word, best first.

    Readings are ranked by pymorphy3's score summed per normal form; for a capitalized
    word, name readings (first name, surname, patronymic) come first, so ``Аркадию`` gives
    ``аркадий`` before the noun ``аркадия``.  A woman's surname stays feminine
    (``Петровой`` -> ``петрова``); an ambiguous one gives both (``Петрова`` -> ``петров``,
    ``петрова``); a plural surname gives the masculine form (``Петровых`` -> ``петров``).

    Args:
        word: One word, any case.

    Returns:
        Up to :data:`MAX_LEMMAS` distinct lemmas, lower case with ``ё`` as ``е``.  A word
        without Cyrillic letters (or with digits) is returned folded, alone.  Without
        pymorphy3 the single "lemma" is :func:`language.stem`.
    """
    folded = normalize(word)
    if not folded or not is_cyrillic(folded) or not folded.isalpha():
        return (folded,) if folded else ()
    morph = _analyzer()
    if morph is None:
        return (stem(folded),)
    as_name = word[:1].isupper()
    scores: dict[str, float] = {}
    for parse in morph.parse(folded):
        lemma = normalize(_lemma_of(parse))
        bonus = 1.0 if as_name and _NAME_TAGS & parse.tag.grammemes else 0.0
        scores[lemma] = scores.get(lemma, 0.0) + parse.score + bonus
    ranked = sorted(scores, key=lambda lemma: -scores[lemma])  # stable: ties keep order
    return tuple(ranked[:MAX_LEMMAS]) or (folded,)


@lru_cache(maxsize=1)
def _stem_tables() -> tuple[dict[str, frozenset[str]], dict[str, frozenset[str]]]:
    """The diminutive table keyed and valued by stems, for the fallback."""
    down: dict[str, set[str]] = {}
    up: dict[str, set[str]] = {}
    for full, shorts in _TO_DIMINUTIVES.items():
        for short in shorts:
            down.setdefault(stem(full), set()).add(stem(short))
            up.setdefault(stem(short), set()).add(stem(full))
    return (
        {k: frozenset(v) for k, v in down.items()},
        {k: frozenset(v) for k, v in up.items()},
    )


@lru_cache(maxsize=65536)
def name_forms(word: str) -> frozenset[str]:
    """Return a word's lemmas plus the related full names or diminutives.

    A diminutive gives its full names (``Саше`` -> ``саша``, ``александр``,
    ``александра``; ``Мишки`` -> ``мишка``, ``михаил``); a full name gives its diminutives
    (``Ивану`` -> ``иван``, ``ваня``, ``ванечка``...).  Diminutives of one full name are not
    linked to each other, and two full names sharing a diminutive (Александр,
    Александра) share it in their forms: to tell whether two tokens may name the same
    person, check that one token's lemma is among the other's forms, rather than
    intersecting two form sets.

    Args:
        word: One word, any case.

    Returns:
        The forms, lower case with ``ё`` as ``е`` (stems when pymorphy3 is unavailable).
    """
    found = lemmas(word)
    forms = set(found)
    if not any(is_cyrillic(lemma) for lemma in found):
        return frozenset(forms)
    if _analyzer() is None:
        down, up = _stem_tables()
        keys = set(found)
    else:  # the word itself too: the dictionary misreads a few (Толик -> толика)
        down, up = _TO_DIMINUTIVES, _TO_FULL
        keys = {*found, normalize(word)}
    for key in keys:
        related = down.get(key, frozenset()) | up.get(key, frozenset())
        if related:
            forms |= related | {key}
    return frozenset(forms)


def related_names(word: str) -> frozenset[str]:
    """The full names of a diminutive and the diminutives of a full name, from the table only.

    No analyzer is loaded: this is for indexing stored names (already in the nominative),
    where loading pymorphy3 for every name of a big memory would cost seconds.
    """
    key = normalize(word)
    return _TO_DIMINUTIVES.get(key, frozenset()) | _TO_FULL.get(key, frozenset())


def full_names(word: str) -> frozenset[str]:
    """The full names a diminutive stands for, from the table only ("саня" -> "александр").

    Empty for a word the table does not hold as a diminutive (a full name gives nothing).
    """
    return _TO_FULL.get(normalize(word), frozenset())
