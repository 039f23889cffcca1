"""The remember use case: "запомни ..." / "remember ...", rules, and accepted offers.

Free text is first read as a statement (:func:`bot.conversation.proposals.prepare`, the
rules only): when it names people, roles, links or decisions, exactly those entities, lines
and links are written and listed; worklog (time spent, progress, a day's plan) is refused
in one line. A free-text line that contradicts an old one in the same slot is offered as
its replacement instead of being stored beside it. "Saved" is only ever rendered from the
result of a committed write.
"""

from __future__ import annotations

from dataclasses import replace

from bot.conversation.grammar import Fact, Remember, Rule
from bot.conversation.offer import render_offer
from bot.conversation.proposals import Prepared, prepare, user_entity, with_source
from bot.conversation.render import esc, join
from bot.conversation.reply import Accept, Button, Cancel, RememberOn, Reply, Turn
from bot.conversation.setup import Setup
from bot.conversation.texts import Html, Lang, described, tr
from memory_core import AmbiguousNameError, InvalidInputError, SecretRefused, format_observation
from memory_core.capture import Captured, write_proposal
from memory_core.editing import EntityTarget, LineTarget, Remembered, Target, remember
from memory_core.extraction import Proposal, ProposedEntity
from memory_core.extraction_skip import is_worklog
from memory_core.language import normalize, tokens
from memory_core.lifecycle import AUTO_CONFIDENCE
from memory_core.name_keys import index_keys, query_keys
from memory_core.naming import display_name, split_prefix
from memory_core.observation import parse_observation
from memory_core.recall import mentioned_names
from memory_core.secrets import REASON_TOO_LONG, check_observation, find_secret
from memory_core.service import DEFAULT_CONFIDENCE, ScopedMemory
from memory_core.slots import can_conflict, conflicts

__all__ = [
    "INSTRUCTION_KINDS",
    "accept",
    "captured_reply",
    "mentioned",
    "others_instructions",
    "refusal",
    "remember_fact",
    "remember_on",
    "remember_rule",
    "remembered_text",
    "user_entity",
]


INSTRUCTION_KINDS = frozenset({"rule", "pref"})
"""The kinds of line that are a person's standing instructions to the bot."""
_MAX_CHOICES = 4


def refusal(setup: Setup, text: str, lang: Lang) -> Reply | None:
    """The reply refusing ``text`` (too long, a secret, a pasted blob), or ``None``."""
    reason = check_observation(text, max_chars=setup.max_fact_chars)
    if reason is None:
        return None
    if reason == REASON_TOO_LONG:
        return Reply(tr(lang, "refused_long", limit=setup.max_fact_chars, length=len(text)))
    if find_secret(text) is not None:
        return Reply(tr(lang, "refused_secret", category=described(lang, reason)))
    return Reply(tr(lang, "refused_blob", category=described(lang, reason)))


def others_instructions(speaker: str, entity: str, text: str) -> bool:
    """Whether a line is another person's ``rule:`` or ``pref:`` (never in this answer)."""
    return (
        entity != speaker
        and split_prefix(entity)[0] == "User"
        and parse_observation(text).kind in INSTRUCTION_KINDS
    )


async def mentioned(scoped: ScopedMemory, text: str) -> list[str]:
    """Return the entity names a text mentions, in any inflection (not ``User:`` ones)."""
    return [n for n in await mentioned_names(scoped, text) if not n.startswith("User:")]


async def _entity_called(setup: Setup, scoped: ScopedMemory, head: str) -> str | None:
    """Return the entity whose full name, or name without its prefix, is ``head``."""
    try:
        found = await scoped.resolve_name(head, fuzzy=False)
    except AmbiguousNameError:
        return None
    if found is not None:
        return found
    hits = [n for n in await mentioned(scoped, head) if _spells(head, display_name(n))]
    return hits[0] if len(hits) == 1 else None


def _spells(head: str, display: str) -> bool:
    """Whether ``head`` is the whole name ``display``, in any script, case or inflection."""
    if normalize(head) == normalize(display):
        return True
    said, named = tokens(head), tokens(display)
    if len(said) != len(named):
        return False
    return all(query_keys(a) & index_keys(b) for a, b in zip(said, named, strict=True))


async def remember_fact(setup: Setup, scoped: ScopedMemory, intent: Remember, turn: Turn) -> Reply:
    """Store what a "remember" names: on the entity it names or mentions, else on the user."""
    lang = turn.lang
    if intent.entity is None and intent.fact is None:
        return Reply(tr(lang, "remember_usage"))
    refused = refusal(setup, intent.body, lang)
    if refused is not None:
        return refused
    fact = intent.fact
    entity: str | None = intent.entity
    kind = "fact"
    if entity is None and intent.head is not None:
        entity = await _entity_called(setup, scoped, intent.head)
        if entity is None:
            fact = Fact(None, intent.body)
    if entity is None and fact is not None and fact.key is None:
        if is_worklog(intent.body):
            return Reply(tr(lang, "worklog"))
        stated = await _statement(setup, scoped, intent.body, turn)
        if stated is not None:
            return stated
    if entity is None and fact is not None and fact.key is not None:
        entity, kind = await user_entity(scoped, turn), "pref"
    if entity is None:
        named = await mentioned(scoped, intent.body)
        if len(named) > 1 and fact is not None:
            return _which(setup, named, kind, fact, lang)
        entity = named[0] if named else None
    if entity is None:
        entity = await user_entity(scoped, turn)
    return await _store(setup, scoped, entity, [] if fact is None else [(kind, fact)], turn)


def _which(setup: Setup, named: list[str], kind: str, fact: Fact, lang: Lang) -> Reply:
    """Ask which entry a text naming several is about: one button per entry."""
    try:
        line = format_observation(kind, fact.text, key=fact.key, as_of=setup.today(), src="user")
    except SecretRefused as exc:
        return Reply(tr(lang, "refused_secret", category=described(lang, exc.kind)))
    except InvalidInputError as exc:  # a control character, say: no line to offer
        return Reply(tr(lang, "invalid", reason=str(exc)))
    choices = named[:_MAX_CHOICES]
    buttons = tuple(Button(name, RememberOn(name, (line,))) for name in choices)
    return Reply(
        tr(lang, "remember_which", line=line),
        (*buttons, Button(tr(lang, "button_cancel"), Cancel())),
    )


async def remember_on(scoped: ScopedMemory, action: RememberOn, turn: Turn) -> Reply:
    """Store the lines on the entry chosen with a "which one?" button."""
    try:
        result = await remember(scoped, action.entity, None, action.lines)
    except SecretRefused as exc:
        return Reply(tr(turn.lang, "refused_secret", category=described(turn.lang, exc.kind)))
    except InvalidInputError as exc:
        return Reply(tr(turn.lang, "invalid", reason=str(exc)))
    return Reply(
        remembered_text(turn.lang, result),
        touched=(result.entity,),
        wrote=_remembered_targets(result),
    )


async def remember_rule(setup: Setup, scoped: ScopedMemory, intent: Rule, turn: Turn) -> Reply:
    """Store "always do: X" / "never do: X" as a ``rule:`` line on the speaker."""
    if not intent.text:
        return Reply(tr(turn.lang, "remember_usage"))
    refused = refusal(setup, intent.text, turn.lang)
    if refused is not None:
        return refused
    user = await user_entity(scoped, turn)
    facts = [("rule", Fact(None, intent.line()))]
    return await _store(setup, scoped, user, facts, turn)


async def _statement(setup: Setup, scoped: ScopedMemory, body: str, turn: Turn) -> Reply | None:
    """Write what a stated fact adds (entities, lines, links), or ``None`` if it adds none."""
    owner = await user_entity(scoped, turn)
    prepared = await prepare(setup, scoped, body, owner, use_model=False)
    if not prepared.proposes:
        return None
    proposal = with_source(prepared.proposal, "user")
    if prepared.conflicts:
        return render_offer(replace(prepared, proposal=proposal), turn.lang, explicit=True)
    return await _write(scoped, proposal, turn, explicit=True, update_key=turn.update_key)


async def _write(
    scoped: ScopedMemory,
    proposal: Proposal,
    turn: Turn,
    *,
    explicit: bool,
    removes: tuple[tuple[str, str], ...] = (),
    update_key: str | None = None,
) -> Reply:
    confidence = DEFAULT_CONFIDENCE if explicit else AUTO_CONFIDENCE
    try:
        captured = await write_proposal(
            scoped, proposal, confidence=confidence, removes=removes, update_key=update_key
        )
    except AmbiguousNameError as exc:
        names = ", ".join(exc.candidates)
        return Reply(tr(turn.lang, "ambiguous", name=exc.query, candidates=names))
    except SecretRefused as exc:
        return Reply(tr(turn.lang, "refused_secret", category=described(turn.lang, exc.kind)))
    except InvalidInputError as exc:
        return Reply(tr(turn.lang, "invalid", reason=str(exc)))
    return captured_reply(turn.lang, captured)


async def _store(
    setup: Setup, scoped: ScopedMemory, entity: str, facts: list[tuple[str, Fact]], turn: Turn
) -> Reply:
    lang = turn.lang
    try:
        lines = [
            format_observation(kind, f.text, key=f.key, as_of=setup.today(), src="user")
            for kind, f in facts
        ]
        clash = await _contradiction(scoped, entity, lines, lang)
        if clash is not None:
            return clash
        result = await remember(scoped, entity, None, lines, update_key=turn.update_key)
    except AmbiguousNameError as exc:
        names = ", ".join(exc.candidates)
        return Reply(tr(lang, "ambiguous", name=exc.query, candidates=names))
    except SecretRefused as exc:
        return Reply(tr(lang, "refused_secret", category=described(lang, exc.kind)))
    except InvalidInputError as exc:
        return Reply(tr(lang, "invalid", reason=str(exc)))
    return Reply(
        remembered_text(lang, result, with_lines=bool(facts)),
        touched=(result.entity,),
        wrote=_remembered_targets(result),
    )


async def _contradiction(
    scoped: ScopedMemory, entity: str, lines: list[str], lang: Lang
) -> Reply | None:
    """The replacement offer when a free-text line contradicts one on the same entity.

    Only a line that fills a slot can contradict one (:func:`memory_core.slots.can_conflict`):
    the entity is read only for those, not for every note.
    """
    free = [line for line in lines if parse_observation(line).key is None and can_conflict(line)]
    stored = await scoped.resolve_name(entity) if free else None
    if stored is None:
        return None
    have = (await scoped.open_nodes([stored])).entities[0].observations
    clashes = tuple((stored, old) for line in free for old in conflicts(have, line))
    if not clashes:
        return None
    proposal = Proposal("", (ProposedEntity(stored, tuple(lines)),))
    return render_offer(Prepared(proposal, clashes), lang, explicit=True)


def _remembered_targets(result: Remembered) -> tuple[Target, ...]:
    if result.created:
        return (EntityTarget(result.entity),)
    return tuple(LineTarget(result.entity, line) for line in result.added)


async def accept(scoped: ScopedMemory, action: Accept, turn: Turn) -> Reply:
    """Write an accepted offer: guesses (``src=auto``, confidence 0.5) unless explicit."""
    return await _write(
        scoped, action.proposal, turn, explicit=action.explicit, removes=action.removes
    )


def captured_reply(lang: Lang, captured: Captured) -> Reply:
    """Say what a proposal's write did: per entry the lines, then the links and removals."""
    parts: list[Html] = []
    changed = [e for e in captured.entities if e.added or e.created or e.replaced]
    for result in changed:
        new_only = result.created and not result.added
        parts.append(
            tr(lang, "entity_created", entity=result.entity)
            if new_only
            else remembered_text(lang, result)
        )
    if captured.relations:
        parts.append(tr(lang, "linked"))
        parts.extend(
            Html(f"• {esc(f'{r.from_} -[{r.relation_type}]-> {r.to}')}")
            for r in captured.relations
        )
    shown = {line for e in changed for line in e.replaced}
    removed = [line for _, line in captured.removed if line not in shown]
    if removed:
        parts.append(tr(lang, "replaced"))
        parts.extend(Html(f"• <s>{esc(line)}</s>") for line in removed)
    if not parts:
        parts = [remembered_text(lang, e) for e in captured.entities[:1]]
    targets: list[Target] = []
    for result in captured.entities:
        targets.extend(_remembered_targets(result))
    created = {e.entity for e in captured.entities if e.created}
    targets.extend(r for r in captured.relations if r.from_ not in created and r.to not in created)
    return Reply(join(parts), touched=captured.touched, wrote=tuple(targets))


def remembered_text(lang: Lang, result: Remembered, *, with_lines: bool = True) -> Html:
    """Render what a remember wrote: the entity, new lines, and the lines they replaced.

    Args:
        lang: the reply language.
        result: the committed write.
        with_lines: whether lines were asked to be stored (else only the entity was named).
    """
    if not result.added:
        if result.created or not with_lines:
            return tr(lang, "entity_ready", entity=result.entity)
        return tr(lang, "unchanged", entity=result.entity)
    head = tr(lang, "saved_new" if result.created else "saved", entity=result.entity)
    lines = [head, *(Html(f"• {esc(line)}") for line in result.added)]
    if result.replaced:
        lines.append(tr(lang, "replaced"))
        lines.extend(Html(f"• <s>{esc(line)}</s>") for line in result.replaced)
    return join(lines)
