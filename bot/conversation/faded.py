"""The chat side of faded memories: ``/memory forgotten`` and ``/memory restore N``.

Forgotten lines are numbered oldest first, as :func:`memory_core.lifecycle.forgotten_lines`
lists them; ``/memory restore N`` and the numbered buttons bring one back.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from bot.conversation.render import bullet, esc, join
from bot.conversation.reply import Button, Reply, RestoreLines
from bot.conversation.texts import Html, Lang, tr
from memory_core.lifecycle import ForgottenLine, forgotten_lines, restore_lines
from memory_core.service import ScopedMemory

__all__ = ["MAX_BUTTONS", "forgotten_reply", "restore_ids", "restore_number"]

MAX_BUTTONS = 10
_MAX_SHOWN = 30


def _date(seconds: float) -> str:
    return dt.datetime.fromtimestamp(seconds, tz=dt.UTC).date().isoformat()


async def forgotten_reply(scoped: ScopedMemory, lang: Lang) -> Reply:
    """List the forgotten lines with the date each stays restorable, and restore buttons."""
    lines = await forgotten_lines(scoped)
    if not lines:
        return Reply(tr(lang, "forgotten_none"))
    out = [tr(lang, "forgotten_head")]
    for number, line in enumerate(lines[:_MAX_SHOWN], start=1):
        until = tr(lang, "forgotten_until", date=_date(line.restorable_until))
        out.append(Html(f"{number}. <b>{esc(line.entity)}</b>: {esc(line.text)} — <i>{until}</i>"))
    out.append(tr(lang, "restore_usage"))
    buttons = tuple(
        Button(f"↩️ {number}", RestoreLines((line.id,)))
        for number, line in enumerate(lines[:MAX_BUTTONS], start=1)
    )
    return Reply(join(out), buttons)


def _restored(lang: Lang, back: Sequence[ForgottenLine]) -> Reply:
    if not back:
        return Reply(tr(lang, "restored_nothing"))
    return Reply(join([tr(lang, "restored"), *(bullet(ln.text, ln.entity) for ln in back)]))


async def restore_number(scoped: ScopedMemory, number: int | None, lang: Lang) -> Reply:
    """Restore the ``number``-th forgotten line (as ``/memory forgotten`` numbers them)."""
    if number is None:
        return Reply(tr(lang, "restore_usage"))
    lines = await forgotten_lines(scoped)
    if not 1 <= number <= len(lines):
        return Reply(tr(lang, "restore_missing", number=number))
    return _restored(lang, await restore_lines(scoped, [lines[number - 1].id]))


async def restore_ids(scoped: ScopedMemory, ids: Sequence[int], lang: Lang) -> Reply:
    """Restore forgotten lines by id (a pressed button)."""
    return _restored(lang, await restore_lines(scoped, ids))
