"""The ``memory-bot chat`` subcommand: the bot's message pipeline in a terminal, as the owner.

Each line read from stdin is one message (a slash command works too); each reply is printed
as plain text. Buttons are printed as numbered choices: type the number to press one.
Works interactively and piped (``printf 'remember a=b\\n/memory\\n' | memory-bot chat``).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from bot.cli.options import resolve_db
from bot.conversation.pipeline import Pipeline
from bot.conversation.render import to_plain
from bot.conversation.reply import Button, Reply, Turn
from bot.conversation.texts import Lang
from memory_core import Memory, Scope

__all__ = ["all_buttons", "cmd_chat", "render_plain"]

_QUIT = frozenset({"/quit", "/exit"})


def all_buttons(reply: Reply) -> tuple[Button, ...]:
    """The buttons of a reply and its follow-ups, in the order they are numbered."""
    return reply.buttons + tuple(b for extra in reply.follow_up for b in all_buttons(extra))


def render_plain(reply: Reply, first: int = 1) -> str:
    """Render a reply for the terminal: plain text, numbered buttons, any file, follow-ups."""
    lines = [to_plain(reply.html)]
    lines.extend(f"  [{n}] {button.label}" for n, button in enumerate(reply.buttons, start=first))
    if reply.document is not None:
        lines.append(f"--- {reply.document.filename} ---")
        lines.append(reply.document.content.decode("utf-8").rstrip("\n"))
        lines.append("---")
    number = first + len(reply.buttons)
    for extra in reply.follow_up:
        lines.append(render_plain(extra, number))
        number += len(all_buttons(extra))
    return "\n".join(lines)


def _lang(args: argparse.Namespace) -> Lang:
    if args.lang in ("ru", "en"):
        return "ru" if args.lang == "ru" else "en"
    return "ru" if os.environ.get("LANG", "").lower().startswith("ru") else "en"


async def cmd_chat(args: argparse.Namespace) -> int:
    """Read messages from stdin, answer each one through the pipeline."""

    db: Path = resolve_db(args)
    turn = Turn(lang=_lang(args), speaker=args.name, sole_user=True)
    pipeline = Pipeline()
    interactive = sys.stdin.isatty()
    async with Memory(db) as memory:
        scoped = memory.scoped(Scope.parse(args.scope))
        pending: tuple[Button, ...] = ()
        if interactive:
            print("memory-bot chat: type a message, a number to press a button, /quit to leave")
            print("> ", end="", flush=True)
        for raw in sys.stdin:
            line = raw.strip()
            if line in _QUIT:
                break
            if line:
                choice = int(line) if line.isdigit() else 0
                if pending and 1 <= choice <= len(pending):
                    reply = await pipeline.press(scoped, pending[choice - 1].action, turn)
                else:
                    reply = await pipeline.handle_text(scoped, line, turn)
                pending = all_buttons(reply)
                print(render_plain(reply), flush=True)
            if interactive:
                print("> ", end="", flush=True)
    return 0
