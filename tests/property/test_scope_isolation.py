"""Property: whatever is written in any scope, each scope reads back exactly its own data."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memory_core import Entity, EntityNotFoundError, Memory
from memory_core.scope import Scope

SCOPES = ("owner", "chat:1", "chat:-100")
NAMES = ("Project:ESO", "Project:Orion", "Person:Иван Петров", "Note:a.md")
LINES = ("fact: alpha", "fact: бета", "pref: k=1", "pref: k=2", "status: green", "x y z")

ops = st.lists(
    st.tuples(
        st.sampled_from(("create", "add", "delete_obs", "delete_entity")),
        st.sampled_from(SCOPES),
        st.sampled_from(NAMES),
        st.sampled_from(LINES),
    ),
    max_size=25,
)


def model_add(entity: list[str], line: str) -> None:
    """Mirror the store: skip duplicates, replace a same-key line in place."""
    if line in entity:
        return
    if line.startswith("pref: k="):
        for i, old in enumerate(entity):
            if old.startswith("pref: k="):
                entity[i] = line
                return
    entity.append(line)


async def apply(memory: Memory, op: tuple[str, str, str, str], model: dict[str, Any]) -> None:
    kind, scope, name, line = op
    handle = memory.scoped(Scope.parse(scope))
    entities: dict[str, list[str]] = model[scope]
    if kind == "create":
        await handle.create_entities([Entity(name, "", (line,))])
        model_add(entities.setdefault(name, []), line)
    elif kind == "add":
        if name in entities:
            await handle.add_observations([(name, [line])])
            model_add(entities[name], line)
        else:
            with pytest.raises(EntityNotFoundError):
                await handle.add_observations([(name, [line])])
    elif kind == "delete_obs":
        await handle.delete_observations([(name, [line])])
        if name in entities and line in entities[name]:
            entities[name].remove(line)
    else:
        await handle.delete_entities([name])
        entities.pop(name, None)


@given(operations=ops)
async def test_scopes_are_isolated(tmp_path_factory: pytest.TempPathFactory, operations) -> None:
    """Reads, opens and searches in a scope return exactly that scope's writes."""
    model: dict[str, dict[str, list[str]]] = {s: {} for s in SCOPES}
    async with Memory(tmp_path_factory.mktemp("db") / "m.db") as memory:
        for op in operations:
            await apply(memory, op, model)
        for scope in SCOPES:
            handle = memory.scoped(Scope.parse(scope))
            graph = await handle.read_graph()
            got = {e.name: list(e.observations) for e in graph.entities}
            assert got == model[scope]
            opened = await handle.open_nodes(list(NAMES))
            assert {e.name for e in opened.entities} == set(model[scope])
            for token in ("alpha", "бета", "green", "eso", "петров"):
                found = await handle.search_nodes(token)
                for entity in found.entities:
                    assert entity.name in model[scope]
                    assert list(entity.observations) == model[scope][entity.name]
                expected = {
                    name
                    for name, lines in model[scope].items()
                    if token in name.casefold() or any(token in li.casefold() for li in lines)
                }
                assert {e.name for e in found.entities} == expected
