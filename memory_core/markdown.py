"""Read the pointer facts of one markdown note: front-matter date, H1 title, Jira keys, people.

Nothing here keeps body text: the result holds a title, a date, keys and names only.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

__all__ = ["MAX_TITLE_CHARS", "NoteFacts", "jira_keys", "participant_names", "read_note"]

MAX_TITLE_CHARS = 200
"""A longer H1 is cut (with an ellipsis): the pointer is a label, not the text."""

_JIRA_RE = re.compile(r"(?<![\w-])([A-Z][A-Z0-9]{1,30}-\d{1,12})\b")
_FENCE_RE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_ATX_H1_RE = re.compile(r"^ {0,3}#(?:[ \t]+(?P<title>.*?))?(?:[ \t]+#+)?[ \t]*$")
_SETEXT_H1_RE = re.compile(r"^ {0,3}=+[ \t]*$")
_BLOCK_START_RE = re.compile(r"^ {0,3}(?:[-*+>#|]|\d+[.)]|```|~~~)")
_FM_DATE_RE = re.compile(r"^date[ \t]*:[ \t]*[\"']?(\d{4}-\d{2}-\d{2})", re.MULTILINE)
_FM_DATE_KEY_RE = re.compile(r"^date[ \t]*:", re.MULTILINE)
_PARTICIPANTS_RE = re.compile(
    r"^[ \t]*(?:[-*+][ \t]+)?\*\*[ \t]*(?:participants|участники)[ \t]*"
    r"(?::[ \t]*\*\*|\*\*[ \t]*:)[ \t]*(?P<names>.*)$",
    re.IGNORECASE,
)
_LINK_RE = re.compile(r"\[([^\[\]]*)\]\([^()]*\)")
_PARENS_RE = re.compile(r"\([^()]*\)|（[^（）]*）")
_HANDLE_RE = re.compile(r"@[\w.]+")
_DASH_ROLE_RE = re.compile(r"\s+[—–]\s.*$")
_STRIP_CHARS = " \t*_`[]<>\"'«».,:!?-–—"


@dataclass(frozen=True, slots=True)
class NoteFacts:
    """What the index keeps of one note.

    Attributes:
        title: the first H1 heading, or ``None`` when the note has none.
        date: the front matter's ``date:``, or ``None`` when it has none (or a bad one).
        bad_date: the front matter has a ``date:`` that is not ``YYYY-MM-DD``.
        jira_keys: the Jira keys the text names, in order of first appearance.
        participants: the names on ``**Participants**:`` / ``**Участники**:`` lines, in order;
            an entry given only as ``@handle`` is kept as the handle.
    """

    title: str | None
    date: dt.date | None
    bad_date: bool
    jira_keys: tuple[str, ...]
    participants: tuple[str, ...]


def split_front_matter(text: str) -> tuple[str | None, str]:
    """Return ``(front matter or None, body)``; front matter is a leading ``---`` block.

    An opening ``---`` that is never closed is not front matter (it is a rule).
    """
    lines = text.split("\n")
    if not lines or lines[0].rstrip() != "---":
        return None, text
    for i in range(1, len(lines)):
        if lines[i].rstrip() in ("---", "..."):
            return "\n".join(lines[1:i]), "\n".join(lines[i + 1 :])
    return None, text


def _front_matter_date(front: str | None) -> tuple[dt.date | None, bool]:
    if front is None or not _FM_DATE_KEY_RE.search(front):
        return None, False
    m = _FM_DATE_RE.search(front)
    if m is None:
        return None, True
    try:
        return dt.date.fromisoformat(m.group(1)), False
    except ValueError:
        return None, True


def _clean_title(raw: str) -> str | None:
    title = " ".join("".join(ch if ch.isprintable() else " " for ch in raw).split())
    if not title:
        return None
    if len(title) > MAX_TITLE_CHARS:
        title = title[: MAX_TITLE_CHARS - 1].rstrip() + "…"
    return title


def _scan_body(body: str) -> tuple[str | None, list[str]]:
    """Return the first H1 title and the raw participants lists, skipping fenced code."""
    title: str | None = None
    lists: list[str] = []
    fence: str | None = None
    previous = ""
    for line in body.split("\n"):
        fence_match = _FENCE_RE.match(line)
        if fence is not None:
            if (
                fence_match
                and fence_match.group(1)[0] == fence[0]
                and (len(fence_match.group(1)) >= len(fence))
            ):
                fence = None
            previous = ""
            continue
        if fence_match:
            fence = fence_match.group(1)
            previous = ""
            continue
        if title is None:
            atx = _ATX_H1_RE.match(line)
            if atx:
                title = _clean_title(atx.group("title") or "")
            elif (
                _SETEXT_H1_RE.match(line)
                and previous.strip()
                and not _BLOCK_START_RE.match(previous)
            ):
                title = _clean_title(previous)
        people = _PARTICIPANTS_RE.match(line)
        if people:
            lists.append(people.group("names"))
        previous = line
    return title, lists


def _clean_name(raw: str) -> str | None:
    """Return a participant's name without roles, handles and markup, or the bare handle."""
    text = _PARENS_RE.sub(" ", _LINK_RE.sub(r"\1", raw))
    handles = _HANDLE_RE.findall(text)
    name = _DASH_ROLE_RE.sub("", _HANDLE_RE.sub(" ", text))
    name = " ".join(" ".join(name.split()).strip(_STRIP_CHARS).split())
    if any(ch.isalpha() for ch in name):
        return name
    if len(handles) == 1:
        return str(handles[0])
    return None


def participant_names(raw_list: str) -> list[str]:
    """Split one participants list (``,`` or ``;`` separated) into clean names.

    ``@handles`` and roles in parentheses are dropped (``Иван Петров (@ivan, тимлид)`` is
    ``Иван Петров``), as is a role after a spaced dash; an entry that is only a handle is
    kept as that handle so the caller can recognise the owner by it.
    """
    # commas inside parentheses belong to a role, not to the list
    depth = 0
    parts: list[str] = []
    current: list[str] = []
    for ch in raw_list:
        if ch in "(（":
            depth += 1
        elif ch in ")）":
            depth = max(depth - 1, 0)
        if ch in ",;" and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(ch)
    parts.append("".join(current))
    names: list[str] = []
    for part in parts:
        name = _clean_name(part)
        if name is not None and name not in names:
            names.append(name)
    return names


def jira_keys(text: str, ignore_prefixes: frozenset[str] = frozenset()) -> list[str]:
    """Return the distinct Jira keys (``[A-Z][A-Z0-9]+-\\d+``) in ``text``, first seen first.

    Args:
        text: the note's text.
        ignore_prefixes: project parts that are not Jira projects (``UTF`` of ``UTF-8``).
    """
    found: dict[str, None] = {}
    for m in _JIRA_RE.finditer(text):
        key = m.group(1)
        if key.split("-", 1)[0] not in ignore_prefixes:
            found.setdefault(key, None)
    return list(found)


def read_note(text: str, ignore_prefixes: frozenset[str] = frozenset()) -> NoteFacts:
    """Return the facts the index keeps of one note's text.

    Args:
        text: the whole file, decoded.
        ignore_prefixes: see :func:`jira_keys`.
    """
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    front, body = split_front_matter(text)
    date, bad_date = _front_matter_date(front)
    title, lists = _scan_body(body)
    people: list[str] = []
    for raw in lists:
        people.extend(n for n in participant_names(raw) if n not in people)
    return NoteFacts(
        title=title,
        date=date,
        bad_date=bad_date,
        jira_keys=tuple(jira_keys(text, ignore_prefixes)),
        participants=tuple(people),
    )
