"""Build the short search query of the recall loop from a chat message (pure, no I/O).

:func:`build_query` keeps 3-8 content terms of a message: Jira keys and words of known
entity names first, then the other content words in message order, with Russian and
English stop words and chat filler removed.  A :class:`~memory_core.lexicon.Lexicon` finds
which known entity names a message mentions, inflected forms included.

Term rules:

* A term is a word of letters/digits (:func:`memory_core.language.tokens`), or several
  words joined by single hyphens with nothing else between them: ``ESO-159``, ``Billing-v2``,
  ``on-call``, ``2025-11-02``.  Kept whole, an ISO date stays precise: quoted for FTS5 it
  becomes the phrase ``2025 11 02``, which is how ``notes/daily/2025-11-02.md`` is indexed,
  instead of three loose numbers matching every note of the year.
* Terms hold only letters, digits and inner ``-``/``.``, so no FTS5 syntax (quotes, ``*``,
  ``^``, ``:``, parentheses) can survive; the operators ``AND OR NOT NEAR`` are English stop
  words and are dropped.  Callers still quote every term when writing an FTS5 MATCH.
* One-letter words, numbers of one or two digits and terms made only of stop words are
  dropped, unless they are part of a recognised entity name (``Falcon 6`` keeps ``6`` when
  ``Project:Falcon-6`` is known).  ``02.11.2025`` is therefore just ``2025``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from memory_core.language import JIRA_KEY_RE, STOP_WORDS, WORD_RE, normalize, stem
from memory_core.lexicon import MAX_ENTITIES, MAX_MESSAGE_CHARS, Lexicon
from memory_core.morphology import analyzer, known_russian_word

__all__ = [
    "MAX_TERMS",
    "BuiltQuery",
    "build_query",
    "named_possessives",
    "spelled_out",
    "written_as_names",
]

MAX_TERMS = 8
"""Most terms a built query keeps."""


@dataclass(frozen=True, slots=True)
class BuiltQuery:
    """The search query built from one message.

    Attributes:
        text: The kept terms, as written in the message, joined by spaces; empty when the
            message has no content words (the caller then returns recent memories).
        tokens: The kept terms lower-cased, in query order, without repeats.
        stems: The stem of each term, parallel to ``tokens`` (hyphenated terms are stemmed
            part by part: ``курсорной`` -> ``курсорн``, ``ESO-159`` -> ``eso-159``).
        entities: Names from the lexicon that the message mentions, in message order.
        jira_keys: Jira keys found in the message, as written.
    """

    text: str
    tokens: tuple[str, ...]
    stems: tuple[str, ...]
    entities: tuple[str, ...]
    jira_keys: tuple[str, ...]


@dataclass(slots=True)
class _Term:
    surface: str
    first: int  # first word index
    last: int  # one past the last word index
    jira: bool = False


def _split_terms(text: str) -> tuple[list[str], list[_Term]]:
    """Split text into words and group them into terms (hyphen compounds, dates, Jira keys)."""
    jira_spans = [(m.start(), m.end()) for m in JIRA_KEY_RE.finditer(text)]
    words: list[str] = []
    terms: list[_Term] = []
    prev_end = -1
    prev_jira = -1
    span_index = 0
    for match in WORD_RE.finditer(text):
        start, end = match.span()
        word = match.group()
        while span_index < len(jira_spans) and jira_spans[span_index][1] <= start:
            span_index += 1
        in_jira = span_index < len(jira_spans) and jira_spans[span_index][0] <= start
        jira_id = span_index if in_jira else -1
        gap = text[prev_end:start] if prev_end >= 0 else " "
        joined = gap == "-" and jira_id == prev_jira
        if joined and terms:
            last = terms[-1]
            last.surface = text[start - len(last.surface) - 1 : end]
            last.last += 1
        else:
            terms.append(_Term(word, len(words), len(words) + 1, jira=jira_id >= 0))
        words.append(word)
        prev_end, prev_jira = end, jira_id
    return words, terms


_ONE_ON_ONE_RE = re.compile(
    r"(?<![\w:/.-])(?:1\s?[:/xх×-]\s?1|1\s?(?:on|на)\s?1|one[\s-]on[\s-]one|"
    r"один[\s-]на[\s-]один|ван[\s-]?ту[\s-]?ван)(?![\d:/.])",
    re.IGNORECASE,
)
ONE_ON_ONE = "1on1"
"""How a one-on-one meeting is searched, however it is written ("1:1", "1-1", "one-on-one",
"один на один"): the word note folders and titles use (``notes/1on1/...``)."""


_PHRASAL: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(rf"\b{verb}\s+{particle}\b", re.IGNORECASE), word)
    for verb, particle, word in (
        (r"sign(?:s|ed|ing)?", "off", "signoff"),
        (r"sign(?:s|ed|ing)?", "up", "register"),
        (r"roll(?:s|ed|ing)?", "out", "rollout"),
        (r"roll(?:s|ed|ing)?", "back", "rollback"),
        (r"step(?:s|ped|ping)?", "down", "resign"),
        (r"hand(?:s|ed|ing)?", "over", "handover"),
        (r"back(?:s|ed|ing)?", "up", "backup"),
        (r"pa(?:y|ys|id|ying)", "out", "payout"),
        (r"(?:sign|log)(?:s|ged|ging|ed|ing)?", "(?:in|on)", "login"),
        (r"(?:sign|log)(?:s|ged|ging|ed|ing)?", "out", "logout"),
        (r"(?:write|writes|wrote|written|writing)", "off", "writeoff"),
        (r"(?:pick)(?:s|ed|ing)?", "up", "pickup"),
        (r"(?:set|sets|setting)", "up", "setup"),
        (r"(?:kick)(?:s|ed|ing)?", "off", "kickoff"),
        (r"(?:check)(?:s|ed|ing)?", "in", "checkin"),
        (r"(?:shut|shuts|shutting)", "down", "shutdown"),
        (r"(?:lay|lays|laid|laying)", "off", "layoff"),
        (r"(?:follow)(?:s|ed|ing)?", "up", "followup"),
        (r"(?:cut|cuts|cutting)", "off", "cutoff"),
        (r"(?:break|breaks|broke|broken|breaking)", "down", "breakdown"),
        (r"(?:hand)(?:s|ed|ing)?", "(?:in)", "submit"),
        (r"(?:speed)(?:s|ed|ing)?", "up", "speedup"),
        (r"(?:run|runs|ran|running)", "out", "expire"),  # "do loyalty points ever run out"
        (r"(?:call)(?:s|ed|ing)?", "off", "cancel"),
        (r"(?:put|puts|putting)", "off", "postpone"),
        (r"(?:go|goes|went|gone|going)", "live", "launch"),
    )
)
"""English phrasal verbs whose particle is a stop word, and the one word they mean ("who
signs off on budgets" asks who signs or approves them: see ``signoff`` in the thesaurus;
"how do users sign in" asks about ``login``, "when did we write off X" about a
``writeoff``). The glossary translates each of those words."""

_IN_LAW = re.compile(
    r"\b(mother|father|brother|sister|son|daughter|parent)s?\s+in\s+laws?\b", re.IGNORECASE
)
"""An in-law written apart ("my mother in law") is the one word it is hyphened ("тёща")."""

_NEAR_PERIOD = re.compile(
    r"\b(?:(?:в|на|за|до|к|с|со)\s+)?(?:прошл(?:ом|ый|ого|ой|ую)|"
    r"следующ(?:ем|ий|его|ей|ую)|будущ(?:ем|ий|его))\s+"
    r"(?:году|год|года|месяце|месяц|месяца|неделе|неделю|недели)\b"
    r"|\b(?:last|next|coming)\s+(?:year|month|week)\b",
    re.IGNORECASE,
)
"""A period before or after today ("за прошлый год", "на следующей неделе", "next year")
frames the question; it is not what it is about, and "год" in it would match any line with
a year. ("в этом году" stays: with a word whose translations are broad, "когда корпоратив в
этом году", the year keeps one weak word from answering alone.)"""

_GO_DOING = re.compile(r"\b(?:go|goes|went|gone)\s+(?P<doing>[a-z]{2,}ing)\b")
"""Lower-case "go" before an -ing word says only that one does it: "when do i go swimming"
asks about swimming (and "go" alone would be the Go language); "go running" is the sport
("who is running X" manages it), searched as jogging."""


def _doing(match: re.Match[str]) -> str:
    doing = match.group("doing")
    return "jogging" if doing == "running" else doing


_AFTER_HOW = frozenset(["long", "many", "much", "often", "frequently", "far", "old", "soon"])
"""Words that only ask for a measure after "how" ("how long do we keep logs")."""


def _join_strangers(terms: list[_Term], firsts: Sequence[int]) -> list[_Term]:
    """Make each stranger's full name one term, searched whole: "Дмитрия Пака" is not
    Дмитрий Цой's first name and Людмила Пак's surname (see :func:`lexicon.strangers`)."""
    out: list[_Term] = []
    starts = set(firsts)
    for term in terms:
        prev = out[-1] if out else None
        if (
            prev is not None
            and prev.first in starts
            and prev.last == prev.first + 1 == term.first
            and term.last == term.first + 1
            and not (prev.jira or term.jira)
        ):
            prev.surface = f"{prev.surface} {term.surface}"
            prev.last = term.last
            continue
        out.append(term)
    return out


def _is_content(term: _Term, words: Sequence[str]) -> bool:
    parts = words[term.first : term.last]
    if len(parts) == 1 and (len(parts[0]) == 1 or (parts[0].isdigit() and len(parts[0]) < 3)):
        return False
    after_how = len(parts) == 1 and term.first > 0 and normalize(words[term.first - 1]) == "how"
    if after_how and normalize(parts[0]) in _AFTER_HOW:
        return False  # "how does", "how is" go on: a function word all the same
    if not all(normalize(part) in STOP_WORDS for part in parts):
        return True
    return len(parts) == 2 and _noun_compound(parts)


def _noun_compound(parts: Sequence[str]) -> bool:
    """Whether a hyphenated English compound of stop words is a word of its own.

    "check-in", "check-up", "get-together" are nouns, though "check" and "in" alone are
    phrasing; Russian ones of stop words are pronouns and particles ("кто-то", "из-за")
    and stay out, as do short English ones ("so-so") and longer phrases ("more-or-less").
    """
    return all(p.isascii() and p.isalpha() for p in parts) and max(map(len, parts)) >= 4


def _term_stem(term: _Term, words: Sequence[str]) -> str:
    return "-".join(stem(word) for word in words[term.first : term.last])


def _lower(word: str) -> str:
    """Lower-case a term, dropping marks that lower-casing adds (``İ`` -> ``i``, not ``i̇``)."""
    lowered = word.lower()
    if lowered.isascii():
        return lowered
    return "".join(ch for ch in lowered if not unicodedata.combining(ch))


def _inside(start: int, end: int, key: tuple[int, int]) -> bool:
    """Whether words ``start:end`` are part of a Jira key's words, not all of them."""
    return key[0] <= start and end <= key[1] and (start, end) != key


def build_query(
    message: str,
    lexicon: Lexicon | None = None,
    *,
    ordinary: Callable[[str], bool] | None = None,
) -> BuiltQuery:
    """Build the recall query for one chat message.

    Jira keys come first, then terms that are part of a known entity name, then the other
    content terms in message order; stop words and filler are dropped, repeats removed and
    the result capped at :data:`MAX_TERMS`.  A short message gives fewer terms (``ESO-159``
    gives just that); nothing is padded.

    Args:
        message: The user's message, any language or junk; never raises.
        lexicon: Known entity names; without it ``entities`` is empty and no term gets the
            entity priority.
        ordinary: Tells an ordinary word that is no one's first name: in lower case, an
            English one names no person by spelling their Cyrillic name ("pack" is not
            "Пак"; see :meth:`Lexicon.find`).

    Returns:
        The built query.
    """
    text = unicodedata.normalize("NFC", message[:MAX_MESSAGE_CHARS])
    text = _ONE_ON_ONE_RE.sub(ONE_ON_ONE, text)
    for pattern, word in _PHRASAL:
        text = pattern.sub(word, text)
    text = _GO_DOING.sub(_doing, text)
    text = _IN_LAW.sub(r"\1-in-law", text)
    text = _NEAR_PERIOD.sub(" ", text)
    words, terms = _split_terms(text)
    matches, strangers = (
        lexicon._match_people(words, ordinary) if lexicon is not None else ([], [])
    )
    # "TIL" of "TIL-999" is the ticket's project code, not the project "Till": only the
    # whole key names something (the ticket)
    keys = [(t.first, t.last) for t in terms if t.jira]
    matches = [m for m in matches if not any(_inside(m.start, m.end, key) for key in keys)]
    if strangers:
        terms = _join_strangers(terms, strangers)
    in_entity = [False] * len(words)
    entities: list[str] = []
    for match in matches:
        in_entity[match.start : match.end] = [True] * (match.end - match.start)
        entities.extend(match.names)
    if lexicon is not None:
        entities.extend(lexicon._match_paths(text))

    jira: list[_Term] = []
    named: list[_Term] = []
    other: list[_Term] = []
    for term in terms:
        if term.jira:
            jira.append(term)
        elif any(in_entity[term.first : term.last]):
            named.append(term)
        elif _is_content(term, words):
            other.append(term)

    kept: dict[str, _Term] = {}
    for term in (*jira, *named, *other):
        key = normalize(term.surface)
        if key not in kept:
            kept[key] = term
            if len(kept) == MAX_TERMS:
                break
    chosen = list(kept.values())
    return BuiltQuery(
        text=" ".join(term.surface for term in chosen),
        tokens=tuple(_lower(term.surface) for term in chosen),
        stems=tuple(_term_stem(term, words) for term in chosen),
        entities=tuple(dict.fromkeys(entities))[:MAX_ENTITIES],
        jira_keys=tuple(dict.fromkeys(term.surface for term in jira)),
    )


_CONTRACTIONS = {
    **{f"{w}s": f"{w} is" for w in ("who", "what", "where", "when", "how", "why", "that")},
    **{f"{w}s": f"{w} is" for w in ("there", "here")},
    **{f"{w}nt": f"{w} not" for w in ("do", "does", "did", "is", "are", "was", "were")},
    **{f"{w}nt": f"{w} not" for w in ("has", "have", "had", "could", "should", "would")},
    "cant": "can not",
    "wont": "will not",
    "im": "i am",
    "ive": "i have",
    "youre": "you are",
    "theyre": "they are",
    "weve": "we have",
    "youve": "you have",
    "theyve": "they have",
}
"""English contractions as chats write them without the apostrophe, and what they say."""
_CONTRACTION_RE = re.compile(r"\b(?:" + "|".join(_CONTRACTIONS) + r")\b", re.IGNORECASE)


def spelled_out(message: str) -> str:
    """The message with English contractions written without an apostrophe spelled out:
    "whos sonya's doctor" asks what "who is sonya's doctor" does, and "whos" is no word
    to search for."""
    return _CONTRACTION_RE.sub(_spell_out, message)


def _spell_out(match: re.Match[str]) -> str:
    word = match.group()
    return word if word.isupper() else _CONTRACTIONS[word.lower()]  # "IM" is a messenger


_POSSESSIVE_NAME = re.compile(
    r"\b(?P<stem>[А-ЯЁа-яё]{2,}?)(?:ин|ина|ино|ины|ину|иной|иного|иному|иным|ином|иных|иными)\b"
)


def named_possessives(
    message: str, lexicon: Lexicon, ordinary: Callable[[str], bool] | None = None
) -> str:
    """The message with a Russian possessive made from a first name the memory holds put as
    that name: "ольгины цветы" asks about Ольга, "Наташин день рождения" about Наташа.

    A word the dictionary knows as something else ("машина", "магазин", "Мартин") is left
    as it is, and so is any other word when no person of that first name is known."""
    text = message[:MAX_MESSAGE_CHARS]

    def named(m: re.Match[str]) -> str:
        word = m.group(0)
        # the memory's names first (cheap): the dictionary is asked only about a word that
        # is no name itself and is made from one the memory holds
        names = (f"{m['stem']}а", f"{m['stem']}я")
        person = next((n for n in names if _names_a_person(lexicon, n, ordinary)), None)
        if person is None:
            return word
        if lexicon.find(word, ordinary) or not _may_be_possessive(word.lower()):
            return word
        return person

    text = _POSSESSIVE_NAME.sub(named, text)
    return _LATIN_POSSESSIVE.sub(lambda m: _latin_possessive(m, lexicon, ordinary), text)


_LATIN_POSSESSIVE = re.compile(r"\b(?P<stem>[A-Za-z]{3,})s\b(?![-\w])")


def _latin_possessive(
    m: re.Match[str], lexicon: Lexicon, ordinary: Callable[[str], bool] | None
) -> str:
    """A known person's name with an "s" and no apostrophe ("nadias 1on1") is their
    possessive, unless the word is one of its own ("marks", "jobs")."""
    word, name = m.group(0), m["stem"]
    if not _names_a_person(lexicon, name, ordinary):  # most words: no one's name
        return word
    if (ordinary is not None and ordinary(word)) or lexicon.find(word, ordinary):
        return word
    return f"{name}'s"


def _names_a_person(lexicon: Lexicon, name: str, ordinary: Callable[[str], bool] | None) -> bool:
    return any(n.startswith(("Person:", "User:")) for n in lexicon.find(name, ordinary))


def _may_be_possessive(word: str) -> bool:
    """Whether the dictionary reads a word as a possessive, or does not know it at all."""
    morph = analyzer()
    if morph is None:  # no dictionary: "машина" cannot be told from Маша's
        return False
    return not known_russian_word(word) or any("Poss" in p.tag for p in morph.parse(word))


_LATIN_NAME = re.compile(r"\b[A-ZÀ-ÖØ-ÞĀ-ž][a-zß-öø-ÿĀ-ž]{2,}\b")
"""A capitalised Latin word, marked letters too ("Matúš", "Łukasz", "Øyvind"; Latin
Extended-A holds both cases of each letter, so :func:`_capitalised` tells them apart)."""


def _capitalised(word: str) -> bool:
    """Whether a word is a capital and small letters only ("Kováč", not "ĽUBO")."""
    return word[0].isupper() and word[1:].islower()


_MIXED_CASE = re.compile(r"\b[A-Za-z]*[a-z][A-Z][A-Za-z0-9]*\b")
"""A word with a capital after a small letter ("GraphQL", "iOS", "ClickHouse"): a name
wherever it stands, as no sentence start writes a word so."""
_BEFORE = 16
"""How far before a word its sentence's start is looked for (a few spaces or quotes)."""


_AFTER_PROJECT = re.compile(
    r"\b(?:project|проект[а-яё]{0,2})\s+([^\W\d_][\w-]{2,})", re.IGNORECASE
)
"""A word right after "project" / "проект" names one ("status of project aurora")."""
_CODE_NAME = re.compile(r"\b(?=[^\W_]*\d)(?=[^\W_]*[^\W\d_])[^\W_]{2,}\b")
"""A word of letters and digits ("1С", "S3", "k8s", "2ГИС"): the name of a product, a
service or a model, in any script, as no ordinary word is written so."""
_COUNTED = re.compile(r"\d+(?:[a-zа-яё]{1,3}|[KMB])|[QHqh]\d|\d+[xх×]\d+")
"""What a number with letters usually is instead: a count or a time with its unit ("10am",
"5pm", "3д", "2025г", "10k", "5M", "1st"), a quarter or a half year ("Q3", "H1"), a size
("4x4")."""


def written_as_names(message: str) -> frozenset[str]:
    """The words a message writes as names, lower-cased: Latin words capitalised, not where
    a sentence starts ("проект Falcon", "who leads Phoenix now"), or written in mixed case
    anywhere ("GraphQL for the public API?"), and words of letters and digits in any script
    ("переход на 1С", "S3"), unless they count something ("10am", "Q3")."""
    text = message[:MAX_MESSAGE_CHARS]
    names = set()
    for match in _LATIN_NAME.finditer(text):
        if not _capitalised(match.group()):
            continue
        before = text[max(0, match.start() - _BEFORE) : match.start()]
        lead = before.rstrip(" \t\"'«(")
        if match.start() <= _BEFORE and not lead:
            continue  # the message starts with it
        if lead and lead[-1] not in ".!?…\n":
            names.add(match.group().lower())
    names.update(m.group().lower() for m in _MIXED_CASE.finditer(text))
    names.update(
        m.group(1).lower()
        for m in _AFTER_PROJECT.finditer(text)
        if normalize(m.group(1)) not in STOP_WORDS
    )
    names.update(
        m.group().lower() for m in _CODE_NAME.finditer(text) if not _COUNTED.fullmatch(m.group())
    )
    return frozenset(names)
