"""The remember use case: "запомни ..." / "remember ...", rules, and accepted offers.

"Saved" is only ever rendered from the result of a committed write.
"""

from __future__ import annotations

from bot.conversation.grammar import Fact, Remember, Rule
from bot.conversation.render import esc, join
from bot.conversation.reply import Accept, Reply, Turn
from bot.conversation.secret_guard import REASON_TOO_LONG, check_observation, find_secret
from bot.conversation.setup import Setup
from bot.conversation.texts import Html, Lang, category, tr
from memory_core import AmbiguousNameError, InvalidInputError, format_observation
from memory_core.editing import Remembered, remember
from memory_core.language import normalize
from memory_core.lifecycle import AUTO_CONFIDENCE
from memory_core.naming import display_name
from memory_core.overview import names_of_type
from memory_core.recall import mentioned_names
from memory_core.service import ScopedMemory

__all__ = [
    "accept",
    "mentioned",
    "refusal",
    "remember_fact",
    "remember_rule",
    "remembered_text",
    "user_entity",
]


def refusal(setup: Setup, text: str, lang: Lang) -> Reply | None:
    """The reply refusing ``text`` (too long, a secret, a pasted blob), or ``None``."""
    reason = check_observation(text, max_chars=setup.max_fact_chars)
    if reason is None:
        return None
    if reason == REASON_TOO_LONG:
        return Reply(tr(lang, "refused_long", limit=setup.max_fact_chars, length=len(text)))
    if find_secret(text) is not None:
        return Reply(tr(lang, "refused_secret", category=category(lang, reason)))
    return Reply(tr(lang, "refused_blob", category=category(lang, reason)))


async def user_entity(scoped: ScopedMemory, turn: Turn) -> str:
    """The speaker's ``User:`` entry (in a private chat, the one existing entry if any)."""
    if turn.sole_user:
        users = await names_of_type(scoped, "User")
        if users:
            return users[0]
    speaker = " ".join(turn.speaker.split()) or "owner"
    return f"User:{speaker}"


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
    wanted = normalize(head)
    hits = [n for n in await mentioned(scoped, head) if normalize(display_name(n)) == wanted]
    return hits[0] if len(hits) == 1 else None


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
    if entity is None and fact is not None and fact.key is not None:
        entity, kind = await user_entity(scoped, turn), "pref"
    if entity is None:
        named = await mentioned(scoped, intent.body)
        entity = named[0] if named else None
    if entity is None:
        entity = await user_entity(scoped, turn)
    return await _store(setup, scoped, entity, [] if fact is None else [(kind, fact)], turn)


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


async def _store(
    setup: Setup, scoped: ScopedMemory, entity: str, facts: list[tuple[str, Fact]], turn: Turn
) -> Reply:
    lang = turn.lang
    try:
        lines = [
            format_observation(kind, f.text, key=f.key, as_of=setup.today(), src="user")
            for kind, f in facts
        ]
        result = await remember(scoped, entity, None, lines, update_key=turn.update_key)
    except AmbiguousNameError as exc:
        names = ", ".join(exc.candidates)
        return Reply(tr(lang, "ambiguous", name=exc.query, candidates=names))
    except InvalidInputError as exc:
        return Reply(tr(lang, "invalid", reason=str(exc)))
    return Reply(remembered_text(lang, result, with_lines=bool(facts)))


async def accept(scoped: ScopedMemory, action: Accept, turn: Turn) -> Reply:
    """Store accepted proposals as guesses (``src=auto``, confidence 0.5)."""
    parts: list[Html] = []
    for entity, lines in action.items:
        try:
            result = await remember(scoped, entity, None, lines, confidence=AUTO_CONFIDENCE)
        except AmbiguousNameError as exc:
            names = ", ".join(exc.candidates)
            parts.append(tr(turn.lang, "ambiguous", name=exc.query, candidates=names))
            continue
        except InvalidInputError as exc:
            parts.append(tr(turn.lang, "invalid", reason=str(exc)))
            continue
        parts.append(remembered_text(turn.lang, result))
    return Reply(join(parts))


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
