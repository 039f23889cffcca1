"""A small stored world (owner Ilya, two people, two projects) for capture tests.

Лиана Саркисян (an analyst) and Jonas Berg (a backend developer) are stored with the
projects Orbit and Quill in a temporary SQLite memory; statements are read through the
bot's own resolver on a fixed day.
"""

from __future__ import annotations

import datetime as dt

from memory_core import Entity, ScopedMemory
from memory_core.extraction import Proposal
from memory_core.extraction_names import EntityResolver
from memory_core.name_resolver import scope_resolver
from tests.memory_core.proposals import propose

OWNER = "User:Ilya"
LIANA = "Person:Лиана Саркисян"
JONAS = "Person:Jonas Berg"
ORBIT = "Project:Orbit"
QUILL = "Project:Quill"
TODAY = dt.date(2026, 3, 9)


async def store_world(owner: ScopedMemory) -> EntityResolver:
    """Store the world in ``owner`` and return the scope's resolver."""
    await owner.create_entities(
        [
            Entity(OWNER, "User"),
            Entity(LIANA, "Person", ("role: аналитик (src=user)",)),
            Entity(JONAS, "Person", ("role: backend developer (src=user)",)),
            Entity(ORBIT, "Project"),
            Entity(QUILL, "Project"),
        ]
    )
    return await scope_resolver(owner)


def propose_here(world: EntityResolver, text: str) -> Proposal:
    """The proposal for ``text`` in this world (it must not be skipped)."""
    return propose(world, text, owner=OWNER, today=TODAY)
