"""Render replies as Telegram HTML: escaped user text, entity groups, splitting under 4096.

Every user string goes through :func:`esc`. :func:`split_html` cuts a reply into messages
on line boundaries; a single line that is too long is cut between tags and entities, and
tags open at the cut are closed and reopened, so every piece is valid HTML.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Sequence

from bot.conversation.texts import Html

__all__ = [
    "MESSAGE_LIMIT",
    "bullet",
    "cut_to_messages",
    "esc",
    "group_by_entity",
    "join",
    "short",
    "split_html",
    "to_plain",
]

MESSAGE_LIMIT = 4000
"""Characters per message, under Telegram's 4096 with room for closing tags."""

_TOKEN_RE = re.compile(r"<[^<>]*>|&#?\w+;|[^<&]+|[<&]")
_CUT_MARK = "…"
_TAG_RE = re.compile(r"^<(?P<close>/)?(?P<name>[a-zA-Z-]+)[^>]*>$")


def esc(text: object) -> Html:
    """Escape a user string for HTML."""
    return Html(html.escape(str(text), quote=False))


def join(lines: Iterable[str]) -> Html:
    """Join HTML lines with newlines."""
    return Html("\n".join(lines))


def bullet(text: str, entity: str | None = None) -> Html:
    """One list line: ``• <b>entity</b>: text`` (both escaped)."""
    if entity is None:
        return Html(f"• {esc(text)}")
    return Html(f"• <b>{esc(entity)}</b>: {esc(text)}")


def short(text: str, limit: int = 40) -> str:
    """Cut plain text to ``limit`` characters with an ellipsis."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def group_by_entity(lines: Sequence[tuple[str, str]], heads: Sequence[str] = ()) -> Html:
    """Render ``(entity, text)`` pairs as a bold entity name followed by its lines.

    ``heads`` come first, in their order, even without a line (an entry known only by its
    links); the other entities in the order of their first line; lines keep their order.
    """
    groups: dict[str, list[str]] = {head: [] for head in heads}
    for entity, text in lines:
        groups.setdefault(entity, []).append(text)
    out: list[str] = []
    for entity, texts in groups.items():
        out.append(f"<b>{esc(entity)}</b>")
        out.extend(f"• {esc(t)}" for t in texts)
    return join(out)


def to_plain(text: str) -> str:
    """Turn our HTML back into plain text (tags dropped, entities unescaped)."""
    return html.unescape(re.sub(r"<[^<>]*>", "", text))


def split_html(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """Split HTML into pieces of at most ``limit`` characters, on line boundaries.

    Args:
        text: the reply, whose tags never span lines (true of everything the bot builds).
        limit: the longest piece.

    Returns:
        The pieces, none of them blank; lines are never reordered.
    """
    pieces: list[str] = []
    current = ""
    for line in text.split("\n"):
        for part in _split_line(line, limit) if len(line) > limit else [line]:
            candidate = f"{current}\n{part}" if current else part
            if len(candidate) <= limit:
                current = candidate
            else:
                pieces.append(current)
                current = part
    pieces.append(current)
    return [p for p in pieces if to_plain(p).strip()]


def _split_line(line: str, limit: int) -> list[str]:
    """Cut one over-long line between tokens, closing and reopening open tags."""
    out: list[str] = []
    stack: list[tuple[str, str]] = []  # (tag name, opening tag)
    current = ""

    def closing() -> str:
        return "".join(f"</{name}>" for name, _ in reversed(stack))

    def flush() -> str:
        out.append(current + closing())
        return "".join(tag for _, tag in stack)

    for found in _TOKEN_RE.findall(line):
        token = found
        tag = _TAG_RE.match(token)
        if tag is not None or (token.startswith("&") and token.endswith(";")):
            extra = 0 if tag is None or tag["close"] else len(tag["name"]) + 3
            if len(current) + len(token) + len(closing()) + extra > limit and current.strip():
                current = flush()
            current += token
            if tag is not None and tag["close"]:
                if stack and stack[-1][0] == tag["name"].lower():
                    stack.pop()
            elif tag is not None:
                stack.append((tag["name"].lower(), token))
            continue
        while token:
            room = limit - len(current) - len(closing())
            if room <= 0:
                current = flush()
                room = limit - len(current) - len(closing())
            take = token[:room]
            if len(take) < len(token):
                space = take.rfind(" ")
                if space > room // 2:
                    take = take[: space + 1]
            current += take
            token = token[len(take) :]
            if token:
                current = flush()
    out.append(current + closing())
    return out


def cut_to_messages(text: str, count: int, limit: int = MESSAGE_LIMIT) -> Html:
    """Cut HTML so that :func:`split_html` sends it as at most ``count`` messages.

    The cut comes after escaping (an escaped ``&`` is five characters), between the pieces
    :func:`split_html` makes, never inside a tag or an entity; a cut text ends with ``…``.
    """
    pieces = split_html(text, limit)
    if len(pieces) <= count:
        return Html(text)
    kept = pieces[:count]
    last = kept[-1]
    if len(last) + len(_CUT_MARK) > limit:
        last = split_html(last, limit - len(_CUT_MARK))[0]
    kept[-1] = last + _CUT_MARK
    return Html("\n".join(kept))
