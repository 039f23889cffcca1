"""Entities with their visible lines, kept between recalls while their line version stands.

Every recall loads its candidates, a score of entities with all their visible lines (about
a sixth of its time); the same people, projects and notes come up again and again. An
:class:`EntityLines` keeps each loaded entity with the ``lines_version`` it had
(:data:`memory_core.schema_late.M0016_LINE_VERSION`: the schema's triggers move it, in every
process that writes the file, whenever the entity's name, type, time or scope or one of its
lines changes). A load reads the versions of the entities asked for, one small statement,
and reads again only those kept at another version or not kept at all; so it returns
exactly what :meth:`memory_core.repository.Repository.entities_with_lines` returns in the
same snapshot. Counts and confidence, which reinforcement changes on every recall, are not
part of what is kept current: nothing that ranks reads them. What ranking works out of an
entity whatever the question (its folded name and lines, their words, the best source)
is kept with it (:class:`Profile`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import aiosqlite

from memory_core.naming import split_prefix
from memory_core.ranking import fact_time, fold_line, source_authority, word_list, written_months
from memory_core.rows import EntityRow, ObservationRow

if TYPE_CHECKING:
    from memory_core.repository import Repository

__all__ = ["MAX_ENTITIES", "EntityLines", "Loaded", "Profile"]

MAX_ENTITIES = 4_096
"""Entities kept at most (with lines and profiles: about 9 MB at 10k entities); oldest go first."""


@dataclass(slots=True)
class Profile:
    """What ranking reads of an entity whatever the question, worked out once.

    ``name`` is the type and display name folded (the type word counts as part of the name),
    ``doc`` the visible lines joined and folded; ``*_words`` their words, sorted and unique
    (:func:`memory_core.ranking.held_terms`); ``*_months`` the months of the dates written
    in them; ``standing``: when the newest line was true (``None``: no line) and the best
    source's authority.
    """

    name: str
    name_words: list[str]
    name_months: frozenset[int]
    doc: str
    doc_words: list[str]
    doc_months: frozenset[int]
    standing: tuple[float | None, float]


@dataclass(slots=True)
class Loaded:
    """An entity's row and visible lines as loaded at ``version``, and its profile."""

    version: int
    row: EntityRow
    lines: tuple[ObservationRow, ...]
    _profile: Profile | None = None

    def profile(self) -> Profile:
        """The entity's :class:`Profile`, worked out on first use."""
        if self._profile is None:
            name = f"{self.row.entity_type} {split_prefix(self.row.name)[1]}"
            raw = "\n".join(o.text for o in self.lines)
            folded_name, folded_doc = fold_line(name), fold_line.__wrapped__(raw)
            newest = max((fact_time(o.as_of, o.updated_at) for o in self.lines), default=None)
            auth = max((source_authority(o.source) for o in self.lines), default=0.5)
            self._profile = Profile(
                folded_name,
                word_list(folded_name),
                written_months(name),
                folded_doc,
                word_list(folded_doc),
                written_months(raw),
                (newest, auth),
            )
        return self._profile


class EntityLines:
    """One scope's loaded entities and lines by entity id, each with its line version."""

    def __init__(self, max_entities: int = MAX_ENTITIES) -> None:
        self._kept: dict[int, Loaded] = {}
        self._max = max_entities

    def __len__(self) -> int:
        return len(self._kept)

    async def load(
        self, repo: Repository, conn: aiosqlite.Connection, ids: Sequence[int]
    ) -> dict[int, Loaded]:
        """The scope's entities among ``ids``, with their visible lines in stored order."""
        versions = await repo.line_versions(conn, ids)
        found: dict[int, Loaded] = {}
        stale: list[int] = []
        for entity_id, version in versions.items():
            kept = self._kept.get(entity_id)
            if kept is not None and kept.version == version:
                found[entity_id] = kept
            else:
                stale.append(entity_id)
        if stale:
            rows, lines = await repo.entities_with_lines(conn, stale)
            for entity_id in stale:  # both statements read one snapshot: every row is there
                row = rows[entity_id]
                loaded = Loaded(versions[entity_id], row, tuple(lines.get(entity_id, ())))
                self._kept.pop(entity_id, None)  # re-inserted: the newest go last
                self._kept[entity_id] = found[entity_id] = loaded
            while len(self._kept) > self._max:
                del self._kept[next(iter(self._kept))]
        return found
