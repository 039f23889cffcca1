"""Find what a "forget" phrase refers to: a relation, a whole entity, or observation lines.

Rules, first match wins:

1. ``A -[verb]-> B`` (or ``A -verb-> B``): that relation, when it exists.
2. The exact name of an entity (any case): the whole entity.
3. ``<entity name>: <phrase>``: the phrase is looked for in that entity's lines only.
4. Lines whose key is the phrase (``answer_format`` finds ``pref: answer_format=...``).
5. Lines that contain the phrase (any case, ``ё`` = ``е``; provenance is not searched).
6. Lines that contain every content word of the phrase, in any inflection.
7. When nothing above matched: the entity the phrase names in any case or script ("забудь
   Ивана"), or the lines of one entity that together with its other lines and its name
   hold every content word ("забудь, что жена любит пионы": her "любит пионы" line).

Entities whose name without its ``Type:`` prefix equals the phrase are offered as well; they
and what rule 7 finds are never removed without asking (see :attr:`Selection.confirm`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import aiosqlite

from memory_core.editing import EntityTarget, LineTarget, Target
from memory_core.language import is_stop_word, normalize, stem, tokens
from memory_core.models import Relation
from memory_core.name_resolver import scope_resolver
from memory_core.naming import display_name, normalize_relation_type
from memory_core.observation import parse_observation
from memory_core.resolution import resolve_rows
from memory_core.service import ScopedMemory

__all__ = ["DEFAULT_LIMIT", "Selection", "line_display", "select"]

DEFAULT_LIMIT = 10
_RELATION_RE = re.compile(r"^(?P<a>.+?)\s+-\[?\s*(?P<verb>[\w ]+?)\s*\]?->\s+(?P<b>.+)$")
_KEY_RE = re.compile(r"^[^\W\d][\w.-]{0,63}$")
_HEAD_SEP_RE = re.compile(r":\s+")
_QUOTES = "«»\"'`“”„"
_MAX_HEAD_TRIES = 3


@dataclass(frozen=True, slots=True)
class Selection:
    """The targets a phrase refers to.

    Attributes:
        targets: at most ``limit`` targets, entities first, then lines in stored order.
        total: how many targets matched in all (more than ``len(targets)`` when capped).
        confirm: ask before removing, even a single target (an entity matched only by its
            name without the type prefix).
    """

    targets: tuple[Target, ...] = ()
    total: int = 0
    confirm: bool = False


def line_display(text: str) -> str:
    """Return a line without provenance: ``pref: a=b (as_of=..., src=user)`` -> ``pref: a=b``."""
    parsed = parse_observation(text)
    return f"{parsed.kind}: {parsed.body}" if parsed.kind else parsed.body


async def select(scoped: ScopedMemory, phrase: str, *, limit: int = DEFAULT_LIMIT) -> Selection:
    """Find what ``phrase`` refers to in the scope (see the module docstring for the rules).

    Args:
        scoped: the scope to search (nothing outside it is read).
        phrase: what the user asked to forget.
        limit: the most targets returned.

    Returns:
        The matching targets; empty when nothing matches.
    """
    query = phrase.strip().strip(_QUOTES).strip()
    if not query:
        return Selection()
    async with scoped.read() as conn:
        relation = _RELATION_RE.match(query)
        if relation is not None:
            found = await _relation(scoped, conn, relation["a"], relation["verb"], relation["b"])
            return Selection((found,), 1) if found is not None else Selection()
        exact = await resolve_rows(scoped.repo, conn, [query])
        if query in exact:
            return Selection((EntityTarget(exact[query].name),), 1)
        entity_id, query = await _restriction(scoped, conn, query)
        entities: list[Target] = []
        if entity_id is None:
            wanted = normalize(query)
            entities = [
                EntityTarget(n)
                for n in await scoped.repo.all_names(conn)
                if n != display_name(n) and normalize(display_name(n)) == wanted
            ]
        lines = await scoped.repo.lines_in_order(conn, entity_id)
        hits = _match_lines(lines, query)
        rows = await scoped.repo.entities_by_id(conn, {owner for owner, _ in hits})
    matched = [LineTarget(rows[owner].name, text) for owner, text in hits if owner in rows]
    everything: list[Target] = [*entities, *matched]
    if not everything and entity_id is None:
        return await _meant(scoped, query, lines, limit)
    return Selection(tuple(everything[:limit]), len(everything), confirm=bool(entities))


async def _meant(
    scoped: ScopedMemory, query: str, lines: list[tuple[int, str, str | None]], limit: int
) -> Selection:
    """Rule 7: the entity the phrase names in any form, else the lines of the one entity
    that holds all its words; always asked about before anything is removed."""
    named = (await scope_resolver(scoped)).resolve(query) if len(query.split()) <= 4 else None
    if named is not None:
        return Selection((EntityTarget(named),), 1, confirm=True)
    stems = [stem(w) for w in tokens(query) if not is_stop_word(w)]
    if len(stems) < 2:
        return Selection()
    by_owner: dict[int, list[str]] = {}
    for owner, text, _ in lines:
        by_owner.setdefault(owner, []).append(text)
    async with scoped.read() as conn:
        names = dict(await scoped.repo.named_ids(conn))
    starts = [re.compile(rf"(?<!\w){re.escape(s)}") for s in stems]
    found: list[Target] = []
    for owner, texts in by_owner.items():
        if owner not in names:
            continue
        # a cheap test first: a word starting with each stem in the entity's name or lines
        whole = normalize(" ".join([names[owner], *texts]))
        if not all(start.search(whole) for start in starts):
            continue
        held = [_stems_in(normalize(line_display(t)), stems) for t in texts]
        named_by = _stems_in(normalize(display_name(names[owner])), stems)
        if not all(named_by[i] or any(h[i] for h in held) for i in range(len(stems))):
            continue
        best = max(sum(h) for h in held)
        found.extend(
            LineTarget(names[owner], t)
            for t, h in zip(texts, held, strict=True)
            if best and sum(h) == best
        )
    return Selection(tuple(found[:limit]), len(found), confirm=True)


def _stems_in(folded: str, stems: list[str]) -> list[bool]:
    """For each stem, whether a word of the folded text starts with it."""
    words = [normalize(w) for w in tokens(folded)]
    return [any(w.startswith(s) for w in words) for s in stems]


async def _relation(
    scoped: ScopedMemory, conn: aiosqlite.Connection, a: str, verb: str, b: str
) -> Relation | None:
    found = await resolve_rows(scoped.repo, conn, [a.strip(), b.strip()])
    start, end = found.get(a.strip()), found.get(b.strip())
    if start is None or end is None:
        return None
    verbs = {verb.strip(), normalize_relation_type(verb, strict=False)}
    for rel in await scoped.repo.relations_touching(conn, [start.id]):
        if rel.from_ == start.name and rel.to == end.name and rel.relation_type in verbs:
            return rel
    return None


async def _restriction(
    scoped: ScopedMemory, conn: aiosqlite.Connection, query: str
) -> tuple[int | None, str]:
    """Split ``<entity>: <phrase>`` when the head names an entity; else keep the query."""
    for n, sep in enumerate(_HEAD_SEP_RE.finditer(query)):
        if n >= _MAX_HEAD_TRIES:
            break
        head, rest = query[: sep.start()].strip(), query[sep.end() :].strip()
        if not head or not rest:
            continue
        found = await resolve_rows(scoped.repo, conn, [head])
        if head in found:
            return found[head].id, rest
    return None, query


def _match_lines(lines: list[tuple[int, str, str | None]], query: str) -> list[tuple[int, str]]:
    """The ``(entity id, text)`` of the lines the phrase refers to (rules 4-6), in order."""
    if _KEY_RE.match(query):
        key = query.lower()
        by_key = [(owner, text) for owner, text, k in lines if k == key]
        if by_key:
            return by_key
    wanted = normalize(query)
    # A shown line is its text without the provenance, the kind in lower case: each run of
    # the phrase between spaces is in the folded text of a line that shows the phrase, and
    # each stem in that of a line with every word. Only lines passing that cheap test are
    # parsed and shown (parsing every line of a large memory took most of a second).
    if not lines:
        return []
    # one pass over all the text: a line is one line, and folding maps character by character
    wholes = normalize("\n".join(text for _, text, _ in lines)).split("\n")
    if len(wholes) != len(lines):  # a line break after all (a file written by hand)
        wholes = [normalize(text) for _, text, _ in lines]
    folded = [(owner, text, whole) for (owner, text, _), whole in zip(lines, wholes, strict=True)]
    runs = wanted.split()
    shown = [
        (owner, text, normalize(line_display(text)))
        for owner, text, whole in folded
        if all(run in whole for run in runs)
    ]
    by_text = [(owner, text) for owner, text, display in shown if wanted in display]
    if by_text:
        return by_text
    words = [w for w in tokens(query) if not is_stop_word(w)] or tokens(query)
    stems = [stem(w) for w in words]
    if not stems:
        return []
    out: list[tuple[int, str]] = []
    for owner, text, whole in folded:
        if not all(s in whole for s in stems):
            continue
        line_words = [normalize(w) for w in tokens(normalize(line_display(text)))]
        if all(any(lw.startswith(s) for lw in line_words) for s in stems):
            out.append((owner, text))
    return out
