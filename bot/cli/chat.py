"""The ``memory-bot chat`` subcommand: the bot's message pipeline in a terminal, as the owner.

Each line read from stdin is one message (a slash command works too); each reply is printed
as plain text. Buttons are printed as numbered choices: type the number to press one (a
number no button has is answered as such, never sent as a message). The pipeline is built
from the same settings as the bot's (recall, proposals, the knowledge base, the language
model). On a terminal, lines can be edited (readline) and Ctrl+C or Ctrl+D leaves at once;
piped (``printf 'remember a=b\\n/memory\\n' | memory-bot chat``), replies are separated by an
empty line.
"""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING

from bot.cli.options import open_memory
from bot.conversation.render import to_plain
from bot.conversation.reply import Button, Reply, Turn
from bot.conversation.texts import Lang, lang_of
from bot.conversation.wiring import language_model, pipeline_from
from bot.settings import Settings, terminal_language
from memory_core import Scope

if TYPE_CHECKING:
    from bot.conversation.language_model import LanguageModel
    from bot.conversation.pipeline import Pipeline

__all__ = ["all_buttons", "cmd_chat", "render_plain"]

_QUIT = frozenset({"/quit", "/exit"})
_PROMPT = "> "


def all_buttons(reply: Reply) -> tuple[Button, ...]:
    """The buttons of a reply and its follow-ups, in the order they are numbered."""
    return reply.buttons + tuple(b for extra in reply.follow_up for b in all_buttons(extra))


def _label(number: int, label: str) -> str:
    """A button's label without a number of its own (``1. Bob`` shown as ``[1] Bob``)."""
    head, dot, rest = label.partition(". ")
    return rest if dot and head == str(number) else label


def render_plain(reply: Reply, first: int = 1) -> str:
    """Render a reply for the terminal: plain text, numbered buttons, any file, follow-ups."""
    lines = [to_plain(reply.html)] if reply.html else []  # an offer alone: no empty line
    lines.extend(
        f"  [{n}] {_label(n, button.label)}" for n, button in enumerate(reply.buttons, start=first)
    )
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
    return lang_of(terminal_language())


def _no_such_button(lang: Lang, number: int, count: int) -> str:
    if lang == "ru":
        return f"Кнопки {number} нет: нажмите от 1 до {count} или напишите сообщение."
    return f"There is no button {number}: press 1 to {count}, or write a message."


_SIGINT = {signal.SIGINT}


@contextlib.contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """Hold Ctrl+C back while the chat works; only a read (:func:`_interruptible`) takes it.

    The kernel hands SIGINT to any thread that does not block it, and Python wakes its main
    thread from a blocking read only when the main thread got the signal. Threads inherit
    the mask of the thread that starts them, so every thread started in this block (the
    database's) blocks SIGINT for good; a Ctrl+C pressed during a reply waits for the prompt.
    """
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _SIGINT)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


@contextlib.contextmanager
def _interruptible() -> Iterator[None]:
    """Let Ctrl+C stop a blocking read at once (asyncio only notices it after the read)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _SIGINT)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_BLOCK, _SIGINT)
        signal.signal(signal.SIGINT, previous)


def _read_line(interactive: bool) -> str | None:
    """Read one line: with line editing and a prompt on a terminal; ``None`` at the end.

    It blocks the event loop on purpose: only the main thread gets Ctrl+C, and nothing else
    runs while the user types.
    """
    with _interruptible():
        if not interactive:
            raw = sys.stdin.readline()
            return raw.rstrip("\n") if raw else None
        try:
            return input(_PROMPT)
        except EOFError:
            print()
            return None


def _enable_line_editing() -> None:
    """Arrow keys and history for ``input()``, where the readline module exists."""
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401, PLC0415 - importing it is what turns editing on


async def cmd_chat(args: argparse.Namespace, settings: Settings) -> int:
    """Read messages from stdin, answer each one through the bot's pipeline."""
    lang = _lang(args)
    turn = Turn(lang=lang, speaker=args.name, sole_user=True)
    model = language_model(settings)
    pipeline = pipeline_from(settings, model)
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    if interactive:
        _enable_line_editing()
    with _ctrl_c_held():
        return await _session(args, settings, pipeline, model, turn, interactive=interactive)


async def _session(
    args: argparse.Namespace,
    settings: Settings,
    pipeline: Pipeline,
    model: LanguageModel | None,
    turn: Turn,
    *,
    interactive: bool,
) -> int:
    lang = turn.lang
    async with open_memory(args, settings) as memory:
        scoped = memory.scoped(Scope.parse(args.scope))
        if model is not None:
            await model.open()
        pending: tuple[Button, ...] = ()
        replies = 0
        try:
            if interactive:
                print(
                    "memory-bot chat: type a message, a number to press a button; "
                    "/quit, Ctrl+D or Ctrl+C leaves"
                )
            while (line := _read_line(interactive)) is not None:
                line = line.strip()
                if line in _QUIT:
                    break
                if not line:
                    continue
                if pending and line.isdigit():
                    choice = int(line)
                    if not 1 <= choice <= len(pending):
                        print(_no_such_button(lang, choice, len(pending)), flush=True)
                        continue
                    reply = await pipeline.press(scoped, pending[choice - 1].action, turn)
                else:
                    reply = await pipeline.handle_text(scoped, line, turn)
                pending = all_buttons(reply)
                if replies and not interactive:
                    print()
                print(render_plain(reply), flush=True)
                replies += 1
        except KeyboardInterrupt:
            print()
            return 130
        finally:
            if model is not None:
                await model.close()
    return 0
