"""Turn a built query into weighed search terms: rarity weights, typo fixes, FTS expressions.

Each query word becomes a :class:`~memory_core.ranking.QueryTerm`: a word prefix (the stem
as the index folds it, with concept words of both languages, transliterations and
dictionary translations into the other language), or an exact phrase for words of several
parts. A term's weight is its rarity in the index. A word the index does not hold is a
typo to correct against the vocabulary with rapidfuzz, unless it is a dictionary word of
either language: then it is phrasing ("где лежит", "what's ... again") and weighs little,
while an unknown code or name (``Nimbus``, ``HRB-999``) weighs the most, so a question
about something not in memory finds nothing.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from itertools import pairwise

import aiosqlite
from rapidfuzz import fuzz, process

from memory_core import bilingual
from memory_core.caches import MIN_TYPO_LEN, Vocabulary, is_cyrillic_word
from memory_core.dictd import GENERIC_WORDS
from memory_core.graph_rank import is_cue
from memory_core.kinds import members
from memory_core.language import JIRA_KEY_RE, normalize, stem
from memory_core.loanwords import written_in_cyrillic
from memory_core.morphology import known_russian_word, of_noun
from memory_core.name_gender import is_given_name
from memory_core.name_scripts import h_spellings
from memory_core.query import BuiltQuery
from memory_core.ranking import QueryTerm
from memory_core.recall.compounds import english_parts
from memory_core.recall.endearments import endeared
from memory_core.recall.spelling import dictionary_spelling
from memory_core.recall.word_forms import (
    MIN_TRANSLATED,
    TRANSLATIONS,
    abbreviation_meanings,
    derived_base,
    lemma_forms,
    owner_noun,
    stem_prefix,
    translated,
)
from memory_core.search import fts_match, fts_phrase, fts_tokens
from memory_core.search_index import SearchIndex
from memory_core.thesaurus import (
    alternatives,
    month_names,
    month_of,
    season_of,
    transliterations,
    weekday_words,
)
from memory_core.wordforms import all_forms, irregular_forms, phrase_forms

__all__ = [
    "ALTERNATIVE_SHARE",
    "COMMON_DOCS",
    "COMMON_SHARE",
    "COSTLY_DOCS",
    "is_dictionary_word",
    "is_latin_word",
    "make_terms",
    "ordinary_word",
    "phrasing_weight",
    "term_expression",
    "weigh",
]

COMMON_SHARE = 0.1
"""A word more than this share of documents hold narrows too little to search for."""
ALTERNATIVE_SHARE = 0.05
"""An alternative word held by more than this share (and by :data:`COSTLY_DOCS`) is costly."""
COSTLY_DOCS = 1_000
COMMON_DOCS = 100
"""A common alternative is left out of the search only when this many documents hold it:
in a memory of 20 entries, 1 in 10 is two entries, which narrows as well as any word."""
PHRASING = 0.34
"""Weight of a dictionary word no memory holds, as a share of the rarest word's weight."""
UNKNOWN_NAME = 2.0
"""Weight of a word written as a name that no memory holds, as a share of the rarest word's:
what the question is about is unknown, so the rest of it alone must not answer."""
NAMED_UNKNOWN = 0.5
"""Weight of a word no memory holds in a message that names a known entity (phrasing)."""
UNKNOWN_GENITIVE = 0.8
"""Weight of a Russian noun in the genitive that no memory holds, as a share of the rarest
word's: it names the thing a head noun is of ("рецепт мусаки"), which the memory lacks."""
CUE_WEIGHT = 0.5
"""Weight factor of a word that says what is asked ("кто", "врач"): the graph answers it."""


_VOWELLESS = re.compile(r"[бвгджзйклмнпрстфхцчшщъь]{3,5}|[bcdfghjklmnpqrstvwxz]{3,5}")
"""A word of consonants only is an abbreviation ("внж", "ндфл"): also what it stands for."""


def phrasing_weight(docs: int) -> float:
    """The weight of a word taken as phrasing in a memory of ``docs`` entries."""
    return math.log(1.0 + docs) * PHRASING


def term_expression(term: QueryTerm) -> str:
    """Return the FTS5 expression that finds a term (its phrase, or any of its prefixes)."""
    if term.phrase:  # and the whole's translations ("on-call": "дежурств*")
        parts = [fts_match(" ".join(term.phrase), prefix=False)]
        parts.extend(fts_phrase(p, prefix=len(p) >= 3) for p in term.prefixes)
    else:
        parts = [fts_phrase(p, prefix=len(p) >= 3) for p in term.search_prefixes or term.prefixes]
    parts.extend(fts_phrase(w, prefix=False) for w in term.words)
    parts.extend(fts_phrase(d, prefix=False) for d in term.dates)
    return parts[0] if len(parts) == 1 else "(" + " OR ".join(parts) + ")"


def make_terms(built: BuiltQuery) -> list[QueryTerm]:
    """Return one unweighed term per token of the built query."""
    terms: list[QueryTerm] = []
    for surface, word_stem in zip(built.tokens, built.stems, strict=True):
        words = fts_tokens(surface)
        if not words:
            continue
        season = season_of(surface)
        month = month_of(surface) or (season[0] if season else None)
        if len(words) > 1:
            term = QueryTerm(surface, phrase=tuple(words), month=month, season=season)
            if " " not in surface and all(w.isalpha() for w in words):
                # "on-call" is also "дежурство": the phrase finds its translations too
                found, whole = translated(surface)
                term.prefixes, term.words = tuple(dict.fromkeys(found)), tuple(whole)
                term.foreign = frozenset((*found, *whole))
            terms.append(term)
            continue
        starts, short = weekday_words(words[0])
        if starts:  # "friday", "в пятницу", "пт": written either way in either language
            terms.append(QueryTerm(surface, prefixes=starts, words=short))
            continue
        terms.append(_word_term(surface, word_stem, words[0], month, season))
    _add_phrase_translations(terms)
    return terms


def _add_phrase_translations(terms: list[QueryTerm]) -> None:
    """Give two neighbouring words the translation of the phrase they make ("главную книгу"
    is "ledger", "sick leave" is "больничный", "residence card" is "внж"): each of them
    finds it."""
    for first, second in pairwise(terms):
        if first.phrase or second.phrase or not (first.prefixes and second.prefixes):
            continue
        if not bilingual.may_be_phrase(first.surface, second.surface):
            continue
        for phrase in phrase_forms(first.surface, second.surface):
            found = [w for w in bilingual.translations(phrase, limit=TRANSLATIONS) if " " not in w]
            if not found:
                continue
            stems = [stem_prefix(w) for w in found]
            extra = tuple(f for f in stems if len(f) >= MIN_TRANSLATED)
            # a short one ("residence card" is "внж") is searched whole, in its forms
            short = [w for w, f in zip(found, stems, strict=True) if len(f) < MIN_TRANSLATED]
            whole = tuple(dict.fromkeys(x for w in short for x in all_forms(w)))
            for term in (first, second):
                term.prefixes = tuple(dict.fromkeys((*term.prefixes, *extra)))
                term.words = tuple(dict.fromkeys((*term.words, *whole)))
                term.foreign = term.foreign | (frozenset((*extra, *whole)) - {term.prefixes[0]})
            break


_WORD_TERMS: dict[tuple[object, ...], tuple[tuple[str, ...], tuple[str, ...], frozenset[str]]] = {}
"""What :func:`_word_term` worked out per word (its prefixes, words and foreign forms), for
the translator's current glossaries: a word asked again is not translated again."""
_MAX_WORD_TERMS = 8192


def _word_term(
    surface: str, word_stem: str, word: str, month: int | None, season: tuple[int, ...]
) -> QueryTerm:
    """The term of one word: its stem as a prefix, with its other spellings and translations."""
    key = (surface, word_stem, word, month, season, bilingual.generation())
    found = _WORD_TERMS.get(key)
    if found is None:
        term = _new_word_term(surface, word_stem, word, month, season)
        found = (term.prefixes, term.words, term.foreign)
        if len(_WORD_TERMS) >= _MAX_WORD_TERMS:
            _WORD_TERMS.clear()
        _WORD_TERMS[key] = found
    prefixes, words, foreign = found
    named: tuple[str, ...] = ()
    may: tuple[str, ...] = ()
    if season:  # "летом": a line saying "in June" or "в августе" holds it too
        named, may = month_names(season)
        prefixes, words = (*prefixes, *named), (*words, *may)
        foreign = foreign | frozenset((*named, *may))
    return QueryTerm(
        surface,
        prefixes=prefixes,
        words=words,
        month=month,
        season=season,
        foreign=foreign,
        by_month=frozenset((*named, *may)),
    )


def _new_word_term(
    surface: str, word_stem: str, word: str, month: int | None, season: tuple[int, ...]
) -> QueryTerm:
    """Work out :func:`_word_term`'s term."""
    folded = fts_tokens(word_stem)
    base = folded[0] if folded else word
    if not word.startswith(base):
        # the stemmer restored a letter (Павлова -> павел): search what was typed
        common = next(
            (i for i, (a, b) in enumerate(zip(base, word, strict=False)) if a != b),
            min(len(base), len(word)),
        )
        base = word[: max(common, min(len(word), 4))]
    if len(base) < 3:  # "ML", "апи": the word whole, and in the other script ("api")
        spelled = tuple(
            t for t in (*transliterations(word), *lemma_forms(word, word)) if t != word
        )
        # "tz" also stands for what it abbreviates, "др" for "день рождения"
        meant, meant_whole = abbreviation_meanings(word)
        abbreviated = tuple(dict.fromkeys((*alternatives(word), *meant, *members(word))))
        return QueryTerm(
            surface,
            prefixes=abbreviated,
            words=tuple(dict.fromkeys((word, *spelled, *meant_whole))),
            month=month,
            season=season,
            foreign=frozenset((*abbreviated, *meant_whole)) - {word, *spelled},
        )
    others, whole = translated(surface)
    # "тёщин": the mother-in-law's, found by "тёща" in either language ("мамин" is a cue
    # word of the graph's already: see memory_core.graph_rank)
    noun = None if is_cue(word) else owner_noun(word)
    if noun is not None:
        found, found_whole = translated(noun)
        others, whole = [stem_prefix(noun), *others, *found], [*whole, *found_whole]
    if _VOWELLESS.fullmatch(word):  # "внж" is also "вид на жительство", as "др" is
        meant, meant_whole = abbreviation_meanings(word)
        others, whole = [*others, *meant], [*whole, *meant_whole]
    concepts = (*alternatives(base), *members(base))  # "база" finds "BigQuery"
    extra = tuple(
        a
        for a in dict.fromkeys(
            (
                *concepts,
                *(transliterations(base) if len(base) >= MIN_TRANSLATED else ()),
                *h_spellings(word, base),  # "гарварде": "harvard"
                *irregular_forms(surface),
                *others,
            )
        )
        if a != base
    )
    written = {*transliterations(base), *irregular_forms(surface), *h_spellings(word, base)}
    foreign = frozenset((*concepts, *others, *whole)) - written - {base}
    if len(base) < MIN_TRANSLATED:  # "апи" is the word "api", not the start of "apiary"
        whole = [*whole, *transliterations(base)]
    whole = [*whole, *lemma_forms(word, base)]
    words = tuple(w for w in whole if not any(w.startswith(p) for p in (base, *extra)))
    return QueryTerm(
        surface,
        prefixes=(base, *extra),
        words=words,
        month=month,
        season=season,
        foreign=foreign,
    )


async def weigh(
    index: SearchIndex,
    conn: aiosqlite.Connection,
    terms: list[QueryTerm],
    vocab: Vocabulary,
    *,
    names_entity: bool = False,
    proper: frozenset[str] = frozenset(),
    before: Mapping[str, str] | None = None,
) -> list[QueryTerm]:
    """Set each term's rarity weight; correct typos; split unknown compounds.

    A word found nowhere weighs as much as the rarest word, so a query about something
    the memory does not hold covers too little to answer; but when the message names a
    known entity, unknown words are taken as phrasing and weigh little. A dictionary word
    found nowhere is phrasing too, unless the message writes it as a name (``proper``):
    then it outweighs the rest ("кто тимлид в проекте Falcon" asks about a Falcon the
    memory does not know, not about team leads), and so does a name said after a given
    name ("Kacper Nowak" where only Kacper Wróbel is known) or a noun in the genitive after
    a noun ("рецепт мусаки"): ``before`` maps each word of the message to the one before it.
    """
    out: list[QueryTerm] = []
    for term in terms:
        _as_written(term, vocab, proper)
        df = await _doc_freq(index, conn, term, vocab)
        if df == 0 and term.month is None:
            df = await _joined(index, conn, term, vocab)
        words = _parts(term, proper) if df == 0 and term.month is None else None
        if words is not None:
            # each part as a word of its own (stem, translations), when no memory holds the whole
            parts = [_word_term(w, stem(w), w, None, ()) for w in words]
            _add_whole_translation(term.surface, parts)
            out.extend(
                await weigh(index, conn, parts, vocab, names_entity=names_entity, proper=proper)
            )
            continue
        if df == 0 and term.month is None and not _stranger(term):
            word = fts_tokens(term.surface)[0] if fts_tokens(term.surface) else ""
            base = derived_base(word) if term.prefixes and not term.phrase else None
            if base is not None:  # "reordering" is "ordering" redone, no typo of "rendering"
                read = _word_term(base, stem(base), base, None, ())
                term.prefixes, term.words, term.foreign = read.prefixes, read.words, read.foreign
                df = await _doc_freq(index, conn, term, vocab)
            # a word of either language is not a typo, just not in memory
            typo = len(word) >= MIN_TYPO_LEN and not is_dictionary_word(word)
            if typo and term.prefixes and not term.phrase:  # "Тусенька" is "Туся"
                df, typo = await endeared(term, word, lambda t: _doc_freq(index, conn, t, vocab))
            fixed = _correct(word, vocab) if typo else []
            spelled = (
                None if fixed or not typo or term.surface in proper else dictionary_spelling(word)
            )
            if spelled is not None and term.prefixes and not term.phrase:
                # "bulider" is "builder": the dictionary word meant, searched by its translations
                read = _word_term(spelled, stem(spelled), spelled, None, ())
                term.prefixes, term.words, term.foreign = read.prefixes, read.words, read.foreign
                term.corrected = (spelled,)
                if is_cyrillic_word(spelled):  # "нчальник" asks what "начальник" asks
                    term.surface = spelled
                df = await _doc_freq(index, conn, term, vocab)
            if fixed:
                term.prefixes = term.corrected = tuple(fixed)
                term.phrase = term.words = ()
                term.foreign = frozenset()
                df = await _doc_freq(index, conn, term, vocab)
            elif not typo and term.prefixes and is_cyrillic_word(term.prefixes[0]):
                df = await _kin_word(index, conn, term, vocab)
        term.weight = math.log(1.0 + vocab.docs / (1.0 + df)) if df else 1.0
        if len(term.prefixes) > 1:
            await _narrow_alternatives(index, conn, term, vocab)
        if term.month is not None:
            # a month is matched against dates in scoring; it narrows to about 1 in 12
            term.weight = math.log(13.0)
            if df == 0:
                term.prefixes = ()
        if df == 0 and term.month is None:
            _weigh_unknown(
                term, vocab.docs, names_entity, proper, (before or {}).get(term.surface, "")
            )
        if is_cue(normalize(term.surface)):
            term.weight *= CUE_WEIGHT  # "кто предложил X": the graph answers "предложил"
        out.append(term)
    return out


def _weigh_unknown(
    term: QueryTerm, docs: int, names_entity: bool, proper: frozenset[str], said_after: str
) -> None:
    """Weigh a word no memory holds (see :func:`weigh`); ``said_after`` is the word before
    it in the message."""
    full = math.log(1.0 + docs)
    if term.surface in proper and (said_after in proper or is_given_name(said_after)):
        term.weight = full * UNKNOWN_NAME  # "Kacper Nowak": not the Kacper known
        term.other_surname = term.unknown_name = True
    elif names_entity:
        term.weight = NAMED_UNKNOWN
    elif term.surface in proper:
        term.weight = full * UNKNOWN_NAME
        term.unknown_name = True
    else:
        dictionary = is_dictionary_word(term.surface) or bool(term.corrected)
        term.weight = phrasing_weight(docs) if dictionary else full
        # a Latin word no dictionary knows is a name or code ("классуха" is only slang)
        term.unknown_name = not dictionary and is_latin_word(term.surface)
        if dictionary and of_noun(said_after, term.surface):
            # "рецепт мусаки", "расписание электричек": what the question is about
            term.weight = full * UNKNOWN_GENITIVE


def is_latin_word(word: str) -> bool:
    """Whether a word is in Latin letters, marked ones too ("Viljandi", "Košice", "Łódź")."""
    return all(ch.isascii() or "\u00c0" <= ch <= "\u024f" for ch in word)


def _whole_name(term: QueryTerm) -> None:
    """Search a Latin word written as a name whole, not by its stem, when no dictionary
    knows it: "project Helios" is not "Helionyx" ("Kafka" still finds "Kafka's")."""
    word = fts_tokens(term.surface)
    if term.phrase or not term.prefixes or len(word) != 1 or not word[0].isascii():
        return
    if term.prefixes[0] == word[0] or not word[0].startswith(term.prefixes[0]):
        return
    if is_dictionary_word(term.surface):
        return
    term.prefixes = (word[0], *term.prefixes[1:])


def _as_written(term: QueryTerm, vocab: Vocabulary, proper: frozenset[str]) -> None:
    """A word written as a name is searched whole (:func:`_whole_name`); any other English
    word also as the memory writes it in Cyrillic (:func:`_add_loanwords`)."""
    if term.surface in proper:
        _whole_name(term)
    else:
        _add_loanwords(term, vocab)


def _add_loanwords(term: QueryTerm, vocab: Vocabulary) -> None:
    """Search an English word also as the memory writes it in Cyrillic letters ("camper"
    finds "на кемпере"; see :func:`memory_core.loanwords.written_in_cyrillic`)."""
    words = fts_tokens(term.surface)
    if not term.phrase and len(words) == 1:
        found = written_in_cyrillic(words[0], vocab.loans)
        if found and not is_dictionary_word(words[0]) and _correct(words[0], vocab):
            return  # a typo of a word the memory holds ("baackup" is "backup", not "бэкап")
        if found:
            term.words = tuple(dict.fromkeys((*term.words, *found)))


def _add_whole_translation(surface: str, parts: list[QueryTerm]) -> None:
    """Give each part of a split word the translation of the whole ("колл-центру" is "call
    center", "on-call" is "дежурство"): each part finds it, as neither alone translates so."""
    prefixes, whole = translated(surface)
    if not prefixes and not whole:
        return
    for part in parts:
        if part.prefixes:
            part.prefixes = tuple(dict.fromkeys((*part.prefixes, *prefixes)))
        part.words = tuple(dict.fromkeys((*part.words, *whole)))
        part.foreign = part.foreign | frozenset((*prefixes, *whole))


async def _doc_freq(
    index: SearchIndex, conn: aiosqlite.Connection, term: QueryTerm, vocab: Vocabulary
) -> int:
    """Return how many entity documents hold the term (cached until the vocabulary changes)."""
    key = "\x00".join(term.phrase) + "\x01" + "\x00".join(term.prefixes)
    if term.words:
        key += "\x02" + "\x00".join(term.words)
    if key not in vocab.doc_freq:
        vocab.doc_freq[key] = await _count_docs(index, conn, term)
    return vocab.doc_freq[key]


async def _count_docs(index: SearchIndex, conn: aiosqlite.Connection, term: QueryTerm) -> int:
    if term.phrase:
        return await index.count_matches(conn, term_expression(term))
    total = 0
    for prefix in term.prefixes:
        total += await index.word_docs(conn, prefix, prefix=True)
    for word in (*term.words, *term.dates):
        total += await index.word_docs(conn, word, prefix=False)
    return total


async def _narrow_alternatives(
    index: SearchIndex, conn: aiosqlite.Connection, term: QueryTerm, vocab: Vocabulary
) -> None:
    """Search a term's very common alternatives only in scoring, not in the FTS query.

    "live" also stands for "location", which every person has: searching it would cost
    much and narrow nothing. An alternative is left to scoring when more than 1 in 10
    entities and over :data:`COMMON_DOCS` hold it (a share alone is always reached in a
    small memory), or more than 1 in 20 and over a thousand in all (at 50k entities,
    ranking the 4,500 holders of "location" for "where do I live" cost ~3 ms and changed
    no result of the eval). An alternative no entity holds is not searched either: it finds
    nothing and ranks nothing (bm25 adds nothing for a phrase no document holds), but each
    index segment is looked up for it. The word as typed is always searched.
    """
    keep = [term.prefixes[0]]
    for prefix in term.prefixes[1:]:
        single = QueryTerm(term.surface, prefixes=(prefix,))
        df = await _doc_freq(index, conn, single, vocab)
        costly = df > ALTERNATIVE_SHARE * vocab.docs and df > COSTLY_DOCS
        common = df > COMMON_SHARE * vocab.docs and df > COMMON_DOCS
        if df and not common and not costly:
            keep.append(prefix)
    term.search_prefixes = tuple(keep)


async def _joined(
    index: SearchIndex, conn: aiosqlite.Connection, term: QueryTerm, vocab: Vocabulary
) -> int:
    """Search two hyphened words no memory holds as the one word they also make ("pen-test"
    is "pentest", "пентест"; "e-mail" is "email"), when a memory holds it or a translation
    of it; return the new document count (0 and the term unchanged otherwise)."""
    parts = term.phrase
    if len(parts) != 2 or not all(p.isalpha() for p in parts) or _stranger(term):
        return 0
    word = "".join(parts)
    one = _word_term(word, stem(word), word, None, ())
    df = await _doc_freq(index, conn, one, vocab)
    if df == 0:
        return 0
    term.phrase, term.prefixes, term.words, term.foreign = (), one.prefixes, one.words, one.foreign
    _add_whole_translation(term.surface, [term])  # "x-ray": "xray", and "рентген" too
    return await _doc_freq(index, conn, term, vocab)


_COMBINING = (
    "видео", "фото", "аудио", "теле", "авто", "мото", "веб", "интернет", "онлайн", "офлайн",
    "микро", "макро", "мини", "мульти", "супер", "мега", "кибер", "нейро", "био", "эко", "гео",
    "радио", "медиа", "крипто", "контр", "анти", "video", "photo", "audio", "micro", "multi",
    "super", "cyber", "neuro", "crypto", "anti", "counter",
)  # fmt: skip
"""First parts of compounds written as one word ("видеоконсультация", "microservice")."""
_MIN_COMPOUND_REST = 5


def _parts(term: QueryTerm, proper: frozenset[str] = frozenset()) -> tuple[str, ...] | None:
    """The words a term is made of, when it is made of several: the parts of a hyphenated
    phrase ("андроид-разработчика", its words of 3+ letters) or of a compound written as
    one word ("видеоконсультации": "видео", "консультации"), unless a dictionary translates
    it whole ("телефоном" is "phone"); else ``None``. A stranger's full name stays whole."""
    if _stranger(term) or JIRA_KEY_RE.fullmatch(term.surface.upper()):
        return None  # "BLW-999" is one key no memory holds, not "blw" and "999"
    if term.phrase:
        return tuple(w for w in term.phrase if len(w) >= 3) if len(term.phrase) > 1 else None
    words = fts_tokens(term.surface) if term.prefixes else []
    word = words[0] if len(words) == 1 else ""
    if word and bilingual.translations(word, limit=1):
        return None  # "телефоном" is the word "phone", not "теле" and "фоном"
    for head in _COMBINING:
        rest = word[len(head) :]
        if word.startswith(head) and len(rest) >= _MIN_COMPOUND_REST and rest.isalpha():
            return head, rest
    # "farmhouse" is "farm" and "house" (a word written as a name stays whole)
    return english_parts(word, is_dictionary_word) if term.surface not in proper else None


_MIN_KIN_PREFIX = 6


async def _kin_word(
    index: SearchIndex, conn: aiosqlite.Connection, term: QueryTerm, vocab: Vocabulary
) -> int:
    """Search a Russian word no memory holds by a shorter start its word family shares
    ("аллергик" by "аллерги", as in "аллергия"), when some memory holds that; return the
    new document count (0 and the term unchanged when none does)."""
    base = term.prefixes[0]
    for cut in (1, 2):
        shorter = base[:-cut]
        if len(shorter) < _MIN_KIN_PREFIX:
            break
        probe = QueryTerm(term.surface, prefixes=(shorter,))
        df = await _doc_freq(index, conn, probe, vocab)
        if df:
            term.prefixes = (shorter, *term.prefixes[1:])
            return await _doc_freq(index, conn, term, vocab)
    return 0


def _stranger(term: QueryTerm) -> bool:
    """Whether a term is a stranger's full name (:func:`memory_core.query.build_query` joins
    its words by a space): searched whole, never split or corrected."""
    return bool(term.phrase) and " " in term.surface


def _correct(word: str, vocab: Vocabulary) -> list[str]:
    """Return the index words closest to a word the index does not hold (a typo)."""
    cyrillic = is_cyrillic_word(word)
    pool = [
        t
        for size in range(len(word) - 2, len(word) + 3)
        for t in vocab.by_shape.get((cyrillic, size), ())
    ]
    hits = process.extract(word, pool, scorer=fuzz.ratio, score_cutoff=75, limit=2)
    if not hits:
        return []
    best = hits[0][1]
    return [str(h[0]) for h in hits if best - h[1] < 5]


def is_dictionary_word(word: str) -> bool:
    """Whether a word is an ordinary word of either language: it has a translation, is made
    of a word that has one ("reordering", "moldy"), or the Russian dictionary knows it
    ("доплачиваем", "баньке", "флешки" have no translation)."""
    if not word.isalpha():
        return False
    if normalize(word) in GENERIC_WORDS:  # "make", "have": too general to translate
        return True
    if bilingual.translations(word, limit=1) or derived_base(word) is not None:
        return True
    return is_cyrillic_word(normalize(word)) and known_russian_word(word)


def ordinary_word(word: str) -> bool:
    """Whether a word is an ordinary word of either language and no common first name:
    "pack" is, "mark" and "ника" are names too (see :func:`memory_core.query.build_query`)."""
    return is_dictionary_word(word) and not is_given_name(word)
