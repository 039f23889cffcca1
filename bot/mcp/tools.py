"""The MCP tools' behaviour: each call checked, run on one scope, and shaped like the reference.

Every result has the reference server's structured shape and, as its first text block, the
same JSON the reference prints (or its message, for deletes). What the reference would not
say (a name merged into an existing entity, a verb renamed, a line replaced, a page that is
not the whole graph, names not found) goes into a second text block, a note for the agent.
Failures are tool errors (``isError``) whose text names the entity at fault; nothing of a
failed batch is stored. A secret is refused by the store itself (in any name, type, line
or relation type); the error gives its kind and never its text.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mcp import types

from bot.mcp.schema import READ_GRAPH_PAGE, SEARCH_LIMIT, TOOLS, ToolSpec, check_arguments
from memory_core import DeleteReport, Entity, Graph, MemoryCoreError, Relation, ScopedMemory
from memory_core.entity_search import find_entities
from memory_core.errors import InvalidInputError, SecretRefused
from memory_core.matching import name_key
from memory_core.naming import canonical_entity, normalize_relation_type
from memory_core.recall import RankedGraph, RecallOptions, recall
from memory_core.search import fts_tokens

__all__ = ["SEARCH_RELATIONS_MAX", "MemoryTools", "ToolResult", "error_result"]

SEARCH_RELATIONS_MAX = 50
"""The most relations one ``search_nodes`` result carries (those between its entities first).

Below that, a result carries at most twice as many relations as its ``limit`` of entities.
"""

Arguments = Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class ToolResult:
    """What one successful call returns: structured content, its text form, an optional note."""

    structured: dict[str, Any]
    text: str
    note: str | None = None

    def to_call_result(self) -> types.CallToolResult:
        """Return the MCP result: the text block, the note block if any, structured content."""
        content = [types.TextContent(text=self.text)]
        if self.note:
            content.append(types.TextContent(text=self.note))
        return types.CallToolResult(content=list(content), structured_content=self.structured)

    def to_wire(self) -> dict[str, Any]:
        """Return the same result as :meth:`to_call_result`, as the wire carries it.

        Built straight from the structured content, with no pydantic model of it to build
        and dump again: at a 500-entity page of ``read_graph`` that model and its dump were
        two more copies of the whole graph in memory.
        """
        content = [{"type": "text", "text": self.text}]
        if self.note:
            content.append({"type": "text", "text": self.note})
        return {
            "content": content,
            "structuredContent": self.structured,
            "isError": False,
            "resultType": "complete",
        }


def error_result(message: str) -> types.CallToolResult:
    """Return a tool error the calling agent can read and act on."""
    return types.CallToolResult(content=[types.TextContent(text=message)], is_error=True)


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def _listed(items: Sequence[str], limit: int = 20) -> str:
    shown = ", ".join(repr(i) for i in items[:limit])
    return shown + (f" and {len(items) - limit} more" if len(items) > limit else "")


def _count(n: int, singular: str, plural: str) -> str:
    return f"{n} {singular if n == 1 else plural}"


def _secret_error(exc: SecretRefused) -> str:
    """The tool error for a write the core's secret guard refused: the kind, never the text."""
    if exc.entity is not None:
        what = f"the {exc.field} for {exc.entity!r}"
    else:
        what = ("an " if exc.field[0] in "aeiou" else "a ") + exc.field
    return (
        f"Refused: {what} looks like a secret ({exc.kind}). "
        "Memory never stores credentials; nothing of this call was stored."
    )


def _graph_result(graph: Graph, note: str | None = None) -> ToolResult:
    data = graph.to_dict()
    return ToolResult(data, _json(data), note)


def _report_result(report: DeleteReport, noun: tuple[str, str], extra: str = "") -> ToolResult:
    singular, plural = noun
    if report.deleted:
        message = f"Deleted {_count(len(report.deleted), singular, plural)}{extra}: "
        message += _listed(report.deleted) + "."
    else:
        message = f"Deleted no {plural}."
    if report.missing:
        message += f" Not found, so not deleted: {_listed(report.missing)}."
    success = not report.missing
    return ToolResult({"success": success, "message": message}, message)


def _more_relations(ranked: RankedGraph) -> str | None:
    """Return the note saying how many relations a search result left out, if any."""
    left_out = ranked.relations_total - len(ranked.graph.relations)
    if left_out <= 0:
        return None
    return (
        f"{left_out} more relations touch these entities; "
        "open_nodes returns all of an entity's relations."
    )


class MemoryTools:
    """The nine reference tools over one scope; :meth:`call` never raises for a bad call."""

    def __init__(self, scoped: ScopedMemory) -> None:
        self.scoped = scoped
        self._specs: dict[str, ToolSpec] = {spec.name: spec for spec in TOOLS}
        self._handlers: dict[str, Callable[[Arguments], Awaitable[ToolResult]]] = {
            "create_entities": self.create_entities,
            "create_relations": self.create_relations,
            "add_observations": self.add_observations,
            "delete_entities": self.delete_entities,
            "delete_observations": self.delete_observations,
            "delete_relations": self.delete_relations,
            "read_graph": self.read_graph,
            "search_nodes": self.search_nodes,
            "open_nodes": self.open_nodes,
        }

    async def call(self, name: str, arguments: Arguments | None) -> types.CallToolResult:
        """Run one tool call; a bad call becomes a tool error naming what is wrong.

        An unknown tool name is a tool error too, as with the reference server.
        """
        outcome = await self.run(name, arguments)
        return outcome.to_call_result() if isinstance(outcome, ToolResult) else outcome

    async def call_wire(self, name: str, arguments: Arguments | None) -> dict[str, Any]:
        """Run one tool call as :meth:`call` does; return the result in its wire form."""
        outcome = await self.run(name, arguments)
        if isinstance(outcome, ToolResult):
            return outcome.to_wire()
        return outcome.model_dump(by_alias=True, mode="json", exclude_none=True)

    async def run(
        self, name: str, arguments: Arguments | None
    ) -> ToolResult | types.CallToolResult:
        """Run one tool call: its result, or the tool error of a bad or failed call."""
        spec = self._specs.get(name)
        if spec is None:
            return error_result(
                f"Tool {name} not found; this server has: {', '.join(self._specs)}"
            )
        args = dict(arguments or {})
        problem = check_arguments(spec, args)
        if problem:
            return error_result(f"Invalid arguments for tool {name}: {problem}")
        try:
            result = await self._handlers[name](args)
        except SecretRefused as exc:
            return error_result(_secret_error(exc))
        except MemoryCoreError as exc:
            return error_result(str(exc))
        return result

    # ------------------------------------------------------------------ writes
    async def create_entities(self, args: Arguments) -> ToolResult:
        """Create entities; a name that exists (any case, or a near-typo) gets the lines."""
        entities = [
            Entity(e["name"], e["entityType"], tuple(e["observations"])) for e in args["entities"]
        ]
        stored = await self.scoped.create_entities(entities)
        stored_names = {e.name for e in stored}
        merged: list[str] = []
        for entity in entities:
            try:
                canonical = canonical_entity(entity.name, entity.entity_type)[0]
            except InvalidInputError:  # cannot happen: the store accepted the name above
                continue
            if canonical not in stored_names:
                target = await self.scoped.resolve_name(canonical)
                merged.append(f"{entity.name!r} was added to the existing entity {target!r}")
        data = [e.to_dict() for e in stored]
        note = ("; ".join(merged) + ".") if merged else None
        return ToolResult({"entities": data}, _json(data), note)

    async def create_relations(self, args: Arguments) -> ToolResult:
        """Create relations with snake_cased, synonym-mapped verbs; unknown verbs are kept."""
        relations = [Relation(r["from"], r["to"], r["relationType"]) for r in args["relations"]]
        created = await self.scoped.create_relations(relations, strict_vocabulary=False)
        renamed = {
            r.relation_type: normalize_relation_type(r.relation_type, strict=False)
            for r in relations
        }
        notes = [f"{old!r} -> {new!r}" for old, new in renamed.items() if old != new]
        parts = []
        if notes:
            parts.append("Relation types were stored as: " + ", ".join(notes) + ".")
        if len(created) < len(relations):
            existed = len(relations) - len(created)
            parts.append(f"{_count(existed, 'relation', 'relations')} already existed.")
        data = [r.to_dict() for r in created]
        return ToolResult({"relations": data}, _json(data), " ".join(parts) or None)

    async def add_observations(self, args: Arguments) -> ToolResult:
        """Add lines to existing entities, all or nothing; ``key=value`` lines replace."""
        items = [(o["entityName"], list(o["contents"])) for o in args["observations"]]
        results = await self.scoped.add_observations(items)
        replaced = [f"on {r.entity_name!r}: {_listed(r.replaced)}" for r in results if r.replaced]
        note = (
            ("Replaced lines with the same key " + "; ".join(replaced) + ".") if replaced else None
        )
        data = [r.to_dict() for r in results]
        return ToolResult({"results": data}, _json(data), note)

    async def delete_entities(self, args: Arguments) -> ToolResult:
        """Delete entities with their lines and relations; names not found are reported."""
        report = await self.scoped.delete_entities(list(args["entityNames"]))
        return _report_result(report, ("entity", "entities"), " (with observations and relations)")

    async def delete_observations(self, args: Arguments) -> ToolResult:
        """Delete lines by exact text; lines or entities not found are reported."""
        items = [(d["entityName"], list(d["observations"])) for d in args["deletions"]]
        report = await self.scoped.delete_observations(items)
        return _report_result(report, ("observation", "observations"))

    async def delete_relations(self, args: Arguments) -> ToolResult:
        """Delete relations exactly; relations not found are reported."""
        relations = [Relation(r["from"], r["to"], r["relationType"]) for r in args["relations"]]
        report = await self.scoped.delete_relations(relations)
        return _report_result(report, ("relation", "relations"))

    # ------------------------------------------------------------------- reads
    async def read_graph(self, args: Arguments) -> ToolResult:
        """Return one page of entities (oldest first) and the relations starting at them."""
        offset = int(args.get("offset", 0))
        limit = int(args.get("limit", READ_GRAPH_PAGE))
        graph, total = await self.scoped.graph_page(offset, limit)
        if offset == 0 and total <= limit:
            return _graph_result(graph)  # all of it, as the reference
        page = graph.entities
        end = offset + len(page)
        if not page:
            note = f"offset {offset} is past the last entity: the memory holds {total}."
        else:
            note = (
                f"Showing entities {offset + 1}-{end} of {total}, oldest first, with the "
                "relations that start at them."
            )
            if end < total:
                note += f" Call read_graph with offset={end} for the next page."
        return _graph_result(graph, note)

    async def search_nodes(self, args: Arguments) -> ToolResult:
        """Entities the query names, then the index's best (see memory_core.entity_search).

        A query without words gets the most recently changed memories.
        """
        query = str(args["query"])
        limit = int(args.get("limit", SEARCH_LIMIT))
        most = min(2 * limit, SEARCH_RELATIONS_MAX)
        if fts_tokens(query):
            ranked = await find_entities(self.scoped, query, limit, relation_limit=most)
            return _graph_result(ranked.graph, _more_relations(ranked))
        options = RecallOptions(max_nodes=limit, max_observations=limit, reinforce=False)
        names = list((await recall(self.scoped, "", options)).nodes)
        if not names:
            return _graph_result(Graph())
        graph = await self.scoped.open_nodes(names[:limit], relation_limit=most)
        total = len(graph.relations)
        if total >= most:
            total = await self.scoped.count_relations(names[:limit])
        ranked = RankedGraph.keep(graph.entities, graph.relations, total, most)
        return _graph_result(ranked.graph, _more_relations(ranked))

    async def open_nodes(self, args: Arguments) -> ToolResult:
        """Return the named entities and every relation touching them; report names not found."""
        names = list(args["names"])
        graph = await self.scoped.open_nodes(names)
        found = {e.name for e in graph.entities}
        keys = {name_key(n) for n in found}
        missing = [n for n in dict.fromkeys(names) if n not in found and name_key(n) not in keys]
        note = f"Not found: {_listed(missing)}." if missing else None
        return _graph_result(graph, note)
