"""memory_core additions for the chat surface: journal, exact removal and restore, selection.

They live in memory_core (no Telegram) and are tested here, on a real SQLite file, because
they were written for the bot.
"""

from __future__ import annotations

from pathlib import Path

from memory_core import Entity, Memory, Relation, ScopedMemory
from memory_core.editing import (
    EntityTarget,
    LineTarget,
    Removal,
    RemovedLine,
    remember,
    remove,
    restore,
)
from memory_core.journal import KEEP_SECONDS
from memory_core.scope import Scope
from memory_core.selection import select


async def test_remember_with_a_key_writes_once(owner: ScopedMemory) -> None:
    """The second call with the same key returns the first result and writes nothing."""
    first = await remember(owner, "Person:Ann", None, ["fact: role=dev"], update_key="u1")
    again = await remember(owner, "Person:Ann", None, ["fact: role=lead"], update_key="u1")
    assert first.created
    assert not first.repeated
    assert again.repeated
    assert again.added == ("fact: role=dev",)
    graph = await owner.open_nodes(["Person:Ann"])
    assert graph.entities[0].observations == ("fact: role=dev",)


async def test_the_journal_is_per_scope(memory: Memory) -> None:
    """The same update key in two scopes is two different updates."""
    for scope in ("owner", "chat:-5"):
        result = await remember(
            memory.scoped(Scope.parse(scope)), "Person:Ann", None, ["x: y"], update_key="k"
        )
        assert not result.repeated


async def test_old_journal_rows_are_pruned(tmp_path: Path) -> None:
    now = [1_000_000.0]
    async with Memory(tmp_path / "m.db", clock=lambda: now[0]) as memory:
        scoped = memory.scoped(Scope.owner())
        await remember(scoped, "Person:Ann", None, ["a: b"], update_key="old")
        now[0] += KEEP_SECONDS + 1
        await remember(scoped, "Person:Ann", None, ["c: d"], update_key="new")
        async with (
            memory.db.read() as conn,
            conn.execute("SELECT update_key FROM applied_update") as cur,
        ):
            assert [r[0] for r in await cur.fetchall()] == ["new"]


async def test_remove_reports_exactly_what_it_removed(owner: ScopedMemory) -> None:
    await owner.create_entities(
        [
            Entity("Person:Ann", "Person", ("a: 1", "b: 2", "c: 3")),
            Entity("Project:ESO", "Project"),
            Entity("Person:Bob", "Person", ("x: y",)),
        ]
    )
    await owner.create_relations(
        [
            Relation("Person:Ann", "Project:ESO", "works_on"),
            Relation("Person:Bob", "Project:ESO", "works_on"),
        ]
    )
    removal = await remove(
        owner,
        [
            LineTarget("Person:Ann", "b: 2"),
            LineTarget("Person:Ann", "missing: line"),
            EntityTarget("Person:Bob"),
            EntityTarget("Person:Nobody"),
        ],
    )
    assert removal.lines == (RemovedLine("Person:Ann", 1, "b: 2"),)
    assert removal.entities == (Entity("Person:Bob", "Person", ("x: y",)),)
    assert removal.relations == (Relation("Person:Bob", "Project:ESO", "works_on"),)
    assert Removal.from_dict(removal.to_dict()) == removal


async def test_restore_puts_lines_back_in_place_and_never_twice(owner: ScopedMemory) -> None:
    await owner.create_entities([Entity("Person:Ann", "Person", ("a: 1", "b: 2", "c: 3"))])
    removal = await remove(owner, [LineTarget("Person:Ann", "b: 2")])
    back = await restore(owner, removal)
    assert back.lines == removal.lines
    graph = await owner.open_nodes(["Person:Ann"])
    assert graph.entities[0].observations == ("a: 1", "b: 2", "c: 3")
    assert (await restore(owner, removal)).empty


async def test_selection_rules(owner: ScopedMemory) -> None:
    """Key first, then substring, then words in any inflection; provenance is not searched."""
    await owner.create_entities(
        [
            Entity(
                "User:Alex",
                "User",
                (
                    "pref: answer_format=1_screen (as_of=2025-12-28, src=user)",
                    "fact: курсорная пагинация в ESO (src=user)",
                ),
            ),
            Entity("Person:Ann", "Person", ("fact: role=dev", "fact: likes the answer format")),
        ]
    )
    by_key = await select(owner, "answer_format")
    assert by_key.targets == (
        LineTarget("User:Alex", "pref: answer_format=1_screen (as_of=2025-12-28, src=user)"),
    )
    by_words = await select(owner, "курсорную пагинацию")
    assert by_words.targets == (
        LineTarget("User:Alex", "fact: курсорная пагинация в ESO (src=user)"),
    )
    assert (await select(owner, "user")).total == 0, "src=user is provenance, not content"
    restricted = await select(owner, "Person:Ann: role")
    assert restricted.targets == (LineTarget("Person:Ann", "fact: role=dev"),)
    assert (await select(owner, "person:ann")).targets == (EntityTarget("Person:Ann"),)
    by_display = await select(owner, "ann")
    assert by_display.confirm
    assert by_display.targets == (EntityTarget("Person:Ann"),)


async def test_selection_is_capped_and_counts_everything(owner: ScopedMemory) -> None:
    await owner.create_entities(
        [Entity(f"Person:P{n}", "Person", ("fact: role=dev",)) for n in range(15)]
    )
    found = await select(owner, "role", limit=10)
    assert len(found.targets) == 10
    assert found.total == 15


async def test_selection_stays_in_its_scope(memory: Memory) -> None:
    await memory.scoped(Scope.parse("chat:-7")).create_entities(
        [Entity("Person:Ann", "Person", ("fact: role=dev",))]
    )
    assert (await select(memory.scoped(Scope.owner()), "role")).total == 0
    assert (await select(memory.scoped(Scope.owner()), "Person:Ann")).total == 0


async def test_selection_reads_the_shown_line_whatever_the_stored_spacing(
    owner: ScopedMemory,
) -> None:
    """A line is matched as shown (the kind in lower case, one space after its colon), in
    any case, with accents off Latin letters and ``ё`` as ``е``, however it was written."""
    await owner.create_entities(
        [
            Entity(
                "Person:Zoë",
                "Person",
                ("Pref:Answer_Format=short", "Fact: любит Café Straße и ёлки (src=user)"),
            ),
            Entity("Person:Bo", "Person", ("fact: pref answer elsewhere",)),
        ]
    )
    assert (await select(owner, "pref: answer")).targets == (
        LineTarget("Person:Zoë", "Pref:Answer_Format=short"),
    )
    wanted = (LineTarget("Person:Zoë", "Fact: любит Café Straße и ёлки (src=user)"),)
    assert (await select(owner, "cafe strasse")).total == 0  # ß is kept, as the index keeps it
    assert (await select(owner, "CAFE STRAẞE")).targets == wanted
    assert (await select(owner, "fact: любит cafe")).targets == wanted
    assert (await select(owner, "елки")).targets == wanted


async def test_selection_finds_what_a_phrase_means_and_asks_first(owner: ScopedMemory) -> None:
    """Rule 7: a name in another case, or words spread over one entity's name and lines."""
    await owner.create_entities(
        [
            Entity("Person:Иван Петров", "Person", ("role: тимлид",)),
            Entity("Person:Ольга", "Person", ("fact: жена", "fact: любит пионы")),
            Entity("Person:Мирон", "Person", ("fact: любит хоккей",)),
        ]
    )
    by_case = await select(owner, "Ивана")
    assert by_case.targets == (EntityTarget("Person:Иван Петров"),)
    assert by_case.confirm
    spread = await select(owner, "что жена любит пионы")
    assert spread.targets == (LineTarget("Person:Ольга", "fact: любит пионы"),)
    assert spread.confirm
    assert (await select(owner, "жена любит хоккей")).total == 0  # no one entity holds all
    assert (await select(owner, "рецепт плова")).total == 0
