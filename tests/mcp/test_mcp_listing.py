"""The tool list matches the reference server's: names, argument schemas, result schemas, hints."""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from pathlib import Path
from typing import Any

from bot.mcp.schema import TOOLS, ToolSpec, check_arguments
from tests.mcp.session import connect

# Optional arguments memory-bot adds; the reference ignores unknown arguments.
EXTRAS = {"read_graph": {"offset", "limit"}, "search_nodes": {"limit"}}


def structure(node: Any, extras: AbstractSet[str] = frozenset()) -> Any:
    """Drop prose, the dialect marker, empty ``required`` lists and the given extra properties."""
    if isinstance(node, list):
        return [structure(v) for v in node]
    if not isinstance(node, dict):
        return node
    out = {}
    for key, value in node.items():
        if key in ("description", "$schema") or (key == "required" and value == []):
            continue
        if key == "properties":
            out[key] = {k: structure(v) for k, v in value.items() if k not in extras}
        else:
            out[key] = structure(value)
    return out


async def test_lists_the_reference_tools_with_the_same_schemas(db: Path, reference_tools) -> None:
    async with connect(db) as session:
        listed = (await session.list_tools()).tools
    reference = {t["name"]: t for t in reference_tools["tools"]}
    assert [t.name for t in listed] == list(reference)
    for tool in listed:
        ref = reference[tool.name]
        extras = EXTRAS.get(tool.name, set())
        assert structure(tool.input_schema, extras) == ref["inputSchema"], tool.name
        assert structure(tool.output_schema) == ref["outputSchema"], tool.name
        assert tool.annotations is not None
        hints = tool.annotations.model_dump(by_alias=True, exclude_none=True)
        assert hints == ref["annotations"], tool.name
        assert tool.description
        assert tool.title


def test_extra_arguments_are_optional() -> None:
    for spec in TOOLS:
        required = set(spec.input_schema.get("required", ()))
        assert not required & EXTRAS.get(spec.name, set()), spec.name


def test_structure_comparison_can_fail() -> None:
    """The comparison above sees a renamed or retyped argument."""
    spec: ToolSpec = next(t for t in TOOLS if t.name == "open_nodes")
    schema = structure(spec.input_schema)
    assert schema != structure({**spec.input_schema, "required": ["nodes"]})
    changed = {**schema, "properties": {"names": {"type": "string"}}}
    assert changed != schema


def test_argument_checks_name_the_bad_field() -> None:
    spec = {t.name: t for t in TOOLS}
    assert check_arguments(spec["open_nodes"], {"names": ["a"]}) is None
    assert check_arguments(spec["open_nodes"], {"names": ["a"], "extra": 1}) is None
    assert check_arguments(spec["open_nodes"], {}) == "'names' is required"
    assert check_arguments(spec["open_nodes"], {"names": "a"}) == "names must be an array"
    assert check_arguments(spec["open_nodes"], {"names": [1]}) == "names[0] must be a string"
    entities = {"entities": [{"name": "A", "entityType": "t"}]}
    assert (
        check_arguments(spec["create_entities"], entities)
        == "entities[0].observations is required"
    )
    assert check_arguments(spec["read_graph"], None) is None
    assert check_arguments(spec["read_graph"], {"offset": -1}) == "offset must be at least 0"
    assert check_arguments(spec["read_graph"], {"limit": 5000}) == "limit must be at most 500"
    assert check_arguments(spec["read_graph"], {"limit": True}) == "limit must be an integer"
    assert check_arguments(spec["search_nodes"], {"query": 5}) == "query must be a string"
