"""Capture of who is put on a project, said loosely, over a real store.

The world lives in a temporary SQLite memory (owner Зарина, two colleagues, three projects)
and is read through the bot's own resolver. The statements put newcomers on a project with a
colloquial verb ("подкинули", "посадили") and a Latin name in a Russian case ("Jorge'a"),
say "X's been moved to P", use a loose verb after the project ("Quill ковыряет") or add a
clause of "till when" whose "нет" denies nothing ("пока у них нет QA"); each must propose the
link listed, and a plain denial must still propose none.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core import Entity, Relation, ScopedMemory
from memory_core.extraction import Proposal, extract
from memory_core.extraction_names import EntityResolver
from memory_core.name_resolver import scope_resolver
from tests.memory_core.proposals import links as _links
from tests.memory_core.proposals import propose

OWNER = "User:Зарина"
GLEB = "Person:Глеб Орлов"
SOFIA = "Person:Sofia Ricci"
QUILL = "Project:Quill"
HARBOR = "Project:Harbor"
ATLAS = "Project:Atlas"
TODAY = dt.date(2026, 6, 2)


@pytest.fixture
async def world(owner: ScopedMemory) -> EntityResolver:
    await owner.create_entities(
        [
            Entity(OWNER, "User"),
            Entity(GLEB, "Person", ("role: data engineer (src=user)",)),
            Entity(SOFIA, "Person", ("role: designer (src=user)",)),
            Entity(QUILL, "Project"),
            Entity(HARBOR, "Project"),
            Entity(ATLAS, "Project"),
        ]
    )
    await owner.create_relations(
        [Relation(GLEB, HARBOR, "works_on"), Relation(SOFIA, ATLAS, "works_on")]
    )
    return await scope_resolver(owner)


def _propose(world: EntityResolver, text: str) -> Proposal:
    return propose(world, text, owner=OWNER, today=TODAY)


def test_newcomers_put_on_a_project_by_a_loose_verb_keep_their_nominative_names(
    world: EntityResolver,
) -> None:
    proposal = _propose(world, "на Quill посадили двух стажёров — Ксюшу и Jorge'a")
    assert _links(proposal) == {
        ("Person:Ксюша", "works_on", QUILL),
        ("Person:Jorge", "works_on", QUILL),
    }
    lines = {e.name: " ".join(e.lines) for e in proposal.entities}
    assert "стажёр" in lines["Person:Jorge"]


def test_a_known_latin_name_with_a_case_ending_after_an_apostrophe(
    world: EntityResolver,
) -> None:
    proposal = _propose(world, "Глеб теперь и Quill ковыряет, кроме своего Harbor'а")
    assert (GLEB, "works_on", QUILL) in _links(proposal)
    assert not any(e.name.endswith("'а") for e in proposal.entities)


def test_has_been_moved_to_a_project(world: EntityResolver) -> None:
    proposal = _propose(world, "sofia's been moved over to Quill, atlas will cope without her")
    assert (SOFIA, "works_on", QUILL) in _links(proposal)


def test_the_owner_signing_up_while_the_team_lacks_someone(world: EntityResolver) -> None:
    proposal = _propose(world, "я вписалась в Atlas на квартал, пока у них нет QA")
    assert (OWNER, "works_on", ATLAS) in _links(proposal)


def test_a_denial_in_the_main_clause_still_links_nothing(world: EntityResolver) -> None:
    proposal = extract("Глеб больше не ковыряет Quill", world, owner=OWNER, today=TODAY)
    assert (GLEB, "works_on", QUILL) not in _links(proposal)
