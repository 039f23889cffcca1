"""What a Memory keeps between calls, derived from the file and never the source of truth.

:class:`Caches` belongs to one :class:`~memory_core.service.Memory` and is shared by its
scope handles: each scope's lexicon of entity names (for spotting names in a message), the
index vocabulary for typo correction, the shares of documents holding a search token, and
the links around the entities recall weighs.
Each cache compares :class:`Versions` (counters the schema's triggers keep, and the
largest ids) to know it is current, and reads only what changed when it can.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import aiosqlite

from memory_core.entity_lines import EntityLines
from memory_core.lexicon import Lexicon
from memory_core.loanwords import cyrillic_keys
from memory_core.neighbours import Neighbourhoods
from memory_core.relation_words import RelationWords
from memory_core.repository import Repository
from memory_core.schema import MONTH_WORD
from memory_core.search import fts_tokens
from memory_core.search_index import SearchIndex

if TYPE_CHECKING:
    from memory_core.name_resolver import StoreResolver

__all__ = [
    "MIN_TYPO_LEN",
    "Caches",
    "TermCounts",
    "Versions",
    "Vocabulary",
    "is_cyrillic_word",
]

MIN_TYPO_LEN = 4
"""Words shorter than this are never corrected, nor offered as corrections."""
VOCAB_TTL = 60.0
"""Seconds after a full read of the vocabulary before a write can make it read again."""
VOCAB_GROWTH = 2_000
"""New rows up to which the vocabulary learns their words instead of reading it all again."""
_DATE_WORD_RE = re.compile(rf"\d+|{MONTH_WORD}\d\d")
_DIGIT_RE = re.compile(r"\d")


def is_cyrillic_word(word: str) -> bool:
    """Tell whether a folded index word has Cyrillic letters."""
    return any("а" <= ch <= "я" for ch in word)


@dataclass(frozen=True, slots=True)
class Versions:
    """What the caches compare to know they are current: counters and the largest ids."""

    names: int
    inserted: int
    max_entity: int
    max_observation: int
    relations: int = 0
    edits: int = 0
    """The file's edit counters summed (``scope_version.edits``, migration 0017): it moves
    when a text changes in place (a line edited or restored, an entity renamed), which the
    largest ids miss."""

    @property
    def links(self) -> tuple[int, int]:
        """What changes when the scope's links, or the names at their ends, change.

        Inserting an entity changes no link, so only renames and deletes count.
        """
        return self.relations, self.names - self.inserted

    @classmethod
    async def read(cls, index: SearchIndex, conn: aiosqlite.Connection) -> Versions:
        """Read the current versions of the index's scope, in one trip."""
        return cls(*await index.versions(conn))


class _ScopeNames:
    """One scope's lexicon of entity names and the versions it was built at."""

    def __init__(self) -> None:
        self.version = -1
        self.inserted = -1
        self.max_id = 0
        self.lexicon = Lexicon()


class TermCounts(dict[str, int]):
    """Document counts of query terms, which the words of a few new rows can find and drop.

    Keys read ``phrase words \x01 prefixes``, then ``\x02 whole words`` when the term has
    any, each list joined by ``\x00`` (see :mod:`memory_core.recall.terms`). New rows
    change the count of a term only when one of their words is or begins with one of the
    term's words or prefixes (the other words' documents were rewritten, not added); so
    each key is filed under each of those parts when it is stored. A key of any other
    shape, and a term with digits (a date also matches its index word), is dropped on every
    change. Counts lowered by deleted lines are not dropped.
    """

    def __init__(self) -> None:
        super().__init__()
        self._by_part: dict[str, set[str]] = {}
        self._always: set[str] = set()

    def __setitem__(self, key: str, value: int) -> None:
        if key not in self:
            phrase, sep, rest = key.partition("\x01")
            prefixes, _, words = rest.partition("\x02")
            if not sep or _DIGIT_RE.search(key):
                self._always.add(key)
            else:
                parts = (*phrase.split("\x00"), *prefixes.split("\x00"), *words.split("\x00"))
                for part in parts:
                    if part:
                        self._by_part.setdefault(part, set()).add(key)
        super().__setitem__(key, value)

    def clear(self) -> None:
        """Drop every count."""
        super().clear()
        self._by_part.clear()
        self._always.clear()

    def forget_absent(self) -> None:
        """Drop the counts of terms no document held: an edited line or a renamed entity
        may hold them now (an absent alternative is not searched, see
        :func:`memory_core.recall.terms.weigh`)."""
        for key in [k for k, count in self.items() if count == 0]:
            del self[key]

    def forget(self, words: set[str]) -> None:
        """Drop the counts that new rows holding ``words`` may have changed."""
        gone, self._always = self._always, set()
        for word in words:
            for end in range(1, len(word) + 1):
                gone |= self._by_part.pop(word[:end], set())
        for key in gone:
            self.pop(key, None)


class Vocabulary:
    """The index vocabulary for typo correction, split by script and length.

    ``key`` is the largest entity and observation ids it has seen: words of newer rows are
    added from the rows themselves. The whole vocabulary (``full_key`` when last read) is
    read again after a large import, or :data:`VOCAB_TTL` seconds after the last full read
    once something was written (for deleted and edited words); an unchanged memory never
    reads it twice. ``doc_freq`` keeps document counts of query terms: a full read drops
    them all, a few new rows only those their words change (:class:`TermCounts`), and any
    text changed in place (:attr:`Versions.edits`) those of terms no document held: recall
    does not search those.
    """

    def __init__(self) -> None:
        self.key: tuple[int, int] = (-1, -1)
        self.full_key: tuple[int, int] = (-1, -1)
        self.known: set[str] = set()
        self.by_shape: dict[tuple[bool, int], list[str]] = {}
        self.loans: dict[str, list[str]] = {}
        """Cyrillic index words by sound key (:mod:`memory_core.loanwords`)."""
        self.docs = 1
        self.doc_freq = TermCounts()
        self.built_at = 0.0
        self.edits = -1

    def add(self, term: str) -> None:
        """Offer one folded index word to typo correction.

        Short and known words are skipped, and so are numbers and the index's month words
        (``mo04``): a mistyped word is never "corrected" into a date.
        """
        if len(term) < MIN_TYPO_LEN or term in self.known or _DATE_WORD_RE.fullmatch(term):
            return
        self.known.add(term)
        cyrillic = is_cyrillic_word(term)
        self.by_shape.setdefault((cyrillic, len(term)), []).append(term)
        if cyrillic:  # "кемпере" for an English question's "camper"
            for key in cyrillic_keys(term):
                self.loans.setdefault(key, []).append(term)

    async def refresh(
        self, index: SearchIndex, conn: aiosqlite.Connection, versions: Versions
    ) -> None:
        """Bring the vocabulary up to ``versions``, reading as little as it can."""
        if versions.edits != self.edits:
            self.doc_freq.forget_absent()
            self.edits = versions.edits
        key = (versions.max_entity, versions.max_observation)
        # a minute after the last full read, and only if something was written since then
        due = key != self.full_key and time.monotonic() - self.built_at > VOCAB_TTL
        if key == self.key and not due:
            return
        grown = (key[0] - self.key[0], key[1] - self.key[1])
        if not due and self.key[0] >= 0 and min(grown) >= 0 and sum(grown) <= VOCAB_GROWTH:
            # a few rows were added: their words join the vocabulary, nothing is read twice
            new: set[str] = set()
            for text in await index.texts_after(conn, *self.key):
                new.update(fts_tokens(text))
            for word in new:
                self.add(word)
            self.doc_freq.forget(new)
        else:
            fetched = await index.vocabulary(conn)
            self.known, self.by_shape, self.loans = set(), {}, {}
            for term in fetched:
                self.add(term)
            self.built_at = time.monotonic()
            self.full_key = key
            self.doc_freq.clear()
        self.docs = max(key[0], 1)
        self.key = key


@dataclass(slots=True)
class Caches:
    """Everything one Memory caches: lexicons by scope, the vocabulary, search shares.

    ``shares`` maps a search token to the share of documents holding it and when that was
    counted (see :func:`memory_core.search.search_entity_ids`). ``resolvers`` holds each
    scope's extraction resolver with the names version it was built at
    (:func:`memory_core.name_resolver.scope_resolver`), ``nicknames`` the people's nicknames
    with the versions of names and lines they were read at, ``namesake_links`` the links of
    the people who share a first name with the versions of names and links they were read at.
    """

    names: dict[str, _ScopeNames] = field(default_factory=dict)
    vocabulary: Vocabulary = field(default_factory=Vocabulary)
    shares: dict[str, tuple[float, float]] = field(default_factory=dict)
    resolvers: dict[str, tuple[int, StoreResolver]] = field(default_factory=dict)
    nicknames: dict[str, tuple[tuple[int, int, int], dict[str, list[str]]]] = field(
        default_factory=dict
    )
    neighbourhoods: dict[str, Neighbourhoods] = field(default_factory=dict)
    loaded: dict[str, EntityLines] = field(default_factory=dict)
    relation_types: dict[str, RelationWords] = field(default_factory=dict)
    namesake_links: dict[str, tuple[tuple[int, int, int], list[tuple[str, str, str]]]] = field(
        default_factory=dict
    )

    def entity_lines(self, scope: str) -> EntityLines:
        """Return the scope's kept entities with their lines (:mod:`memory_core.entity_lines`)."""
        return self.loaded.setdefault(scope, EntityLines())

    def links(self, scope: str, versions: Versions) -> Neighbourhoods:
        """Return the scope's kept links (:mod:`memory_core.neighbours`), current at
        ``versions``."""
        return self.neighbourhoods.setdefault(scope, Neighbourhoods()).at(versions.links)

    async def relation_words(
        self, conn: aiosqlite.Connection, scope: str, versions: Versions
    ) -> RelationWords:
        """Return the scope's relation types by head word (:mod:`memory_core.relation_words`)."""
        kept = self.relation_types.setdefault(scope, RelationWords())
        return await kept.refresh(conn, scope, versions.relations)

    async def lexicon(
        self, repo: Repository, conn: aiosqlite.Connection, versions: Versions
    ) -> Lexicon:
        """Return the lexicon of ``repo``'s scope at ``versions``.

        When only inserts happened since the last look, only the new entities are read.
        """
        cache = self.names.setdefault(repo.scope, _ScopeNames())
        version, inserted = versions.names, versions.inserted
        if version == cache.version:
            return cache.lexicon
        added = inserted - cache.inserted
        if cache.version >= 0 and version - cache.version == added:
            new = await repo.named_ids(conn, after=cache.max_id)
            if len(new) == added:
                for entity_id, name in new:
                    cache.lexicon.add(name)
                    cache.max_id = max(cache.max_id, entity_id)
                cache.version, cache.inserted = version, inserted
                return cache.lexicon
        rows = await repo.named_ids(conn)
        names = {name for _, name in rows}
        for gone in [n for n in cache.lexicon.names if n not in names]:
            cache.lexicon.remove(gone)
        for _, name in rows:  # in id order: names sharing a key are kept oldest first
            cache.lexicon.add(name)  # a name already there is left as it is
        cache.max_id = max((entity_id for entity_id, _ in rows), default=0)
        cache.version, cache.inserted = version, inserted
        return cache.lexicon

    async def words(
        self, index: SearchIndex, conn: aiosqlite.Connection, versions: Versions
    ) -> Vocabulary:
        """Return the vocabulary, current at ``versions``."""
        await self.vocabulary.refresh(index, conn, versions)
        return self.vocabulary
