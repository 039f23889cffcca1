"""Every tool through a real client session: results in the reference shapes, errors by name."""

from __future__ import annotations

import json
from pathlib import Path

from memory_core import Memory
from memory_core.scope import Scope
from tests.mcp.session import connect, error_text, names, ok, text_of


async def test_a_session_uses_every_tool(db: Path) -> None:
    async with connect(db) as s:
        created = await s.call_tool(
            "create_entities",
            {
                "entities": [
                    {
                        "name": "Person:Ann Lee",
                        "entityType": "Person",
                        "observations": ["role: cto"],
                    },
                    {"name": "Project:ESO", "entityType": "Project", "observations": []},
                    {"name": "widget", "entityType": "thing", "observations": ["colour: red"]},
                ]
            },
        )
        data = ok(created)
        assert names(data) == ["Person:Ann Lee", "Project:ESO", "widget"]
        assert data["entities"][0] == {
            "name": "Person:Ann Lee",
            "entityType": "Person",
            "observations": ["role: cto"],
        }
        # the first text block is the same JSON as the structured content
        assert json.loads(text_of(created)[0]) == data["entities"]

        # an existing name in another case gets the new line instead of a twin
        again = await s.call_tool(
            "create_entities",
            {
                "entities": [
                    {"name": "project:eso", "entityType": "Project", "observations": ["x"]}
                ]
            },
        )
        assert ok(again)["entities"] == [
            {"name": "Project:ESO", "entityType": "Project", "observations": ["x"]}
        ]
        assert "'project:eso' was added to the existing entity 'Project:ESO'" in text_of(again)[1]

        rel = await s.call_tool(
            "create_relations",
            {
                "relations": [
                    {"from": "Person:Ann Lee", "to": "Project:ESO", "relationType": "worksOn"},
                    {"from": "widget", "to": "Project:ESO", "relationType": "is painted for"},
                ]
            },
        )
        assert ok(rel)["relations"] == [
            {"from": "Person:Ann Lee", "to": "Project:ESO", "relationType": "works_on"},
            {"from": "widget", "to": "Project:ESO", "relationType": "is_painted_for"},
        ]
        assert "'worksOn' -> 'works_on'" in text_of(rel)[1]
        dup = await s.call_tool(
            "create_relations",
            {
                "relations": [
                    {"from": "Person:Ann Lee", "to": "Project:ESO", "relationType": "works_on"}
                ]
            },
        )
        assert ok(dup)["relations"] == []
        assert "1 relation already existed" in text_of(dup)[1]

        added = await s.call_tool(
            "add_observations",
            {
                "observations": [
                    {"entityName": "Person:Ann Lee", "contents": ["pref: tea=green", "role: cto"]},
                ]
            },
        )
        assert ok(added)["results"] == [
            {"entityName": "Person:Ann Lee", "addedObservations": ["pref: tea=green"]}
        ]
        replaced = await s.call_tool(
            "add_observations",
            {"observations": [{"entityName": "person:ann lee", "contents": ["pref: tea=black"]}]},
        )
        assert ok(replaced)["results"][0]["entityName"] == "Person:Ann Lee"
        assert "'pref: tea=green'" in text_of(replaced)[1]

        opened = ok(await s.call_tool("open_nodes", {"names": ["project:eso", "Nobody"]}))
        assert names(opened) == ["Project:ESO"]
        assert len(opened["relations"]) == 2  # every relation touching it, both directions
        missing_note = text_of(await s.call_tool("open_nodes", {"names": ["Nobody"]}))
        assert missing_note[1] == "Not found: 'Nobody'."

        found = ok(await s.call_tool("search_nodes", {"query": "tea black"}))
        assert names(found)[0] == "Person:Ann Lee"
        assert found["entities"][0]["observations"] == ["role: cto", "pref: tea=black"]
        assert ok(await s.call_tool("search_nodes", {"query": "zebra"})) == {
            "entities": [],
            "relations": [],
        }

        whole = ok(await s.call_tool("read_graph", {}))
        assert names(whole) == ["Person:Ann Lee", "Project:ESO", "widget"]
        assert len(whole["relations"]) == 2
        assert len(text_of(await s.call_tool("read_graph", {}))) == 1  # no note: it is all

        gone = ok(
            await s.call_tool(
                "delete_observations",
                {"deletions": [{"entityName": "widget", "observations": ["colour: red"]}]},
            )
        )
        assert gone == {
            "success": True,
            "message": "Deleted 1 observation: 'widget: colour: red'.",
        }
        unlinked = ok(
            await s.call_tool(
                "delete_relations",
                {
                    "relations": [
                        {"from": "widget", "to": "Project:ESO", "relationType": "is_painted_for"}
                    ]
                },
            )
        )
        assert unlinked["success"] is True
        deleted = ok(await s.call_tool("delete_entities", {"entityNames": ["Person:Ann Lee"]}))
        assert deleted["success"] is True
        assert "'Person:Ann Lee'" in deleted["message"]
        after = ok(await s.call_tool("read_graph", {}))
        assert after == {
            "entities": [
                {"name": "Project:ESO", "entityType": "Project", "observations": ["x"]},
                {"name": "widget", "entityType": "thing", "observations": []},
            ],
            "relations": [],
        }
    # what the session wrote is in the bot's database
    async with Memory(db) as memory:
        stats = await memory.scoped(Scope.owner()).stats()
    assert (stats.entities, stats.observations, stats.relations) == (2, 1, 0)


async def test_errors_name_what_is_missing_and_store_nothing(db: Path) -> None:
    async with connect(db) as s:
        ok(
            await s.call_tool(
                "create_entities",
                {"entities": [{"name": "A", "entityType": "t", "observations": ["one"]}]},
            )
        )
        batch = {
            "observations": [
                {"entityName": "A", "contents": ["two"]},
                {"entityName": "Ghost", "contents": ["boo"]},
            ]
        }
        message = error_text(await s.call_tool("add_observations", batch))
        assert "'Ghost'" in message
        assert "nothing was changed" in message
        rel = {"relations": [{"from": "A", "to": "Nowhere", "relationType": "knows"}]}
        assert "'Nowhere'" in error_text(await s.call_tool("create_relations", rel))

        bad = await s.call_tool(
            "create_entities", {"entities": [{"name": "B", "entityType": "t"}]}
        )
        assert error_text(bad) == (
            "Invalid arguments for tool create_entities: entities[0].observations is required"
        )
        assert "query must be a string" in error_text(
            await s.call_tool("search_nodes", {"query": 5})
        )
        assert "Tool nope not found" in error_text(await s.call_tool("nope", {}))
        empty_name = {"entities": [{"name": " ", "entityType": "t", "observations": []}]}
        assert "cannot be empty" in error_text(await s.call_tool("create_entities", empty_name))

        secret = {"observations": [{"entityName": "A", "contents": ["password: hunter2hunter2"]}]}
        refused = error_text(await s.call_tool("add_observations", secret))
        assert "looks like a secret (password)" in refused
        assert "hunter2" not in refused
        # the failed calls stored nothing
        assert ok(await s.call_tool("read_graph", {})) == {
            "entities": [{"name": "A", "entityType": "t", "observations": ["one"]}],
            "relations": [],
        }

        # deletes of what is not there are reported, not silent
        report = ok(await s.call_tool("delete_entities", {"entityNames": ["A", "Ghost"]}))
        assert report["success"] is False
        assert "Deleted 1 entity" in report["message"]
        assert "Not found, so not deleted: 'Ghost'" in report["message"]
        report = ok(
            await s.call_tool(
                "delete_observations", {"deletions": [{"entityName": "A", "observations": ["x"]}]}
            )
        )
        assert report == {
            "success": False,
            "message": "Deleted no observations. Not found, so not deleted: 'A'.",
        }
        report = ok(
            await s.call_tool(
                "delete_relations", {"relations": [{"from": "A", "to": "B", "relationType": "x"}]}
            )
        )
        assert report["success"] is False
        assert "'A -[x]-> B'" in report["message"]
