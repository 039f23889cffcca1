"""Turn Russian and English text into comparable words: folding, tokens, stop words, stems.

Everything here is pure (no I/O) and deterministic, so the same function can be applied to
stored text and to a user's message and the two sides agree.

Three levels of sameness are offered:

* :func:`fold` mirrors what SQLite FTS5 ``unicode61 remove_diacritics 2`` does to a token:
  Unicode case folding plus removal of diacritics from Latin letters.  It keeps Cyrillic
  ``ё`` and ``й`` distinct, exactly as FTS5 does (checked against SQLite 3.40: the index
  holds ``ёлка`` and ``йогурт``, not ``елка``/``иогурт``).
* :func:`normalize` is :func:`fold` plus ``ё`` -> ``е``, for matching in Python where a user
  who types ``Киселева`` must still find ``Киселёва``.
* :func:`stem` maps inflected forms to one key: English uses Snowball; Russian uses a light
  case-ending stripper (see :func:`stem` for why plain Snowball is not enough for names).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

import snowballstemmer

__all__ = [
    "JIRA_KEY_RE",
    "STOP_WORDS",
    "STOP_WORDS_EN",
    "STOP_WORDS_RU",
    "WORD_RE",
    "fold",
    "is_cyrillic",
    "is_stop_word",
    "jira_keys",
    "normalize",
    "stem",
    "tokens",
]

JIRA_KEY_RE = re.compile(r"(?<![A-Za-z0-9])[A-Z][A-Z0-9]+-\d+(?![A-Za-z0-9])")
"""A Jira issue key such as ``ESO-159``; case-sensitive, as Jira writes them."""

WORD_RE = re.compile(r"[^\W_]+")
"""A word: a run of letters and digits (any script). Everything else separates words,
including ``_``, which Python's ``\\w`` would otherwise keep."""
_CYRILLIC_RE = re.compile(r"[\u0400-\u04ff]")
_LATIN_RE = re.compile(r"[a-z]")

# Russian nominal case endings (nouns, adjectives, surnames, first names), after ё -> е.
# Longest first; an ending is removed only if enough of the word remains (see _strip_ending).
_RU_ENDINGS: tuple[str, ...] = tuple(
    sorted(
        {
            "иями",
            "ого", "его", "ому", "ему", "ыми", "ими", "ами", "ями",
            "ием", "иям", "иях", "ией", "еем", "аем",
            "ой", "ей", "ый", "ий", "ай", "ым", "им", "ом", "ем", "ам", "ям",
            "ою", "ею", "ую", "юю", "аю", "ая", "яя", "ея", "ия",
            "ое", "ее", "ые", "ие", "ых", "их", "ах", "ях", "ию", "ии", "ов", "ев",
            "а", "я", "у", "ю", "е", "и", "ы", "о", "й", "ь",
        },
        key=len,
        reverse=True,
    )
)  # fmt: skip
# Endings a nominative can *end with* while being a bare stem (Петров, Лебедев, Максим,
# Артём, Адам): after removing an oblique ending ("Петров|у") we remove these too, so the
# nominative and the oblique forms land on the same key.
_RU_SECOND_PASS: tuple[str, ...] = ("ов", "ев", "им", "ем", "ом", "ам", "ым")
# Fleeting vowels in common first names: Лев/Льва, Павел/Павла.
_RU_FLEETING: dict[str, str] = {"льв": "лев", "павл": "павел"}

_STEMMER_EN = snowballstemmer.stemmer("english")


def _word_list(block: str) -> frozenset[str]:
    """Read a whitespace-separated word list."""
    return frozenset(block.split())


STOP_WORDS_RU: frozenset[str] = _word_list(
    """
    а б в во вот все всё всего всех всю вы вам вас ваш ваша ваше ваши где да даже для до
    его ее её ей ему если есть еще ещё же ж за зачем здесь и из изо или им их к ко
    как какая какие каким каких какое какой какую каком какого какому какими ком кому кого
    когда кто куда ли либо
    м меня мне мной мог могу может можно мой моя мое моё мои мою моего моему моем моём
    мы на над надо нам нас наш наша
    наше наши не него нее неё ней нельзя нет ни нибудь никогда ним них ничего но ну о об обо
    он она они оно опять от ото перед по под при про раз с сам сама сами само свой своя свое
    своё свои себе себя сейчас со так такая также такие такое такой там тебе тебя тем теперь
    то тобой тогда того тоже той только том тот ту тут ты у уж уже хоть хотя чего чей чем
    через что чтоб чтобы чье чьё чья эта эти это этого этой этом этот эту я
    был была были было быть будет будут буду бы
    который которая которое которые которого которой котором
    почему сколько откуда неужели разве ведь вдруг будто почти совсем чуть
    пожалуйста пжл плз спасибо привет здравствуй здравствуйте добрый
    напомни напомните напомнить расскажи расскажите рассказать скажи скажите сказать
    покажи покажите показать найди найдите найти подскажи подскажите дай дайте
    помнишь помню знаешь знаю говорил говорила говорили говорю говорит сказал сказала
    сказали писал писала писали
    насчет насчёт кстати вообще просто типа короче ок окей ладно давай можешь хочу нужно
    слушай слушайте слышь глянь гляньте плиз пж
    лежит лежат валяется валяются нового новенького скинь скиньте кинь киньте пришли
    пришлите перешли перешлите отправь отправьте спроси спросите спросить узнай узнайте
    узнать уточни уточните уточнить посмотри посмотрите посмотреть гляну глянуть
    набрать набери наберу позвонить позвони позвоню звякнуть звякни написать напиши напишу
    вечером утром днем днём ночью часто
    скока скоко скольк чо шо че чё
    потом позже попозже вернусь вернемся вернёмся отпишусь
    нашего нашему нашим наших нашими нашей нашу вашего вашему вашим ваших вашими вашей вашу
    брать взять возьми возьму берем берём
    зовут звать штука штуки штуку штукой штуковина штуковину штуковины
    """
)
"""Russian function words and chat filler. Content nouns (статус, решение, риск) are kept."""

STOP_WORDS_EN: frozenset[str] = _word_list(
    """
    a about above after again against all am an and any are as at be because been before
    being below between both but by can could d did do does doing don down during each few
    for from further had has have having he her here hers herself him himself his how i if
    in into is it its itself just ll m me more most my myself near no nor not now o of off
    on once only or other our ours ourselves out over re s same she should so some such t
    than that the their theirs them themselves then there these they this those through to
    too under until up us ve very was we were what when where which while who whom whose
    why will with would y you your yours yourself yourselves
    also anything something everything may might must shall let lets via per regarding
    ok okay yes yeah hi hello hey please pls plz thanks thank
    remind tell show find give get know remember recall say says said told talk talked
    mention mentioned gonna wanna going
    send ask asked check lookup done
    nah nope yep yup lol btw imo imho tbh thx ty
    thing things stuff
    ever still already yet even
    doesn isn aren wasn weren didn hasn haven hadn couldn wouldn shouldn mustn needn ain
    whats thats hows wheres
    """
)
"""English function words and chat filler. Content nouns (status, risk, decision) are kept."""

STOP_WORDS: frozenset[str] = STOP_WORDS_RU | STOP_WORDS_EN
"""Union of both lists; compare against :func:`normalize`'d words."""


@lru_cache(maxsize=4096)
def _fold_char(ch: str) -> str:
    folded = ch.casefold()
    if len(folded) != 1:  # "ß" -> "ss", "İ" -> "i̇": FTS5 keeps one character
        lower = ch.lower()
        folded = lower if len(lower) == 1 else ch
    decomposed = unicodedata.normalize("NFD", folded)
    base = decomposed[0]
    if (
        len(decomposed) > 1
        and base.isascii()
        and base.isalpha()
        and all(unicodedata.combining(mark) for mark in decomposed[1:])
    ):
        return base.lower()
    return folded


def fold(text: str) -> str:
    """Fold text the way SQLite FTS5 ``unicode61 remove_diacritics 2`` folds tokens.

    Case is folded (``Straße`` -> ``straße``, ``ΣΟΦΙΑ`` -> ``σοφια``) and diacritics are
    removed from Latin letters (``café`` -> ``cafe``); Cyrillic ``ё``/``й`` are kept.

    Args:
        text: Any text.

    Returns:
        The folded text, same separators as the input.
    """
    if text.isascii():
        return text.lower()
    # Case folding is one C pass; the few characters folded otherwise are mended one by one
    # (folding every character in Python took most of a "forget" that reads every line).
    pieces = _UNLIKE_CASEFOLD.split(text)
    if len(pieces) == 1:
        return text.casefold()
    return "".join(
        piece.casefold() if n % 2 == 0 else _fold_char(piece) for n, piece in enumerate(pieces)
    )


_FOLD_BLOCKS = ((0x0080, 0x0600), (0x1E00, 0x2000), (0x2100, 0x2150), (0xFB00, 0xFB50))
"""Where the characters :func:`_fold_char` folds otherwise than ``str.casefold`` are: Latin
letters with marks (they lose them), and those whose case fold is several characters."""


def _unlike_casefold() -> re.Pattern[str]:
    """A pattern capturing each character :func:`_fold_char` folds otherwise than casefold."""
    chars = (chr(code) for low, high in _FOLD_BLOCKS for code in range(low, high))
    unlike = "".join(re.escape(c) for c in chars if _fold_char(c) != c.casefold())
    return re.compile(f"([{unlike}])")


_UNLIKE_CASEFOLD = _unlike_casefold()


def normalize(text: str) -> str:
    """Fold text for matching in Python: :func:`fold`, then ``ё`` -> ``е``.

    Args:
        text: Any text.

    Returns:
        The NFC-composed, folded text with ``ё`` replaced by ``е``.
    """
    if text.isascii():
        return text.lower()
    return fold(unicodedata.normalize("NFC", text)).replace("ё", "е")


def tokens(text: str) -> list[str]:
    """Split text into words of letters and digits, keeping their surface form.

    Anything that is not a letter or digit separates words, including ``_ - : / .`` and
    FTS5 syntax characters, so ``ESO-159`` gives ``["ESO", "159"]`` (use :func:`jira_keys`
    to see the key) and ``notes/a_b.md`` gives ``["notes", "a", "b", "md"]``.

    Args:
        text: Any text; it is NFC-composed first so accents stay inside their word.

    Returns:
        The words in order, case preserved.
    """
    return WORD_RE.findall(unicodedata.normalize("NFC", text))


def jira_keys(text: str) -> list[str]:
    """Find Jira issue keys (``[A-Z][A-Z0-9]+-\\d+``) in text, in order, without repeats.

    Args:
        text: Any text.

    Returns:
        The keys as written, e.g. ``["ESO-159", "BIL-92"]``.
    """
    return list(dict.fromkeys(JIRA_KEY_RE.findall(text)))


def is_stop_word(word: str) -> bool:
    """Tell whether a word is a Russian or English function word or chat filler.

    Args:
        word: A single word in any case.

    Returns:
        True for words like ``что``, ``about``, ``пожалуйста``; False for content words.
    """
    return normalize(word) in STOP_WORDS


def is_cyrillic(word: str) -> bool:
    """Tell whether a word contains Cyrillic letters.

    Args:
        word: A single word.

    Returns:
        True if any character is in the Cyrillic block.
    """
    return _CYRILLIC_RE.search(word) is not None


def _strip_ending(word: str, endings: tuple[str, ...]) -> str:
    for ending in endings:
        # Keep at least 3 letters before a multi-letter ending and 2 before a one-letter one,
        # so short names (Лев, Ян, Адам) are not eaten.
        if word.endswith(ending) and len(word) - len(ending) >= (3 if len(ending) > 1 else 2):
            return word[: -len(ending)]
    return word


def _stem_russian(word: str) -> str:
    base = _strip_ending(word, _RU_ENDINGS)
    if base != word:
        base = _strip_ending(base, _RU_SECOND_PASS)
    return _RU_FLEETING.get(base, base)


@lru_cache(maxsize=65536)
def stem(token: str) -> str:
    """Reduce one word to a stem shared by its inflected forms.

    The script decides the language. Latin words use the Snowball English stemmer (in C
    when PyStemmer is installed, a dependency; the same stems as snowballstemmer's Python).
    Cyrillic words use a light stripper of Russian case endings: Snowball Russian
    over-stems proper nouns inconsistently (``иван``/``ивана`` -> ``ива`` but ``ивану`` ->
    ``иван``; ``петров`` -> ``петр`` but ``петрову`` -> ``петров``; ``никите`` -> ``ник``),
    which breaks "Ивану Петрову" -> ``Person:Иван Петров``.  The stripper removes one case
    ending, then a nominative-looking tail (``-ов``, ``-ев``, ``-им``, ``-ем``...), so
    ``Иван/Ивану/Ивана`` -> ``иван``, ``Петров/Петрову/Петровой`` -> ``петр``,
    ``курсорная/курсорной`` -> ``курсорн``, ``пагинация/пагинации`` -> ``пагинац``,
    ``проект/проекта/проектов`` -> ``проект``.  Other words (digits, other scripts) are
    only normalized.

    Args:
        token: One word, any case (``ё`` is treated as ``е``).

    Returns:
        The stem, lower-case.
    """
    word = normalize(token)
    if is_cyrillic(word):
        return _stem_russian(word)
    if _LATIN_RE.search(word):
        return str(_STEMMER_EN.stemWord(word))
    return word
