"""Cross-language recall of media and publishing words: streams, clips, feeds, transcripts.

A question in one language finds the line written in the other through the curated
glossary, on a real SQLite memory with distractors.
"""

from __future__ import annotations

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.recall import RecallOptions, recall

NO_WRITE = RecallOptions(reinforce=False)

WORLD = [
    Entity("Note:volume", "Note", ("fact: the player remembers the volume per device",)),
    Entity("Note:feed", "Note", ("fact: the home feed shows local news first",)),
    Entity("Note:proofing", "Note", ("fact: every article is proofread by a second editor",)),
    Entity("Note:tapes", "Note", ("fact: the cassettes are stored in room 4, dry shelf",)),
    Entity("Note:coach", "Note", ("fact: coaching sessions with Mira every second Monday",)),
    Entity("Note:ads", "Note", ("fact: ads are sold by the agency until June",)),
    Entity("Note:subtitles", "Note", ("fact: субтитры к роликам делает подрядчик",)),
    Entity("Note:delay", "Note", ("fact: трансляция отстаёт от эфира на 20 секунд",)),
    Entity("Person:Lena Gray", "Person", ("role: head of sales",)),
]


@pytest.fixture
async def world(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(WORLD)
    return owner


@pytest.mark.parametrize(
    ("question", "target"),
    [
        ("громкость запоминается?", "Note:volume"),
        ("что в ленте на главной", "Note:feed"),
        ("кто вычитывает статьи", "Note:proofing"),
        ("где хранятся кассеты", "Note:tapes"),
        ("когда встречи с коучем", "Note:coach"),
        ("кто продаёт рекламу", "Note:ads"),
        ("who makes subtitles for our videos", "Note:subtitles"),
        ("how far does the stream lag behind", "Note:delay"),
    ],
)
async def test_a_media_word_finds_its_translation(
    world: ScopedMemory, question: str, target: str
) -> None:
    result = await recall(world, question, NO_WRITE)
    assert result.nodes[:1] == (target,)
