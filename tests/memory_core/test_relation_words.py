"""A question's word that names one of the scope's own relation types asks for that link."""

from __future__ import annotations

import pytest

from memory_core import Entity, Relation, ScopedMemory
from memory_core.ranking import QueryTerm
from memory_core.recall import RecallOptions, recall
from memory_core.relation_words import RelationWords, head_of

NO_WRITE = RecallOptions(reinforce=False)


@pytest.fixture
async def world(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(
        [
            Entity("User:Nils", "User", ("role: head of platform, Fjordline",)),
            Entity("Project:Lumen", "Project", ("goal: SOC 2 type II report by autumn",)),
            Entity("Person:Hugo Lindqvist", "Person", ("role: external assessor, Northgate",)),
            Entity("Person:Ada Brenner", "Person", ("fact: keeps the SOC 2 evidence folder",)),
            Entity("Person:Greta Olsen", "Person", ("role: CFO",)),
            Entity("Project:Tidewater", "Project", ("status: data lake for the ferries",)),
        ]
    )
    await owner.create_relations(
        [
            Relation("Person:Hugo Lindqvist", "Project:Lumen", "certifies"),
            Relation("Person:Ada Brenner", "Project:Lumen", "works_on"),
            Relation("Person:Greta Olsen", "Project:Tidewater", "sponsors"),
        ],
        strict_vocabulary=False,  # as an MCP client or an imported graph names them
    )
    return owner


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("who certifies us for soc 2", "Person:Hugo Lindqvist"),
        ("who sponsors tidewater", "Person:Greta Olsen"),
        ("who is the sponsor of tidewater?", "Person:Greta Olsen"),
    ],
)
async def test_a_relation_types_own_word_finds_the_linked_one(
    world: ScopedMemory, question: str, answer: str
) -> None:
    result = await recall(world, question, NO_WRITE)
    assert result.nodes[:1] == (answer,), result.nodes


async def test_a_type_added_later_is_known_at_the_next_question(world: ScopedMemory) -> None:
    assert (await recall(world, "who sponsors tidewater", NO_WRITE)).nodes[0].endswith("Olsen")
    await world.create_entities([Entity("Person:Ivo Sand", "Person", ("role: harbour master",))])
    await world.create_relations(
        [Relation("Person:Ivo Sand", "Project:Tidewater", "inspects")], strict_vocabulary=False
    )
    result = await recall(world, "who inspects tidewater", NO_WRITE)
    assert result.nodes[:1] == ("Person:Ivo Sand",), result.nodes


@pytest.mark.parametrize(
    ("relation_type", "head"),
    [
        ("audits", "audit"),
        ("is_auditor_of", "auditor"),
        ("sponsor_of", "sponsor"),
        ("mentions", None),  # says only that two are linked
        ("applies_to", None),
        ("uses", None),  # too short to match safely
    ],
)
def test_head_words_of_relation_types(relation_type: str, head: str | None) -> None:
    assert head_of(relation_type) == head


def test_only_the_english_stem_or_the_doer_names_a_type() -> None:
    words = RelationWords(heads={"audit": {"audits"}, "appli": {"applies"}})
    assert words.named(QueryTerm("audited")) == {"audits"}
    assert words.named(QueryTerm("auditor")) == {"audits"}
    assert words.named(QueryTerm("auditing")) == {"audits"}
    # a longer word, a translation or another script names nothing
    assert words.named(QueryTerm("application")) == frozenset()
    assert words.named(QueryTerm("аудит", prefixes=("audit",))) == frozenset()
