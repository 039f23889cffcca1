"""What capture proposes for one statement, as the capture tests compare it."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from memory_core import Entity, ScopedMemory
from memory_core.extraction import Proposal, extract
from memory_core.extraction_names import EntityResolver, GraphResolver
from memory_core.models import Graph, Relation
from memory_core.name_resolver import StoreResolver, scope_resolver

Link = tuple[str, str, str]


def resolver_of(entities: Sequence[Entity], relations: Sequence[Relation] = ()) -> GraphResolver:
    """The bot's resolver over a small world held in memory (no store)."""
    return StoreResolver.from_graph(Graph(tuple(entities), tuple(relations)))


def propose(world: EntityResolver, text: str, *, owner: str, today: dt.date) -> Proposal:
    """The proposal for ``text``, which must not be skipped."""
    proposal = extract(text, world, owner=owner, today=today)
    assert proposal.skipped is None, proposal.to_json()
    return proposal


def names(proposal: Proposal) -> set[str]:
    """The names of the entities the proposal gives."""
    return {e.name for e in proposal.entities}


def links(proposal: Proposal) -> set[Link]:
    """The proposal's links as ``(from, type, to)``."""
    return {(r.from_, r.relation_type, r.to) for r in proposal.relations}


async def propose_in(
    memory: ScopedMemory, world: Sequence[str], owner: str, text: str
) -> Proposal:
    """Store ``world`` (names only), then propose ``text`` through the store's resolver."""
    await memory.create_entities([Entity(name, name.split(":")[0]) for name in world])
    return extract(text, await scope_resolver(memory, owner), owner=owner)


def lines_for(proposal: Proposal, name: str) -> list[str]:
    """The lines the proposal gives ``name`` (none when it gives it none)."""
    return [line for e in proposal.entities if e.name == name for line in e.lines]


def lines_text(proposal: Proposal, name: str) -> str:
    """The lines the proposal gives ``name``, joined by spaces."""
    return " ".join(lines_for(proposal, name))


def proposed_lines(proposal: Proposal, name: str) -> str:
    """The lines of ``name``, which must be proposed, joined by " | " and case-folded."""
    found = [e for e in proposal.entities if e.name == name]
    assert found, f"{name} not proposed: {proposal.to_json()}"
    return " | ".join(found[0].lines).casefold()
