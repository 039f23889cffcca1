"""Recognise small talk and requests for recent memories, and say what to answer (pure, no I/O).

A message is small talk only when *all* of it is: every word must belong to a small-talk
phrase (``спасибо``, ``good night``, ``как дела``) or be a harmless modifier (``ну``,
``большое``, ``bro``, ``тебе``).  One word outside those sets (a name, a noun, a Jira key, a
number, a question word) makes the message a question for the recall loop instead.

How a word is matched against the vocabulary (in :mod:`memory_core.smalltalk_words`):

* case, ``ё``/``е``, ``й``/``и`` and ``э``/``е`` are folded and repeated letters squeezed,
  so ``СПАСИБООО``, ``okkk``, ``хэллоу`` and ``спокоинои`` match; Latin look-alike letters
  inside a Cyrillic word are read as Cyrillic (``cпасибо`` with a Latin ``c``);
* Latin transliteration is tried for words of three letters or more (``spasibo``,
  ``dobroe utro``), and the wrong keyboard layout for words of four or more (``ghbdtn`` for
  ``привет``, ``ерфтлы`` for ``thanks``); shorter ones collide with real words;
* one typo is forgiven in the everyday words people mistype (``vocab.TYPO_PRONE``): two
  neighbours swapped, a letter missing or extra, or a vowel typed for another vowel, never in
  the first letter nor in the ending, where Russian inflects (``превет``, ``спаибо``,
  ``thnaks``).  Consonant substitutions are not forgiven, so names and words one letter away
  (``Thanos``, ``правки``, ``простой``) stay content;
* laughter is a shape (``хахаха``, ``ahahah``, ``хехе``) plus a few words (``lol``, ``кек``).

Emoji and ASCII emoticons never count as content; a message made of them only is
:attr:`SmallTalk.EMOJI`, or a more specific kind when the emoji says it (👍 ack, 🙏 thanks,
😂 laugh, 👋 greeting, 😴 good night).  When a message mixes kinds (``ок, спс``), the one that
deserves an answer wins: farewell, how-are-you, thanks, apology, greeting, ack, laugh, emoji.

:func:`asks_for_recent` tells a request to see what is remembered in general (``что ты
помнишь?``, ``show my memories``) from one about a topic (``что ты помнишь про Ивана``).
:func:`reply_for` gives the short answer, or None where silence is better.
"""

from __future__ import annotations

import enum
import re
import unicodedata
from functools import lru_cache
from itertools import pairwise, product
from typing import Final, Literal

from memory_core import smalltalk_text as fold
from memory_core import smalltalk_words as vocab
from memory_core.language import normalize

__all__ = ["Lang", "SmallTalk", "asks_for_recent", "classify", "reply_for", "text_lang"]

Lang = Literal["ru", "en"]


class SmallTalk(enum.Enum):
    """The kinds of small talk, in no particular order (see ``_PRIORITY`` for mixes)."""

    GREETING = "greeting"
    THANKS = "thanks"
    ACK = "ack"
    FAREWELL = "farewell"
    LAUGH = "laugh"
    EMOJI = "emoji"
    APOLOGY = "apology"
    HOW_ARE_YOU = "how_are_you"


# When a message mixes kinds, the first one here names it: it decides the reply.
_PRIORITY: Final = (
    SmallTalk.FAREWELL,
    SmallTalk.HOW_ARE_YOU,
    SmallTalk.THANKS,
    SmallTalk.APOLOGY,
    SmallTalk.GREETING,
    SmallTalk.ACK,
    SmallTalk.LAUGH,
    SmallTalk.EMOJI,
)

_LAUGH: Final = "<laugh>"
_LAUGH_SHAPES: Final = tuple(frozenset(s) for s in ("ах", "хе", "хи", "ha", "he", "hi", "xa"))
_NOT_LAUGH: Final = frozenset({"аха", "aha", "ahi"})
_LOL_RE = re.compile(r"l(?:[oue]l)+|л(?:[оуе]л)+")  # lol, lolol, lel, лолол

_EMOJI_KINDS: Final = {ch: SmallTalk(kind) for ch, kind in vocab.EMOJI_KINDS.items()}

_WORD_RE = re.compile(r"[^\W_]+")
_APOSTROPHE_RE = re.compile(r"(?<=\w)['’ʼ`](?=\w)")
_EMOTICON_RE = re.compile(
    r"(?<![^\W_])(?:[:;=][-'^o]?[()\[\]dpo3*|/\\]+|8-?[()]+|<3+|\^_*\^|¯\\_\(ツ\)_/¯)(?![^\W_])",
    re.IGNORECASE,
)
_PLUS_RE = re.compile(r"\++1?!*")
_MAX_CHARS: Final = 200
_MAX_WORDS: Final = 16

_CYRILLIC_RE = re.compile(r"[\u0400-\u04ff]")


def _phrases(block: str) -> list[tuple[str, ...]]:
    found: list[tuple[str, ...]] = []
    for phrase in block.split(","):
        options = [
            [*part.rstrip("?").split("|"), *([""] if part.endswith("?") else [])]
            for part in phrase.split()
        ]
        for words in product(*options):
            keys = tuple(fold.key(w) for w in words if w)
            if keys:
                found.append(keys)
    return found


_PHRASE_KIND: dict[tuple[str, ...], SmallTalk] = {}
for _kind in _PRIORITY:
    for _phrase in _phrases(vocab.PHRASES.get(_kind.value, "")):
        _PHRASE_KIND.setdefault(_phrase, _kind)
_BY_FIRST: dict[str, list[tuple[str, ...]]] = {}
for _phrase in sorted(_PHRASE_KIND, key=lambda p: (-len(p), _PRIORITY.index(_PHRASE_KIND[p]))):
    _BY_FIRST.setdefault(_phrase[0], []).append(_phrase)
_MODIFIERS: Final = frozenset(fold.key(w) for w in vocab.MODIFIERS)
_CORE_WORDS: Final = frozenset(w for phrase in _PHRASE_KIND for w in phrase)
_KNOWN: Final = _CORE_WORDS | _MODIFIERS
_TYPO_PRONE: Final = tuple(sorted(fold.key(w) for w in vocab.TYPO_PRONE))


def _is_laugh(key: str) -> bool:
    if _LOL_RE.fullmatch(key):
        return True
    return len(key) >= 3 and frozenset(key) in _LAUGH_SHAPES and key not in _NOT_LAUGH


@lru_cache(maxsize=4096)
def _readings(word: str) -> frozenset[str]:
    """Vocabulary words (or the laugh marker) that a typed word may stand for."""
    if _CYRILLIC_RE.search(word):
        word = normalize(word).translate(fold.HOMOGLYPHS)
    key = fold.key(word)
    if _is_laugh(key):
        return frozenset({_LAUGH})
    lower = normalize(word)
    found = {key} & _KNOWN
    if lower.isascii() and len(lower) >= 3:  # "go", "xm" are not "го", "хм"
        found |= {fold.key(fold.translit(lower))} & _KNOWN
    layout = fold.key(lower.translate(fold.TO_RU_LAYOUT if lower.isascii() else fold.TO_EN_LAYOUT))
    if len(layout) >= 4 and layout in _CORE_WORDS:  # shorter ones collide with real words
        found.add(layout)
    if found or len(key) < 5:
        return frozenset(found)
    return frozenset(target for target in _TYPO_PRONE if fold.one_typo(key, target))


def _parse(readings: list[frozenset[str]]) -> tuple[SmallTalk, ...] | None:
    """Cover all words with phrases and modifiers; return the kinds used, or None."""
    memo: dict[int, tuple[SmallTalk, ...] | None] = {}

    def walk(i: int) -> tuple[SmallTalk, ...] | None:
        if i == len(readings):
            return ()
        if i in memo:
            return memo[i]
        here = readings[i]
        result: tuple[SmallTalk, ...] | None = None
        if _LAUGH in here:
            rest = walk(i + 1)
            result = None if rest is None else (SmallTalk.LAUGH, *rest)
        candidates = sorted(
            (p for first in here for p in _BY_FIRST.get(first, ())),
            key=lambda p: (-len(p), _PRIORITY.index(_PHRASE_KIND[p]), p),
        )
        for phrase in candidates:
            if result is not None:
                break
            end = i + len(phrase)
            if end <= len(readings) and all(
                w in readings[i + j] for j, w in enumerate(phrase[1:], 1)
            ):
                rest = walk(end)
                result = None if rest is None else (_PHRASE_KIND[phrase], *rest)
        if result is None and here & _MODIFIERS:
            result = walk(i + 1)
        memo[i] = result
        return result

    return walk(0)


def _pick(kinds: set[SmallTalk]) -> SmallTalk | None:
    return next((kind for kind in _PRIORITY if kind in kinds), None)


def _tokens(text: str) -> list[str]:
    return _WORD_RE.findall(_APOSTROPHE_RE.sub("", unicodedata.normalize("NFC", text)))


def classify(text: str) -> SmallTalk | None:
    """Tell whether a whole message is small talk, and which kind.

    Args:
        text: The user's message as typed.

    Returns:
        The kind, or None when the message is empty or carries any content (a name, a
        noun, a number, a Jira key, a question word beyond a small-talk phrase).
    """
    stripped = text.strip()
    if not stripped or len(stripped) > _MAX_CHARS:
        return None
    if _PLUS_RE.fullmatch(stripped):  # "+", "+1": agreement in chats
        return SmallTalk.ACK
    kinds = {kind for ch in stripped if (kind := _EMOJI_KINDS.get(ch))}
    for emoticon in _EMOTICON_RE.findall(stripped):
        if emoticon[-1] in "dD":
            kinds.add(SmallTalk.LAUGH)
    words = _tokens(_EMOTICON_RE.sub(" ", stripped))
    if not words:
        return _pick(kinds) or SmallTalk.EMOJI
    if len(words) > _MAX_WORDS:
        return None
    parsed = _parse([_readings(word) for word in words])
    if not parsed:
        return None
    return _pick(kinds | set(parsed))


# --- requests for recent memories -------------------------------------------------------

_RECENT_WORDS: Final = frozenset().union(
    vocab.RECENT_QUESTION,
    vocab.RECENT_VERB,
    vocab.RECENT_SPEECH,
    vocab.RECENT_SPEAKER,
    vocab.RECENT_NOUN,
    vocab.RECENT_NOUN_CONTEXT,
    vocab.RECENT_SHOW,
    vocab.RECENT_SELF_ASKING,
    vocab.RECENT_NEUTRAL,
)
_RECENT_COMMAND_RE = re.compile(r"/recall(?:@\w+)?", re.IGNORECASE)


def asks_for_recent(text: str) -> bool:
    """Tell whether a message asks to see what is remembered in general, with no topic.

    True for ``что ты помнишь?``, ``что ты обо мне знаешь``, ``покажи память``,
    ``what do you remember``, ``show my memories``, ``/recall`` alone.  False when any word
    names a topic (``что ты помнишь про Ивана``), or when nothing asks about memory.

    Args:
        text: The user's message as typed.

    Returns:
        Whether to answer with the most recent memories.
    """
    stripped = text.strip()
    if _RECENT_COMMAND_RE.fullmatch(stripped):
        return True
    words = [normalize(w) for w in _tokens(stripped)]
    if not words or len(words) > _MAX_WORDS:
        return False
    if any(w not in _RECENT_WORDS and not _readings(w) & _CORE_WORDS for w in words):
        return False  # a topic ("про Ивана", "about Atlas") or some other request
    shown = any(w in vocab.RECENT_SHOW for w in words)
    speaker = any(w in vocab.RECENT_SPEAKER for w in words)
    asking = shown or stripped.endswith("?")
    memory_word = False
    about_me = not set(pairwise(words)).isdisjoint(vocab.RECENT_ABOUT_ME)
    pointed = not vocab.RECENT_NOUN_CONTEXT.isdisjoint(words)
    for word in words:
        if word in vocab.RECENT_QUESTION:  # "что ты помнишь", not "помнишь что"
            asking = asking or not memory_word
            memory_word = memory_word or about_me
        elif word in vocab.RECENT_SELF_ASKING:  # "напомни", "remind me"
            asking = memory_word = True
        elif word in vocab.RECENT_VERB or (speaker and word in vocab.RECENT_SPEECH):
            memory_word = True
        elif word in vocab.RECENT_NOUN:  # "в памяти", "my memories", not "what is memory"
            memory_word = memory_word or shown or pointed
    return asking and memory_word


# --- replies --------------------------------------------------------------------------

_REPLIES: Final[dict[SmallTalk, tuple[str, str]]] = {
    SmallTalk.GREETING: (
        "Hi! I keep what you ask me to remember and answer from it: say “remember …” or just ask.",
        "Привет! Я храню то, что вы просите запомнить, и отвечаю по памяти: скажите "
        "«запомни …» или просто спросите.",
    ),
    SmallTalk.THANKS: ("You're welcome!", "Пожалуйста!"),
    SmallTalk.APOLOGY: ("No problem!", "Ничего страшного!"),
    SmallTalk.HOW_ARE_YOU: (
        "All good, thanks! Ask me anything or tell me what to remember.",
        "Всё хорошо, спасибо! Спрашивайте или просите что-нибудь запомнить.",
    ),
}
_FAREWELL_REPLIES: Final = {
    False: ("See you!", "До встречи!"),
    True: ("Good night!", "Спокойной ночи!"),
}
_NIGHT_STEMS: Final = (
    "ноч",
    "ночк",
    "спат",
    "снов",
    "спок",
    "night",
    "nite",
    "gn",
    "sleep",
    "dream",
    "bed",
)


def _is_night(text: str) -> bool:
    if any(ch in vocab.NIGHT_EMOJI for ch in text):
        return True
    return any(normalize(w).startswith(_NIGHT_STEMS) for w in _tokens(text))


def reply_for(kind: SmallTalk, lang: Lang, text: str = "") -> str | None:
    """Give the short answer to small talk, or None when silence is better.

    Thanks, apologies, greetings, "how are you" and farewells get one short line; a
    greeting also says in one line what the bot does.  Acknowledgements (``ок``, 👍),
    laughter and bare emoji get None: the user closed the exchange, and any answer would
    only add noise (the bot layer may set a reaction instead).

    Args:
        kind: What :func:`classify` returned.
        lang: The language to answer in.
        text: The message itself, optional: a farewell that mentions night or sleep is
            answered with "good night" instead of "see you".

    Returns:
        Plain text (no markup), or None.
    """
    pair = _REPLIES.get(kind)
    if kind is SmallTalk.FAREWELL:
        pair = _FAREWELL_REPLIES[_is_night(text)]
    if pair is None:
        return None
    return pair[1] if lang == "ru" else pair[0]


def text_lang(text: str, default: Lang) -> Lang:
    """Guess the language to answer a message in from its letters.

    Args:
        text: The user's message.
        default: What to return when the message has no letters (emoji only).

    Returns:
        ``"ru"`` if the message has Cyrillic letters, ``"en"`` if it has only Latin ones,
        else ``default``.
    """
    if re.search(r"[\u0400-\u04ff]", text):
        return "ru"
    if re.search(r"[A-Za-z]", text):
        return "en"
    return default
