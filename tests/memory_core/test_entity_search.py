"""Entity search for MCP clients: names first when the query is a name, the index's best else."""

from __future__ import annotations

import aiosqlite
import pytest

from memory_core import Entity, Relation, ScopedMemory
from memory_core.entity_search import find_entities
from memory_core.scope import Scope
from memory_core.search_index import SearchIndex


@pytest.fixture
async def team(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(
        [
            Entity("User:Mira", "User", ("contact: city=Lisbon", "pref: coffee=flat white")),
            Entity("Person:Ольга Смирнова", "Person", ("role: tech lead of Kestrel",)),
            Entity("Project:Kestrel", "Project", ("status: amber", "owner: Ольга Смирнова")),
            Entity("Project:Heron", "Project", ("status: green",)),
            Entity(
                "Note:notes/kestrel/invoice-export.md",
                "Note",
                ("summary: invoice export for Kestrel moves to a nightly batch",),
            ),
            Entity(
                "Note:notes/heron/invoice-export.md",
                "Note",
                ("summary: invoice export for Heron stays manual",),
            ),
            Entity(
                "Note:notes/kestrel/sync-2025-03.md",
                "Note",
                ("summary: weekly sync on Kestrel hiring (as_of=2025-03-12)",),
            ),
            Entity(
                "Note:notes/kestrel/sync-2025-06.md",
                "Note",
                ("summary: weekly sync on Kestrel hiring (as_of=2025-06-18)",),
            ),
        ]
    )
    await owner.create_relations(
        [
            Relation("Person:Ольга Смирнова", "Project:Kestrel", "works_on"),
            Relation("Note:notes/kestrel/invoice-export.md", "Project:Kestrel", "about"),
        ],
        strict_vocabulary=False,
    )
    return owner


async def names(scoped: ScopedMemory, query: str, limit: int = 20) -> list[str]:
    found = await find_entities(scoped, query, limit, relation_limit=10)
    return [e.name for e in found.graph.entities]


async def test_a_name_in_any_inflection_comes_first(team: ScopedMemory) -> None:
    assert (await names(team, "Ольгой Смирновой"))[0] == "Person:Ольга Смирнова"
    assert (await names(team, "Kestrel"))[0] == "Project:Kestrel"


async def test_a_topic_within_a_project_outranks_the_project(team: ScopedMemory) -> None:
    found = await names(team, "invoice export Kestrel")
    assert found[0] == "Note:notes/kestrel/invoice-export.md"
    assert "Project:Kestrel" in found
    assert found.index("Note:notes/heron/invoice-export.md") > 0


async def test_typos_are_corrected_against_the_index(team: ScopedMemory) -> None:
    assert (await names(team, "invoce exprot Kestrel"))[0] == (
        "Note:notes/kestrel/invoice-export.md"
    )


async def test_a_month_is_held_by_lines_dated_in_it(team: ScopedMemory) -> None:
    assert (await names(team, "Kestrel hiring sync June"))[0] == (
        "Note:notes/kestrel/sync-2025-06.md"
    )
    assert (await names(team, "Kestrel hiring sync in March"))[0] == (
        "Note:notes/kestrel/sync-2025-03.md"
    )


async def test_what_no_entity_holds_whole_is_looked_for_in_names_then_lines(
    team: ScopedMemory,
) -> None:
    await team.create_entities(
        [
            Entity(
                "Project:Gull", "Project", ("infra: terraform modules for the staging cluster",)
            ),
            Entity("Person:Ana Lima", "Person", ("skill: terraform",)),
            Entity("Note:notes/staging-terraform.md", "Note", ("summary: cluster setup",)),
        ]
    )
    # no entity holds "rollback": those holding the other two words are the answer, in
    # their name or only in their lines
    found = await names(team, "terraform staging rollback")
    assert set(found) == {"Note:notes/staging-terraform.md", "Project:Gull"}
    only_lines = await names(team, "terraform cluster modules rollback")
    assert only_lines[0] == "Project:Gull"


async def test_a_question_about_oneself_finds_the_speaker(team: ScopedMemory) -> None:
    assert (await names(team, "which city do I live in"))[0] == "User:Mira"


async def test_nothing_for_what_the_memory_does_not_hold(team: ScopedMemory) -> None:
    assert await names(team, "vaccination of the neighbour's parrot") == []
    assert await names(team, "Kestrel") != []


async def test_entities_come_whole_with_their_relations_counted(team: ScopedMemory) -> None:
    found = await find_entities(team, "Kestrel", 2, relation_limit=1)
    first = found.graph.entities[0]
    assert first.observations == ("status: amber", "owner: Ольга Смирнова")
    assert len(found.graph.entities) == 2
    assert len(found.graph.relations) == 1
    assert found.relations_total == 2
    every = await find_entities(team, "Kestrel", 3, relation_limit=10)
    assert every.relations_total == len(every.graph.relations) == 2
    none = await find_entities(team, "Kestrel", 3, relation_limit=0)
    assert none.graph.relations == ()


async def test_a_query_of_stop_words_searches_the_words_as_typed(team: ScopedMemory) -> None:
    typed = [e.name for e in (await team.search_nodes("for", 20)).entities]
    assert typed
    assert await names(team, "for") == typed


class _RecordingIndex(SearchIndex):
    """The scope's index, keeping every full-text expression it was asked to rank."""

    def __init__(self, scope: Scope) -> None:
        super().__init__(scope)
        self.asked: list[str] = []

    async def best_entities(self, conn: aiosqlite.Connection, match: str, want: int) -> list[int]:
        self.asked.append(match)
        return await super().best_entities(conn, match, want)


async def test_a_cue_word_does_not_narrow_the_search(owner: ScopedMemory) -> None:
    """'кто отвечает' only says what is asked: the index is asked for the topic's words, not
    for entities that also hold "отвечает" (and the topic is found)."""
    await owner.create_entities(
        [
            Entity("Note:notes/lumen/cache-speed.md", "Note", ("summary: cache speed in Lumen",)),
            Entity("Person:Aino", "Person", ("role: отвечает за дежурства",)),
        ]
        + [  # enough other entries that the topic's words are rare ones
            Entity(f"Note:notes/misc/{i}.md", "Note", (f"fact: the printer on floor {i} jams",))
            for i in range(300)
        ]
    )
    index = owner.search_index = _RecordingIndex(owner.scope)
    ranked = await find_entities(
        owner, "скорость кэша в Lumen — кто отвечает", 5, relation_limit=0
    )
    assert [e.name for e in ranked.graph.entities][:1] == ["Note:notes/lumen/cache-speed.md"]
    first = index.asked[0]
    assert "lumen" in first
    assert "отвеча" not in first
    assert "respon" not in first


async def test_a_word_of_a_name_asked_is_not_searched_by_its_translations(
    owner: ScopedMemory,
) -> None:
    """ "Phoenix" the project is no "чудо" (a dictionary's sense of phoenix)."""
    await owner.create_entities(
        [
            Entity("Project:Phoenix", "Project", ("status: green, API v2 shipped",)),
            Entity("Person:Инга Лис", "Person", ("fact: верит в чудо, статус отпуск",)),
        ]
    )
    found = await find_entities(owner, "phoenix status", 5, relation_limit=0)
    assert [e.name for e in found.graph.entities] == ["Project:Phoenix"]
