"""Parse and format one observation line: ``kind: key=value (as_of=YYYY-MM-DD, src=...)``."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from memory_core.errors import InvalidInputError
from memory_core.secrets import FIELD_LINE, ensure_no_secret

__all__ = [
    "MAX_OBSERVATION_CHARS",
    "ParsedObservation",
    "format_observation",
    "indexed_length",
    "observation_kind",
    "parse_observation",
]

MAX_OBSERVATION_CHARS = 2000
"""The hard cap of one stored line; the bot applies a tighter one for what users type."""

_KIND_RE = re.compile(r"^(?P<kind>[^\W\d][\w-]{0,39}):\s*(?P<rest>.*)$", re.DOTALL)
_KEY_VALUE_RE = re.compile(r"^(?P<key>[^\W][\w.-]{0,63})\s*=\s*(?P<value>\S.*)$", re.DOTALL)
_META_KEYS = frozenset({"as_of", "src", "conf"})


@dataclass(frozen=True, slots=True)
class ParsedObservation:
    """The parts of one observation line. ``text`` is always the full original line.

    ``indexed_length`` is how much of the line the search index reads: all of it but the
    provenance suffix (None when there is no suffix: the whole line).
    """

    text: str
    kind: str | None
    key: str | None
    value: str | None
    body: str
    as_of: str | None
    src: str | None
    indexed_length: int | None = None


def _provenance(rest: str) -> tuple[dict[str, str], str] | None:
    """Split a trailing ``(as_of=..., src=...)`` off a line; None when there is none."""
    if not rest.endswith(")"):
        return None
    start = rest.rfind("(")
    if start < 0:
        return None
    inner = rest[start + 1 : -1]
    if ")" in inner:
        return None
    fields: dict[str, str] = {}
    for part in inner.split(","):
        key, sep, value = part.strip().partition("=")
        if not sep or key not in _META_KEYS or "=" in value:
            return None
        fields[key] = value.strip()
    return fields, rest[:start].strip()


def observation_kind(text: str) -> str | None:
    """The kind of an observation line (``fact``, ``pref``...), as :func:`parse_observation`
    reads it, without parsing the rest."""
    m = _KIND_RE.match(text.strip())
    return m.group("kind").lower() if m else None


def parse_observation(text: str) -> ParsedObservation:
    """Split an observation line into kind, key/value or free text, and provenance.

    Lines that do not follow the convention are kept whole as free text with no kind.

    Args:
        text: one observation line.

    Returns:
        The parsed parts; ``key``/``value`` are set only for ``kind: key=value`` lines.
    """
    kind: str | None = None
    rest = text.strip()
    m = _KIND_RE.match(rest)
    if m:
        kind = m.group("kind").lower()
        rest = m.group("rest").strip()
    as_of: str | None = None
    src: str | None = None
    indexed: int | None = None
    meta = _provenance(rest)
    if meta is not None:
        fields, rest = meta
        as_of = fields.get("as_of") or None
        src = fields.get("src") or None
        line = text.rstrip()
        indexed = len(line[: line.rfind("(")].rstrip())
    key: str | None = None
    value: str | None = None
    if kind is not None:
        kv = _KEY_VALUE_RE.match(rest)
        if kv and " " not in kv.group("key"):
            key = kv.group("key").lower()
            value = kv.group("value").strip()
    return ParsedObservation(
        text=text,
        kind=kind,
        key=key,
        value=value,
        body=rest,
        as_of=as_of,
        src=src,
        indexed_length=indexed,
    )


def indexed_length(text: str) -> int | None:
    """Return how much of a line the search index reads: all of it but the provenance suffix.

    ``fact: x=1 (as_of=2025-04-09, src=user)`` gives 8 (``fact: x=1``); None when the line
    has no ``(as_of=..., src=..., conf=...)`` suffix, as :func:`parse_observation` reads it.
    """
    return parse_observation(text).indexed_length


def format_observation(
    kind: str,
    body: str,
    *,
    key: str | None = None,
    as_of: dt.date | str | None = None,
    src: str | None = "user",
) -> str:
    """Build one observation line from its parts.

    Args:
        kind: the line's kind (``pref``, ``fact``, ``rule``, ``role``...).
        body: the value when ``key`` is given, else the free text.
        key: the fact's key for ``kind: key=value`` lines.
        as_of: the date the fact holds from; a ``date`` or ``YYYY-MM-DD``.
        src: where the fact came from (``user``, ``kb``, ``meeting``...).

    Returns:
        The formatted line, e.g. ``pref: answer_format=1_screen (as_of=2025-12-28, src=user)``.

    Raises:
        InvalidInputError: a part is empty, holds a newline, or the line is too long.
    """
    kind = kind.strip().lower()
    if not _KIND_RE.match(f"{kind}: x") or ":" in kind:
        raise InvalidInputError(f"invalid observation kind {kind!r}")
    body = " ".join(body.split())
    if not body:
        raise InvalidInputError("an observation needs some text")
    head = f"{kind}: "
    if key is not None:
        key = key.strip().lower()
        if not _KEY_VALUE_RE.match(f"{key}=x") or " " in key:
            raise InvalidInputError(f"invalid key {key!r}: use letters, digits, _ . or -")
        head += f"{key}="
    meta: list[str] = []
    if as_of is not None:
        date = as_of.isoformat() if isinstance(as_of, dt.date) else as_of
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", date):
            raise InvalidInputError(f"invalid as_of date {date!r}: use YYYY-MM-DD")
        meta.append(f"as_of={date}")
    if src:
        if not re.fullmatch(r"[a-z_]{1,20}", src):
            raise InvalidInputError(f"invalid source {src!r}")
        meta.append(f"src={src}")
    line = head + body + (f" ({', '.join(meta)})" if meta else "")
    check_observation_text(line)
    return line


def check_observation_text(text: str) -> str:
    """Return ``text`` if it can be stored as one observation line, else raise.

    Raises:
        SecretRefused: the line holds a secret (:mod:`memory_core.secrets`).
        InvalidInputError: empty, multi-line, holds control characters, or too long.
    """
    if not text or not text.strip():
        raise InvalidInputError("an observation cannot be empty")
    if len(text) > MAX_OBSERVATION_CHARS:
        raise InvalidInputError(
            f"an observation is at most {MAX_OBSERVATION_CHARS} characters (got {len(text)})"
        )
    if any(ch in text for ch in "\r\n\x00"):
        raise InvalidInputError("an observation is one line: no line breaks")
    return ensure_no_secret(text, field=FIELD_LINE)
