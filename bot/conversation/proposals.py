"""What a statement would add to a scope: extraction, a model's extra, known parts left out.

:func:`prepare` runs the rule-based extraction (:func:`memory_core.extraction.extract`)
with the scope's cached resolver, the secret guard (:mod:`memory_core.secrets`) and the
speaker as owner; with a language model configured (and asked for), the model may propose
more in the same shape,
read by :func:`proposal_from_json` under the same guard and rules: known types only, lines of
a few kinds (never a ``rule``), no secret, no worklog, relation types from the vocabulary,
every name resolved before anything new is made, and caps on the size. What the scope
already holds (the same line with another date, an existing link) is left out, so the offer
shows exactly what "Yes" writes; lines that contradict an old one in the same slot are
returned beside it (:mod:`memory_core.slots`).
"""

from __future__ import annotations

import datetime as dt
import json
import logging
from dataclasses import dataclass, replace
from typing import Any, Final

from bot.conversation.language_model import ModelError
from bot.conversation.reply import Turn
from bot.conversation.setup import Setup
from memory_core import InvalidInputError, format_observation
from memory_core.extraction import (
    MAX_STATEMENT_CHARS,
    Proposal,
    ProposedEntity,
    ProposedRelation,
    extract,
)
from memory_core.extraction_names import EntityResolver
from memory_core.extraction_skip import SKIP_TRANSIENT, is_worklog
from memory_core.language import normalize
from memory_core.lifecycle import AUTO_SOURCE
from memory_core.name_resolver import scope_resolver
from memory_core.naming import (
    canonical_entity,
    normalize_relation_type,
    person_entry,
    person_id_of,
    split_prefix,
)
from memory_core.observation import parse_observation
from memory_core.overview import names_of_type
from memory_core.scope import Scope
from memory_core.secrets import check_observation, find_secret
from memory_core.service import ScopedMemory
from memory_core.slots import conflicts

__all__ = [
    "MAX_MODEL_ENTITIES",
    "MAX_MODEL_LINES",
    "MAX_MODEL_RELATIONS",
    "Prepared",
    "merge",
    "prepare",
    "proposal_from_json",
    "user_entity",
    "with_source",
]

logger = logging.getLogger(__name__)

MAX_MODEL_ENTITIES: Final = 5
MAX_MODEL_LINES: Final = 8
MAX_MODEL_RELATIONS: Final = 5
_MODEL_KINDS: Final = frozenset({"role", "fact", "pref", "decision", "contact"})
_MODEL_TYPES: Final = frozenset({"User", "Person", "Project", "Decision"})
_MAX_VALUE = 200


@dataclass(frozen=True, slots=True)
class Prepared:
    """A statement's proposal, reduced to what is new, and the old lines it contradicts."""

    proposal: Proposal
    conflicts: tuple[tuple[str, str], ...] = ()

    @property
    def proposes(self) -> bool:
        """True when "Yes" would write something."""
        return self.proposal.proposes


async def user_entity(scoped: ScopedMemory, turn: Turn) -> str:
    """The speaker's ``User:`` entry (it may not exist yet).

    Outside the owner's scope, with the sender's id known, it is the entry bound to that
    id: the existing one, whatever name it was made under, else ``User:<name> (id <id>)``.
    Two members called Alex get two entries; a renamed member keeps theirs. In the owner's
    scope (and without an id) it is, in a private chat, the one existing entry if any,
    else ``User:<first name>``.
    """
    if turn.user_id is not None and scoped.scope != Scope.owner():
        users = await names_of_type(scoped, "User")
        bound = [u for u in users if person_id_of(u) == turn.user_id]
        return bound[0] if bound else person_entry(turn.speaker, turn.user_id)
    if turn.sole_user:
        users = await names_of_type(scoped, "User")
        if users:
            return users[0]
    speaker = " ".join(turn.speaker.split()) or "owner"
    return f"User:{speaker}"


async def prepare(
    setup: Setup, scoped: ScopedMemory, text: str, owner: str, *, use_model: bool = True
) -> Prepared:
    """Return what ``text`` would add to the scope (nothing is stored).

    Args:
        setup: the conversation's settings (clock, model).
        scoped: the scope the statement is about.
        text: the statement (a leading "запомни"/"remember" is ignored).
        owner: the speaker's ``User:`` entity (whose "my ..." it is).
        use_model: let a configured language model propose more.
    """
    resolver = await scope_resolver(scoped, owner)
    today = setup.today()
    proposal = extract(text, resolver, owner=owner, today=today, secret_check=find_secret)
    askable = proposal.skipped in (None, SKIP_TRANSIENT) and len(text) <= MAX_STATEMENT_CHARS
    if askable and use_model and setup.answerer is not None:
        try:
            raw = await setup.answerer.extract(text)
            extra = proposal_from_json(raw, resolver, owner, today)
        except (ModelError, ValueError) as exc:
            logger.warning("model extraction failed, using the rules: %s", exc)
        else:
            proposal = merge(proposal, extra)
    if proposal.skipped is not None:
        return Prepared(proposal)
    return await _new_parts(scoped, proposal)


async def _new_parts(scoped: ScopedMemory, proposal: Proposal) -> Prepared:
    """Leave out what the scope holds already; find the old lines new ones contradict."""
    names = [e.name for e in proposal.entities if not e.is_new]
    names += [end for r in proposal.relations for end in (r.from_, r.to)]
    graph = await scoped.open_nodes(list(dict.fromkeys(names)))
    lines = {e.name: e.observations for e in graph.entities}
    links = {(r.from_, r.relation_type, r.to) for r in graph.relations}
    entities: list[ProposedEntity] = []
    clashes: list[tuple[str, str]] = []
    for entity in proposal.entities:
        have = lines.get(entity.name, ())
        kept = tuple(line for line in entity.lines if not _known(have, line))
        for line in kept:
            clashes += [(entity.name, old) for old in conflicts(have, line)]
        if kept or entity.is_new:
            entities.append(replace(entity, lines=kept))
    relations = tuple(
        r
        for r in proposal.relations
        if (r.from_, normalize_relation_type(r.relation_type, strict=False), r.to) not in links
    )
    ends = {end for r in relations for end in (r.from_, r.to)}
    entities = [e for e in entities if e.lines or e.name in ends]
    fresh = Proposal(proposal.text, tuple(entities), relations)
    if not fresh.proposes:
        fresh = Proposal(proposal.text, skipped=SKIP_TRANSIENT)
    return Prepared(fresh, tuple(dict.fromkeys(clashes)))


def _same_fact(a: str, b: str) -> bool:
    pa, pb = parse_observation(a), parse_observation(b)
    return pa.kind == pb.kind and normalize(pa.body) == normalize(pb.body)


def _known(have: tuple[str, ...], line: str) -> bool:
    return any(_same_fact(old, line) for old in have)


def with_source(proposal: Proposal, src: str) -> Proposal:
    """Return the proposal with every line's ``src=`` set to ``src`` (``user`` when asked)."""

    def restamp(line: str) -> str:
        p = parse_observation(line)
        if p.kind is None:
            return line
        body = p.value if p.key is not None else p.body
        return format_observation(p.kind, body or "", key=p.key, as_of=p.as_of, src=src)

    entities = tuple(
        replace(e, lines=tuple(restamp(line) for line in e.lines)) for e in proposal.entities
    )
    return replace(proposal, entities=entities)


def merge(rules: Proposal, model: Proposal) -> Proposal:
    """The rules' proposal plus what the model adds (never anything the rules skipped)."""
    if rules.skipped not in (None, SKIP_TRANSIENT):
        return rules
    by_name = {e.name: e for e in rules.entities}
    order = [e.name for e in rules.entities]
    for extra in model.entities:
        prev = by_name.get(extra.name)
        if prev is None:
            by_name[extra.name] = extra
            order.append(extra.name)
            continue
        lines = prev.lines + tuple(x for x in extra.lines if not _known(prev.lines, x))
        by_name[extra.name] = replace(prev, lines=lines)
    relations = rules.relations + tuple(r for r in model.relations if r not in rules.relations)
    merged = Proposal(rules.text, tuple(by_name[n] for n in order), relations)
    return merged if merged.proposes else rules


def _json_object(raw: str) -> Any:
    text = raw.strip()
    if text.startswith("```"):
        text = text.strip("`").removeprefix("json").strip()
    try:
        return json.loads(text)
    except ValueError:
        start, end = text.find("{"), text.rfind("}")
        if start < 0 or end <= start:
            raise ValueError("no JSON object in the answer") from None
        return json.loads(text[start : end + 1])


class _ModelReader:
    """Checks one model answer item by item against the resolver and the guards."""

    def __init__(self, resolver: EntityResolver, owner: str, today: dt.date) -> None:
        self.resolver = resolver
        self.owner = owner
        self.today = today
        self.new: set[str] = set()

    def name(self, value: Any) -> str | None:
        """The stored or new entity a model's name means; ``None`` when not acceptable."""
        if not isinstance(value, str) or not value.strip():
            return None
        value = " ".join(value.split())
        if value.casefold() in {"user", "me", "i", "я"} or split_prefix(value)[0] == "User":
            return self.owner
        try:
            name, entity_type = canonical_entity(value, None)
        except InvalidInputError:
            return None
        if entity_type not in _MODEL_TYPES:
            return None
        found = self.resolver.resolve(name)
        if found is None:
            self.new.add(name)
        return found or name

    def line(self, value: Any) -> str | None:
        """A model's line, re-formatted as a guess of today; ``None`` when refused."""
        if not isinstance(value, str) or "\n" in value:
            return None
        kind, sep, body = value.partition(":")
        kind, body = kind.strip().lower(), " ".join(body.split())
        if not sep or kind not in _MODEL_KINDS or not body or len(body) > _MAX_VALUE:
            return None
        parsed = parse_observation(f"{kind}: {body}")
        text = parsed.value if parsed.key is not None else parsed.body
        if is_worklog(text or body) or find_secret(body) is not None:
            return None
        try:
            line = format_observation(
                kind, text or body, key=parsed.key, as_of=self.today, src=AUTO_SOURCE
            )
        except InvalidInputError:
            return None
        return line if check_observation(line) is None else None


def proposal_from_json(raw: str, resolver: EntityResolver, owner: str, today: dt.date) -> Proposal:
    """Read a model's proposal (the ``propose --json`` shape) and keep only what passes.

    Raises:
        ValueError: the answer is not such an object (the caller keeps the rules' proposal).
    """
    data = _json_object(raw)
    if not isinstance(data, dict) or not isinstance(data.get("entities", []), list):
        raise ValueError('the answer is not {"entities": [...], "relations": [...]}')  # noqa: TRY004
    relations_raw = data.get("relations", [])
    if not isinstance(relations_raw, list):
        raise ValueError('"relations" is not a list')  # noqa: TRY004 - one error kind
    reader = _ModelReader(resolver, owner, today)
    entities: dict[str, list[str]] = {}
    budget = MAX_MODEL_LINES
    for item in data.get("entities", [])[:MAX_MODEL_ENTITIES]:
        name = reader.name(item.get("name")) if isinstance(item, dict) else None
        if name is None:
            continue
        lines = entities.setdefault(name, [])
        raw_lines = item.get("lines", [])
        for value in raw_lines if isinstance(raw_lines, list) else []:
            line = reader.line(value)
            if line is not None and budget > 0 and line not in lines:
                lines.append(line)
                budget -= 1
    relations: list[ProposedRelation] = []
    for item in relations_raw[:MAX_MODEL_RELATIONS]:
        if not isinstance(item, dict):
            continue
        frm, to = reader.name(item.get("from")), reader.name(item.get("to"))
        try:
            verb = normalize_relation_type(str(item.get("relationType", "")), strict=True)
        except InvalidInputError:
            continue
        if frm is not None and to is not None and frm != to:
            relation = ProposedRelation(frm, verb, to)
            if relation not in relations:
                relations.append(relation)
    ends = {end for r in relations for end in (r.from_, r.to)}
    kept = tuple(
        ProposedEntity(n, tuple(lines), n in reader.new)
        for n, lines in entities.items()
        if lines or n in ends
    )
    listed = {e.name for e in kept}
    kept += tuple(ProposedEntity(n, (), True) for n in sorted(ends - listed) if n in reader.new)
    return Proposal(str(data.get("text", "")), kept, tuple(relations))
