"""JSONL import and export in the reference server's format."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from memory_core import Entity, ImportFormatError, Memory, ScopedMemory
from memory_core.jsonl import export_lines, import_jsonl
from memory_core.scope import Scope
from tests.conftest import SHARED

SAMPLE = [
    '{"type":"entity","name":"User:alexey","entityType":"User","observations":'
    '["pref: answer_format=1_screen (as_of=2025-12-28, src=user)","fact: живёт в Белграде"]}',
    '{"type":"entity","name":"Project:ESO","entityType":"Project","observations":[]}',
    '{"type":"entity","name":"John_Smith","entityType":"person","observations":["likes tea"]}',
    '{"type":"relation","from":"User:alexey","to":"Project:ESO","relationType":"manages"}',
    '{"type":"relation","from":"John_Smith","to":"Project:ESO","relationType":"is fan of"}',
]


async def exported(scope: ScopedMemory) -> list[str]:
    return [line async for line in export_lines(scope)]


async def test_round_trip_is_line_for_line(owner: ScopedMemory) -> None:
    report = await import_jsonl(owner, SAMPLE)
    assert (report.entities, report.observations, report.relations) == (3, 3, 2)
    assert await exported(owner) == SAMPLE


async def test_round_trip_of_the_shared_eval_graph(owner: ScopedMemory) -> None:
    """The shared 10k graph comes back byte for byte, observation order included."""
    path = SHARED / "eval" / "graph-10k.jsonl"
    if not path.exists():
        pytest.skip("shared eval graph not present")
    with path.open(encoding="utf-8") as f:
        await import_jsonl(owner, f)
    assert "\n".join(await exported(owner)) == path.read_text(encoding="utf-8")


async def test_relations_may_precede_entities(owner: ScopedMemory) -> None:
    lines = [SAMPLE[3], SAMPLE[0], SAMPLE[1]]
    report = await import_jsonl(owner, lines)
    assert report.relations == 1


@pytest.mark.parametrize(
    ("bad", "reason"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "expected a JSON object"),
        ('{"type":"node","name":"x"}', "unknown 'type'"),
        ('{"type":"entity","name":"","entityType":"x","observations":[]}', "'name'"),
        ('{"type":"entity","name":"x","entityType":"x","observations":"abc"}', "list of strings"),
        ('{"type":"entity","name":"x","entityType":"x","observations":["a\\nb"]}', "one line"),
        ('{"type":"relation","from":"User:alexey","to":"Ghost","relationType":"x"}', "Ghost"),
        ('{"type":"entity","name":"Person:A\\u001b[31m","entityType":"Person"}', "control"),
        ('{"type":"entity","name":"Person:A\\nB","entityType":"Person"}', "control"),
        ('{"type":"entity","name":"Person:A","entityType":"Per\\u0000son"}', "control"),
        ('{"type":"relation","from":"User:alexey","to":"X\\u0085","relationType":"x"}', "control"),
        ('{"type":"entity","name":"x","entityType":"x","n":' + "1" * 5000 + "}", "too long"),
        ("[" * 100_000, "nested too deeply"),
        ('{"a":' * 50_000 + "1" + "}" * 50_000, "nested too deeply"),
    ],
)
async def test_malformed_line_stops_import_and_keeps_nothing(
    owner: ScopedMemory, bad: str, reason: str
) -> None:
    lines = [*SAMPLE[:3], bad, SAMPLE[3]]
    with pytest.raises(ImportFormatError) as info:
        await import_jsonl(owner, lines)
    assert info.value.line_number == 4
    assert reason in str(info.value)
    assert "nothing was imported" in str(info.value)
    assert (await owner.stats()).entities == 0


async def test_blank_lines_are_skipped_and_numbers_stay_true(owner: ScopedMemory) -> None:
    with pytest.raises(ImportFormatError) as info:
        await import_jsonl(owner, [SAMPLE[0], "", "   ", "{oops"])
    assert info.value.line_number == 4


async def test_import_into_existing_entity_appends_missing_lines(owner: ScopedMemory) -> None:
    await import_jsonl(owner, SAMPLE)
    again = json.dumps(
        {
            "type": "entity",
            "name": "Project:ESO",
            "entityType": "Project",
            "observations": ["status: active"],
        }
    )
    report = await import_jsonl(owner, [SAMPLE[0], again])
    assert (report.entities, report.observations) == (0, 1)
    graph = await owner.open_nodes(["Project:ESO"])
    assert graph.entities[0].observations == ("status: active",)
    assert (await owner.search_nodes("active")).entities[0].name == "Project:ESO"


async def test_imported_graph_is_searchable(owner: ScopedMemory) -> None:
    await import_jsonl(owner, SAMPLE)
    assert [e.name for e in (await owner.search_nodes("белграде")).entities] == ["User:alexey"]
    assert [e.name for e in (await owner.search_nodes("tea")).entities] == ["John_Smith"]


async def test_import_leaves_the_search_index_in_one_segment(memory: Memory) -> None:
    """A search reads every index segment; an import merges what it and earlier writes left."""
    owner = memory.scoped(Scope.owner())
    await owner.create_entities([Entity("Note:a.md", "Note", ("topic: before the import",))])
    await import_jsonl(owner, SAMPLE)
    with sqlite3.connect(memory.db.path) as raw:
        segments = raw.execute("SELECT count(DISTINCT segid) FROM entity_doc_idx").fetchone()[0]
    assert segments == 1
    assert [e.name for e in (await owner.search_nodes("import")).entities] == ["Note:a.md"]
    assert [e.name for e in (await owner.search_nodes("tea")).entities] == ["John_Smith"]


async def test_import_reports_progress(owner: ScopedMemory) -> None:
    seen: list[int] = []
    await import_jsonl(owner, SAMPLE, progress=seen.append)
    assert seen
    assert seen[-1] == sum(len(line) for line in SAMPLE)


async def test_import_is_scoped(memory: Memory, tmp_path: Path) -> None:
    await import_jsonl(memory.scoped(Scope.parse("chat:5")), SAMPLE)
    assert await exported(memory.scoped(Scope.owner())) == []
    assert len(await exported(memory.scoped(Scope.parse("chat:5")))) == 5
