"""The ``/index`` chat command: index the knowledge base at ``KB_PATH`` into the owner's scope.

Only the owner's scope may be indexed, and only when ``KB_PATH`` is set; the reply is one
summary line built from the run's counts, in the user's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from bot.conversation.reply import Reply
from bot.conversation.texts import Html, Lang, tr
from bot.settings import Settings
from memory_core import InvalidInputError
from memory_core.kb import DEFAULT_EXCLUDE, DEFAULT_INCLUDE, KbOptions, index_kb
from memory_core.scope import Scope
from memory_core.service import ScopedMemory

__all__ = ["KbSetup", "index_reply", "kb_setup"]


@dataclass(frozen=True, slots=True)
class KbSetup:
    """Where the knowledge base is and how to read it."""

    root: Path
    options: KbOptions


def kb_setup(settings: Settings) -> KbSetup | None:
    """Return the knowledge-base setup from ``KB_*`` settings, or ``None`` without ``KB_PATH``."""
    if settings.kb_path is None:
        return None
    options = KbOptions(
        include=settings.kb_include or DEFAULT_INCLUDE,
        exclude=settings.kb_exclude if settings.kb_exclude is not None else DEFAULT_EXCLUDE,
        max_bytes=settings.kb_max_bytes,
        owner_names=settings.kb_owner_names,
    )
    return KbSetup(settings.kb_path, options)


async def index_reply(scoped: ScopedMemory, setup: KbSetup | None, lang: Lang) -> Reply:
    """Run the indexer for ``/index`` and summarise it, or say why it is not available."""
    if setup is None:
        return Reply(tr(lang, "index_unset"))
    if scoped.scope != Scope.owner():
        return Reply(tr(lang, "index_owner_only"))
    try:
        report = await index_kb(scoped, setup.root, options=setup.options)
    except InvalidInputError as exc:
        return Reply(tr(lang, "index_failed", reason=str(exc)))
    done = tr(
        lang,
        "index_done",
        added=report.added,
        updated=report.updated,
        removed=report.removed,
        unchanged=report.unchanged,
        skipped=report.skipped,
        warnings=len(report.warnings),
    )
    if report.secrets:
        done = Html(f"{done} {tr(lang, 'index_secrets', count=report.secrets)}")
    return Reply(done)
