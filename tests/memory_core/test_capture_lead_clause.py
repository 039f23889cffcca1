"""Capture past a chatty opening clause ("в офисе перемены, X будет лидом ...").

The world lives in a temporary SQLite memory (owner Ilya; Лиана Саркисян and Jonas Berg,
stored; the projects Orbit and Quill) and is read through the bot's own resolver. A
clause that names no one before a comma must not hide the post said after it.
A lead that hedges, sets a condition or the moment, or news of no post or project, stays
unread.
"""

from __future__ import annotations

import pytest

from memory_core import ScopedMemory
from memory_core.extraction import extract
from memory_core.extraction_names import EntityResolver
from tests.memory_core.orbit_world import (
    JONAS,
    LIANA,
    OWNER,
    TODAY,
    propose_here,
    store_world,
)
from tests.memory_core.proposals import lines_text


@pytest.fixture
async def world(owner: ScopedMemory) -> EntityResolver:
    return await store_world(owner)


@pytest.mark.parametrize(
    "text",
    [
        "в офисе большие перемены, лиана со следующей недели будет лидом аналитики",
        "news from our side, Jonas Berg will be the tech lead",
    ],
)
def test_a_chatty_lead_clause_does_not_hide_a_post(world: EntityResolver, text: str) -> None:
    proposal = propose_here(world, text)
    person = LIANA if "лиана" in text else JONAS
    assert "лид" in lines_text(proposal, person) or "lead" in lines_text(proposal, person)


@pytest.mark.parametrize(
    "text",
    [
        "если всё сложится, лиана будет лидом аналитики",
        "думаю, Jonas Berg will be the tech lead",
        "so tired today, jonas woke me up at 6",
        "у нас тут весело, лиана опять опоздала",
    ],
)
def test_a_hedged_or_idle_lead_clause_is_not_dropped(world: EntityResolver, text: str) -> None:
    proposal = extract(text, world, owner=OWNER, today=TODAY)
    assert not any(line.startswith("role:") for e in proposal.entities for line in e.lines)
    said = lines_text(proposal, LIANA) + " " + lines_text(proposal, JONAS)
    assert not any(word in said for word in ("лид", "lead", "опоздал", "woke"))
