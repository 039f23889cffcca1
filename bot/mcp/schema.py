"""The MCP tool table: the nine memory tools' names, JSON schemas, hints and argument checks.

Names, argument names, argument types and result shapes are those of the reference memory
server (``@modelcontextprotocol/server-memory``), so a client written for it works unchanged.
The descriptions are this project's own and say where memory-bot behaves differently. Two
tools take optional arguments the reference does not have (``read_graph``: ``offset`` and
``limit``; ``search_nodes``: ``limit``); the reference ignores unknown arguments, so a client
may send them to either server.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mcp import types

__all__ = [
    "READ_GRAPH_PAGE",
    "SEARCH_LIMIT",
    "SEARCH_LIMIT_MAX",
    "TOOLS",
    "ToolSpec",
    "check_arguments",
]

READ_GRAPH_PAGE = 500
"""The most entities one ``read_graph`` call returns (also its default page size).

A page of 500 typical entities is about 1 MB of JSON, already more than a model's context
holds; larger memories are read in pages, or better through ``search_nodes`` and
``open_nodes``.
"""
SEARCH_LIMIT = 10
"""How many entities ``search_nodes`` returns unless asked for another number.

Ten, as basic-memory's search pages: results are ranked, the first few answer the query, and
every entity returned (with its lines and relations) costs the calling model context.
"""
SEARCH_LIMIT_MAX = 100

Schema = dict[str, Any]


def _string(description: str | None = None) -> Schema:
    schema: Schema = {"type": "string"}
    if description:
        schema["description"] = description
    return schema


def _strings(description: str | None = None) -> Schema:
    schema: Schema = {"type": "array", "items": {"type": "string"}}
    if description:
        schema["description"] = description
    return schema


def _integer(description: str, minimum: int, maximum: int | None = None) -> Schema:
    schema: Schema = {"type": "integer", "minimum": minimum, "description": description}
    if maximum is not None:
        schema["maximum"] = maximum
    return schema


def _array(items: Schema, description: str | None = None) -> Schema:
    schema: Schema = {"type": "array", "items": items}
    if description:
        schema["description"] = description
    return schema


def _object(properties: Schema, required: list[str], *, closed: bool = False) -> Schema:
    schema: Schema = {"type": "object", "properties": properties, "required": required}
    if closed:
        schema["additionalProperties"] = False
    return schema


def _entity(*, closed: bool) -> Schema:
    return _object(
        {
            "name": _string("Entity name, unique in the memory (e.g. 'Person:Ann Lee')"),
            "entityType": _string("Entity type (e.g. 'Person', 'Project')"),
            "observations": _strings("Observation lines, one fact per line"),
        },
        ["name", "entityType", "observations"],
        closed=closed,
    )


def _relation(*, closed: bool) -> Schema:
    return _object(
        {
            "from": _string("Name of the entity the relation starts at"),
            "to": _string("Name of the entity the relation points to"),
            "relationType": _string("Verb in active voice, e.g. 'works_on' or 'worksOn'"),
        },
        ["from", "to", "relationType"],
        closed=closed,
    )


_GRAPH_OUT = _object(
    {
        "entities": _array(_entity(closed=True)),
        "relations": _array(_relation(closed=True)),
    },
    ["entities", "relations"],
    closed=True,
)
_REPORT_OUT = _object(
    {"success": {"type": "boolean"}, "message": _string()}, ["success", "message"], closed=True
)


@dataclass(frozen=True, slots=True)
class ToolSpec:
    """One tool as listed to clients: schemas, hints, and the JSON shape of its text result."""

    name: str
    title: str
    description: str
    input_schema: Schema
    output_schema: Schema
    read_only: bool = False
    destructive: bool = False
    idempotent: bool = False

    def to_tool(self) -> types.Tool:
        """Return the ``tools/list`` entry."""
        return types.Tool(
            name=self.name,
            title=self.title,
            description=self.description,
            input_schema=self.input_schema,
            output_schema=self.output_schema,
            annotations=types.ToolAnnotations(
                read_only_hint=self.read_only,
                destructive_hint=self.destructive,
                idempotent_hint=self.idempotent,
                open_world_hint=False,
            ),
        )


TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec(
        "create_entities",
        "Create Entities",
        "Store new entities (name, type, observation lines) in memory. A name that already "
        "exists, in any letter case, is not duplicated: its new observation lines are added "
        "to the stored entity. Returns every entity touched, with the lines this call added. "
        "Lines that look like secrets (passwords, keys, tokens) are refused.",
        _object({"entities": _array(_entity(closed=False))}, ["entities"]),
        _object({"entities": _array(_entity(closed=True))}, ["entities"], closed=True),
    ),
    ToolSpec(
        "create_relations",
        "Create Relations",
        "Link existing entities with directed relations 'from -[relationType]-> to'. Relation "
        "types are stored in snake_case and common synonyms become one verb ('worksOn' and "
        "'working on' are stored as 'works_on'). If an endpoint does not exist, nothing is "
        "stored and the error names it. Returns the relations that were new.",
        _object({"relations": _array(_relation(closed=False))}, ["relations"]),
        _object({"relations": _array(_relation(closed=True))}, ["relations"], closed=True),
    ),
    ToolSpec(
        "add_observations",
        "Add Observations",
        "Add observation lines to existing entities. Lines already stored are skipped; a "
        "'kind: key=value' line replaces the entity's earlier line with the same key. If an "
        "entity does not exist, nothing is stored and the error names it.",
        _object(
            {
                "observations": _array(
                    _object(
                        {
                            "entityName": _string("Entity to add the lines to"),
                            "contents": _strings("Observation lines to add"),
                        },
                        ["entityName", "contents"],
                    )
                )
            },
            ["observations"],
        ),
        _object(
            {
                "results": _array(
                    _object(
                        {"entityName": _string(), "addedObservations": _strings()},
                        ["entityName", "addedObservations"],
                        closed=True,
                    )
                )
            },
            ["results"],
            closed=True,
        ),
    ),
    ToolSpec(
        "delete_entities",
        "Delete Entities",
        "Delete entities with their observations and every relation touching them. The "
        "message lists what was deleted and which names were not found.",
        _object({"entityNames": _strings("Names of the entities to delete")}, ["entityNames"]),
        _REPORT_OUT,
        destructive=True,
        idempotent=True,
    ),
    ToolSpec(
        "delete_observations",
        "Delete Observations",
        "Delete observation lines, matched by their exact text. The message lists what was "
        "deleted and which lines or entities were not found.",
        _object(
            {
                "deletions": _array(
                    _object(
                        {
                            "entityName": _string("Entity holding the lines"),
                            "observations": _strings("Exact lines to delete"),
                        },
                        ["entityName", "observations"],
                    )
                )
            },
            ["deletions"],
        ),
        _REPORT_OUT,
        destructive=True,
        idempotent=True,
    ),
    ToolSpec(
        "delete_relations",
        "Delete Relations",
        "Delete relations matched by from, to and relationType. The message lists what was "
        "deleted and which relations were not found.",
        _object(
            {"relations": _array(_relation(closed=False), "Relations to delete")}, ["relations"]
        ),
        _REPORT_OUT,
        destructive=True,
        idempotent=True,
    ),
    ToolSpec(
        "read_graph",
        "Read Graph",
        f"Return the memory graph, oldest entities first, at most {READ_GRAPH_PAGE} entities "
        "per call, with the relations that start at them. When more entities remain, a note "
        "gives the offset of the next page. Prefer search_nodes or open_nodes on large "
        "memories.",
        _object(
            {
                "offset": _integer("Entities to skip (default 0), for the next page", 0),
                "limit": _integer(
                    f"Most entities to return (default and maximum {READ_GRAPH_PAGE})",
                    1,
                    READ_GRAPH_PAGE,
                ),
            },
            [],
        ),
        _GRAPH_OUT,
        read_only=True,
        idempotent=True,
    ),
    ToolSpec(
        "search_nodes",
        "Search Nodes",
        "Find the entities that best answer a query. Each word is matched by prefix against "
        "names, types and observation lines, in any letter case, with typo tolerance and "
        "Russian and English word forms; the best matches come first. Returns at most "
        f"'limit' entities (default {SEARCH_LIMIT}) and up to twice as many relations touching "
        "them, those between them first; open_nodes returns all of an entity's relations.",
        _object(
            {
                "query": _string("Words to look for in names, types and observations"),
                "limit": _integer(
                    f"Most entities to return (default {SEARCH_LIMIT})", 1, SEARCH_LIMIT_MAX
                ),
            },
            ["query"],
        ),
        _GRAPH_OUT,
        read_only=True,
        idempotent=True,
    ),
    ToolSpec(
        "open_nodes",
        "Open Nodes",
        "Return the named entities (letter case ignored) and every relation touching them. "
        "Names that match no entity are listed in a note.",
        _object({"names": _strings("Names of the entities to return")}, ["names"]),
        _GRAPH_OUT,
        read_only=True,
        idempotent=True,
    ),
)


def _type_error(path: str, expected: str) -> str:
    return f"{path} must be {expected}"


def _check(schema: Mapping[str, Any], value: object, path: str) -> str | None:
    """Return the first way ``value`` breaks ``schema`` (the subset the table uses), or None."""
    kind = schema.get("type")
    if kind == "object":
        if not isinstance(value, dict):
            return _type_error(path, "an object")
        for key in schema.get("required", ()):
            if key not in value:
                return f"{path}.{key} is required" if path else f"'{key}' is required"
        for key, sub in schema.get("properties", {}).items():
            if key in value:
                problem = _check(sub, value[key], f"{path}.{key}" if path else key)
                if problem:
                    return problem
        return None
    if kind == "array":
        if not isinstance(value, list):
            return _type_error(path, "an array")
        for i, item in enumerate(value):
            problem = _check(schema["items"], item, f"{path}[{i}]")
            if problem:
                return problem
        return None
    if kind == "string":
        return None if isinstance(value, str) else _type_error(path, "a string")
    if kind == "integer":
        if isinstance(value, bool) or not isinstance(value, int):
            return _type_error(path, "an integer")
        if "minimum" in schema and value < schema["minimum"]:
            return f"{path} must be at least {schema['minimum']}"
        if "maximum" in schema and value > schema["maximum"]:
            return f"{path} must be at most {schema['maximum']}"
        return None
    return None


def check_arguments(spec: ToolSpec, arguments: Mapping[str, Any] | None) -> str | None:
    """Return why ``arguments`` do not fit the tool's input schema, or None when they do.

    Unknown arguments are allowed and ignored, as the reference server does.
    """
    return _check(spec.input_schema, dict(arguments or {}), "")
