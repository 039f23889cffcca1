"""A small stored world (owner Лев, his children, a friend, colleagues, three projects) for
the capture tests of clauses, carers of relatives, decision lead-ins and teams.

Стёпа and Alina are the owner's children, Вика Орлова his friend; Кира Соболева and Ренат
Садыков work on Lantern, Bruno Keller and Paulo Serra on Quartz; Henrik Dahl is the CFO;
Tidewell is a third project. All are stored in a temporary SQLite memory and read through
the bot's own resolver on a fixed day.
"""

from __future__ import annotations

import datetime as dt

from memory_core import Entity, Relation, ScopedMemory
from memory_core.extraction import Proposal
from memory_core.extraction_names import EntityResolver
from memory_core.name_resolver import scope_resolver
from tests.memory_core.proposals import propose

OWNER = "User:Лев"
STEPA = "Person:Стёпа"
ALINA = "Person:Alina"
VIKA = "Person:Вика Орлова"
KIRA = "Person:Кира Соболева"
RENAT = "Person:Ренат Садыков"
BRUNO = "Person:Bruno Keller"
PAULO = "Person:Paulo Serra"
HENRIK = "Person:Henrik Dahl"
LANTERN = "Project:Lantern"
QUARTZ = "Project:Quartz"
TIDEWELL = "Project:Tidewell"
TODAY = dt.date(2026, 4, 14)


async def store_world(owner: ScopedMemory) -> EntityResolver:
    """Store the world in ``owner`` and return the scope's resolver."""
    await owner.create_entities(
        [
            Entity(OWNER, "User"),
            Entity(STEPA, "Person", ("fact: сын, 9 лет (src=user)",)),
            Entity(ALINA, "Person", ("fact: daughter, 12 (src=user)",)),
            Entity(VIKA, "Person", ("fact: подруга (src=user)",)),
            Entity(KIRA, "Person", ("role: PM (src=user)",)),
            Entity(RENAT, "Person", ("role: backend (src=user)",)),
            Entity(BRUNO, "Person", ("role: tech lead (src=user)",)),
            Entity(PAULO, "Person", ("role: SRE (src=user)",)),
            Entity(HENRIK, "Person", ("role: CFO (src=user)",)),
            Entity(LANTERN, "Project"),
            Entity(QUARTZ, "Project"),
            Entity(TIDEWELL, "Project"),
        ]
    )
    await owner.create_relations(
        [
            Relation(STEPA, OWNER, "child_of"),
            Relation(ALINA, OWNER, "child_of"),
            Relation(VIKA, OWNER, "friend_of"),
            Relation(KIRA, LANTERN, "works_on"),
            Relation(RENAT, LANTERN, "works_on"),
            Relation(BRUNO, QUARTZ, "works_on"),
            Relation(PAULO, QUARTZ, "works_on"),
        ]
    )
    return await scope_resolver(owner)


def propose_here(world: EntityResolver, text: str) -> Proposal:
    """The proposal for ``text`` in this world (it must not be skipped)."""
    return propose(world, text, owner=OWNER, today=TODAY)
