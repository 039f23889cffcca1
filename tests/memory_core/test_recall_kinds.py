"""Recall by kind of question, on a small personal memory (tests/data/personal_graph.jsonl).

One table of chat questions per kind the recall issue names: a hop through a relation,
a key or person only notes point at, a name in the other script, a Russian or English
question about a line in the other language, an inflected name, the owner's own facts,
a month, a plain lookup; and small talk and questions about things not in memory, whose
right answer is no memory at all. The memory has 16 entries: nothing here may rely on a
rule that only holds in a big vocabulary.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from memory_core import ScopedMemory
from memory_core.jsonl import import_jsonl
from memory_core.recall import RecallOptions, recall

DATA = Path(__file__).resolve().parents[1] / "data"
CASES = [
    json.loads(line)
    for line in (DATA / "personal_queries.jsonl").read_text(encoding="utf-8").splitlines()
]
NO_WRITE = RecallOptions(reinforce=False)


@pytest.fixture
async def memory(owner: ScopedMemory) -> ScopedMemory:
    with (DATA / "personal_graph.jsonl").open(encoding="utf-8") as f:
        await import_jsonl(owner, f)
    return owner


def test_every_kind_has_cases() -> None:
    kinds = {c["kind"] for c in CASES}
    assert kinds == {
        "relation_hop",
        "kb_pointer",
        "cross_script",
        "cross_language",
        "inflection",
        "self",
        "temporal",
        "direct",
        "smalltalk",
        "nomatch",
    }


@pytest.mark.parametrize("case", CASES, ids=[f"{c['kind']}: {c['query']}" for c in CASES])
async def test_a_question_of_each_kind(memory: ScopedMemory, case: dict[str, Any]) -> None:
    result = await recall(memory, case["query"], NO_WRITE)
    top = set(result.nodes[:3])
    if case["targets"]:
        assert top & set(case["targets"]), result.nodes
    else:
        assert (result.nodes, result.lines) == ((), ())


async def test_a_hop_shows_the_link_that_explains_it(memory: ScopedMemory) -> None:
    result = await recall(memory, "кто пм на orion?", NO_WRITE)
    assert result.nodes[0] == "Person:Ольга Орлова"
    link = result.relations[0]
    assert (link.from_, link.relation_type, link.to) == (
        "Person:Ольга Орлова",
        "pm_of",
        "Project:Orion",
    )


async def test_a_broad_entry_shows_only_the_lines_that_answer(memory: ScopedMemory) -> None:
    result = await recall(memory, "где я живу?", NO_WRITE)
    assert result.nodes[0] == "User:Анна"
    owner_lines = [ln.text for ln in result.lines if ln.entity == "User:Анна"]
    assert owner_lines
    assert all("Лиссабон" in text for text in owner_lines), owner_lines


async def test_json_shape_gives_scores_kinds_dates_and_links(memory: ScopedMemory) -> None:
    shaped = (await recall(memory, "who leads kelp", NO_WRITE)).to_dict()
    assert shaped["nodes"][0] == "Person:Dmitri Sokolov"
    scores = [n["score"] for n in shaped["ranked"]]
    assert scores == sorted(scores, reverse=True)
    assert shaped["candidates"] >= len(shaped["nodes"])
    first = shaped["lines"][0]
    assert set(first) == {"entity", "text", "kind", "as_of", "src", "score"}
    role = next(ln for ln in shaped["lines"] if ln["entity"] == "Person:Dmitri Sokolov")
    assert (role["kind"], role["as_of"], role["src"]) == ("role", "2025-02-11", "meeting")
    chosen = set(shaped["nodes"])
    assert all(r["from"] in chosen and r["to"] in chosen for r in shaped["relations"])


async def test_a_glossary_beside_the_database_extends_the_words(tmp_path: Path) -> None:
    """The user's own glossary.txt (beside the database) is read when the memory opens."""
    from memory_core import Entity, Memory, bilingual
    from memory_core.scope import Scope

    (tmp_path / "glossary.txt").write_text("# mine\nзябликов = snorkelwick\n", encoding="utf-8")
    try:
        async with Memory(tmp_path / "m.db") as memory:
            owner = memory.scoped(Scope.owner())
            await owner.create_entities(
                [Entity("Project:Reed", "Project", ("fact: the snorkelwick ships in May",))]
            )
            result = await recall(owner, "что с зябликов", NO_WRITE)
            assert result.nodes[:1] == ("Project:Reed",)
    finally:
        bilingual.load(None)  # the translator is process-wide: drop this test's glossary
