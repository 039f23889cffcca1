"""The links recall keeps between questions: the same answer as the file, and never stale."""

from __future__ import annotations

import random
from pathlib import Path

from memory_core import Entity, Memory, Relation
from memory_core.caches import Versions
from memory_core.neighbours import KEPT, Neighbourhoods
from memory_core.recall import RecallOptions, recall
from memory_core.scope import Scope
from memory_core.service import ScopedMemory

NO_WRITE = RecallOptions(reinforce=False)


async def _graph(owner: ScopedMemory, seed: int) -> None:
    """Sixty people, a hub linked to most of them, random links and a self-link."""
    rnd = random.Random(seed)
    people = [f"Person:P{i:02d}" for i in range(60)]
    await owner.create_entities(
        [Entity(n, "Person", (f"note {n}",)) for n in people]
        + [Entity("Project:Hub", "Project", ("the hub",))]
    )
    verbs = ["knows", "reports_to", "works_on", "mentors"]
    links = {Relation(p, "Project:Hub", rnd.choice(verbs)) for p in people[: KEPT + 15]}
    links |= {Relation("Project:Hub", p, "owns") for p in people[::3]}
    while len(links) < 400:
        a, b = rnd.sample(people, 2)
        links.add(Relation(a, b, rnd.choice(verbs)))
    links.add(Relation("Person:P07", "Person:P07", "knows"))
    await owner.create_relations(sorted(links, key=repr))


async def _kept(owner: ScopedMemory) -> tuple[Neighbourhoods, Versions]:
    async with owner.read() as conn:
        versions = await Versions.read(owner.search_index, conn)
    return owner.caches.links(owner.repo.scope, versions), versions


async def test_kept_links_answer_as_the_file_does(owner: ScopedMemory) -> None:
    await _graph(owner, seed=5)
    rnd = random.Random(7)
    async with owner.read() as conn:
        ids = [int(r[0]) for r in await conn.execute_fetchall("SELECT id FROM entity")]
        kept = owner.caches.links(owner.repo.scope, await Versions.read(owner.search_index, conn))
        for _ in range(300):
            pick = rnd.sample(ids, rnd.choice([1, 2, 5, 20, 61]))
            limit = rnd.choice([1, 10, 20, KEPT])
            from_file = await owner.repo.relations_touching(conn, pick, limit=limit)
            from_kept = await kept.touching(owner.repo, conn, pick, limit)
            assert [k.relation for k in from_kept] == from_file, (len(pick), limit)
        wide = await kept.touching(owner.repo, conn, ids, KEPT + 10)
        assert [k.relation for k in wide] == await owner.repo.relations_touching(
            conn, ids, limit=KEPT + 10
        )
    assert len(kept) == len(ids)


async def test_a_small_cache_drops_the_oldest_entities_only(owner: ScopedMemory) -> None:
    await _graph(owner, seed=11)
    small = Neighbourhoods(max_entities=5)
    async with owner.read() as conn:
        ids = [int(r[0]) for r in await conn.execute_fetchall("SELECT id FROM entity")]
        for start in range(0, 40, 4):
            pick = ids[start : start + 8]
            got = await small.touching(owner.repo, conn, pick, 20)
            assert [k.relation for k in got] == await owner.repo.relations_touching(
                conn, pick, limit=20
            )
            assert len(small) <= 5


async def test_another_process_adding_a_link_is_seen(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    async with Memory(path) as bot, Memory(path) as other:
        owner = bot.scoped(Scope.owner())
        await owner.create_entities(
            [
                Entity("Project:Orion", "Project", ("status: green",)),
                Entity("Person:Olga Petrova", "Person", ("phone: none",)),
            ]
        )
        first = await recall(owner, "кто пм на Orion", NO_WRITE)
        assert "Person:Olga Petrova" not in first.nodes
        before, _ = await _kept(owner)
        assert len(before) > 0, "the recall kept the links it read"
        await other.scoped(Scope.owner()).create_relations(
            [Relation("Person:Olga Petrova", "Project:Orion", "pm_of")]
        )
        again = await recall(owner, "кто пм на Orion", NO_WRITE)
        assert "Person:Olga Petrova" in again.nodes
        assert Relation("Person:Olga Petrova", "Project:Orion", "pm_of") in again.relations


async def test_deleting_an_entity_or_a_link_drops_what_was_kept(owner: ScopedMemory) -> None:
    await owner.create_entities(
        [
            Entity("Project:Orion", "Project", ("status: green",)),
            Entity("Person:Olga Petrova", "Person", ("phone: none",)),
            Entity("Person:Ivan Sidorov", "Person", ("phone: none",)),
        ]
    )
    pm = Relation("Person:Olga Petrova", "Project:Orion", "pm_of")
    lead = Relation("Person:Ivan Sidorov", "Project:Orion", "manages")
    await owner.create_relations([pm, lead])
    assert set((await recall(owner, "Orion", NO_WRITE)).relations) == {pm, lead}
    _, at_first = await _kept(owner)
    await owner.delete_relations([lead])
    _, after_unlink = await _kept(owner)
    assert after_unlink.links != at_first.links
    assert set((await recall(owner, "Orion", NO_WRITE)).relations) == {pm}
    await owner.delete_entities(["Person:Olga Petrova"])
    _, after_delete = await _kept(owner)
    assert after_delete.links != after_unlink.links
    assert (await recall(owner, "Orion", NO_WRITE)).relations == ()


async def test_a_new_entity_or_line_keeps_the_links(owner: ScopedMemory) -> None:
    await owner.create_entities([Entity("Project:Orion", "Project", ("status: green",))])
    _, before = await _kept(owner)
    await owner.create_entities([Entity("Person:Dana", "Person", ("role: designer",))])
    await owner.add_observations([("Project:Orion", ["deadline: May"])])
    _, after = await _kept(owner)
    assert after.links == before.links
    assert after.names != before.names
