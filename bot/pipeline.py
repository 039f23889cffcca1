"""The message pipeline shared by Telegram and the terminal: intent in, Reply out.

It never sees Telegram objects and never decides scopes: the caller passes the scope the
policy gave it (:func:`bot.scope.scope_for_update`) and a :class:`~bot.reply.Turn`.
"Saved" is only ever rendered from the result of a committed write.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import replace

from bot import forgetting
from bot.commands import COMMANDS
from bot.grammar import (
    Export,
    Fact,
    Forget,
    Help,
    Intent,
    Recall,
    Remember,
    Rule,
    ShowMemory,
    Start,
    UnknownCommand,
    parse_input,
)
from bot.render import esc, group_by_entity, join
from bot.reply import Action, Document, Reply, Turn
from bot.secret_guard import REASON_TOO_LONG, check_observation, find_secret
from bot.texts import GRAMMAR, Html, Lang, category, tr
from memory_core import AmbiguousNameError, InvalidInputError, format_observation
from memory_core.editing import Remembered, remember
from memory_core.jsonl import export_lines
from memory_core.language import normalize
from memory_core.naming import display_name
from memory_core.overview import names_of_type, recent_lines
from memory_core.recall import RecallOptions, recall
from memory_core.service import ScopedMemory

__all__ = ["MAX_FACT_CHARS", "Pipeline", "help_text", "remembered_text"]

MAX_FACT_CHARS = 500
"""The longest text one "remember" may store."""
_MAX_RELATIONS_SHOWN = 5
_RECENT_SHOWN = 10


def _today() -> dt.date:
    return dt.datetime.now(tz=dt.UTC).date()


class Pipeline:
    """Answers intents in one scope. Stateless apart from its settings; safe to share."""

    def __init__(
        self,
        recall_options: RecallOptions | None = None,
        *,
        max_fact_chars: int = MAX_FACT_CHARS,
        today: Callable[[], dt.date] = _today,
    ) -> None:
        self.recall_options = recall_options or RecallOptions()
        self.max_fact_chars = max_fact_chars
        self.today = today

    async def handle_text(self, scoped: ScopedMemory, text: str, turn: Turn) -> Reply:
        """Answer one typed line (a slash command or a message), as the terminal chat does."""
        return await self.handle(scoped, parse_input(text), turn)

    async def handle(self, scoped: ScopedMemory, intent: Intent, turn: Turn) -> Reply:
        """Answer one intent in the given scope."""
        lang = turn.lang
        if isinstance(intent, Remember):
            return await self._remember(scoped, intent, turn)
        if isinstance(intent, Rule):
            return await self._rule(scoped, intent, turn)
        if isinstance(intent, Forget):
            return await forgetting.forget(scoped, intent.query, turn)
        if isinstance(intent, Recall):
            return await self._recall(scoped, intent.query, lang)
        if isinstance(intent, ShowMemory):
            return await self._show_memory(scoped, lang)
        if isinstance(intent, Export):
            return await self._export(scoped, lang)
        if isinstance(intent, Start):
            return Reply(tr(lang, "start"))
        if isinstance(intent, Help):
            return Reply(help_text(lang))
        assert isinstance(intent, UnknownCommand)  # noqa: S101 - the union is exhausted
        return Reply(tr(lang, "unknown_command"))

    async def press(self, scoped: ScopedMemory, action: Action, turn: Turn) -> Reply:
        """Carry out a pressed button (already checked against its owner and scope)."""
        return await forgetting.press_forget(scoped, action, turn)

    # ------------------------------------------------------------------ writes
    def _refusal(self, text: str, lang: Lang) -> Reply | None:
        reason = check_observation(text, max_chars=self.max_fact_chars)
        if reason is None:
            return None
        if reason == REASON_TOO_LONG:
            return Reply(tr(lang, "refused_long", limit=self.max_fact_chars, length=len(text)))
        if find_secret(text) is not None:
            return Reply(tr(lang, "refused_secret", category=category(lang, reason)))
        return Reply(tr(lang, "refused_blob", category=category(lang, reason)))

    async def _user_entity(self, scoped: ScopedMemory, turn: Turn) -> str:
        if turn.sole_user:
            users = await names_of_type(scoped, "User")
            if users:
                return users[0]
        speaker = " ".join(turn.speaker.split()) or "owner"
        return f"User:{speaker}"

    async def _mentioned(self, scoped: ScopedMemory, text: str) -> list[str]:
        """Return the entity names a text mentions, in any inflection (not ``User:`` ones).

        The recall loop's query builder finds them with its cached lexicon of the scope.
        """
        options = replace(self.recall_options, reinforce=False, max_nodes=1, max_observations=1)
        result = await recall(scoped, text, options)
        return [n for n in result.built.entities if not n.startswith("User:")]

    async def _entity_called(self, scoped: ScopedMemory, head: str) -> str | None:
        """Return the entity whose full name, or name without its prefix, is ``head``."""
        try:
            found = await scoped.resolve_name(head, fuzzy=False)
        except AmbiguousNameError:
            return None
        if found is not None:
            return found
        wanted = normalize(head)
        hits = [
            n for n in await self._mentioned(scoped, head) if normalize(display_name(n)) == wanted
        ]
        return hits[0] if len(hits) == 1 else None

    def _line(self, kind: str, fact: Fact) -> str:
        return format_observation(kind, fact.text, key=fact.key, as_of=self.today(), src="user")

    async def _remember(self, scoped: ScopedMemory, intent: Remember, turn: Turn) -> Reply:
        lang = turn.lang
        if intent.entity is None and intent.fact is None:
            return Reply(tr(lang, "remember_usage"))
        refusal = self._refusal(intent.body, lang)
        if refusal is not None:
            return refusal
        fact = intent.fact
        entity: str | None = intent.entity
        kind = "fact"
        if entity is None and intent.head is not None:
            entity = await self._entity_called(scoped, intent.head)
            if entity is None:
                fact = Fact(None, intent.body)
        if entity is None and fact is not None and fact.key is not None:
            entity, kind = await self._user_entity(scoped, turn), "pref"
        if entity is None:
            mentioned = await self._mentioned(scoped, intent.body)
            entity = mentioned[0] if mentioned else None
        if entity is None:
            entity = await self._user_entity(scoped, turn)
        return await self._store(scoped, entity, [] if fact is None else [(kind, fact)], turn)

    async def _rule(self, scoped: ScopedMemory, intent: Rule, turn: Turn) -> Reply:
        if not intent.text:
            return Reply(tr(turn.lang, "remember_usage"))
        refusal = self._refusal(intent.text, turn.lang)
        if refusal is not None:
            return refusal
        user = await self._user_entity(scoped, turn)
        return await self._store(
            scoped, user, [("rule", Fact(None, f"{intent.polarity} {intent.text}"))], turn
        )

    async def _store(
        self, scoped: ScopedMemory, entity: str, facts: list[tuple[str, Fact]], turn: Turn
    ) -> Reply:
        lang = turn.lang
        try:
            lines = [self._line(kind, fact) for kind, fact in facts]
            result = await remember(scoped, entity, None, lines, update_key=turn.update_key)
        except AmbiguousNameError as exc:
            names = ", ".join(exc.candidates)
            return Reply(tr(lang, "ambiguous", name=exc.query, candidates=names))
        except InvalidInputError as exc:
            return Reply(tr(lang, "invalid", reason=str(exc)))
        return Reply(remembered_text(lang, result, with_lines=bool(facts)))

    # ------------------------------------------------------------------- reads
    async def _recall(self, scoped: ScopedMemory, query: str, lang: Lang) -> Reply:
        secret = find_secret(query)
        if secret is not None:
            return Reply(tr(lang, "secret_in_query", category=category(lang, secret)))
        result = await recall(scoped, query, self.recall_options)
        pairs = [(line.entity, line.text) for line in result.lines]
        if result.recent or not result.built_query:
            if not pairs:
                return Reply(tr(lang, "memory_empty"))
            return Reply(join([tr(lang, "recall_recent"), group_by_entity(pairs)]))
        header = tr(lang, "recall_query", query=result.built_query)
        if not pairs:
            return Reply(join([header, tr(lang, "recall_none", query=result.built_query)]))
        lines = [header, group_by_entity(pairs)]
        shown = set(result.nodes)
        links = [r for r in result.relations if r.from_ in shown or r.to in shown]
        lines.extend(
            Html(f"↔ {esc(r.from_)} -[{esc(r.relation_type)}]-&gt; {esc(r.to)}")
            for r in links[:_MAX_RELATIONS_SHOWN]
        )
        return Reply(join(lines))

    async def _show_memory(self, scoped: ScopedMemory, lang: Lang) -> Reply:
        stats = await scoped.stats()
        head = tr(
            lang,
            "memory_stats",
            entities=stats.entities,
            observations=stats.observations,
            relations=stats.relations,
        )
        recent = await recent_lines(scoped, _RECENT_SHOWN)
        if not recent:
            return Reply(join([head, tr(lang, "memory_empty")]))
        pairs = [(line.entity, line.text) for line in recent]
        return Reply(join([head, tr(lang, "memory_recent"), group_by_entity(pairs)]))

    async def _export(self, scoped: ScopedMemory, lang: Lang) -> Reply:
        lines = [line async for line in export_lines(scoped)]
        if not lines:
            return Reply(tr(lang, "export_empty"))
        entities = sum(1 for line in lines if line.startswith('{"type":"entity"'))
        caption = tr(lang, "export_caption", entities=entities, relations=len(lines) - entities)
        name = f"memory-{scoped.scope.value.replace(':', '_')}.jsonl"
        content = ("\n".join(lines) + "\n").encode("utf-8")
        return Reply(caption, document=Document(name, content))


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


def help_text(lang: Lang) -> Html:
    """The /help text, generated from the command table and the grammar."""
    lines = [tr(lang, "help_commands")]
    for spec in COMMANDS:
        args = f" <i>{esc(spec.args(lang))}</i>" if spec.args(lang) else ""
        lines.append(Html(f"/{spec.name}{args} — {esc(spec.about(lang))}"))
    lines.append(Html(""))
    lines.append(tr(lang, "help_grammar"))
    lines.extend(Html(f"• {line}") for line in GRAMMAR[lang])
    return join(lines)
