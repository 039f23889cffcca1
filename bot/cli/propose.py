"""The ``memory-bot propose`` subcommand: what statements would add, as JSON; nothing stored.

Each statement (the arguments, or with ``-`` one per stdin line) goes through the chat's
rule-based extraction (:func:`memory_core.extraction.extract`) with the secret guard,
against the names of one scope of the database when it exists (read only; a missing database
is not created) and prints one JSON line per statement::

    {"text": ..., "entities": [{"name": ..., "lines": [...]}],
     "relations": [{"from": ..., "relationType": ..., "to": ...}], "skipped": null}

``skipped`` is ``question``, ``small talk``, ``worklog``, ``secret`` or ``nothing durable``.
No language model is asked and neither telegram nor httpx is loaded.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
from collections.abc import Iterable

from bot.cli.options import resolve_db
from memory_core import Memory, Scope
from memory_core.extraction import Proposal, extract
from memory_core.name_resolver import StoreResolver, scope_resolver

__all__ = ["cmd_propose"]


def _statements(args: argparse.Namespace) -> Iterable[str]:
    if args.text == ["-"]:
        return (line.rstrip("\n") for line in sys.stdin if line.strip())
    return [" ".join(args.text)]


def _print(proposal: Proposal, as_json: bool) -> None:
    data = proposal.to_json()
    if as_json:
        print(json.dumps(data, ensure_ascii=False), flush=True)
        return
    print(f"> {proposal.text}")
    if proposal.skipped is not None:
        print(f"  skipped: {proposal.skipped}")
    for entity in data["entities"]:
        print(f"  {entity['name']}")
        for line in entity["lines"]:
            print(f"    - {line}")
    for rel in data["relations"]:
        print(f"  {rel['from']} -[{rel['relationType']}]-> {rel['to']}")


async def cmd_propose(args: argparse.Namespace) -> int:
    """Print what each statement would add (one JSON line each with ``--json``)."""
    db = resolve_db(args)
    owner = f"User:{args.owner}" if args.owner else None
    today = dt.datetime.now(dt.UTC).date()
    if db.exists():
        async with Memory(db) as memory:
            resolver = await scope_resolver(memory.scoped(Scope.parse(args.scope)), owner)
    else:
        resolver = StoreResolver((), owner=owner)
    for text in _statements(args):
        proposal = extract(text, resolver, owner=owner, today=today)
        _print(proposal, args.json)
    return 0
