"""Pure scoring of recall candidates: term matching, the memory-fabric score, deduplication."""

from __future__ import annotations

import datetime as dt
import math
import re
import unicodedata
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from rapidfuzz import fuzz

from memory_core.schema import month_word

__all__ = [
    "SOURCE_AUTHORITY",
    "FabricWeights",
    "QueryTerm",
    "dedup_lines",
    "fabric_score",
    "fact_time",
    "held_terms",
    "recency",
    "recency_of",
    "source_authority",
    "term_hits",
    "word_list",
    "written_months",
]

SOURCE_AUTHORITY: dict[str, float] = {
    "user": 1.0,
    "kb": 0.9,
    "jira": 0.85,
    "meeting": 0.8,
    "email": 0.7,
    "chat": 0.6,
    "auto": 0.5,
    "inferred": 0.4,
}
"""How much a line's source is trusted, 0..1 (unknown sources get 0.5)."""

RECENCY_HALF_LIFE_DAYS = 365.0
_ENTITY_REF_RE = re.compile(r"\b(?:User|Person|Project|Note|Jira|Decision):\S")
_DATE_RE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
_WORD_CHAR = re.compile(r"[^\W_]")


@dataclass(frozen=True, slots=True)
class FabricWeights:
    """The memory-fabric ranking parameters (DESIGN §5); defaults are the design's."""

    relevance: float = 0.5
    recency: float = 0.3
    authority: float = 0.2
    boost_factor: float = 1.2
    dedup_threshold: float = 0.85


@dataclass(slots=True)
class QueryTerm:
    """One query term and the ways it may appear in a memory.

    ``prefixes`` are folded word prefixes (any one matches a word); ``phrase`` is an exact
    sequence of folded words (hyphenated terms such as ``ESO-159`` or dates). ``words`` are
    whole folded words found besides the prefixes: the forms of a translation too short to
    search as a prefix ("сын" for "son": "сын*" would also find "сыр" no more than "дар*"
    finds every Дарья, but "лет" must not find "летом").
    ``search_prefixes``, when set, are the prefixes worth sending to the index (the others
    are too common to narrow anything and are only used in scoring).
    """

    surface: str
    prefixes: tuple[str, ...] = ()
    phrase: tuple[str, ...] = ()
    words: tuple[str, ...] = ()
    weight: float = 1.0
    month: int | None = None
    season: tuple[int, ...] = ()
    """All the months a season word names (``летом`` -> June, July, August); ``month`` is
    the first of them."""
    corrected: tuple[str, ...] = field(default_factory=tuple)
    search_prefixes: tuple[str, ...] = ()
    foreign: frozenset[str] = frozenset()
    """The prefixes and words reached only through a translation or a concept word, not
    written in the question's own word ("account" for "счета"): see :meth:`own_forms`."""
    other_surname: bool = False
    """A name no memory holds, said right after a given name ("Kacper Nowak" where only
    Kacper Wróbel is known): another person's surname."""
    unknown_name: bool = False
    """A word written as a name, or no dictionary's word, that no memory holds ("Viljandi"):
    what is asked about is not in memory."""
    by_month: frozenset[str] = frozenset()
    """The month names a season is also held by ("июн", "july" for "лето"): a memory holding
    it by them alone ranks below one that names the season (see recall.scoring)."""
    _pattern: re.Pattern[str] | None = None
    _words_of: tuple[tuple[str, ...], tuple[str, ...], bool] | None = None

    def word_prefixes(self) -> tuple[str, ...] | None:
        """The prefixes, when the term is nothing but prefixes of letters and digits (then a
        word list can be searched for it, see :func:`held_terms`); else ``None``."""
        seen = self._words_of
        if seen is None or seen[0] != self.prefixes or seen[1] != self.phrase:
            plain = not self.phrase and bool(self.prefixes)
            plain = plain and all(_WORD.fullmatch(p) for p in self.prefixes)
            seen = self._words_of = (self.prefixes, self.phrase, plain)
        return self.prefixes if seen[2] else None

    def own_forms(self) -> QueryTerm | None:
        """The term as the question's own word finds it (its stem, spellings and forms, no
        translation); ``None`` when it has nothing else."""
        if not self.foreign:
            return None
        prefixes = tuple(p for p in self.prefixes if p not in self.foreign)
        words = tuple(w for w in self.words if w not in self.foreign)
        if prefixes == self.prefixes and words == self.words:
            return None
        return QueryTerm(
            self.surface,
            prefixes=prefixes,
            phrase=self.phrase,
            words=words,
            month=self.month,
            season=self.season,
        )

    @property
    def dates(self) -> tuple[str, ...]:
        """Index words a month word also finds: ``mo05`` for "май", the lines dated in May."""
        if self.month is None:
            return ()
        return tuple(month_word(m) for m in self.season or (self.month,))

    @property
    def pattern(self) -> re.Pattern[str]:
        """A regex finding the term in folded text (prefixes, or the phrase), at any position.

        :meth:`matches` keeps only matches at the start of a word. The check is not part of
        the regex because a pattern that starts with a look-behind cannot skip ahead to its
        first letters: such a search took 3-4x as long.
        """
        if self._pattern is None:
            options = [re.escape(p) for p in self.prefixes]
            if self.words:
                whole = "|".join(re.escape(w) for w in self.words)
                options.append(f"(?:{whole})(?![^\\W_])")
            if self.phrase:  # with the whole's translations, if any ("on-call": "дежурство")
                joined = r"[\W_]+".join(re.escape(w) for w in self.phrase)
                options.insert(0, joined + r"(?![^\W_])")
            body = "(?:" + "|".join(options or ["\x00"]) + ")"
            self._pattern = re.compile(body)
        return self._pattern

    def matches(self, folded: str) -> bool:
        """Tell whether this term occurs at the start of a word of text folded by
        :func:`fold_line` (a word is a run of letters and digits; ``_`` separates)."""
        search = self.pattern.search
        found = search(folded)
        while found is not None:
            start = found.start()
            if start == 0 or _WORD_CHAR.match(folded, start - 1) is None:
                return True
            found = search(folded, start + 1)
        return False


def _latin_fold_table() -> dict[int, str]:
    table: dict[int, str] = {}
    for code in range(0xC0, 0x250):
        base = unicodedata.normalize("NFD", chr(code))[0]
        if base.isascii() and base.isalpha():
            table[code] = base.lower()
    return table


_LATIN_FOLD = _latin_fold_table()
_ACCENTED = re.compile(f"[{chr(min(_LATIN_FOLD))}-{chr(max(_LATIN_FOLD))}]")


@lru_cache(maxsize=4096)
def fold_line(text: str) -> str:
    """Fold text for term matching: case folded, accents off Latin letters, ``ё`` as ``е``.

    The same result as :func:`memory_core.language.normalize` for the scripts memories are
    written in, computed with two C-level passes instead of a Python loop (cached too).
    """
    if text.isascii():
        return text.lower()
    folded = text.casefold()
    if _ACCENTED.search(folded):  # Latin letters with accents; most text has none
        folded = folded.translate(_LATIN_FOLD)
    if "\u0307" in folded:  # "İ" casefolds to "i" and a combining dot, which FTS5 drops
        folded = folded.replace("i\u0307", "i")
    return folded.replace("ё", "е")


def term_hits(terms: Sequence[QueryTerm], text: str) -> list[bool]:
    """Return, for each term, whether it occurs in ``text``."""
    folded = fold_line(text)
    hits = [t.matches(folded) for t in terms]
    written: frozenset[int] | None = None
    for i, t in enumerate(terms):
        if t.month is not None and not hits[i]:
            written = written_months(text) if written is None else written
            hits[i] = not written.isdisjoint(t.season or (t.month,))
    return hits


_WORD = re.compile(r"[^\W_]+")


def word_list(folded: str) -> list[str]:
    """The words of folded text, sorted and unique (where :func:`held_terms` looks)."""
    return sorted(set(_WORD.findall(folded)))


def written_months(text: str) -> frozenset[int]:
    """The months of the dates written in ``text`` (``2025-04-09``: 4)."""
    return frozenset(int(m.group(2)) for m in _DATE_RE.finditer(text))


def held_terms(
    terms: Sequence[QueryTerm], folded: str, words: Sequence[str], months: frozenset[int]
) -> list[bool]:
    """What :func:`term_hits` returns for the text that ``folded``, ``words`` and ``months``
    were made of (:func:`fold_line`, :func:`word_list`, :func:`written_months`).

    A term of plain prefixes occurs at the start of a word when some word begins with one:
    a look-up in the sorted words instead of a scan of the text.
    """
    hits: list[bool] = []
    last = len(words)
    for t in terms:
        prefixes = t.word_prefixes()
        if prefixes is None:
            hit = t.matches(folded)
        else:
            hit = False
            for p in prefixes:
                at = bisect_left(words, p)
                if at < last and words[at].startswith(p):
                    hit = True
                    break
            for w in t.words if not hit else ():
                at = bisect_left(words, w)
                if at < last and words[at] == w:
                    hit = True
                    break
        if not hit and t.month is not None:
            hit = not months.isdisjoint(t.season or (t.month,))
        hits.append(hit)
    return hits


def recency(as_of: str | None, updated_at: float, now: float) -> float:
    """Return 1.0 for a fact from today, halving every year; ``as_of`` wins over write time."""
    return recency_of(fact_time(as_of, updated_at), now)


def recency_of(when: float, now: float) -> float:
    """Return the recency of a fact dated ``when`` (a POSIX time); see :func:`recency`."""
    age_days = max(0.0, (now - when) / 86400.0)
    return math.pow(0.5, age_days / RECENCY_HALF_LIFE_DAYS)


def fact_time(as_of: str | None, updated_at: float) -> float:
    """Return when a fact is from: its ``as_of`` date when it has a valid one, else its write."""
    if as_of:
        when = _date_time(as_of)
        if when is not None:
            return when
    return updated_at


@lru_cache(maxsize=8192)
def _date_time(as_of: str) -> float | None:
    try:
        return dt.datetime.fromisoformat(as_of).replace(tzinfo=dt.UTC).timestamp()
    except ValueError:
        return None


def source_authority(src: str | None) -> float:
    """Return the trust in a line's source."""
    return SOURCE_AUTHORITY.get(src or "", 0.5)


def names_other_entity(text: str) -> bool:
    """Tell whether a line names another entity (``Person:...``, ``Project:...``)."""
    return _ENTITY_REF_RE.search(text) is not None


def fabric_score(
    relevance: float,
    recency_value: float,
    authority: float,
    *,
    cross_reference: bool,
    weights: FabricWeights,
) -> float:
    """``w_rel*relevance + w_rec*recency + w_auth*authority``, times the boost for a cross-ref."""
    score = (
        weights.relevance * relevance
        + weights.recency * recency_value
        + weights.authority * authority
    )
    return score * (weights.boost_factor if cross_reference else 1.0)


def _body(text: str) -> str:
    head, sep, rest = text.partition(": ")
    body = rest if sep and len(head) <= 40 else text
    return re.sub(r"\s*\((?:as_of|src)=[^()]*\)\s*$", "", body)


def dedup_lines(
    lines: Sequence[tuple[float, str]], threshold: float, limit: int | None = None
) -> list[tuple[int, bool]]:
    """Merge lines more similar than ``threshold`` (0..1), keeping the earlier one.

    Args:
        lines: ``(score, text)`` pairs, best first (the caller's order is kept).
        threshold: similarity above which two lines say the same thing.
        limit: how many kept lines the caller shows at most; a line is compared only with
            those (it merges into the first it is like, so one beyond could never take it).

    Returns:
        ``(index, cross_validated)`` of the lines kept, in order, at most ``limit``;
        ``cross_validated`` marks a line that absorbed a near-duplicate (a second source
        said the same).
    """
    kept: list[_Kept] = []
    for index, (_, text) in enumerate(lines):
        body = _body(text)
        for entry in kept:
            if fuzz.ratio(body, entry.body) / 100.0 > threshold:
                entry.cross_validated = True
                break
        else:
            if limit is None or len(kept) < limit:
                kept.append(_Kept(index, body))
    return [(k.index, k.cross_validated) for k in kept]


@dataclass(slots=True)
class _Kept:
    index: int
    body: str
    cross_validated: bool = False
