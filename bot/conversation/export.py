"""The export use case: ``/export`` sends the chat's memory as a memory.jsonl document."""

from __future__ import annotations

from bot.conversation.reply import Document, Reply
from bot.conversation.texts import Lang, tr
from memory_core.jsonl import export_lines
from memory_core.service import ScopedMemory

__all__ = ["export_reply"]


async def export_reply(scoped: ScopedMemory, lang: Lang) -> Reply:
    """The scope in the reference server's JSONL format, as one document."""
    lines = [line async for line in export_lines(scoped)]
    if not lines:
        return Reply(tr(lang, "export_empty"))
    entities = sum(1 for line in lines if line.startswith('{"type":"entity"'))
    caption = tr(lang, "export_caption", entities=entities, relations=len(lines) - entities)
    name = f"memory-{scoped.scope.value.replace(':', '_')}.jsonl"
    content = ("\n".join(lines) + "\n").encode("utf-8")
    return Reply(caption, document=Document(name, content))
