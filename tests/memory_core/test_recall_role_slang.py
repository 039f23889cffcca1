"""Chat slang for a developer's trade finds the role a memory writes in English.

"кто у нас бэкендер" asks for whoever holds "backend developer"; "фронтендер" is no backend
developer, so with none in memory nobody answers.
"""

from __future__ import annotations

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.recall import RecallOptions, recall

NO_WRITE = RecallOptions(reinforce=False)


@pytest.fixture
async def team(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(
        [
            Entity("Person:Lukas Brenn", "Person", ("role: backend developer on Kiln",)),
            Entity("Person:Mira Sato", "Person", ("role: designer",)),
            Entity("Project:Kiln", "Project", ("status: beta",)),
        ]
    )
    return owner


@pytest.mark.parametrize("question", ["кто у нас бэкендер", "кто бэкендщик на Kiln"])
async def test_backend_slang_finds_the_backend_developer(
    team: ScopedMemory, question: str
) -> None:
    assert list((await recall(team, question, NO_WRITE)).nodes)[:1] == ["Person:Lukas Brenn"]


@pytest.mark.parametrize("question", ["кто у нас фронтендер", "кто фулстек"])
async def test_another_trade_finds_no_backend_developer(team: ScopedMemory, question: str) -> None:
    assert "Person:Lukas Brenn" not in (await recall(team, question, NO_WRITE)).nodes
