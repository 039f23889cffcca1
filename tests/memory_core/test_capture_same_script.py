"""Capture of a new person whose first name is spelt like a known one only through another
script, and of a nanny who looks after the child the statement names.

The world lives in a temporary SQLite memory (owner Марина; Elena Rossi; her son Тимур) and is
read through the bot's own resolver.
"""

from __future__ import annotations

from memory_core import Entity, Relation, ScopedMemory
from memory_core.extraction import Proposal, extract
from memory_core.name_resolver import scope_resolver
from tests.memory_core.proposals import links

OWNER = "User:Марина"
ELENA = "Person:Elena Rossi"
TIMUR = "Person:Тимур"


async def _propose(owner: ScopedMemory, text: str) -> Proposal:
    await owner.create_entities(
        [
            Entity(OWNER, "User"),
            Entity(ELENA, "Person"),
            Entity(TIMUR, "Person", ("fact: сын, 6 лет (src=user)",)),
        ]
    )
    await owner.create_relations([Relation(TIMUR, OWNER, "child_of")])
    return extract(text, await scope_resolver(owner, OWNER), owner=OWNER)


async def test_a_latin_name_spelt_otherwise_is_someone_new(owner: ScopedMemory) -> None:
    """ "Jelena" and "Elena" are one name in Cyrillic, two people in Latin."""
    proposal = await _propose(owner, "my closest friend here is Jelena, we met at uni")
    assert ("Person:Jelena", "friend_of", OWNER) in links(proposal), proposal.to_json()
    assert ELENA not in {e.name for e in proposal.entities}


async def test_the_same_latin_name_is_the_known_person(owner: ScopedMemory) -> None:
    proposal = await _propose(owner, "Elena is my mentor now")
    assert (ELENA, "mentor_of", OWNER) in links(proposal), proposal.to_json()


async def test_a_nanny_looks_after_the_child_the_statement_names(owner: ScopedMemory) -> None:
    proposal = await _propose(owner, "наша няня — Гульнара, она забирает Тимура из садика")
    assert ("Person:Гульнара", "caregiver_of", TIMUR) in links(proposal), proposal.to_json()


async def test_a_nanny_of_no_named_child_is_the_owners(owner: ScopedMemory) -> None:
    proposal = await _propose(owner, "наша няня — Гульнара")
    assert ("Person:Гульнара", "caregiver_of", OWNER) in links(proposal), proposal.to_json()
