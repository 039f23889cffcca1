"""The nine graph operations on one scope, with the reference server's traps fixed."""

from __future__ import annotations

import pytest

from memory_core import (
    AmbiguousNameError,
    Entity,
    EntityNotFoundError,
    InvalidInputError,
    Memory,
    Relation,
    ScopedMemory,
)
from memory_core.scope import Scope

PREF = "pref: answer_format=1_screen (as_of=2025-12-28, src=user)"


async def seed(owner: ScopedMemory) -> None:
    await owner.create_entities(
        [
            Entity("User:alexey", "User", (PREF, "fact: живёт в Белграде (src=user)")),
            Entity("Project:ESO", "Project", ("summary: enterprise search (src=kb)",)),
            Entity("Person:Иван Петров", "Person", ("role: тимлид ESO (src=meeting)",)),
        ]
    )
    await owner.create_relations(
        [
            Relation("Person:Иван Петров", "Project:ESO", "works_on"),
            Relation("User:alexey", "Project:ESO", "manages"),
        ]
    )


class TestCreateEntities:
    async def test_creates_and_reads_back(self, owner: ScopedMemory) -> None:
        await seed(owner)
        graph = await owner.read_graph()
        assert [e.name for e in graph.entities] == [
            "User:alexey",
            "Project:ESO",
            "Person:Иван Петров",
        ]
        assert graph.entities[0].observations == (PREF, "fact: живёт в Белграде (src=user)")
        assert len(graph.relations) == 2

    async def test_existing_name_merges_observations(self, owner: ScopedMemory) -> None:
        """The reference server silently drops these observations; we keep them."""
        await seed(owner)
        out = await owner.create_entities(
            [Entity("Project:ESO", "Project", ("status: active (src=meeting)",))]
        )
        assert out == [Entity("Project:ESO", "Project", ("status: active (src=meeting)",))]
        graph = await owner.open_nodes(["Project:ESO"])
        assert graph.entities[0].observations == (
            "summary: enterprise search (src=kb)",
            "status: active (src=meeting)",
        )

    async def test_other_case_resolves_to_existing_entity(self, owner: ScopedMemory) -> None:
        await seed(owner)
        out = await owner.create_entities([Entity("project:eso", "", ("status: red",))])
        assert out[0].name == "Project:ESO"
        stats = await owner.stats()
        assert stats.entities == 3

    async def test_near_typo_resolves_by_fuzzy_match(self, owner: ScopedMemory) -> None:
        await owner.create_entities([Entity("Project:Billing-v2", "Project", ())])
        out = await owner.create_entities([Entity("Project:Billnig-v2", "Project", ("x: y",))])
        assert out[0].name == "Project:Billing-v2"
        assert (await owner.stats()).entities == 1

    async def test_feminine_surname_is_a_different_person(self, owner: ScopedMemory) -> None:
        await owner.create_entities([Entity("Person:Иван Петров", "Person", ())])
        await owner.create_entities([Entity("Person:Иван Петрова", "Person", ())])
        assert (await owner.stats()).entities == 2

    async def test_different_people_stay_apart(self, owner: ScopedMemory) -> None:
        await owner.create_entities([Entity("Person:Eric Reed", "Person", ())])
        await owner.create_entities([Entity("Person:Eric Reid", "Person", ())])
        assert (await owner.stats()).entities == 2

    async def test_type_must_match_prefix(self, owner: ScopedMemory) -> None:
        with pytest.raises(InvalidInputError, match="must have type 'Project'"):
            await owner.create_entities([Entity("Project:ESO", "Person", ())])
        assert (await owner.stats()).entities == 0

    async def test_bad_observation_fails_whole_batch(self, owner: ScopedMemory) -> None:
        with pytest.raises(InvalidInputError):
            await owner.create_entities(
                [Entity("Project:A", "Project", ("ok",)), Entity("Project:B", "Project", ("",))]
            )
        assert (await owner.stats()).entities == 0

    async def test_ambiguous_case_twins_are_reported(self, owner: ScopedMemory) -> None:
        """Twins imported from elsewhere make a case-insensitive name ambiguous."""
        from memory_core.jsonl import import_jsonl

        lines = [
            '{"type":"entity","name":"Project:eso","entityType":"Project","observations":[]}',
            '{"type":"entity","name":"Project:ESO","entityType":"Project","observations":[]}',
        ]
        await import_jsonl(owner, lines)
        with pytest.raises(AmbiguousNameError):
            await owner.create_entities([Entity("PROJECT:Eso", "Project", ("x",))])


class TestAddObservations:
    async def test_adds_and_skips_duplicates(self, owner: ScopedMemory) -> None:
        await seed(owner)
        out = await owner.add_observations(
            [("Project:ESO", ["status: green", "summary: enterprise search (src=kb)"])]
        )
        assert out[0].added == ("status: green",)
        assert out[0].to_dict() == {
            "entityName": "Project:ESO",
            "addedObservations": ["status: green"],
        }

    async def test_same_key_replaces_old_line(self, owner: ScopedMemory) -> None:
        await seed(owner)
        new = "pref: answer_format=2_screens (as_of=2026-01-05, src=user)"
        out = await owner.add_observations([("User:alexey", [new])])
        assert out[0].replaced == (PREF,)
        obs = (await owner.open_nodes(["User:alexey"])).entities[0].observations
        assert obs == (new, "fact: живёт в Белграде (src=user)")  # same place in the order

    async def test_missing_entity_fails_whole_batch_and_is_named(
        self, owner: ScopedMemory
    ) -> None:
        await seed(owner)
        with pytest.raises(EntityNotFoundError) as info:
            await owner.add_observations(
                [("Project:ESO", ["status: red"]), ("Project:Nope", ["x"])]
            )
        assert info.value.names == ("Project:Nope",)
        assert "Project:Nope" in str(info.value)
        obs = (await owner.open_nodes(["Project:ESO"])).entities[0].observations
        assert "status: red" not in obs

    async def test_multiline_refused(self, owner: ScopedMemory) -> None:
        await seed(owner)
        with pytest.raises(InvalidInputError, match="one line"):
            await owner.add_observations([("Project:ESO", ["a\nb"])])


class TestRelations:
    async def test_refuses_missing_ends(self, owner: ScopedMemory) -> None:
        await seed(owner)
        with pytest.raises(EntityNotFoundError) as info:
            await owner.create_relations(
                [
                    Relation("Project:ESO", "User:alexey", "covers"),
                    Relation("Person:Nobody", "Project:ESO", "works_on"),
                ]
            )
        assert info.value.names == ("Person:Nobody",)
        graph = await owner.read_graph()
        assert Relation("Project:ESO", "User:alexey", "covers") not in graph.relations

    async def test_synonym_mapped_and_duplicates_skipped(self, owner: ScopedMemory) -> None:
        await seed(owner)
        created = await owner.create_relations(
            [
                Relation("Person:Иван Петров", "Project:ESO", "workingOn"),
                Relation("Project:ESO", "User:alexey", "refers to"),
            ]
        )
        assert created == [Relation("Project:ESO", "User:alexey", "references")]

    async def test_unknown_verb_refused_unless_lenient(self, owner: ScopedMemory) -> None:
        await seed(owner)
        rel = Relation("Project:ESO", "User:alexey", "sponsoredBy")
        with pytest.raises(InvalidInputError, match="unknown relation type"):
            await owner.create_relations([rel])
        created = await owner.create_relations([rel], strict_vocabulary=False)
        assert created == [Relation("Project:ESO", "User:alexey", "sponsored_by")]

    async def test_delete_reports_missing(self, owner: ScopedMemory) -> None:
        await seed(owner)
        report = await owner.delete_relations(
            [
                Relation("Person:Иван Петров", "Project:ESO", "works_on"),
                Relation("Person:Иван Петров", "Project:ESO", "manages"),
            ]
        )
        assert report.deleted == ("Person:Иван Петров -[works_on]-> Project:ESO",)
        assert report.missing == ("Person:Иван Петров -[manages]-> Project:ESO",)
        assert len((await owner.read_graph()).relations) == 1


class TestDeletes:
    async def test_delete_entities_cascades_and_reports(self, owner: ScopedMemory) -> None:
        await seed(owner)
        report = await owner.delete_entities(["project:eso", "Project:Ghost"])
        assert report.deleted == ("Project:ESO",)
        assert report.missing == ("Project:Ghost",)
        graph = await owner.read_graph()
        assert [e.name for e in graph.entities] == ["User:alexey", "Person:Иван Петров"]
        assert graph.relations == ()
        assert (await owner.search_nodes("enterprise")).entities == ()

    async def test_delete_observations_exact_string(self, owner: ScopedMemory) -> None:
        await seed(owner)
        report = await owner.delete_observations(
            [("User:alexey", [PREF, "pref: answer_format"]), ("Person:Ghost", ["x"])]
        )
        assert report.deleted == (f"User:alexey: {PREF}",)
        assert report.missing == ("User:alexey: pref: answer_format", "Person:Ghost")
        obs = (await owner.open_nodes(["User:alexey"])).entities[0].observations
        assert obs == ("fact: живёт в Белграде (src=user)",)


class TestReads:
    async def test_open_nodes_returns_relations_touching(self, owner: ScopedMemory) -> None:
        """The reference server only returns relations between opened nodes."""
        await seed(owner)
        graph = await owner.open_nodes(["Project:ESO", "Project:Missing"])
        assert [e.name for e in graph.entities] == ["Project:ESO"]
        assert set(graph.relations) == {
            Relation("Person:Иван Петров", "Project:ESO", "works_on"),
            Relation("User:alexey", "Project:ESO", "manages"),
        }

    async def test_search_is_tokenised_and_case_insensitive(self, owner: ScopedMemory) -> None:
        await seed(owner)
        # tokens spread over name and observation lines, in any order and case
        found = await owner.search_nodes("ESO ТИМЛИД петров")
        assert [e.name for e in found.entities] == ["Person:Иван Петров"]
        # the reference server's whole-query substring would find nothing here
        assert [e.name for e in (await owner.search_nodes("search enterprise")).entities] == [
            "Project:ESO"
        ]

    async def test_search_needs_every_token(self, owner: ScopedMemory) -> None:
        await seed(owner)
        assert (await owner.search_nodes("ESO banana")).entities == ()

    async def test_search_matches_prefixes_and_yo(self, owner: ScopedMemory) -> None:
        await seed(owner)
        assert [e.name for e in (await owner.search_nodes("белград живет")).entities] == [
            "User:alexey"
        ]

    async def test_search_finds_a_date_as_typed_or_as_a_lines_date(
        self, owner: ScopedMemory
    ) -> None:
        await owner.create_entities(
            [
                Entity("Note:a.md", "Note", ("topic: cursors (as_of=2025-04-09, src=meeting)",)),
                Entity("Note:b.md", "Note", ("topic: offsets, decided 2025-04-09",)),
                Entity("Note:c.md", "Note", ("topic: cursors (as_of=2025-04-10, src=kb)",)),
                Entity("Note:d.md", "Note", ("topic: cursors (as_of=2025-05-09, src=kb)",)),
                Entity("Note:e.md", "Note", ("topic: keyset (as_of=2025-04-01, src=kb)",)),
            ]
        )

        async def found(query: str) -> set[str]:
            return {e.name for e in (await owner.search_nodes(query)).entities}

        assert await found("2025-04-09") == {"Note:a.md", "Note:b.md"}
        assert await found("cursors 2025-04-09") == {"Note:a.md"}
        assert await found("2025-04") == {"Note:a.md", "Note:b.md", "Note:c.md", "Note:e.md"}
        assert len(await found("2025")) == 5
        # a date most entities hold is checked on the candidates of the rarer word, alike
        assert await found("keyset 2025-04") == {"Note:e.md"}
        assert await found("keyset 2025-05") == set()

    async def test_search_reads_provenance_as_its_source_alone(self, owner: ScopedMemory) -> None:
        """``src=meeting`` is a line's source, and searchable; ``as_of`` and ``src`` are not."""
        await owner.create_entities(
            [
                Entity("Note:a.md", "Note", ("topic: cursors (as_of=2025-04-09, src=meeting)",)),
                Entity("Note:b.md", "Note", ("topic: the weekly meeting moved",)),
                Entity("Note:c.md", "Note", ("topic: offsets (as_of=2025-04-09, src=kb)",)),
            ]
        )
        found = await owner.search_nodes("meeting")
        assert {e.name for e in found.entities} == {"Note:a.md", "Note:b.md"}
        assert (await owner.search_nodes("src")).entities == ()
        assert (await owner.search_nodes("as_of")).entities == ()
        assert (await owner.search_nodes("2025 src")).entities == ()
        # the month word the index adds to a dated line is no word of it either
        assert (await owner.search_nodes("month")).entities == ()
        assert (await owner.search_nodes("mon")).entities == ()

    async def test_search_is_limited(self, owner: ScopedMemory) -> None:
        await owner.create_entities(
            [Entity(f"Note:n{i}.md", "Note", ("topic: pagination",)) for i in range(30)]
        )
        assert len((await owner.search_nodes("pagination", limit=7)).entities) == 7
        assert len((await owner.search_nodes("pagination")).entities) == 20

    @pytest.mark.parametrize(
        "query",
        ['"', "NEAR(a b)", "OR *", "col:x", "^", 'a "b', "😀", "", "   ", "x" * 4096, "AND"],
    )
    async def test_search_survives_fts_syntax(self, owner: ScopedMemory, query: str) -> None:
        await seed(owner)
        graph = await owner.search_nodes(query)
        assert isinstance(graph.entities, tuple)

    async def test_search_returns_relations_between_found(self, owner: ScopedMemory) -> None:
        await seed(owner)
        graph = await owner.search_nodes("ESO")
        names = {e.name for e in graph.entities}
        assert names == {"Project:ESO", "Person:Иван Петров"}
        assert graph.relations == (Relation("Person:Иван Петров", "Project:ESO", "works_on"),)


class TestScopes:
    async def test_handles_never_see_each_other(self, memory: Memory) -> None:
        a, b = memory.scoped(Scope.owner()), memory.scoped(Scope.parse("chat:-100"))
        await seed(a)
        assert (await b.read_graph()).entities == ()
        assert (await b.search_nodes("ESO")).entities == ()
        assert (await b.open_nodes(["Project:ESO"])).entities == ()
        with pytest.raises(EntityNotFoundError):
            await b.add_observations([("Project:ESO", ["x"])])
        report = await b.delete_entities(["Project:ESO"])
        assert report.missing == ("Project:ESO",)
        assert (await a.stats()).entities == 3

    async def test_same_name_in_two_scopes(self, memory: Memory) -> None:
        a, b = memory.scoped(Scope.owner()), memory.scoped(Scope.parse("chat:7"))
        await a.create_entities([Entity("Project:ESO", "Project", ("a: 1",))])
        await b.create_entities([Entity("Project:ESO", "Project", ("b: 2",))])
        assert (await a.open_nodes(["Project:ESO"])).entities[0].observations == ("a: 1",)
        assert (await b.open_nodes(["Project:ESO"])).entities[0].observations == ("b: 2",)


async def test_entities_with_lines_reads_what_the_two_separate_reads_read(memory: Memory) -> None:
    owner, other = memory.scoped(Scope.owner()), memory.scoped(Scope.parse("chat:-7"))
    await seed(owner)
    await owner.create_entities([Entity("Project:Empty", "Project")])
    await other.create_entities([Entity("Project:ESO", "Project", ("status: theirs",))])
    async with memory.db.write() as conn:  # one line forgotten softly: hidden from both
        await conn.execute(
            "UPDATE observation SET forgotten_at = 1 WHERE scope = 'owner' AND text LIKE 'fact:%'"
        )
    async with memory.db.read() as conn:
        every = [r[0] for r in await conn.execute_fetchall("SELECT id FROM entity")]
        rows, lines = await owner.repo.entities_with_lines(conn, [*every, *every])
        assert rows == await owner.repo.entities_by_id(conn, every)
        assert lines == await owner.repo.observations_of(conn, list(rows))
    assert {r.name for r in rows.values()} == {
        "User:alexey",
        "Project:ESO",
        "Person:Иван Петров",
        "Project:Empty",
    }
    user = next(i for i, r in rows.items() if r.name == "User:alexey")
    assert [o.text for o in lines[user]] == [PREF]
    assert lines[next(i for i, r in rows.items() if r.name == "Project:Empty")] == []
