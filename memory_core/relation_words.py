"""The scope's own relation types as question words: "who audits us" asks for ``audits``.

The cue words of :mod:`memory_core.graph_rank` name the links most memories hold
(``reports_to``, ``pm_of``, ``mentors``...). A memory may hold others (``audits``,
``sponsors``, ``coaches``), and a question may ask for one of them by its verb or noun. An
English query word whose stem is the head word of such a type (or names the one who does
it: "auditor") asks for that link, and is weighed as a cue word: it says what is asked, not
what about. The types are English; the cue table has the Russian words for the common ones.
A translation or a longer word ("application" for ``applies_to``) names nothing.

The types are read once per process, then only those of the relations added since (by id);
a type whose last relation is gone stays, and then reaches no link.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

import aiosqlite

from memory_core.graph_rank import POINTER_TYPES
from memory_core.language import stem
from memory_core.ranking import QueryTerm

__all__ = ["RelationWords", "head_of"]

MIN_HEAD = 4
"""The shortest head word matched ("use", "own" are the cue table's, or too vague)."""
_AGENT = ("or", "er")
"""Endings of the one who does what a head word says ("auditor", "reviewer", "sponsor" is
its own head)."""
_GENERIC = POINTER_TYPES | {"related_to", "relates_to", "linked_to", "part_of", "applies_to"}
"""Types that say only that two entities are linked: no question asks for them by name."""
_FUNCTION = frozenset({"is", "has", "of", "for", "to", "in", "on", "by", "with", "at", "the"})
_SPLIT = re.compile(r"[_\W]+")


def head_of(relation_type: str) -> str | None:
    """The stem of a relation type's head word (``audits`` and ``is_auditor_of`` -> audit,
    auditor), or ``None`` for a generic type or one too short to match safely."""
    if relation_type in _GENERIC:
        return None
    words = [w for w in _SPLIT.split(relation_type.lower()) if w and w not in _FUNCTION]
    if not words:
        return None
    head = stem(words[0])
    return head if len(head) >= MIN_HEAD else None


@dataclass(slots=True)
class RelationWords:
    """One scope's relation types by head word, current at one value of its link counter."""

    version: int = -1
    max_id: int = 0
    heads: dict[str, set[str]] = field(default_factory=dict)

    async def refresh(self, conn: aiosqlite.Connection, scope: str, version: int) -> RelationWords:
        """Read the types of the relations added since the last look; return self."""
        if version == self.version:
            return self
        rows = await conn.execute_fetchall(
            "SELECT max(id), relation_type FROM relation WHERE id > ? AND scope = ?"
            " GROUP BY relation_type",
            (self.max_id, scope),
        )
        for last, relation_type in rows:
            self.max_id = max(self.max_id, int(last))
            head = head_of(str(relation_type))
            if head is not None:
                self.heads.setdefault(head, set()).add(str(relation_type))
        self.version = version
        return self

    def named(self, term: QueryTerm) -> frozenset[str]:
        """The scope's relation types an English query word names by their head word: the
        same stem ("audited", "audits"), or the one who does it ("auditor", "reviewer")."""
        word = term.surface.lower()
        if not self.heads or not (word.isascii() and word.isalpha()):
            return frozenset()
        base = stem(word)
        found = set(self.heads.get(base, ()))
        for suffix in _AGENT:
            if base.endswith(suffix):
                found.update(self.heads.get(base[: -len(suffix)], ()))
        return frozenset(found)

    def asked(self, terms: Sequence[QueryTerm]) -> dict[int, frozenset[str]]:
        """The terms (by position) that name a relation type of the scope, with the types."""
        out = {}
        for i, term in enumerate(terms):
            types = self.named(term)
            if types:
                out[i] = types
        return out
